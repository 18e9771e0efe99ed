"""Health probes, the contract (YAML and JSON) and the docs page (the support page is ``page.py``)."""

from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response, current_app

from rules.variants import REGISTRY

from . import health
from .contract_files import Contract
from .jsonio import json_response
from .problems import ProblemError

bp = Blueprint("ops", __name__)

_STATIC = resources.files("service").joinpath("static")
_PAGES = {name: _STATIC.joinpath(name).read_bytes() for name in ("docs.html",)}


def _contract() -> Contract:
    c: Contract = current_app.extensions["contract"]
    return c


def _html(name: str) -> Response:
    resp = Response(_PAGES[name], mimetype="text/html")
    # the pages are self-contained: scripts and styles inline, data from this origin only
    resp.headers["Content-Security-Policy"] = (
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'")
    return resp


@bp.get("/livez")
def livez() -> Response:
    return json_response({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response:
    # The contract is loaded at start-up (the app does not start without it); the rule
    # tables are warmed at the end of create_app(); a stopping worker drains (service.health).
    _contract()
    why = health.of(current_app).problem()
    if why is not None:
        raise ProblemError(503, "Service Unavailable", why, headers={"Retry-After": "5"})
    return json_response({"status": "ready", "variants": len(REGISTRY)})


@bp.get("/openapi.yaml")
def contract_yaml() -> Response:
    return Response(_contract().yaml_bytes, mimetype="application/yaml")


@bp.get("/openapi.json")
def contract_json() -> Response:
    return Response(_contract().json_bytes, mimetype="application/json")


@bp.get("/docs")
def docs() -> Response:
    return _html("docs.html")

