"""双扣 (001:42-76) under the lead's readings S1-S13 (.helpers/shuangkou-readings.md,
docs/variants/shuangkou.md).

A round is posted as its record (S2): the finishing order (or the 抄底), each player's bombs and
its cards at the end. Rounds below hold only the cards that matter; every number is worked by hand
in the test's comment, citing the seed line (``001:N``) and the reading (S-number). Unless a test
says otherwise: mode ``classic``, dealer 0, default options.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.api import analyze, describe_variant, settle
from rules.cards import DECK_108, RANKS, parse_cards
from rules.errors import InvalidRound
from rules.generator import generate
from rules.variants.shuangkou.bases import CARDS_LEFT, base_by_cards_left
from rules.variants.shuangkou.lines import (
    CONTRIBUTION_ROWS,
    DOUBLING_ROWS,
    JOKER_BOMB,
    MODES,
    NATURAL,
    STACK_RULES,
    WILD,
    Stacked,
    bomb_of,
    contribution,
    doubling,
    hand_bombs,
    stack,
)


def cards(text: str) -> list[str]:
    return [RANKS[r] for r in parse_cards(text, "")]


def seat(bombs: str = "", hand: str = "", **extra: Any) -> dict[str, Any]:
    """A player: its bombs (space-separated compact strings) and its hand (as a list of cards)."""
    return {"bombs": bombs.split(), "hand": cards(hand), **extra}


def body(*players: dict[str, Any], finish: list[int] | None = None, options: dict[str, Any] | None = None,
         dealer: int = 0, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"variant": "shuangkou", "options": options or {}, "dealer": dealer,
                           "players": [{"seat": i, **p} for i, p in enumerate(players)], **extra}
    if finish is not None:
        out["finish_order"] = finish
    return out


def totals(b: dict[str, Any]) -> list[int]:
    return [s["total"] for s in settle(b)["scores"]]


def items(b: dict[str, Any]) -> list[tuple[str, str, int, int, int]]:
    return sorted((i["kind"], i["name"], i["payer"], i["payee"], i["points"]) for i in settle(b)["items"])


def rejected(b: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRound) as e:
        settle(b)
    return [(err.pointer, err.code) for err in e.value.errors]


# The worked round of the page (docs/variants/shuangkou.md "A worked example"): a 4-player 双扣.
# Seat 0 bombs 5线 5线 4线 (S4) → 5 5 stack to 2+5-1 = 6线 (001:47 ②), the 4线 stays: 贡献分 2 (001:50),
# row ×4 (001:62). Seat 1: three 4线, nothing stacks (① needs N ≥ 4, S6): no 贡献分, 3个4线 ×2 (001:60).
# Seat 2: 6线 6线 → 2+6-1 = 7线 (②): 贡献分 4 (001:51), ×8 (001:63). Seat 3: no bomb, ×1.
# 炸弹翻倍数 = max(4, 2, 8, 1) = 8 (S8); partner seat 2 out 2nd: 双扣, 基准分 3 (001:71, S3): 3 × 8 = 24.
# Seat 1 pays its 下家 seat 2 24, seat 3 pays seat 0 24 (S8). 贡献分 from every other player (S7):
# seat 0 +3×2 −4 = 26 with its 24; seat 1 −24 −2 −4 = −30; seat 2 24 +3×4 −2 = 34; seat 3 −30.
WORKED = body(seat("55555 66666 7777"), seat("8888 9999 TTTT", "344AA2"), seat("QQQQQQ KKKKKK"),
              seat("", "33JJJJJJ2RJ"), finish=[0, 2])
WORKED_TOTALS = [26, -30, 34, -30]


# -- S6 stacking (001:47) ----------------------------------------------------------------------


@pytest.mark.parametrize(("lines", "left", "three_fours"), [
    ([4, 4, 4, 4], (6,), False),  # ① 4 + 4 − 2 = 6 (S6 worked)
    ([5, 5], (6,), False),  # ② 2 + 5 − 1 = 6
    ([5, 5, 6], (7,), False),  # ② 5 5 → 6; then 6 6 → 2 + 6 − 1 = 7 (the cascade, ③)
    ([4, 4, 4, 4, 6], (7,), False),  # ① → 6; then 6 6 → 7
    ([4, 4, 4, 5], (5, 4, 4, 4), True),  # ① needs N ≥ 4: the three 4线 stay, flag 3个4线 (001:60)
    ([7, 6], (7, 6), False),  # different 线数 do not stack
    ([8, 8, 8], (10,), False),  # ② 3 + 8 − 1 = 10
    ([5, 5, 5, 6, 6], (8,), False),  # 5 5 5 → 3+5−1 = 7; 6 6 → 7; 7 7 → 2+7−1 = 8
    ([4, 4, 4, 4, 4, 6], (7, 6), False),  # ① 5 + 4 − 2 = 7; 6 and 7 stay
    ([4, 4, 4], (4, 4, 4), True),
    ([4, 4], (4, 4), False),
    ([6, 4, 4, 4, 4], (7,), False),  # order does not matter: ① → 6, then 6 6 → 7
    ([4] * 8, (10,), False),  # ① 8 + 4 − 2 = 10
    ([], (), False),
])
def test_stacking_worked_examples(lines: list[int], left: tuple[int, ...], three_fours: bool) -> None:
    found = stack(lines)
    assert found == Stacked(left, three_fours)
    assert found.lines == (left[0] if left else 0)  # ③ the highest left is the 贡献线数 (S6 step 4)


def test_stack_rules_are_the_seeds_two_clauses() -> None:
    # 001:47 ① N个4线炸弹，N≥4, 线数=N+4-2; ② N个X线炸弹, X≥5，N≥2, 线数=N+X-1
    first, second = STACK_RULES
    assert (first.low, first.high, first.least, first.plus) == (4, 4, 4, -2)
    assert (second.low, second.least, second.plus) == (5, 2, -1)


# -- the tables (001:48-68) -------------------------------------------------------------------


def test_contribution_table_is_the_seeds() -> None:
    # 001:50-56: 6线 2/2, 7线 4/6, 8线 8/10, 9线 16/15, 10线 32/20, 11线 64/25, 12线 128/30 (非全炸/全炸)
    assert [(r.lines, r.partial, r.full, r.seed) for r in CONTRIBUTION_ROWS] == [
        (6, 2, 2, "001:50"), (7, 4, 6, "001:51"), (8, 8, 10, "001:52"), (9, 16, 15, "001:53"),
        (10, 32, 20, "001:54"), (11, 64, 25, "001:55"), (12, 128, 30, "001:56")]


@pytest.mark.parametrize(("lines", "partial", "full"), [
    (4, 0, 0), (5, 0, 0),  # S7: the table starts at 6线, below it nothing
    (6, 2, 2), (9, 16, 15), (12, 128, 30),  # 001:50, 001:53, 001:56
    (13, 128, 30), (20, 128, 30),  # S7: above 12 the 12线 row
])
def test_contribution_per_other_player(lines: int, partial: int, full: int) -> None:
    assert contribution(lines, full=False) == partial
    assert contribution(lines, full=True) == full


def test_doubling_table_is_the_seeds() -> None:
    # 001:60-68, columns 经典/百变, 千变, 全炸; "/" (None) at 12线 经典/百变
    assert [(r.zh, r.factors, r.seed) for r in DOUBLING_ROWS] == [
        ("3个4线", (2, 2, 2), "001:60"), ("5线", (2, 2, 2), "001:61"), ("6线", (4, 4, 4), "001:62"),
        ("7线", (8, 8, 8), "001:63"), ("8线", (16, 16, 16), "001:64"), ("9线", (32, 32, 20), "001:65"),
        ("10线", (64, 64, 24), "001:66"), ("11线", (128, 128, 28), "001:67"), ("12线", (None, 256, 32), "001:68")]


@pytest.mark.parametrize(("lines", "classic", "qianbian", "quanzha"), [
    ([], 1, 1, 1), ([4], 1, 1, 1), ([4, 4], 1, 1, 1),  # S8: below the table ×1
    ([4, 4, 4], 2, 2, 2),  # 3个4线 (001:60)
    ([5], 2, 2, 2), ([4, 4, 4, 5], 2, 2, 2),  # 5线 (001:61); with the flag too, the 5线 row
    ([6], 4, 4, 4), ([4, 4, 4, 6], 4, 4, 4),  # 001:62: the flag matters only at 4线 and below (S8)
    ([9], 32, 32, 20), ([10], 64, 64, 24), ([11], 128, 128, 28),  # 001:65-67
    ([12], 128, 256, 32),  # 001:68; 经典/百变 "/" read as the 11线 row, 128 (S8)
    ([12, 12], 128, 256, 32),  # 13线: above 12 the 12线 row (S8)
])
def test_doubling_rows(lines: list[int], classic: int, qianbian: int, quanzha: int) -> None:
    found = stack(lines)
    assert [doubling(found, MODES[m].doubling) for m in ("classic", "baibian", "qianbian", "quanzha")] == [
        classic, classic, qianbian, quanzha]


def test_two_player_base_table() -> None:
    # 001:74-76: 1-4 平扣 1, 5-10 单扣 2, ≥11 双扣 3 (S3)
    assert [(r.least, r.base.zh, r.seed) for r in CARDS_LEFT] == [(1, "平扣", "001:74"), (5, "单扣", "001:75"),
                                                                  (11, "双扣", "001:76")]
    assert [base_by_cards_left(k).points for k in (1, 4, 5, 10, 11, 27)] == [1, 1, 2, 2, 3, 3]


# -- S4 bombs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "text", "kind", "lines"), [
    ("classic", "5555", NATURAL, 4), ("classic", "55555555", NATURAL, 8),  # 4-8 of a rank: as many 线
    ("classic", "2222222", NATURAL, 7),
    ("classic", "BJBJRJRJ", JOKER_BOMB, 6),  # 天王炸, four_jokers_lines default 6
    ("baibian", "5555RJ", WILD, 5), ("baibian", "55RJRJ", WILD, 4),  # the 大王 stand in (S5)
    ("qianbian", "55555555BJBJRJRJ", WILD, 12), ("quanzha", "5BJBJRJ", WILD, 4),  # all four jokers wild
    ("qianbian", "BJBJRJRJ", JOKER_BOMB, 6),  # the four jokers alone: 天王炸, no natural card
    ("baibian", "5555", NATURAL, 4),
])
def test_bombs(mode: str, text: str, kind: str, lines: int) -> None:
    bomb = bomb_of(parse_cards(text, ""), MODES[mode].wilds, 6)
    assert bomb is not None
    assert (bomb.kind, bomb.lines) == (kind, lines)


@pytest.mark.parametrize(("mode", "text"), [
    ("classic", "555"), ("classic", "5556"), ("classic", "BJRJ"), ("classic", "BJBJRJ"),
    ("classic", "5555RJ"),  # no wild joker in 经典 (S5)
    ("baibian", "5555BJ"),  # 百变: only the 大王 stand in
    ("qianbian", "RJRJBJ"),  # wild jokers alone (not the four): no natural card (S4)
    ("classic", "555555555"),  # nine of a rank: more than two decks hold
])
def test_not_bombs(mode: str, text: str) -> None:
    assert bomb_of(parse_cards(text, ""), MODES[mode].wilds, 6) is None


def test_bombs_in_a_hand() -> None:
    # S4: every rank held 4+ times is one bomb of as many 线, the four jokers 天王炸; wild jokers stand
    # in for nothing in a hand
    found = hand_bombs(parse_cards("333344444456RJRJBJBJ777", ""), 9)
    assert [(b.kind, b.lines) for b in found] == [(NATURAL, 4), (NATURAL, 6), (JOKER_BOMB, 9)]
    assert hand_bombs(parse_cards("555RJRJ", ""), 6) == ()


def test_the_deck() -> None:
    # S1: two 54-card decks: 8 of each rank 3…2, 2 of each joker, 108 cards
    assert DECK_108.size == 108
    assert DECK_108.copies == (8,) * 13 + (2, 2)


# -- rounds: the result (S3, S8) -----------------------------------------------------------------


def test_worked_double_win() -> None:
    answer = settle(WORKED)
    assert totals(WORKED) == WORKED_TOTALS
    assert items(WORKED) == sorted([
        ("result", "双扣", 1, 2, 24), ("result", "双扣", 3, 0, 24),
        ("contribution", "贡献分 6线", 1, 0, 2), ("contribution", "贡献分 6线", 2, 0, 2),
        ("contribution", "贡献分 6线", 3, 0, 2),
        ("contribution", "贡献分 7线", 0, 2, 4), ("contribution", "贡献分 7线", 1, 2, 4),
        ("contribution", "贡献分 7线", 3, 2, 4)])
    result = next(i for i in answer["items"] if i["kind"] == "result")
    assert (result["name_en"], result["note"]) == ("Double win", "基准分 3 × 炸弹翻倍 8")  # S13
    contrib = next(i for i in answer["items"] if i["name"] == "贡献分 7线")
    assert contrib["name_en"] == "Bomb contribution (7 lines)"
    assert answer["next_dealer"] == 0  # S10: the 头游
    hands = answer["hands"]
    assert [(h["won"], h["team"], h["place"]) for h in hands] == [(True, 0, 1), (False, 1, None), (True, 0, 2),
                                                                  (False, 1, None)]
    assert [(h["lines"], h["doubling"]) for h in hands] == [(6, 4), (4, 2), (7, 8), (0, 1)]  # S11
    assert hands[0]["bombs"] == [{"cards": cards("55555"), "lines": 5}, {"cards": cards("66666"), "lines": 5},
                                 {"cards": cards("7777"), "lines": 4}]
    assert hands[3]["cards_left"] == ["3", "3", "J", "J", "J", "J", "J", "J", "2", "RJ"]
    assert hands[1]["patterns"] == ["炸弹翻倍 3个4线"] and hands[2]["patterns"] == ["贡献分 7线", "炸弹翻倍 7线"]


def test_single_win() -> None:
    # 头游 seat 1, seat 0 out 2nd, the partner seat 3 3rd: 单扣, 基准分 2 (001:71, S3). Seat 0's 888888
    # is 6线 (S4): ×4 (001:62) and 贡献分 2 from each other player (001:50, S7). 2 × 4 = 8: losers 0 and 2
    # pay their 下家 1 and 3 (S8). Seat 0: −8 + 3×2 = −2; seat 1 8 − 2 = 6; seat 2 −8 − 2 = −10; seat 3 6.
    b = body(seat("888888"), seat(), seat("", "3"), seat(), finish=[1, 0, 3])
    assert totals(b) == [-2, 6, -10, 6]
    assert ("result", "单扣", 0, 1, 8) in items(b) and ("result", "单扣", 2, 3, 8) in items(b)
    assert [h["place"] for h in settle(b)["hands"]] == [2, 1, None, 3]


def test_level_win() -> None:
    # 头游 seat 2, its partner seat 0 not out (seats 1 and 3 2nd and 3rd): 平扣, 基准分 1 (001:71, S3);
    # no bomb: ×1 (S8). Losers 1 and 3 pay seats 2 and 0 one each.
    b = body(seat("", "A"), seat(), seat(), seat(), finish=[2, 1, 3])
    assert items(b) == [("result", "平扣", 1, 2, 1), ("result", "平扣", 3, 0, 1)]
    assert totals(b) == [1, -1, 1, -1]


def test_two_players_base_from_the_losers_cards() -> None:
    # Seat 0 plays out; seat 1 holds 7 cards (5-10: 单扣 2, 001:75) and played 666666 (6线: ×4, 001:62;
    # 贡献分 2, 001:50). Seat 1 pays 2 × 4 = 8, seat 0 pays seat 1 2: [6, −6].
    b = body(seat(), seat("666666", "3456789"), finish=[0])
    assert items(b) == [("contribution", "贡献分 6线", 0, 1, 2), ("result", "单扣", 1, 0, 8)]
    assert totals(b) == [6, -6]
    assert [h["team"] for h in settle(b)["hands"]] == [None, None]


@pytest.mark.parametrize(("left", "name", "points"), [
    ("3", "平扣", 1), ("3456", "平扣", 1),  # 1-4 (001:74)
    ("34567", "单扣", 2), ("3456789TJQ", "单扣", 2),  # 5-10 (001:75)
    ("3456789TJQK", "双扣", 3), ("33445566778899TTJJQQKKAA2", "双扣", 3),  # ≥ 11 (001:76)
])
def test_two_player_bases(left: str, name: str, points: int) -> None:
    b = body(seat("", left), seat(), finish=[1])  # no bomb: ×1 (S8)
    assert items(b) == [("result", name, 0, 1, points)]


def test_three_players_each_loser_by_its_own_cards() -> None:
    # Seat 2 plays out; seat 0 holds 3 cards (平扣 1, 001:74), seat 1 holds 12 (双扣 3, 001:76), read for each
    # loser (S3); the only bomb, seat 2's 55555, is 5线: ×2 (001:61), no 贡献分 (below 6线, S7).
    b = body(seat("", "3JQ"), seat("", "3456789TJQKA"), seat("55555"), finish=[2])
    assert items(b) == sorted([("result", "平扣", 0, 2, 2), ("result", "双扣", 1, 2, 6)])
    assert totals(b) == [-2, -6, 8]


# -- the options --------------------------------------------------------------------------------


def _two(bombs0: str, options: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 plays out with ``bombs0``; seat 1 holds one card (平扣 1, 001:74) and played nothing."""
    return body(seat(bombs0), seat("", "3"), finish=[0], options=options)


