"""Structured logs: JSON lines with the request id, the round's identity and outcome, never its hands."""

from __future__ import annotations

import http.client
import io
import json
import logging
import random
import re
import sys
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.load import HOST, Server
from rules.generator import generate
from rules.variants import REGISTRY
from service.logging_json import _LINE, _STANDARD_KEY, REQUEST_LOGGER, JsonFormatter, _encode_line, _record, log_request
from tests.ops.conftest import StartServer


def _hand_text(body: dict[str, object]) -> list[str]:
    """Strings that would betray a hand's contents if they showed up in a log (hands of
    four tiles or more: a lone "5p" could be anything)."""
    out = []
    for player in body["players"]:  # type: ignore[attr-defined]
        hand = player["hand"]
        if len(hand) >= 4 * (2 if isinstance(hand, str) else 1):
            out.append(hand if isinstance(hand, str) else "".join(hand))
            out.append(json.dumps(hand))
    assert out
    return out


def _records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == REQUEST_LOGGER]


def test_formatter_writes_one_json_object_per_line_with_extra_fields_and_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("service.x", logging.ERROR, __file__, 1, "failed %s", ("here",), sys.exc_info())
    record.request_id = "r-1"
    line = JsonFormatter().format(record)
    assert "\n" not in line  # a traceback too stays on its one line
    out = json.loads(line)
    assert out["level"] == "error"
    assert out["logger"] == "service.x"
    assert out["msg"] == "failed here"
    assert out["request_id"] == "r-1"
    assert out["ts"].endswith("Z")
    assert "ValueError: boom" in out["exc"]


