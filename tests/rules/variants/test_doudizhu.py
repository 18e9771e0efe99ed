"""斗地主 (001:599-631) under the lead's readings R1-R11 (docs/variants/doudizhu.md).

Rounds are built from the cards that matter (what is played, and the winner's whole hand);
the other seats are dealt the rest of the deck (:func:`deal`), which no expectation below
depends on. Every number is worked by hand in the test's comment, citing the seed line and
the reading.
"""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest

from rules.api import analyze, describe_variant, settle
from rules.cards import DECK_54, RANKS, card_strings, parse_cards
from rules.errors import InvalidRound
from rules.generator import generate
from rules.variants.doudizhu.patterns import HARD, NONE, PURE, ROCKET, SOFT, TIERS, WILD, Reading, beats, readings
from rules.variants.doudizhu.round import Bid, follow_bidding, judge

W7 = frozenset(parse_cards("7", ""))  # 癞子 7 (R3 wild)
W79 = frozenset(parse_cards("79", ""))  # 天癞子 7, 地癞子 9 (R3 sky_earth)
NO_WILDS: frozenset[int] = frozenset()


def cards(text: str) -> list[str]:
    return [RANKS[r] for r in parse_cards(text, "")]


def bids(text: str) -> list[dict[str, Any]]:
    """``"0c 1p 2r"``: seat and call / pass / rob."""
    actions = {"c": "call", "p": "pass", "r": "rob"}
    return [{"seat": int(b[0]), "action": actions[b[1]]} for b in text.split()]


def plays(*entries: str) -> list[dict[str, Any]]:
    """``"0:7999/9"``: seat, cards (compact), and the ``as`` after a slash; ``"1:"`` a pass."""
    out = []
    for e in entries:
        seat, _, rest = e.partition(":")
        played, slash, faces = rest.partition("/")
        entry: dict[str, Any] = {"seat": int(seat), "cards": cards(played)}
        if slash:
            entry["as"] = cards(faces)
        out.append(entry)
    return out


def deal(hands: dict[int, str], bottom: str) -> tuple[list[list[str]], list[str]]:
    """Each seat holds the cards given, filled up to 17 with the rest of the deck, lowest first
    (001:601: 3 × 17 + 3 = 54)."""
    rest = list(DECK_54.cards())
    for r in parse_cards(bottom + "".join(hands.values()), ""):
        rest.remove(r)
    out = []
    for seat in range(3):
        mine = list(parse_cards(hands.get(seat, ""), ""))
        while len(mine) < 17:
            mine.append(rest.pop(0))
        out.append(card_strings(mine))
    assert not rest
    return out, cards(bottom)


