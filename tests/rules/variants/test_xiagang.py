"""下杠麻将 (001_a1ce558555b69162.txt:421-491): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it and the lead's
readings X1-X8 (.helpers/xiagang-readings.md; what they do not list is 虫草花's, C1-C8 of
.helpers/chongcao-readings.md). Unless a test says otherwise: the 明牌 is 1筒 (``reveals.wild_indicator``
1p), so the 财神 is 2筒 (明牌面值+1, 001:428), the 下杠 9筒 (明牌面值-1, 001:430), the 杠头 the other
three 1筒 and the 白板 role 白板 (001:431, X1); four players, the dealer seat 0, seat 1 (南) wins;
50台起翻, 包牌 on, 交子 0.

A win (001:491, X5): every loser pays 台 + 2. 花数 (001:481, X4): every pair settles the difference; the
filler seats hold no 杠头, 下杠, 白板 or 财神 and no kong: 0花. So with seat 1 winning T台 with h花:
totals [-(T+2+h), 3(T+2+h), -(T+2+h), -(T+2+h)] (:func:`pays`).
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
from rules.tiles import ALL_FACES, FLOWERS, is_flower
from rules.variants import REGISTRY
from rules.variants.chongcao.table import setup, xiagang_of
from rules.variants.chongcao.xiagang import VARIANT, XIAGANG
from tests.support import break_caishen_round, caishen_round, chow, kong, lines, pong, rejections, rows, tiles, totals, won

FACES = [f for f in ALL_FACES if not is_flower(f)]
PLAIN = "123m456m789m345p678p7s"  # five chows and a lone 7s: waits on 7s (or a 财神) for the pair
OPEN = "123m456m789m345p67p55s"  # 67p waits on 5p or 8p (两面), 55s the pair
M5 = [chow("123m"), chow("456m"), pong("7s", 2), pong("9s", 3), pong("E")]  # five melds: a 单吊 hand
EIGHT = frozenset(FLOWERS)


def table(hand: str, wins: list[dict[str, Any]], *, mingpai: str = "1p", **kw: Any) -> dict[str, Any]:
    """A round (tests.support.caishen_round): every seat but the given ones holds 16 filler tiles,
    never the 明牌's face, the 财神, the 下杠 nor the 白板 role."""
    s = setup(mingpai, VARIANT.Options(), XIAGANG)
    aside = tuple(f for f in (s.caishen, s.white, s.xiagang) if f is not None)
    return caishen_round("xiagang", aside, hand, wins, wild=mingpai, **kw)


def pays(tai: int, hua: int = 0) -> list[int]:
    """Seat 1 wins ``tai`` 台 and counts ``hua`` 花, the other three 0花: each pays 台 + 2 (001:491) + 花."""
    each = tai + 2 + hua
    return [-each, 3 * each, -each, -each]


# -- the table: the 下杠 face (001:427-431, X1) -------------------------------------------------------


def test_xiagang_is_the_face_before() -> None:
    # 明牌面值-1为下杠，且循环，如明牌为1万，则下杠为9万。若明牌为9万，则下杠为8万。风位顺序按东南西北中发白。如明牌为南风，
    # 则下杠为东风 (001:430): 1 → 9, 9 → 8 in a suit; 东 → 白 round the honours (X1)
    assert [xiagang_of(t) for t in ("1m", "9m", "5p", "1s", "9s")] == ["9m", "8m", "4p", "9s", "8s"]
    assert [xiagang_of(t) for t in ("E", "S", "W", "N", "C", "F", "P")] == ["P", "E", "S", "W", "N", "C", "F"]
    assert xiagang_of("3f") is None  # a flower 明牌: no 下杠 (X1)


