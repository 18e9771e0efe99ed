"""Health probes, the contract (YAML and JSON), the docs page and the start page."""

from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response, current_app

from rules.variants import REGISTRY

from .contract_files import Contract
from .jsonio import json_response
from .problems import ProblemError

bp = Blueprint("ops", __name__)

_STATIC = resources.files("service").joinpath("static")
_PAGES = {name: _STATIC.joinpath(name).read_bytes() for name in ("index.html", "docs.html")}


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
    # The contract is loaded at start-up (the app does not start without it); with no
    # variant registered there is nothing this service could settle.
    _contract()
    if not REGISTRY:
        raise ProblemError(503, "Service Unavailable", "no variant is registered")
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


@bp.get("/")
def home() -> Response:
    return _html("index.html")
