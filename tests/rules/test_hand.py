"""Hand analysis: decompositions, seven pairs, thirteen orphans, waits, wildcards.

Differential tests use the riichi ``mahjong`` package as an oracle for the standard
shape (4 sets + a pair) and brute-force substitution for wildcards.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

import pytest
from mahjong.shanten import Shanten

from rules.hand import HandRules, analyse, decompositions, is_complete, waits, wild_as_self_readings
from rules.tiles import INDEX, SUITED, parse_tiles

_SHANTEN = Shanten()
PLAIN = HandRules()
WILD = HandRules(wild=frozenset({"C"}))


def h(text: str) -> list[str]:
    return list(parse_tiles(text, "/h"))


def oracle_complete(tiles: list[str]) -> bool:
    vec = [0] * 34
    for t in tiles:
        vec[INDEX[t]] += 1
    return bool(_SHANTEN.calculate_shanten_for_regular_hand(vec) == -1)


def random_hand(rng: random.Random, size: int) -> list[str]:
    """Half the time a random draw from the 108-tile wall, half a built winning hand, perturbed."""
    if rng.random() < 0.5:
        wall = [t for t in SUITED for _ in range(4)]
        return rng.sample(wall, size)
    while True:
        counts: Counter[str] = Counter()
        tiles: list[str] = []
        sets = (size - 2) // 3
        for _ in range(sets):
            if rng.random() < 0.4:
                t = rng.choice(SUITED)
                group = [t] * 3
            else:
                s = rng.choice("mps")
                r = rng.randint(1, 7)
                group = [f"{r + k}{s}" for k in range(3)]
            tiles += group
        p = rng.choice(SUITED)
        tiles += [p, p]
        counts = Counter(tiles)
        if max(counts.values()) <= 4:
            break
    if rng.random() < 0.3:  # swap one tile for a random face that still has a copy left
        k = rng.randrange(len(tiles))
        held = Counter(tiles)
        tiles[k] = rng.choice([t for t in SUITED if held[t] < 4])
    return tiles[:size]


def test_examples() -> None:
    assert is_complete(h("11123456789999m"[:-1] + "m"))  # 1112345678999m + 9m
    assert is_complete(h("123m456p789s11122z"[:-3] + "22z"))
    assert not is_complete(h("123m456p789s1234z"))
    # 九莲宝灯 waits on every face of its suit
    assert waits(h("1112345678999m"), PLAIN, SUITED) == [f"{r}m" for r in range(1, 10)]


def test_differential_win_against_mahjong_package() -> None:
    """10,000 honour-free 14-tile hands: complete or not, as the riichi package says."""
    rng = random.Random(20261130)
    agree = wins = 0
    for _ in range(10_000):
        tiles = random_hand(rng, 14)
        ours = is_complete(tiles, PLAIN)
        assert ours == oracle_complete(tiles), tiles
        assert ours == bool(decompositions(tiles, PLAIN)), tiles
        agree += 1
        wins += ours
    assert agree == 10_000 and wins > 2_000  # the generator really produces winning hands


def test_differential_waits_against_mahjong_package() -> None:
    """10,000 honour-free 13-tile hands: the wait set, face by face, as the oracle says."""
    rng = random.Random(7)
    ready = 0
    for _ in range(10_000):
        tiles = random_hand(rng, 14)[:13]
        held = Counter(tiles)
        expected = [f for f in SUITED if held[f] < 4 and oracle_complete([*tiles, f])]
        got = waits(tiles, PLAIN, SUITED)
        assert got == expected, tiles
        ready += bool(got)
    assert ready > 1_000


def brute_force_complete(tiles: list[str], wild: str) -> bool:
    """Substitute every wildcard by every suited face (honour-free hands).

    A wildcard may stand for a fifth copy of a face (it is not a physical tile), which
    the riichi oracle cannot count, so the substituted hands are checked by the
    wildcard-free path, itself held to the oracle by the differential tests above.
    """
    real = [t for t in tiles if t != wild]
    n = len(tiles) - len(real)
    return any(is_complete(real + list(sub), PLAIN) for sub in itertools.combinations_with_replacement(SUITED, n))


@pytest.mark.parametrize("n_wild", [1, 2, 3])
def test_wildcards_against_brute_force(n_wild: int) -> None:
    rng = random.Random(100 + n_wild)
    for _ in range(120 if n_wild < 3 else 60):
        tiles = random_hand(rng, 14)
        for k in rng.sample(range(14), n_wild):
            tiles[k] = "C"
        assert is_complete(tiles, WILD) == brute_force_complete(tiles, "C"), tiles
        assert bool(decompositions(tiles, WILD)) == is_complete(tiles, WILD)


def test_wild_waits_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(40):
        tiles = random_hand(rng, 14)[:13]
        for k in rng.sample(range(13), 2):
            tiles[k] = "C"
        got = set(waits(tiles, WILD, SUITED))
        expected = {f for f in SUITED if Counter(tiles)[f] < 4 and brute_force_complete([*tiles, f], "C")}
        assert got == expected, tiles


def test_decompositions_report_stand_ins() -> None:
    # 2m + wild stands for 1m or 3m or 4m... ; 22m 345m 678m 999s + [C 5p 5p]
    ds = decompositions(h("22m345m678m999s55pC"), WILD)
    assert ds
    stand_ins = {d.wild_stand_ins() for d in ds}
    # the wildcard completes 55p into 555p (triplet) or pairs with ... : 5p triplet must be among them
    assert ("5p",) in stand_ins
    for d in ds:
        assert len(d.sets) == 4


def test_all_wild_groups_are_free() -> None:
    ds = decompositions(h("123m456p789s11sCCC"), WILD)
    assert any(any(g.is_free for g in d.sets) for d in ds)


def test_pair_restriction_258() -> None:
    rules_258 = HandRules(pair_ranks=frozenset({2, 5, 8}))
    assert not is_complete(h("123m456p789s11s123s"[:-6] + "123s"), rules_258)  # pair 11s
    assert is_complete(h("123m456p789s123s55s"), rules_258)
    assert all(int(d.pair.face[0]) in (2, 5, 8) for d in decompositions(h("123m456p789s123s55s"), rules_258)
               if d.pair.face)


def test_seven_pairs_and_quads() -> None:
    r = HandRules(seven_pairs=True)
    a = analyse(h("1111m22p33p44s55s66s"), r)
    assert a.seven_pairs is not None and a.seven_pairs.natural_quads == 1
    assert analyse(h("1122m3344p5566s7sC"), HandRules(wild=frozenset({"C"}), seven_pairs=True)).seven_pairs is not None
    assert analyse(h("1123m3344p5566s77s"), r).seven_pairs is None


def test_thirteen_orphans() -> None:
    r = HandRules(thirteen_orphans=True)
    assert is_complete(h("19m19p19sESWNPFC1m"), r)
    assert not is_complete(h("19m19p19sESWNPFC2m"), r)
    assert not is_complete(h("19m19p19sESWNPFC1m"), PLAIN)


def test_wild_as_self_readings_cover_each_split() -> None:
    # three 红中 wilds: readings with 0 to 3 standing for themselves
    rules = HandRules(wild=frozenset({"C"}))
    readings = list(wild_as_self_readings(h("123m456p789s11sCCC"), rules))
    assert sorted(r.wild_as_self for r in readings) == [0, 1, 2, 3]
    by_self = {r.wild_as_self: r for r in readings}
    assert by_self[0].wins  # CCC as any set
    assert by_self[3].wins  # 红中 triplet standing for itself
    assert by_self[1].real_tiles.count("C") == 1 and by_self[1].n_wild == 2


def test_eight_wildcards_is_fast() -> None:
    tiles = h("CCCCCCCC1m5p9s2m3m4s")
    start = time.perf_counter()
    ds = decompositions(tiles, WILD)
    w = waits(tiles[:13], WILD, SUITED)
    elapsed = time.perf_counter() - start
    assert ds and w
    assert elapsed < 2.0  # generous bound: a correctness guard against blow-up, not a benchmark
