"""安化麻将 (anhua): tables against the seed, 王 classes, readings, validation, speed.

Seed: /work/shared/seeds/003_30c03b1480dd8d3a.txt (cited as 003:line). Whole rounds with
hand-computed payments are the golden cases in tests/golden/anhua/.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.hand import HandRules, is_complete
from rules.snapshot import Player
from rules.tiles import SUITED, parse_tiles
from rules.variants.anhua import VARIANT, with_birds
from rules.variants.anhua.scoring import (
    TableRules,
    best_allowed,
    candidates,
    classify,
    completes,
    wild_faces,
)
from rules.variants.anhua.tables import (
    AFTER_KONG,
    CLASSES,
    DISCARD,
    EVENTS,
    KONG_DRAW,
    LISTED,
    ROBBING_KONG,
    SELF_DRAW,
    SHAPES,
    TIERS,
    additive_units,
    hand_name,
    shape,
    wild_class,
)

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "003_30c03b1480dd8d3a.txt"  # ../shared beside the repo
SEVEN = TableRules(frozenset({"9s", "1s"}))  # flipped 9s under 七王


def h(text: str) -> list[str]:
    return list(parse_tiles(text, "/h"))


# -- the tables against the seed ----------------------------------------------------------

SECTION_TIER = [(29, 33, 0), (35, 49, 1), (51, 79, 2), (81, 103, 3), (105, 117, 4), (119, 121, 5)]
"""Lines of each list: 4.3 小胡 (003:29-33), 4.4 大胡 (35-49), 4.5 双大胡 (51-79), 4.6 豪华胡
(81-103), 4.7 大豪华胡 (105-117), 4.8 双大豪华胡 (119-121)."""


def _section_tier(line: int) -> int:
    (tier,) = [tier for lo, hi, tier in SECTION_TIER if lo <= line <= hi]
    return tier


@pytest.mark.parametrize("entry", LISTED, ids=lambda e: e.zh)
def test_listed_hand_sits_in_its_seed_section(entry: Any) -> None:
    assert entry.tier == _section_tier(int(entry.seed.split(":")[1]))


@pytest.mark.parametrize("entry", LISTED, ids=lambda e: e.zh)
def test_elements_add_up_to_every_listed_tier(entry: Any) -> None:
    """The additive rule reproduces the seed's placement of all 40 listed hands."""
    event = EVENTS[entry.event] if entry.event else SELF_DRAW
    assert additive_units(wild_class(entry.cls), shape(entry.shape), event) == entry.tier


@pytest.mark.skipif(not SEED.exists(), reason="the seed texts are outside the repository")
@pytest.mark.parametrize("entry", LISTED, ids=lambda e: e.zh)
def test_listed_name_is_on_its_seed_line(entry: Any) -> None:
    line = SEED.read_text(encoding="utf-8").splitlines()[int(entry.seed.split(":")[1]) - 1]
    assert entry.zh in line.replace(" ", "")


def test_forty_listed_hands_with_unique_elements() -> None:
    assert len(LISTED) == 40
    assert len({(e.cls, e.shape, e.event) for e in LISTED}) == 40


# 003:129-139, row by row: 胡 points, 中1鸟, 中2鸟, 中4鸟
SCORE_TABLE = [(2, 4, 8, 32), (4, 8, 16, 64), (8, 16, 32, 128), (16, 32, 64, 256), (32, 64, 128, 512),
               (64, 128, 256, 1024)]


@pytest.mark.parametrize(("tier", "row"), list(zip(TIERS, SCORE_TABLE, strict=True)), ids=lambda x: getattr(x, "zh", ""))
def test_tier_points_and_bird_doubling_match_the_score_table(tier: Any, row: tuple[int, ...]) -> None:
    assert (tier.points, with_birds(tier.points, 1), with_birds(tier.points, 2), with_birds(tier.points, 4)) == row


def test_unlisted_names_are_built_like_the_seeds() -> None:
    from rules.variants.anhua.tables import PINGHU, QING_QIDUI, XIAOQIDUI
    seven, single, hard = wild_class("seven"), wild_class("single"), wild_class("hard")
    assert hand_name(seven, PINGHU, SELF_DRAW)[0] == "七王平胡"
    assert hand_name(single, QING_QIDUI, SELF_DRAW)[0] == "清一色小七对"
    assert hand_name(hard, XIAOQIDUI, AFTER_KONG)[0] == "硬庄小七对杠上炮"
    assert hand_name(hard, PINGHU, DISCARD)[0] == "硬庄"
    assert hand_name(single, PINGHU, KONG_DRAW)[0] == "杠上花"
    assert hand_name(hard, QING_QIDUI, AFTER_KONG)[0] == "硬庄清一色杠上炮小七对"  # the seed's own order, 003:111


