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
import math
import os
import time
import traceback
from collections.abc import Mapping
from datetime import timedelta
from itertools import islice
from typing import Any, cast

import orjson
from gunicorn.glogging import Logger as _GunicornLogger  # type: ignore[import-untyped]

REQUEST_LOGGER = "service.request"
request_log = logging.getLogger(REQUEST_LOGGER)
_MAX_TEXT = 200  # caller-given strings (round id, user agent) are cut to this in logs

# the standard LogRecord attributes: everything else on a record is an ``extra`` field
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
# How many attributes a plain LogRecord starts with. The request line passes it as the extra
# field ``_standard`` so the formatter looks only at what follows them (its own extras),
# not at every standard attribute (a third of the formatter's instructions).
_STANDARD = len(vars(logging.LogRecord("", 0, "", 0, "", None, None)))
_STANDARD_KEY = "_standard"

# One encoder each, made once: json.dumps with options builds a new one per call.
_LINE = json.JSONEncoder(ensure_ascii=False, default=str, separators=(",", ":"))
_ACCESS_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))

# Floats orjson spells as repr() does (tests/ops/test_logging.py): zero, and magnitudes in
# [1e-4, 1e15), which holds every duration. Below it orjson writes 0.00009999 where repr
# writes 9.999e-05, so such a float (or NaN, or infinity) takes the standard encoder.
_FLOAT_LOW, _FLOAT_HIGH = 1e-4, 1e15


_LEAVES = frozenset({str, int, bool, type(None)})


def _plain(value: object) -> bool:
    """Whether orjson writes ``value`` exactly as :data:`_LINE` does: JSON's own types only
    (exact classes: a subclass or another type goes through ``default=str``) and floats
    orjson spells like repr(). Strings are always alike (tests/rules/test_canonical.py)."""
    t = type(value)
    if t in _LEAVES:
        return True
    if t is float:
        size = abs(cast(float, value))
        return size == 0.0 or _FLOAT_LOW <= size < _FLOAT_HIGH
    if t is dict:
        for k, v in cast(dict[object, object], value).items():
            if type(k) is not str or (type(v) not in _LEAVES and not _plain(v)):
                return False
        return True
    if t is list:
        for v in cast(list[object], value):  # noqa: SIM110 - a loop, not all() over a generator: half the time
            if type(v) not in _LEAVES and not _plain(v):
                return False
        return True
    return False


def _encode_line(out: dict[str, Any]) -> str:
    """``_LINE.encode(out)``, through orjson when that gives the same text (a tenth of the time)."""
    if _plain(out):
        try:
            return orjson.dumps(out).decode()
        except orjson.JSONEncodeError:  # an integer beyond 64 bits, a lone surrogate: the standard encoder decides
            pass
    return _LINE.encode(out)

# The last second's "YYYY-MM-DDTHH:MM:SS": one tuple in a one-slot list, replaced whole
# (safe across threads without a lock).
_last_second: list[tuple[int | None, str]] = [(None, "")]
_MILLIS = tuple(f".{ms:03d}Z" for ms in range(1000))  # a look-up, not a format, per line


