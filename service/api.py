"""``/v1``: variants, settlements, hand analysis. Shape checks here, rules in ``rules.api``."""

from __future__ import annotations

import logging
import os
from typing import Any

from flask import Blueprint, Response, current_app, request

from rules import api as engine
from rules.batch import Summary
from rules.errors import InvalidRound, RoundError
from rules.variants import REGISTRY

from . import observe
from .jsonio import json_response, read_json_object
from .problems import INTERNAL, INVALID_REQUEST, ProblemError, invalid, problem_body
from .schemas import ANALYZE, ROUND, batch_errors, shape_errors

bp = Blueprint("v1", __name__, url_prefix="/v1")
log = logging.getLogger(__name__)

# Batch limits: Flask config keys (``create_app({"BATCH_MAX_ROUNDS": 100})``), else the
# environment (``SETTLE_BATCH_MAX_ROUNDS``, ``SETTLE_BATCH_MAX_BYTES``) for gunicorn.
BATCH_MAX_ROUNDS = int(os.environ.get("SETTLE_BATCH_MAX_ROUNDS") or 1000)
# A round is 1-4 kB, so 1,000 of them do not fit the 1 MiB single-round body limit.
BATCH_MAX_CONTENT_LENGTH = int(os.environ.get("SETTLE_BATCH_MAX_BYTES") or 8 * 1024 * 1024)


@bp.get("/variants")
def list_variants() -> Response:
    return json_response({"variants": engine.list_variants()})


@bp.get("/variants/<variant_id>")
def describe_variant(variant_id: str) -> Response:
    if variant_id not in REGISTRY:
        raise ProblemError(404, "Not Found", f"no variant {variant_id!r}; GET /v1/variants lists them")
    return json_response(engine.describe_variant(variant_id))


@bp.post("/settlements")
def settle() -> Response:
    body = read_json_object(observe.current_request())  # the request itself, not its proxy: cheaper reads
    observe.note_round(body)
    errors = shape_errors(ROUND, body)
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    answer = engine.settle(body)
    observe.note_answer(answer)
    return json_response(answer)


@bp.post("/settlements/batch")
def settle_batch() -> Response:
    config = current_app.config
    request.max_content_length = config.get("BATCH_MAX_CONTENT_LENGTH", BATCH_MAX_CONTENT_LENGTH)
    body = read_json_object(request)
    errors = batch_errors(body, config.get("BATCH_MAX_ROUNDS", BATCH_MAX_ROUNDS))
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    return json_response(batch_answer(body["rounds"]))


def batch_answer(rounds: list[Any], path: str = "/v1/settlements/batch") -> dict[str, Any]:
    """One result per round, in order (a settlement or a problem), and the summary."""
    summary = Summary()
    results: list[dict[str, Any]] = []
    for i, round_ in enumerate(rounds):
        try:
            answer = _settle_slot(round_)
            summary.add({"status": 200, "settlement": answer})
            results.append(answer)
        except ProblemError as p:
            summary.add({"status": p.status})
            results.append(problem_body(p, f"{path}#/rounds/{i}"))
    return {"results": results, "summary": summary.to_dict()}


def _settle_slot(round_: object) -> dict[str, Any]:
    """One round of a batch: its settlement, or the problem ``POST /v1/settlements`` would answer."""
    if not isinstance(round_, dict):
        raise invalid([RoundError("invalid_type", "", "a round must be a JSON object")], INVALID_REQUEST)
    errors = shape_errors(ROUND, round_)
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    try:
        return engine.settle(round_)
    except InvalidRound as e:
        raise invalid(e.errors) from None
    except Exception:  # a bug on one round must not cost the other rounds their answers
        log.exception("unhandled error settling one round of a batch")
        raise ProblemError(500, "Internal Server Error", "the service failed on this round; it has been logged",
                           type_=INTERNAL) from None


@bp.post("/hands/analyze")
def analyze() -> Response:
    body = read_json_object(request)
    errors = shape_errors(ANALYZE, body)
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    return json_response(engine.analyze(body))
