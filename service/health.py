"""Readiness: loaded (rule tables warmed, once, at start-up) and not draining.

``/readyz`` answers 200 only when both hold. Two facts make it false:

* **not loaded yet**: :func:`warm_up` runs at the end of ``create_app()``. It loads
  every variant's tables (options, flags, pattern table) and settles one generated
  round of each, so a broken build fails at boot (the pod never becomes ready and a
  rollout stops with the old pods serving) and the first real request is not the one
  paying for cold caches. Under gunicorn with ``preload_app`` this happens in the
  master before the port is even opened;
* **draining**: set in a worker when gunicorn asks it to stop (SIGTERM, installed by
  ``gunicorn.conf.py``'s ``post_worker_init`` through :func:`drain_on_sigterm`). The
  worker keeps answering in-flight requests (and requests arriving on its open
  keep-alive connections) for ``graceful_timeout``, but tells probes it is going away.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from types import FrameType

from flask import Flask

from rules.api import describe_variant, settle
from rules.generator import generate
from rules.variants import REGISTRY

log = logging.getLogger(__name__)

_EXTENSION = "health"
_draining = threading.Event()  # per process: a gunicorn worker is one process


class Health:
    """The app's readiness facts (``app.extensions["health"]``)."""

    def __init__(self) -> None:
        self.loaded = False
        self.variants = 0
        self.warm_up_ms = 0.0

    @property
    def draining(self) -> bool:
        return _draining.is_set()

    def problem(self) -> str | None:
        """Why the app is not ready, or ``None`` when it is."""
        if not self.loaded:
            return "the rule tables are not loaded yet"
        if self.draining:
            return "shutting down: finishing in-flight requests"
        if not self.variants:
            return "no variant is registered"
        return None


def of(app: Flask) -> Health:
    h: Health = app.extensions[_EXTENSION]
    return h


def install(app: Flask) -> Health:
    h = Health()
    app.extensions[_EXTENSION] = h
    return h


def warm_up(app: Flask) -> None:
    """Load and exercise every variant's tables, then mark the app loaded."""
    h = of(app)
    start = time.perf_counter()
    for variant_id in REGISTRY:
        describe_variant(variant_id)
        settle(generate(variant_id, 0))
    h.variants = len(REGISTRY)
    h.warm_up_ms = (time.perf_counter() - start) * 1000
    h.loaded = True
    log.info("rule tables loaded", extra={"variants": h.variants, "warm_up_ms": round(h.warm_up_ms, 1)})


def start_draining() -> None:
    _draining.set()


def stop_draining() -> None:
    """For tests that drained an in-process app."""
    _draining.clear()


def drain_on_sigterm() -> None:
    """Chain a "now draining" mark in front of the current SIGTERM handler (gunicorn's)."""
    previous = signal.getsignal(signal.SIGTERM)

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        start_draining()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, on_sigterm)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn has it: do not break system calls of a request