def _ts(seconds: float) -> str:
    second = math.floor(seconds)  # what gmtime() rounds to
    cached, text = _last_second[0]
    if second != cached:  # a log line is many times a second: strftime once per second
        text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
        _last_second[0] = (second, text)
    return text + _MILLIS[int(seconds % 1 * 1000)]


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
        attrs = vars(record)
        standard = attrs.get(_STANDARD_KEY)
        # a record that says how many standard attributes it starts with: skip them unread
        items = attrs.items() if type(standard) is not int else islice(attrs.items(), standard, None)
        out.update({k: v for k, v in items if k not in _RECORD_FIELDS and not k.startswith("_")})
        if record.exc_info:
            out["exc"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        return _encode_line(out)


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
            self.access_log.info(_ACCESS_LINE.encode(access_record(resp, environ, request_time)))
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
    extra: dict[str, Any] = {}
    for k, v in fields.items():
        if v is not None:
            extra[k] = _clip(v) if isinstance(v, str) and len(v) > _MAX_TEXT else v
    if errors:
        extra["errors"] = [{"code": e.get("code"), "pointer": e.get("pointer")} for e in errors]
        if request_log.isEnabledFor(logging.DEBUG):
            extra["error_details"] = [e.get("detail") for e in errors]
    status = fields.get("status", 0)
    level = logging.ERROR if isinstance(status, int) and status >= 500 else logging.INFO
    handlers = _json_stream_handlers(level)
    if handlers is None:
        request_log.handle(_record(level, extra))
    else:
        _write_line(handlers, level, extra)


def _record(level: int, extra: dict[str, Any]) -> logging.LogRecord:
    """What ``request_log.log(level, "request", extra=extra)`` makes, without its findCaller()
    (a walk up the stack that would always find log_request)."""
    if logging.getLogRecordFactory() is logging.LogRecord:
        # ``_standard`` first: the record's first attributes are exactly the standard ones
        extra = {_STANDARD_KEY: _STANDARD, **extra}
    code = log_request.__code__
    return request_log.makeRecord(REQUEST_LOGGER, level, code.co_filename, code.co_firstlineno, "request", (),
                                  None, code.co_name, extra)


# The request line goes straight to the stream of each handler that would get it, when
# that gives the very bytes logging would: gunicorn's own setup (a StreamHandler on stderr
# or a FileHandler, JsonFormatter, no filters), with the plain Logger and record factory.
# Without the LogRecord and the handler calls the line costs half the instructions
# (~65 k fewer per request). Any other setup (pytest's caplog, another formatter, a filter)
# takes the logging path unchanged.
_STREAM_HANDLERS = (logging.StreamHandler, logging.FileHandler)


def _json_stream_handlers(level: int) -> list[logging.StreamHandler[Any]] | None:
    """The handlers ``request_log.handle()`` would call for a record at ``level``, when all of
    them take the direct path (else ``None``)."""
    logger: logging.Logger | None = request_log
    if (type(logger) is not logging.Logger or request_log.disabled or request_log.filters
            or logging.getLogRecordFactory() is not logging.LogRecord):
        return None
    out: list[logging.StreamHandler[Any]] = []
    found = False
    while logger is not None:  # as Logger.callHandlers walks
        for handler in logger.handlers:
            found = True
            if level < handler.level:
                continue
            if (type(handler) not in _STREAM_HANDLERS or handler.filters
                    or type(handler.formatter) is not JsonFormatter):
                return None
            stream_handler = cast("logging.StreamHandler[Any]", handler)
            if stream_handler.stream is None:  # a closed FileHandler: logging reopens it
                return None
            out.append(stream_handler)
        logger = logger.parent if logger.propagate else None
    return out if found else None  # no handler at all: logging's last resort decides


def _write_line(handlers: list[logging.StreamHandler[Any]], level: int, extra: dict[str, Any]) -> None:
    """What JsonFormatter and StreamHandler.emit would write for the record, under each
    handler's lock."""
    out: dict[str, Any] = {
        "ts": _ts(time.time()),
        "level": logging.getLevelName(level).lower(),
        "logger": REQUEST_LOGGER,
        "pid": os.getpid() if logging.logProcesses else None,
        "msg": "request",
    }
    out.update(extra)
    line = _encode_line(out)
    for handler in handlers:
        handler.acquire()
        try:
            stream = handler.stream
            stream.write(line + handler.terminator)
            if stream and hasattr(stream, "flush"):  # StreamHandler.flush(), whose lock we hold already
                stream.flush()
        except RecursionError:
            raise
        except Exception:  # noqa: BLE001 - as Handler.emit: logging reports it, the request goes on
            handler.handleError(_record(level, extra))
        finally:
            handler.release()