@pytest.mark.parametrize(("mode", "expected"), [
    # 88888888 + one 小王 standing in: a 9线 bomb in 千变 and 全炸 (S4, S5). 千变: ×32 (001:65) and
    # 贡献分 16 (001:53 非全炸): 32 + 16 = 48. 全炸: ×20 (001:65) and 15 (001:53 全炸): 20 + 15 = 35.
    ("qianbian", [48, -48]), ("quanzha", [35, -35]),
])
def test_mode_columns(mode: str, expected: list[int]) -> None:
    assert totals(_two("88888888BJ", {"mode": mode})) == expected


@pytest.mark.parametrize("mode", ["classic", "baibian"])
def test_black_joker_is_no_wild_in_classic_or_baibian(mode: str) -> None:
    assert rejected(_two("88888888BJ", {"mode": mode})) == [("/players/0/bombs/0", "not_a_bomb")]  # S4, S5


def test_baibian_red_joker_stands_in() -> None:
    # 百变: 7777 + RJ is a 5线 bomb (S5): ×2 (001:61), no 贡献分. 1 × 2 = 2.
    assert totals(_two("7777RJ", {"mode": "baibian"})) == [2, -2]


@pytest.mark.parametrize(("options", "expected"), [
    # four_jokers_lines 12: 天王炸 is 12线. 经典: "/" read as the 11线 row ×128 (001:67-68, S8), 贡献分 128
    # (001:56): 128 + 128. 千变 ×256 (001:68) + 128. 全炸 ×32 + 30 (001:56 全炸).
    ({"four_jokers_lines": 12}, [256, -256]),
    ({"four_jokers_lines": 12, "mode": "qianbian"}, [384, -384]),
    ({"four_jokers_lines": 12, "mode": "quanzha"}, [62, -62]),
    # the default 6线 (S4): ×4 (001:62) + 贡献分 2 (001:50)
    ({}, [6, -6]),
    ({"four_jokers_lines": 4}, [1, -1]),  # one 4线 bomb: ×1, nothing paid (S7, S8)
])
def test_four_jokers_lines(options: dict[str, Any], expected: list[int]) -> None:
    assert totals(_two("BJBJRJRJ", options)) == expected


