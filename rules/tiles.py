"""Tiles: one canonical notation, every accepted input form, and the tile sets.

Canonical codes (used in every answer): ``1m``-``9m`` 万, ``1p``-``9p`` 筒,
``1s``-``9s`` 条, winds ``E S W N`` (东南西北), dragons ``C`` 中, ``F`` 发, ``P`` 白,
flowers ``1f``-``8f`` (春夏秋冬梅兰竹菊).

Accepted on input as well: mpsz honour numbers ``1z``-``7z`` in riichi order
(1-4 = E S W N, ``5z`` 白, ``6z`` 发, ``7z`` 中), Chinese names, and compact strings
such as ``"123m55p7z"`` or ``"123m55pCC"`` wherever a list is asked for.

Internally a face also has an index 0..41 (m 0-8, p 9-17, s 18-26, E S W N 27-30,
P F C 31-33, flowers 34-41) so hand analysis can work on count vectors.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import InvalidRound, RoundError

Tile = str
"""A canonical tile code such as ``"5m"``, ``"C"`` or ``"3f"``."""

SUITS = ("m", "p", "s")
WINDS = ("E", "S", "W", "N")
DRAGONS = ("P", "F", "C")  # 白 发 中: riichi 5z 6z 7z
HONOURS = WINDS + DRAGONS
# Every canonical code is one interned string object (as string literals are, compiled or
# not): parsed tiles are these objects, so the dict look-ups and comparisons a round makes by
# the thousand find them by identity instead of comparing characters.
FLOWERS = tuple([sys.intern(f"{i}f") for i in range(1, 9)])
SUITED = tuple([sys.intern(f"{r}{s}") for s in SUITS for r in range(1, 10)])
ALL_FACES: tuple[Tile, ...] = SUITED + HONOURS + FLOWERS
_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_FACES)}
INDEX: Mapping[Tile, int] = MappingProxyType(_INDEX)
N_FACES = len(ALL_FACES)
N_PLAYING_FACES = 34  # everything but flowers

_CN_DIGITS = "一二三四五六七八九"
_CN_SUITS = {"万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p", "条": "s", "索": "s", "條": "s"}
_CN_HONOURS = {
    "东风": "E", "南风": "S", "西风": "W", "北风": "N",
    "东": "E", "南": "S", "西": "W", "北": "N",
    "红中": "C", "中": "C", "发财": "F", "青发": "F", "发": "F", "白板": "P", "白": "P",
    "春": "1f", "夏": "2f", "秋": "3f", "冬": "4f", "梅": "5f", "兰": "6f", "竹": "7f", "菊": "8f",
    "幺鸡": "1s",
}
CHINESE_NAME: Mapping[Tile, str] = MappingProxyType(
    {
        **{f"{r + 1}{s}": f"{d}{cn}" for s, cn in (("m", "万"), ("p", "筒"), ("s", "条"))
           for r, d in enumerate(_CN_DIGITS)},
        "E": "东风", "S": "南风", "W": "西风", "N": "北风", "C": "红中", "F": "发财", "P": "白板",
        **dict(zip(FLOWERS, "春夏秋冬梅兰竹菊", strict=True)),
    }
)
_Z_NUMBERS = {"1": "E", "2": "S", "3": "W", "4": "N", "5": "P", "6": "F", "7": "C"}


def _build_single_table() -> dict[str, Tile]:
    table: dict[str, Tile] = {t: t for t in ALL_FACES}
    table.update({f"{k}z": v for k, v in _Z_NUMBERS.items()})
    for s_cn, s in _CN_SUITS.items():
        for r, d in enumerate(_CN_DIGITS):
            table[f"{d}{s_cn}"] = f"{r + 1}{s}"
            table[f"{r + 1}{s_cn}"] = f"{r + 1}{s}"
    table["幺鸡"] = "1s"
    table.update(_CN_HONOURS)
    canonical = {t: t for t in ALL_FACES}
    return {k: canonical[v] for k, v in table.items()}  # (the interned objects)


_SINGLE: Mapping[str, Tile] = MappingProxyType(_build_single_table())
_CN_KEYS_LONGEST_FIRST = sorted((k for k in _SINGLE if not k.isascii()), key=len, reverse=True)


def parse_tile(text: object, ptr: str) -> Tile:
    """One tile in any accepted form → canonical code, or a 422 naming ``ptr``."""
    if isinstance(text, str):
        tile = _SINGLE.get(text.strip())
        if tile is not None:
            return tile
    raise InvalidRound(RoundError("unknown_tile", ptr, f"{text!r} is not a tile"))


def _parse_compact(text: str, ptr: str) -> list[Tile]:
    out: list[Tile] = []
    digits: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        if ch in "123456789":
            digits.append(ch)
            i += 1
            continue
        if ch in "mpszf":
            if not digits:
                raise InvalidRound(RoundError("unknown_tile", ptr, f"{text!r}: suit '{ch}' has no numbers"))
            out.extend(parse_tile(d + ch, ptr) for d in digits)
            digits.clear()
            i += 1
            continue
        if digits:
            raise InvalidRound(RoundError("unknown_tile", ptr, f"{text!r}: numbers without a suit letter"))
        if ch in HONOURS:
            out.append(ch)
            i += 1
            continue
        for key in _CN_KEYS_LONGEST_FIRST:
            if text.startswith(key, i):
                out.append(_SINGLE[key])
                i += len(key)
                break
        else:
            raise InvalidRound(RoundError("unknown_tile", ptr, f"{text!r}: cannot read {ch!r}"))
    if digits:
        raise InvalidRound(RoundError("unknown_tile", ptr, f"{text!r}: numbers without a suit letter"))
    return out


def parse_tiles(value: object, ptr: str) -> tuple[Tile, ...]:
    """A list of tiles or a compact string → tuple of canonical codes.

    Errors point at the offending list element (``ptr/3``) or at the string.
    """
    if isinstance(value, str):
        return tuple(_parse_compact(value, ptr))
    if isinstance(value, list | tuple):
        return tuple(parse_tile(t, f"{ptr}/{i}") for i, t in enumerate(value))
    raise InvalidRound(RoundError("invalid_type", ptr, "expected a list of tiles or a compact tile string"))


def suit(tile: Tile) -> str:
    """``m``/``p``/``s`` for suited tiles, ``z`` for honours, ``f`` for flowers."""
    if len(tile) == 2:
        return tile[1]
    return "z"


def rank(tile: Tile) -> int | None:
    """1-9 for suited tiles (and flowers 1-8), ``None`` for honours."""
    return int(tile[0]) if len(tile) == 2 else None


def is_suited(tile: Tile) -> bool:
    return len(tile) == 2 and tile[1] in "mps"


def is_honour(tile: Tile) -> bool:
    return tile in HONOURS


def is_flower(tile: Tile) -> bool:
    return len(tile) == 2 and tile[1] == "f"


def is_terminal(tile: Tile) -> bool:
    """幺九: a suited 1 or 9."""
    return is_suited(tile) and tile[0] in "19"


def next_in_suit(tile: Tile, *, wrap: bool = True) -> Tile | None:
    """The following face of the same suit (9 wraps to 1 when ``wrap``).

    Winds cycle E→S→W→N→E and dragons C→F→P→C, as flipped-indicator games use.
    """
    return (_NEXT_WRAP if wrap else _NEXT).get(tile) if tile in _NEXT_WRAP else _next_in_suit(tile, wrap)


def _next_in_suit(tile: Tile, wrap: bool) -> Tile | None:
    if is_suited(tile):
        r = int(tile[0])
        if r == 9:
            return f"1{tile[1]}" if wrap else None
        return f"{r + 1}{tile[1]}"
    if tile in WINDS:
        return WINDS[(WINDS.index(tile) + 1) % 4]
    if tile in DRAGONS:
        order = ("C", "F", "P")
        return order[(order.index(tile) + 1) % 3]
    return None


def _next_table(wrap: bool) -> dict[Tile, Tile | None]:
    """Every canonical face's :func:`next_in_suit`, as the canonical (interned) objects."""
    out: dict[Tile, Tile | None] = {}
    for t in ALL_FACES:
        following = _next_in_suit(t, wrap)
        out[t] = None if following is None else sys.intern(following)
    return out


