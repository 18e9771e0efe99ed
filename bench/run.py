"""Benchmarks, printed side by side with a reference measured in the same run.

    .venv/bin/python bench/run.py [--quick]

1. settlements per second in-process, per variant, over generated rounds;
2. hand analyses (win + waits) per second beside the riichi ``mahjong`` package on
   the same honour-free hands;
3. the worst 8-wildcard analysis time;
4. HTTP requests per second through gunicorn (loopback, bounded count and time) for a
   settlement, beside a bare Flask endpoint that parses and returns the same payload.

Not a test: nothing here asserts a speed. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong.agari import Agari  # noqa: E402  (after the path set-up)

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
    print("| variant | rounds | settlements/s |\n|---|---:|---:|")
    for vid in sorted(REGISTRY):
        bodies = [generate(vid, seed) for seed in range(rounds)]
        rate = per_second(settle, bodies)
        print(f"| {vid} | {rounds} | {rate:,.0f} |")
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
    worst = 0.0
    worst_hand: list[str] = []
    for _ in range(200):
        real = rng.sample([t for t in SUITED for _ in range(4)], 6)
        hand = ["C"] * 8 + real
        start = time.perf_counter()
        decompositions(hand, rules)
        waits(hand[:13], rules, SUITED)
        elapsed = time.perf_counter() - start
        if elapsed > worst:
            worst, worst_hand = elapsed, hand
    print("## Worst 8-wildcard analysis (all decompositions of 14 tiles + waits of 13), 200 hands\n")
    print(f"worst {worst * 1000:.2f} ms on {''.join(sorted(worst_hand))}\n")


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


def bench_http(seconds: float) -> None:
    payloads = [json.dumps(generate(vid, seed)).encode() for vid in sorted(REGISTRY) for seed in range(20)]
    print(f"## HTTP through gunicorn (gunicorn.conf.py, loopback, {seconds:.0f} s or 50,000 requests each, "
          f"4 keep-alive client threads, {len(payloads)} generated rounds across all variants)\n")
    print("| endpoint | req/s | statuses |\n|---|---:|---|")
    results = {}
    for name, spec, port in (("bare Flask echo (reference)", "bench.bare_app:create_app()", 18081),
                             ("POST /v1/settlements", "service:create_app()", 18080)):
        proc = _serve(spec, port)
        try:
            _load(port, payloads[:20], 1.0, 4, 2_000)  # warm-up
            rate, statuses = _load(port, payloads, seconds, 4, 50_000)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
        results[name] = rate
        print(f"| {name} | {rate:,.0f} | {dict(statuses)} |")
    ratio = results["POST /v1/settlements"] / results["bare Flask echo (reference)"]
    print(f"\nsettlement endpoint at {ratio:.0%} of the bare endpoint's rate\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer rounds, shorter HTTP runs")
    ap.add_argument("--no-http", action="store_true")
    args = ap.parse_args()
    print(f"# Benchmark run {time.strftime('%Y-%m-%d %H:%M')} on {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    bench_settlements(30 if args.quick else 100)
    bench_analysis(300 if args.quick else 2_000)
    bench_wildcards()
    if not args.no_http:
        bench_http(3.0 if args.quick else 10.0)


if __name__ == "__main__":
    main()
