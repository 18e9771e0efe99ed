"""Yes/no questions about a complete hand's shapes, without enumerating its decompositions.

红中麻将 and 转转麻将 (with 红中赖子) ask of a winning hand only whether it has a standard
reading, whether one of its readings is all triplets (对对胡/大队子) and whether it is seven
pairs. The full enumeration (:func:`rules.hand.analyse`) answers them too, but with wildcards
it places every wildcard every way it fits, which costs far more than the questions. The
answers are the same: "every set a triplet" needs, besides a pair, only that each face's
tiles fill whole triplets, wildcards making up the rest (tests/rules/variants/test_shapes.py
checks all three against ``analyse`` on random hands with and without wildcards). Without
wildcards the enumeration is cheap, and the variants ask it.

(A candidate for the core, beside :func:`rules.hand.tiles_short`.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hand import HandRules, SevenPairs, seven_pairs_with, tiles_short
from ..tiles import Tile, is_flower


def standard(tiles: Sequence[Tile], rules: HandRules) -> bool:
    """``bool(decompositions(tiles, rules))``: sets and a pair, wildcards filling in."""
    return len(tiles) % 3 == 2 and tiles_short(tiles, rules) == 0


def all_triplets(tiles: Sequence[Tile], wild: frozenset[Tile]) -> bool:
    """``any(d.all_triplets() for d in decompositions(tiles, HandRules(wild)))``.

    A reading of triplets and one pair: each face's tiles, apart from the pair, make whole
    triplets with wildcards (``-count % 3`` of them), and the pair is one or two tiles of a
    face (the rest wildcards) or two wildcards; the wildcards left over make whole triplets
    of their own (the tile count sees to that).
    """
    if len(tiles) % 3 != 2:
        return False
    counts: dict[Tile, int] = {}
    n_wild = 0
    for t in tiles:
        if t in wild:
            n_wild += 1
        elif is_flower(t):
            return False  # flowers never form a set
        else:
            counts[t] = counts.get(t, 0) + 1
    fill = 0  # wildcards completing every face's triplets
    for c in counts.values():
        fill += -c % 3
    best = fill + 2  # the pair made of two wildcards
    for c in counts.values():
        others = fill - (-c % 3)
        for use in (2, 1):  # real tiles in the pair (a wildcard stands for the second)
            if use <= c:
                best = min(best, others + (2 - use) + (-(c - use) % 3))
    return best <= n_wild


def seven_pairs(tiles: Sequence[Tile], wild: frozenset[Tile]) -> SevenPairs | None:
    """``analyse(tiles, HandRules(wild, seven_pairs=True)).seven_pairs``."""
    real = [t for t in tiles if t not in wild]
    return seven_pairs_with(real, len(tiles) - len(real))
