"""Real gunicorn servers on 127.0.0.1 for the operations tests (started and stopped here)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

from bench.load import SERVICE_APP, Server

StartServer = Callable[..., Server]


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[StartServer]:
    """``start_server(env={...})``: a gunicorn with ``gunicorn.conf.py`` on a free loopback
    port, ready (``/readyz`` 200, every worker booted); stopped when the test ends."""
    servers: list[Server] = []

    def start(env: Mapping[str, str] | None = None, app: str = SERVICE_APP) -> Server:
        server = Server(app, env, log_dir=tmp_path)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        try:
            server.stop(grace=15)
        finally:
            server.kill()