def test_faces_set_aside() -> None:
    # 补牌: 抓到虫草花、白板、明牌或者下杠都需要补牌 (001:431): the eight flowers, the 杠头, the 下杠, the 白板 role (X1)
    opts = VARIANT.Options()
    assert setup("1p", opts, XIAGANG).aside == EIGHT | {"1p", "9p", "P"}
    # 明牌 南: 下杠 东 (the seed's own example, 001:430), 财神 西 (001:428-429)
    s = setup("S", opts, XIAGANG)
    assert (s.caishen, s.gangtou, s.xiagang, s.white) == ("W", "S", "E", "P")
    # a face counts once, 明牌 (杠头) > 下杠 > 白板 role (X1):
    # 明牌 白: 财神 东, 下杠 发 (白 − 1 in 东南西北中发白): the 白 copies are 杠头, no 白板 role
    s = setup("P", opts, XIAGANG)
    assert (s.caishen, s.gangtou, s.xiagang, s.white) == ("E", "P", "F", None)
    # 明牌 发: 财神 白 (so 红中 would play 白板, 001:447), but 红中 is the 下杠: no 白板 role
    s = setup("F", opts, XIAGANG)
    assert (s.caishen, s.gangtou, s.xiagang, s.white) == ("P", "F", "C", None)
    assert s.aside == EIGHT | {"F", "C"}
    # 明牌 东: 财神 南, 下杠 白: 白 is the 下杠, no 白板 role
    s = setup("E", opts, XIAGANG)
    assert (s.caishen, s.gangtou, s.xiagang, s.white) == ("S", "E", "P", None)
    # a flower 明牌: no 财神, no 杠头, no 下杠; the flowers and 白板 set aside (X1)
    s = setup("3f", opts, XIAGANG)
    assert (s.caishen, s.gangtou, s.xiagang, s.white) == (None, None, None, "P")
    assert s.aside == EIGHT | {"P"}


def test_always_the_144() -> None:
    # 共144张牌 … 虫草花8张, with no 勾选 clause (001:423-424, X1)
    assert VARIANT.tileset(VARIANT.Options(), 4).size == 144


def test_set_aside_faces_never_play() -> None:
    # the 下杠 9筒 is set aside when drawn (001:431): never held, discarded or won on (flower_in_play)
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678p9p", [won("7s", 2)]))
    assert ("flower_in_play", "/players/1/discards/0") in rejections(table(PLAIN, [won("7s", 2)],
                                                                           discards=[{"tile": "9p"}]))
    assert ("flower_in_play", "/wins/0/tile") in rejections(table("123m456m789m345p678p9s", [won("9p", 2)]))
    # 明牌 南 → 下杠 东 (001:430): an 东 held
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pE", [won("7s", 2)],
                                                                        mingpai="S"))
    # 明牌 白 → 下杠 发; 明牌 发 → 下杠 中; 明牌 东 → 下杠 白 (X1)
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pF", [won("7s", 2)],
                                                                        mingpai="P"))
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pC", [won("7s", 2)],
                                                                        mingpai="F"))
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pP", [won("7s", 2)],
                                                                        mingpai="E"))
    # …and a 1f-8f flower is in the set (001:423), set aside: not held
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678p1f", [won("7s", 2)]))
    # a 下杠 set aside counts nothing (no 台 or 花数 row names it, X1): 无财神 1台 (001:449), 0花
    assert totals(table(PLAIN, [won("7s", 2)], flowers="9p9p")) == pays(1)


# -- 台 (001:442-480, X3) --------------------------------------------------------------------------------


def test_the_table_is_the_seed() -> None:
    # 001:443-480, one column per tier (50/75/100台起翻); the 1台 rows 001:446-455 at every tier
    small = dict.fromkeys(("zifeng", "baiban", "zhongfa", "wucaishen", "guiwei1", "shuangcaishen", "gangkai",
                           "qianggang", "pinghu", "mingpai"), 1)
    t1 = ("duiduihu", "hunyise", "caishen_dandiao", "sancaishen", "zuoniu", "sangangtou")  # 001:456-461
    t2 = ("dandiao_caishen", "shuangguiwei")  # 001:462-463
    t3 = ("qingyise", "sifengqi", "sibaiban", "yingdiao", "tianhu", "dihu", "sancaishenke", "sanmeiren",
          "sicaishen")  # 001:464-472
    t4 = ("sanguiwei", "quanzi", "simeiren")  # 001:473-475
    t5 = ("siguiwei", "sicaishen_angang", "bachongcao", "qixiannu", "baxianguohai")  # 001:476-480
    columns = {50: (50, 100, 150, 600, 1000), 75: (65, 125, 200, 750, 1250), 100: (75, 150, 250, 900, 1500)}
    assert set(XIAGANG.tables) == set(columns)
    for tier, (a, b, c, d, e) in columns.items():
        expected = {**small, **dict.fromkeys(t1, a), **dict.fromkeys(t2, b), **dict.fromkeys(t3, c),
                    **dict.fromkeys(t4, d), **dict.fromkeys(t5, e)}
        assert {p.id: p.value for p in XIAGANG.tables[tier]} == expected
    # the rows' lines: 自风位 001:446 … 八仙过海 001:480
    assert XIAGANG.tables[50]["zifeng"].note.startswith("001:446:")
    assert XIAGANG.tables[50]["baxianguohai"].note.startswith("001:480:")


