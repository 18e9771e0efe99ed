"""Prometheus metrics, correct under several gunicorn workers.

Series (all prefixed ``settle_``):

* ``http_requests_total{method, endpoint, status}`` and
  ``http_request_duration_seconds{method, endpoint}`` (histogram): every request,
  ``endpoint`` being the route (``/v1/variants/<variant_id>``), never the raw path,
  so a scanner cannot blow up the series count; unknown paths are ``<unmatched>``;
* ``http_requests_in_progress``: summed over the live workers;
* ``settlements_total{variant, outcome}``: rounds settled (``outcome="settled"``) or
  refused with 422 (``"rejected"``) by variant (``<unknown>`` for a variant this
  build does not have: the label set stays bounded);
* ``rejections_total{variant, code}``: each 422 reason code, once per rejected round.

**Several workers.** Each gunicorn worker is its own process with its own counters.
``gunicorn.conf.py`` sets ``PROMETHEUS_MULTIPROC_DIR`` before the app is imported, so
``prometheus_client`` keeps every value in a per-process file there, ``/metrics``
(answered by whichever worker gets the scrape) adds up all of them, and
:func:`worker_exited` (gunicorn's ``child_exit`` hook, in the master) drops a dead
worker's live gauge and folds its counters into one archive file: workers recycled
by ``max_requests`` neither lose their counts nor leave a growing pile of files. With
no such directory (the Flask test client, a plain ``flask run``) the same metrics live
in this process's registry.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from flask import Blueprint, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.mmap_dict import MmapedDict, mmap_key
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

from rules.variants import REGISTRY

ENV = "PROMETHEUS_MULTIPROC_DIR"
UNMATCHED = "<unmatched>"
UNKNOWN_VARIANT = "<unknown>"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_LOCK_FILE = "merge.lock"

# A settlement takes about a millisecond in the app; the buckets resolve that and still
# show a slow tail up to seconds.
BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.5, 5.0)

REGISTRY_LOCAL = CollectorRegistry(auto_describe=True)

REQUESTS = Counter("settle_http_requests_total", "HTTP requests answered, by route and status.",
                   ("method", "endpoint", "status"), registry=REGISTRY_LOCAL)
LATENCY = Histogram("settle_http_request_duration_seconds", "Time in the app per request, by route.",
                    ("method", "endpoint"), buckets=BUCKETS, registry=REGISTRY_LOCAL)
IN_PROGRESS = Gauge("settle_http_requests_in_progress", "Requests being answered now.",
                    registry=REGISTRY_LOCAL, multiprocess_mode="livesum")
SETTLEMENTS = Counter("settle_settlements_total", "Rounds settled (200) or rejected (422), by variant.",
                      ("variant", "outcome"), registry=REGISTRY_LOCAL)
REJECTIONS = Counter("settle_rejections_total", "Reasons rounds were rejected (422 error codes), once per round.",
                     ("variant", "code"), registry=REGISTRY_LOCAL)


def multiprocess_dir() -> str | None:
    path = os.environ.get(ENV)
    return path if path and os.path.isdir(path) else None


def variant_label(variant: object) -> str:
    return variant if isinstance(variant, str) and variant in REGISTRY else UNKNOWN_VARIANT


def method_label(method: str) -> str:
    return method if method in _METHODS else "OTHER"


# Labelled children, looked up once: ``labels()`` validates and locks on every call, a
# dict get does not. The keys are the bounded label sets above, so the dicts stay small.
#
# What is kept is the child's value store itself (prometheus_client's ``_value``, and a
# histogram's ``_sum``, ``_buckets``, ``_upper_bounds``): ``inc``/``observe`` only add
# argument checks around the same ``_value.inc`` call (-20 % of the metrics' instructions
# per request). The exposition is the same; tests/ops/test_metrics.py scrapes it.
Inc = Callable[[float], None]


def _inc(metric: Any) -> Inc:
    """``metric.inc`` without its checks (unlabelled, or a labelled child; never most-recent gauges)."""
    inc: Inc = metric._value.inc
    return inc


class _Latency:
    """One histogram child: ``observe(seconds)`` as prometheus_client does it (the sum, then the
    first bucket whose bound is >= seconds; the last bound is +Inf), with one bisect for the loop."""

    __slots__ = ("bounds", "buckets", "total")

    def __init__(self, child: Any) -> None:
        self.bounds: list[float] = child._upper_bounds
        self.buckets: list[Inc] = [b.inc for b in child._buckets]
        self.total: Inc = child._sum.inc

    def observe(self, seconds: float) -> None:
        self.total(seconds)
        if seconds <= self.bounds[-1]:  # always, but NaN: prometheus_client counts it in no bucket
            self.buckets[bisect_left(self.bounds, seconds)](1.0)


_requests: dict[tuple[str, str, int], Inc] = {}
_latency: dict[tuple[str, str], _Latency] = {}
_settlements: dict[tuple[str, str], Inc] = {}
in_progress_inc: Inc = _inc(IN_PROGRESS)


def observe_request(method: str, endpoint: str | None, status: int, seconds: float) -> None:
    m = method if method in _METHODS else "OTHER"
    e = endpoint or UNMATCHED
    inc = _requests.get((m, e, status))
    if inc is None:
        inc = _requests[m, e, status] = _inc(REQUESTS.labels(m, e, str(status)))
    inc(1.0)
    histogram = _latency.get((m, e))
    if histogram is None:
        histogram = _latency[m, e] = _Latency(LATENCY.labels(m, e))
    histogram.observe(seconds)


def _settlement(variant: str, outcome: str) -> Inc:
    inc = _settlements.get((variant, outcome))
    if inc is None:
        inc = _settlements[variant, outcome] = _inc(SETTLEMENTS.labels(variant, outcome))
    return inc


def count_settled(variant: object) -> None:
    _settlement(variant_label(variant), "settled")(1.0)


def count_rejected(variant: object, codes: Iterable[str]) -> None:
    v = variant_label(variant)
    _settlement(v, "rejected")(1.0)
    for code in sorted(set(codes)):
        REJECTIONS.labels(v, code).inc()


# --- exposition -------------------------------------------------------------------------

bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
def metrics() -> Response:
    path = multiprocess_dir()
    if path is None:
        return Response(generate_latest(REGISTRY_LOCAL), mimetype=CONTENT_TYPE_LATEST)
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=path)  # type: ignore[no-untyped-call]
    with _locked(path, fcntl.LOCK_SH):
        data = generate_latest(registry)
    return Response(data, mimetype=CONTENT_TYPE_LATEST)


# --- gunicorn hooks (master process) ------------------------------------------------------


def clear_dir(path: str) -> None:
    """Remove values left by an earlier server in ``path`` (a restarted container)."""
    for f in Path(path).glob("*.db"):
        f.unlink(missing_ok=True)


def worker_exited(pid: int, path: str | None = None) -> None:
    """A worker is gone: drop its live gauge and fold its counters into the archive."""
    path = path or multiprocess_dir()
    if path is None:
        return
    mark_process_dead(pid, path)  # type: ignore[no-untyped-call]
    with _locked(path, fcntl.LOCK_EX):
        for kind in ("counter", "histogram"):
            _archive(Path(path), kind, pid)


def _archive(path: Path, kind: str, pid: int) -> None:
    dead = path / f"{kind}_{pid}.db"
    if not dead.exists():
        return
    archive = path / f"{kind}_archive.db"
    sources = [str(dead), *([str(archive)] if archive.exists() else [])]
    merged = MultiProcessCollector.merge(sources, accumulate=False)  # type: ignore[no-untyped-call]
    tmp = path / f"{kind}_archive.tmp"  # not *.db: a scrape never reads a half-written file
    tmp.unlink(missing_ok=True)
    out = MmapedDict(str(tmp))  # type: ignore[no-untyped-call]
    try:
        for metric in merged:
            for s in metric.samples:
                labels = dict(s.labels)
                key = mmap_key(metric.name, s.name, list(labels), list(labels.values()), metric.documentation)
                out.write_value(key, s.value, s.timestamp or 0.0)  # type: ignore[no-untyped-call]
    finally:
        out.close()  # type: ignore[no-untyped-call]
    os.replace(tmp, archive)
    dead.unlink()


@contextlib.contextmanager
def _locked(path: str | Path, how: int) -> Iterator[None]:
    """A scrape (shared) never sees a dead worker's counts twice or not at all while the
    master (exclusive) moves them into the archive."""
    fd = os.open(os.path.join(path, _LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, how)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