def round_body(hands: dict[int, str], bottom: str, bidding: str, entries: list[dict[str, Any]], *, dealer: int = 0,
               options: dict[str, Any] | None = None, wilds: str | None = None,
               flags: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    dealt, bottom_cards = deal(hands, bottom)
    body: dict[str, Any] = {"variant": "doudizhu", "options": options or {}, "dealer": dealer,
                            "players": [{"seat": i, "hand": h} for i, h in enumerate(dealt)],
                            "bottom": bottom_cards, "bidding": bids(bidding), "plays": entries}
    for seat, f in (flags or {}).items():
        body["players"][seat]["flags"] = f
    if wilds is not None:
        body["wilds"] = cards(wilds)
    return body


def totals(answer: dict[str, Any]) -> list[int]:
    return [s["total"] for s in answer["scores"]]


def errors_of(body: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRound) as caught:
        settle(body)
    return [(e.code, e.pointer) for e in caught.value.errors]


# -- the rounds ----------------------------------------------------------------------------------
# S1: seat 0 calls, nobody robs (R4); the landlord (20 cards: hand + bottom A22) plays 34567,
# seat 1 beats it with 45678, seat 0 plays 9-K, both pass, seat 0 plays out with the airplane
# 888999 + AA 22 (R8). A farmer played: no 春天.
S1_HANDS = {0: "34567910JQK888999A", 1: "45678"}
S1_PLAYS = ("0:34567", "1:45678", "2:", "0:910JQK", "1:", "2:", "0:888999AA22")


def s1(bidding: str = "0c 1p 2p", **kw: Any) -> dict[str, Any]:
    return round_body(S1_HANDS, "A22", bidding, plays(*S1_PLAYS), **kw)


# S2: seat 0 is landlord and plays twice (3, then 5); seat 1 plays out with 4, 2 and the airplane
# 666777888 + 99 1010 JJ (R8): the farmers win, and the landlord played more than its lead: no 反春天
S2 = ({1: "42666777888991010JJ", 0: "35"}, "AAA", ("0:3", "1:4", "2:", "0:5", "1:2", "2:", "0:", "1:666777888991010JJ"))
# S3: the landlord plays 3 only; seat 1 plays 2, then out with 444555666777 + 8 9 10 J: 反春天 (R5)
S3 = ({1: "24445556667778910J", 0: "3"}, "AAA", ("0:3", "1:2", "2:", "0:", "1:4445556667778910J"))


def test_the_docs_example_landlord_spring_with_a_bomb_and_the_rocket() -> None:
    # 001:625: 2 robs ×4, 明牌 ×2 (the largest flag, R5), 春天 ×2; 001:627: 炸弹 ×2, 王炸 ×2.
    # common 1 × 1 × 4 × 2 × 4 × 2 = 64; seat 1: 64 × 地主 加倍 2 × 超级加倍 4 = 512;
    # seat 2: 64 × 2 × 1 = 128 (R6); the landlord +640
    body = {"variant": "doudizhu", "round_id": "example-1", "dealer": 0, "players": [
        {"seat": 0, "hand": "333444677778910JQBJ", "flags": {"double": "double", "show_cards": 2}},
        {"seat": 1, "hand": "34555666888999AA2", "flags": {"double": "super"}},
        {"seat": 2, "hand": "101010JJJQQQKKKAA222"}],
        "bottom": ["5", "K", "RJ"], "bidding": bids("0c 1p 2r 0r"),
        "plays": plays("0:8910JQK", "1:", "2:", "0:33344456", "1:", "2:", "0:7777", "1:", "2:", "0:BJRJ")}
    answer = settle(body)
    assert totals(answer) == [640, -512, -128]
    assert [(i["payer"], i["payee"], i["points"], i["name"]) for i in answer["items"]] == [
        (1, 0, 512, "地主胜"), (2, 0, 128, "地主胜")]
    assert answer["items"][1]["note"] == ("底分 1 × 初始 1 × 抢地主 ×4 (2) × 明牌 ×2 × 炸弹 ×4 (炸弹, 王炸) × 春天 ×2 "
                                          "× 加倍 地主×2 农民×1 = 128")
    assert answer["hands"][0] == {"seat": 0, "won": True, "role": "landlord", "cards_left": [],
                                  "patterns": ["抢地主", "明牌", "炸弹", "王炸", "春天", "加倍"]}
    assert answer["hands"][2]["patterns"] == ["抢地主"]
    assert answer["next_dealer"] == 0
    # without seat 2's rob and seat 0's rob back: 抢地主 ×1, common 16: [160, -128, -32]
    body["bidding"] = bids("0c 1p 2p")
    assert totals(settle(body)) == [160, -128, -32]


def test_landlord_wins_plain() -> None:
    # R6: 1 × 1 × 2^0 × 明牌 1 × no bomb × no 春天 (seat 1 played, 001:625) × 1 × 1 = 1 per farmer;
    # 身份系数 农民为1地主为2 (001:625): the landlord +2
    answer = settle(s1())
    assert totals(answer) == [2, -1, -1]
    assert [(i["kind"], i["payer"], i["payee"], i["points"]) for i in answer["items"]] == [("game", 1, 0, 1), ("game", 2, 0, 1)]
    assert answer["items"][0]["note"] == "底分 1 × 初始 1 × 抢地主 ×1 (0) × 明牌 ×1 × 炸弹 ×1 × 加倍 地主×1 农民×1 = 1"
    assert answer["items"][0]["name_en"] == "Landlord wins"
    assert [h["role"] for h in answer["hands"]] == ["landlord", "farmer", "farmer"]
    assert [h["won"] for h in answer["hands"]] == [True, False, False]
    assert len(answer["hands"][1]["cards_left"]) == 12  # 17 dealt, 45678 played
    assert set(answer) == {"variant", "rules_version", "round_id", "options", "scores", "items", "hands", "next_dealer",
                           "notes", "digest"}


@pytest.mark.parametrize(("bidding", "factor"), [("0c 1p 2p", 1), ("0c 1p 2r 0r", 4), ("0c 1r 2r 0r", 8)])
def test_each_rob_doubles(bidding: str, factor: int) -> None:
    # 001:625 每抢地主 *2 /次: 0, 2 and 3 robs, seat 0 the landlord each time (R4) → ×1, ×4, ×8
    assert totals(settle(s1(bidding))) == [2 * factor, -factor, -factor]


def test_show_cards_takes_the_largest_and_doubles_bind_each_pair() -> None:
    # R5: 明牌 the largest flag, 5; 加倍 the landlord's ×2 on both settlements, seat 1's 超级加倍 ×4
    # on its own; 底分 3 × 初始 2 (R5 options). Seat 1: 3 × 2 × 1 × 5 × 2 × 4 = 240;
    # seat 2: 3 × 2 × 5 × 2 × 1 = 60; the landlord +300
    body = s1(options={"base_points": 3, "initial_multiple": 2},
              flags={0: {"show_cards": 3, "double": "double"}, 1: {"show_cards": 5, "double": "super"}})
    answer = settle(body)
    assert totals(answer) == [300, -240, -60]
    assert answer["hands"][1]["patterns"] == ["明牌", "超级加倍"]
    assert answer["hands"][2]["patterns"] == []


def test_farmers_win_plain() -> None:
    # S2: seat 1 plays out; the landlord played 3 and 5 (two plays): no 反春天 (R5); 1 per farmer,
    # paid by the landlord (R6)
    hands, bottom, entries = S2
    answer = settle(round_body(hands, bottom, "0c 1p 2p", plays(*entries)))
    assert totals(answer) == [-2, 1, 1]
    assert {(i["payer"], i["payee"], i["points"], i["name"]) for i in answer["items"]} == {(0, 1, 1, "农民胜"), (0, 2, 1, "农民胜")}
    assert [h["won"] for h in answer["hands"]] == [False, True, True]
    assert answer["hands"][1]["cards_left"] == []
    assert answer["next_dealer"] == 1  # the seat that played out (R6 default)


@pytest.mark.parametrize(("anti_spring", "expected"), [(True, [-4, 2, 2]), (False, [-2, 1, 1])])
def test_anti_spring_doubles_when_on(anti_spring: bool, expected: list[int]) -> None:
    # S3: the landlord played only its opening lead and the farmers won: 反春天 ×2 (R5), off: ×1
    hands, bottom, entries = S3
    answer = settle(round_body(hands, bottom, "0c 1p 2p", plays(*entries), options={"anti_spring": anti_spring}))
    assert totals(answer) == expected
    assert ("反春天" in answer["hands"][1]["patterns"]) == anti_spring


@pytest.mark.parametrize(("option", "dealer", "bidding", "expected"), [
    ("winner", 0, "0c 1p 2p", 0), ("next_seat", 0, "0c 1p 2p", 1),
    ("winner", 1, "1p 2p 0c 1p 2p", 0), ("next_seat", 1, "1p 2p 0c 1p 2p", 2)])
def test_next_dealer_per_option(option: str, dealer: int, bidding: str, expected: int) -> None:
    # R6: winner = the seat that played out first (seat 0 in S1); next_seat = dealer + 1
    answer = settle(s1(bidding, dealer=dealer, options={"next_first_bidder": option}))
    assert answer["next_dealer"] == expected
    assert totals(answer) == [2, -1, -1]


def test_wild_mode_spring_with_hard_soft_bombs_and_the_rocket() -> None:
    # 癞子 7 (R3). The landlord plays 8888 (硬炸弹 ×2), 7999 as 9 (软炸弹 ×2), the rocket (王炸 ×4,
    # 001:629) and 333444 + 55 66; nobody else plays: 春天 ×2 (001:625). 2 × 2 × 4 × 2 = 32 per farmer
    body = round_body({0: "88887999333444556"}, "BJRJ6", "0c 1p 2p",
                      plays("0:8888", "1:", "2:", "0:7999/9", "1:", "2:", "0:BJRJ", "1:", "2:", "0:3334445566"),
                      options={"mode": "wild"}, wilds="7")
    answer = settle(body)
    assert totals(answer) == [64, -32, -32]
    assert answer["hands"][0]["patterns"] == ["硬炸弹", "软炸弹", "王炸", "春天"]
    assert "炸弹 ×16 (硬炸弹, 软炸弹, 王炸)" in answer["items"][0]["note"]
    # the same round in classic: 7999 is 三带一 (no wild card, R3), 8888 a 炸弹 ×2 and the rocket
    # ×2 (001:627), 春天 ×2: 8 per farmer
    classic = copy.deepcopy(body)
    classic["options"], classic["plays"][3] = {}, {"seat": 0, "cards": cards("7999")}
    del classic["wilds"]
    assert totals(settle(classic)) == [16, -8, -8]


def test_classic_bombs_and_the_rocket_count_two_each() -> None:
    # 001:627 经典: 王炸 2倍, 炸弹 2倍, each one played (R5): the landlord plays 8888, 3333, the rocket,
    # then 444555 + 6 6 and 99; nobody else plays: 春天 ×2 (001:625)
    body = round_body({0: "88883333444555669"}, "BJRJ9", "0c 1p 2p",
                      plays("0:8888", "1:", "2:", "0:3333", "1:", "2:", "0:BJRJ", "1:", "2:", "0:44455566", "1:", "2:",
                            "0:99"))
    # 2 × 2 × 2 (bombs) × 2 (春天) = 16 per farmer
    assert totals(settle(body)) == [32, -16, -16]


@pytest.mark.parametrize(("bomb", "name"), [("7799", "四癞子炸"), ("9999", "四纯癞子炸")])
def test_sky_earth_four_wild_cards_beat_a_hard_bomb_and_anti_spring(bomb: str, name: str) -> None:
    # 天地 7 and 9 (R3). The landlord leads 8888: 四硬炸 ×4 (001:631). Seat 1 beats it with four wild
    # cards: 7799, of both wild ranks, a 四癞子炸 ×4, or 9999, the four of one wild rank, a 四纯癞子炸 ×4
    # (001:631 order 四纯癞子炸 > 四癞子炸 > 四硬炸); then plays out with QQQKKK + 3 4 and 10-A. The
    # landlord played only its lead: 反春天 ×2 (R5). 4 × 4 × 2 = 32 per farmer, the landlord −64
    body = round_body({1: bomb + "QQQKKK3410JQKA", 0: "8888"}, "333", "0c 1p 2p",
                      plays("0:8888", f"1:{bomb}", "2:", "0:", "1:QQQKKK34", "2:", "0:", "1:10JQKA"),
                      options={"mode": "sky_earth"}, wilds="79")
    answer = settle(body)
    assert totals(answer) == [-64, 32, 32]
    assert answer["hands"][1]["patterns"] == [name, "反春天"]
    assert answer["hands"][0]["patterns"] == ["四硬炸"]
    assert f"炸弹 ×16 (四硬炸, {name}) × 反春天 ×2" in answer["items"][0]["note"]
    assert answer["notes"][-1] == "癞子: 7, 9"


# S4 (天地癞子, 7 and 9 wild): the landlord plays 3333 (四硬炸 ×4), KKK7 as K (四软炸 ×2), AAAA9
# (五软炸 ×6: five As, the 9 standing in; no other reading), the rocket (王炸 ×6), 888 + 10 and J;
# 4 + 4 + 5 + 2 + 4 + 1 = its 20 cards; nobody else plays
S4 = ({0: "3333KKK7AAAA988810"}, "BJRJJ",
      ("0:3333", "1:", "2:", "0:KKK7/K", "1:", "2:", "0:AAAA9", "1:", "2:", "0:BJRJ", "1:", "2:", "0:88810", "1:", "2:",
       "0:J"))


def test_sky_earth_bombs_multiply_by_their_001_631_values() -> None:
    # 001:631: 四硬炸 ×4, 四软炸 ×2, 五软炸 ×6, 王炸 ×6 → bombs 4 × 2 × 6 × 6 = 288; 春天 ×2 (001:625):
    # 576 per farmer (R6), the landlord +1152
    hands, bottom, entries = S4
    answer = settle(round_body(hands, bottom, "0c 1p 2p", plays(*entries), options={"mode": "sky_earth"}, wilds="79"))
    assert totals(answer) == [1152, -576, -576]
    assert answer["items"][0]["note"] == ("底分 1 × 初始 1 × 抢地主 ×1 (0) × 明牌 ×1 × 炸弹 ×288 (四硬炸, 四软炸, 五软炸, "
                                          "王炸) × 春天 ×2 × 加倍 地主×1 农民×1 = 576")
    assert answer["hands"][0]["patterns"] == ["四硬炸", "四软炸", "五软炸", "王炸", "春天"]


def test_sky_earth_wild_cards_alone_are_a_wild_bomb_of_six_and_anti_spring() -> None:
    # 天地 7 and 9. The landlord leads 3; seat 1 plays 77779, five wild cards of both wild ranks: a
    # 五癞子炸 ×6 (001:631); then QQQKKK + 3 4 and JJJ + 10, out. The landlord played only its lead:
    # 反春天 ×2 (R5). 6 × 2 = 12 per farmer, the landlord −24
    body = round_body({1: "77779QQQKKK34JJJ10", 0: "3"}, "AAA", "0c 1p 2p",
                      plays("0:3", "1:77779", "2:", "0:", "1:QQQKKK34", "2:", "0:", "1:JJJ10"),
                      options={"mode": "sky_earth"}, wilds="79")
    answer = settle(body)
    assert totals(answer) == [-24, 12, 12]
    assert answer["hands"][1]["patterns"] == ["五癞子炸", "反春天"]


def test_five_card_bombs_are_sky_earth_only() -> None:
    # S4 in 癞子 mode with 9 wild (001:629 lists four-card bombs only): AAAA + 9 is no pattern (R7)
    hands, bottom, entries = S4
    body = round_body(hands, bottom, "0c 1p 2p", plays(*entries), options={"mode": "wild"}, wilds="9")
    del body["plays"][3]["as"]  # (7 is no wild card here: KKK7 is 三带一, with no face to give)
    assert errors_of(body) == [("not_a_pattern", "/plays/6/cards")]


def test_sky_earth_kkk_and_two_wild_cards_are_ambiguous_without_as() -> None:
    # 天地 7 and 9: KKK77 is a 五软炸 of K (001:631) or 三带一对 KKK + 77 (001:609): R9 wants as
    body = round_body({0: "KKK77"}, "AAA", "0c 1p 2p", plays("0:KKK77"), options={"mode": "sky_earth"}, wilds="79")
    assert errors_of(body) == [("ambiguous_play", "/plays/0/as")]


# -- patterns (R8) --------------------------------------------------------------------------------


def kinds(text: str, wilds: frozenset[int] = NO_WILDS, four_with_two: bool = False) -> set[tuple[str, str, str]]:
    return {(r.kind, RANKS[r.rank], r.bomb) for r in readings(parse_cards(text, ""), wilds, four_with_two)}


@pytest.mark.parametrize(("text", "expected"), [
    ("3", {("single", "3", NONE)}),  # 001:604
    ("RJ", {("single", "RJ", NONE)}),
    ("55", {("pair", "5", NONE)}),  # 001:605
    ("888", {("triple", "8", NONE)}),  # 001:607
    ("6667", {("triple_single", "6", NONE)}),  # 001:609 666+7
    ("777BJ", {("triple_single", "7", NONE)}),  # R8: a joker as the single
    ("2BJ", set()),
    ("77799", {("triple_pair", "7", NONE)}),  # 001:609 777+99
    ("678910", {("straight", "10", NONE)}),  # 001:611
    ("78910JQK", {("straight", "K", NONE)}),  # 001:611
    ("10JQKA", {("straight", "A", NONE)}),  # R8: A ends a straight
    ("JQKA2", set()),  # 001:611: never a 2
    ("667788", {("pair_straight", "8", NONE)}),  # 001:613
    ("7788991010JJ", {("pair_straight", "J", NONE)}),  # 001:613
    ("666777", {("triple_straight", "7", NONE)}),  # 001:615
    ("66677789", {("airplane_singles", "7", NONE)}),  # 001:617 666777+89
    ("66677799", {("airplane_singles", "7", NONE)}),  # 001:617 666777+99: two single wings of one rank
    ("JJJQQQKKK667", {("airplane_singles", "K", NONE)}),  # 001:617
    ("66677788899JJQQ", {("airplane_pairs", "8", NONE)}),  # 001:617 666777888+99JJQQ
    ("333444BJRJ", {("airplane_singles", "4", NONE)}),  # R8: both jokers as wings
    ("333444555666", {("triple_straight", "6", NONE), ("airplane_singles", "5", NONE),
                      ("airplane_singles", "6", NONE)}),  # R8's example: several readings
    ("7777", {("bomb", "7", HARD)}),  # 001:621; not 三带一 (777 + 7)
    ("BJRJ", {("rocket", "RJ", ROCKET)}),  # 001:620
    ("222BJRJ", set()),  # R8: wing pairs are of a rank, never the two jokers
    ("444456", set()),  # 四带二 off (R8 default)
    ("34", set()),
])
def test_patterns_are_recognised(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert kinds(text) == expected


def test_four_with_two_is_an_option_and_no_bomb() -> None:
    # R8: off by default; on: four + two singles, four + two pairs, compared by the four's rank
    assert kinds("444456", four_with_two=True) == {("four_two_singles", "4", NONE)}
    assert kinds("44445566") == set()
    assert kinds("44445566", four_with_two=True) == {("four_two_pairs", "4", NONE)}
    assert kinds("44445555") == {("airplane_singles", "5", NONE)}
    assert kinds("44445555", four_with_two=True) == {("airplane_singles", "5", NONE), ("four_two_pairs", "4", NONE),
                                                    ("four_two_pairs", "5", NONE)}
    four_two = readings(parse_cards("444456", ""), NO_WILDS, True)
    bomb = readings(parse_cards("3333", ""), NO_WILDS, True)
    assert beats(bomb[0], four_two[0]) and not beats(four_two[0], bomb[0])
    assert judge(parse_cards("555534", ""), None, four_two, NO_WILDS, True).readings[0].kind == "four_two_singles"


def r(kind: str, length: int, rank: str, bomb: str = NONE) -> Reading:
    return Reading(kind, length, RANKS.index(rank), bomb)


@pytest.mark.parametrize(("a", "b", "wins"), [
    (r("pair", 2, "5"), r("pair", 2, "4"), True),
    (r("pair", 2, "5"), r("pair", 2, "6"), False),
    (r("pair", 2, "5"), r("pair", 2, "5"), False),
    (r("straight", 6, "K"), r("straight", 5, "8"), False),  # R8: same number of cards
    (r("triple_pair", 5, "A"), r("triple_single", 4, "3"), False),  # R8: same kind
    (r("single", 1, "RJ"), r("single", 1, "BJ"), True),
    (r("bomb", 4, "3", HARD), r("straight", 12, "A"), True),  # a bomb beats every non-bomb
    (r("bomb", 4, "4", HARD), r("bomb", 4, "3", HARD), True),  # classic: the higher rank
    (r("bomb", 4, "3", HARD), r("bomb", 4, "2", SOFT), True),  # 001:629: 硬 > 软 whatever the rank
    (r("bomb", 4, "2", SOFT), r("bomb", 4, "3", HARD), False),
    (r("bomb", 4, "A", SOFT), r("bomb", 4, "K", SOFT), True),  # within 软, the rank
    (r("bomb", 4, "3", PURE), r("bomb", 4, "2", HARD), True),  # 纯癞子炸 > 硬炸弹
    # 天地癞子 (001:631): 9999 and 7777, each the four of one wild rank, are 四纯癞子炸 (R8: within the
    # class, the higher rank); 7799 and 7779, both 四癞子炸 of mixed wild ranks, have no rank: neither beats
    (r("bomb", 4, "9", PURE), r("bomb", 4, "7", PURE), True),
    (r("bomb", 4, "7", PURE), r("bomb", 4, "9", PURE), False),
    (r("bomb", 4, "9", WILD), r("bomb", 4, "7", WILD), False),
    (r("bomb", 4, "7", WILD), r("bomb", 4, "9", WILD), False),
    (r("rocket", 2, "RJ", ROCKET), r("bomb", 4, "9", PURE), True),  # 王炸 on top
    (r("bomb", 4, "2", HARD), r("rocket", 2, "RJ", ROCKET), False),
])
def test_comparisons(a: Reading, b: Reading, wins: bool) -> None:
    assert beats(a, b) is wins


def test_the_table_holds_every_reading_and_then_the_ones_that_beat() -> None:
    # R8: 333444555666 is a 三顺 to 6 and an airplane to 5 or 6. 777888999 + J Q K (airplane to 9)
    # beats the airplane readings; the table then holds only that airplane, which 444555666777
    # (三顺 to 7, airplanes to 6 and 7) cannot beat, though it beat the first play's 三顺
    first = readings(parse_cards("333444555666", ""), NO_WILDS, False)
    follow = judge(parse_cards("777888999JQK", ""), None, first, NO_WILDS, False)
    assert not follow.code
    assert [(x.kind, RANKS[x.rank]) for x in follow.readings] == [("airplane_singles", "9")]
    third = parse_cards("444555666777", "")
    assert not judge(third, None, first, NO_WILDS, False).code
    assert judge(third, None, follow.readings, NO_WILDS, False).code == "does_not_beat"


# -- wild cards (R9) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "wilds", "expected"), [
    ("7", W7, {("single", "7", NONE)}),  # 001:602: alone, itself
    ("77", W7, {("pair", "7", NONE)}),  # R9: wild cards of one rank only are themselves
    ("777", W7, {("triple", "7", NONE)}),
    ("7777", W7, {("bomb", "7", PURE)}),  # 001:619 四张赖子牌: 纯癞子炸弹
    ("7799", W79, {("bomb", "9", WILD)}),  # 001:631 四癞子炸: four wild cards of both wild ranks
    ("9999", W79, {("bomb", "9", PURE)}),  # 001:631 四纯癞子炸: the four of one wild rank
    ("A7", W7, {("pair", "A", NONE)}),  # 001:606 软对牌
    ("AAA7", W7, {("triple_single", "A", NONE), ("bomb", "A", SOFT)}),  # 001:622 三个A加7: 软炸弹
    ("AA77", W7, {("bomb", "A", SOFT), ("triple_single", "A", NONE)}),  # 001:622 两个A加两个7
    ("34567", W7, {("straight", "7", NONE)}),  # the 7 as itself
    ("3456789", W79, {("straight", "9", NONE)}),
    ("3457", W7, set()),  # 4 cards: a straight needs 5
    ("34577", W7, {("straight", "7", NONE)}),  # 软单顺 001:612: 3 4 5 + two wild as 6 7
])
def test_wild_readings(text: str, wilds: frozenset[int], expected: set[tuple[str, str, str]]) -> None:
    assert kinds(text, wilds) == expected


