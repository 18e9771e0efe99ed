"""The app factory: ``service.create_app(config=None)``."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, g, request
from werkzeug.exceptions import ClientDisconnected

from . import health, observe, problems
from .api import bp as api_bp
from .contract_files import load_contract
from .metrics import bp as metrics_bp
from .ops import bp as ops_bp
from .page import bp as page_bp

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
    app.register_error_handler(ClientDisconnected, _on_short_body)
    app.register_blueprint(api_bp)
    app.register_blueprint(ops_bp)
    app.register_blueprint(page_bp)
    app.register_blueprint(metrics_bp)
    app.before_request(_take_request_id)
    app.after_request(_finish)
    app.teardown_request(_end)
    service_log = logging.getLogger("service")
    if service_log.level == logging.NOTSET:  # gunicorn's logger class sets it from its loglevel
        service_log.setLevel(logging.INFO)
    health.install(app)
    health.warm_up(app)  # last: /readyz is 503 until the rule tables are loaded and exercised
    return app


def _take_request_id() -> None:
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
    observe.begin()


def _finish(resp: Response) -> Response:
    rid = g.get("request_id") or uuid.uuid4().hex
    resp.headers["X-Request-ID"] = rid
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    observe.finish(resp)
    return resp


def _end(_exc: BaseException | None) -> None:
    observe.end()


def _on_short_body(_e: ClientDisconnected) -> Response:
    # The body ended before its Content-Length: the client went away, or went quiet for
    # longer than the socket timeout gunicorn.conf.py sets (SETTLE_CLIENT_TIMEOUT).
    return problems.problem_response(problems.ProblemError(
        408, "Request Timeout", "the request body stopped arriving before it was complete"))
