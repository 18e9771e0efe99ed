"""rules/jsonshape.py: the walk behind the service's fast shape check, kind by kind.

Whole schemas against marshmallow are fuzzed in tests/service/test_fastshape.py; here each
node kind and each null rule is pinned on its own, with values a JSON parser can give.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import jsonshape as js
from rules.jsonshape import Key, Shape, matches

ANY, STR, COUNT, BOOL, DICT = (Shape(k) for k in (js.ANY, js.STR, js.COUNT, js.BOOL, js.DICT))


@pytest.mark.parametrize(("shape", "fine", "wrong"), [
    (ANY, [None, 1, "x", [], {}, 2.5], []),
    (STR, ["", "1m"], [None, 1, [], {}, b"x"]),
    (COUNT, [0, 3, 2**70], [-1, True, False, 1.0, "1", None]),  # a bool is not an integer
    (BOOL, [True, False], [0, 1, None, "true"]),
    (DICT, [{}, {"a": 1}], [[], None, "{}"]),
    (Shape(js.INTS), [[], [1, -2, 0]], [[1, True], [1.0], [None], {}, "12"]),
    (Shape(js.NEVER), [], [None, 0, {}, []]),
])
def test_leaf_kinds(shape: Shape, fine: list[Any], wrong: list[Any]) -> None:
    assert [matches(shape, v) for v in fine] == [True] * len(fine)
    assert [matches(shape, v) for v in wrong] == [False] * len(wrong)


def test_check_is_fine_when_it_answers_none() -> None:
    seen: list[Any] = []

    def short(v: Any) -> str | None:
        seen.append(v)
        return None if type(v) is str and len(v) <= 2 else "too long"

    shape = Shape(js.CHECK, check=short)
    assert matches(shape, "ab") and not matches(shape, "abc") and not matches(shape, 5)
    assert seen == ["ab", "abc", 5]


def test_list_items_and_their_nulls() -> None:
    counts = Shape(js.LIST, inner=COUNT)
    assert matches(counts, []) and matches(counts, [0, 4])
    assert not matches(counts, [0, None]) and not matches(counts, [0, -1]) and not matches(counts, (0,))
    assert matches(Shape(js.LIST, inner=COUNT, nullable_items=True), [0, None])


def _obj(*keys: Key) -> Shape:
    return Shape(js.OBJECT, keys=list(keys))


def test_closed_object_required_optional_unknown() -> None:
    shape = _obj(Key("tile", True, js.NULL_WRONG, STR), Key("turn", False, js.NULL_WRONG, COUNT))
    assert matches(shape, {"tile": "1m"}) and matches(shape, {"turn": 3, "tile": "1m"})
    assert not matches(shape, {"turn": 3})  # the required key missing
    assert not matches(shape, {"tile": "1m", "zzz": 1})  # a key not declared
    assert not matches(shape, {"tile": "1m", "turn": -1})  # a declared key of the wrong shape
    assert not matches(shape, [("tile", "1m")]) and not matches(shape, None)


@pytest.mark.parametrize(("nulls", "null_fine"), [(js.NULL_WRONG, False), (js.NULL_FINE, True)])
def test_null_rules(nulls: int, null_fine: bool) -> None:
    shape = _obj(Key("from", False, nulls, COUNT))
    assert matches(shape, {"from": None}) is null_fine
    assert matches(shape, {"from": 2}) and not matches(shape, {"from": "2"})


def test_a_tested_null_goes_to_the_check() -> None:
    def not_null(v: Any) -> str | None:
        return "null" if v is None else None

    def anything(_: Any) -> str | None:
        return None

    assert not matches(_obj(Key("x", True, js.NULL_TESTED, Shape(js.CHECK, check=not_null))), {"x": None})
    assert matches(_obj(Key("x", True, js.NULL_TESTED, Shape(js.CHECK, check=anything))), {"x": None})


def test_records_and_bare_strings() -> None:
    keys = [Key("tile", True, js.NULL_WRONG, STR), Key("turn", False, js.NULL_FINE, COUNT)]
    discards = Shape(js.RECORDS, keys=keys)
    assert matches(discards, []) and matches(discards, [{"tile": "1m"}, {"tile": "2m", "turn": None}])
    assert not matches(discards, ["1m"]) and not matches(discards, [{"turn": 1}]) and not matches(discards, {})
    bare = Shape(js.RECORDS, keys=keys, bare_strings=True)
    assert matches(bare, ["1m", {"tile": "2m"}]) and not matches(bare, [1])


def test_tagged_records_choose_their_keys_by_tag() -> None:
    pong = _obj(Key("type", True, js.NULL_WRONG, STR), Key("tile", True, js.NULL_WRONG, STR))
    chow = _obj(Key("type", True, js.NULL_WRONG, STR), Key("tiles", True, js.NULL_WRONG, Shape(js.LIST, inner=STR)))
    melds = Shape(js.TAGGED, tag="type", tagged={"pong": pong, "chow": chow})
    assert matches(melds, [{"type": "pong", "tile": "5s"}, {"type": "chow", "tiles": ["1m", "2m", "3m"]}])
    assert not matches(melds, [{"type": "pong", "tiles": ["5s"]}])  # a chow's key on a pong
    assert not matches(melds, [{"type": "kong", "tile": "5s"}])  # no such tag
    assert not matches(melds, [{"type": 1, "tile": "5s"}]) and not matches(melds, [{"tile": "5s"}])
    assert not matches(melds, ["5s"])
    assert matches(Shape(js.TAGGED, tag="type", tagged={"pong": pong}, bare_strings=True), ["5s"])
    # a tag whose record the walk cannot answer (NEVER) accepts no object, however it looks
    assert not matches(Shape(js.TAGGED, tag="type", tagged={"pong": Shape(js.NEVER)}), [{"type": "pong"}])


def test_required_keys_are_looked_at_first() -> None:
    # declared optional first: an object with only the required key is still accepted, and
    # one whose optional key is wrong is still refused
    shape = _obj(Key("turn", False, js.NULL_WRONG, COUNT), Key("tile", True, js.NULL_WRONG, STR))
    assert [k.name for k in shape.keys] == ["tile", "turn"]
    assert matches(shape, {"tile": "1m"}) and not matches(shape, {"tile": "1m", "turn": "x"})
