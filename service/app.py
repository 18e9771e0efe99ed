"""The app factory: ``service.create_app(config=None)``."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping
from types import FunctionType
from typing import Any

from flask import Flask, Response
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
# uuid4().hex without the UUID object (a third of its instructions): 128 random bits with
# the version (4) and variant (RFC 4122) bits set as uuid.UUID(version=4) sets them.
_UUID4_CLEAR = ~(0xC000 << 48 | 0xF000 << 64)
_UUID4_SET = 0x8000 << 48 | 4 << 76


class _Flask(Flask):
    """Flask, remembering which plain functions need no async wrapping: ``ensure_sync``
    asks ``inspect`` about every hook and view on every request (~9 k instructions)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync_functions: set[Callable[..., Any]] = set()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if func in self._sync_functions:
            return func
        synced = super().ensure_sync(func)
        if synced is func and type(func) is FunctionType:  # a def, never an async def: for good
            self._sync_functions.add(func)
        return synced


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app. ``config`` overrides Flask config keys, e.g.
    ``{"MAX_CONTENT_LENGTH": 64 * 1024}`` for a smaller body limit."""
    app = _Flask(__name__, static_folder=None)
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


def new_request_id() -> str:
    return f"{int.from_bytes(os.urandom(16)) & _UUID4_CLEAR | _UUID4_SET:032x}"


def _take_request_id() -> None:
    req = observe.current_request()
    # The body limit, read here from the app itself: Flask would read it when the body is
    # read, through two proxy look-ups (~15 k instructions). Same value; a view may still
    # set its own (the batch endpoint does).
    req.max_content_length = observe.current_app().config["MAX_CONTENT_LENGTH"]
    given = req.environ.get("HTTP_X_REQUEST_ID")  # request.headers["X-Request-ID"]
    observe.begin(given if given and _REQUEST_ID.fullmatch(given) else new_request_id())


def _finish(resp: Response) -> Response:
    seen = observe.seen()
    rid = seen.request_id or new_request_id()
    headers = resp.headers
    # Headers.set() and .setdefault() find a name by raising and catching KeyError: one
    # look at the few names an answer has costs a quarter of that (-20 k instructions)
    names = {name.lower() for name, _ in headers}
    if "x-request-id" in names:
        headers.set("X-Request-ID", rid)
    else:
        headers.add("X-Request-ID", rid)
    if "x-content-type-options" not in names:
        headers.add("X-Content-Type-Options", "nosniff")
    observe.finish(resp, seen)
    return resp


def _end(_exc: BaseException | None) -> None:
    observe.end()


def _on_short_body(_e: ClientDisconnected) -> Response:
    # The body ended before its Content-Length: the client went away, or went quiet for
    # longer than the socket timeout gunicorn.conf.py sets (SETTLE_CLIENT_TIMEOUT).
    return problems.problem_response(problems.ProblemError(
        408, "Request Timeout", "the request body stopped arriving before it was complete"))
