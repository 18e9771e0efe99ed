"""Benchmarks, printed side by side with a reference measured in the same run.

    .venv/bin/python bench/run.py [--quick]

1. settlements per second in-process, per variant, over generated rounds;
2. hand analyses (win + waits) per second beside the riichi ``mahjong`` package on
   the same honour-free hands;
3. the worst 8-wildcard analysis time, and the 安化 round with all seven 王 in one hand;
4. HTTP requests per second through gunicorn (loopback, bounded count and time) for a
   settlement, beside a bare Flask endpoint that parses and returns the same payload
   (runs alternate between the two, ``--pairs`` of them, and the median pair ratio is
   reported), and the engine alone over the same rounds, against the goals (endpoint
   ≥ 70 % of the bare endpoint's rate; engine ≥ 5× the endpoint's rate).
   ``--without-engine`` adds a third server to the turn, the service with each body's
   answer remembered (bench/no_engine_app.py): how much of the gap is the engine's.

Not a test: nothing here asserts a speed. Figures go to docs/performance.md.

Each round is settled many times, but nothing is remembered from one settlement to the
next except the per-suit tables every long-running worker fills (rules/hand.py), so
repeating a round costs what settling a new one does.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong.agari import Agari  # noqa: E402  (after the path set-up)

from rules._native import engine as engine_build  # noqa: E402
from rules.api import settle  # noqa: E402
from rules.generator import generate  # noqa: E402
from rules.hand import HandRules, decompositions, is_complete, waits  # noqa: E402
from rules.tiles import INDEX, SUITED  # noqa: E402
from rules.variants import REGISTRY  # noqa: E402


def per_second(fn, items, min_time: float = 1.0) -> float:  # type: ignore[no-untyped-def]
    done, start = 0, time.perf_counter()
    while True:
        for it in items:
            fn(it)
        done += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return done / elapsed


def bench_settlements(rounds: int) -> None:
    print("## In-process settlements (engine only: parse, validate, settle)\n")
    print("| variant | rounds | settlements/s | µs each |\n|---|---:|---:|---:|")
    mix = []
    for vid in sorted(REGISTRY):
        bodies = [generate(vid, seed) for seed in range(rounds)]
        mix += bodies
        rate = per_second(settle, bodies)
        print(f"| {vid} | {rounds} | {rate:,.0f} | {1e6 / rate:,.0f} |")
    rate = per_second(settle, mix)
    print(f"| all, mixed | {len(mix)} | {rate:,.0f} | {1e6 / rate:,.0f} |")
    print()


def _hands(n: int) -> list[list[str]]:
    rng = random.Random(1)
    wall = [t for t in SUITED for _ in range(4)]
    return [rng.sample(wall, 13) for _ in range(n)]


def _mahjong_waits(hand: list[str]) -> list[int]:
    vec = [0] * 34
    for t in hand:
        vec[INDEX[t]] += 1
    out = []
    for k in range(27):
        if vec[k] >= 4:
            continue
        vec[k] += 1
        if Agari.is_agari(vec):
            out.append(k)
        vec[k] -= 1
    return out


def bench_analysis(n: int) -> None:
    hands = _hands(n)
    rules = HandRules(seven_pairs=True)
    ours = per_second(lambda h: (is_complete(h + [h[0]], rules), waits(h, rules, SUITED)), hands)
    theirs = per_second(lambda h: (Agari.is_agari(_counts(h + [h[0]])), _mahjong_waits(h)), hands)
    print("## Hand analysis (win check + waits of a 13-tile hand), same hands\n")
    print("| implementation | analyses/s |\n|---|---:|")
    print(f"| rules.hand | {ours:,.0f} |")
    print(f"| mahjong {_version('mahjong')} (Agari per candidate tile) | {theirs:,.0f} |\n")


def _counts(h: list[str]) -> list[int]:
    vec = [0] * 34
    for t in h:
        vec[INDEX[t]] += 1
    return vec


def _version(pkg: str) -> str:
    from importlib.metadata import version
    return version(pkg)


def bench_wildcards() -> None:
    rules = HandRules(wild=frozenset({"C"}), seven_pairs=True)
    rng = random.Random(8)
    hands = [["C"] * 8 + rng.sample([t for t in SUITED for _ in range(4)], 6) for _ in range(200)]

    def timed(hand: list[str]) -> float:
        start = time.perf_counter()
        decompositions(hand, rules)
        waits(hand[:13], rules, SUITED)
        return time.perf_counter() - start

    first = [timed(h) for h in hands]  # each hand's first analysis: its blocks not yet in the tables
    steady = [min(timed(h) for _ in range(3)) for h in hands]
    worst = max(range(len(hands)), key=steady.__getitem__)
    print("## Worst 8-wildcard analysis (all decompositions of 14 tiles + waits of 13), 200 hands\n")
    print(f"first analysis of each hand: worst {max(first) * 1000:.2f} ms; "
          f"steady state (best of 3): worst {steady[worst] * 1000:.2f} ms on {''.join(sorted(hands[worst]))}, "
          f"all 200 in {sum(steady) * 1000:.0f} ms\n")


# The round of tests/rules/variants/test_anhua.py::seven_wild_round: every 王 of the table
# (seven, 003:7) in the winner's hand, 王代硬 on (every split of the 王 is a reading), four
# birds, and waits for every other seat.
SEVEN_WILD_ROUND = {
    "variant": "anhua", "options": {"wild_as_hard": True, "birds": 4}, "dealer": 0,
    "players": [{"seat": 0, "hand": "9s9s9s1s1s1s1s22m3m4m5m6m"}, {"seat": 1, "hand": "13579m13579p246s"},
                {"seat": 2, "hand": "2468m2468p35678s"}, {"seat": 3, "hand": "1357m13579p2345s"}],
    "wins": [{"winner": 0, "from": None, "tile": "7m"}],
    "reveals": {"wild_indicator": "9s", "birds": ["1m", "5m", "9m", "1p"]},
}


def bench_seven_wild() -> None:
    settle(SEVEN_WILD_ROUND)  # the per-suit tables, as in a worker that has been running
    times = []
    for _ in range(20):
        start = time.perf_counter()
        settle(SEVEN_WILD_ROUND)
        times.append(time.perf_counter() - start)
    print("## 安化 round with all seven 王 in one hand, 王代硬 on (whole settlement), 20 runs\n")
    print(f"median {sorted(times)[10] * 1000:.2f} ms, worst {max(times) * 1000:.2f} ms\n")


def _serve(app_spec: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}")
    proc = subprocess.Popen(  # noqa: S603 - our own gunicorn with fixed arguments
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "--bind", f"127.0.0.1:{port}",
         "--access-logfile", "/dev/null", app_spec],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            c.request("GET", "/livez")
            c.getresponse().read()
            return proc
        except OSError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGTERM)
    raise RuntimeError(f"{app_spec} did not start")


def _load(port: int, payloads: list[bytes], seconds: float, threads: int, max_requests: int) -> tuple[float, Counter[int]]:
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.perf_counter() + seconds
    sent = [0]

    def worker(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        i = k
        while time.perf_counter() < stop:
            with lock:
                if sent[0] >= max_requests:
                    return
                sent[0] += 1
            conn.request("POST", "/v1/settlements", body=payloads[i % len(payloads)],
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            with lock:
                statuses[r.status] += 1
            i += threads

    start = time.perf_counter()
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return sum(statuses.values()) / (time.perf_counter() - start), statuses


_WRK_SCRIPT = """
local bodies = {}
for line in io.lines(os.getenv("BENCH_PAYLOADS")) do bodies[#bodies + 1] = line end
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i % #bodies + 1
  return wrk.format(nil, "/v1/settlements", nil, bodies[i])
end
"""


def _wrk(port: int, payloads: list[bytes], seconds: float, connections: int) -> tuple[float, Counter[int]]:
    """wrk (a C load generator: it leaves the cores to the server) cycling through the rounds."""
    import re
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "rounds.jsonl").write_bytes(b"\n".join(payloads) + b"\n")
        (Path(tmp) / "post.lua").write_text(_WRK_SCRIPT, encoding="utf-8")
        out = subprocess.run(  # noqa: S603 - wrk with fixed arguments
            [shutil.which("wrk") or "wrk", "-t1", f"-c{connections}", f"-d{seconds:.0f}s", "-s", str(Path(tmp) / "post.lua"),
             f"http://127.0.0.1:{port}"], capture_output=True, text=True, check=True,
            env=dict(os.environ, BENCH_PAYLOADS=str(Path(tmp) / "rounds.jsonl"))).stdout
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    statuses: Counter[int] = Counter({200: total - (int(bad.group(1)) if bad else 0)})
    if bad:
        statuses[0] += int(bad.group(1))  # not 200: the run is void
    if errors:
        print(f"wrk socket errors: {errors.group(1)}")
    return rate, statuses


def _engine_rate(bodies: list[Any], seconds: float) -> float:
    return per_second(settle, bodies, min_time=seconds)


def _engine_on_all_cores(bodies: list[Any], seconds: float) -> float:
    """Settlements/s of one process per core, run together: the cores the server had."""
    import multiprocessing

    cores = os.cpu_count() or 1
    with multiprocessing.get_context("fork").Pool(cores) as pool:
        return sum(pool.starmap(_engine_rate, [(bodies, seconds)] * cores))


BARE = "bare Flask echo (reference)"
SETTLEMENTS = "POST /v1/settlements"
NO_ENGINE = "POST /v1/settlements, engine answers remembered (attribution only)"


def bench_http(seconds: float, pairs: int = 3, without_engine: bool = False) -> None:
    """Both servers up at once, loaded in turn: bare, settlements, bare, settlements, ...
    This machine's speed drifts by tens of per cent from minute to minute (a shared VM),
    so each settlement run is compared with the bare run just before it, and the ratio
    reported is the median of those pairs; the rates of every run are printed.
    ``without_engine`` adds a third server in the turn, the service with each round's
    answer remembered after its first settlement (bench/no_engine_app.py): what the
    endpoint would reach if the engine cost nothing."""
    payloads = [json.dumps(generate(vid, seed)).encode() for vid in sorted(REGISTRY) for seed in range(20)]
    use_wrk = shutil.which("wrk") is not None
    client = ("wrk, 1 thread, 8 keep-alive connections" if use_wrk else
              "4 keep-alive client threads in this process (install wrk for a client that leaves the cores to the server)")
    print(f"## HTTP through gunicorn (gunicorn.conf.py, loopback, {pairs} alternating pairs of {seconds:.0f} s runs, "
          f"{client}, {len(payloads)} generated rounds across all variants; engine build: {engine_build()})\n")
    servers = {BARE: ("bench.bare_app:create_app()", 18081), SETTLEMENTS: ("service:create_app()", 18080)}
    if without_engine:
        servers[NO_ENGINE] = ("bench.no_engine_app:create_app()", 18082)
    procs = [_serve(spec, port) for spec, port in servers.values()]
    runs: dict[str, list[float]] = {name: [] for name in servers}
    statuses: dict[str, Counter[int]] = {name: Counter() for name in servers}
    try:
        for _spec, port in servers.values():
            _load(port, payloads[:20], 1.0, 4, 2_000)  # warm-up
        for _ in range(pairs):
            for name, (_spec, port) in servers.items():
                rate, seen = _wrk(port, payloads, seconds, 8) if use_wrk else _load(port, payloads, seconds, 4, 50_000)
                runs[name].append(rate)
                statuses[name] += seen
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
    print("| endpoint | req/s, each run in order | median | statuses |\n|---|---|---:|---|")
    for name, rates in runs.items():
        print(f"| {name} | {' / '.join(f'{r:,.0f}' for r in rates)} | {statistics.median(rates):,.0f} | {dict(statuses[name])} |")
    ratios = [s / b for b, s in zip(runs[BARE], runs[SETTLEMENTS], strict=True)]
    ratio = statistics.median(ratios)
    http = statistics.median(runs[SETTLEMENTS])
    bodies = [json.loads(p) for p in payloads]
    one = _engine_rate(bodies, 2.0)
    every = _engine_on_all_cores(bodies, 3.0)
    print(f"\nsettlement endpoint at {ratio:.0%} of the bare endpoint's rate (median of the pairs "
          f"{', '.join(f'{r:.0%}' for r in ratios)}; goal ≥ 70 %): {'met' if ratio >= 0.7 else 'NOT met'}")
    if without_engine:
        spared = [s / b for b, s in zip(runs[BARE], runs[NO_ENGINE], strict=True)]
        print(f"with the engine's answers remembered (attribution only): {statistics.median(spared):.0%} of the bare "
              f"endpoint's rate (median of the pairs {', '.join(f'{r:.0%}' for r in spared)})")
    print(f"engine alone, same {len(payloads)} rounds: one process {one:,.0f}/s ({one / http:.1f}× the endpoint); "
          f"one process per core ({os.cpu_count()}, the cores the server had) {every:,.0f}/s = "
          f"{every / http:.1f}× the endpoint's rate (goal ≥ 5×): {'met' if every >= 5 * http else 'NOT met'}\n")


def bench_recompute(rounds: int) -> None:
    """The Dask recompute job (service/recompute.py) on a local cluster of 1 and 2 worker
    processes, over the same generated shards; the rate leaves out starting the cluster."""
    import tempfile

    from service import recompute

    with tempfile.TemporaryDirectory() as tmp:
        shards = []
        vids = sorted(REGISTRY)
        for k in range(8):
            path = Path(tmp) / f"shard-{k}.jsonl"
            path.write_text("".join(json.dumps(generate(vids[(k + i) % len(vids)], 10_000 * k + i)) + "\n"
                                    for i in range(rounds // 8)), encoding="utf-8")
            shards.append(str(path))
        print(f"## Recomputing with Dask (python -m service.recompute), {rounds} generated rounds in 8 shards\n")
        print("| local cluster | rounds | seconds | rounds/s |\n|---|---:|---:|---:|")
        for workers in (1, 2):
            report = recompute.run(shards, str(Path(tmp) / f"out-{workers}"), workers=workers)
            rate = report.total.total / report.seconds
            print(f"| {workers} worker process{'es' if workers > 1 else ''} | {report.total.total} | "
                  f"{report.seconds:.2f} | {rate:,.0f} |")
        print()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer rounds, shorter HTTP runs")
    ap.add_argument("--no-http", action="store_true")
    ap.add_argument("--http-only", action="store_true")
    ap.add_argument("--recompute", action="store_true", help="also time the Dask recompute job (needs the dask extra)")
    ap.add_argument("--pairs", type=int, default=0, help="alternating bare/settlement HTTP runs (default 5; --quick 2)")
    ap.add_argument("--seconds", type=float, default=0.0, help="length of each HTTP run (default 6 s; --quick 3 s)")
    ap.add_argument("--without-engine", action="store_true",
                    help="also load the service with each round's answer remembered (bench/no_engine_app.py), "
                         "to attribute the endpoint's cost")
    args = ap.parse_args()
    print(f"# Benchmark run {time.strftime('%Y-%m-%d %H:%M')} on {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"engine build: {engine_build()} (rules/_native.py)\n")
    if not args.http_only:
        bench_settlements(30 if args.quick else 100)
        bench_analysis(300 if args.quick else 2_000)
        bench_wildcards()
        bench_seven_wild()
    if not args.no_http:
        bench_http(args.seconds or (3.0 if args.quick else 6.0), args.pairs or (2 if args.quick else 5),
                   args.without_engine)
    if args.recompute:
        bench_recompute(2_000 if args.quick else 8_000)


if __name__ == "__main__":
    main()
