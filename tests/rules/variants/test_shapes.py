"""rules/variants/_shapes.py answers what the full enumeration (rules.hand.analyse) answers.

The variants that only ask whether a winning hand has a standard reading, an all-triplets
reading or is seven pairs ask these cheap questions instead of enumerating decompositions;
random hands (complete ones, near misses, with and without wildcards) must get the same
answers both ways.
"""

from __future__ import annotations

import random

import pytest

from rules.hand import HandRules, analyse
from rules.tiles import ALL_FACES
from rules.variants._shapes import all_triplets, seven_pairs, standard

FACES = list(ALL_FACES[:34])
RUN_STARTS = [f for f in FACES if len(f) == 2 and f[0] in "1234567"]


def random_hand(rng: random.Random) -> list[str]:
    """Sets and a pair (or seven pairs), some tiles then turned into wildcards or other faces."""
    sets = rng.choice([0, 1, 2, 3, 4])
    tiles: list[str] = []
    for _ in range(sets):
        if rng.random() < 0.5:
            tiles += [rng.choice(FACES)] * 3
        else:
            f = rng.choice(RUN_STARTS)
            tiles += [f"{int(f[0]) + k}{f[1]}" for k in range(3)]
    if sets == 4 and rng.random() < 0.3:
        tiles = [f for f in rng.sample(FACES, 7) for _ in range(2)]
    else:
        tiles += [rng.choice(FACES)] * 2
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 6])):
        tiles[rng.randrange(len(tiles))] = rng.choice(["C", "5m"])
    if rng.random() < 0.3:
        tiles[rng.randrange(len(tiles))] = rng.choice(FACES)
    return tiles


@pytest.mark.parametrize("seed", range(4))
def test_same_answers_as_the_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2_000):
        tiles = random_hand(rng)
        for wild in (frozenset(), frozenset({"C"}), frozenset({"C", "5m"})):
            a = analyse(tiles, HandRules(wild, None, True))
            assert standard(tiles, HandRules(wild, None, True)) == bool(a.decompositions), tiles
            assert all_triplets(tiles, wild) == any(d.all_triplets() for d in a.decompositions), tiles
            assert seven_pairs(tiles, wild) == a.seven_pairs, tiles


def test_a_few_hands_by_hand() -> None:
    red = frozenset({"C"})
    assert all_triplets(["1m", "1m", "1m", "2p", "2p", "2p", "9s", "9s"], frozenset())
    assert not all_triplets(["1m", "2m", "3m", "9s", "9s"], frozenset())
    assert all_triplets(["1m", "2m", "C", "C", "C"], red)  # 1m + 红中 the pair, 2m + 红中红中 a triplet
    assert all_triplets(["5m", "5m", "C", "C", "C"], red)
    assert not all_triplets(["5m", "6m", "7m", "C", "C"], frozenset())
    assert standard(["1m", "2m", "3m", "9s", "9s"], HandRules())
    assert seven_pairs(["1m", "1m", "2m", "2m", "3m", "3m", "4p", "4p", "5p", "5p", "6s", "6s", "C", "7s"], red) is not None
