"""rules.canonical gives exactly the standard encoder's bytes (sort_keys, compact,
ensure_ascii=False) for every value, whichever encoder it uses inside: both paths are
tested here whichever build runs (the compiled build takes ``with_orjson``)."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.canonical import dumps, dumps_bytes, with_orjson

STANDARD = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def standard(value: object) -> bytes:
    return STANDARD.encode(value).encode("utf-8")


def test_every_code_point_is_written_as_the_standard_encoder_writes_it() -> None:
    points = [chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]
    for start in range(0, len(points), 4096):
        chunk = points[start:start + 4096]
        value = {c: [c, f"a{c}b"] for c in chunk}
        assert with_orjson(value) == standard(value), (hex(ord(chunk[0])), hex(ord(chunk[-1])))


json_scalars = st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.text()
json_trees = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
                          max_leaves=40)


@settings(max_examples=400, deadline=None)
@given(json_trees)
def test_json_trees_without_floats(value: object) -> None:
    assert with_orjson(value) == standard(value)
    assert dumps_bytes(value) == standard(value)
    assert dumps(value) == STANDARD.encode(value)


@settings(max_examples=200, deadline=None)
@given(st.recursive(json_scalars | st.floats(allow_nan=False, allow_infinity=False),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5), max_leaves=30))
def test_json_trees_with_floats(value: object) -> None:
    assert with_orjson(value) == standard(value)
    assert dumps_bytes(value) == standard(value)


@pytest.mark.parametrize("value", [
    1e-05, 1e16, 0.1, -0.0, 2.5e300, {"a": [1, {"b": 1e-7}]},  # floats orjson would spell differently
    2**64, -(2**63) - 1, 2**64 - 1, -(2**63), 10**40,  # at and beyond orjson's 64-bit integers
    ("a", 1), {"z": (1, 2)},  # tuples are arrays to both
])
def test_values_at_the_edges(value: object) -> None:
    assert with_orjson(value) == standard(value)
    assert dumps_bytes(value) == standard(value)


def test_a_lone_surrogate_fails_as_it_always_did() -> None:
    for encode in (with_orjson, dumps_bytes):
        with pytest.raises(UnicodeEncodeError):
            encode({"a": "\ud800"})


def test_keys_json_does_not_have_fail_or_convert_as_with_the_standard_encoder() -> None:
    for encode in (with_orjson, dumps_bytes):
        assert encode({1: "a"}) == standard({1: "a"})  # the standard encoder writes "1"
        with pytest.raises(TypeError):
            encode({1: "a", "b": 2})  # mixed keys cannot be sorted
        with pytest.raises(TypeError):
            encode({"a": object()})