@pytest.mark.parametrize(("tier", "tai"), [(50, 51), (75, 66), (100, 76)])
def test_tier_columns(tier: int, tai: int) -> None:
    # 对对胡 (001:456) 50/65/75 + 无财神 1 (001:449)
    body = table("111m222m333m444s555s7s", [won("7s", 2)], options={"tier": tier})
    assert rows(body) == ["无财神", "对对胡"]
    assert totals(body) == pays(tai)


def test_plain_win_pays_the_two() -> None:
    # 无财神 1台 (001:449); each loser pays 1 (hu) + 2 (hu_bonus, 001:491a); nobody counts 花
    body = table(PLAIN, [won("7s", 2)])
    assert lines(body, "hu") == [(2, 1, 1), (3, 1, 1), (0, 1, 1)]
    assert lines(body, "hu_bonus") == [(2, 1, 2), (3, 1, 2), (0, 1, 2)]
    assert totals(body) == pays(1) == [-3, 9, -3, -3]
    # 交子 3 (001:435): each loser 3 more
    body = table(PLAIN, [won("7s", 2)], options={"jiaozi": 3})
    assert lines(body, "jiaozi") == [(2, 1, 3), (3, 1, 3), (0, 1, 3)]
    assert totals(body) == [-6, 18, -6, -6]


@pytest.mark.parametrize(("flowers", "tai", "hua"), [
    # 平胡 + 无财神 = 2 (001:454, 449), with 白板 ×3 (花 9, 001:486) and 明牌 ×k (花 1, 4; 001:484)
    ("PPP", 5, 9),
    ("PPP1p", 6, 10),  # s = 6: 6, not 虫草花's (50 + 6 − 6) × 2 = 100 — 下杠's table has no 6台 rule (X3)
    ("PPP1p1p", 7, 13),
])
def test_no_six_tai_rule(flowers: str, tai: int, hua: int) -> None:
    body = table(OPEN, [won("8p", 2)], flowers=flowers)
    assert totals(body) == pays(tai, hua)
    assert "added as they are" in api.settle(body)["items"][0]["note"]


def test_the_sisters_readings_are_options() -> None:
    # six_rule: 虫草花's 6台 rule (001:394) carried over, read with this table's column: s = 7 at 50台起翻 →
    # (50 + 7 − 6) × 2 = 102 (X3's other reading)
    body = table(OPEN, [won("8p", 2)], flowers="PPP1p1p", options={"six_rule": True})
    assert totals(body) == pays(102, 13)
    # quanzi_excludes: 全字 keeps out 对对胡 (and 混一色) as 虫草花's 001:387 does: 803 − 50 = 753
    body = table("EEESSSWWWCCCFFFN", [won("N", 2)], options={"quanzi_excludes": True})
    assert rows(body) == ["中、发刻（杠）", "无财神", "四风齐", "全字"]
    assert totals(body) == pays(753)
    # simeiren_clause: 四美人 never when 白板, 中 or 发 is the 财神, as 虫草花's 001:388 (and 三美人's own 001:471):
    # test_four_beauties' 804 hand loses 四美人, and with it 四美人's 不计 of 四白板 (001:475) and of 中发刻: 白板 ×4 +
    # 中、发刻 (the 发 pong; the 中 are the 财神's face, 001:448) = 5 small; 三财神 50 + 四白板 150 (001:466) + 三财神刻 150
    # = 350 big; 355
    body = table("123m456m789mCCC7s", [won("7s", 2)], mingpai="N", melds=[pong("F", 0)], flowers="PPPP",
                 options={"simeiren_clause": True})
    assert rows(body) == ["白板", "中、发刻（杠）", "三财神", "四白板", "三财神刻"]
    assert totals(body) == pays(355, 26)


