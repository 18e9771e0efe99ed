"""bench/no_engine_app.py, the attribution server of ``bench/run.py --without-engine``, run
under real gunicorn: whether a round is new or repeated, it answers what the engine answers."""

from __future__ import annotations

import http.client
import json
from typing import Any

from bench.load import HOST
from rules.api import settle
from rules.generator import generate
from tests.ops.conftest import StartServer

NO_ENGINE_APP = "bench.no_engine_app:create_app()"


def _post(conn: http.client.HTTPConnection, body: dict[str, Any]) -> tuple[int, Any]:
    conn.request("POST", "/v1/settlements", json.dumps(body), {"Content-Type": "application/json"})
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read())


def test_new_and_repeated_rounds_get_the_engines_answers(start_server: StartServer) -> None:
    server = start_server({"SETTLE_WORKERS": "1"}, app=NO_ENGINE_APP)  # one worker: one memory
    first, second = generate("zhuanzhuan", 3), generate("guiyang-zhuoji", 5)
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    try:
        for body in (first, second, first, second):
            assert _post(conn, body) == (200, settle(body))
        assert _post(conn, generate("zhuanzhuan", 4)) == (200, settle(generate("zhuanzhuan", 4)))
    finally:
        conn.close()
