"""Load and soak the service through real gunicorn on 127.0.0.1, bounded, stopping by itself.

    .venv/bin/python bench/load.py                      # saturation: service beside a bare Flask echo
    .venv/bin/python bench/load.py --soak 180           # 3 minutes: memory, errors, zero-sum, metrics
    .venv/bin/python bench/load.py --worker-class sync  # the same with another gunicorn setting

Both modes start their own gunicorn processes with ``gunicorn.conf.py`` (settings
overridden only through its ``SETTLE_*`` variables) on a free loopback port, drive
them with a small asyncio keep-alive client, and stop them at the end. Nothing here
talks to any address but 127.0.0.1.

**Load** runs, in one go, a bare Flask endpoint that parses the same JSON body and
echoes it (``bench/bare_app.py``, the reference) and then ``POST /v1/settlements``,
each for ``--seconds`` (or ``--max-requests``), and prints req/s, p50/p99 latency,
statuses and the CPU the client itself used (it shares the machine).

**Soak** (``--soak SECONDS``, at most an hour) drives the service at saturation with
generated rounds across all variants, a share of them deliberately impossible (422)
or not JSON (400), samples every worker's memory, and at the end compares the
service's own ``/metrics`` with what the client saw. It exits 1 unless memory stayed
flat, no request failed or got an unexpected status, and every answer was zero-sum.
Worker recycling (``max_requests``) is off during a soak unless ``--keep-recycling``:
a recycled worker would hide a leak.

Every 200 answer is checked: totals add up to zero, each seat's total is what its
items say, and the same request always gets the same bytes (checked once per distinct
answer, so the check costs the client almost nothing).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"  # the only address this tool ever talks to
SERVICE_APP = "service:create_app()"
BARE_APP = "bench.bare_app:create_app()"
SETTLE_PATH = "/v1/settlements"
MAX_SOAK_SECONDS = 3600
REQUEST_TIMEOUT = 10.0


# --- the server under test --------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """gunicorn with ``gunicorn.conf.py`` on 127.0.0.1, in its own process group.

    ``env`` adds ``SETTLE_*`` overrides; logs go to files under ``log_dir`` (kept for
    inspection). ``stop()`` sends SIGTERM and waits; SIGKILL to the group after ``grace``.
    """

    def __init__(self, app: str = SERVICE_APP, env: Mapping[str, str] | None = None,
                 log_dir: Path | None = None, args: Sequence[str] = ()) -> None:
        self.app = app
        self.port = free_port()
        self.log_dir = log_dir or Path(tempfile.mkdtemp(prefix="settle-load-"))
        self.stdout_path = self.log_dir / f"gunicorn-{self.port}.out.log"
        self.stderr_path = self.log_dir / f"gunicorn-{self.port}.err.log"
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("SETTLE_", "GUNICORN_", "WEB_CONCURRENCY", "PROMETHEUS_MULTIPROC_DIR"))}
        self.env = {**base, **(env or {}), "SETTLE_BIND": f"{HOST}:{self.port}", "PYTHONPATH": str(ROOT)}
        self.args = list(args)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, ready_within: float = 30.0) -> Server:
        with self.stdout_path.open("ab") as out, self.stderr_path.open("ab") as err:
            self.proc = subprocess.Popen(  # noqa: S603 - our own gunicorn, fixed arguments
                [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), *self.args, self.app],
                cwd=ROOT, env=self.env, stdout=out, stderr=err, start_new_session=True)
        deadline = time.monotonic() + ready_within
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}: {self.stderr_path.read_text()[-2000:]}")
            try:
                status, _, _ = get(self.port, "/readyz" if self.app == SERVICE_APP else "/", timeout=1.0)
                if status in (200, 404, 405):  # the bare app has no probes: any HTTP answer means it is up
                    if self.app == SERVICE_APP and status != 200:
                        raise OSError("not ready yet")
                    self._wait_for_workers(deadline)
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"{self.app} was not ready within {ready_within} s")

    def _wait_for_workers(self, deadline: float) -> None:
        """Until every worker has booted (the count is in the master's "settings" log line)."""
        want = 0
        while time.monotonic() < deadline:
            if not want:
                m = re.search(r'"msg":"settings".*?"workers":(\d+)', self.stderr_path.read_text(errors="replace"))
                want = int(m[1]) if m else int(self.env.get("SETTLE_WORKERS") or 0)
            if want and len(self.workers()) >= want:
                return
            time.sleep(0.05)

    @property
    def pid(self) -> int:
        if self.proc is None:
            raise RuntimeError("not started")
        return self.proc.pid

    def workers(self) -> list[int]:
        """The master's live children (the workers), oldest first."""
        return children(self.pid)

    def stop(self, grace: float = 30.0) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
            return self.proc.wait(5)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        try:
            self.stop()
        finally:
            self.kill()


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return sorted(int(p) for p in text.split())
    except OSError:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(stat.parent.name))
        return sorted(found)