def test_two_wild_ranks_make_a_pair_of_any_rank() -> None:
    # R9: 7 + 9 in sky_earth are not of one rank: a pair of any non-joker rank, none a bomb
    found = kinds("79", W79)
    assert found == {("pair", RANKS[x], NONE) for x in range(13)}
    assert not judge(parse_cards("79", ""), None, (), W79, False).code  # all readings agree: no bomb


def test_as_fixes_the_faces() -> None:
    aaa7 = parse_cards("AAA7", "")
    # R9: without as, leading: a soft bomb or 三带一 → ambiguous_play
    assert judge(aaa7, None, (), W7, False).code == "ambiguous_play"
    bomb = judge(aaa7, parse_cards("A", ""), (), W7, False)
    assert (bomb.code, bomb.bomb) == ("", SOFT)
    trio = judge(aaa7, parse_cards("7", ""), (), W7, False)
    assert (trio.code, trio.bomb, trio.readings[0].kind) == ("", NONE, "triple_single")
    # following a hard bomb: a soft bomb cannot beat it, 三带一 neither (001:629)
    hard = readings(parse_cards("3333", ""), W7, False)
    assert judge(aaa7, None, hard, W7, False).code == "does_not_beat"
    # following 三带一 of K: both readings beat → ambiguous; following a soft bomb of K: only the bomb
    kkk3 = readings(parse_cards("KKK3", ""), W7, False)
    assert judge(aaa7, None, kkk3, W7, False).code == "ambiguous_play"
    soft_k = judge(parse_cards("KKK7", ""), parse_cards("K", ""), (), W7, False).readings
    assert judge(aaa7, None, soft_k, W7, False).bomb == SOFT


