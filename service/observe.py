"""Per-request bookkeeping that feeds the metrics and the request log.

``create_app`` runs :func:`begin` before and :func:`finish` after every request; a view
that settles a round tells what it saw with :func:`note_round` (the request's variant
and round id) and :func:`note_answer` (the settlement's digest); a problem answer
records itself with :func:`note_problem`. Everything lives in one :class:`Seen` on
``flask.g``, so a request that never reaches a view (404, 405, 413) is still counted
and logged.

Speed: ``flask.g`` and ``flask.request`` are proxies, and each attribute read through
one costs ~8,000 instructions (a settlement request read about twenty). So the hooks
resolve each proxy once (:func:`current_g`, :func:`current_request`) and read the
objects themselves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from flask import Flask, Request, Response, g, request
from flask import current_app as flask_current_app

from . import metrics
from .logging_json import log_request

if TYPE_CHECKING:
    from flask.ctx import _AppCtxGlobals

# Probes and scrapes come every few seconds from the platform: counted, not logged by
# the app (gunicorn's access log still has them).
QUIET_PATHS = frozenset({"/livez", "/readyz", "/metrics"})

# The objects behind the proxies (werkzeug's LocalProxy._get_current_object, bound once).
current_g: Callable[[], _AppCtxGlobals] = cast(Any, g)._get_current_object
current_request: Callable[[], Request] = cast(Any, request)._get_current_object
current_app: Callable[[], Flask] = cast(Any, flask_current_app)._get_current_object


class Seen:
    """What one request was and did (``g.observed``)."""

    __slots__ = ("digest", "in_progress", "problem", "request_id", "round", "t0")

    def __init__(self, request_id: str | None = None, t0: float | None = None) -> None:
        self.request_id = request_id
        self.t0 = t0
        self.in_progress = False
        self.round: tuple[object, object] | None = None
        self.digest: object = None
        self.problem: Any = None


def seen() -> Seen:
    """This request's :class:`Seen` (a fresh one if :func:`begin` did not run, e.g. a
    problem raised before it)."""
    globals_ = current_g()
    found: Seen | None = getattr(globals_, "observed", None)
    if found is None:
        found = globals_.observed = Seen()
    return found


def begin(request_id: str) -> None:
    s = Seen(request_id, time.perf_counter())
    s.in_progress = True
    current_g().observed = s
    metrics.in_progress_inc(1.0)


def note_round(body: Mapping[str, Any]) -> None:
    """The settlement request being answered (its variant and round id, never its hands)."""
    seen().round = (body.get("variant"), body.get("round_id"))


def note_answer(answer: Mapping[str, Any]) -> None:
    seen().digest = answer.get("digest")


def note_problem(problem: Any) -> None:
    """Called by the problem responder with the :class:`~service.problems.ProblemError`."""
    seen().problem = problem


def finish(resp: Response, s: Seen) -> None:
    """Count and log the request (called from ``after_request``: every answer passes here)."""
    t0, s.t0 = s.t0, None
    seconds = time.perf_counter() - t0 if t0 is not None else 0.0
    req = current_request()
    rule = req.url_rule
    endpoint = rule.rule if rule is not None else None
    status = resp.status_code
    method = req.method
    metrics.observe_request(method, endpoint, status, seconds)
    problem = s.problem
    codes = [e.code for e in problem.errors] if problem is not None and status == 422 else []
    round_ = s.round
    variant: object = None
    round_id: object = None
    if round_ is not None:
        variant, round_id = round_
        if status == 200:
            metrics.count_settled(variant)
        elif status == 422:
            metrics.count_rejected(variant, codes)
    if status < 400 and req.path in QUIET_PATHS:
        return
    fields: dict[str, Any] = {
        "request_id": s.request_id,
        "method": method,
        "endpoint": endpoint or metrics.UNMATCHED,
        "status": status,
        "duration_ms": round(seconds * 1000, 3),
    }
    if round_ is not None:
        fields["variant"] = variant if isinstance(variant, str) else None
        fields["round_id"] = round_id if isinstance(round_id, str) else None
        fields["digest"] = s.digest
        fields["outcome"] = "settled" if status == 200 else "rejected" if status == 422 else "error"
    if codes:
        fields["codes"] = sorted(set(codes))
    errors = [e.to_dict() for e in problem.errors] if problem is not None else None
    log_request(fields, errors)


def end() -> None:
    """``teardown_request``: runs even when no response could be made (and for contexts
    pushed by hand, which never began: those are not counted)."""
    s: Seen | None = getattr(current_g(), "observed", None)
    if s is not None and s.in_progress:
        s.in_progress = False
        metrics.in_progress_inc(-1.0)
