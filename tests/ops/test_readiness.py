"""/readyz: 503 until the rule tables are loaded and while shutting down; SIGTERM drains."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import time
from collections.abc import Iterator

import pytest
from flask import Flask

from bench.load import HOST, get
from rules.generator import generate
from rules.variants import REGISTRY
from service import create_app, health
from tests.ops.conftest import StartServer


@pytest.fixture
def fresh_app() -> Iterator[Flask]:
    app = create_app({"TESTING": True})
    yield app
    health.stop_draining()


def test_create_app_loads_and_exercises_every_variant(fresh_app: Flask) -> None:
    h = health.of(fresh_app)
    assert h.loaded
    assert h.variants == len(REGISTRY)
    assert fresh_app.test_client().get("/readyz").status_code == 200


def test_not_ready_until_the_tables_are_loaded(fresh_app: Flask) -> None:
    h = health.of(fresh_app)
    h.loaded = False
    resp = fresh_app.test_client().get("/readyz")
    assert resp.status_code == 503
    assert resp.headers["Retry-After"] == "5"
    assert "not loaded" in resp.get_json()["detail"]
    assert fresh_app.test_client().get("/livez").status_code == 200  # alive all the same
    h.loaded = True
    assert fresh_app.test_client().get("/readyz").status_code == 200


def test_not_ready_while_draining(fresh_app: Flask) -> None:
    health.start_draining()
    resp = fresh_app.test_client().get("/readyz")
    assert resp.status_code == 503
    assert "shutting down" in resp.get_json()["detail"]
    # requests still in flight or arriving meanwhile are answered as usual
    body = generate(min(REGISTRY), 1)
    assert fresh_app.test_client().post("/v1/settlements", json=body).status_code == 200
    health.stop_draining()
    assert fresh_app.test_client().get("/readyz").status_code == 200


def test_a_broken_variant_stops_the_boot(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that cannot settle its own generated round never becomes ready."""

    def broken(_body: object) -> object:
        raise RuntimeError("tables missing")

    monkeypatch.setattr(health, "settle", broken)
    with pytest.raises(RuntimeError, match="tables missing"):
        create_app({"TESTING": True})


def _readyz_on(conn: http.client.HTTPConnection) -> tuple[int, str | None]:
    conn.request("GET", "/readyz")
    r = conn.getresponse()
    r.read()
    return r.status, r.getheader("Connection")


def test_sigterm_drains_in_flight_requests_and_readyz_turns_503(start_server: StartServer) -> None:
    server = start_server({"SETTLE_WORKERS": "1", "SETTLE_GRACEFUL_TIMEOUT": "10"})
    body = json.dumps(generate(min(REGISTRY), 4)).encode()

    # a kept-alive connection the worker has already served once
    probe = http.client.HTTPConnection(HOST, server.port, timeout=10)
    assert _readyz_on(probe) == (200, "keep-alive")
    # a request in flight: headers and half the body sent
    in_flight = socket.create_connection((HOST, server.port), timeout=15)
    in_flight.sendall(f"POST /v1/settlements HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n".encode() + body[: len(body) // 2])
    time.sleep(0.3)

    server.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
    time.sleep(0.5)
    # the stopping worker still answers on its open connection, says it is not ready, and closes it
    status, connection = _readyz_on(probe)
    assert (status, connection) == (503, "close")
    probe.close()
    # the in-flight request completes
    in_flight.sendall(body[len(body) // 2:])
    answer = b""
    while not answer.endswith(b"}"):
        chunk = in_flight.recv(65536)
        if not chunk:
            break
        answer += chunk
    in_flight.close()
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    settled = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert sum(s["total"] for s in settled["scores"]) == 0
    # and the master exits cleanly within the graceful timeout
    assert server.proc.wait(15) == 0  # type: ignore[union-attr]
    with pytest.raises(ConnectionRefusedError):
        get(server.port, "/livez", timeout=2)


def test_the_port_opens_only_once_ready(start_server: StartServer) -> None:
    """preload_app: the tables load and are exercised in the master before it binds, so a
    probe before that is refused (not ready) and the first answer /readyz gives is 200."""
    server = start_server({"SETTLE_WORKERS": "1"})
    log = [json.loads(line) for line in server.stderr_path.read_text().splitlines() if line.strip()]
    loaded = next(i for i, e in enumerate(log) if e["msg"] == "rule tables loaded")
    listening = next(i for i, e in enumerate(log) if e["msg"].startswith("Listening at"))
    assert loaded < listening
    assert log[loaded]["variants"] == len(REGISTRY)
    assert get(server.port, "/readyz")[0] == 200
