"""Per-request bookkeeping that feeds the metrics and the request log.

``create_app`` runs :func:`begin` before and :func:`finish` after every request; a view
that settles a round tells what it saw with :func:`note_round` (the request's variant
and round id) and :func:`note_answer` (the settlement's digest); a problem answer
records itself with :func:`note_problem`. Everything lives on ``flask.g``, so a request
that never reaches a view (404, 405, 413) is still counted and logged.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from flask import Response, g, request

from . import metrics
from .logging_json import log_request

# Probes and scrapes come every few seconds from the platform: counted, not logged by
# the app (gunicorn's access log still has them).
QUIET_PATHS = frozenset({"/livez", "/readyz", "/metrics"})


def begin() -> None:
    g.t0 = time.perf_counter()
    g.in_progress = True
    metrics.IN_PROGRESS.inc()


def note_round(body: Mapping[str, Any]) -> None:
    """The settlement request being answered (its variant and round id, never its hands)."""
    g.round = (body.get("variant"), body.get("round_id"))


def note_answer(answer: Mapping[str, Any]) -> None:
    g.digest = answer.get("digest")


def note_problem(problem: Any) -> None:
    """Called by the problem responder with the :class:`~service.problems.ProblemError`."""
    g.problem = problem


def finish(resp: Response) -> None:
    """Count and log the request (called from ``after_request``: every answer passes here)."""
    t0 = g.pop("t0", None)
    seconds = time.perf_counter() - t0 if t0 is not None else 0.0
    rule = request.url_rule
    endpoint = rule.rule if rule is not None else None
    status = resp.status_code
    metrics.observe_request(request.method, endpoint, status, seconds)
    problem = g.get("problem")
    codes = [e.code for e in problem.errors] if problem is not None and status == 422 else []
    round_ = g.get("round")
    variant: object = None
    round_id: object = None
    if round_ is not None:
        variant, round_id = round_
        if status == 200:
            metrics.count_settled(variant)
        elif status == 422:
            metrics.count_rejected(variant, codes)
    if request.path in QUIET_PATHS and status < 400:
        return
    fields: dict[str, Any] = {
        "request_id": g.get("request_id"),
        "method": request.method,
        "endpoint": endpoint or metrics.UNMATCHED,
        "status": status,
        "duration_ms": round(seconds * 1000, 3),
    }
    if round_ is not None:
        fields.update(variant=variant if isinstance(variant, str) else None,
                      round_id=round_id if isinstance(round_id, str) else None,
                      digest=g.get("digest"),
                      outcome="settled" if status == 200 else "rejected" if status == 422 else "error")
    if codes:
        fields["codes"] = sorted(set(codes))
    errors = [e.to_dict() for e in problem.errors] if problem is not None else None
    log_request(fields, errors)


def end() -> None:
    """``teardown_request``: runs even when no response could be made (and for contexts
    pushed by hand, which never began: those are not counted)."""
    if g.pop("in_progress", False):
        metrics.IN_PROGRESS.dec()