_NEXT_WRAP = _next_table(True)
_NEXT = _next_table(False)


def chinese(tile: Tile) -> str:
    return CHINESE_NAME[tile]


def sort_key(tile: Tile) -> int:
    return INDEX[tile]


def sorted_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=INDEX.__getitem__)


def compact(tiles: Iterable[Tile]) -> str:
    """Canonical compact string, e.g. ``["1m","2m","5p","C"]`` → ``"12m5pC"``."""
    parts: list[str] = []
    run_suit = ""
    run: list[str] = []
    for t in sorted_tiles(tiles):
        s = suit(t)
        if s in "mpsf":
            if s != run_suit and run:
                parts.append("".join(run) + run_suit)
                run = []
            run_suit = s
            run.append(t[0])
        else:
            if run:
                parts.append("".join(run) + run_suit)
                run, run_suit = [], ""
            parts.append(t)
    if run:
        parts.append("".join(run) + run_suit)
    return "".join(parts)


@dataclass(frozen=True)
class TileSet:
    """The physical tiles a variant plays with: face → number of copies."""

    id: str
    copies: Mapping[Tile, int]
    # Playing faces (no flowers) in canonical order: every wait asks, so they are worked out
    # once, here (a cached_property is recomputed on every access when compiled). Derived from
    # ``copies``, so not part of the value; nor is ``_limits``, the copies by face index for :meth:`holds`.
    faces: tuple[Tile, ...] = field(init=False, repr=False, compare=False)
    _limits: list[int] = field(init=False, repr=False, compare=False)  # (0: not in the set)

    def __init__(self, id: str, copies: Mapping[Tile, int]) -> None:  # noqa: A002 - the field's name
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "copies", copies)
        object.__setattr__(self, "faces", tuple([t for t in ALL_FACES if t in copies and not is_flower(t)]))
        object.__setattr__(self, "_limits", [copies.get(t, 0) for t in ALL_FACES])

    def holds(self, tiles: Iterable[Tile]) -> bool:
        """Whether these (canonical) tiles can all be in play together: each face in the set,
        none more often than its copies."""
        # each tile takes a copy from a list by face index (no dict built: a round checks ~150 tiles)
        left = self._limits.copy()
        index = _INDEX
        for t in tiles:
            i = index.get(t)
            if i is None:
                return False
            n = left[i]
            if not n:
                return False
            left[i] = n - 1
        return True

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def has(self, tile: Tile) -> bool:
        return tile in self.copies

    def describe(self) -> dict[str, object]:
        return {"id": self.id, "size": self.size, "copies": dict(self.copies)}


def _tileset(set_id: str, faces: Iterable[Tile], flowers: Iterable[Tile] = ()) -> TileSet:
    copies = dict.fromkeys(faces, 4)
    copies.update(dict.fromkeys(flowers, 1))
    return TileSet(set_id, MappingProxyType(copies))


SET_108 = _tileset("108", SUITED)
SET_112 = _tileset("112", SUITED + ("C",))  # 108 + 4 红中
SET_136 = _tileset("136", SUITED + HONOURS)
SET_144 = _tileset("144", SUITED + HONOURS, FLOWERS)
SET_72 = _tileset("72", tuple(f"{r}m" for r in range(1, 10)) + HONOURS, FLOWERS)  # 二人: 万 + 字 + 花
SET_108_NO_PIN = _tileset("72-no-pin", tuple(t for t in SUITED if t[1] != "p"))  # 2-player 抓鸟 without 筒


def count(tiles: Iterable[Tile]) -> Counter[Tile]:
    return Counter(tiles)