def memory_kib(pid: int) -> tuple[int, int, int]:
    """(RSS, private = USS, PSS) of a process in KiB: USS is what the process alone holds,
    PSS adds its share of the pages it shares (the preloaded app, with the master)."""
    rss = private = pss = 0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                private += int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    return rss, private, pss


def cpu_seconds(pids: Sequence[int]) -> float:
    """utime + stime of these processes, in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / tick


def get(port: int, path: str, timeout: float = 5.0, headers: Mapping[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers=dict(headers or {}))
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


# --- what is sent -----------------------------------------------------------------------


@dataclass(frozen=True)
class Payload:
    body: bytes
    expect: int  # the status this body must get
    variant: str


def rounds(seeds_per_variant: int, invalid_share: float = 0.0, malformed_share: float = 0.0) -> list[Payload]:
    """Generated legal rounds of every variant, interleaved; optionally some impossible
    ones (an unknown tile in a hand → 422) and some broken JSON (→ 400)."""
    from rules.variants import REGISTRY

    jobs = [(vid, seed) for seed in range(seeds_per_variant) for vid in sorted(REGISTRY)]
    if len(jobs) > 400:  # a soak wants thousands of distinct rounds: deal them on every core
        with ProcessPoolExecutor() as pool:
            out = list(pool.map(_generated, jobs, chunksize=64))
    else:
        out = [_generated(job) for job in jobs]
    extra: list[Payload] = []
    n_invalid = round(len(out) * invalid_share)
    n_malformed = round(len(out) * malformed_share)
    for k in range(n_invalid):
        body = json.loads(out[k % len(out)].body)
        hand = body["players"][0]["hand"]
        body["players"][0]["hand"] = [*hand[:-1], "Xm"] if isinstance(hand, list) else hand[:-2] + "Xm"
        body["round_id"] = f"load/invalid/{k}"
        extra.append(Payload(json.dumps(body).encode(), 422, body["variant"]))
    extra += [Payload(out[k % len(out)].body[: 40 + k], 400, "-") for k in range(n_malformed)]
    # spread the bad ones evenly through the list
    if extra:
        step = max(1, len(out) // len(extra))
        for i, p in enumerate(extra):
            out.insert(min(len(out), i * (step + 1)), p)
    return out


def _generated(job: tuple[str, int]) -> Payload:
    from rules.generator import generate

    vid, seed = job
    body = generate(vid, seed)
    body["round_id"] = f"load/{vid}/{seed}"
    return Payload(json.dumps(body, ensure_ascii=False).encode(), 200, vid)


def request_bytes(path: str, body: bytes) -> bytes:
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("ascii") + body


# --- checking answers -------------------------------------------------------------------


@dataclass
class Checker:
    """Checks every 200 settlement: zero-sum, totals = items, same request → same bytes."""

    verify: bool = True
    seen: dict[int, bool] = field(default_factory=dict)  # hash(answer) → zero-sum and consistent
    first: dict[int, int] = field(default_factory=dict)  # payload index → hash of its first answer
    non_zero_sum: int = 0
    nondeterministic: int = 0

    def check(self, index: int, body: bytes) -> bool:
        if not self.verify:
            return True
        key = hash(body)
        ok = self.seen.get(key)
        if ok is None:
            ok = self.seen[key] = _balanced(body)
        if not ok:
            self.non_zero_sum += 1
        if self.first.setdefault(index, key) != key:
            self.nondeterministic += 1
            ok = False
        return ok


def _balanced(body: bytes) -> bool:
    try:
        answer = json.loads(body)
        totals = {s["seat"]: s["total"] for s in answer["scores"]}
        net: Counter[int] = Counter()
        for it in answer["items"]:
            if not isinstance(it["points"], int) or it["points"] <= 0:
                return False
            net[it["payee"]] += it["points"]
            net[it["payer"]] -= it["points"]
        return sum(totals.values()) == 0 and all(net[seat] == total for seat, total in totals.items())
    except (ValueError, KeyError, TypeError):
        return False


# --- the client -------------------------------------------------------------------------


@dataclass
class Result:
    name: str
    elapsed: float = 0.0
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # transport failures by kind
    unexpected: Counter[str] = field(default_factory=Counter)  # "expected→got"
    reconnects: int = 0
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    checker: Checker = field(default_factory=Checker)

    @property
    def done(self) -> int:
        return sum(self.statuses.values())

    @property
    def rate(self) -> float:
        return self.done / self.elapsed if self.elapsed else 0.0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    @property
    def failures(self) -> int:
        return sum(self.errors.values()) + sum(self.unexpected.values()) + self.checker.non_zero_sum \
            + self.checker.nondeterministic


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bool, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    length = -1
    close = False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value)
        elif name == "connection":
            close = value.strip().lower() == "close"
    body = await reader.readexactly(length) if length >= 0 else await reader.read()
    return status, close or length < 0, body


async def _connection(port: int, payloads: Sequence[Payload], wires: Sequence[bytes], result: Result,
                      start: int, stride: int, stop_at: float, budget: list[int]) -> None:
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    i = start
    while time.perf_counter() < stop_at and budget[0] > 0:
        budget[0] -= 1
        k = i % len(payloads)
        i += stride
        try:
            if reader is None or writer is None:
                reader, writer = await asyncio.open_connection(HOST, port)
                result.reconnects += 1
            t0 = time.perf_counter()
            writer.write(wires[k])
            status, close, body = await asyncio.wait_for(_read_response(reader), REQUEST_TIMEOUT)
            result.latencies.append(time.perf_counter() - t0)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ValueError) as e:
            result.errors[type(e).__name__] += 1
            if writer is not None:
                writer.close()
            reader = writer = None
            continue
        result.statuses[status] += 1
        want = payloads[k].expect
        if status != want:
            result.unexpected[f"{want}->{status}"] += 1
        elif status == 200 and result.name != "bare":
            result.checker.check(k, body)
        if close:
            writer.close()
            reader = writer = None
    if writer is not None:
        writer.close()


async def _drive(port: int, payloads: Sequence[Payload], result: Result, connections: int, seconds: float,
                 max_requests: int, path: str) -> None:
    wires = [request_bytes(path, p.body) for p in payloads]
    budget = [max_requests]
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(*(_connection(port, payloads, wires, result, c, connections, stop_at, budget)
                           for c in range(connections)))


def drive(port: int, payloads: Sequence[Payload], *, name: str = "service", connections: int = 4,
          seconds: float = 10.0, max_requests: int = 1_000_000, path: str = SETTLE_PATH,
          server_pids: Sequence[int] = (), verify: bool = True) -> Result:
    """Send ``payloads`` round-robin over ``connections`` keep-alive connections until
    ``seconds`` pass or ``max_requests`` are sent; every answer is checked."""
    result = Result(name, checker=Checker(verify=verify))
    cpu0, srv0 = time.process_time(), cpu_seconds(server_pids)
    t0 = time.perf_counter()
    asyncio.run(_drive(port, payloads, result, connections, seconds, max_requests, path))
    result.elapsed = time.perf_counter() - t0
    result.client_cpu = time.process_time() - cpu0
    result.server_cpu = cpu_seconds(server_pids) - srv0
    return result


# --- load mode --------------------------------------------------------------------------


def _row(r: Result) -> str:
    statuses = ", ".join(f"{s}: {n:,}" for s, n in sorted(r.statuses.items()))
    return (f"| {r.name} | {r.done:,} | {r.rate:,.0f} | {r.pct(0.50):.1f} | {r.pct(0.99):.1f} | {statuses} | "
            f"{r.failures} | {r.client_cpu / r.elapsed:.0%} | {r.server_cpu / r.elapsed:.2f} | "
            f"{r.done / r.server_cpu if r.server_cpu else float('nan'):,.0f} |")


def load(args: argparse.Namespace) -> int:
    env = _server_env(args)
    payloads = rounds(args.seeds)
    print(f"# Load: {len(payloads)} generated rounds across all variants, {args.connections} keep-alive connections, "
          f"{args.seconds:.0f} s or {args.max_requests:,} requests per endpoint\n")
    print(f"gunicorn: {_describe(env)}; {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    print("| endpoint | requests | req/s | p50 ms | p99 ms | statuses | failures | client CPU | server cores "
          "| req per server CPU-s |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    results: dict[str, Result] = {}
    targets = [("bare", BARE_APP), ("service", SERVICE_APP)] if not args.no_bare else [("service", SERVICE_APP)]
    for name, app in targets:
        with Server(app, env) as srv:
            pids = [srv.pid, *srv.workers()]
            drive(srv.port, payloads[:50], name=name, connections=args.connections, seconds=1.0, max_requests=2_000)
            r = drive(srv.port, payloads, name=name, connections=args.connections, seconds=args.seconds,
                      max_requests=args.max_requests, server_pids=pids)
        results[name] = r
        print(_row(r), flush=True)
    if "bare" in results:
        print(f"\nPOST /v1/settlements at {results['service'].rate / results['bare'].rate:.0%} of the bare endpoint's req/s")
    return 0 if all(r.failures == 0 for r in results.values()) else 1


MATRIX: list[tuple[str, dict[str, str]]] = [
    ("sync, 2 workers", {"SETTLE_WORKER_CLASS": "sync", "SETTLE_WORKERS": "2", "SETTLE_THREADS": "1"}),
    ("sync, 3 workers", {"SETTLE_WORKER_CLASS": "sync", "SETTLE_WORKERS": "3", "SETTLE_THREADS": "1"}),
    ("gthread, 2 workers x 2 threads", {"SETTLE_WORKER_CLASS": "gthread", "SETTLE_WORKERS": "2", "SETTLE_THREADS": "2"}),
    ("balanced gthread, 2 workers x 1 thread", {"SETTLE_WORKERS": "2", "SETTLE_THREADS": "1"}),
    ("balanced gthread, 2 workers x 2 threads", {"SETTLE_WORKERS": "2", "SETTLE_THREADS": "2"}),
    ("balanced gthread, 2 workers x 4 threads", {"SETTLE_WORKERS": "2", "SETTLE_THREADS": "4"}),
    ("balanced gthread, 3 workers x 2 threads", {"SETTLE_WORKERS": "3", "SETTLE_THREADS": "2"}),
]


def matrix(args: argparse.Namespace) -> int:
    """Each server setting in turn, ``--rounds`` times interleaved (so a noisy neighbour
    hurts all of them alike); the median of each column per setting."""
    payloads = rounds(args.seeds)
    print(f"# gunicorn settings compared: {args.connections} keep-alive connections, {args.seconds:.0f} s per run, "
          f"{args.rounds} interleaved runs each, medians; {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    runs: dict[str, list[Result]] = {name: [] for name, _ in MATRIX}
    balance: dict[str, list[float]] = {name: [] for name, _ in MATRIX}
    for _ in range(args.rounds):
        for name, env in MATRIX:
            with Server(SERVICE_APP, env) as srv:
                pids = [srv.pid, *srv.workers()]
                runs[name].append(drive(srv.port, payloads, name=name, connections=args.connections,
                                        seconds=args.seconds, max_requests=args.max_requests, server_pids=pids))
                balance[name].append(_balance(srv, len(pids) - 1))
    print("| setting | req/s | p50 ms | p99 ms | server cores | req per server CPU-s | worst balance | failures |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, results in runs.items():
        def med(f: Any, rs: list[Result] = results) -> float:
            return statistics.median(f(r) for r in rs)
        print(f"| {name} | {med(lambda r: r.rate):,.0f} | {med(lambda r: r.pct(0.5)):.1f} | {med(lambda r: r.pct(0.99)):.1f} "
              f"| {med(lambda r: r.server_cpu / r.elapsed):.2f} | {med(lambda r: r.done / r.server_cpu):,.0f} "
              f"| {min(balance[name]):.2f} | {sum(r.failures for r in results)} |")
    print("\nworst balance: over the runs, the least busy worker's share of the requests times the number of "
          "workers (1.00 = even, 0.00 = a worker idle)")
    return 0


def _balance(srv: Server, workers: int) -> float:
    """The least busy worker's share of the settlements (from the access log) × workers."""
    counts: Counter[int] = Counter()
    for line in srv.stdout_path.read_text(errors="replace").splitlines():
        if f'"path":"{SETTLE_PATH}"' in line:
            m = re.search(r'"pid":(\d+)', line)
            if m:
                counts[int(m[1])] += 1
    total = sum(counts.values())
    if not total or workers < 1:
        return float("nan")
    least = min(counts.get(pid, 0) for pid in srv.workers()) if len(counts) >= workers else 0
    return least / total * workers