def test_shapes_best_first() -> None:
    assert [s.units for s in SHAPES] == sorted((s.units for s in SHAPES), reverse=True)


# -- 王 ---------------------------------------------------------------------------------

def test_wild_faces_from_the_flip() -> None:
    assert wild_faces("9s", 7) == {"9s", "1s"}  # 翻九条 … 另外三张九条和四张一条 (003:17)
    assert wild_faces("9s", 4) == {"1s"}
    assert wild_faces("3m", 7) == {"3m", "4m"}


# 003:19 "假设12为王": 1 = the flipped face (three copies left), 2 = the next face
CLASS_EXAMPLES = {
    "single": ["1", "2", "12", "11", "22", "112", "122", "1122"],
    "three": ["111", "222", "1112", "11122", "2221", "22211"],
    "four": ["2222", "222211", "22221"],
    "six": ["111222"],
    "seven": ["1112222"],
}


@pytest.mark.parametrize(("cid", "example"), [(c, x) for c, xs in CLASS_EXAMPLES.items() for x in xs])
def test_wild_classes_of_the_seed_examples(cid: str, example: str) -> None:
    assert classify(h(example + "s")).id == cid


def test_no_wild_is_hard_and_classes_claims() -> None:
    assert classify([]).id == "hard"
    claims = {c.id: c.claims for c in CLASSES}
    assert claims["hard"] == {"discard", "robbing_kong", "after_kong_discard"}  # 003:21 3、
    assert claims["single"] == {"robbing_kong", "after_kong_discard"}  # 003:21 1、
    assert all(not claims[c] for c in ("three", "four", "six", "seven"))  # 003:21 2、


# -- scoring ------------------------------------------------------------------------------

def best(hand: str, tile: str, event: Any = SELF_DRAW, tbl: TableRules = SEVEN, melds: tuple[Any, ...] = ()) -> Any:
    return best_allowed(h(hand), melds, (tile,), event, tbl)


def test_pair_must_be_258_unless_qingyise_or_qidui() -> None:
    assert best("234m567m345p678p3m", "3m") is None  # 33m, two suits (003:25)
    assert best("234m567m345p678p8m", "8m").zh == "硬庄"
    assert best("111m234m567m789m3m", "3m").zh == "硬庄清一色"  # 33m allowed: 乱将 (003:37,65)


def test_a_won_wild_face_is_its_own_face() -> None:
    # seat wins 硬庄 on a discarded 1s: claimed, it is a plain 1s (23s + 1s), not a 王
    s = best("23s456m789m234p88m", "1s", DISCARD)
    assert s is not None and s.cls.id == "hard"
    # self-drawn, the same 1s is a 王: 单王 平胡
    assert best("23s456m789m234p88m", "1s").cls.id == "single"


def test_wild_as_hard_reading_is_optional() -> None:
    hand = "123s456m678m345p2m"
    assert best(hand, "2m", DISCARD) is None  # 单王 cannot 接炮
    hard = TableRules(SEVEN.wild, wild_as_hard=True)
    s = best(hand, "2m", DISCARD, hard)
    assert s is not None and (s.zh, s.hard_wilds) == ("硬庄", 1)


def test_more_readings_never_score_less() -> None:
    rng = random.Random(3)
    hard = TableRules(SEVEN.wild, wild_as_hard=True)
    for _ in range(300):
        tiles = random_hand(rng)
        plain = best_allowed(tiles[:-1], (), tiles[-1:], SELF_DRAW, SEVEN)
        more = best_allowed(tiles[:-1], (), tiles[-1:], SELF_DRAW, hard)
        if plain is not None:
            assert more is not None and more.tier.units >= plain.tier.units


def test_listed_rule_never_exceeds_additive() -> None:
    rng = random.Random(4)
    listed = TableRules(SEVEN.wild, tier_rule="listed")
    for _ in range(300):
        tiles = random_hand(rng)
        a = best_allowed(tiles[:-1], (), tiles[-1:], SELF_DRAW, SEVEN)
        b = best_allowed(tiles[:-1], (), tiles[-1:], SELF_DRAW, listed)
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert b.tier.units <= a.tier.units


