"""``/v1``: variants, settlements, hand analysis. Shape checks here, rules in ``rules.api``."""

from __future__ import annotations

from flask import Blueprint, Response, request

from rules import api as engine
from rules.variants import REGISTRY

from .jsonio import json_response, read_json_object
from .problems import INVALID_REQUEST, ProblemError, invalid
from .schemas import ANALYZE, ROUND, shape_errors

bp = Blueprint("v1", __name__, url_prefix="/v1")


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
    body = read_json_object(request)
    errors = shape_errors(ROUND, body)
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    return json_response(engine.settle(body))


@bp.post("/hands/analyze")
def analyze() -> Response:
    body = read_json_object(request)
    errors = shape_errors(ANALYZE, body)
    if errors:
        raise invalid(errors, INVALID_REQUEST)
    return json_response(engine.analyze(body))
