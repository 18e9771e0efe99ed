"""JSON in and out: strict request parsing and compact, key-sorted, UTF-8 answers."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import orjson
from flask import Request, Response

from rules.canonical import SCAN_IS_CHEAP, has_float

from .encoding import encode
from .problems import ProblemError

JSON_MIMETYPE = "application/json"
_MAX_INT_DIGITS = 1000
# A JSON escape of a UTF-16 surrogate (\ud800-\udfff). Paired ones decode to one character;
# a lone one decodes to a str that cannot be encoded back to UTF-8, so such bodies are checked.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def json_response(obj: Any, status: int = 200, mimetype: str = JSON_MIMETYPE) -> Response:
    return Response(encode(obj), status=status, mimetype=mimetype)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _number(text: str) -> int | float:
    """JSON numbers with a fraction part or exponent: integral ones become ints.

    Every number in the contract is an integer, and to JSON Schema ``3.0`` *is* the
    integer 3, so the service accepts it as 3 (same answer, same digest). ``2.5`` stays
    a float and is rejected where an integer is needed. Absurd magnitudes stay floats.
    """
    d = Decimal(text)
    if d.is_finite() and d == d.to_integral_value() and d.adjusted() < _MAX_INT_DIGITS:
        return int(d)
    return float(text)


_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_number)


def loads(text: str) -> Any:
    """A JSON text read as a request body is (integral floats as ints, no NaN/Infinity): for
    the command line and the recompute job. Raises ValueError when it is not JSON."""
    return _DECODER.decode(text)


def read_json_object(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or a problem (415, 413, 400).

    The size limit is Flask's ``MAX_CONTENT_LENGTH``: reading a larger body raises 413.
    """
    # the usual header as is, else werkzeug's parse of it (~7 k instructions)
    mimetype = JSON_MIMETYPE if request.environ.get("CONTENT_TYPE") == JSON_MIMETYPE else request.mimetype
    if mimetype != JSON_MIMETYPE and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        raise ProblemError(415, "Unsupported Media Type",
                           f"send the body as {JSON_MIMETYPE} (got {mimetype or 'no Content-Type'})")
    raw = request.get_data(cache=False)
    body = _fast_parse(raw) if SCAN_IS_CHEAP else _NOT_FAST
    if body is _NOT_FAST:
        body = _parse(raw)
    if not isinstance(body, dict):
        raise ProblemError(400, "Bad Request", f"the body must be a JSON object, not {_json_type(body)}")
    return body


_NOT_FAST = object()


def _fast_parse(raw: bytes) -> Any:
    """orjson's parse of ``raw`` when it is certainly what :func:`_parse` gives (~2.5× faster
    for a round): valid JSON without a float, which orjson and the standard decoder read to
    the same value (tests/service/test_jsonio.py). A float (which :func:`_number` reads from its
    text), a big integer (orjson makes it a float) and every error (the message comes from the
    standard decoder) give ``_NOT_FAST``."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _NOT_FAST
    return _NOT_FAST if has_float(body) else body


def _parse(raw: bytes) -> Any:
    """The standard decoder's reading of ``raw`` (integral floats as ints), or a 400 problem."""
    try:
        text = raw.decode("utf-8-sig")
        # json.loads() with hooks builds a decoder per call; it also refuses a leading BOM, so
        # such a text still goes through it for the very same error
        body = _DECODER.decode(text) if not text.startswith("\ufeff") else json.loads(
            text, parse_constant=_reject_constant, parse_float=_number)
        if "\\u" in text and _SURROGATE_ESCAPE.search(text):  # the substring test is a fast scan; most bodies have no escape
            encode(body)  # raises UnicodeEncodeError on a lone surrogate
    except UnicodeDecodeError as e:
        raise ProblemError(400, "Bad Request", f"the body is not valid UTF-8 JSON: {e.reason}") from None
    except UnicodeEncodeError:
        raise ProblemError(400, "Bad Request", "the body is not valid JSON text: it escapes a lone UTF-16 surrogate") from None
    except RecursionError:
        raise ProblemError(400, "Bad Request", "the body nests too deeply") from None
    except ValueError as e:
        raise ProblemError(400, "Bad Request", f"the body is not valid JSON: {e}") from None
    return body


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "a string" if isinstance(value, str) else "an array"