def test_seven_fairies_and_the_small_rows_as_they_are() -> None:
    # 白板 ×4 + 明牌 ×3 + 无财神 = 8 small, added as they are (X3); 三杠头 50 (001:461) + 四白板 150 (001:466) +
    # 七仙女 1000 (001:479, 4 白板 + 3 杠头, with no 虫草花 condition) = 1200; 1208 in all. 花: 白板 4 → 16 (001:486) +
    # 杠头 3 → 10 (001:484) = 26
    body = table(PLAIN, [won("7s", 2)], flowers="PPPP1p1p1p")
    assert rows(body) == ["白板", "无财神", "明牌", "三杠头", "四白板", "七仙女"]
    assert totals(body) == pays(1208, 26)


def test_all_honours_adds_all_triplets() -> None:
    # 全字 600 (001:474: 自风位一台不再计算，可与三美人、四风齐叠加计算) — 对对胡 not kept out here (X3): 对对胡 50 (001:456)
    # + 四风齐 150 (001:465) + 全字 600 + 中、发刻 ×2 (001:448) + 无财神 1 = 3 + 800 = 803 (虫草花: 248)
    body = table("EEESSSWWWCCCFFFN", [won("N", 2)])
    assert rows(body) == ["中、发刻（杠）", "无财神", "对对胡", "四风齐", "全字"]
    assert totals(body) == pays(803)


def test_four_beauties() -> None:
    hand, melds = "123m456m789mCCC7s", [pong("F", 0)]
    # 四美人 600 (001:475; not 四白板, 中发刻 not counted) + 白板 ×4 + 无财神 = 605; 花 four 白板 16 (001:486)
    body = table(hand, [won("7s", 2)], melds=melds, flowers="PPPP")
    assert rows(body) == ["白板", "无财神", "四美人"]
    assert totals(body) == pays(605, 16)
    # without 三美人's 财神 clause (X3): 明牌 北 → 财神 中 (001:428-429), 下杠 西. The three 中 are three 财神 standing
    # as 中中中: 白板 ×4 (4) + 三财神 50 (001:459) + 三财神刻 150 (001:470, 不计三归位 001:473) + 四美人 600 = 804.
    # 花: 白板 4 → 16, 财神 3 → 10 (001:487) = 26
    body = table(hand, [won("7s", 2)], mingpai="N", melds=melds, flowers="PPPP")
    assert rows(body) == ["白板", "三财神", "三财神刻", "四美人"]
    assert totals(body) == pays(804, 26)
    # 三美人 keeps it (若白板、红中、发有一个为财神，则本局不可出现三美人, 001:471): with three 白板 no 美人 —
    # 白板 ×3 + 中、发刻 ×1 (the 发 pong; not the 财神's 中, 001:448) + 三财神 50 + 三财神刻 150 = 204; 花 9 + 10
    body = table(hand, [won("7s", 2)], mingpai="N", melds=melds, flowers="PPP")
    assert rows(body) == ["白板", "中、发刻（杠）", "三财神", "三财神刻"]
    assert totals(body) == pays(204, 19)


