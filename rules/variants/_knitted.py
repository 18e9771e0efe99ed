"""The special shapes of 国标 that are not sets and a pair: 十三幺, 全不靠 and 组合龙.

- 十三幺 (001:561 item 7): the thirteen orphans (1 and 9 of each suit, the seven honours) and
  a second copy of one of them; no melds.
- 全不靠 (001:549 item 1): fourteen different tiles, no pair: the suited ones all from ONE
  knitted arrangement (147, 258 and 369 each given to a different suit, 不能错位) and any
  honours; no melds. 七星不靠 (001:553 item 2) is a 全不靠 holding all seven honours.
- 组合龙 (001:549 item 2): all nine tiles of one knitted arrangement; with one set (possibly
  a meld) and a pair it completes a hand of its own (the 9 tiles are no chow, no pung).

:mod:`rules.hand` knows 十三幺 (``HandRules.thirteen_orphans``) but not the knitted shapes, so
a variant that plays them asks here whether a hand completes one and which tiles a waiting
hand needs for one. Only a hand of the right size is looked at (14 tiles counting a meld as 3,
at most one meld for 组合龙, none for the rest), and a waiting hand is ruled out at once unless
it holds most of one arrangement, so ordinary hands pay next to nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Final

from ..hand import HandRules, decompositions
from ..tiles import HONOURS, Tile, is_honour, is_suited, sorted_tiles
from ._shapes import standard

_RANKS: Final = ((1, 4, 7), (2, 5, 8), (3, 6, 9))
KNITS: Final[tuple[frozenset[Tile], ...]] = tuple(
    [frozenset([f"{r}{s}" for s, ranks in zip(order, _RANKS, strict=True) for r in ranks])
     for order in permutations(("m", "p", "s"))])
"""The six knitted arrangements (组合龙's nine tiles): 147, 258, 369 in three different suits."""

ORPHANS: Final[frozenset[Tile]] = frozenset(["1m", "9m", "1p", "9p", "1s", "9s", *HONOURS])
"""十三幺's thirteen faces."""

_PLAIN: Final = HandRules()


def thirteen_orphans(tiles: Sequence[Tile]) -> bool:
    """14 tiles: the 13 orphans, one of them twice (no melds: the caller's count)."""
    return len(tiles) == 14 and set(tiles) == ORPHANS


def honours_and_knitted(tiles: Sequence[Tile]) -> bool:
    """全不靠: 14 different tiles, each an honour or a tile of one knitted arrangement."""
    if len(tiles) != 14:
        return False
    faces = set(tiles)
    if len(faces) != 14:
        return False
    suited = set()
    for t in faces:
        if is_suited(t):
            suited.add(t)
        elif not is_honour(t):
            return False  # (a flower: never in a hand, but a library caller may send one)
    return any(suited <= k for k in KNITS)


def knitted_splits(tiles: Sequence[Tile]) -> list[tuple[frozenset[Tile], list[Tile]]]:
    """Each arrangement all of whose nine tiles ``tiles`` holds, with the tiles left when one
    copy of each is taken out (组合龙 and what must be a set and a pair beside it)."""
    held = set(tiles)
    out = []
    for k in KNITS:
        if k <= held:
            rest = list(tiles)
            for t in k:
                rest.remove(t)
            out.append((k, sorted_tiles(rest)))
    return out


def knitted_straight(tiles: Sequence[Tile], n_melds: int) -> bool:
    """组合龙 in a hand of its own: the concealed ``tiles`` (the won tile included) hold one
    arrangement and the rest is sets and a pair (one set and a pair in all, the melds counted)."""
    if n_melds > 1 or len(tiles) + 3 * n_melds != 14:
        return False
    return any(standard(rest, _PLAIN) for _, rest in knitted_splits(tiles))


def completes(tiles: Sequence[Tile], n_melds: int) -> bool:
    """Whether the concealed ``tiles`` (won tile included) with ``n_melds`` melds are 全不靠 or
    a 组合龙 hand."""
    return (n_melds == 0 and honours_and_knitted(tiles)) or knitted_straight(tiles, n_melds)


def waits(hand: Sequence[Tile], n_melds: int, faces: Iterable[Tile]) -> list[Tile]:
    """The ``faces`` that would complete the waiting ``hand`` as 全不靠 or 组合龙 (copies held
    not looked at: the caller's). A hand far from every arrangement is ruled out at once: 全不靠
    needs 13 different tiles, 6 or more of one arrangement; 组合龙 8 of one arrangement's 9."""
    if n_melds > 1 or len(hand) + 3 * n_melds != 13:
        return []
    held = set(hand)
    near = max(len(held & k) for k in KNITS)
    if near < 6 or (near < 8 and (n_melds or len(held) != 13)):
        return []
    return [f for f in faces if completes([*hand, f], n_melds)]


def shapes(tiles: Sequence[Tile], n_melds: int) -> list[list[tuple[str, list[Tile]]]]:
    """The knitted readings of a complete hand for hand analysis: 全不靠 as one group of kind
    ``honours_and_knitted``; 组合龙 as a ``knitted`` group of its nine tiles, then the pair and
    the set beside it (kinds as :mod:`rules.hand` names them)."""
    out: list[list[tuple[str, list[Tile]]]] = []
    if n_melds == 0 and honours_and_knitted(tiles):
        out.append([("honours_and_knitted", sorted_tiles(tiles))])
    if n_melds <= 1 and len(tiles) + 3 * n_melds == 14:
        for k, rest in knitted_splits(tiles):
            for d in decompositions(rest, _PLAIN):
                groups = [(g.kind, [f or "*" for f in g.faces]) for g in d.groups]
                out.append([("knitted", sorted_tiles(k)), *groups])
    return out
