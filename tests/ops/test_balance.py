"""service.gworker: connections opened together spread over the workers."""

from __future__ import annotations

import json
from collections import Counter

from bench.load import drive, rounds
from tests.ops.conftest import StartServer


def test_connections_opened_at_once_are_shared_by_the_workers(start_server: StartServer) -> None:
    """Eight keep-alive connections opened in one burst: with gunicorn's own gthread one
    worker could take them all (measured: 16 connections, 3843 requests to 338) and the
    other core idles; the balanced worker accepts only while a thread is free."""
    server = start_server({"SETTLE_WORKERS": "2"})
    result = drive(server.port, rounds(2), connections=8, seconds=1.5)
    assert result.failures == 0
    server.stop()
    per_worker = Counter(json.loads(line)["pid"] for line in server.stdout_path.read_text().splitlines()
                         if '"path":"/v1/settlements"' in line)
    assert len(per_worker) == 2, per_worker
    assert min(per_worker.values()) >= 0.25 * sum(per_worker.values()), per_worker
