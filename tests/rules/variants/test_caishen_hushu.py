"""财神麻将·台数胡数 (001_a1ce558555b69162.txt:132-187): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it (the 台 table
001:149-163, the 胡数 table 001:167-179, the formula 001:180-187) and the lead's readings
("reading N", docs/variants/caishen-hushu.md). The 财神 is 9p
unless a test says otherwise (reveals.wild_indicator: three more in play, 001:139). Seat 1 wins
unless a test says otherwise, the dealer is seat 0, four players: seat 1's 门风 is 南 (reading 4).

The arithmetic (reading 8-9): the winner's 胡数 is (底数20 + 胡) × 2^台 below 3台, else 500 at 3台
and 200 more per 台 (001:182-183); 分 = ceil(胡数/10) (001:184). The winner collects its 分 from
each other player: in full with the dealer, half rounded up between 闲家 (001:185-187). The
filler seats show nothing (no meld, no 白板): 0分, so they settle nothing among themselves.
So a 闲家 winner of F分 with four players: totals [-F, F + 2·ceil(F/2), -ceil(F/2), -ceil(F/2)].
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.tiles import ALL_FACES, is_flower
from rules.variants.caishen_hushu import HU, HU_DETECTORS, PATTERNS, TAI, TAI_DETECTORS, VARIANT, formula, to_fen
from tests.support import break_caishen_round, caishen_round, chow, kong, pong, rejections, totals

WILD = "9p"
FACES = [f for f in ALL_FACES if not is_flower(f)]


def table(hand: str, wins: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A round (tests.support.caishen_round): every seat but the given ones holds 16 filler tiles,
    never the 财神 nor a flower of this table."""
    return caishen_round("caishen-hushu", ("P",), hand, wins, **kw)


def won(tile: str, frm: int | None = None, winner: int = 1, **flags: Any) -> dict[str, Any]:
    return {"winner": winner, "from": frm, "tile": tile, **flags}