def test_four_jokers_stack_as_their_lines() -> None:
    # 天王炸 (6线) and 666666 (6线) → 2 + 6 − 1 = 7线 (001:47 ②, S6): ×8 (001:63) + 贡献分 4 (001:51)
    assert totals(_two("BJBJRJRJ 666666", {})) == [12, -12]


@pytest.mark.parametrize(("contributions", "expected"), [
    # seat 0 plays 7777777 and 666666: 7线 and 6线 stay (S6). ×8 (001:63): 平扣 1 × 8 = 8. highest: 贡献分 7线 4
    # (001:51) → 12; each: 7线 4 and 6线 2 (001:50) → 14
    ("highest", [12, -12]), ("each", [14, -14]),
])
def test_contributions(contributions: str, expected: list[int]) -> None:
    b = _two("7777777 666666", {"contributions": contributions})
    assert totals(b) == expected
    names = {i["name"] for i in settle(b)["items"] if i["kind"] == "contribution"}
    assert names == ({"贡献分 7线"} if contributions == "highest" else {"贡献分 7线", "贡献分 6线"})


def test_contribution_from_opponents() -> None:
    # The worked round, only the other team paying (S7): seat 0 is paid 2 by seats 1 and 3 (not 2), seat 2
    # 4 by 1 and 3 (not 0): seat 0 24 + 4 = 28; seat 1 −24 −2 −4 = −30; seat 2 24 + 8 = 32; seat 3 −30.
    b = copy.deepcopy(WORKED)
    b["options"] = {"contribution_from": "opponents"}
    assert totals(b) == [28, -30, 32, -30]


