"""/metrics: what is counted (in-process), and that it adds up across gunicorn workers."""

from __future__ import annotations

import json
import math
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from flask.testing import FlaskClient
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from bench.load import HOST, Server, children, get, request_bytes
from rules.generator import generate
from rules.variants import REGISTRY
from service import metrics
from tests.ops.conftest import StartServer

ROOT = Path(__file__).resolve().parents[2]


def value(text: str, sample: str, **labels: str) -> float:
    """The value of one sample (0 when absent), exact label match."""
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == sample and s.labels == labels:
                return float(s.value)
    return 0.0


def scrape(client: FlaskClient) -> str:
    resp = client.get("/metrics")
    assert resp.status_code == 200
    assert resp.mimetype == "text/plain"
    return resp.get_data(as_text=True)


def a_round(variant: str = "zhuanzhuan", seed: int = 1) -> dict[str, object]:
    return generate(variant if variant in REGISTRY else min(REGISTRY), seed)


def test_the_lighter_updates_expose_what_prometheus_clients_own_calls_do() -> None:
    """service.metrics calls the children's value stores directly: same exposition."""
    exposed = []
    for direct in (False, True):
        registry = CollectorRegistry()
        latency = Histogram("t_seconds", "d", ("m",), buckets=metrics.BUCKETS, registry=registry).labels("x")
        counter = Counter("t_total", "d", ("m",), registry=registry).labels("x")
        observe, inc = (metrics._Latency(latency).observe, metrics._inc(counter)) if direct else \
            (latency.observe, counter.inc)
        for seconds in [*metrics.BUCKETS, 0.0, -1.0, 1e9, math.inf, math.nan, 0.0007, 0.0015, 0.003, 4.2]:
            observe(seconds)
            inc(1.0)
        exposed.append(re.sub(r"_created.*\n", "", generate_latest(registry).decode()))
    assert exposed[0] == exposed[1]


# --- in-process: the single-process registry --------------------------------------------------


def test_settlements_are_counted_by_variant_and_requests_by_route_and_status(client: FlaskClient) -> None:
    variant = min(REGISTRY)
    before = scrape(client)
    for seed in range(3):
        assert client.post("/v1/settlements", json=generate(variant, seed)).status_code == 200
    after = scrape(client)
    assert value(after, "settle_settlements_total", variant=variant, outcome="settled") \
        - value(before, "settle_settlements_total", variant=variant, outcome="settled") == 3
    route = {"method": "POST", "endpoint": "/v1/settlements"}
    assert value(after, "settle_http_requests_total", **route, status="200") \
        - value(before, "settle_http_requests_total", **route, status="200") == 3
    assert value(after, "settle_http_request_duration_seconds_count", **route) \
        - value(before, "settle_http_request_duration_seconds_count", **route) == 3
    assert value(after, "settle_http_request_duration_seconds_bucket", **route, le="+Inf") \
        == value(after, "settle_http_request_duration_seconds_count", **route)
    assert value(after, "settle_http_requests_in_progress") == 1  # the scrape itself


def test_rejections_are_counted_by_reason_once_per_round(client: FlaskClient) -> None:
    variant = min(REGISTRY)
    body = generate(variant, 2)
    hand = body["players"][0]["hand"]
    # two unknown tiles in one round: one rejection, reason unknown_tile counted once
    body["players"][0]["hand"] = [*hand[:-2], "Xm", "Ym"] if isinstance(hand, list) else hand[:-4] + "XmYm"
    before = scrape(client)
    resp = client.post("/v1/settlements", json=body)
    assert resp.status_code == 422
    codes = {e["code"] for e in resp.get_json()["errors"]}
    after = scrape(client)
    assert value(after, "settle_settlements_total", variant=variant, outcome="rejected") \
        - value(before, "settle_settlements_total", variant=variant, outcome="rejected") == 1
    for code in codes:
        assert value(after, "settle_rejections_total", variant=variant, code=code) \
            - value(before, "settle_rejections_total", variant=variant, code=code) == 1


def test_labels_stay_bounded_whatever_the_caller_sends(client: FlaskClient) -> None:
    before = scrape(client)
    assert client.post("/v1/settlements", json={"variant": "made-up-game-123", "players": []}).status_code == 422
    assert client.get("/wp-admin/some/scanner/path-8731").status_code == 404
    assert client.get("/v1/variants/no-such-variant-4412").status_code == 404
    after = scrape(client)
    assert "made-up-game-123" not in after
    assert "scanner" not in after
    assert "no-such-variant-4412" not in after
    assert value(after, "settle_settlements_total", variant="<unknown>", outcome="rejected") \
        - value(before, "settle_settlements_total", variant="<unknown>", outcome="rejected") == 1
    assert value(after, "settle_http_requests_total", method="GET", endpoint="<unmatched>", status="404") \
        - value(before, "settle_http_requests_total", method="GET", endpoint="<unmatched>", status="404") == 1
    assert value(after, "settle_http_requests_total", method="GET", endpoint="/v1/variants/<variant_id>",
                 status="404") - value(before, "settle_http_requests_total", method="GET",
                                       endpoint="/v1/variants/<variant_id>", status="404") == 1