def test_eight_immortals() -> None:
    # 八仙过海 (001:480): the turned-up 杠 faces twice four — three 杠头 (the 明牌 the fourth) and four 下杠 (X3):
    # 明牌 ×3 + 无财神 = 4 small; 三杠头 50 (001:461) + 八仙过海 1000 = 1054. 花: 杠头 3 → 10 (001:484); 下杠 nothing
    body = table(PLAIN, [won("7s", 2)], flowers="1p1p1p9p9p9p9p")
    assert rows(body) == ["无财神", "明牌", "三杠头", "八仙过海"]
    assert totals(body) == pays(1054, 10)
    # the seed's example (例如白板当财神的时候，有4个红中+4个发财): 明牌 发 → 财神 白, 下杠 中; three 发 (杠头) and four 中
    body = table(PLAIN, [won("7s", 2)], mingpai="F", flowers="FFFCCCC")
    assert rows(body) == ["无财神", "明牌", "三杠头", "八仙过海"]
    assert totals(body) == pays(1054, 10)
    # three 下杠 only: no 八仙过海, 4 + 50 = 54
    assert totals(table(PLAIN, [won("7s", 2)], flowers="1p1p1p9p9p9p")) == pays(54, 10)


def test_eight_flowers_always_counted() -> None:
    # 八虫草 1000 (001:478, no 虫草花 condition at 下杠) + 无财神 = 1001; 花 eight 虫草 30 (001:485)
    body = table(PLAIN, [won("7s", 2)], flowers="12345678f")
    assert rows(body) == ["无财神", "八虫草"]
    assert totals(body) == pays(1001, 30)


# -- 花数 (001:481-489, X4) ------------------------------------------------------------------------------


def test_one_flower_table() -> None:
    # 白板 ×2 + 明牌 ×2 + 无财神 = 5台. 花: 虫草 2 → 4 (001:485), 杠头 2 → 4 (001:484), 白板 2 → 4 (001:486), a 下杠
    # nothing (X1) = 12
    assert totals(table(PLAIN, [won("7s", 2)], flowers="1f2f1p1pPP9p")) == pays(5, 12)
    # 明杠 1 and 暗杠 1: 按照明暗杠总数的明杠计算+暗杠总数的花数 (001:481) → 明杠[2] 4 + 暗杠[1] 2 = 6 (001:488-489); 无财神 1台
    body = table("123m456m789m7s", [won("7s", 2)], melds=[kong("E", "exposed", 0), kong("W", "concealed")])
    assert rows(body) == ["无财神"]
    assert totals(body) == pays(1, 6)


def test_flowers_on_a_drawn_round() -> None:
    # 花与胡牌无关，每个玩家都要计算 (001:481): seat 1's two 杠头 are 4花 (001:484), from each other seat
    assert totals(table(PLAIN, [], wall=16, flowers="1p1p")) == [-4, 12, -4, -4]
    assert totals(table(PLAIN, [], wall=16, flowers="1p1p", options={"draw_pays_flowers": False})) == [0, 0, 0, 0]
    # 流局: 还是由庄家做庄 (001:433)
    assert api.settle(table(PLAIN, [], wall=16, dealer=2))["next_dealer"] == 2
    # the tiles left at a 流局: 虫草花's 16 / 8 / 0 (001:345, X1)
    assert rejections(table(PLAIN, [], wall=8)) == [("inconsistent_wall", "/wall_remaining")]
    assert totals(table(PLAIN, [], wall=8, options={"draw_at": 8})) == [0, 0, 0, 0]


# -- 包牌 (001:436-437, X6) --------------------------------------------------------------------------------


def test_liability_a_and_b_single_waits() -> None:
    # a) 单吊时打出南风 … (001:437a): seat 1 went 单吊 on 西 discarding 西; seat 2 discards 西: 硬吊 150 (001:467; 与无财神
    # 不可加). Seat 2 pays 3 × 150, each loser its +2: seat 1 3 × 152 = 456, seat 2 −452, seats 0 and 3 −2
    body = table("W", [won("W", 2)], melds=M5, discards=[{"tile": "W"}])
    assert lines(body, "hu") == [(2, 1, 150), (2, 1, 150), (2, 1, 150)]
    assert totals(body) == [-2, 456, -452, -2]
    assert any("包牌 a) 单吊字牌 (001:437a)" in n for n in api.settle(body)["notes"])
    # b) 单吊时打出五万，…正负两张牌内 (001:437b): went 单吊 on 5条 discarding 4条, seat 3 discards 5条: seat 3 pays
    body = table("5s", [won("5s", 3)], melds=M5, discards=[{"tile": "4s"}])
    assert totals(body) == [-2, 456, -2, -452]
    # 8条 is three away: each its own
    assert totals(table("5s", [won("5s", 3)], melds=M5, discards=[{"tile": "8s"}])) == pays(150)