def test_contribution_from_opponents_is_others_without_teams() -> None:
    # 2-3 players have no teams (S2): "opponents" is every other player (S7)
    three = body(seat("", "3"), seat("666666", "4"), seat(), finish=[2])
    base = totals(three)
    three["options"] = {"contribution_from": "opponents"}
    assert totals(three) == base
    # seat 1's 6线: ×4 (001:62); 平扣 1 × 4 = 4 from each loser; 贡献分 2 (001:50) from seats 0 and 2
    assert base == [-4 - 2, -4 + 4, 8 - 2]


def test_doubling_product() -> None:
    # The worked round, rows 4, 2, 8, 1 multiplied (S8): 64, 3 × 64 = 192: [192 + 2, −198, 192 + 10, −198]
    b = copy.deepcopy(WORKED)
    b["options"] = {"doubling": "product"}
    assert totals(b) == [194, -198, 202, -198]


def test_unplayed_bombs_count() -> None:
    # (g): seat 3's six Js still in hand are a 6线 bomb (S4): 贡献分 2 from each other player (001:50, S7);
    # 翻倍 unchanged (S8). The worked totals [26, −30, 34, −30] + (−2, −2, −2, +6).
    b = copy.deepcopy(WORKED)
    b["options"] = {"unplayed_bombs_count": True}
    assert totals(b) == [24, -32, 32, -24]
    assert settle(b)["hands"][3]["doubling"] == 1