def random_hand(rng: random.Random) -> list[str]:
    """14 tiles: 0-7 王 (9s ≤ 3, 1s ≤ 4) and real tiles of one or several suits."""
    wall = [t for t in SUITED if t not in SEVEN.wild for _ in range(4)]
    if rng.random() < 0.4:
        suit = rng.choice("mp")
        wall = [t for t in wall if t.endswith(suit)]
    wild = ["9s"] * rng.randint(0, 3) + ["1s"] * rng.randint(0, 4)
    tiles = rng.sample(wall, 14 - len(wild)) + wild
    rng.shuffle(tiles)
    return tiles


def near_complete(rng: random.Random) -> list[str]:
    """Four sets and a pair (half the time all 万, pair of any rank), two tiles removed."""
    suits = "m" if rng.random() < 0.5 else "mp"
    tiles: list[str] = []
    for _ in range(4):
        st, r = rng.choice(suits), rng.randint(1, 7)
        tiles += [f"{r}{st}"] * 3 if rng.random() < 0.4 else [f"{r + k}{st}" for k in range(3)]
    pair = f"{rng.randint(1, 9)}{rng.choice(suits)}"
    tiles += [pair, pair]
    for _ in range(2):
        tiles.remove(rng.choice(tiles))
    return tiles


@pytest.mark.parametrize("seed", range(3))
def test_completion_matches_brute_force_substitution(seed: int) -> None:
    """With two 王 (no 王代硬), a hand completes exactly when some substitution of the 王
    makes a 2/5/8 hand, a one-suit hand with any pair, or seven pairs (003:25,37,43)."""
    rng = random.Random(seed)
    rules_258 = HandRules(pair_ranks=frozenset({2, 5, 8}), seven_pairs=True)
    agree = positives = 0
    for _ in range(60):
        real = near_complete(rng)
        got = completes([*real, "1s"], (), "9s", SEVEN)
        brute = any(
            is_complete(full, rules_258) or (len({t[1] for t in full}) == 1 and is_complete(full, HandRules()))
            for a, b in itertools.combinations_with_replacement(SUITED, 2) for full in ([*real, a, b],))
        assert got == brute, real
        agree += 1
        positives += got
    assert positives > 10 and agree == 60


def test_best_of_the_three_shown_tiles() -> None:
    from rules.snapshot import Meld
    kong = Meld("kong", ("9m",) * 4, "concealed", None, None, False, ("5m", "2p"))
    s = best_allowed(h("123m456m777m1s"), (kong,), ("5p", "5m", "2p"), KONG_DRAW, SEVEN)
    assert s is not None and (s.zh, s.tile, s.points) == ("清一色杠上花", "5m", 8)  # 003:21, 003:79


def test_robbing_and_after_kong_allowed_only_for_hard_and_single() -> None:
    three = candidates(h("678m9s9s9s567p56s88m"), (), "4s", AFTER_KONG, SEVEN)
    assert three and not any(c.allowed for c in three)
    single = best("234m567m78p345s2s1s", "6p", ROBBING_KONG)
    assert single is not None and single.zh == "抢杠胡"


# -- speed ----------------------------------------------------------------------------------

def seven_wild_round() -> dict[str, Any]:
    return {"variant": "anhua", "options": {"wild_as_hard": True, "birds": 4}, "dealer": 0,
            "players": [{"seat": 0, "hand": "9s9s9s1s1s1s1s22m3m4m5m6m"},
                        {"seat": 1, "hand": "13579m13579p246s"}, {"seat": 2, "hand": "2468m2468p35678s"},
                        {"seat": 3, "hand": "1357m13579p2345s"}],
            "wins": [{"winner": 0, "from": None, "tile": "7m"}],
            "reveals": {"wild_indicator": "9s", "birds": ["1m", "5m", "9m", "1p"]}}


def test_the_seven_wild_hand_settles_quickly() -> None:
    """Every 王 of the table (seven, 003:7) in one hand, 王代硬 on (4×5 readings), waits for
    every other seat: the whole settlement in well under the budget."""
    body = seven_wild_round()
    api.settle(body)  # warm the shared per-suit tables
    start = time.perf_counter()
    answer = api.settle(body)
    elapsed = time.perf_counter() - start
    assert answer["hands"][0]["patterns"] == ["七王清一色小七对", "双大豪华胡"]
    assert elapsed < 0.25, elapsed