@pytest.mark.parametrize(("text", "faces", "wilds"), [
    ("AAA7", "BJ", W7),  # never a joker (001:602)
    ("AAA7", "AA", W7),  # one face per wild card
    ("AAA", "A", W7),  # no wild card, no face
    ("7", "A", W7),  # alone, itself (001:602)
    ("77", "AA", W7),  # of one rank only, themselves (R9)
    ("7799", "AAAA", W79),  # four wild cards of both ranks: a 四癞子炸 as they are (001:631, R9)
    ("77779", "AAAAA", W79),  # five: a 五癞子炸 as they are (001:631)
    ("9999", "AAAA", W79),  # the four of one wild rank: 四纯癞子炸 (001:631)
])
def test_invalid_as(text: str, faces: str, wilds: frozenset[int]) -> None:
    assert judge(parse_cards(text, ""), parse_cards(faces, ""), (), wilds, False).code == "invalid_as"


def test_eight_wild_cards_classify_quickly() -> None:
    # R9 with two wild ranks: up to eight wild cards in a play; faces are found per shape, not per card
    play = parse_cards("7777999934", "")
    start = time.perf_counter()
    for _ in range(200):
        found = readings(play, W79, True)
    assert (time.perf_counter() - start) / 200 < 0.005
    assert ("airplane_pairs", 10) in {(x.kind, x.length) for x in found}


