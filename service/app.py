"""The app factory: ``service.create_app(config=None)``."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, g, request

from . import problems
from .api import bp as api_bp
from .contract_files import load_contract
from .ops import bp as ops_bp

DEFAULTS: Mapping[str, Any] = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,  # 1 MiB; a round is a few kB
}
# What we echo back: visible ASCII, bounded; anything else is replaced by a fresh id
# rather than rejected, so a caller's odd header never costs it an answer.
_REQUEST_ID = re.compile(r"[\x21-\x7e]{1,128}")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app. ``config`` overrides Flask config keys, e.g.
    ``{"MAX_CONTENT_LENGTH": 64 * 1024}`` for a smaller body limit."""
    app = Flask(__name__, static_folder=None)
    app.config.update(DEFAULTS)
    if config:
        app.config.update(config)
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    app.extensions["contract"] = load_contract()

    problems.register(app)
    app.register_blueprint(api_bp)
    app.register_blueprint(ops_bp)
    app.before_request(_take_request_id)
    app.after_request(_finish)
    logging.getLogger("service").setLevel(logging.INFO)
    return app


def _take_request_id() -> None:
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


def _finish(resp: Response) -> Response:
    rid = g.get("request_id") or uuid.uuid4().hex
    resp.headers["X-Request-ID"] = rid
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    return resp
