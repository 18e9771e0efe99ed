"""rules.snapshot tells canonical tile codes by their characters when compiled (a dict
look-up as Python): both ways must give exactly the faces the definition gives, and the
discards remembered by turn must be the discards the careful path builds."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from rules.errors import InvalidRound
from rules.snapshot import (
    _FACE_AT,
    _TURNS_CACHED,
    _discard,
    _face_number,
    _fast_discards,
    _slot,
    _tiles,
    _tiles_at,
)
from rules.tiles import ALL_FACES, parse_tiles

# every character a short code could start or end with, and then some
_CHARS = [chr(c) for c in range(0x300)] + ["五", "万", "中", "\u3000", "\U0001f004", "\udc80"]


def _definition(code: str) -> int:
    return ALL_FACES.index(code) if code in ALL_FACES else -1


def test_every_short_code_is_told_as_the_definition_tells_it() -> None:
    for n in (0, 1, 2):
        for chars in itertools.product(_CHARS, repeat=n):
            code = "".join(chars)
            at = _slot(code)
            assert (_FACE_AT[at] if at >= 0 else -1) == _definition(code), repr(code)
            assert _face_number(code) == _definition(code), repr(code)
    for code in ("1mm", "11m", "East", " 1m", "1m ", "C" * 40):
        assert _slot(code) == -1 and _face_number(code) == -1


def test_discards_at_every_kind_of_turn_are_the_careful_paths() -> None:
    turns: list[Any] = [None, 0, 1, _TURNS_CACHED - 1, _TURNS_CACHED, _TURNS_CACHED + 1, 10**6, 2**70]
    for _ in range(2):  # the second time, from what was remembered
        for turn, tile in itertools.product(turns, ALL_FACES):
            raw = {"tile": tile, "turn": turn}
            assert _fast_discards([raw, tile]) == (_discard(raw, "/d"), _discard(tile, "/d"))
    assert _fast_discards([{"tile": "1M", "turn": 3}]) is None  # not canonical: the careful path reads it
    assert _fast_discards(["E", ("E",)]) is None


@pytest.mark.parametrize("value", [
    ["1m", "E", "8f"], [], ["五万", "1m"], ["1m", 1], ["1m", None], ["1m", ["1m"]], ["1m", "1x"], "1m2m", 3,
])
def test_tile_lists_read_as_parse_tiles_reads_them(value: object) -> None:
    def outcome(read: Callable[[], tuple[str, ...]]) -> object:
        try:
            return read()
        except InvalidRound as e:
            return [err.to_dict() for err in e.errors]

    expected = outcome(lambda: parse_tiles(value, "/p/hand"))
    assert outcome(lambda: _tiles(value, "/p/hand")) == expected
    assert outcome(lambda: _tiles_at(value, "/p", "hand")) == expected