# -- 天地癞子 bombs (001:631) ------------------------------------------------------------------------
# 001:631, highest first: 王炸 ×6 > 八癞子炸 ×6 > 八软炸 ×6 > 七癞子炸 ×6 > 七软炸 ×6 > 六癞子炸 ×6 >
# 六软炸 ×6 > 五癞子炸 ×6 > 五软炸 ×6 > 四纯癞子炸 ×4 > 四癞子炸 ×4 > 四硬炸 ×4 > 四软炸 ×2 > other patterns.
# N癞子炸: N wild cards alone (N = 4: of both wild ranks); 四纯癞子炸: the four of one wild rank; N软炸:
# N of a rank with wild cards standing in; 四硬炸: four natural cards. 7 and 9 are wild (W79).


def sky(text: str, faces: str | None = None, table: tuple[Reading, ...] = (), four_with_two: bool = False) -> Any:
    """The verdict on ``text`` (with ``as`` ``faces``) in 天地癞子, leading or on ``table``."""
    return judge(parse_cards(text, ""), None if faces is None else parse_cards(faces, ""), table, W79, four_with_two,
                 max_bomb=8)


def sky_bomb(text: str, faces: str | None = None) -> Reading:
    verdict = sky(text, faces)
    assert not verdict.code, verdict.detail
    assert {x.bomb for x in verdict.readings} != {NONE}
    return next(x for x in verdict.readings if x.bomb != NONE)


@pytest.mark.parametrize(("text", "faces", "bomb", "length", "rank"), [
    ("KKK7", "K", SOFT, 4, "K"),  # 四软炸: 001:622's 三个A加7, here KKK + 7 as K
    ("K799", "KKK", SOFT, 4, "K"),  # 四软炸 with both wild ranks standing in
    ("KKKK", None, HARD, 4, "K"),  # 四硬炸: four natural cards (001:621)
    ("7799", None, WILD, 4, "9"),  # 四癞子炸: four wild cards of both ranks (rank: the highest card, shown only)
    ("7779", None, WILD, 4, "9"),
    ("7777", None, PURE, 4, "7"),  # 四纯癞子炸: the four of one wild rank
    ("9999", None, PURE, 4, "9"),
    ("KKKK7", None, SOFT, 5, "K"),  # 五软炸: no other reading, no as needed
    ("KKK77", "KK", SOFT, 5, "K"),
    ("77779", None, WILD, 5, "9"),  # 五癞子炸
    ("KKKK79", None, SOFT, 6, "K"),  # 六软炸 (四带二 off)
    ("KK7799", "KKKK", SOFT, 6, "K"),
    ("777799", None, WILD, 6, "9"),  # 六癞子炸
    ("KKKK779", None, SOFT, 7, "K"),  # 七软炸
    ("KKK7799", "KKKK", SOFT, 7, "K"),
    ("7777999", None, WILD, 7, "9"),  # 七癞子炸
    ("KKKK7799", "KKKK", SOFT, 8, "K"),  # 八软炸
    ("A7777999", "AAAAAAA", SOFT, 8, "A"),
    ("77779999", None, WILD, 8, "9"),  # 八癞子炸
])
def test_sky_earth_bomb_classes_are_recognised(text: str, faces: str | None, bomb: str, length: int, rank: str) -> None:
    verdict = sky(text, faces)
    assert not verdict.code, verdict.detail
    assert {(x.bomb, x.length, RANKS[x.rank]) for x in verdict.readings} == {(bomb, length, rank)}


@pytest.mark.parametrize(("text", "other"), [
    ("KKK7", "triple_single"),  # 四软炸 or KKK + 7 (R9: as needed)
    ("KKK77", "triple_pair"),  # 五软炸 or KKK + 77
    ("KK7799", "pair_straight"),  # 六软炸 or e.g. QQ KK AA (wild cards as Q Q A A)
    ("K777999", "straight"),  # 七软炸 or a straight of seven through K (six wild cards filling it)
    ("KKKK7799", "airplane_singles"),  # 八软炸 or KKK AAA + K + a wing
])
def test_sky_earth_soft_bombs_need_as_when_the_cards_read_otherwise(text: str, other: str) -> None:
    # R9: without as, the legal readings (any, leading) differ in bomb class → ambiguous_play
    assert sky(text).code == "ambiguous_play"
    assert other in {x.kind for x in readings(parse_cards(text, ""), W79, False, max_bomb=8)}


# 001:631's order, one play per class, highest first; a higher class has the lowest rank it can and
# the class below it the highest, so rank plays no part (四软炸 of 2 under 四硬炸 of 3, 五软炸 of 3
# over 四纯癞子炸 of 9 …)
ORDER = [("王炸", "BJRJ", None), ("八癞子炸", "77779999", None), ("八软炸", "33337799", "3333"),
         ("七癞子炸", "7777999", None), ("七软炸", "3333779", None), ("六癞子炸", "777799", None),
         ("六软炸", "333379", None), ("五癞子炸", "77779", None), ("五软炸", "33337", None),
         ("四纯癞子炸", "7777", None), ("四癞子炸", "7999", None), ("四硬炸", "3333", None), ("四软炸", "2227", "2")]


@pytest.mark.parametrize("k", range(len(ORDER)), ids=[f"{ORDER[k][0]}>{(ORDER + [('顺子', '', None)])[k + 1][0]}"
                                                      for k in range(len(ORDER))])
def test_sky_earth_each_class_beats_the_next(k: int) -> None:
    hi = sky_bomb(*ORDER[k][1:])
    lo = sky_bomb(*ORDER[k + 1][1:]) if k + 1 < len(ORDER) else sky("345678910JQKA").readings[0]  # 001:631 其他牌型
    assert beats(hi, lo) and not beats(lo, hi)
    assert not sky(ORDER[k + 1][1] if k + 1 < len(ORDER) else "345678910JQKA", table=(hi,)).readings


def test_sky_earth_order_is_the_seeds_whole_list() -> None:
    # every pair, not only neighbours; and the tier table lists 001:631's classes in its order
    found = [sky_bomb(text, faces) for _, text, faces in ORDER]
    for i, hi in enumerate(found):
        for lo in found[i + 1:]:
            assert beats(hi, lo) and not beats(lo, hi), (hi, lo)
    assert sorted(TIERS, key=TIERS.__getitem__, reverse=True) == [(x.bomb, x.length) for x in found]