def test_unplayed_bombs_stack_with_the_played() -> None:
    # (g): seat 1 played 55555 (5线) and holds 66666 (5线): 5 5 → 6线 (001:47 ②): 贡献分 2 (001:50).
    # The 翻倍 reads the played bomb only (S8): 5线 ×2 (001:61). Seat 1 holds 5 cards: 单扣 2 (001:75): 2 × 2.
    b = body(seat(), seat("55555", "66666"), finish=[0], options={"unplayed_bombs_count": True})
    assert items(b) == [("contribution", "贡献分 6线", 0, 1, 2), ("result", "单扣", 1, 0, 4)]


@pytest.mark.parametrize(("next_dealer", "expected"), [("winner", 2), ("next_seat", 2)])
def test_next_dealer(next_dealer: str, expected: int) -> None:
    # S10: the 头游 (seat 2) or the seat after the dealer (seat 1 + 1 = 2)
    b = body(seat("", "3"), seat("", "4"), seat(), finish=[2], dealer=1, options={"next_dealer": next_dealer})
    assert settle(b)["next_dealer"] == expected
    b["finish_order"], b["players"][2]["hand"], b["players"][0]["hand"] = [0], ["3"], []
    assert settle(b)["next_dealer"] == (0 if next_dealer == "winner" else 2)


@pytest.mark.parametrize("name", ["mixed_chain_bombs", "open_partner", "fixed_seats", "no_card_counter"])
def test_rules_without_money_are_echoed(name: str) -> None:
    # (b), (c), (d), (f): accepted and echoed, change no money (S9)
    b = copy.deepcopy(WORKED)
    b["options"] = {name: True}
    answer = settle(b)
    assert [s["total"] for s in answer["scores"]] == WORKED_TOTALS
    assert answer["options"][name] is True


# -- (a) 抄底 (001:44, S9) -------------------------------------------------------------------------

# All 108 cards dealt, 27 each. Seats 2 and 3 hold no bomb (no rank four times, not the four jokers).
# Seat 0: KKKKKKKK 8线, AAAAAAA 7线, the four jokers 天王炸 6线 (S4) → nothing stacks: 8线, 贡献分 8 (001:52).
# Seat 1: 22222222 8线, JJJJJ 5线, QQQQQ 5线 → 5 5 → 6线 (001:47 ②); 6 and 8 stay: 8线, 贡献分 8.
CHAODI_HANDS = ("KKKKKKKKAAAAAAA33445566BJBJRJRJ", "A222222227788991010JJJJJQQQQQ",
                "333444555666777888999101010JJJ", "333444555666777888999101010QQQ")


def chaodi_round(chaodi: int, dealer: int = 1, **options: Any) -> dict[str, Any]:
    return body(*(seat("", h) for h in CHAODI_HANDS), options={"chaodi": True, **options}, dealer=dealer, chaodi=chaodi)


def test_chaodi_pays_contributions_from_every_hand() -> None:
    # Dealer 1: seat 1 holds bombs, seat 2 is the first from the dealer without one (001:44 a): its 抄底.
    # No result (S9 a). Seat 0 is paid 8 by 1, 2, 3; seat 1 is paid 8 by 0, 2, 3 (S7):
    # seat 0 24 − 8 = 16; seat 1 16; seats 2 and 3 −16.
    b = chaodi_round(2)
    answer = settle(b)
    assert [s["total"] for s in answer["scores"]] == [16, 16, -16, -16]
    assert {i["kind"] for i in answer["items"]} == {"contribution"}
    assert {i["name"] for i in answer["items"]} == {"贡献分 8线"}
    assert [h["won"] for h in answer["hands"]] == [False] * 4 and [h["place"] for h in answer["hands"]] == [None] * 4
    assert answer["next_dealer"] == 1  # S10: the dealer again
    assert settle(chaodi_round(2, next_dealer="next_seat"))["next_dealer"] == 2


def test_chaodi_each() -> None:
    # contributions each (S6): seat 0 keeps 8线 7线 6线: 8 + 4 + 2 = 14 each (001:50-52); seat 1 8线 6线:
    # 8 + 2 = 10. Seat 0 3×14 − 10 = 32; seat 1 3×10 − 14 = 16; seats 2, 3 −14 −10 = −24.
    assert totals(chaodi_round(2, contributions="each")) == [32, 16, -24, -24]


