"""Canonical JSON: compact, keys sorted, non-ASCII kept, UTF-8 — the bytes of every
answer and of what every digest hashes.

The definition is the standard library's encoder with those settings. orjson writes the
same bytes ~8x faster for everything a round or an answer holds (strings — every code
point escaped alike, checked exhaustively in tests/rules/test_canonical.py — integers
that fit 64 bits, booleans, null, arrays, objects with string keys), so it is used for
exactly that; a float anywhere (orjson spells some differently: ``1e-05``) or a larger
integer (orjson refuses it) takes the standard encoder. Either way: the same bytes.

Looking for floats first costs ~28 k instructions per round compiled (mypyc) and ~380 k
as Python, where the standard encoder alone costs ~380 k: so only the compiled build
(rules/_native.py) takes the orjson path; both give the same bytes.
"""

from __future__ import annotations

import json
from typing import Any, Final

import orjson

# Parsed JSON and built answers are never cyclic: no cycle bookkeeping (~12 % of the
# standard encoder's time), same bytes.
_STANDARD: Final = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False)
_SORTED: Final = orjson.OPT_SORT_KEYS
_COMPILED: Final = not __file__.endswith(".py")  # mypyc's build of this module is an extension


# Whether has_float() is cheap enough to be worth asking before taking a faster path.
SCAN_IS_CHEAP: Final = _COMPILED


def has_float(value: object) -> bool:
    """Whether a float is anywhere in ``value`` (a tree of JSON values): ~28 k instructions
    for a round compiled, about ten times that as Python (:data:`SCAN_IS_CHEAP`)."""
    return _has_float(value)


def _has_float(value: object) -> bool:
    """Whether a float is anywhere in ``value`` (a tree of JSON values)."""
    # the exact types json.loads gives are told apart by pointer compares (compiled) and
    # walked without isinstance: ~35 k -> ~28 k instructions for a round's digest (callgrind);
    # anything else (tuples, subclasses, floats) is answered by _has_float_any
    if type(value) is dict:
        return _dict_has_float(value)
    if type(value) is list:
        return _list_has_float(value)
    return _has_float_any(value)


def _dict_has_float(d: dict[Any, Any]) -> bool:
    for v in d.values():
        t = type(v)
        if t is dict:
            if _dict_has_float(v):
                return True
        elif t is list:
            if _list_has_float(v):
                return True
        elif not (t is str or t is int or v is None or t is bool) and _has_float_any(v):
            return True
    return False


def _list_has_float(items: list[Any]) -> bool:
    for v in items:
        t = type(v)
        if t is str or t is int:
            continue
        if t is dict:
            if _dict_has_float(v):
                return True
        elif t is list:
            if _list_has_float(v):
                return True
        elif not (v is None or t is bool) and _has_float_any(v):
            return True
    return False


def _has_float_any(value: object) -> bool:
    """:func:`_has_float` for any value, by isinstance."""
    # explicit loops (not any() over a generator): mypyc compiles them to C loops
    if isinstance(value, dict):
        for v in value.values():  # noqa: SIM110
            if isinstance(v, (dict, list, tuple, float)) and _has_float_any(v):
                return True
        return False
    if isinstance(value, (list, tuple)):
        for v in value:  # noqa: SIM110
            if isinstance(v, (dict, list, tuple, float)) and _has_float_any(v):
                return True
        return False
    return isinstance(value, float)


def dumps_bytes(value: Any) -> bytes:
    """The canonical JSON of ``value`` as UTF-8 bytes."""
    return with_orjson(value) if _COMPILED else _STANDARD.encode(value).encode("utf-8")


def with_orjson(value: Any) -> bytes:
    """:func:`dumps_bytes` through orjson wherever that gives the same bytes."""
    if not _has_float(value):
        try:
            return orjson.dumps(value, option=_SORTED)
        except TypeError:  # an integer beyond 64 bits, or a type JSON does not have: the standard encoder decides
            pass
    return _STANDARD.encode(value).encode("utf-8")


def dumps(value: Any) -> str:
    """The canonical JSON of ``value`` as text."""
    return dumps_bytes(value).decode("utf-8")