@pytest.mark.parametrize(("a", "b", "wins"), [
    (("AAAA7", None), ("KKKK7", None), True),  # 五软炸: within a 软 class, the higher rank (R8)
    (("KKKK7", None), ("AAAA7", None), False),
    (("22227799", "2222"), ("AAAA7799", "AAAA"), True),  # 八软炸 of 2 over 八软炸 of A
    (("333379", None), ("22229", None), True),  # 六软炸 of 3 over 五软炸 of 2: the class first
    (("AAAA", None), ("KKKK", None), True),  # 四硬炸 by rank
    (("KKKK", None), ("AAAA", None), False),
    (("9999", None), ("7777", None), True),  # 四纯癞子炸 by rank (9 over 7)
    (("7777", None), ("9999", None), False),
    (("AAA7", "A"), ("KKK9", "K"), True),  # 四软炸 by rank
    (("7799", None), ("7799", None), False),  # 四癞子炸 has no rank: never over another
    (("77779", None), ("77999", None), False),  # 五癞子炸 neither
    (("77999", None), ("77779", None), False),
])
def test_sky_earth_same_class(a: tuple[str, str | None], b: tuple[str, str | None], wins: bool) -> None:
    assert beats(sky_bomb(*a), sky_bomb(*b)) is wins


def test_sky_earth_following_bombs() -> None:
    # on 9999 (四纯癞子炸 of 9): 7777 is 四纯 of 7, lower (R8); 7799 would be 四癞子炸, a lower class;
    # 77779 a 五癞子炸, higher (001:631)
    pure9 = sky("9999").readings
    assert sky("7777", table=pure9).code == "does_not_beat"
    assert sky("7779", table=pure9).code == "does_not_beat"
    assert sky("77779", table=pure9).bomb == WILD
    # on 7799 (四癞子炸), another four wild cards of both ranks never beats; 四纯 does
    mixed = sky("7799").readings
    assert sky("7799", table=mixed).code == "does_not_beat"
    assert sky("9999", table=mixed).bomb == PURE
    # on a 四硬炸 of 2, KKK7 is a lower 四软炸 or a 三带一, which no bomb loses to: does_not_beat
    assert sky("KKK7", table=sky("2222").readings).code == "does_not_beat"
    # on 三带一 of Q, KKK7 may be 三带一 of K or a 四软炸: ambiguous (R9); KKK77 on a pair: the 五软炸 only
    assert sky("KKK7", table=sky("QQQ3").readings).code == "ambiguous_play"
    on_pair = sky("KKK77", table=sky("33").readings)
    assert (on_pair.code, on_pair.bomb, on_pair.readings[0].length) == ("", SOFT, 5)
    # with 四带二 on, KKKK + 7 + 9 is 四带二 or 六软炸: ambiguous (R9)
    assert sky("KKKK79", four_with_two=True).code == "ambiguous_play"
    assert sky("KKKK79", "KK", four_with_two=True).bomb == SOFT


# -- bidding (R4) ---------------------------------------------------------------------------------


def bidding_of(text: str, dealer: int = 0) -> tuple[int, int]:
    b = follow_bidding([Bid(x["seat"], x["action"]) for x in bids(text)], dealer)
    return b.landlord, b.robs


@pytest.mark.parametrize(("text", "dealer", "landlord", "robs"), [
    ("0c 1p 2p", 0, 0, 0),  # no rob: the caller
    ("0p 1c 2r 0p 1p", 0, 2, 1),  # the last to rob
    ("0c 1p 2r 0r", 0, 0, 2),  # the caller robs back
    ("0c 1r 2r 0r", 0, 0, 3),
    ("0c 1r 2p 0p", 0, 1, 1),
    ("2p 0p 1c 2p 0p", 2, 1, 0),
])
def test_bidding_flow(text: str, dealer: int, landlord: int, robs: int) -> None:
    assert bidding_of(text, dealer) == (landlord, robs)


@pytest.mark.parametrize(("text", "code", "pointer"), [
    ("0p 1p 2p", "no_landlord", "/bidding"),
    ("1c 2p 0p", "invalid_bidding", "/bidding/0"),  # out of turn: seat 0 bids first
    ("0r", "invalid_bidding", "/bidding/0"),  # rob before a call
    ("0c 1c", "invalid_bidding", "/bidding/1"),  # call after the call
    ("0c 1p 2p 0r", "invalid_bidding", "/bidding/3"),  # no rob back when nobody robbed
    ("0p 1p 2p 0c", "invalid_bidding", "/bidding/3"),  # the deal was thrown in
    ("0c 1r 2p 0p 1r", "invalid_bidding", "/bidding/4"),  # once each
    ("0c 1p", "invalid_bidding", "/bidding"),  # missing
    ("0c 1r 2p", "invalid_bidding", "/bidding"),  # the caller's last word missing
    ("", "invalid_bidding", "/bidding"),
])
def test_bidding_errors(text: str, code: str, pointer: str) -> None:
    assert errors_of(s1(text)) == [(code, pointer)]


def test_landlord_given_must_agree() -> None:
    body = s1()
    body["landlord"] = 0
    assert totals(settle(body)) == [2, -1, -1]
    body["landlord"] = 1
    assert errors_of(body) == [("landlord_mismatch", "/landlord")]  # R4


# -- every 422 (R1-R4, R7, R9, R10) ----------------------------------------------------------------


