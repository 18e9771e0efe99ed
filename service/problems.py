"""RFC 9457 problem details for every error the service answers."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from rules.errors import InvalidRound, RoundError

from . import observe
from .encoding import encode

log = logging.getLogger(__name__)

PROBLEM_MIMETYPE = "application/problem+json"
INVALID_ROUND = "urn:mahjong-settle:problem:invalid-round"
INVALID_REQUEST = "urn:mahjong-settle:problem:invalid-request"
INTERNAL = "urn:mahjong-settle:problem:internal-error"


class ProblemError(Exception):
    """Raised by a view to answer with a problem (400, 413, 415, 422, …)."""

    def __init__(self, status: int, title: str, detail: str, *, type_: str = "about:blank",
                 errors: Iterable[RoundError] = (), headers: Mapping[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type_
        self.errors = sorted(errors, key=lambda e: (e.pointer, e.code, e.detail))
        self.headers = dict(headers or {})


def invalid(errors: list[RoundError], type_: str = INVALID_ROUND) -> ProblemError:
    """422 listing every reason, each with its pointer."""
    first = errors[0] if errors else RoundError("invalid", "", "invalid request")
    count = f"{len(errors)} error{'s' if len(errors) != 1 else ''}"
    title = "The round cannot have happened" if type_ == INVALID_ROUND else "The request has the wrong shape"
    return ProblemError(422, title, f"{count}: {first.pointer or '/'}: {first.detail}", type_=type_, errors=errors)


def problem_body(p: ProblemError, instance: str) -> dict[str, Any]:
    """The RFC 9457 object for ``p`` (also what a batch answers in a rejected round's slot)."""
    body: dict[str, Any] = {"type": p.type, "title": p.title, "status": p.status, "detail": p.detail,
                            "instance": instance}
    if p.errors:
        body["errors"] = [e.to_dict() for e in p.errors]
    return body


def problem_response(p: ProblemError) -> Response:
    observe.note_problem(p)  # for the metrics and the request log
    resp = Response(encode(problem_body(p, request.path)), status=p.status, mimetype=PROBLEM_MIMETYPE)
    resp.headers.update(p.headers)
    return resp


def _on_problem(e: ProblemError) -> Response:
    return problem_response(e)


def _on_invalid_round(e: InvalidRound) -> Response:
    return problem_response(invalid(e.errors))


def _on_http(e: HTTPException) -> Response:
    status = e.code or 500
    headers = {k: v for k, v in e.get_headers() if k.lower() == "allow"}
    detail = e.description or e.name
    if status == 413:
        limit = request.max_content_length
        detail = f"the body is larger than {limit} bytes" if limit else detail
    return problem_response(ProblemError(status, e.name, detail, headers=headers))


def _on_unexpected(e: Exception) -> Response:
    # Last resort: a bug. Logged with its traceback, answered without one.
    log.error("unhandled error on %s %s", request.method, request.path, exc_info=e)
    return problem_response(ProblemError(500, "Internal Server Error",
                                         "the service failed on this request; it has been logged",
                                         type_=INTERNAL))


def register(app: Flask) -> None:
    app.register_error_handler(ProblemError, _on_problem)
    app.register_error_handler(InvalidRound, _on_invalid_round)
    app.register_error_handler(HTTPException, _on_http)
    app.register_error_handler(Exception, _on_unexpected)