def test_chaodi_priority_and_bombs() -> None:
    # seat 3 holds no bomb but seat 2 comes first from the dealer (1, 2, 3, 0): seat 2's 抄底 (001:44 a)
    assert rejected(chaodi_round(3)) == [("/chaodi", "chaodi_not_allowed")]
    assert rejected(chaodi_round(0)) == [("/chaodi", "chaodi_not_allowed")]  # seat 0 holds bombs
    # dealer 3: seat 3 has priority over seat 2
    assert totals(chaodi_round(3, dealer=3)) == [16, 16, -16, -16]
    assert rejected(chaodi_round(2, dealer=3)) == [("/chaodi", "chaodi_not_allowed")]


def test_chaodi_round_has_no_bombs_and_full_hands() -> None:
    b = chaodi_round(2)
    b["players"][0] = {"seat": 0, **seat("KKKKKKKK", "AAAAAAA33445566BJBJRJRJ")}
    assert rejected(b) == [("/players/0/bombs/0", "bombs_on_chaodi"), ("/players/0/hand", "hand_size")]  # S9 a


def test_chaodi_and_finish_order() -> None:
    both = chaodi_round(2)
    both["finish_order"] = [2]
    assert ("/chaodi", "field_not_used") in rejected(both)  # both given (S9 a): chaodi is not used
    neither = chaodi_round(2)
    del neither["chaodi"]
    assert rejected(neither) == [("/finish_order", "missing_field")]
    off = chaodi_round(2)
    off["options"] = {}
    assert rejected(off) == [("/chaodi", "field_not_used"), ("/finish_order", "missing_field")]  # S2


# -- (e) 拆相补偿 (001:44, S9) -----------------------------------------------------------------------

DEALT0 = "55555555666777888999101010JJJQ"  # 27 cards: eight 5s (an 8线 bomb dealt)
DEALT1 = "333444KKKAAA222QQQ666777999"


def split_round(**options: Any) -> dict[str, Any]:
    return body(seat("5555", dealt=cards(DEALT0)), seat("", "3", dealt=cards(DEALT1)), finish=[0],
                options={"split_compensation": True, **options})


def test_split_compensation() -> None:
    # Seat 0 was dealt eight 5s (8线) and played them split: 5555 (4线). Its 贡献线数 is the larger of the
    # played (4) and the dealt (8, S4 S6): 8线, 贡献分 8 (001:52). 翻倍 from the played: one 4线, ×1 (S8).
    # Seat 1 holds 1 card: 平扣 1 (001:74): seat 0 1 + 8 = 9.
    assert totals(split_round()) == [9, -9]
    assert settle(split_round())["hands"][0]["lines"] == 8
    b = split_round()
    b["options"] = {}
    for p in b["players"]:
        del p["dealt"]
    assert totals(b) == [1, -1]  # without (e): the 4线 pays nothing


def test_split_compensation_checks() -> None:
    b = split_round()
    b["players"][1]["hand"] = ["5"]  # not among seat 1's dealt cards
    assert rejected(b) == [("/players/1/hand/0", "not_dealt")]
    b = split_round()
    del b["players"][1]["dealt"]
    assert rejected(b) == [("/players/1/dealt", "missing_field")]
    b = split_round()
    b["players"][0]["dealt"] = cards(DEALT0[:-1])  # 26 cards
    assert rejected(b) == [("/players/0/dealt", "hand_size")]
    b = split_round()
    b["players"][1]["dealt"] = cards(DEALT1[:-1] + "5")  # a ninth 5 among the dealt cards
    assert rejected(b) == [("/players/1/dealt/26", "too_many_copies")]
    b = split_round()
    b["options"] = {}
    assert rejected(b) == [("/players/0/dealt", "field_not_used"), ("/players/1/dealt", "field_not_used")]


def test_split_compensation_with_each_pays_the_larger_set_by_its_points() -> None:
    # A review's finding: with contributions "each", the dealt set replaced the played one only when its
    # highest 线数 was higher, so a player splitting more bombs could be paid more. S9 (e) as amended: the
    # set (played or dealt) whose 贡献分 is the larger is paid. Seat 0 was dealt eight 3s and six 4s and
    # played 33333333 and 4444: played [8, 4] pays 8线 8 (001:52) and nothing for the 4线 (the table
    # starts at 6线, 001:50) = 8; dealt [8, 6] pays 8 + 2 (001:52, 001:50) = 10: the dealt set, 10.
    # Result: seat 1 holds 1 card, 平扣 1 (001:74) × 翻倍 of the played 8线 ×16 (001:64) = 16.
    b = body(seat("33333333 4444", dealt=cards("33333333444444556789TJQKA27")),
             seat("", "5", dealt=cards("55666777888999TTJJQQKKAA2BJRJ")), finish=[0],
             options={"split_compensation": True, "contributions": "each"})
    assert totals(b) == [26, -26]
    assert sorted((i["name"], i["points"]) for i in settle(b)["items"] if i["kind"] == "contribution") == [
        ("贡献分 6线", 2), ("贡献分 8线", 8)]
    # splitting the 3s as well leaves played [4, 4, 4] (three 4线, no stacking under ①'s N ≥ 4): the
    # dealt set's 10 again, never more; 翻倍 now the 3个4线 row ×2 (001:60): 平扣 1 × 2 = 2
    b["players"][0]["bombs"] = ["3333", "3333", "4444"]
    assert totals(b) == [12, -12]


