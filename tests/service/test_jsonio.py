"""The request body's fast parse (orjson) gives exactly what the standard decoder gives, or
declines: compared on valid, mutated and hand-picked bodies."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.jsonio import _NOT_FAST, _fast_parse, _parse
from service.problems import ProblemError


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (1 is not 1.0 nor True) and keys in the same
    order (a loop, not recursion: bodies nest up to ~1,000 deep)."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if list(x) != list(y):
                return False
            pending += [(x[k], y[k]) for k in x]
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            pending += list(zip(x, y, strict=True))
        elif x != y:
            return False
    return True


def _check(raw: bytes) -> None:
    fast = _fast_parse(raw)
    if fast is _NOT_FAST:
        return
    try:
        standard = _parse(raw)
    except ProblemError as e:  # orjson accepted what the standard decoder refuses
        pytest.fail(f"{raw!r}: orjson read {fast!r}, the standard decoder says {e.detail}")
    assert _same(fast, standard), raw


_LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False) | st.text())
_VALUES = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=25)
# bytes that make a JSON text interesting when dropped into it
_NASTY = [b'"', b"\\", b"\\u", b"\\ud800", b"\\udc00", b"\x00", b"\x1f", b"\n", b"\t", b"\x0b", b"\x0c",
          b"\xa0", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"1", b"-", b".", b"e", b"E", b"+",
          b"0", b",", b":", b"[", b"]", b"{", b"}", b"NaN", b"Infinity", b"true", b"nul", b" ", b"/"]


@settings(max_examples=600, deadline=None)
@given(_VALUES, st.booleans(), st.sampled_from([None, 0, 2]))
def test_valid_bodies_read_alike(value: object, ascii_only: bool, indent: int | None) -> None:
    _check(json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode("utf-8", "surrogatepass"))


@settings(max_examples=1500, deadline=None)
@given(_VALUES, st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(_NASTY), st.integers(0, 2)),
                         min_size=1, max_size=3))
def test_mutated_bodies_read_alike_or_the_fast_parse_declines(value: object, edits: list[tuple[int, bytes, int]]) -> None:
    raw = bytearray(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    for where, piece, cut in edits:
        at = where % (len(raw) + 1)
        raw[at:at + cut] = piece  # insert, or replace one or two bytes
    _check(bytes(raw))


@pytest.mark.parametrize("raw", [
    b'{"a": 1, "b": 0, "a": 2}', b'{"x": "\\ud83d\\ude00"}', b'{"x": "\\ud800"}', b'{"x": "\\udc00\\ud800"}',
    b'{"x": "a\nb"}', b'{"x": "\x7f\xc2\x80\xe2\x80\xa8"}', b"\xef\xbb\xbf{}", b"{}\xef\xbb\xbf", b" \t\r\n{} \n",
    b"\x0c{}", b"{}\x0b", b"\xc2\xa0{}", b'{"n": 1.0}', b'{"n": 1e2}', b'{"n": -0}', b'{"n": -0.0}',
    b'{"n": 18446744073709551615}', b'{"n": 18446744073709551616}', b'{"n": -9223372036854775809}',
    b'{"n": 01}', b'{"n": NaN}', b'{"n": Infinity}', b'{"n": -Infinity}', b'{"n": 1,}', b"[1,]", b"",
    b"[" * 1100 + b"]" * 1100, b"[" * 900 + b"]" * 900, b'{"x": "\\x41"}', b"{'x': 1}", b'{"x": tru}',
    b'{"x": "\xff"}', b'{"x": "\xed\xa0\x80"}', b'"just a string"', b"null", b"{} {}",
])
def test_hand_picked_bodies_read_alike_or_the_fast_parse_declines(raw: bytes) -> None:
    _check(raw)


def test_a_round_is_read_by_the_fast_parse() -> None:
    raw = b'{"variant": "zhuanzhuan", "dealer": 0, "players": [{"seat": 0, "hand": ["1m", "2m"]}], "x": [true, null, -3]}'
    assert _fast_parse(raw) == json.loads(raw)
