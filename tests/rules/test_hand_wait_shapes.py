"""wait_shapes (rules/hand.py): which shape — 单吊 / 嵌张 / 边张 / 两面 / 双碰 — the winning
tile completed in a decomposition. Every expectation is worked out by hand in the comment."""

from __future__ import annotations

import pytest

from rules.hand import WAIT_SHAPE_NAMES, Decomposition, Group, HandRules, WaitShape, decompositions, wait_shapes
from rules.tiles import parse_tiles


def shapes(concealed_with_win: str, tile: str) -> list[frozenset[WaitShape]]:
    ds = decompositions(list(parse_tiles(concealed_with_win, "/t")), HandRules())
    assert ds, concealed_with_win
    return [wait_shapes(d, tile) for d in ds]


@pytest.mark.parametrize(("hand", "tile", "expected"), [
    ("345m456p789s111sEE", "4m", {"closed"}),   # 35m waited on 4m: 嵌张
    ("789p123m456m111sEE", "7p", {"edge"}),     # 89p waited on 7p: 边张
    ("789p123m456m111sEE", "9p", {"open"}),     # 78p waited on 6p/9p: 两面, though 789 ends the suit
    ("123m456p789p111sEE", "3m", {"edge"}),     # 12m waited on 3m: 边张
    ("123m456p789p111sEE", "1m", {"open"}),     # 23m waited on 1m/4m: 两面
    ("123m456p789p111sSS", "S", {"single"}),    # lone 南 paired: 单吊
    ("111m22p123s456s789s", "1m", {"double_pong"}),  # 11m + 22p waited on 1m/2p: 双碰
])
def test_one_decomposition(hand: str, tile: str, expected: set[str]) -> None:
    assert shapes(hand, tile) == [frozenset(expected)]


def test_tile_in_two_groups_gives_both_shapes() -> None:
    # 55567m: only 55 + 567 decomposes; 5m may have been the pair's second tile (单吊)
    # or the low end of 567 after 67 (两面)
    assert shapes("55567m123p456p789p", "5m") == [frozenset({"single", "open"})]


def test_each_decomposition_answers_for_itself() -> None:
    # 111222333m: three triplets, or 123 123 123; with 789p and the 55s pair, the 3m
    # closing it is 双碰 in the first reading and 边张 (12 waiting 3) in the second
    found = set(shapes("111222333m789p55s", "3m"))
    assert found == {frozenset({"double_pong"}), frozenset({"edge"})}


def test_wildcard_stand_in_is_not_where_the_tile_arrived() -> None:
    # 35m + 红中 standing in for 4m, and a real 44m pair: the won 4m can only have
    # arrived in the pair (单吊), never in the sequence where 4m is the wildcard
    seq = Group("sequence", ("3m", "4m", "5m"), ("4m",))
    pair = Group("pair", ("4m", "4m"))
    d = Decomposition(pair, (seq, Group("sequence", ("4p", "5p", "6p")), Group("sequence", ("7p", "8p", "9p")),
                             Group("triplet", ("1s", "1s", "1s"))))
    assert wait_shapes(d, "4m") == frozenset({"single"})
    # a pair of one real 4m and one wildcard still holds a real 4m
    half_wild = Decomposition(Group("pair", ("4m", "4m"), ("4m",)), d.sets[1:])
    assert wait_shapes(half_wild, "4m") == frozenset({"single"})
    # a free (all-wildcard) group stands for nothing in particular
    free = Decomposition(Group("pair", (None, None), (None, None)), d.sets)
    assert wait_shapes(free, "4m") == frozenset()


def test_every_shape_is_named() -> None:
    assert set(WAIT_SHAPE_NAMES) == {"single", "closed", "edge", "open", "double_pong"}
    assert WAIT_SHAPE_NAMES["closed"][0] == "嵌张"
    assert WAIT_SHAPE_NAMES["single"][0] == "单吊"