def test_eight_wildcards_score_quickly() -> None:
    """A synthetic 8-wildcard hand through the same scoring, 王代硬 on (4×4×3 = 48 readings).

    Anhua itself never deals more than seven 王 (003:7); three wild faces held 3+3+2 make
    eight while keeping a 王 class the seed defines (two faces ×3 → 六王)."""
    tbl = TableRules(frozenset({"2s", "3s", "4s"}), wild_as_hard=True)
    start = time.perf_counter()
    s = best_allowed(h("2s2s2s3s3s3s4s4s159m47p"), (), ("8p",), SELF_DRAW, tbl)
    assert time.perf_counter() - start < 0.25
    assert s is not None and s.cls.id == "six"


# -- validation and the analyze endpoint ----------------------------------------------------

def base_round() -> dict[str, Any]:
    return {"variant": "anhua", "dealer": 0,
            "players": [{"seat": 0, "hand": "234m567m345p678p8m"}, {"seat": 1, "hand": "13579m13579p246s"},
                        {"seat": 2, "hand": "2468m2468p35678s"}, {"seat": 3, "hand": "1357m1357p23456s"}],
            "wins": [{"winner": 0, "from": None, "tile": "8m"}],
            "reveals": {"wild_indicator": "9s", "birds": ["5p"]}}


