"""买花麻将 (001_a1ce558555b69162.txt:294-333): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it and the lead's
readings M1-M8 (.helpers/maihua-readings.md, docs/variants/maihua.md). The 正财神 is 9p (the copy
on show, three in play: M1); the dealer is seat 0 of four, seat 1 wins unless a test says
otherwise: seat 1's wind is 南, its own flowers 夏 2f and 兰 6f (001:312, M1).

A line (M5): ((台' + 1) + [the dealer on either side] 1) × [坐庄翻 with the dealer] 2 × 底分, 台'
the 台 doubled from 6 under 六台翻 (001:306, 001:333, 001:304). 花分 (M4): every pair settles
the difference (001:333); the filler seats hold no flower, no kong, no 正财神: 0花 each.
"""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.tiles import ALL_FACES, is_flower
from rules.variants.maihua import PATTERNS, VARIANT, own_flowers
from tests.support import break_caishen_round, caishen_round, chow, kong, lines, pong, rejections, rows, tiles, totals, won

FACES = [f for f in ALL_FACES if not is_flower(f)]
PLAIN = "123m456m789m123p456p7s"  # five sets and a lone 7s: waits on 7s (or a 财神) for the pair
OPEN = "123m456m789m123p45p77s"  # 45p waits on 3p or 6p, 77s the pair
SCATTERED = "13579m2468p13579sNW"  # far from any shape