def _server_env(args: argparse.Namespace) -> dict[str, str]:
    env = {}
    if args.workers:
        env["SETTLE_WORKERS"] = str(args.workers)
    if args.worker_class:
        env["SETTLE_WORKER_CLASS"] = args.worker_class
    if args.threads:
        env["SETTLE_THREADS"] = str(args.threads)
    if args.no_access_log:
        env["SETTLE_ACCESS_LOG"] = "off"
    return env


def _describe(env: Mapping[str, str]) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in sorted(env.items()) if k.startswith("SETTLE_"))
    return f"gunicorn.conf.py defaults{' + ' + shown if shown else ''}"


# --- soak mode --------------------------------------------------------------------------


def _metric(text: str, name: str, **labels: str) -> float:
    """Sum of a Prometheus sample family over series whose labels include ``labels``."""
    total = 0.0
    for m in re.finditer(rf"^{re.escape(name)}(?:\{{(.*?)\}})? (\S+)$", text, re.MULTILINE):
        have = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m[1] or ""))
        if all(have.get(k) == v for k, v in labels.items()):
            total += float(m[2])
    return total


def soak(args: argparse.Namespace) -> int:
    seconds = min(args.soak, MAX_SOAK_SECONDS)
    env = _server_env(args)
    if not args.keep_recycling:
        env["SETTLE_MAX_REQUESTS"] = "0"
    payloads = rounds(args.seeds, invalid_share=0.05, malformed_share=0.01)
    expected = Counter(p.expect for p in payloads)
    print(f"# Soak: {seconds:.0f} s at saturation, {args.connections} keep-alive connections, {len(payloads)} rounds "
          f"({expected[200]} legal across all variants, {expected[422]} impossible → 422, {expected[400]} not JSON → 400)\n")
    print(f"gunicorn: {_describe(env)}; {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    total = Result("service")
    samples: list[tuple[float, dict[int, tuple[int, int, int]]]] = []
    with Server(SERVICE_APP, env) as srv:
        workers0 = srv.workers()
        pids = [srv.pid, *workers0]
        before = get(srv.port, "/metrics")[2].decode()
        t_start = time.perf_counter()
        cpu0, srv0 = time.process_time(), cpu_seconds(pids)
        print("| t (s) | requests | req/s | p99 ms | failures | worker RSS MiB | worker private MiB |\n"
              "|---:|---:|---:|---:|---:|---|---|")
        while (left := seconds - (time.perf_counter() - t_start)) > 0.5:
            r = drive(srv.port, payloads, connections=args.connections, seconds=min(args.sample_every, left))
            _merge(total, r)
            mem = {pid: memory_kib(pid) for pid in srv.workers()}
            t = time.perf_counter() - t_start
            samples.append((t, mem))
            rss = " / ".join(f"{v[0] / 1024:.1f}" for v in mem.values())
            private = " / ".join(f"{v[1] / 1024:.1f}" for v in mem.values())
            print(f"| {t:.0f} | {total.done:,} | {r.rate:,.0f} | {r.pct(0.99):.1f} | {total.failures} | {rss} | {private} |",
                  flush=True)
        total.elapsed = time.perf_counter() - t_start
        total.client_cpu = time.process_time() - cpu0
        total.server_cpu = cpu_seconds(pids) - srv0
        workers1 = srv.workers()
        master = memory_kib(srv.pid)
        pss = sum(memory_kib(pid)[2] for pid in [srv.pid, *workers1])
        print(f"\nmaster RSS {master[0] / 1024:.1f} MiB (private {master[1] / 1024:.1f}); all gunicorn processes "
              f"together (PSS) {pss / 1024:.1f} MiB")
        after = get(srv.port, "/metrics")[2].decode()
        ready = get(srv.port, "/readyz")[0]
        stderr_tail = srv.stderr_path
    return _soak_verdict(args, total, samples, workers0, workers1, before, after, ready, stderr_tail)


def _merge(total: Result, r: Result) -> None:
    total.latencies += r.latencies
    total.statuses.update(r.statuses)
    total.errors.update(r.errors)
    total.unexpected.update(r.unexpected)
    total.reconnects += r.reconnects
    total.checker.non_zero_sum += r.checker.non_zero_sum
    total.checker.nondeterministic += r.checker.nondeterministic


def _soak_verdict(args: argparse.Namespace, total: Result, samples: list[tuple[float, dict[int, tuple[int, int, int]]]],
                  workers0: list[int], workers1: list[int], before: str, after: str, ready: int,
                  stderr_path: Path) -> int:
    settled = _metric(after, "settle_settlements_total", outcome="settled") - \
        _metric(before, "settle_settlements_total", outcome="settled")
    rejected = _metric(after, "settle_settlements_total", outcome="rejected") - \
        _metric(before, "settle_settlements_total", outcome="rejected")
    http_200 = _metric(after, "settle_http_requests_total", endpoint=SETTLE_PATH, status="200") - \
        _metric(before, "settle_http_requests_total", endpoint=SETTLE_PATH, status="200")
    tracebacks = stderr_path.read_text(errors="replace").count("Traceback")
    growth = _growth(samples, workers1, args.warmup_share)
    print(f"\n{total.done:,} requests in {total.elapsed:.0f} s = {total.rate:,.0f} req/s; p50 {total.pct(0.5):.1f} ms, "
          f"p99 {total.pct(0.99):.1f} ms; statuses {dict(sorted(total.statuses.items()))}")
    print(f"failures: transport {dict(total.errors) or 0}, unexpected status {dict(total.unexpected) or 0}, "
          f"non-zero-sum {total.checker.non_zero_sum}, nondeterministic {total.checker.nondeterministic}, "
          f"tracebacks in the server log {tracebacks}")
    print(f"client CPU {total.client_cpu / total.elapsed:.0%} of a core; server {total.server_cpu / total.elapsed:.2f} cores")
    print(f"workers {workers0} → {workers1} ({'same processes' if workers0 == workers1 else 'REPLACED'}); "
          f"/readyz at the end: {ready}")
    print(f"/metrics: settled {settled:,.0f} (client saw {total.statuses[200]:,}), rejected {rejected:,.0f} "
          f"(client saw {total.statuses[422]:,}), http 200 on {SETTLE_PATH} {http_200:,.0f}")
    for pid, (first, last, limit) in growth.items():
        print(f"worker {pid}: private memory {first / 1024:.1f} → {last / 1024:.1f} MiB after warm-up "
              f"(allowed growth {limit / 1024:.1f} MiB)")
    flat = all(last - first <= limit for first, last, limit in growth.values())
    counts_agree = settled == total.statuses[200] and rejected == total.statuses[422] and http_200 == total.statuses[200]
    ok = (total.failures == 0 and tracebacks == 0 and flat and counts_agree and ready == 200
          and (args.keep_recycling or workers0 == workers1) and total.done > 0)
    print(f"\nverdict: {'PASS' if ok else 'FAIL'} (flat memory: {flat}, zero failures: {total.failures == 0}, "
          f"metrics agree with the client: {counts_agree})")
    return 0 if ok else 1


def _growth(samples: list[tuple[float, dict[int, tuple[int, int, int]]]], workers: list[int],
            warmup_share: float) -> dict[int, tuple[int, int, int]]:
    """Per worker: private memory at the end of warm-up, at the end, and the growth allowed
    (2 MiB or 5 %, whichever is larger: allocator noise, not a trend)."""
    out = {}
    if not samples:
        return out
    t_end = samples[-1][0]
    steady = [mem for t, mem in samples if t >= warmup_share * t_end] or [samples[-1][1]]
    for pid in workers:
        series = [mem[pid][1] for mem in steady if pid in mem]
        if len(series) >= 2:
            first = int(statistics.median(series[: max(1, len(series) // 4)]))
            last = int(statistics.median(series[-max(1, len(series) // 4):]))
            out[pid] = (first, last, max(2048, first // 20))
    return out


# --- entry point ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0, help="load: seconds per endpoint (default 10)")
    ap.add_argument("--max-requests", type=int, default=200_000, help="load: at most this many requests per endpoint")
    ap.add_argument("--connections", type=int, default=4, help="concurrent keep-alive connections (default 4)")
    ap.add_argument("--seeds", type=int, help="generated rounds per variant (default 25; soak 250)")
    ap.add_argument("--workers", type=int, help="SETTLE_WORKERS for the servers (default: the config's)")
    ap.add_argument("--worker-class", choices=("sync", "gthread"), help="SETTLE_WORKER_CLASS")
    ap.add_argument("--threads", type=int, help="SETTLE_THREADS (gthread)")
    ap.add_argument("--no-access-log", action="store_true", help="SETTLE_ACCESS_LOG=off")
    ap.add_argument("--no-bare", action="store_true", help="load: skip the bare Flask reference")
    ap.add_argument("--soak", type=float, metavar="SECONDS", help=f"soak for this long (at most {MAX_SOAK_SECONDS})")
    ap.add_argument("--sample-every", type=float, default=10.0, help="soak: seconds between memory samples")
    ap.add_argument("--warmup-share", type=float, default=0.2, help="soak: share of the run ignored for memory")
    ap.add_argument("--keep-recycling", action="store_true", help="soak: leave max_requests on")
    ap.add_argument("--matrix", action="store_true", help="compare gunicorn settings (sync/gthread, workers, threads)")
    ap.add_argument("--rounds", type=int, default=3, help="matrix: interleaved runs per setting (default 3)")
    args = ap.parse_args(argv)
    if args.seeds is None:
        args.seeds = 250 if args.soak else 25
    if args.matrix:
        return matrix(args)
    return soak(args) if args.soak else load(args)


if __name__ == "__main__":
    sys.exit(main())