def mutated(change: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    body = copy.deepcopy(base if base is not None else s1())
    change(body)
    return body


def _set(path: list[Any], value: Any) -> Any:
    def change(body: dict[str, Any]) -> None:
        target = body
        for p in path[:-1]:
            target = target[p]
        target[path[-1]] = value
    return change


def _del(key: str) -> Any:
    return lambda body: body.pop(key)


@pytest.mark.parametrize(("change", "expected"), [
    (_set(["players", 0, "hand", 0], "1"), [("unknown_card", "/players/0/hand/0")]),  # R1
    (_set(["players", 0, "hand"], "34567910JQK888999X"), [("unknown_card", "/players/0/hand")]),
    (_set(["bottom"], ["A", "2"]), [("bottom_size", "/bottom")]),  # R2 (53 cards: no copy too many)
    (_set(["bottom", 0], "3"), [("too_many_copies", "/bottom/0")]),  # R2: a fifth 3, the bottom comes last
    (_set(["players"], []), [("player_count", "/players")]),  # R2
    (_set(["players", 1, "seat"], 2), [("seat_order", "/players/1/seat")]),
    (_set(["players", 0, "flags"], {"foo": 1}), [("unknown_flag", "/players/0/flags/foo")]),  # R2
    (_set(["players", 0, "flags"], {"show_cards": 6}), [("invalid_option", "/players/0/flags/show_cards")]),  # R5
    (_set(["players", 0, "flags"], {"double": "triple"}), [("invalid_option", "/players/0/flags/double")]),
    (_set(["options"], {"mode": "wild"}), [("invalid_wilds", "/wilds")]),  # R3: wild needs one rank
    (_set(["wilds"], ["7"]), [("invalid_wilds", "/wilds")]),  # R3: classic has none
    (_del("dealer"), [("missing_field", "/dealer")]),
    (_del("bottom"), [("missing_field", "/bottom")]),
    (_del("bidding"), [("missing_field", "/bidding")]),
    (_del("plays"), [("missing_field", "/plays")]),
    (_set(["dealer"], 3), [("invalid_seat", "/dealer")]),
    (_set(["plays", 1, "seat"], 2), [("out_of_turn", "/plays/1/seat")]),  # R7
    (_set(["plays", 0, "cards"], []), [("must_lead", "/plays/0/cards")]),  # R7
    (_set(["plays", 1, "cards"], ["4"]), [("does_not_beat", "/plays/1/cards")]),  # R7: a single on a straight
    (_set(["plays", 0, "cards"], ["3", "4", "5", "6", "RJ"]), [("card_not_held", "/plays/0/cards/4")]),  # R7
    (_set(["plays", 0, "cards"], ["3", "4", "5", "9"]), [("not_a_pattern", "/plays/0/cards")]),  # R7
    (lambda b: b["plays"].append({"seat": 1, "cards": []}), [("after_round_end", "/plays/7")]),  # R7
    (lambda b: b["plays"].pop(), [("round_not_finished", "/plays")]),  # R7
    (_set(["wins"], []), [("field_not_used", "/wins")]),  # R10
    (_set(["reveals"], {}), [("field_not_used", "/reveals")]),
    (_set(["players", 0, "melds"], []), [("field_not_used", "/players/0/melds")]),
    (_set(["plays", 0, "as"], ["3"]), [("invalid_as", "/plays/0/as")]),  # R9: no wild card in classic
    (_set(["plays", 2, "as"], ["3"]), [("invalid_as", "/plays/2/as")]),  # a pass has no face
    (_set(["round_id"], 7), [("invalid_type", "/round_id")]),
])
def test_every_refusal_has_its_pointer(change: Any, expected: list[tuple[str, str]]) -> None:
    assert errors_of(mutated(change)) == expected


def test_null_is_absent() -> None:
    # R10: a mahjong field present and null is not refused
    body = mutated(_set(["reveals"], None))
    body["wins"] = None
    body["players"][0]["melds"] = None
    assert totals(settle(body)) == [2, -1, -1]


def test_a_card_no_longer_held() -> None:
    # R7: seat 0 played its only 3 at play 0; 34567 again at play 3
    assert errors_of(mutated(_set(["plays", 3, "cards"], cards("34567"))))[0] == ("card_not_held", "/plays/3/cards/0")


def test_hand_sizes() -> None:
    # R2: one card moved from seat 1 to seat 2: 16 and 18
    body = s1()
    body["players"][2]["hand"].append(body["players"][1]["hand"].pop())
    assert errors_of(body) == [("hand_size", "/players/1/hand"), ("hand_size", "/players/2/hand")]


@pytest.mark.parametrize(("mode", "wilds", "expected"), [
    ("wild", ["BJ"], [("invalid_wilds", "/wilds/0")]),  # 001:602 非王牌
    ("sky_earth", ["7", "7"], [("invalid_wilds", "/wilds/1")]),  # R3: two different ranks
    ("sky_earth", ["7"], [("invalid_wilds", "/wilds")]),
    ("wild", ["7", "9"], [("invalid_wilds", "/wilds")]),
    ("wild", ["Z"], [("unknown_card", "/wilds/0")]),
])
def test_wild_rank_errors(mode: str, wilds: list[str], expected: list[tuple[str, str]]) -> None:
    body = s1(options={"mode": mode})
    body["wilds"] = wilds
    assert errors_of(body) == expected


def test_wild_play_errors() -> None:
    base = round_body({0: "88887999333444556"}, "BJRJ6", "0c 1p 2p",
                      plays("0:8888", "1:", "2:", "0:7999/9", "1:", "2:", "0:BJRJ", "1:", "2:", "0:3334445566"),
                      options={"mode": "wild"}, wilds="7")
    no_as = mutated(lambda b: b["plays"][3].pop("as"), base)
    assert errors_of(no_as) == [("ambiguous_play", "/plays/3/as")]  # R9: 软炸弹 or 三带一
    assert errors_of(mutated(_set(["plays", 3, "as"], ["BJ"]), base)) == [("invalid_as", "/plays/3/as")]
    assert errors_of(mutated(_set(["plays", 3, "as"], ["9", "9"]), base)) == [("invalid_as", "/plays/3/as")]
    assert errors_of(mutated(_set(["plays", 3, "as"], ["x"]), base)) == [("unknown_card", "/plays/3/as/0")]
    # as 7 (itself): 999 + 7 is 三带一, no bomb: 硬 ×2 × 王炸 ×4 × 春天 ×2 = 16 per farmer (001:629, 001:625)
    assert totals(settle(mutated(_set(["plays", 3, "as"], ["7"]), base))) == [32, -16, -16]


def test_card_fields_on_a_mahjong_round_are_refused() -> None:
    # R10: bottom, bidding, plays, wilds, landlord on a mahjong round
    body = generate("zhuanzhuan", 1)
    settle(body)
    body.update({"plays": [], "landlord": 0, "wilds": None})
    with pytest.raises(InvalidRound) as caught:
        settle(body)
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("field_not_used", "/landlord"),
                                                                  ("field_not_used", "/plays")]
    with pytest.raises(InvalidRound) as caught:
        analyze({"variant": "zhuanzhuan", "hand": "123m456m789m1122p", "wilds": ["7"]})
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("field_not_used", "/wilds")]


def test_expected_gives_mismatches() -> None:
    body = s1()
    body["expected"] = {"totals": [2, -2, 0]}
    answer = settle(body)
    assert answer["mismatches"]["count"] == 2
    assert [t["seat"] for t in answer["mismatches"]["totals"]] == [1, 2]
    body["expected"] = {"totals": [1, 2]}
    assert errors_of(body) == [("invalid_expected", "/expected/totals")]


# -- description, analysis, generated rounds -------------------------------------------------------


def test_describe_lists_the_table() -> None:
    d = describe_variant("doudizhu")
    assert d["players"] == {"min": 3, "max": 3}  # 001:601
    assert d["cards"]["size"] == 54
    assert {o["name"]: o["default"] for o in d["options"]} == {
        "mode": "classic", "base_points": 1, "initial_multiple": 1, "anti_spring": True, "four_with_two": False,
        "next_first_bidder": "winner"}
    assert {f["name"]: f["default"] for f in d["flags"]} == {"show_cards": 1, "double": "none"}
    assert [p["id"] for p in d["patterns"]] == [
        "single", "pair", "triple", "triple_single", "triple_pair", "straight", "pair_straight", "triple_straight",
        "airplane_singles", "airplane_pairs", "four_two_singles", "four_two_pairs", "bomb", "rocket"]
    factors = {m["id"]: m["factor"] for m in d["multipliers"]}
    assert factors["classic.rocket"] == factors["classic.hard"] == "×2 each played"  # 001:627
    assert factors["wild.rocket"] == factors["wild.pure"] == "×4 each played"  # 001:629
    assert factors["wild.hard"] == factors["wild.soft"] == "×2 each played"
    # 001:631, in its order
    sky_rows = [(m["zh"], m["factor"]) for m in d["multipliers"] if m.get("mode") == "sky_earth"]
    assert sky_rows == [("王炸", "×6 each played"), ("八癞子炸", "×6 each played"), ("八软炸", "×6 each played"),
                        ("七癞子炸", "×6 each played"), ("七软炸", "×6 each played"), ("六癞子炸", "×6 each played"),
                        ("六软炸", "×6 each played"), ("五癞子炸", "×6 each played"), ("五软炸", "×6 each played"),
                        ("四纯癞子炸", "×4 each played"), ("四癞子炸", "×4 each played"), ("四硬炸", "×4 each played"),
                        ("四软炸", "×2 each played")]
    assert json.dumps(d, ensure_ascii=False)