def table(hand: str, wins: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A 买花 round (tests.support.caishen_round): every seat but the given ones holds 16 filler
    honours and terminals, never the 正财神 9p nor a flower."""
    return caishen_round("maihua", (), hand, wins, **kw)


# -- the table ---------------------------------------------------------------------------


def test_the_table_is_the_seed() -> None:
    assert {p.id: p.value for p in PATTERNS} == {
        "heihua": 1,  # 001:319 一张黑花加一台
        "zifengke": 1,  # 001:320
        "jianke": 1,  # 001:321
        "zimo": 1,  # 001:322
        "wucaishen": 1,  # 001:323
        "caishenguiwei": 1,  # 001:324
        "shuangcaishen": 1,  # 001:325
        "sancaishen_tuidao": 3,  # 001:326
        "sancaishen": 4,  # 001:327
        "sihua_tuidao_red": 3, "sihua_tuidao_black": 4,  # 001:328 4红花推到3台，4黑花推到4台
        "sihuahu_red": 4, "sihuahu_black": 5,  # 001:329 4红花4台，4黑花5台
        "tianhu": 3,  # 001:330
        "dihu": 2,  # 001:331
        "qiangganghu": 1,  # 001:332
    }


def test_own_flowers_follow_the_seat_wind() -> None:
    # 001:312 自家花牌, M1: 东 春梅, 南 夏兰, 西 秋竹, 北 冬菊, the wind counted from the dealer
    assert [own_flowers(s, 2, 4) for s in range(4)] == [("3f", "7f"), ("4f", "8f"), ("1f", "5f"), ("2f", "6f")]
    assert [own_flowers(s, 0, 3) for s in range(3)] == [("1f", "5f"), ("2f", "6f"), ("3f", "7f")]


# -- a plain win: 无财神, 胡倒得分, the dealer's +1, 花分 ---------------------------------------------


def test_plain_discard_win() -> None:
    # 无财神 1台 (001:323); 胡倒得分 1+1 = 2 (001:333); the dealer's line 2+1 = 3 (001:333, M5): every
    # other player pays (M5). 花: the winner 胡倒 1 (001:315), the others 0: each pays 1 (001:333, M4)
    body = table(PLAIN, [won("7s", 2)])
    assert rows(body) == ["无财神"]
    assert lines(body, "hu") == [(2, 1, 2), (3, 1, 2), (0, 1, 3)]
    assert sorted(lines(body, "flower")) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert totals(body) == [-4, 10, -3, -3]


def test_self_draw() -> None:
    # 自摸 1 + 无财神 1 = 2台 (001:322-323): 3 each, the dealer 4 (001:333); 花 1 (胡倒)
    body = table(PLAIN, [won("7s")])
    assert rows(body) == ["自摸", "无财神"]
    assert totals(body) == [-5, 13, -4, -4]


def test_dealer_wins_and_dealer_double() -> None:
    # the dealer wins by self-draw: 自摸 + 无财神 = 2台, 胡倒 3, every line +1 = 4 (001:333)
    body = table(PLAIN, [won("7s", winner=0)], winner=0)
    assert lines(body, "hu") == [(1, 0, 4), (2, 0, 4), (3, 0, 4)]
    # 坐庄翻 (001:304, M5): every line has the dealer: (3 + 1) × 2 = 8
    body["options"] = {"dealer_double": True}
    assert lines(body, "hu") == [(1, 0, 8), (2, 0, 8), (3, 0, 8)]


def test_dealer_double_only_on_the_dealer_line_and_base_points() -> None:
    # seat 1 wins on seat 2's discard, 无财神 1台: 2 a line; the dealer's (2 + 1) × 2 = 6 (001:304);
    # × 底分 3: 6, 6, 18 — and 花分 1 × 3 (M4)
    body = table(PLAIN, [won("7s", 2)], options={"dealer_double": True, "base_points": 3})
    assert lines(body, "hu") == [(2, 1, 6), (3, 1, 6), (0, 1, 18)]
    assert sorted(lines(body, "flower")) == [(0, 1, 3), (2, 1, 3), (3, 1, 3)]


# -- every row ---------------------------------------------------------------------------


def test_black_flowers_and_own_flowers() -> None:
    # 梅 5f and 兰 6f (seat 1's own black): 黑花 ×2 = 2台 (001:319) + 无财神 1 = 3台; 胡倒 4, dealer 5
    # 花 (001:312, 315): 5f 1 + 6f 2 (自家) + 胡倒 1 = 4: each of the others pays 4
    body = table(PLAIN, [won("7s", 2)], flowers="56f")
    assert rows(body) == ["黑花", "无财神"]
    assert lines(body, "hu") == [(2, 1, 4), (3, 1, 4), (0, 1, 5)]
    assert totals(body) == [-9, 25, -8, -8]


def test_seat_wind_triplet() -> None:
    # 南风刻 for seat 1 (001:320) + 无财神 = 2台; a 东风 triplet is the dealer's wind, not seat 1's
    assert rows(table("123m456m789m123pSSS7s", [won("7s", 2)])) == ["自风刻/杠", "无财神"]
    assert rows(table("123m456m789m123pEEE7s", [won("7s", 2)])) == ["无财神"]


def test_seat_wind_kong_meld() -> None:
    # an exposed kong of 南 counts as 自风刻/杠 (001:320)
    body = table("123m456m789m123p7s", [won("7s", 2)], melds=[kong("S", "exposed", 3)])
    assert rows(body) == ["自风刻/杠", "无财神"]


def test_dragon_triplets_each() -> None:
    # 中刻 and a 发 pong: 中发白刻/杠 ×2 (001:321) + 无财神 = 3台 → 胡倒 4
    body = table("123m456m789mCCC7s", [won("7s", 2)], melds=[pong("F", 0)])
    assert rows(body) == ["中发白刻/杠", "无财神"]
    assert lines(body, "hu") == [(2, 1, 4), (3, 1, 4), (0, 1, 5)]


def test_white_triplet_not_counted_when_white_stands_in() -> None:
    # M1 白板 option: 白板 plays as the 正财神's face 9p, so 白白白 is a 9p triplet, no 中发白刻 (001:321)
    assert rows(table("123m456m789mPPP7s", [won("7s", 2)], melds=[chow("123p")])) == ["中发白刻/杠", "无财神"]
    body = table("123m456m789mPPP7s", [won("7s", 2)], melds=[chow("123p")], options={"white_stands_in": True})
    assert rows(body) == ["无财神"]


def test_caishen_in_place() -> None:
    # one 正财神 standing as 9p in 789p: 财神归位 1台 (001:324), the best reading (M3)
    assert rows(table("123m456m789m123p78p9p5s", [won("5s", 2)])) == ["财神归位"]


def test_two_and_three_caishen() -> None:
    # 双财神 1 (001:325)
    assert rows(table("123m456m789m123p4p9p9p5s", [won("5s", 2)])) == ["双财神"]
    # three 正财神 in shape: 三财神 4 (001:327); as a set they may stand as 南南南: 自风刻 1 → 5台
    body = table("123m456m789m123p9p9p9p5s", [won("5s", 2)])
    assert rows(body) == ["自风刻/杠", "三财神"]
    assert lines(body, "hu") == [(2, 1, 6), (3, 1, 6), (0, 1, 7)]


def test_three_caishen_out_of_shape_self_drawn() -> None:
    # 三财神推到 3 + 自摸 1 = 4台 (001:326, 322): 胡倒 5, dealer 6
    body = table("9p9p9p13579m2468p1357s", [won("9s")])
    assert rows(body) == ["自摸", "三财神推到"]
    assert lines(body, "hu") == [(2, 1, 5), (3, 1, 5), (0, 1, 6)]


def test_three_caishen_out_of_shape_on_a_discard() -> None:
    # 必须自摸 (001:326, M2)
    assert rejections(table("9p9p9p13579m2468p1357s", [won("9s", 2)])) == [("win_not_allowed", "/wins/0/from")]


def test_four_red_flowers() -> None:
    # out of shape, self-drawn: 四花推到 3 (001:328) + 自摸 + 无财神 = 5台, 胡倒 6
    body = table(SCATTERED, [won("E")], flowers="1234f")
    assert rows(body) == ["自摸", "无财神", "四花推到"]
    assert lines(body, "hu") == [(2, 1, 6), (3, 1, 6), (0, 1, 7)]
    # in shape, on a discard: 四花胡 4 (001:329) + 无财神 = 5台
    assert rows(table(PLAIN, [won("7s", 2)], flowers="1234f")) == ["无财神", "四花胡"]


def test_four_black_flowers_double() -> None:
    # 黑花 4 + 四花胡 5 + 无财神 1 = 10台 ≥ 6: 六台翻 20 (001:306, 319, 329); 胡倒 21, dealer 22
    body = table(PLAIN, [won("7s", 2)], flowers="5678f")
    assert rows(body) == ["黑花", "无财神", "四花胡"]
    assert lines(body, "hu") == [(2, 1, 21), (3, 1, 21), (0, 1, 22)]
    # 花: 5f 7f 8f 1 each, 6f (own) 2, 胡倒 1 = 6, doubled with the 台 (001:306): 12
    assert sorted(lines(body, "flower")) == [(0, 1, 12), (2, 1, 12), (3, 1, 12)]
    # out of shape: 黑花 4 + 四花推到 4 + 自摸 + 无财神 = 10 → 20 (001:328)
    assert rows(table(SCATTERED, [won("E")], flowers="5678f")) == ["黑花", "自摸", "无财神", "四花推到"]
    # without 六台翻: 10台, 胡倒 11 (M3 option)
    body["options"] = {"six_tai_double": False}
    assert lines(body, "hu") == [(2, 1, 11), (3, 1, 11), (0, 1, 12)]
    assert sorted(lines(body, "flower")) == [(0, 1, 6), (2, 1, 6), (3, 1, 6)]


def test_heavenly_earthly_robbing() -> None:
    # 天胡 3 + 自摸 + 无财神 = 5台 (001:330): 胡倒 6, the dealer's +1 on every line: 7
    body = table(PLAIN, [won("7s", winner=0, heavenly=True)], winner=0)
    assert rows(body) == ["自摸", "无财神", "天胡"]
    assert lines(body, "hu") == [(1, 0, 7), (2, 0, 7), (3, 0, 7)]
    # 地胡 2 + 无财神 = 3台 (001:331), on the dealer's first discard
    assert rows(table(PLAIN, [won("7s", 0, earthly=True)])) == ["无财神", "地胡"]
    # 抢杠胡 1 + 无财神 = 2台 (001:332): seat 2 keeps its pong of 6p
    robbed = {2: {"hand": "123456s888sEEEW", "melds": [pong("6p", 1)]}}
    body = table(OPEN, [won("6p", 2, robbing_kong=True)], seats=robbed)
    assert rows(body) == ["无财神", "抢杠胡"]
    assert lines(body, "hu") == [(2, 1, 3), (3, 1, 3), (0, 1, 4)]


def test_earthly_self_draw_refused() -> None:
    # 地胡: 庄家打出第一张牌后 … 马上胡牌 (001:331): a discard win only
    assert rejections(table(PLAIN, [won("7s", earthly=True)])) == [("inconsistent_win", "/wins/0/earthly")]


# -- 花分 (001:308-315) ---------------------------------------------------------------------


def test_flower_points_count_kongs_and_flowers_between_every_pair() -> None:
    # seat 1: 1f 1 + 2f (own) 2 + an added and an exposed kong 1 each (明杠, 001:313) + 胡倒 1 = 6;
    # seat 3 (北): a concealed kong 2 (暗杠, 001:314) + 菊 8f, its own, 2 = 4; seats 0 and 2: 0.
    # Every pair (001:333): 0→1 6, 0→3 4, 2→1 6, 2→3 4, 3→1 2
    seat3 = {3: {"hand": "1s2s3s4s5s6s8s8s8s9s9s9sE", "melds": [kong("W", "concealed")], "flowers": "8f"}}
    body = table("123m456m789m7s", [won("7s", 2)], melds=[kong("1p", "added"), kong("5p", "exposed", 3)],
                 flowers="12f", seats=seat3)
    assert sorted(lines(body, "flower")) == [(0, 1, 6), (0, 3, 4), (2, 1, 6), (2, 3, 4), (3, 1, 2)]


def test_buy_caishen_and_six_flower_double() -> None:
    # 双财神 hand: 买财神 (001:309) +1 per 正财神 held: seat 1 花 = 2 + 胡倒 1 = 3
    hand = "123m456m789m123p4p9p9p5s"
    assert sorted(lines(table(hand, [won("5s", 2)]), "flower")) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    body = table(hand, [won("5s", 2)], options={"buy_caishen": True})
    assert sorted(lines(body, "flower")) == [(0, 1, 3), (2, 1, 3), (3, 1, 3)]
    # 六花翻 (001:305): 1f 3f 4f 1 each + 2f 2 + 胡倒 1 = 6 ≥ 6 → 12; below 6 nothing doubles
    body = table(PLAIN, [won("7s", 2)], flowers="1234f", options={"six_flower_double": True})
    assert rows(body) == ["无财神", "四花胡"]  # 5台: not doubled by 六台翻
    assert sorted(lines(body, "flower")) == [(0, 1, 12), (2, 1, 12), (3, 1, 12)]
    body = table(PLAIN, [won("7s", 2)], flowers="134f", options={"six_flower_double": True})
    assert sorted(lines(body, "flower")) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]


def test_doubling_at_most_once() -> None:
    # 5678f: 10台 doubled (六台翻) and 花 6 ≥ 6 (六花翻): ×2 once, 12, not 24 (M4)
    body = table(PLAIN, [won("7s", 2)], flowers="5678f", options={"six_flower_double": True})
    assert sorted(lines(body, "flower")) == [(0, 1, 12), (2, 1, 12), (3, 1, 12)]


# -- the 花财神 (001:295, M1) ------------------------------------------------------------------


def test_flower_caishen_is_a_wildcard() -> None:
    # 夏 2f is seat 1's own red flower: kept in the hand it is the pair's second 7s. No row: not
    # 无财神 (a 花财神 is held), not 财神归位 (no 正财神): 0台, 胡倒 1 (001:333), dealer 2.
    # 花: 2f (own) 2 + 胡倒 1 = 3 (M1: it counts as its flower)
    body = table("123m456m789m123p456p2f", [won("7s", 2)])
    assert rows(body) == []
    assert lines(body, "hu") == [(2, 1, 1), (3, 1, 1), (0, 1, 2)]
    assert sorted(lines(body, "flower")) == [(0, 1, 3), (2, 1, 3), (3, 1, 3)]


def test_flower_caishen_is_no_zheng_caishen() -> None:
    # 双财神 counts 正财神 only (M1): one 9p and a 花财神 is none of 财神归位, 双财神
    assert rows(table("123m456m789m123p4p9p2f5s", [won("5s", 2)])) == []


def test_flower_caishen_drawn_wins_and_counts_for_four_flowers() -> None:
    # drawn and kept, the 花财神 is the winning tile (M1); with 1f 3f 4f set aside it is the fourth
    # red flower: 四花胡 4 + 自摸 1 = 5台 (001:329, 322)
    body = table(PLAIN, [won("2f")], flowers="134f")
    assert rows(body) == ["自摸", "四花胡"]


def test_other_flowers_in_a_hand_refused() -> None:
    # 春 1f is not seat 1's (M1): flower_in_play; nor is 2f with the option off
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m123p456p1f", [won("7s", 2)]))
    body = table("123m456m789m123p456p2f", [won("7s", 2)], options={"flower_caishen": False})
    assert ("flower_in_play", "/players/1/hand/15") in rejections(body)
    # a 花财神 is never discarded, nor won from another player
    assert ("flower_in_play", "/wins/0/tile") in rejections(table(PLAIN, [won("2f", 2)]))


# -- 包牌 (001:302-303, M6) -------------------------------------------------------------------


def test_liability_last_four_tiles() -> None:
    # a) 17 tiles left (001:303a): seat 2 pays every line (2, 2 and the dealer's 3) and seat 1 gains
    # 1花: 胡倒 1 + 包牌 1 = 2 (001:302 包牌胡一花)
    ready = {2: {"hand": "123s456s888sEEENNNW"}}  # waits on 西
    body = table(PLAIN, [won("7s", 2)], wall=17, seats=ready, options={"liability": True})
    assert lines(body, "hu") == [(2, 1, 2), (2, 1, 2), (2, 1, 3)]
    assert sorted(lines(body, "flower")) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    # 20 left: not the last four; seat 2's hand is ready (waits on W): no 包 (001:303b)
    body = table(PLAIN, [won("7s", 2)], wall=20, seats=ready, options={"liability": True})
    assert lines(body, "hu") == [(2, 1, 2), (3, 1, 2), (0, 1, 3)]


def test_liability_short_hand() -> None:
    # b) the filler seat 2 (16 honours and terminals, no wait) is 亏张 after its discard: 包牌
    body = table(PLAIN, [won("7s", 2)], options={"liability": True})
    assert lines(body, "hu") == [(2, 1, 2), (2, 1, 2), (2, 1, 3)]
    # off (the default, 可选): everyone pays
    assert lines(table(PLAIN, [won("7s", 2)]), "hu") == [(2, 1, 2), (3, 1, 2), (0, 1, 3)]
    # a self-draw and 抢杠胡 are never 包牌
    assert lines(table(PLAIN, [won("7s")], options={"liability": True}), "hu") == [(2, 1, 3), (3, 1, 3), (0, 1, 4)]


def test_liability_needs_the_wall() -> None:
    body = table(PLAIN, [won("7s", 2)], wall=None, options={"liability": True})
    assert rejections(body) == [("missing_field", "/wall_remaining")]


# -- the drawn round and the next dealer (001:298, M7) -------------------------------------------


def test_drawn_round_pays_flowers_and_moves_the_dealer() -> None:
    # 流局 at 16 left: 花分 only (M4): seat 1 2f own 2 + 5f 1 = 3 → 3 from each of the others
    body = table("123m456m789m123p456p7s", [], wall=16, flowers="25f")
    assert sorted(lines(body, "flower")) == [(0, 1, 3), (2, 1, 3), (3, 1, 3)]
    assert lines(body, "hu") == []
    assert api.settle(body)["next_dealer"] == 1  # 初次坐庄时流局庄的下家上庄 (001:298)
    body["players"][0]["flags"] = {"repeat_dealer": True}
    assert api.settle(body)["next_dealer"] == 0  # 连庄时流局不换庄 (001:298)


def test_next_dealer_after_a_win() -> None:
    # rotate (default): a 闲家 wins → the dealer's 下家; the dealer wins → it stays (M7)
    assert api.settle(table(PLAIN, [won("7s", 2)]))["next_dealer"] == 1
    assert api.settle(table(PLAIN, [won("7s", 3, winner=2)], winner=2))["next_dealer"] == 1
    assert api.settle(table(PLAIN, [won("7s", winner=0)], winner=0))["next_dealer"] == 0
    body = table(PLAIN, [won("7s", 3, winner=2)], winner=2, options={"next_dealer": "winner"})
    assert api.settle(body)["next_dealer"] == 2


# -- smaller tables ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3])
def test_smaller_tables(n: int) -> None:
    # seat 1 (南) wins 无财神 1台 (001:323) on the dealer's discard: 胡倒得分 1 + 1 = 2 from each (001:333,
    # M5), the dealer + 1 = 3 (庄家结算需要额外加1分, 001:333); 花 1 (胡倒, 001:315)
    body = table(PLAIN, [won("7s", 0)], n=n)
    assert lines(body, "hu") == [(s, 1, 2) for s in range(2, n)] + [(0, 1, 3)]
    assert sum(totals(body)) == 0


# -- 422s --------------------------------------------------------------------------------


def test_rejections() -> None:
    # rounds that cannot have happened (M1-M7): no 正财神 turned up; a hand that does not win (001:297
    # shape); 连庄 flagged on a 闲家 (M7); a 正财神 discarded or melded (the family's 001:30); a flower
    # discarded (补花, M1); a drawn round before 16 left, a win after (剩16张牌…流局, 001:298); two wins
    # on one discard (001:297 顺序在前的玩家优先胡牌); a flower turned up as the 财神; 海底 with tiles left
    assert rejections(table(PLAIN, [won("7s", 2)], wild=None)) == [("missing_field", "/reveals/wild_indicator")]
    assert ("not_a_win", "/wins/0") in rejections(table(PLAIN, [won("8s", 2)]))
    body = table(PLAIN, [won("7s", 2)])
    body["players"][1]["flags"] = {"repeat_dealer": True}
    assert rejections(body) == [("flag_not_allowed", "/players/1/flags/repeat_dealer")]
    body["players"][1]["flags"] = {"repeat_dealer": "yes"}
    assert rejections(body)[0][1] == "/players/1/flags/repeat_dealer"
    body = table(PLAIN, [won("7s", 2)], discards=[{"tile": "9p"}])
    assert ("wild_discarded", "/players/1/discards/0") in rejections(body)
    body = table("123m456m789m123p7s", [won("7s", 2)], melds=[pong("5s", 0)], wild="5s")
    assert ("wild_melded", "/players/1/melds/0") in rejections(body)
    body = table(PLAIN, [won("7s", 2)], discards=[{"tile": "3f"}])
    assert ("flower_in_play", "/players/1/discards/0") in rejections(body)
    assert rejections(table(PLAIN, [], wall=20)) == [("wall_not_exhausted", "/wall_remaining")]
    assert rejections(table(PLAIN, [won("7s", 2)], wall=10)) == [("inconsistent_wall", "/wall_remaining")]
    assert ("multiple_wins", "/wins/1") in rejections(table(PLAIN, [won("7s", 2), won("7s", 2, winner=3)]))
    assert ("invalid_reveal", "/reveals/wild_indicator") in rejections(table(PLAIN, [won("7s", 2)], wild="3f"))
    body = table(PLAIN, [won("7s", 2, last_tile=True)], wall=30)
    assert rejections(body) == [("inconsistent_win", "/wins/0/last_tile")]


def test_last_tile_at_sixteen_has_no_row() -> None:
    body = table(PLAIN, [won("7s", 2, last_tile=True)], wall=16)
    assert rows(body) == ["无财神"]
    assert any("海底" in n for n in api.settle(body)["notes"])


def test_fuzzed_rounds_never_crash() -> None:
    rng = random.Random(7)
    for seed in range(40):
        body = generate("maihua", seed)
        for _ in range(5):
            broken = break_caishen_round(body, rng, [*FACES, "1f", "2f", "5f"])
            with contextlib.suppress(InvalidRound):  # a 422 is fine; any other exception fails
                api.settle(broken)


# -- analyze -----------------------------------------------------------------------------


def test_analyze_waits_priced_as_self_draw() -> None:
    # read as the dealer: 7s → 自摸 + 无财神 = 2台, 胡倒 3 (001:322-323, 333); the 正财神 9p drawn
    # stands as 7s: 自摸 1台, 胡倒 2, self-draw only
    out = VARIANT.analyze({"hand": tiles(PLAIN), "reveals": {"wild_indicator": "9p"}}, VARIANT.Options())
    assert out["ready"] is True
    assert [(w["tile"], w["patterns"], w["value"], w["self_draw_only"]) for w in out["waits"]] == [
        ("9p", ["自摸"], 2, True), ("7s", ["自摸", "无财神"], 3, False)]
    out = VARIANT.analyze({"hand": tiles(PLAIN + "7s"), "reveals": {"wild_indicator": "9p"}}, VARIANT.Options())
    assert (out["complete"], out["patterns"], out["value"]) == (True, ["自摸", "无财神"], 3)


def test_analyze_marks_tuidao_waits_self_draw_only() -> None:
    # three 正财神 (9s) and no shape: every tile drawn wins 三财神推到 3台 + 自摸 1台 = 4, 胡倒 5
    # (001:326, 322, 333) — but 必须自摸 (001:326, M2), so no such wait may be taken from a discard
    # (review finding: the waits said self_draw_only false)
    out = VARIANT.analyze({"hand": tiles("999s13579m13579p246s"), "reveals": {"wild_indicator": "9s"}},
                          VARIANT.Options())
    one = next(w for w in out["waits"] if w["tile"] == "1m")
    assert (one["patterns"], one["value"], one["self_draw_only"]) == (["自摸", "三财神推到"], 5, True)
    assert all(w["self_draw_only"] for w in out["waits"])


def test_analyze_flower_caishen_and_refusals() -> None:
    # 春 1f is the dealer's 花财神: a wildcard in the analysed hand
    out = VARIANT.analyze({"hand": tiles("123m456m789m123p456p1f7s"), "reveals": {"wild_indicator": "9p"}},
                          VARIANT.Options())
    assert (out["complete"], out["patterns"], out["value"]) == (True, ["自摸"], 2)
    with pytest.raises(InvalidRound) as e:
        VARIANT.analyze({"hand": tiles("123m456m789m123p456p2f"), "reveals": {"wild_indicator": "9p"}},
                        VARIANT.Options())
    assert e.value.errors[0].code == "flower_in_play"
    with pytest.raises(InvalidRound):
        VARIANT.analyze({"hand": tiles(PLAIN), "reveals": {"wild_indicator": "1f"}}, VARIANT.Options())


# -- the generator -----------------------------------------------------------------------


def test_generated_rounds_set_flowers_aside_and_settle() -> None:
    bodies = [generate("maihua", seed) for seed in range(20)]
    assert any(p.get("flowers") for b in bodies for p in b["players"])
    for b in bodies:
        assert not any(is_flower(t) for p in b["players"] for t in p["hand"])
        answer = api.settle(copy.deepcopy(b))
        assert sum(s["total"] for s in answer["scores"]) == 0
