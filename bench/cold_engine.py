"""The engine warm and cold: µs per settlement alone in a loop, and with other work run
between two settlements, as a server does (docs/performance.md, "the engine, run in place").

    .venv/bin/python bench/cold_engine.py [--passes 3]

Three ways of settling the same 160 generated rounds, interleaved pass by pass so a
drift of the machine touches all of them alike:

* ``alone``: one settlement after another (what ``bench/run.py`` measures per variant);
* ``1 echo`` / ``3 echoes``: one or three requests to the bare Flask echo app
  (bench/bare_app.py, in-process through WSGI) before each settlement;
* ``8 MB copied``: a copy of 8 MB (every cache level but the last flushed) before each.

Only the settlement is timed. Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bare_app import create_app
from rules._native import engine
from rules.api import settle
from rules.generator import generate
from rules.variants import REGISTRY

ECHO = create_app()
_SCRATCH = (bytearray(8 << 20), bytearray(8 << 20))


def echo(body: bytes) -> None:
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/v1/settlements", "SERVER_NAME": "bench", "SERVER_PORT": "80",
               "wsgi.url_scheme": "http", "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
               "wsgi.input": io.BytesIO(body), "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.errors": sys.stderr}
    b"".join(ECHO(environ, lambda *_: None))


def copy_8mb(_: bytes) -> None:
    _SCRATCH[0][:] = _SCRATCH[1]


def one_pass(rounds: list[dict[str, object]], payloads: list[bytes], between: Callable[[bytes], None] | None,
             times: int) -> float:
    """Seconds spent settling, one pass over the rounds with ``times`` calls of ``between`` before each."""
    spent = 0.0
    for i, body in enumerate(rounds):
        if between is not None:
            for k in range(times):
                between(payloads[(7 * i + k) % len(payloads)])
        start = time.perf_counter()
        settle(body)
        spent += time.perf_counter() - start
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--passes", type=int, default=3)
    args = ap.parse_args()
    rounds = [generate(vid, seed) for vid in sorted(REGISTRY) for seed in range(20)]
    payloads = [json.dumps(r).encode() for r in rounds]
    ways: dict[str, tuple[Callable[[bytes], None] | None, int]] = {
        "alone": (None, 0), "1 echo": (echo, 1), "3 echoes": (echo, 3), "8 MB copied": (copy_8mb, 1)}
    for way in ways.values():  # warm: the per-suit tables, first calls
        one_pass(rounds, payloads, *way)
    spent: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.passes):
        for name, way in ways.items():
            spent[name].append(one_pass(rounds, payloads, *way) / len(rounds))
    print(f"## The engine warm and cold ({engine()} build, {len(rounds)} generated rounds, {args.passes} passes)\n")
    print("| between two settlements | µs per settlement, each pass | median | × alone |\n|---|---|---:|---:|")
    alone = statistics.median(spent["alone"])
    for name, per in spent.items():
        median = statistics.median(per)
        print(f"| {name} | {' / '.join(f'{s * 1e6:.0f}' for s in per)} | {median * 1e6:.0f} | {median / alone:.2f} |")


if __name__ == "__main__":
    main()
