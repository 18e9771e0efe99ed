"""Structured logs: one JSON object per line, for gunicorn and for the app.

* :class:`GunicornLogger` (``logger_class`` in ``gunicorn.conf.py``) writes gunicorn's
  own messages and its **access log** as JSON, each access line with the request id
  the app answered in ``X-Request-ID``, and sends the app's ``service.*`` loggers to
  the same place as gunicorn's error log;
* :func:`log_request` is the app's one line per request (``event: "request"``):
  request id, method, route, status, duration, and for rounds the variant, round id,
  digest and outcome (the 422 codes and their pointers). Hand contents never appear at
  info level: a round is identified by its id and digest, a rejection by its codes and
  pointers; the human ``detail`` of each error (which may quote tiles) only at debug.
"""

from __future__ import annotations

import json
import logging
import os
import time
import traceback
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger as _GunicornLogger  # type: ignore[import-untyped]

REQUEST_LOGGER = "service.request"
request_log = logging.getLogger(REQUEST_LOGGER)
_MAX_TEXT = 200  # caller-given strings (round id, user agent) are cut to this in logs

# the standard LogRecord attributes: everything else on a record is an ``extra`` field
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def _ts(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1000):03d}Z"


def _clip(value: object) -> object:
    if isinstance(value, str) and len(value) > _MAX_TEXT:
        return value[:_MAX_TEXT] + "…"
    return value


class JsonFormatter(logging.Formatter):
    """``{"ts", "level", "logger", "pid", "msg", ...extra fields, "exc"?}`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": _ts(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "pid": record.process,
            "msg": record.getMessage(),
        }
        out.update({k: v for k, v in vars(record).items() if k not in _RECORD_FIELDS and not k.startswith("_")})
        if record.exc_info:
            out["exc"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        return json.dumps(out, ensure_ascii=False, default=str, separators=(",", ":"))


class GunicornLogger(_GunicornLogger):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's logger with JSON error and access logs; the app's loggers share its output."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        formatter = JsonFormatter()
        for handler in self.error_log.handlers:
            handler.setFormatter(formatter)
        # The app logs through gunicorn's own error-log handlers (so a reopened log file,
        # SIGUSR1, is reopened for both); a reload replaces them, so drop the old ones first.
        service = logging.getLogger("service")
        for handler in list(service.handlers):
            if getattr(handler, "_gunicorn", False):
                service.removeHandler(handler)
        for handler in self.error_log.handlers:
            service.addHandler(handler)
        service.setLevel(self.loglevel)
        service.propagate = False

    def access(self, resp: Any, req: Any, environ: Mapping[str, Any], request_time: timedelta) -> None:
        if not self.access_log_enabled:
            return
        try:
            self.access_log.info(json.dumps(access_record(resp, environ, request_time), ensure_ascii=False,
                                            separators=(",", ":")))
        except Exception:  # noqa: BLE001 - a log line must never cost a request its answer
            self.error(traceback.format_exc())


def access_record(resp: Any, environ: Mapping[str, Any], request_time: timedelta) -> dict[str, Any]:
    status = resp.status
    code = int(str(status).split(None, 1)[0]) if status else 0
    request_id = next((v for k, v in resp.headers if k.lower() == "x-request-id"), None)
    return {
        "ts": _ts(time.time()),
        "level": "info",
        "logger": "gunicorn.access",
        "pid": os.getpid(),
        "request_id": request_id,
        "remote": environ.get("REMOTE_ADDR"),
        "method": environ.get("REQUEST_METHOD"),
        "path": _clip(environ.get("RAW_URI") or environ.get("PATH_INFO")),
        "protocol": environ.get("SERVER_PROTOCOL"),
        "status": code,
        "bytes": getattr(resp, "sent", None),
        "duration_ms": round(request_time.total_seconds() * 1000, 3),
        "user_agent": _clip(environ.get("HTTP_USER_AGENT")),
    }


def log_request(fields: Mapping[str, Any], errors: list[dict[str, str]] | None = None) -> None:
    """The app's line for one request. ``fields`` are JSON-ready; ``errors`` the problem's
    error objects, of which only code and pointer are logged at info."""
    if not request_log.isEnabledFor(logging.INFO):
        return
    extra = {k: _clip(v) for k, v in fields.items() if v is not None}
    if errors:
        extra["errors"] = [{"code": e.get("code"), "pointer": e.get("pointer")} for e in errors]
        if request_log.isEnabledFor(logging.DEBUG):
            extra["error_details"] = [e.get("detail") for e in errors]
    status = fields.get("status", 0)
    level = logging.ERROR if isinstance(status, int) and status >= 500 else logging.INFO
    request_log.log(level, "request", extra=extra)
