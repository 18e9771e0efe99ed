"""Tile parsing and tile sets (DESIGN.md, 'The snapshot')."""

from __future__ import annotations

import pytest

from rules.errors import InvalidRound
from rules.tiles import (
    SET_72,
    SET_108,
    SET_108_NO_PIN,
    SET_112,
    SET_136,
    SET_144,
    compact,
    next_in_suit,
    parse_tile,
    parse_tiles,
)


@pytest.mark.parametrize(("text", "tile"), [
    ("5m", "5m"), ("9p", "9p"), ("1s", "1s"), ("E", "E"), ("C", "C"), ("3f", "3f"),
    ("1z", "E"), ("4z", "N"), ("5z", "P"), ("6z", "F"), ("7z", "C"),  # riichi order: 5z 白 6z 发 7z 中
    ("一万", "1m"), ("五筒", "5p"), ("五饼", "5p"), ("九条", "9s"), ("九索", "9s"), ("幺鸡", "1s"),
    ("红中", "C"), ("发财", "F"), ("白板", "P"), ("东风", "E"), ("北", "N"), ("春", "1f"), ("菊", "8f"),
])
def test_single_forms(text: str, tile: str) -> None:
    assert parse_tile(text, "/t") == tile


def test_compact_forms_agree() -> None:
    assert parse_tiles("123m55p7z", "/h") == ("1m", "2m", "3m", "5p", "5p", "C")
    assert parse_tiles("123m55pCC", "/h") == ("1m", "2m", "3m", "5p", "5p", "C", "C")
    assert parse_tiles("一万二万红中", "/h") == ("1m", "2m", "C")
    assert parse_tiles(["1m", "7z", "红中"], "/h") == ("1m", "C", "C")


@pytest.mark.parametrize(("value", "pointer"), [
    (["1m", "0m"], "/h/1"), (["1m", "x"], "/h/1"), ("123", "/h"), ("123q", "/h"), (["1m", 5], "/h/1"), (7, "/h"),
])
def test_unknown_tiles_point_at_the_culprit(value: object, pointer: str) -> None:
    with pytest.raises(InvalidRound) as e:
        parse_tiles(value, "/h")
    assert e.value.errors[0].pointer == pointer
    assert e.value.errors[0].code in ("unknown_tile", "invalid_type")


def test_compact_roundtrip() -> None:
    tiles = parse_tiles("19m19p19sESWNPFC", "/h")
    assert compact(tiles) == "19m19p19sESWNPFC"
    assert parse_tiles(compact(tiles), "/h") == tiles


def test_tile_set_sizes() -> None:
    # RULES_INDEX.md: 108; 112 with 红中; 136; 144 with flowers; 72 for two players (万 + 字 + 花)
    assert [s.size for s in (SET_108, SET_112, SET_136, SET_144, SET_72)] == [108, 112, 136, 144, 72]
    assert SET_108_NO_PIN.size == 72 and not SET_108_NO_PIN.has("5p")


def test_next_in_suit_wraps_nine_to_one() -> None:
    assert next_in_suit("9s") == "1s"
    assert next_in_suit("9s", wrap=False) is None
    assert next_in_suit("4m") == "5m"
    assert next_in_suit("N") == "E"