def test_a_player_without_hand_is_missing_field() -> None:
    # S2 as amended: hand is required, [] for a seat that played out (as the shape check over HTTP has
    # it); null is no list of cards
    b = body(seat("55555"), seat("", "3"), finish=[0])
    del b["players"][0]["hand"]
    assert rejected(b) == [("/players/0/hand", "missing_field")]
    b["players"][0]["hand"] = None
    assert rejected(b) == [("/players/0/hand", "invalid_type")]


# -- 422 (S1-S4) ------------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["wins", "wall_remaining", "last_drawer", "reveals", "bottom", "bidding", "plays",
                                   "wilds", "landlord"])
def test_other_games_fields_are_refused(field: str) -> None:
    b = copy.deepcopy(WORKED)
    b[field] = [] if field not in ("wall_remaining", "last_drawer", "landlord") else 0
    assert rejected(b) == [(f"/{field}", "field_not_used")]  # S2


@pytest.mark.parametrize("field", ["melds", "discards", "flowers", "ready_declared_turn", "flags"])
def test_other_games_player_fields_are_refused(field: str) -> None:
    b = copy.deepcopy(WORKED)
    b["players"][1][field] = {} if field == "flags" else ([] if field != "ready_declared_turn" else 3)
    assert rejected(b) == [(f"/players/1/{field}", "field_not_used")]  # S2


@pytest.mark.parametrize(("change", "expected"), [
    (lambda b: b.update(players=b["players"][:1]), [("/players", "player_count")]),
    (lambda b: b["players"].append({"seat": 4, "hand": ["3"]}), [("/players", "player_count")]),
    (lambda b: b.update(players="x"), [("/players", "invalid_type")]),
    (lambda b: b.pop("players"), [("/players", "missing_field")]),
    (lambda b: b["players"][1].update(seat=2), [("/players/1/seat", "seat_order")]),
    (lambda b: b.pop("dealer"), [("/dealer", "missing_field")]),
    (lambda b: b.update(dealer=4), [("/dealer", "invalid_seat")]),
    (lambda b: b.update(dealer="0"), [("/dealer", "invalid_type")]),
    (lambda b: b["players"][0].update(bombs="55555"), [("/players/0/bombs", "invalid_type")]),
    (lambda b: b["players"][1].update(bombs=["8888", ["9", "9", "X", "9"], "TTTT"]),
     [("/players/1/bombs/1/2", "unknown_card")]),
    (lambda b: b["players"][1].update(hand="344AA2Z"), [("/players/1/hand", "unknown_card")]),
    (lambda b: b["players"][1].update(hand=3), [("/players/1/hand", "invalid_type")]),
    (lambda b: b.update(finish_order="0"), [("/finish_order", "invalid_type")]),
    (lambda b: b.update(finish_order=[0, "2"]), [("/finish_order/1", "invalid_type")]),
    (lambda b: b.pop("finish_order"), [("/finish_order", "missing_field")]),
])
def test_field_errors(change: Any, expected: list[tuple[str, str]]) -> None:
    b = copy.deepcopy(WORKED)
    change(b)
    assert rejected(b) == expected


def test_too_many_copies() -> None:
    # S1: a ninth 5 (seat 0's 55555 and seat 3's hand of four 5s: the ninth is the 4th of the hand); a third 大王
    b = body(seat("55555"), seat("", "RJRJ"), seat(), seat("", "5555RJ"), finish=[0, 2])
    assert rejected(b) == [("/players/3/hand/3", "too_many_copies"), ("/players/3/hand/4", "too_many_copies")]


def test_hand_size() -> None:
    # S1: bombs + hand ≤ 27: 8 + 8 + 12 = 28
    b = body(seat(), seat("33333333 44444444", "555666777888"), finish=[0])
    assert rejected(b) == [("/players/1/hand", "hand_size")]


@pytest.mark.parametrize("bomb", ["555", "5556", "BJRJ", "BJBJRJ", "5555RJ"])
def test_not_a_bomb(bomb: str) -> None:
    b = body(seat(f"7777 {bomb}"), seat("", "3"), finish=[0])
    assert rejected(b) == [("/players/0/bombs/1", "not_a_bomb")]  # S4


@pytest.mark.parametrize(("finish", "expected"), [
    ([0], [("/finish_order", "finish_order_invalid")]),  # 4 players: 2 or 3 seats (S3)
    ([], [("/finish_order", "finish_order_invalid")]),
    ([0, 1], [("/finish_order", "finish_order_invalid")]),  # seat 1 is no partner of seat 0: not over
    ([0, 2, 1], [("/finish_order", "finish_order_invalid")]),  # a 双扣 is exactly 2 seats: a wrong length
    ([0, 1, 3, 2], [("/finish_order", "finish_order_invalid")]),
    ([0, 0], [("/finish_order/1", "finish_order_invalid")]),  # a repeated seat
    ([0, 4], [("/finish_order/1", "finish_order_invalid")]),  # an unknown seat
])
def test_finish_order_invalid(finish: list[int], expected: list[tuple[str, str]]) -> None:
    b = copy.deepcopy(WORKED)
    b["finish_order"] = finish
    assert [e for e in rejected(b) if e[1] == "finish_order_invalid"] == expected


def test_finish_order_of_two_and_three_players() -> None:
    b = body(seat(), seat("", "3"), seat(), finish=[0, 2])
    assert rejected(b) == [("/finish_order", "finish_order_invalid")]  # S3: exactly [winner]