def test_a_settled_round_is_logged_by_id_digest_and_outcome(client: FlaskClient,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    variant = min(REGISTRY)
    body = {**generate(variant, 5), "round_id": "table-9/round-41"}
    caplog.set_level(logging.INFO, logger="service")
    resp = client.post("/v1/settlements", json=body, headers={"X-Request-ID": "req-abc-1"})
    assert resp.status_code == 200
    [record] = _records(caplog)
    assert record.levelno == logging.INFO
    fields = vars(record)
    assert fields["request_id"] == "req-abc-1"
    assert fields["method"] == "POST"
    assert fields["endpoint"] == "/v1/settlements"
    assert fields["status"] == 200
    assert fields["variant"] == variant
    assert fields["round_id"] == "table-9/round-41"
    assert fields["digest"] == resp.get_json()["digest"]
    assert fields["outcome"] == "settled"
    assert isinstance(fields["duration_ms"], float)
    line = JsonFormatter().format(record)
    for hand in _hand_text(body):
        assert hand not in line


def test_a_rejected_round_is_logged_with_its_codes_and_pointers_not_its_tiles(
        client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    variant = min(REGISTRY)
    body = generate(variant, 6)
    hand = body["players"][1]["hand"]
    body["players"][1]["hand"] = [*hand[:-1], "Qq"] if isinstance(hand, list) else hand[:-2] + "Qq"
    caplog.set_level(logging.INFO, logger="service")
    resp = client.post("/v1/settlements", json=body)
    assert resp.status_code == 422
    [record] = _records(caplog)
    fields = vars(record)
    assert fields["outcome"] == "rejected"
    assert fields["codes"] == sorted({e["code"] for e in resp.get_json()["errors"]})
    assert {"code": "unknown_tile", "pointer": fields["errors"][0]["pointer"]} in fields["errors"]
    assert "error_details" not in fields  # the human detail quotes the tile: debug only
    line = JsonFormatter().format(record)
    assert "Qq" not in line
    for hand in _hand_text(body):
        assert hand not in line


def test_details_only_at_debug(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="service")
    resp = client.post("/v1/settlements", json={"variant": min(REGISTRY), "players": [], "dealer": "x"})
    assert resp.status_code == 422
    [record] = _records(caplog)
    assert vars(record)["error_details"]


def test_probes_are_not_logged_by_the_app(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="service")
    for path in ("/livez", "/readyz", "/metrics"):
        assert client.get(path).status_code == 200
    assert _records(caplog) == []


def test_gunicorn_writes_json_access_and_app_logs_with_the_request_id(start_server: StartServer) -> None:
    server: Server = start_server({"SETTLE_WORKERS": "1"})
    variant = min(REGISTRY)
    body = {**generate(variant, 7), "round_id": "gunicorn-log-1"}
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    conn.request("POST", "/v1/settlements", body=json.dumps(body),
                 headers={"Content-Type": "application/json", "X-Request-ID": "trace-7f3a"})
    resp = conn.getresponse()
    answer = json.loads(resp.read())
    assert resp.status == 200
    conn.close()
    server.stop()

    access = [json.loads(line) for line in server.stdout_path.read_text().splitlines() if line.strip()]
    mine = [a for a in access if a["request_id"] == "trace-7f3a"]
    assert len(mine) == 1
    assert mine[0]["logger"] == "gunicorn.access"
    assert mine[0]["status"] == 200
    assert mine[0]["method"] == "POST"
    assert mine[0]["path"] == "/v1/settlements"
    assert mine[0]["duration_ms"] >= 0

    errors = [json.loads(line) for line in server.stderr_path.read_text().splitlines() if line.strip()]
    assert any(e["msg"] == f"Listening at: http://{HOST}:{server.port} ({server.pid})" for e in errors)
    [app_line] = [e for e in errors if e.get("request_id") == "trace-7f3a"]
    assert app_line["logger"] == REQUEST_LOGGER
    assert app_line["variant"] == variant
    assert app_line["round_id"] == "gunicorn-log-1"
    assert app_line["digest"] == answer["digest"]
    assert app_line["outcome"] == "settled"
    everything = server.stdout_path.read_text() + server.stderr_path.read_text()
    for hand in _hand_text(body):
        assert hand not in everything


@pytest.fixture
def json_handler() -> Iterator[logging.StreamHandler[io.StringIO]]:
    """The ``service`` logger as GunicornLogger sets it up: a StreamHandler with JsonFormatter,
    not propagating (restored afterwards)."""
    service = logging.getLogger("service")
    saved = service.handlers[:], service.propagate, service.level
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(JsonFormatter())
    service.handlers[:] = [handler]
    service.propagate = False
    service.setLevel(logging.INFO)
    yield handler
    service.handlers[:], service.propagate, _ = saved
    service.setLevel(saved[2])


_ROUND_FIELDS: dict[str, object] = {
    "request_id": "req-1", "method": "POST", "endpoint": "/v1/settlements", "status": 422, "duration_ms": 2.869,
    "variant": "zhuanzhuan", "round_id": "桌 9/" + "r" * 300, "digest": None, "outcome": "rejected",
    "codes": ["unknown_tile"],
}
_ERRORS = [{"code": "unknown_tile", "pointer": "/wins/0/tile", "detail": "no tile 'Qq'"}]


@pytest.mark.parametrize(("fields", "errors"), [
    (_ROUND_FIELDS, _ERRORS),
    ({**_ROUND_FIELDS, "status": 500, "outcome": "error", "codes": None}, None),
    ({"request_id": "r\"2\n", "method": "GET", "endpoint": "<unmatched>", "status": 404, "duration_ms": 0.0}, None),
])
def test_the_line_written_straight_to_the_stream_is_the_line_logging_writes(
        json_handler: logging.StreamHandler[io.StringIO], fields: dict[str, object],
        errors: list[dict[str, str]] | None) -> None:
    log_request(fields, errors)  # gunicorn's setup: straight to the stream
    json_handler.addFilter(lambda _record: True)  # a filter: through a LogRecord and the handler
    log_request(fields, errors)
    direct, logged = json_handler.stream.getvalue().splitlines()
    assert re.fullmatch(r'\{"ts":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z",.*', direct)
    ts = re.compile(r'"ts":"[^"]*"')
    assert ts.sub("", direct) == ts.sub("", logged)
    line = json.loads(direct)
    assert line["level"] == ("error" if fields["status"] == 500 else "info")
    assert list(line)[:5] == ["ts", "level", "logger", "pid", "msg"]


def test_a_record_that_counts_its_standard_fields_formats_as_one_that_does_not() -> None:
    record = _record(logging.INFO, {"request_id": "r-3", "status": 200, "_private": 1})
    record.added_by_a_filter = "x"
    assert vars(record)[_STANDARD_KEY]
    counted = JsonFormatter().format(record)
    del record.__dict__[_STANDARD_KEY]
    assert counted == JsonFormatter().format(record)
    assert json.loads(counted)["added_by_a_filter"] == "x"


_JSON_LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
                | st.floats(allow_nan=True, allow_infinity=True) | st.text())


@settings(max_examples=400, deadline=None)
@given(st.recursive(_JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20))
def test_a_line_through_orjson_is_the_line_the_standard_encoder_writes(value: object) -> None:
    out = {"ts": "t", "level": "info", "value": value}
    assert _encode_line(out) == _LINE.encode(out)


@pytest.mark.parametrize("value", [
    0.0, -0.0, 1e-4, -1e-4, 9.999e-05, 5e-324, 0.001, 25.407, 1e15, 999999999999999.9, 1e16, 1e300,
    float("nan"), float("inf"), 2**63, 2**64, -(2**63) - 1, "\ud800", "\u2028\x7f\x00\n\"\\é中",
    http.HTTPStatus.OK, type("Text", (str,), {})("sub"), {1: "int key"}, ("a", 1), object(),
])
def test_values_orjson_spells_differently_take_the_standard_encoder(value: object) -> None:
    out = {"msg": "request", "value": value, "nested": [{"value": value}]}
    assert _encode_line(out) == _LINE.encode(out)


def test_random_durations_are_written_as_repr_writes_them() -> None:
    rng = random.Random(7)  # durations in ms rounded to 3 places, microseconds to hours
    for _ in range(20_000):
        duration = round(rng.uniform(0, 10 ** rng.randint(-3, 7)), 3)
        assert _encode_line({"duration_ms": duration}) == f'{{"duration_ms":{duration!r}}}'