def test_liability_c_the_beauty_fed() -> None:
    # 三美人 150 (001:471; 中发刻 not counted) + 白板 ×3 + 无财神 = 154, self-drawn; the later dragon pong (发, from
    # seat 2) names the feeder (c) 点炮成明翻, 001:437c): seat 2 pays 3 × 154 = 462. 花 9 (001:486) from each.
    # seat 1: 3 × (154 + 2 + 9) = 495; seat 2: −462 − 2 − 9 = −473; seats 0, 3: −11
    body = table("123m456m789m7s", [won("7s")], melds=[pong("C", 3), pong("F", 2)], flowers="PPP")
    assert rows(body) == ["白板", "无财神", "三美人"]
    assert lines(body, "hu") == [(2, 1, 154), (2, 1, 154), (2, 1, 154)]
    assert totals(body) == [-11, 495, -473, -11]


def test_liability_d_four_claims() -> None:
    # d) 吃碰杠四手 (001:437d): four melds fed by seat 0: seat 0 pays every 台 line (无财神 1): seat 1 3 × 3 = 9,
    # seat 0 −3 − 2 = −5, seats 2 and 3 −2
    melds = [chow("123m"), chow("456m"), pong("E"), pong("W")]
    body = table("345p7s", [won("7s", 2)], melds=melds)
    assert lines(body, "hu") == [(0, 1, 1), (0, 1, 1), (0, 1, 1)]
    assert totals(body) == [-5, 9, -2, -2]
    assert any("包牌 d) 吃碰杠四手 (001:437d)" in n for n in api.settle(body)["notes"])
    assert totals(table("345p7s", [won("7s", 2)], melds=melds, options={"liability": False})) == pays(1)
    # an added kong counts as the pong it grew from (X6): 明杠 1 → 1花 (001:488) from each: [−6, 12, −3, −3]
    melds[3] = kong("W", "added", 0)
    assert totals(table("345p7s", [won("7s", 2)], melds=melds)) == [-6, 12, -3, -3]
    melds[3] = kong("W", "added")
    assert rejections(table("345p7s", [won("7s", 2)], melds=melds)) == [("missing_field", "/players/1/melds/3/from")]


def test_no_spitting_case() -> None:
    # 下杠 has no 乱吐 (001:437 lists a-d, X6): seat 2 chowed 3条 (seat 1's discard) into 345条 and discards 6条 next;
    # seat 1 wins it (678条, 两面: 平胡 + 无财神 = 2台, 001:454, 449): each loser pays its own — and no turns are asked
    seat2 = {"hand": "EEENNNWWW9s9s9sC", "melds": [{**chow("345s", 1), "turn": 5}], "discards": []}
    timed = table("123m456m789m345p55p78s", [{**won("6s", 2), "turn": 8}],
                  discards=[{"tile": "3s", "turn": 4, "claimed_by": 2}], seats={2: seat2})
    assert totals(timed) == pays(2)
    seat2["melds"] = [chow("345s", 1)]
    untimed = table("123m456m789m345p55p78s", [won("6s", 2)], discards=[{"tile": "3s", "claimed_by": 2}],
                    seats={2: seat2})
    assert totals(untimed) == pays(2)


# -- 422s (X1) ------------------------------------------------------------------------------------------------


def test_options() -> None:
    # one 花数 table (001:481-489): no flower_scheme option (X1) — the options check's own code
    assert rejections(table(PLAIN, [won("7s", 2)], options={"flower_scheme": "square"})) == [
        ("unknown_option", "/options/flower_scheme")]
    # 起翻 50/75/100 (001:443)
    assert rejections(table(PLAIN, [won("7s", 2)], options={"tier": 15})) == [("invalid_option", "/options/tier")]
    assert rejections(table(PLAIN, [won("7s", 2)], options={"draw_at": 4})) == [("invalid_option", "/options/draw_at")]
    # the options of X1: tier 50 by default, no flower_scheme; the sister's readings off (X3)
    assert [(o["name"], o["default"]) for o in VARIANT.describe()["options"]] == [
        ("tier", 50), ("six_rule", False), ("quanzi_excludes", False), ("simeiren_clause", False), ("pong_only", False),
        ("draw_at", 16), ("jiaozi", 0), ("liability", True), ("draw_pays_flowers", True), ("next_dealer", "rotate")]