def test_hands_and_finishing() -> None:
    b = copy.deepcopy(WORKED)
    b["players"][0]["hand"] = ["3"]  # seat 0 played out (S3)
    b["players"][1]["hand"] = []  # seat 1 did not
    assert rejected(b) == [("/players/0/hand", "hand_not_empty"), ("/players/1/hand", "hand_empty")]


def test_bombs_default_to_none() -> None:
    # S2: bombs absent: none played (hand is required: test_a_player_without_hand_is_missing_field); null
    # is no list, as the service's shape check has it
    b = copy.deepcopy(WORKED)
    del b["players"][3]["bombs"]
    assert totals(b) == WORKED_TOTALS
    b["players"][3]["bombs"] = None
    assert rejected(b) == [("/players/3/bombs", "invalid_type")]
    b["players"][3]["bombs"] = []
    b["players"][3]["dealt"] = None
    assert rejected(b) == [("/players/3/dealt", "invalid_type")]


def test_compact_and_listed_cards_settle_alike() -> None:
    b = copy.deepcopy(WORKED)
    b["players"][1]["bombs"] = [cards("8888"), "9999", ["10", "T", "t", "10"]]
    b["players"][3]["hand"] = "33jjjjjj2大王"
    assert totals(b) == WORKED_TOTALS


def test_mahjong_and_doudizhu_rounds_refuse_the_record_fields() -> None:
    mahjong = generate("zhuanzhuan", 1)
    mahjong["finish_order"] = [0]
    mahjong["players"][1]["bombs"] = ["5555"]
    with pytest.raises(InvalidRound) as e:
        settle(mahjong)
    assert [(x.pointer, x.code) for x in e.value.errors] == [("/finish_order", "field_not_used"),
                                                             ("/players/1/bombs", "field_not_used")]
    ddz = generate("doudizhu", 1)
    ddz["chaodi"] = 0
    ddz["players"][0]["dealt"] = []
    with pytest.raises(InvalidRound) as e:
        settle(ddz)
    assert [(x.pointer, x.code) for x in e.value.errors] == [("/chaodi", "field_not_used"),
                                                             ("/players/0/dealt", "field_not_used")]


# -- S12 analyze, describe, the generator ------------------------------------------------------------


def test_analyze() -> None:
    # S12: 55555 66666 (5线 5线 → 6线, 001:47 ②) and 7777 8888 9999 (three 4线: 3个4线 flag, 001:60):
    # 贡献分 2 (001:50), row 6线 ×4 (001:62)
    answer = analyze({"variant": "shuangkou", "hand": "55555666667777888899993"})
    assert answer["bombs"] == [{"cards": cards("55555"), "lines": 5}, {"cards": cards("66666"), "lines": 5},
                               {"cards": cards("7777"), "lines": 4}, {"cards": cards("8888"), "lines": 4},
                               {"cards": cards("9999"), "lines": 4}]
    assert (answer["stacked"], answer["lines"], answer["three_fours"]) == ([6, 4, 4, 4], 6, True)
    assert (answer["contribution"], answer["doubling"]) == (2, 4)
    # 全炸: eight 2s (8线) → 贡献分 10 (001:52 全炸), ×16 (001:64)
    eights = analyze({"variant": "shuangkou", "hand": "22222222", "options": {"mode": "quanzha"}})
    assert (eights["lines"], eights["contribution"], eights["doubling"]) == (8, 10, 16)
    # the options of a settlement apply (a late review's finding: "each" was not read): 7777777 (7线) and
    # 666666 (6线) do not stack (different 线数, S6); highest 7线 4 (001:51); each 4 + 2 (001:50) = 6
    both = {"variant": "shuangkou", "hand": "7777777666666"}
    assert analyze(both)["contribution"] == 4
    assert analyze({**both, "options": {"contributions": "each"}})["contribution"] == 6


def test_analyze_refusals() -> None:
    for field in ("melds", "reveals", "wilds"):
        with pytest.raises(InvalidRound) as e:
            analyze({"variant": "shuangkou", "hand": "5555", field: []})
        assert [(x.pointer, x.code) for x in e.value.errors] == [(f"/{field}", "field_not_used")]
    with pytest.raises(InvalidRound) as e:
        analyze({"variant": "shuangkou", "hand": "555555555"})
    assert [(x.pointer, x.code) for x in e.value.errors] == [("/hand", "too_many_copies")]


def test_describe() -> None:
    d = describe_variant("shuangkou")
    assert (d["players"], d["hand_size"], d["card_game"], d["round_shape"]) == ({"min": 2, "max": 4}, 27, True, "record")
    assert d["cards"]["size"] == 108
    assert [o["name"] for o in d["options"]] == [
        "mode", "four_jokers_lines", "contributions", "contribution_from", "doubling", "chaodi", "mixed_chain_bombs",
        "open_partner", "fixed_seats", "split_compensation", "no_card_counter", "unplayed_bombs_count", "next_dealer"]
    assert all(not o["default"] for o in d["options"] if o["type"] == "boolean")  # S9: default false
    assert {r["id"]: r["factor"] for r in d["multipliers"]}["classic.12"].startswith("/")


@pytest.mark.parametrize("options", [{}, {"chaodi": True, "split_compensation": True, "mode": "qianbian"}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    for s in range(20):
        answer = settle(generate("shuangkou", s, options=options))
        assert sum(x["total"] for x in answer["scores"]) == 0
