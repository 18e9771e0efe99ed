"""The cheap 归位 helpers of rules/hand.py: wild_splits, is_complete_with, seven_pairs_with.

They must agree with the enumerating :func:`wild_as_self_readings` split by split, and
with brute-force substitution of the wildcards.
"""

from __future__ import annotations

import itertools
import random
import time

import pytest

from rules.hand import (
    HandRules,
    is_complete,
    is_complete_with,
    seven_pairs_with,
    wild_as_self_readings,
    wild_splits,
)
from rules.tiles import SUITED, parse_tiles

PAIR_258 = HandRules(pair_ranks=frozenset({2, 5, 8}), seven_pairs=True)


def h(text: str) -> list[str]:
    return list(parse_tiles(text, "/h"))


def test_splits_run_from_all_wild_to_all_as_themselves() -> None:
    splits = list(wild_splits(h("111s2222s345m67p"), frozenset({"1s", "2s"})))
    assert len(splits) == 4 * 5  # 0-3 ones × 0-4 twos as themselves
    assert splits[0].wild == tuple(h("1112222s")) and splits[0].real == tuple(h("345m67p"))
    assert splits[-1].wild == () and sorted(splits[-1].real) == sorted(h("111s2222s345m67p"))
    assert all(len(s.real) + len(s.wild) == 12 for s in splits)


def test_no_wild_faces_is_one_split() -> None:
    assert [s.wild for s in wild_splits(h("123m"), frozenset())] == [()]


def test_is_complete_with_counts_the_wildcards_apart() -> None:
    assert not is_complete_with(h("123s456m789m234p33p"), 0, PAIR_258)  # 33p is no 2/5/8 pair
    assert is_complete_with(h("123s456m789m234p33p"), 0, HandRules())  # any pair
    assert is_complete_with(h("123s456m789m234p5p"), 1, PAIR_258)  # the wildcard pairs 5p
    assert not is_complete_with(h("123s456m789m234p3p"), 1, PAIR_258)  # no 2/5/8 pair with one wildcard
    assert not is_complete_with(h("123s456m789m234p"), 1, PAIR_258)  # 3k+1 tiles


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_wild_as_self_readings(seed: int) -> None:
    rng = random.Random(seed)
    wild = frozenset({"1s", "2s"})
    for _ in range(40):
        wall = [t for t in SUITED for _ in range(4)]
        tiles = rng.sample(wall, 11) + ["1s"] * rng.randint(0, 2) + ["2s"] * rng.randint(0, 1)
        tiles = tiles[:14] if len(tiles) >= 14 else tiles + rng.sample(wall, 14 - len(tiles))
        rules = HandRules(wild=wild, pair_ranks=frozenset({2, 5, 8}), seven_pairs=True)
        readings = list(wild_as_self_readings(tiles, rules))
        splits = list(wild_splits(tiles, wild))
        assert len(readings) == len(splits)
        for a, s in zip(readings, splits, strict=True):
            assert sorted(a.real_tiles) == sorted(s.real) and a.n_wild == len(s.wild)
            assert is_complete_with(s.real, len(s.wild), rules) == a.wins
            assert (seven_pairs_with(s.real, len(s.wild)) is not None) == (a.seven_pairs is not None)


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_brute_force_substitution(seed: int) -> None:
    rng = random.Random(100 + seed)
    rules = HandRules(pair_ranks=frozenset({2, 5, 8}))
    for _ in range(30):
        real = rng.sample([t for t in SUITED for _ in range(4)], 12)
        got = is_complete_with(real, 2, rules)
        brute = any(is_complete([*real, a, b], rules) for a, b in itertools.combinations_with_replacement(SUITED, 2))
        assert got == brute, real


def test_eight_wildcards_stay_fast() -> None:
    real = h("159m37p")
    start = time.perf_counter()
    for split in wild_splits([*real, *["1s"] * 4, *["2s"] * 4], frozenset({"1s", "2s"})):
        is_complete_with(split.real, len(split.wild), HandRules(pair_ranks=frozenset({2, 5, 8})))
        seven_pairs_with(split.real, len(split.wild))
    assert time.perf_counter() - start < 0.5
