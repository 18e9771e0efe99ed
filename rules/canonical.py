"""Canonical JSON: compact, keys sorted, non-ASCII kept, UTF-8 — the bytes of every
answer and of what every digest hashes.

The definition is the standard library's encoder with those settings. orjson writes the
same bytes ~8x faster for everything a round or an answer holds (strings — every code
point escaped alike, checked exhaustively in tests/rules/test_canonical.py — integers
that fit 64 bits, booleans, null, arrays, objects with string keys), so it is used for
exactly that; a float anywhere (orjson spells some differently: ``1e-05``) or a larger
integer (orjson refuses it) takes the standard encoder. Either way: the same bytes.

Looking for floats first costs ~35 k instructions per round compiled (mypyc) and ~380 k
as Python, where the standard encoder alone costs ~380 k: so only the compiled build
(rules/_native.py) takes the orjson path; both give the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Parsed JSON and built answers are never cyclic: no cycle bookkeeping (~12 % of the
# standard encoder's time), same bytes.
_STANDARD = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False)
_SORTED = orjson.OPT_SORT_KEYS
_COMPILED = not __file__.endswith(".py")  # mypyc's build of this module is an extension


def _has_float(value: object) -> bool:
    """Whether a float is anywhere in ``value`` (a tree of JSON values)."""
    # explicit loops (not any() over a generator): mypyc compiles them to C loops
    if isinstance(value, dict):
        for v in value.values():  # noqa: SIM110
            if isinstance(v, (dict, list, tuple, float)) and _has_float(v):
                return True
        return False
    if isinstance(value, (list, tuple)):
        for v in value:  # noqa: SIM110
            if isinstance(v, (dict, list, tuple, float)) and _has_float(v):
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