def errors(body: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    return [(x.code, x.pointer) for x in e.value.errors]


def test_base_round_settles() -> None:
    assert [s["total"] for s in api.settle(base_round())["scores"]] == [24, -8, -8, -8]


def test_unknown_option_and_flag() -> None:
    body = base_round()
    body["options"] = {"base_points": 2}
    assert errors(body) == [("unknown_option", "/options/base_points")]
    body = base_round()
    body["options"] = {"birds": 3}
    assert errors(body) == [("invalid_option", "/options/birds")]


def test_birds_short_only_when_the_wall_ran_out() -> None:
    body = base_round()
    body["options"] = {"birds": 2}
    assert errors(body) == [("bird_count", "/reveals/birds")]
    body["wall_remaining"] = 0
    assert api.settle(body)["scores"][0]["total"] == 24


def two_player(seat0: dict[str, Any], seat1: dict[str, Any], win: dict[str, Any], birds: list[str]) -> dict[str, Any]:
    return {"variant": "anhua", "dealer": 0, "players": [{"seat": 0, **seat0}, {"seat": 1, **seat1}],
            "wins": [win], "reveals": {"wild_indicator": "9s", "birds": birds}}


WINNER = {"hand": "234m567m345p678p8m"}
FILLER = {"hand": "13579m13579p267s"}


def test_robbed_seat_must_hold_the_kong_tiles() -> None:
    body = two_player(WINNER, FILLER, {"winner": 0, "from": 1, "tile": "8m", "robbing_kong": True}, ["5p"])
    assert errors(body) == [("inconsistent_win", "/wins/0/robbing_kong")]


def test_two_revealed_tiles_need_a_win_on_the_third() -> None:
    konger = {"hand": "123p456p789p5s",
              "melds": [{"type": "kong", "kind": "concealed", "tile": "9m", "revealed": ["7m", "8s"]}]}
    body = two_player(WINNER, konger, {"winner": 0, "from": None, "tile": "8m"}, ["1m"])
    assert errors(body) == [("invalid_meld", "/players/1/melds/0/revealed")]


def test_kong_draw_win_needs_the_revealed_pair() -> None:
    winner = {"hand": "234m567m345s8m",
              "melds": [{"type": "kong", "kind": "concealed", "tile": "4p", "revealed": ["3p", "6p", "2p"]}]}
    body = two_player(winner, FILLER, {"winner": 0, "from": None, "tile": "8m", "kong_draw": True}, ["5p"])
    assert errors(body) == [("inconsistent_win", "/wins/0/kong_draw")]


def test_push_down_flag_needs_a_first_draw() -> None:
    winner = {"hand": "1s1s1s1s1m3m5m7m2p4p6p8p3s", "flags": {"wild_push_down": True}, "discards": ["7s"]}
    body = two_player(winner, FILLER, {"winner": 0, "from": None, "tile": "5s"}, ["5p"])
    assert errors(body) == [("invalid_flag", "/players/0/flags/wild_push_down")]
    del winner["discards"]
    body = two_player(winner, FILLER, {"winner": 0, "from": None, "tile": "5s"}, ["5p"])
    assert [x["total"] for x in api.settle(body)["scores"]] == [4, -4]  # 小胡 2 ×2 (bird 5p on the winner), 003:33,129


def test_the_answer_is_deterministic() -> None:
    body = base_round()
    assert api.settle(copy.deepcopy(body)) == api.settle(copy.deepcopy(body))


def test_value_of_wait_and_analyze() -> None:
    from rules.snapshot import Reveals, Snapshot
    player = Player(0, tuple(h("234m567m345p678p1s")), (), (), (), None, VARIANT.Flags())
    snap = Snapshot("anhua", None, 0, (player,), (), Reveals(wild_indicator="9s"))
    opts = VARIANT.Options()
    assert VARIANT.value_of_wait(player, "5m", snap, opts) == (("平胡", "小胡"), 2)
    # drawing a second 1s: two 王 (单王, 003:19) as a free pair → 平胡 小胡 2
    assert VARIANT.value_of_wait(player, "1s", snap, opts) == (("平胡", "小胡"), 2)
    assert VARIANT.value_of_wait(player, "3s", snap, opts) is None
    out = api.analyze({"variant": "anhua", "hand": "234m567m345p678p1s", "reveals": {"wild_indicator": "9s"}})
    assert out["ready"] and {"tile": "5m", "patterns": ["平胡", "小胡"], "value": 2} in out["waits"]
    out = api.analyze({"variant": "anhua", "hand": "234m567m345p678p8m8m"})
    assert out["complete"] and out["patterns"] == ["硬庄", "大胡"] and out["value"] == 4


def test_analyze_rejects_impossible_hands() -> None:
    with pytest.raises(InvalidRound):
        api.analyze({"variant": "anhua", "hand": "9s9s9s9s1s1s1s1s2m2m3m4m5m", "reveals": {"wild_indicator": "9s"}})


# -- invariants over the golden rounds (they have 开杠, 抢杠, 一炮多响, which generated rounds lack) --

def _settled_goldens() -> list[Path]:
    paths = sorted((Path(__file__).parents[2] / "golden" / "anhua").glob("*.json"))
    return [p for p in paths if json.loads(p.read_text(encoding="utf-8"))["expect"]["status"] == 200]


@pytest.mark.parametrize("path", _settled_goldens(), ids=lambda p: p.stem)
def test_golden_rounds_rotate_with_the_seats(path: Path) -> None:
    from tests.test_properties import rotate, transfers

    body = json.loads(path.read_text(encoding="utf-8"))["request"]
    answer = api.settle(body)
    n = len(body["players"])
    for k in range(1, n):
        turned = api.settle(rotate(body, k))
        assert transfers(turned, 0, n) == transfers(answer, k, n)
        assert turned["next_dealer"] == (answer["next_dealer"] + k) % n


def test_waits_never_draw_a_copy_that_is_not_there() -> None:
    """Under 七王 only three copies of the flipped face are in play (003:17): a hand holding
    them (and all four of the next face) can draw neither again."""
    out = api.analyze({"variant": "anhua", "hand": "9s9s9s1s1s1s1s2m5p8s3m6p7p", "reveals": {"wild_indicator": "9s"}})
    tiles = [w["tile"] for w in out["waits"]]
    assert "9s" not in tiles and "1s" not in tiles and "1m" in tiles
    body = base_round()
    body["players"][1] = {"seat": 1, "hand": "9s9s9s1s1s1s1s2m6m1p2p3p4s"}
    answer = api.settle(body)  # the waits of seat 1 are computed without a fourth 9s
    assert answer["hands"][1]["ready"] is True and "9s" not in answer["hands"][1]["waits"]


def test_random_wild_hands_wait_and_score_without_error() -> None:
    from collections import Counter

    from rules.tiles import SET_108
    from rules.variants.anhua.scoring import waits

    rng = random.Random(11)
    hard = TableRules(SEVEN.wild, wild_as_hard=True)
    for _ in range(60):
        tiles = random_hand(rng)
        held = Counter(tiles[:-1])
        held["9s"] += 1  # the flipped tile
        for tbl in (SEVEN, hard):
            ws = waits(tiles[:-1], (), SET_108.faces, tbl, held)
            assert all(best_allowed(tiles[:-1], (), (w,), SELF_DRAW, tbl) is not None for w in ws)