def hand(body: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """A seat's hand report (the winner's by default): patterns, tai, hushu, fen."""
    hands = api.settle(body)["hands"]
    return next(h for h in hands if (h["won"] if seat is None else h["seat"] == seat))


def counted(body: dict[str, Any], seat: int | None = None) -> tuple[set[str], int, int, int]:
    h = hand(body, seat)
    return set(h["patterns"]), h["tai"], h["hushu"], h["fen"]


def items(body: dict[str, Any]) -> list[tuple[str, str, int, int, int]]:
    return [(i["kind"], i["name"], i["payer"], i["payee"], i["points"]) for i in api.settle(body)["items"]]


def pays(f: int) -> list[int]:
    """Four players, seat 1 (a 闲家) wins F分: the dealer pays F (full, 001:186), seats 2 and 3
    ceil(F/2) (half, 001:187)."""
    half = -(-f // 2)
    return [-f, f + 2 * half, -half, -half]


PLAIN = "123m456m789m123p456p7s"  # five chows and a lone 7s: waits on 7s for the pair (听将牌)
OPEN = "123m456m789m123p45p77s"  # 45p waits on 3p or 6p (两面), 77s the pair
CHOWS4 = "123m456m789m45p77s"  # 13 tiles: beside one meld, 45p waits on 3p/6p


# -- the tables ----------------------------------------------------------------------------


def test_the_tables_are_the_seed() -> None:
    assert {p.id: p.value for p in TAI} == {
        "pinghu": 1,  # 001:149 平胡 1台
        "gangshangkaihua": 1,  # 001:150 杠上开花 1台
        "qiangganghu": 1,  # 001:151 抢杠胡 1台
        "haidilao": 1,  # 001:152 海底捞 1台
        "shuangcaishen": 1,  # 001:153 双财神 1台
        "kezi": 1,  # 001:154 中、发、自家风刻子（杠） 1台
        "baiban": 1,  # 001:155 白板 1台
        "hunyise": 2,  # 001:156 混一色 2台
        "duiduipeng": 2,  # 001:157 对对碰 2台
        "sancaishen": 3,  # 001:158 三财神 3台
        "dandiao": 3,  # 001:159 单吊 3台
        "sifengqi": 3,  # 001:160 四风齐 3台
        "qingyise": 3,  # 001:161 清一色 3台
        "tianhu": 3,  # 001:162 天胡 3台
        "dihu": 3,  # 001:163 地胡 3台
    }
    assert {p.id: p.value for p in HU} == {
        "zimo": 2,  # 001:167 自摸 2胡
        "tingjiang": 2,  # 001:168 听将牌 2胡
        "tingdanzhang": 2,  # 001:169 听单张顺 2胡
        "duizi": 2,  # 001:170 中、发、自家风对子 2胡
        "mingke_28": 2,  # 001:171 2-8点数的明刻 2胡
        "mingke_19": 4,  # 001:172 1、9点，中发、四风明刻 4胡
        "anke_28": 4,  # 001:173 2-8点数的暗刻 4胡
        "baiban_hu": 4,  # 001:174 白板 4胡
        "anke_19": 8,  # 001:175 1、9点，中、发、四风暗刻 8胡
        "minggang_28": 8,  # 001:176 2-8点数的明杠 8胡
        "minggang_19": 16,  # 001:177 幺九明杠 16胡
        "angang_28": 16,  # 001:178 2-8点数的暗杠 16胡
        "angang_19": 32,  # 001:179 幺九暗杠 32胡
    }
    # one detector per row, in table order; each row names its seed line, one row a line
    assert [p.id for p in TAI] == list(TAI_DETECTORS) and [p.id for p in HU] == list(HU_DETECTORS)
    assert [p.note[:7] for p in TAI] == [f"001:{n}" for n in range(149, 164)]
    assert [p.note[:7] for p in HU] == [f"001:{n}" for n in range(167, 180)]
    assert len(PATTERNS) == len(TAI) + len(HU)


def test_the_formula() -> None:
    # 001:182: (底数 + 胡数) × 2^台 below 3台
    assert formula(0, 0, 20) == 20 and formula(1, 2, 20) == 44 and formula(2, 10, 20) == 120
    # 001:183: 3台 500, 4台 700, +200 per 台
    assert formula(3, 0, 20) == 500 and formula(4, 99, 20) == 700 and formula(5, 0, 0) == 900
    # reading 8: the seed's formula as written — 2台 with 106胡 is (20+106)×4 = 504, above 3台's 500
    assert formula(2, 106, 20) == 504
    # 001:184: 胡数 502 → 51分; ceil
    assert to_fen(502) == 51 and to_fen(500) == 50 and to_fen(501) == 51 and to_fen(0) == 0 and to_fen(1) == 1


# -- the 台 rows (001:149-163), each found and not found ----------------------------------------


def test_pinghu() -> None:
    # 001:149: chows and a pair, won 6p on 45p (两面; a 3p could also be read as 12p's 边张 in 123p):
    # 平胡 1台, 0胡 → 20 × 2 = 40 → 4分 (001:182, 184)
    body = table(OPEN, [won("6p", 0)])
    assert counted(body) == ({"平胡"}, 1, 40, 4)
    assert totals(body) == pays(4) == [-4, 8, -2, -2]
    # self-drawn: 自摸 is allowed beside it (001:149): (20 + 2) × 2 = 44 → 5分
    assert counted(table(OPEN, [won("6p")])) == ({"平胡", "自摸"}, 1, 44, 5)
    # 白板 too: 平胡 1 + 白板 1 = 2台, 白板 4胡 → 24 × 4 = 96 → 10分 (001:155, 174)
    assert counted(table(OPEN, [won("6p", 0)], flowers="P")) == ({"平胡", "白板"}, 2, 96, 10)
    # not: won on the pair (听将牌 2胡, 001:168): 0台, 22 → 3分
    assert counted(table(PLAIN, [won("7s", 0)])) == ({"听将牌"}, 0, 22, 3)
    # not: a 中 pair (中发自家风对子 2胡, 001:170): 0台, 22
    assert counted(table("123m456m789m123p45pCC", [won("6p", 0)])) == ({"中发自家风对子"}, 0, 22, 3)
    # not: a pong (2-8明刻 2胡, 001:171): 0台, 22
    assert counted(table(CHOWS4, [won("3p", 0)], melds=[pong("5s", 2)])) == ({"2-8明刻"}, 0, 22, 3)


def test_gangshangkaihua() -> None:
    # 001:150: 杠上开花 1台; 自摸 2 + 2-8暗杠 16 = 18胡 → (20 + 18) × 2 = 76 → 8分
    melds = [kong("5s", "concealed")]
    assert counted(table(CHOWS4, [won("3p", kong_draw=True)], melds=melds)) == (
        {"杠上开花", "自摸", "2-8暗杠"}, 1, 76, 8)
    # not: the same self-draw without the flag: 0台, 38 → 4分
    assert counted(table(CHOWS4, [won("3p")], melds=melds)) == ({"自摸", "2-8暗杠"}, 0, 38, 4)


def test_qiangganghu_and_the_non_winners_pairs() -> None:
    # 001:151: seat 1 robs seat 2's added kong of 6p (seat 2 keeps its pong): 平胡 1 + 抢杠胡 1 =
    # 2台, 0胡 → 20 × 4 = 80 → 8分. Seat 2's pong 6p: 2-8明刻 2胡 × 2^0 = 2 → 1分 (001:182, 184)
    body = table(OPEN, [won("6p", 2, robbing_kong=True)], seats={2: {"hand": "1234678sEESWNN", "melds": [pong("6p", 3)]}})
    assert counted(body) == ({"平胡", "抢杠胡"}, 2, 80, 8)
    assert counted(body, 2) == ({"2-8明刻"}, 0, 2, 1)
    # 001:185-187: seat 0 (dealer) pays 8 in full, seats 2, 3 half: 4; the non-winners: seat 2
    # 1分 against seat 0 0分 (dealer, full 1), against seat 3 0分 (闲家, ceil(1/2) = 1)
    assert items(body) == [("hu", "平胡、抢杠胡", 2, 1, 4), ("hu", "平胡、抢杠胡", 3, 1, 4), ("hu", "平胡、抢杠胡", 0, 1, 8),
                           ("hushu", "胡数结算", 0, 2, 1), ("hushu", "胡数结算", 3, 2, 1)]
    assert totals(body) == [-8 - 1, 16, -4 + 1 + 1, -4 - 1]
    # not: the same win on a plain discard of 6p: 平胡 1台 → 40
    assert counted(table(OPEN, [won("6p", 2)]))[1:] == (1, 40, 4)


def test_haidilao() -> None:
    # 001:152: self-drawn the last drawable tile, 14 left (001:141): 平胡 1 + 海底捞 1 = 2台,
    # 自摸 2 → 22 × 4 = 88 → 9分; the dealer 9, the 闲家 ceil(9/2) = 5
    body = table(OPEN, [won("6p", last_tile=True)], wall=14)
    assert counted(body) == ({"平胡", "海底捞", "自摸"}, 2, 88, 9)
    assert totals(body) == pays(9) == [-9, 19, -5, -5]
    # on a discard of the last tile too (reading 4)
    assert counted(table(OPEN, [won("6p", 2, last_tile=True)], wall=14))[1:] == (2, 80, 8)
    # not: without the flag, 1台: 44
    assert counted(table(OPEN, [won("6p")], wall=14))[1:] == (1, 44, 5)
    # reading 4: 海底捞 with another count left is a 422
    assert rejections(table(OPEN, [won("6p", last_tile=True)], wall=15)) == [("inconsistent_win", "/wins/0/last_tile")]


def test_shuangcaishen() -> None:
    # 001:153: the best reading (reading 3) gives the two 财神 with 1p as 111p and reads 234p: 双财神 1台;
    # 听将牌 2 + 幺九暗刻 8 = 10胡 → 30 × 2 = 60 → 6分. (With 4p as 444p: 2 + 4 = 6胡 → 52; as a chow
    # 456p: 2胡 → 44; 7s as 777s 明刻 and 44p: 2胡 → 44.)
    body = table("123m456m789m123p4p9p9p7s", [won("7s", 0)])
    assert counted(body) == ({"双财神", "听将牌", "幺九暗刻"}, 1, 60, 6)
    assert totals(body) == pays(6)
    # not: one 财神 (9p as 6p, on 45p's other side) — 平胡's shape, 1台: 40
    assert counted(table("123m456m789m123p4p9p77s", [won("5p", 0)]))[0] == {"平胡"}


def test_kezi_each_and_the_limit_at_three() -> None:
    # 001:154: a concealed 中 triplet: 1台; 听将牌 2 + 幺九暗刻 8 = 10胡 → 30 × 2 = 60 → 6分
    assert counted(table("123m456m789m123pCCC7s", [won("7s", 0)])) == ({"中发自家风刻子", "听将牌", "幺九暗刻"}, 1, 60, 6)
    # 可叠加: 中, 发 and 南 (seat 1's wind) = 3台 → 500 (001:183) → 50分
    body = table("123m456mCCCFFFSSS7s", [won("7s", 0)])
    assert counted(body)[1:] == (3, 500, 50)
    assert totals(body) == pays(50) == [-50, 100, -25, -25]
    # a melded 发 pong counts too (1台; 幺九明刻 4胡): 1台, 听将牌 2 + 4 = 6 → 52
    assert counted(table("123m456m789m123p7s", [won("7s", 0)], melds=[pong("F", 2)]))[1:] == (1, 52, 6)
    # not: 东 is not seat 1's wind (门风 南, reading 4): 0台, 10胡 → 30
    assert counted(table("123m456m789m123pEEE7s", [won("7s", 0)])) == ({"听将牌", "幺九暗刻"}, 0, 30, 3)


def test_baiban() -> None:
    # 001:155 and 001:174: each 白板 set aside 1台 and 4胡: two with 平胡 = 3台 → 500
    assert counted(table(OPEN, [won("6p", 0)], flowers="PP"))[1:] == (3, 500, 50)
    # none set aside: not
    assert "白板" not in counted(table(OPEN, [won("6p", 0)]))[0]


def test_hunyise() -> None:
    # 001:156: 万 and 东: 混一色 2台; the 1m pair (听将牌 2) + 幺九暗刻 EEE 8 = 10胡 → 30 × 4 = 120 → 12分
    body = table("123m456m789m123mEEE1m", [won("1m", 0)])
    assert counted(body) == ({"混一色", "听将牌", "幺九暗刻"}, 2, 120, 12)
    assert totals(body) == pays(12)
    # not: three suits
    assert "混一色" not in counted(table(OPEN, [won("6p", 0)]))[0]


def test_duiduipeng() -> None:
    # 001:157: five triplets (777s self-drawn: 暗) and 55m: 对对碰 2台; 自摸 2 + 幺九暗刻 111m, EEE 16 +
    # 2-8暗刻 222p, 333s, 777s 12 = 30胡 → 50 × 4 = 200 → 20分
    body = table("111m222p333sEEE55m77s", [won("7s")])
    assert counted(body) == ({"对对碰", "自摸", "幺九暗刻", "2-8暗刻"}, 2, 200, 20)
    assert totals(body) == pays(20)
    # on a discard the completed triplet is 明 (reading 5): 2-8明刻 2 instead of 暗刻 4 and no 自摸:
    # 16 + 8 + 2 = 26胡 → 46 × 4 = 184 → 19分
    assert counted(table("111m222p333sEEE55m77s", [won("7s", 0)]))[1:] == (2, 184, 19)
    # not: a chow
    assert "对对碰" not in counted(table(PLAIN, [won("7s", 0)]))[0]


def test_sancaishen_in_a_shape_four_and_five_tai() -> None:
    # 001:158: three 财神 in the shape: 3台, and as 南南南 (the best reading, reading 3) the seat's
    # 刻子 1台 more: 4台 → 700 (001:183) → 70分
    body = table("123m456m789m123p9p9p9p7s", [won("7s", 0)])
    assert counted(body)[1:] == (4, 700, 70)
    assert {"三财神", "中发自家风刻子"} <= counted(body)[0]
    assert totals(body) == pays(70)
    # with a 白板 set aside: 5台 → 900 → 90分
    assert counted(table("123m456m789m123p9p9p9p7s", [won("7s", 0)], flowers="P"))[1:] == (5, 900, 90)
    # not: two 财神
    assert "三财神" not in counted(table("123m456m789m123p4p9p9p7s", [won("7s", 0)]))[0]


TUIDAO = "1m4m7m2p5p8p3s6s9sESWNC9p9p"  # 16 tiles, no shape: two 财神 and scattered tiles


def test_tuidaohu() -> None:
    # reading 6 (001:158 若未构成胡牌牌型，能直接胡牌，即为推倒胡): the third 财神 drawn wins: 三财神 3台
    # → 500 → 50分; no shape, so no 限胡牌牌型 row
    body = table(TUIDAO, [won("9p")])
    assert counted(body) == ({"三财神", "自摸"}, 3, 500, 50)
    assert totals(body) == pays(50)
    # on a discard too (the seed does not restrict it): 三财神 3台 → 500
    assert counted(table("1m4m7m2p5p8p3s6sESWNC9p9p9p", [won("9s", 0)]))[1:] == (3, 500, 50)
    # a melded 中 pong counts (reading 6): 三财神 3 + 刻子 1 = 4台 → 700
    assert counted(table("1m4m7m2p5p8p3sESWN9p9p", [won("9p")], melds=[pong("C", 2)]))[1:] == (4, 700, 70)
    # 推倒胡不算天胡 (001:162): the dealer's heavenly 推倒胡 is 三财神 alone, 3台 → 500, 50 from each
    body = table(TUIDAO, [won("9p", winner=0, heavenly=True)], winner=0)
    assert counted(body) == ({"三财神", "自摸"}, 3, 500, 50)
    assert totals(body) == [150, -50, -50, -50]
    # two 财神 without a shape: no win (001:143-144)
    assert rejections(table(TUIDAO, [won("1s")])) == [("not_a_win", "/wins/0")]


def test_dandiao() -> None:
    # 001:159: five melds, one tile held: 单吊 3台 → 500 (the 胡: 听将牌, 幺九明刻 1s, 2-8明刻 2p)
    melds = [chow("123m"), chow("456m"), chow("789m"), pong("1s", 2), pong("2p", 3)]
    body = table("7s", [won("7s", 0)], melds=melds)
    assert counted(body) == ({"单吊", "听将牌", "幺九明刻", "2-8明刻"}, 3, 500, 50)
    # not: waiting on the pair with more tiles held (听将牌 only)
    assert "单吊" not in counted(table(PLAIN, [won("7s", 0)]))[0]


def test_sifengqi() -> None:
    # 001:160: 东南西北 each present: 四风齐 3 + 南南南 (seat 1's wind) 1 = 4台 → 700 (reading 4: the
    # 自家风刻子 row adds its 1, nothing extra)
    body = table("123m456pEEESSSWWWN", [won("N", 0)])
    assert counted(body)[1:] == (4, 700, 70) and {"四风齐", "中发自家风刻子"} <= counted(body)[0]
    # not: no 北
    assert "四风齐" not in counted(table("123m456pEEESSSWWW7s", [won("7s", 0)]))[0]


def test_qingyise() -> None:
    # 001:161: 万 only: 清一色 3台 → 500 → 50分
    body = table("123m123m456m456m789m5m", [won("5m", 0)])
    assert "清一色" in counted(body)[0] and counted(body)[1:] == (3, 500, 50)
    # not: with 东 (混一色 instead)
    assert "清一色" not in counted(table("123m456m789m123mEEE1m", [won("1m", 0)]))[0]


def test_tianhu_and_dihu() -> None:
    # 001:162: the dealer's dealt hand: 平胡 1 + 天胡 3 = 4台 → 700 → 70分, in full from each (001:186)
    body = table(OPEN, [won("6p", winner=0, heavenly=True)], winner=0)
    assert counted(body)[1:] == (4, 700, 70) and "天胡" in counted(body)[0]
    assert totals(body) == [210, -70, -70, -70]
    # 001:163: a 闲家 on the dealer's first discard: 平胡 1 + 地胡 3 = 4台 → 700
    body = table(OPEN, [won("6p", 0, earthly=True)])
    assert counted(body)[1:] == (4, 700, 70) and "地胡" in counted(body)[0]
    # 地胡 is on the dealer's discard only (001:163)
    assert rejections(table(OPEN, [won("3p", earthly=True)])) == [("inconsistent_win", "/wins/0/earthly")]
    # not: neither flag
    assert not {"天胡", "地胡"} & counted(table(OPEN, [won("6p", 0)]))[0]


# -- the 胡数 rows (001:167-179), each found and not found -----------------------------------------


def test_the_wait_rows() -> None:
    # 001:168 听将牌: PLAIN on the 7s pair, 2胡 → 22 (above); 001:169 听单张顺 on 12p (边, 13万只听2万
    # … 89万只听7万) and 13p (嵌): 2胡, 0台 → 22 → 3分
    assert counted(table("123m456m789m123p12p77s", [won("3p", 0)])) == ({"听单张顺"}, 0, 22, 3)
    assert counted(table("123m456m789m123p13p77s", [won("2p", 0)])) == ({"听单张顺"}, 0, 22, 3)
    # not: 45p waits on 3p and 6p (23万听1万4万，则不算): 平胡 instead
    assert counted(table(OPEN, [won("6p", 0)]))[0] == {"平胡"}


def test_the_pair_row() -> None:
    # 001:170: a 发 pair or seat 1's 南 pair: 2胡 → 22
    assert counted(table("123m456m789m123p45pFF", [won("6p", 0)])) == ({"中发自家风对子"}, 0, 22, 3)
    assert counted(table("123m456m789m123p45pSS", [won("6p", 0)])) == ({"中发自家风对子"}, 0, 22, 3)
    # not: a 东 pair for seat 1 (平胡 stands: 1台, 40)
    assert counted(table("123m456m789m123p45pEE", [won("6p", 0)])) == ({"平胡"}, 1, 40, 4)


@pytest.mark.parametrize(("melds", "name", "hu"), [
    ([pong("5s", 2)], "2-8明刻", 2),  # 001:171
    ([pong("9s", 2)], "幺九明刻", 4),  # 001:172
    ([kong("5s", "exposed", 2)], "2-8明杠", 8),  # 001:176 (a kong counts only as a kong)
    ([kong("9s", "added")], "幺九明杠", 16),  # 001:177
    ([kong("5s", "concealed")], "2-8暗杠", 16),  # 001:178
    ([kong("1s", "concealed")], "幺九暗杠", 32),  # 001:179
])
def test_the_meld_rows(melds: list[dict[str, Any]], name: str, hu: int) -> None:
    # one meld beside chows, won 3p on a discard: 0台 (a set: not 平胡), (20 + 胡) → ceil(/10)
    assert counted(table(CHOWS4, [won("3p", 0)], melds=melds)) == ({name}, 0, 20 + hu, to_fen(20 + hu))


def test_the_concealed_triplet_rows() -> None:
    # 001:173: 555s held: 2-8暗刻 4 → 24 → 3分; 001:175: 111s: 幺九暗刻 8 → 28 → 3分
    assert counted(table("123m456m789m555s45p77s", [won("6p", 0)])) == ({"2-8暗刻"}, 0, 24, 3)
    assert counted(table("123m456m789m111s45p77s", [won("6p", 0)])) == ({"幺九暗刻"}, 0, 28, 3)
    # a triplet a 财神 completes counts by the face it gives (reading 5): 11s + 财神 as 1s, the
    # other chows as they are, won 3p: 幺九暗刻 8 → 28 (better than 11s as the pair and 77s …)
    assert counted(table("123m456m789m11s9p45p77s", [won("6p", 0)]))[1:] == (0, 28, 3)
    # not: the triplet the won tile completes on a discard is 明 (reading 5): 2-8明刻 2 → 22;
    # self-drawn it stays 暗: 暗刻 4 + 自摸 2 → 26
    assert counted(table("123m456m789m123p55s77s", [won("5s", 0)])) == ({"2-8明刻"}, 0, 22, 3)
    assert counted(table("123m456m789m123p55s77s", [won("5s")])) == ({"2-8暗刻", "自摸"}, 0, 26, 3)


def test_the_self_draw_row() -> None:
    # 001:167: 自摸 2胡 (above: 44 against 40); not on a discard
    assert "自摸" in counted(table(OPEN, [won("3p")]))[0]
    assert "自摸" not in counted(table(OPEN, [won("6p", 0)]))[0]


# -- the options ---------------------------------------------------------------------------------


def test_base_hu_and_base_points() -> None:
    # base_hu 10 (底数, the seed is silent): 平胡 (10 + 0) × 2 = 20 → 2分; base_hu 0: 0 → nothing paid
    assert counted(table(OPEN, [won("6p", 0)], options={"base_hu": 10}))[1:] == (1, 20, 2)
    assert totals(table(OPEN, [won("6p", 0)], options={"base_hu": 0})) == [0, 0, 0, 0]
    # base_points 3: every amount × 3: 4分 → dealer 12, 闲家 2 × 3 = 6
    assert totals(table(OPEN, [won("6p", 0)], options={"base_points": 3})) == [-12, 24, -6, -6]


def test_loser_concealed() -> None:
    # reading 7: seat 2 holds 555s and 999s — read only with loser_concealed: 2-8暗刻 4 + 幺九暗刻 8 =
    # 12 × 2^0 → 2分; by default it shows nothing: 0
    seats = {0: {"hand": "12345678m12345678p"}, 2: {"hand": "555s999s1234567pEEN"}, 3: {"hand": "12345678s1234678mE"}}
    assert counted(table(OPEN, [won("6p", 0)], seats=seats), 2)[1:] == (0, 0, 0)
    body = table(OPEN, [won("6p", 0)], seats=seats, options={"loser_concealed": True})
    assert counted(body, 2) == ({"2-8暗刻", "幺九暗刻"}, 0, 12, 2)
    # seat 2 2分 against seat 0 0分 (full 2) and seat 3 0分 (half 1); the winner's 4分 as before
    assert totals(body) == [-4 - 2, 8, -2 + 2 + 1, -2 - 1]
    # three 财神 held by a non-winner are no triplet (they stand for nothing in a hand that did not win)
    seats[2] = {"hand": "555s9p9p9p1234567pEEN"}
    assert counted(table(OPEN, [won("6p", 0)], seats=seats, options={"loser_concealed": True}), 2)[1:] == (0, 4, 1)


# -- settlement with 2, 3 and 4 players (001:185-187) -------------------------------------------


def test_two_and_three_players() -> None:
    # 平胡 on a discard: 40 → 4分 (001:182, 184); with the dealer in the pair: full (001:186)
    assert totals(table(OPEN, [won("6p", 1, winner=0)], winner=0, n=2)) == [4, -4]
    assert totals(table(OPEN, [won("6p", 0)], n=2)) == [-4, 4]
    # three: a 闲家 winner gets 4 from the dealer and ceil(4/2) = 2 from the other 闲家 (001:187)
    assert totals(table(OPEN, [won("6p", 0)], n=3)) == [-4, 6, -2]
    # the dealer winner: 4 from each (full)
    assert totals(table(OPEN, [won("6p", 1, winner=0)], winner=0, n=3)) == [8, -4, -4]
    # a 3分 winner: ceil(3/2) = 2 from each 闲家 (half rounded up, 001:187)
    assert totals(table(PLAIN, [won("7s", 0)], n=3)) == [-3, 5, -2]


def test_four_players_every_pair() -> None:
    # the dealer shows 白板 ×2: 2台, 8胡 → 8 × 2^2 = 32 → 4分 (001:182 未胡牌: 胡数 × 2^台); seat 2 a 9s
    # pong: 幺九明刻 4 → 1分; seat 3 a concealed 5s kong: 2-8暗杠 16 → 2分. Seat 1 wins 平胡: 4分.
    seats = {0: {"hand": "12345678m12345678p", "flowers": "PP"},
             2: {"hand": "1234678sEESWNN", "melds": [pong("9s", 3)]},
             3: {"hand": "1234678mFFWWNN", "melds": [kong("5s", "concealed")]}}
    body = table(OPEN, [won("6p", 0)], seats=seats)
    assert [counted(body, s)[1:] for s in range(4)] == [(2, 32, 4), (1, 40, 4), (0, 4, 1), (0, 16, 2)]
    assert items(body) == [
        ("hu", "平胡", 2, 1, 2), ("hu", "平胡", 3, 1, 2), ("hu", "平胡", 0, 1, 4),  # 4 full, ceil(4/2) half
        ("hushu", "胡数结算", 2, 0, 3),  # seat 0 4分 − seat 2 1分 = 3, the dealer in it: full
        ("hushu", "胡数结算", 3, 0, 2),  # 4 − 2 = 2, full
        ("hushu", "胡数结算", 2, 3, 1),  # 2 − 1 = 1 between 闲家: ceil(1/2) = 1
    ]
    assert totals(body) == [1, 8, -6, -3]
    # the dealer wins (平胡 4分, in full from each): the three 闲家 settle halves — seat 1 0分,
    # seat 2 1分, seat 3 2分: 1→2 ceil(1/2) = 1, 1→3 ceil(2/2) = 1, 2→3 ceil(1/2) = 1
    seats = {1: {"hand": "12345678m12345678p"}, 2: seats[2], 3: seats[3]}
    body = table(OPEN, [won("6p", 1, winner=0)], winner=0, seats=seats)
    assert items(body)[3:] == [("hushu", "胡数结算", 1, 2, 1), ("hushu", "胡数结算", 1, 3, 1), ("hushu", "胡数结算", 2, 3, 1)]
    assert totals(body) == [12, -4 - 2, -4 + 1 - 1, -4 + 2]
    # the notes show the arithmetic
    notes = [i["note"] for i in api.settle(body)["items"]]
    assert "(底数20 + 0) × 2^1 = 40胡数" in notes[0] and "ceil(40/10) = 4分" in notes[0]
    assert "ceil(1/2) = 1" in notes[3]


# -- drawn rounds (001:141, reading 10) -----------------------------------------------------------


def drawn(kong_kind: str | None, **kw: Any) -> dict[str, Any]:
    """No win at 14 left; the dealer shows 白板 ×2, seat 2 a 9s pong, seat 3 a 5s kong of ``kong_kind``
    (or none)."""
    seats: dict[int, dict[str, Any]] = {
        0: {"hand": "12345678m12345678p", "flowers": "PP"},
        2: {"hand": "1234678sEESWNN", "melds": [pong("9s", 3)]},
        3: {"hand": "1234678mFFWWNN" + ("" if kong_kind else "CCC"),
            "melds": [kong("5s", kong_kind, 0 if kong_kind == "exposed" else None)] if kong_kind else []},
    }
    return table(OPEN, [], seats=seats, wall=kw.pop("wall", 14), **kw)


def test_drawn_rounds() -> None:
    # 所有人台数都为0: nothing paid; no kong: the dealer deals again
    answer = api.settle(drawn(None))
    assert answer["items"] == [] and answer["next_dealer"] == 0
    # a 大杠 (any kong, big_kong "any"): the dealer's 下家 deals
    assert api.settle(drawn("concealed"))["next_dealer"] == 1
    # big_kong "exposed": a concealed kong is no 大杠; an exposed one is
    assert api.settle(drawn("concealed", options={"big_kong": "exposed"}))["next_dealer"] == 0
    assert api.settle(drawn("exposed", options={"big_kong": "exposed"}))["next_dealer"] == 1
    # draw_settles: 台 0, so 胡数 × 2^0: seat 0 白板 8 → 1分, seat 1 0, seat 2 4 → 1分, seat 3 16 → 2分.
    # Pairs: 0←1 full 1; 0–2 even; 3←0 full 1; 2←1 ceil(1/2) 1; 3←1 ceil(2/2) 1; 3←2 ceil(1/2) 1
    body = drawn("concealed", options={"draw_settles": True})
    assert [counted(body, s)[1:] for s in range(4)] == [(0, 8, 1), (0, 0, 0), (0, 4, 1), (0, 16, 2)]
    assert totals(body) == [1 - 1, -3, 1 - 1, 3]
    assert {k for k, *_ in items(body)} == {"hushu"}
    # the wall: a round without a win ends at 14 (001:141)
    assert rejections(drawn(None, wall=20)) == [("wall_not_exhausted", "/wall_remaining")]
    assert rejections(drawn(None, wall=13)) == [("inconsistent_wall", "/wall_remaining")]


def test_next_dealer_after_a_win() -> None:
    # the seed is silent (reading 11): winner (default) or rotate
    assert api.settle(table(OPEN, [won("6p", 0)]))["next_dealer"] == 1
    assert api.settle(table(OPEN, [won("6p", 0)], options={"next_dealer": "rotate"}))["next_dealer"] == 1
    assert api.settle(table(OPEN, [won("6p", 0)], dealer=3, options={"next_dealer": "rotate"}))["next_dealer"] == 0
    assert api.settle(table(OPEN, [won("6p", 1, winner=0)], winner=0,
                            options={"next_dealer": "rotate"}))["next_dealer"] == 0


# -- rejections: every 422 with its pointer ----------------------------------------------------------


def test_rejections() -> None:
    assert rejections(table(PLAIN, [won("7s", 0)], wild=None)) == [("missing_field", "/reveals/wild_indicator")]
    # 白板 is a flower (001:140): never the 财神 (reading 2)
    assert rejections(table(PLAIN, [won("7s", 0)], wild="P")) == [("invalid_reveal", "/reveals/wild_indicator")]
    # only 白板 is a flower: 中 set aside is not (reading 1)
    assert rejections(table(PLAIN, [won("7s", 0)], flowers="C")) == [("not_a_flower", "/players/1/flowers/0")]
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m123p456pP", [won("7s", 0)]))
    assert ("flower_in_play", "/wins/0/tile") in rejections(table("123m456m789m123p456pC", [won("P", 0)]))
    # 财神不能打出去 (001:139), never melded (reading 2)
    assert rejections(table(PLAIN, [won("7s", 0)], discards=[{"tile": "9p", "turn": 3}])) == [
        ("wild_discarded", "/players/1/discards/0")]
    assert rejections(table("123m456m789m123p456p9p", [won("9p", 0)])) == [("wild_discarded", "/wins/0/tile")]
    assert rejections(table("123m456m789m123p7s", [won("7s", 0)], melds=[chow("789p")])) == [
        ("wild_melded", "/players/1/melds/0")]
    # one win per round (001:137)
    assert ("multiple_wins", "/wins/1") in rejections(table(PLAIN, [won("7s", 0), won("7s", 0, winner=2)]))
    assert rejections(table(PLAIN, [won("8s", 0)])) == [("not_a_win", "/wins/0")]  # 001:143-144
    assert rejections(table(PLAIN, [won("7s", 0)], wall=13)) == [("inconsistent_wall", "/wall_remaining")]
    assert rejections(table(PLAIN, [won("7s", 0)], options={"base_hu": -1})) == [("invalid_option", "/options/base_hu")]
    assert rejections(table(PLAIN, [won("7s", 0)], options={"big_kong": "small"})) == [
        ("invalid_option", "/options/big_kong")]
    assert rejections(table(PLAIN, [won("7s", 0)], options={"capped": True})) == [("unknown_option", "/options/capped")]
    # no pass rules in this seed (reading 13): no flags
    body = table(PLAIN, [won("7s", 0)])
    body["players"][1]["flags"] = {"passed_wins": []}
    assert rejections(body)[0][1] == "/players/1/flags/passed_wins"


def test_fuzz_never_500() -> None:
    rng = random.Random(11)
    faces = [*FACES, "1f"]
    for seed in range(60):
        body = generate("caishen-hushu", seed)
        for _ in range(5):
            broken = break_caishen_round(body, rng, faces, _broken_options)
            with contextlib.suppress(InvalidRound):
                answer = api.settle(broken)
                assert sum(s["total"] for s in answer["scores"]) == 0


def _broken_options(rng: random.Random) -> dict[str, Any]:
    return {rng.choice(["draw_settles", "loser_concealed"]): True, "big_kong": "exposed"}


# -- the generator and analysis -------------------------------------------------------------------


def test_generated_rounds_are_integers_and_zero_sum() -> None:
    assert VARIANT.set_aside == frozenset({"P"}) and VARIANT.dead_wall(VARIANT.Options(), 2) == 14
    for seed in range(60):
        answer = api.settle(generate("caishen-hushu", seed))
        assert sum(s["total"] for s in answer["scores"]) == 0
        assert all(isinstance(i["points"], int) and i["points"] > 0 for i in answer["items"])
        assert all(i["kind"] in ("hu", "hushu") for i in answer["items"])


def test_analyze() -> None:
    # reading 14: each wait priced as the dealer's self-draw (门风 东), no flowers: 45p on 3p or 6p:
    # 平胡 1台, 自摸 2 → 44 → 5分; the 财神 9p drawn stands for either (self-drawn only, 001:139)
    answer = api.analyze({"variant": "caishen-hushu", "hand": OPEN, "reveals": {"wild_indicator": WILD}})
    assert answer["ready"] and [(w["tile"], w["tai"], w["hushu"], w["value"], w["self_draw_only"])
                                for w in answer["waits"]] == [
        ("3p", 1, 44, 5, False), ("6p", 1, 44, 5, False), ("9p", 1, 44, 5, True)]
    # two 财神 held: the third wins (推倒胡, self-drawn only): 三财神 3台 → 500 → 50分
    answer = api.analyze({"variant": "caishen-hushu", "hand": TUIDAO, "reveals": {"wild_indicator": WILD}})
    assert [(w["tile"], w["value"], w["self_draw_only"]) for w in answer["waits"]] == [("9p", 50, True)]
    # a complete hand: as a self-draw of its last tile
    answer = api.analyze({"variant": "caishen-hushu", "hand": OPEN + "3p", "reveals": {"wild_indicator": WILD}})
    assert answer["complete"] and answer["tai"] == 1 and answer["value"] == 5
    # 白板 refused in the hand and as the 财神
    with pytest.raises(InvalidRound):
        api.analyze({"variant": "caishen-hushu", "hand": "123m456m789m123p45pP", "reveals": {"wild_indicator": WILD}})
    with pytest.raises(InvalidRound):
        api.analyze({"variant": "caishen-hushu", "hand": OPEN, "reveals": {"wild_indicator": "P"}})