def test_analyze_gives_every_reading() -> None:
    # R11 with R8's example and 001:622's 软炸弹 (wild 7: AAA + 7)
    out = analyze({"variant": "doudizhu", "hand": "333444555666"})
    assert {(x["kind"], x["rank"], x["length"]) for x in out["readings"]} == {
        ("triple_straight", "6", 12), ("airplane_singles", "5", 12), ("airplane_singles", "6", 12)}
    out = analyze({"variant": "doudizhu", "hand": ["A", "A", "7", "A"], "options": {"mode": "wild"}, "wilds": ["7"]})
    assert {(x["kind"], x["bomb"], tuple(x["as"])) for x in out["readings"]} == {
        ("triple_single", "none", ("7",)), ("bomb", "soft", ("A",))}
    assert out["readings"][0]["name"] in ("三带一", "炸弹")
    assert analyze({"variant": "doudizhu", "hand": "345"})["readings"] == []
    with pytest.raises(InvalidRound):
        analyze({"variant": "doudizhu", "hand": "33333"})  # a fifth 3 (R2)


def test_analyze_sky_earth_bombs() -> None:
    # R11 with 001:631 (7 and 9 wild): 77779 is a 五癞子炸 only (wild class, its cards as they are);
    # AAAA9 a 五软炸 of As (the 9 as A); the same AAAA9 in 癞子 mode (9 wild) no pattern (001:629: four cards)
    sky_earth = {"variant": "doudizhu", "options": {"mode": "sky_earth"}, "wilds": ["7", "9"]}
    out = analyze({**sky_earth, "hand": "77779"})
    assert [(x["kind"], x["bomb"], x["length"], x["as"]) for x in out["readings"]] == [
        ("bomb", "wild", 5, ["7", "7", "7", "7", "9"])]
    out = analyze({**sky_earth, "hand": "AAAA9"})
    assert [(x["bomb"], x["rank"], x["as"]) for x in out["readings"]] == [("soft", "A", ["A"])]
    assert analyze({"variant": "doudizhu", "options": {"mode": "wild"}, "wilds": ["9"], "hand": "AAAA9"})["readings"] == []


@pytest.mark.parametrize("mode", ["classic", "wild", "sky_earth"])
def test_generated_rounds_settle_zero_sum_and_deterministic(mode: str) -> None:
    for seed in range(25):
        body = generate("doudizhu", seed, options={"mode": mode, "four_with_two": seed % 2 == 0})
        assert generate("doudizhu", seed, options={"mode": mode, "four_with_two": seed % 2 == 0}) == body
        answer = settle(body)
        assert sum(totals(answer)) == 0
        assert len(answer["items"]) == 2 and all(i["points"] > 0 for i in answer["items"])
        assert json.dumps(settle(copy.deepcopy(body)), sort_keys=True) == json.dumps(answer, sort_keys=True)
        # the landlord's total is the farmers' sum, with the other sign (R6)
        landlord = next(h["seat"] for h in answer["hands"] if h["role"] == "landlord")
        assert totals(answer)[landlord] == -sum(t for s, t in enumerate(totals(answer)) if s != landlord)


# -- the review's findings (each failed before its fix) -----------------------------------------


def test_an_as_that_spoils_a_legal_play_is_the_culprit() -> None:
    # R9: with 7 wild, 3 4 5 7 7 is the straight 34567 (the two 7s as 6 and 7 — a legal lead, R7);
    # "as": ["8", "9"] makes 3 4 5 8 9, no pattern (001:611 needs five consecutive ranks): the
    # cards are fine, the `as` is wrong, so the pointer is the `as`
    body = round_body({0: "34577" + "9910JQKAAA2"}, "888", "0c 1p 2p", plays("0:34577/89"),
                      options={"mode": "wild"}, wilds="7")
    assert errors_of(body) == [("not_a_pattern", "/plays/0/as")]
    # without `as` the same cards lead legally (the straight; no reading of them is a bomb)
    body["plays"][0].pop("as")
    assert errors_of(body)[0] == ("round_not_finished", "/plays")


def test_cards_that_make_no_pattern_with_any_as_point_at_the_cards() -> None:
    # R7: 3 4 5 9 7 with 7 wild: whatever the 7 stands for, 3 4 5 9 + one rank is no straight
    # (001:611: five consecutive ranks) and no other five-card pattern (三带一对 needs three of a
    # rank): the cards are the culprit, not the `as`
    body = round_body({0: "34597"}, "888", "0c 1p 2p", plays("0:34597/6"), options={"mode": "wild"}, wilds="7")
    assert errors_of(body) == [("not_a_pattern", "/plays/0/cards")]


@pytest.mark.parametrize("value", [0, False, {}])
def test_a_hand_that_is_no_list_is_invalid_type(value: Any) -> None:
    # R2: a hand is a list of cards or a compact string; 0, false and {} are neither (not an empty hand)
    assert errors_of(mutated(_set(["players", 1, "hand"], value))) == [("invalid_type", "/players/1/hand")]


@pytest.mark.parametrize("value", [0, False, {}])
def test_classic_wilds_that_are_no_list_are_invalid_type(value: Any) -> None:
    # R3: in classic `wilds` is absent or empty; 0, false and {} are neither
    assert errors_of(mutated(_set(["wilds"], value))) == [("invalid_type", "/wilds")]


@pytest.mark.parametrize(("change", "expected"), [
    (lambda b: b["bidding"][0].pop("action"), [("missing_field", "/bidding/0/action")]),
    (lambda b: b["bidding"][0].pop("seat"), [("missing_field", "/bidding/0/seat")]),
    (lambda b: b["plays"][0].pop("seat"), [("missing_field", "/plays/0/seat")]),
    (_set(["players", 0, "seat"], 0.0), [("seat_order", "/players/0/seat")]),  # a seat is an integer
])
def test_missing_bid_and_play_fields_as_over_http(change: Any, expected: list[tuple[str, str]]) -> None:
    # the engine answers what the HTTP shape check answers (missing_field), called directly too
    assert errors_of(mutated(change)) == expected


@pytest.mark.parametrize(("field", "value"), [("melds", []), ("reveals", {})])
def test_a_card_analysis_refuses_mahjong_fields(field: str, value: Any) -> None:
    # R10: the other game's fields are refused both ways, in hand analysis too
    with pytest.raises(InvalidRound) as caught:
        analyze({"variant": "doudizhu", "hand": ["3"], field: value})
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("field_not_used", f"/{field}")]


def test_the_multiplier_table_is_read_from_the_rows() -> None:
    # describe: 抢地主 ×2 per rob, 明牌 ×1-5, 春天 ×2, 反春天 ×2 (001:625, R5)
    rows = {r["id"]: r["factor"] for r in describe_variant("doudizhu")["multipliers"]}
    assert (rows["rob"], rows["show_cards"], rows["spring"], rows["anti_spring"]) == (
        "×2 per rob", "×1-5, the largest show_cards flag", "×2", "×2 (option anti_spring)")