def test_errors_that_never_reach_a_view_are_counted(client: FlaskClient) -> None:
    before = scrape(client)
    assert client.post("/v1/settlements", data=b"{nope", content_type="application/json").status_code == 400
    assert client.delete("/v1/settlements").status_code == 405
    after = scrape(client)
    route = {"method": "POST", "endpoint": "/v1/settlements"}
    assert value(after, "settle_http_requests_total", **route, status="400") \
        - value(before, "settle_http_requests_total", **route, status="400") == 1
    assert value(after, "settle_http_requests_total", method="DELETE", endpoint="<unmatched>", status="405") \
        - value(before, "settle_http_requests_total", method="DELETE", endpoint="<unmatched>", status="405") == 1


# --- multiprocess mode: several processes, one sum ---------------------------------------------

_FOLD_SCRIPT = textwrap.dedent("""
    import json, os, sys
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = sys.argv[1]
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector
    from service import metrics

    def total():
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=sys.argv[1])
        return generate_latest(registry).decode()

    pids = []
    for n in (3, 5):  # two "workers" answer 3 and 5 requests and exit
        pid = os.fork()
        if pid == 0:
            metrics.IN_PROGRESS.inc()
            for _ in range(n):
                metrics.observe_request("POST", "/v1/settlements", 200, 0.003)
            metrics.count_settled("zhuanzhuan")
            metrics.count_rejected("zhuanzhuan", ["unknown_tile", "unknown_tile"])
            os._exit(0)
        os.waitpid(pid, 0)
        pids.append(pid)
    before = total()
    metrics.worker_exited(pids[0])
    middle = total()
    metrics.worker_exited(pids[1])
    after = total()
    print(json.dumps({"before": before, "middle": middle, "after": after, "pids": pids,
                      "files": sorted(os.listdir(sys.argv[1]))}))
""")


def test_a_dead_workers_counts_are_kept_and_its_files_folded(tmp_path: Path) -> None:
    """child_exit: the dead worker's live gauge goes, its counters move into one archive,
    and the sums a scrape sees do not change."""
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    done = subprocess.run([sys.executable, "-c", _FOLD_SCRIPT, str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True, env=env)
    out = json.loads(done.stdout)
    route = {"method": "POST", "endpoint": "/v1/settlements"}
    for stage in ("before", "middle", "after"):
        text = out[stage]
        assert value(text, "settle_http_requests_total", **route, status="200") == 8, stage
        assert value(text, "settle_http_request_duration_seconds_count", **route) == 8, stage
        assert value(text, "settle_http_request_duration_seconds_bucket", **route, le="0.005") == 8, stage
        assert value(text, "settle_http_request_duration_seconds_bucket", **route, le="0.002") == 0, stage
        assert abs(value(text, "settle_http_request_duration_seconds_sum", **route) - 0.024) < 1e-9, stage
        assert value(text, "settle_settlements_total", variant="zhuanzhuan", outcome="settled") == 2, stage
        assert value(text, "settle_rejections_total", variant="zhuanzhuan", code="unknown_tile") == 2, stage
    # each "worker" left 1 in progress (it never finished): live only while it lives
    assert value(out["before"], "settle_http_requests_in_progress") == 2
    assert value(out["middle"], "settle_http_requests_in_progress") == 1
    assert value(out["after"], "settle_http_requests_in_progress") == 0
    pids = {str(p) for p in out["pids"]}
    assert not any(pid in f for f in out["files"] for pid in pids), out["files"]
    assert {"counter_archive.db", "histogram_archive.db"} <= set(out["files"])


def _metrics_dir(server: Server) -> Path:
    m = re.search(r'"metrics_dir":"([^"]+)"', server.stderr_path.read_text())
    assert m, "the master logs its settings"
    return Path(m[1])


def test_metrics_add_up_across_gunicorn_workers_and_survive_a_worker_dying(start_server: StartServer) -> None:
    server = start_server({"SETTLE_WORKERS": "2"})
    variant = min(REGISTRY)
    n = 40
    wire = request_bytes("/v1/settlements", json.dumps(generate(variant, 3)).encode())
    for _ in range(n):  # a fresh connection each time, so both workers get some
        with socket.create_connection((HOST, server.port), timeout=10) as s:
            s.sendall(wire)
            assert s.recv(65536).startswith(b"HTTP/1.1 200")
    answered_by = {json.loads(line)["pid"] for line in server.stdout_path.read_text().splitlines()
                   if '"/v1/settlements"' in line}
    assert len(answered_by) == 2, "both workers answered settlements"
    route = {"method": "POST", "endpoint": "/v1/settlements", "status": "200"}
    for _ in range(6):  # whichever worker answers the scrape, the sum is the same
        text = get(server.port, "/metrics")[2].decode()
        assert value(text, "settle_settlements_total", variant=variant, outcome="settled") == n
        assert value(text, "settle_http_requests_total", **route) == n

    victim = server.workers()[0]
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (victim in children(server.pid) or len(children(server.pid)) < 2):
        time.sleep(0.05)
    assert victim not in server.workers() and len(server.workers()) == 2
    for _ in range(4):
        text = get(server.port, "/metrics")[2].decode()
        assert value(text, "settle_settlements_total", variant=variant, outcome="settled") == n
    files = os.listdir(_metrics_dir(server))
    assert not any(f"_{victim}.db" in f for f in files), files