def test_rejections() -> None:
    body = table(PLAIN, [won("7s", 2)])
    del body["reveals"]  # the 明牌 (001:427) is needed
    assert rejections(body) == [("missing_field", "/reveals/wild_indicator")]
    # the 财神 is never discarded (the family's 001:84), never ponged (C1)
    assert ("wild_discarded", "/players/1/discards/0") in rejections(table(PLAIN, [won("7s", 2)],
                                                                           discards=[{"tile": "2p"}]))
    # 只碰不吃 (001:432)
    body = table("123m456m789m345p7s", [won("7s", 2)], melds=[chow("678p")], options={"pong_only": True})
    assert rejections(body) == [("chow_not_allowed", "/players/1/melds/0")]
    # not five sets and a pair (001:439-440); two wins (截胡, 001:434)
    assert ("not_a_win", "/wins/0") in rejections(table(PLAIN, [won("8s", 2)]))
    assert ("multiple_wins", "/wins/1") in rejections(table(PLAIN, [won("7s", 2), won("7s", 2, winner=3)]))


def test_fuzzed_rounds_never_crash() -> None:
    rng = random.Random(12)
    for seed in range(40):
        body = generate("xiagang", seed)
        for _ in range(5):
            broken = break_caishen_round(body, rng, [*FACES, "1f", "5f"],
                                         lambda r: {"tier": r.choice([50, 75, 100]), "pong_only": r.random() < 0.5})
            with contextlib.suppress(InvalidRound):  # a 422 is fine; any other exception fails
                api.settle(broken)


# -- analyze (C8) -----------------------------------------------------------------------------------------------


def test_analyze() -> None:
    # seat 0, self-drawn (C8): 7条 → 无财神 1台 + 2 = 3 (001:449, 491); the 财神 2筒 as 7条: 屁胡 0 + 2
    out = api.analyze({"variant": "xiagang", "hand": tiles(PLAIN), "reveals": {"wild_indicator": "1p"}})
    assert (out["wild_indicator"], out["wilds"], out["ready"]) == ("1p", ["2p"], True)
    assert out["waits"] == [{"tile": "2p", "patterns": [], "value": 2, "self_draw_only": True},
                            {"tile": "7s", "patterns": ["无财神"], "value": 3, "self_draw_only": False}]
    # the 下杠 in the hand is refused (001:431)
    with pytest.raises(InvalidRound) as e:
        api.analyze({"variant": "xiagang", "hand": tiles("123m456m789m345p678p9p"), "reveals": {"wild_indicator": "1p"}})
    assert (e.value.errors[0].code, e.value.errors[0].pointer) == ("flower_in_play", "/hand/15")


# -- the generator ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"tier": 75, "pong_only": True, "draw_at": 0, "jiaozi": 2},
                                     {"tier": 100, "draw_at": 8, "liability": False}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    xiagang = 0
    for seed in range(50):
        body = generate("xiagang", seed, options=options)
        answer = api.settle(copy.deepcopy(body))
        assert sum(s["total"] for s in answer["scores"]) == 0
        s = setup(body["reveals"]["wild_indicator"], VARIANT.Options(**options), XIAGANG)
        assert not any(t in s.aside for p in body["players"] for t in p["hand"])
        xiagang += sum(t == s.xiagang for p in body["players"] for t in p.get("flowers", []))
        if options.get("pong_only"):
            assert not any(m["type"] == "chow" for p in body["players"] for m in p["melds"])
    assert xiagang  # the 下杠 is set aside when drawn (001:431)


def test_registered() -> None:
    assert REGISTRY["xiagang"] is VARIANT
    d = VARIANT.describe()
    assert (d["name"], d["source"], d["hand_size"]) == ("下杠麻将", "001_a1ce558555b69162.txt:421-491", 16)
