"""虫草花麻将 (001_a1ce558555b69162.txt:334-420): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it and the lead's
readings C1-C8 (.helpers/chongcao-readings.md, docs/variants/chongcao.md). Unless a test says
otherwise: the 明牌 is 1筒 (``reveals.wild_indicator`` 1p), so the 财神 is 2筒 (明牌面值+1, 001:341),
the 杠头 are the other three 1筒 and the 白板 role is 白板 (001:343, C1); four players, the dealer
seat 0, seat 1 (南) wins; tier 15, 平方花, 包牌 on, 交子 0 (C1, C4, C6).

A win (C5, 001:420): every loser pays 台 + 2 (and 交子). 花数 (C4, 001:395): every pair settles the
difference; the filler seats hold no 杠头, 白板 or 财神 and no kong: 0花. So with seat 1 winning
T台 with h花: totals [-(T+2+h), 3(T+2+h), -(T+2+h), -(T+2+h)] (:func:`pays`).
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
from rules.snapshot import Player, Win
from rules.tiles import ALL_FACES, is_flower
from rules.variants import REGISTRY
from rules.variants.chongcao import VARIANT
from rules.variants.chongcao.pay import kong_flowers
from rules.variants.chongcao.table import TABLES, caishen_of, count, held, setup
from tests.support import break_caishen_round, caishen_round, chow, kong, lines, pong, rejections, rows, tiles, totals, won

FACES = [f for f in ALL_FACES if not is_flower(f)]
PLAIN = "123m456m789m345p678p7s"  # five chows and a lone 7s: waits on 7s (or a 财神) for the pair
OPEN = "123m456m789m345p67p55s"  # 67p waits on 5p or 8p (两面), 55s the pair
M5 = [chow("123m"), chow("456m"), pong("7s", 2), pong("9s", 3), pong("E")]  # five melds: a 单吊 hand


def table(hand: str, wins: list[dict[str, Any]], *, mingpai: str | None = "1p", **kw: Any) -> dict[str, Any]:
    """A round (tests.support.caishen_round): every seat but the given ones holds 16 filler tiles,
    never the 明牌's face, the 财神 nor the 白板 role."""
    s = setup(mingpai or "1p", VARIANT.Options(**kw.get("options", {})))
    aside = tuple(f for f in (s.caishen, s.white) if f is not None)
    return caishen_round("chongcao", aside, hand, wins, wild=mingpai, **kw)


def pays(tai: int, hua: int = 0) -> list[int]:
    """Seat 1 wins ``tai`` 台 and counts ``hua`` 花, the other three 0花: each pays 台 + 2 (001:420) + 花."""
    each = tai + 2 + hua
    return [-each, 3 * each, -each, -each]


# -- the table (C1, C3) ---------------------------------------------------------------------------


def test_the_table_is_the_seed() -> None:
    # 001:356-393, one column per tier; the 1台 rows 001:359-368 at every tier
    small = dict.fromkeys(("zifeng", "baiban", "zhongfa", "wucaishen", "guiwei1", "shuangcaishen", "gangkai",
                           "qianggang", "pinghu", "mingpai"), 1)
    t1 = ("duiduihu", "hunyise", "caishen_dandiao", "sancaishen", "zuoniu", "sangangtou")  # 001:369-374
    t2 = ("dandiao_caishen", "shuangguiwei")  # 001:375-376
    t3 = ("qingyise", "sifengqi", "sibaiban", "yingdiao", "tianhu", "dihu", "sancaishenke", "sanmeiren",
          "sicaishen")  # 001:377-385
    t200 = ("sanguiwei", "quanzi", "simeiren")  # 001:386-388
    t500 = ("siguiwei", "sicaishen_angang", "bachongcao", "qixiannu", "baxianguohai")  # 001:389-393
    columns = {15: (15, 30, 45, 200, 500), 25: (25, 50, 75, 300, 500), 35: (35, 70, 105, 450, 750),
               50: (50, 100, 150, 600, 1000)}
    for tier, (a, b, c, d, e) in columns.items():
        expected = {**small, **dict.fromkeys(t1, a), **dict.fromkeys(t2, b), **dict.fromkeys(t3, c),
                    **dict.fromkeys(t200, d), **dict.fromkeys(t500, e)}
        assert {p.id: p.value for p in TABLES[tier]} == expected


def test_caishen_is_the_next_face() -> None:
    # 明牌面值+1为财神，且循环 … 风位顺序按东南西北中发白 (001:341-342): 9 → 1, 北 → 中, 白 → 东
    assert [caishen_of(t) for t in ("1m", "9m", "5p", "9s", "E", "N", "C", "F", "P")] == [
        "2m", "1m", "6p", "1s", "S", "C", "F", "P", "E"]
    assert caishen_of("3f") is None  # a flower 明牌: no 财神 (C1)
    opts = VARIANT.Options()
    # 杠头 the 明牌's face; 白板 the 白板 role, 红中 when 白板 is the 财神 (001:360), none when the 明牌 is 白板 (C1)
    assert (setup("1p", opts).gangtou, setup("1p", opts).white) == ("1p", "P")
    assert (setup("F", opts).caishen, setup("F", opts).white) == ("P", "C")
    assert (setup("P", opts).caishen, setup("P", opts).gangtou, setup("P", opts).white) == ("E", "P", None)
    # a flower 明牌 (虫草花 only): no 杠头; the flowers and 白板 are set aside
    flower = setup("3f", VARIANT.Options(tier=25, flower_scheme="chongcao"))
    assert (flower.caishen, flower.gangtou) == (None, None)
    assert flower.aside == frozenset({*(f"{i}f" for i in range(1, 9)), "P"})


def test_tile_sets() -> None:
    # 136 tiles; 144 with the 虫草花 (勾选虫草花配置的时候才有, 001:336-337e, C1)
    assert VARIANT.tileset(VARIANT.Options(), 4).size == 136
    assert VARIANT.tileset(VARIANT.Options(tier=25, flower_scheme="chongcao"), 4).size == 144


# -- paying a win (001:419-420, C5) ----------------------------------------------------------


def test_plain_discard_win() -> None:
    # 无财神 1台 (001:362); each loser pays 1 (hu) + 2 (hu_bonus, 001:420); nobody counts 花
    body = table(PLAIN, [won("7s", 2)])
    assert rows(body) == ["无财神"]
    assert lines(body, "hu") == [(2, 1, 1), (3, 1, 1), (0, 1, 1)]
    assert lines(body, "hu_bonus") == [(2, 1, 2), (3, 1, 2), (0, 1, 2)]
    assert lines(body, "flower") == []
    assert totals(body) == pays(1) == [-3, 9, -3, -3]


def test_self_draw_pays_alike() -> None:
    # no 自摸 row in 001:356-393; every loser pays 台 + 2 on a self-draw too (C5)
    assert totals(table(PLAIN, [won("7s")])) == pays(1)


def test_pihu_pays_the_two() -> None:
    # the 财神 2筒 stands as the pair's 7条: no row (held, so no 无财神; not 归位): 屁胡 0台 (001:358), only the
    # +2 is paid (C5). 花: one 财神 → 1 (平方花, 001:410)
    body = table("123m456m789m345p678p2p", [won("7s", 2)])
    assert rows(body) == []
    assert lines(body, "hu") == []
    assert totals(body) == pays(0, 1) == [-3, 9, -3, -3]


def test_jiaozi_per_loser() -> None:
    # 交子 3 (001:348, C5): each loser pays 3 more, kind jiaozi
    body = table(PLAIN, [won("7s", 2)], options={"jiaozi": 3})
    assert lines(body, "jiaozi") == [(2, 1, 3), (3, 1, 3), (0, 1, 3)]
    assert totals(body) == [-6, 18, -6, -6]


# -- the small rows (001:359-368, C3) ----------------------------------------------------------------


def test_seat_wind() -> None:
    # 南 triplet for seat 1 (001:359) + 无财神 = 2台; 东 is the dealer's wind
    assert totals(table("123m456m789m345pSSS7s", [won("7s", 2)])) == pays(2)
    assert rows(table("123m456m789m345pEEE7s", [won("7s", 2)])) == ["无财神"]
    # 财神替代形成的刻子也算 (001:359): 南 + two 财神 as 南南南, 双财神 1 (001:364): 2台; 花 two 财神 4 (001:410)
    body = table("123m456m789m345pS2p2p7s", [won("7s", 2)])
    assert rows(body) == ["自风位", "双财神"]
    assert totals(body) == pays(2, 4)


def test_seat_wind_that_is_the_caishen() -> None:
    # 明牌 东 → 财神 南, seat 1's wind (如果风位是财神，就不算, 001:359): three 南 are three 财神 as one
    # triplet of their face: 三财神 15 (001:372) + 三财神刻 45 (001:383; 不计三归位, 001:386) = 60, no 自风位.
    # 花 three 财神 10 (001:410)
    body = table("123m456m789m345pSSS7s", [won("7s", 2)], mingpai="E")
    assert rows(body) == ["三财神", "三财神刻"]
    assert totals(body) == pays(60, 10)


def test_white_and_kong_heads() -> None:
    # 白板 ×2 (001:360) + 明牌 ×1 (001:368) + 无财神 = 4台; 花: 杠头 1 → 1, 白板 2 → 4 (001:408-409) = 5
    body = table(PLAIN, [won("7s", 2)], flowers="PP1p")
    assert rows(body) == ["白板", "无财神", "明牌"]
    assert totals(body) == pays(4, 5)


def test_red_plays_white_when_white_is_the_caishen() -> None:
    # 明牌 发 → 财神 白板: 如果白板是财神，则以红中计 (001:360), 有4个红中就行 (001:379): four 红中 set aside are
    # 白板 ×4 + 无财神 = 5, 四白板 45 = 50台; 花 four 白板 16 (001:409)
    body = table(PLAIN, [won("7s", 2)], mingpai="F", flowers="CCCC")
    assert rows(body) == ["白板", "无财神", "四白板"]
    assert totals(body) == pays(50, 16)


def test_no_red_triplet_when_red_plays_white() -> None:
    # 此时不计红中刻 (001:360): with 红中 playing 白板, three 财神 standing as 中 are no 中刻 (C1)
    s = setup("F", VARIANT.Options())
    hand = tiles("123m456m789m345pPPP7s")
    h = held(Player(1, tuple(hand), (), (), (), None, VARIANT.Flags()), Win(1, 2, "7s"), s, "S")
    as_red = [r for r in h.readings if any(p.kind == "pong" and p.faces[0] == "C" for p in r.parts)]
    assert as_red and all("zhongfa" not in dict(count(r, h, 15).rows) for r in as_red)


def test_red_and_green_triplets() -> None:
    # 中 triplet and 发 pong: 中、发刻 ×2 (001:361) + 无财神 = 3台
    body = table("123m456m789mCCC7s", [won("7s", 2)], melds=[pong("F", 0)])
    assert rows(body) == ["中、发刻（杠）", "无财神"]
    assert totals(body) == pays(3)


def test_guiwei_ladder() -> None:
    # one 财神 as 2筒 in 234筒: 财神一归位 1 (001:363); 花 1
    assert totals(table("123m456m789m34p678p2p5s", [won("5s", 2)])) == pays(1, 1)
    # 双财神中1个财神归位则算2台 (001:364): 234筒 and 67筒 with a 财神: 双财神 + 一归位 = 2; 花 two 财神 4
    body = table("123m456m789m34p67p2p2p5s", [won("5s", 2)])
    assert rows(body) == ["财神一归位", "双财神"]
    assert totals(body) == pays(2, 4)
    # 三财神1归位算16台 (001:372): 234筒 (归位) and 西西西 of two 财神: 三财神 15 + 一归位 1; 花 three 10
    body = table("123m456m789m34p2p2p2p99s", [won("W", 2)])
    assert rows(body) == ["财神一归位", "三财神"]
    assert totals(body) == pays(16, 10)
    # two 234筒, each with its 财神 at home: 双财神 1 + 财神双归位 30 (001:376) = 31
    body = table("123m456m789m34p34p2p2p7s", [won("7s", 2)])
    assert rows(body) == ["双财神", "财神双归位"]
    assert totals(body) == pays(31, 4)
    # three 234筒: 三财神 15 + 财神三归位 200 (001:386) = 215 (better than 三财神刻's 60)
    body = table("123m456m34p34p34p2p2p2p7s", [won("7s", 2)])
    assert rows(body) == ["三财神", "财神三归位"]
    assert totals(body) == pays(215, 10)
    # four: 222筒 and 234筒, all four at home: 三财神刻 45 + 四财神 45 + 财神四归位 500 (001:383, 385, 389; only
    # 三归位 gives way to 三财神刻) = 590; 花 four 财神 18
    body = table("123m456m789m34p2p2p2p2p7s", [won("7s", 2)])
    assert rows(body) == ["三财神刻", "四财神", "财神四归位"]
    assert totals(body) == pays(590, 18)


def test_kong_draw_and_robbing_the_kong() -> None:
    # 杠上开花 1 (001:365) + 无财神 = 2台; 花 one 暗杠 2 (001:411)
    body = table("123m456m789m345p7s", [won("7s", kong_draw=True)], melds=[kong("9s", "concealed")])
    assert rows(body) == ["无财神", "杠上开花"]
    assert totals(body) == pays(2, 2)
    # 抢杠胡 1 (001:366) + 无财神 + 平胡 (678筒 on 8筒, 两面) = 3台; seat 2 keeps its pong of 8筒. No 包牌
    # (a robbed kong is no discard, C6)
    robbed = {2: {"hand": "123s456s999sEEEW", "melds": [pong("8p", 3)]}}
    body = table(OPEN, [won("8p", 2, robbing_kong=True)], seats=robbed)
    assert rows(body) == ["无财神", "抢杠胡", "平胡"]
    assert totals(body) == pays(3)


def test_pinghu() -> None:
    # 没有碰杠和暗刻，胡的那张牌…吃头或吃尾 (001:367): 67筒 on 8筒 (两面) and 12万 on 3万 (边张): 平胡 + 无财神
    assert totals(table(OPEN, [won("8p", 2)])) == pays(2)
    assert rows(table("12m456m789m345p678p55s", [won("3m", 2)])) == ["无财神", "平胡"]
    # not in the middle (嵌张): 13万 on 2万; not with the seat wind or 中 as the pair (001:367)
    assert rows(table("13m456m789m345p678p55s", [won("2m", 2)])) == ["无财神"]
    assert rows(table("123m456m789m345p67pSS", [won("8p", 2)])) == ["无财神"]
    assert rows(table("123m456m789m345p67pCC", [won("8p", 2)])) == ["无财神"]


# -- the 6台 rule (001:394, C3) -------------------------------------------------------------------


@pytest.mark.parametrize(("flowers", "tier", "tai", "hua"), [
    # 平胡 + 无财神 = 2, with 白板 ×3 (花 9) and 明牌 ×k (花 1, 4; 001:408-409)
    ("PPP", 15, 5, 9),  # s = 5: 5
    ("PPP1p", 15, 30, 10),  # s = 6: (15 + 6 − 6) × 2 = 30
    ("PPP1p1p", 15, 32, 13),  # s = 7: (15 + 7 − 6) × 2 = 32
    ("PPP1p", 25, 50, 10),  # s = 6 at 25台起翻: (25 + 6 − 6) × 2 = 50
    ("PPP1p1p", 25, 52, 13),  # s = 7: (25 + 7 − 6) × 2 = 52
])
def test_six_tai_rule(flowers: str, tier: int, tai: int, hua: int) -> None:
    body = table(OPEN, [won("8p", 2)], flowers=flowers, options={"tier": tier})
    assert totals(body) == pays(tai, hua)
    if tai > 5:
        note = api.settle(body)["items"][0]["note"]
        assert f"({tier} + {tai // 2 - tier + 6} − 6) × 2 = {tai}" in note


def test_six_tai_rule_literal_fifteen_is_an_option() -> None:
    # the other reading of 001:394 (its formula writes 15 whatever the column): option six_rule_base "15" —
    # s = 7 at 25台起翻: (15 + 7 − 6) × 2 = 32, not (25 + 7 − 6) × 2 = 52; at 15台起翻 the two agree (32)
    body = table(OPEN, [won("8p", 2)], flowers="PPP1p1p", options={"tier": 25, "six_rule_base": "15"})
    assert totals(body) == pays(32, 13)
    assert "(15 + 7 − 6) × 2 = 32" in api.settle(body)["items"][0]["note"]
    body = table(OPEN, [won("8p", 2)], flowers="PPP1p1p", options={"six_rule_base": "15"})
    assert totals(body) == pays(32, 13)


def test_six_tai_rule_leaves_the_big_rows() -> None:
    # 8台 of small rows at 15: (15 + 8 − 6) × 2 = 34 (001:394's own example), + 三杠头 15 (001:374) added after it:
    # 白板 ×4 + 明牌 ×3 + 无财神 = 8 small; big 三杠头 15 + 四白板 45 (001:379) → 34 + 60 = 94; 花 16 + 10
    body = table(PLAIN, [won("7s", 2)], flowers="PPPP1p1p1p")
    assert rows(body) == ["白板", "无财神", "明牌", "三杠头", "四白板"]
    assert totals(body) == pays(94, 26)


# -- the big rows (001:369-393, C3) -------------------------------------------------------------------


def test_all_triplets_and_flushes() -> None:
    # 对对胡 15 (001:369) + 无财神 = 16 (the triplets' reading beats 123万 ×3)
    assert totals(table("111m222m333m444s555s7s", [won("7s", 2)])) == pays(16)
    # 混一色 15 (001:370) + 无财神 = 16
    body = table("123m456m789m123mEEEC", [won("C", 2)])
    assert rows(body) == ["无财神", "混一色"]
    assert totals(body) == pays(16)
    # 清一色 45 (001:377) + 无财神 + 平胡 (the won 9万 completes 78万, 两面, 99万 the pair: 001:367) = 47
    body = table("123m123m456m456m789m9m", [won("9m", 2)])
    assert rows(body) == ["无财神", "平胡", "清一色"]
    assert totals(body) == pays(47)


def test_single_waits() -> None:
    # 财神单吊 15 (001:371) on a discard; 花 one 财神 1
    body = table("2p", [won("5s", 2)], melds=M5)
    assert rows(body) == ["财神单吊"]
    assert totals(body) == pays(15, 1)
    # 自摸财神时，加计财神做牛 (001:371): + 财神做牛 15 (001:373) + 双财神 1 = 31; 花 two 财神 4
    body = table("2p", [won("2p")], melds=M5)
    assert rows(body) == ["双财神", "财神单吊", "财神做牛"]
    assert totals(body) == pays(31, 4)
    # 单吊财神 30 (001:375): a lone 5条 self-drawing a 财神; 花 1
    body = table("5s", [won("2p")], melds=M5)
    assert rows(body) == ["单吊财神"]
    assert totals(body) == pays(30, 1)
    # 硬吊 45 (001:380) on the real 5条, 与无财神不可加
    body = table("5s", [won("5s", 2)], melds=M5)
    assert rows(body) == ["硬吊"]
    assert totals(body) == pays(45)


def test_caishen_as_the_pair() -> None:
    # two 财神 the pair: 财神做牛 15 (001:373, not 归位) + 双财神 1 = 16; 花 4
    body = table("123m456m789m345p678p2p", [won("2p")])
    assert rows(body) == ["双财神", "财神做牛"]
    assert totals(body) == pays(16, 4)


def test_three_kong_heads_and_four_whites() -> None:
    # 明牌 ×3 + 无财神 = 4, 三杠头 15 (001:374) = 19; 花 three 杠头 10 (001:408)
    assert totals(table(PLAIN, [won("7s", 2)], flowers="1p1p1p")) == pays(19, 10)
    # 白板 ×4 + 无财神 = 5, 四白板 45 (001:379) = 50; 花 16
    assert totals(table(PLAIN, [won("7s", 2)], flowers="PPPP")) == pays(50, 16)


def test_four_winds_and_all_honours() -> None:
    # 四风齐 45 (001:378; 自风位 not counted) + 混一色 15 + 无财神 1 = 61
    body = table("123m456mSSSEEEWWWN", [won("N", 2)])
    assert rows(body) == ["无财神", "混一色", "四风齐"]
    assert totals(body) == pays(61)
    # 全字 200 (001:387; not 自风位, 对对胡, 混一色) + 四风齐 45 + 中、发刻 ×2 + 无财神 = 248
    body = table("EEESSSWWWCCCFFFN", [won("N", 2)])
    assert rows(body) == ["中、发刻（杠）", "无财神", "四风齐", "全字"]
    assert totals(body) == pays(248)


def test_no_four_winds_when_a_wind_is_the_caishen() -> None:
    # 明牌 白板 → 财神 东 (白 → 东, 001:342): 若有风位做财神，则无法出现四风齐 (001:378). Three 东 are three 财神 as
    # their triplet: 自风位 1 + 混一色 15 + 三财神 15 + 三财神刻 45 = 76; 花 10
    body = table("123m456mSSSEEEWWWN", [won("N", 2)], mingpai="P")
    assert rows(body) == ["自风位", "混一色", "三财神", "三财神刻"]
    assert totals(body) == pays(76, 10)


def test_heavenly_and_earthly() -> None:
    # 天胡 45 (001:381) + 无财神: the dealer's self-draw, 46 + 2 from each
    body = table(PLAIN, [won("7s", winner=0, heavenly=True)], winner=0)
    assert rows(body) == ["无财神", "天胡"]
    assert totals(body) == [144, -48, -48, -48]
    # 地胡 45 (001:382) + 无财神 on the dealer's first discard: 46
    body = table(PLAIN, [won("7s", 0, earthly=True)])
    assert rows(body) == ["无财神", "地胡"]
    assert totals(body) == pays(46)
    # never self-drawn (C3)
    assert rejections(table(PLAIN, [won("7s", earthly=True)])) == [("inconsistent_win", "/wins/0/earthly")]


def test_beauties() -> None:
    # 三美人 45 (001:384; 中发刻 not counted) + 白板 ×3 + 无财神 = 49; 花 9
    body = table("123m456m789mCCC7s", [won("7s", 2)], melds=[pong("F", 0)], flowers="PPP")
    assert rows(body) == ["白板", "无财神", "三美人"]
    assert totals(body) == pays(49, 9)
    # 四美人 200 (001:388; not 四白板, 中发刻) + 白板 ×4 + 无财神 = 205; 花 16
    body = table("123m456m789mCCC7s", [won("7s", 2)], melds=[pong("F", 0)], flowers="PPPP")
    assert rows(body) == ["白板", "无财神", "四美人"]
    assert totals(body) == pays(205, 16)
    # never when 中 is the 财神 (明牌 北, 001:384 本局不可出现三美人): the three 中 are three 财神
    body = table("123m456m789mCCC7s", [won("7s", 2)], mingpai="N", melds=[pong("F", 0)], flowers="PPP")
    assert "三美人" not in rows(body)


def test_concealed_kong_of_the_four_caishen() -> None:
    # 四财神暗杠 500 (001:390): the kong plays as 222筒; 无财神 not counted (C3). 花: its four 财神 18 (001:410)
    # + one 暗杠 2 = 20
    body = table("123m456m789m345p7s", [won("7s", 2)], melds=[kong("2p", "concealed")])
    assert rows(body) == ["四财神暗杠"]
    assert totals(body) == pays(500, 20)
    # an exposed kong of them is refused (C1)
    bad = table("123m456m789m345p7s", [won("7s", 2)], melds=[kong("2p", "exposed", 0)])
    assert ("wild_melded", "/players/1/melds/0") in rejections(bad)


CHONGCAO = {"tier": 25, "flower_scheme": "chongcao"}


def test_chongcao_rows() -> None:
    # 八虫草 500 (001:391, 25台起翻) + 无财神 = 501; 花 eight 虫草 30 (001:416)
    body = table(PLAIN, [won("7s", 2)], flowers="12345678f", options=CHONGCAO)
    assert rows(body) == ["无财神", "八虫草"]
    assert totals(body) == pays(501, 30)
    # 七仙女 500 (001:392): 白板 ×4 + 明牌 ×3 + 无财神 = 8 → (25 + 8 − 6) × 2 = 54; 三杠头 25 + 四白板 75 + 500 =
    # 600; 654 in all. 花 16 + 10
    body = table(PLAIN, [won("7s", 2)], flowers="PPPP1p1p1p", options=CHONGCAO)
    assert rows(body) == ["白板", "无财神", "明牌", "三杠头", "四白板", "七仙女"]
    assert totals(body) == pays(654, 26)
    # 八仙过海 500 (001:393): the 明牌 春 3f, no 财神, kongs of 中 and 发: 中发刻 ×2 + 无财神 = 3 + 500; 花 明杠 1 +
    # 暗杠 1 → 明杠[2] + 暗杠[1] = 4 + 2 = 6 (001:395)
    body = table("123m456m789m7s", [won("7s", 2)], mingpai="3f", options=CHONGCAO,
                 melds=[kong("C", "exposed", 0), kong("F", "concealed")])
    assert rows(body) == ["中、发刻（杠）", "无财神", "八仙过海"]
    assert totals(body) == pays(503, 6)
    assert any("no 财神" in n for n in api.settle(body)["notes"])
    # those rows only under the 虫草花 configuration: 四白板 and 三杠头 without 七仙女 at 平方花
    body = table(PLAIN, [won("7s", 2)], flowers="PPPP1p1p1p", options={"tier": 25})
    assert "七仙女" not in rows(body)


# -- 花数 (001:395-418, C4) ---------------------------------------------------------------------------

# A drawn round: seat 1 set aside two 杠头 and three 白板, holds three 财神, an exposed kong of 北 and a
# concealed kong of 西; seat 3 set aside one of each and holds one 财神
DRAWN_SEATS = {1: {"hand": "123m456m7s2p2p2p", "melds": [kong("N", "exposed", 0), kong("W", "concealed")],
                   "flowers": "PPP1p1p"},
               3: {"hand": "2p23456789m345678s9s", "flowers": "P1p"}}


@pytest.mark.parametrize(("options", "flowers", "seat1"), [
    ({"flower_scheme": "small"}, "", 17),  # 杠头2 2 + 白板3 3 + 财神3 6 + kongs 6 (001:398-402)
    ({"flower_scheme": "big"}, "", 22),  # 2 + 6 + 8 + 6 (001:403-407)
    ({}, "", 29),  # 平方花: 4 + 9 + 10 + 6 (001:408-412)
    ({"tier": 25, "flower_scheme": "chongcao"}, "123f", 35),  # 4 + 9 + 10 + 6 + 虫草3 6 (001:413-418)
])
def test_flower_schemes(options: dict[str, Any], flowers: str, seat1: int) -> None:
    seats = copy.deepcopy(DRAWN_SEATS)
    seats[1]["flowers"] += flowers
    body = table("", [], wall=16, seats=seats, winner=3, options=options)
    # seat 3: 杠头 1 + 白板 1 + 财神 1 = 3 in every scheme; every pair settles (001:395)
    assert sorted(lines(body, "flower")) == [(0, 1, seat1), (0, 3, 3), (2, 1, seat1), (2, 3, 3), (3, 1, seat1 - 3)]
    assert totals(body) == [-seat1 - 3, 3 * seat1 - 3, -seat1 - 3, 9 - seat1]
    assert api.settle(body)["next_dealer"] == 0  # 如果流局了，庄家继续做庄 (001:346)


def test_drawn_round_may_pay_nothing() -> None:
    body = table("", [], wall=16, seats=copy.deepcopy(DRAWN_SEATS), winner=3, options={"draw_pays_flowers": False})
    assert api.settle(body)["items"] == []


def test_kong_flowers() -> None:
    # 明杠 1/4/8/16/32, 暗杠 2/8/16/32/64 (001:401-402); both kinds: 明杠[m + a] + 暗杠[a] (001:395)
    assert [kong_flowers(m, a) for m, a in ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (2, 1), (3, 2))] == [
        0, 1, 4, 2, 8, 4 + 2, 8 + 2, 32 + 8]


def test_the_winner_counts_its_won_caishen() -> None:
    # 财神做牛 self-drawn: the won 2筒 is the winner's second 财神 (C4): 4花, not 1
    body = table("123m456m789m345p678p2p", [won("2p")])
    assert sorted(lines(body, "flower")) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]


# -- 包牌 (001:349-350, C6) ------------------------------------------------------------------------


def test_liability_a_single_wait_on_an_honour() -> None:
    # 单吊 on 西, the last discard 西; seat 3 discards 西: 硬吊 45, seat 3 pays every loser's 45 (001:350a), each
    # loser its own +2 (只包台数, 001:349)
    body = table("W", [won("W", 3)], melds=M5, discards=[{"tile": "W"}])
    assert lines(body, "hu") == [(3, 1, 45), (3, 1, 45), (3, 1, 45)]
    assert lines(body, "hu_bonus") == [(2, 1, 2), (3, 1, 2), (0, 1, 2)]
    assert totals(body) == [-2, 141, -2, -137]
    # the last discard another honour: no 包牌
    assert totals(table("W", [won("W", 3)], melds=M5, discards=[{"tile": "N"}])) == pays(45)


def test_liability_b_single_wait_on_a_suited_tile() -> None:
    # last discard 4条, seat 3 discards 5条: within 3-6 of it (正负两张牌内, 001:350b)
    body = table("5s", [won("5s", 3)], melds=M5, discards=[{"tile": "4s"}])
    assert totals(body) == [-2, 141, -2, -137]
    # 8条 is three away; 4万 another suit: no 包牌
    assert totals(table("5s", [won("5s", 3)], melds=M5, discards=[{"tile": "8s"}])) == pays(45)
    assert totals(table("5s", [won("5s", 3)], melds=M5, discards=[{"tile": "4m"}])) == pays(45)


def test_liability_c_the_beauty_fed() -> None:
    # 三美人 49 (as test_beauties), self-drawn: the later dragon pong (发, from seat 2) names the feeder (001:350c):
    # seat 2 pays 3 × 49; 花 9 from each
    body = table("123m456m789m7s", [won("7s")], melds=[pong("C", 3), pong("F", 2)], flowers="PPP")
    assert lines(body, "hu") == [(2, 1, 49), (2, 1, 49), (2, 1, 49)]
    assert totals(body) == [-11, 180, -158, -11]
    body = table("123m456m789m7s", [won("7s")], melds=[pong("F", 2), pong("C", 3)], flowers="PPP")
    assert lines(body, "hu") == [(3, 1, 49), (3, 1, 49), (3, 1, 49)]


def chow_at(tiles_: str, frm: int, turn: int | None) -> dict[str, Any]:
    return {**chow(tiles_, frm), **({"turn": turn} if turn is not None else {})}


def spat(claimed: str, chowed: str, hand: str, tile: str, *, between: bool = False,
         chow_turn: int | None = 5, win_turn: int | None = 8) -> dict[str, Any]:
    """Seat 2 chowed ``claimed`` (seat 1's discard at turn 4) into ``chowed`` at turn 5, and seat 1 wins
    ``tile`` from seat 2 at turn 8 (seat 2 discarding 中 at turn 6 if ``between``)."""
    seat2 = {"hand": "EEENNNWWW9s9s9sC", "melds": [chow_at(chowed, 1, chow_turn)],
             "discards": [{"tile": "C", "turn": 6}] if between else []}
    return table(hand, [{**won(tile, 2), **({"turn": win_turn} if win_turn is not None else {})}],
                 discards=[{"tile": claimed, "turn": 4, "claimed_by": 2}], seats={2: seat2})


def test_liability_d_spitting_out_the_other_end() -> None:
    # seat 2 chowed 3条 into 345条 and discards 6条 next (吃了顺子边的一张牌，不能吐顺子边的另外一张牌, 001:350d): seat 1
    # wins 6条 (678条, 两面: 平胡 + 无财神 = 2台): seat 2 pays 3 × 2, each loser its +2
    body = spat("3s", "345s", "123m456m789m345p55p78s", "6s")
    assert lines(body, "hu") == [(2, 1, 2), (2, 1, 2), (2, 1, 2)]
    assert totals(body) == [-2, 12, -8, -2]
    # claimed 5条 into 345条 → 2条 (234条, 两面)
    assert totals(spat("5s", "345s", "123m456m789m345p55p34s", "2s")) == [-2, 12, -8, -2]
    # claimed the middle 4条: no end; a discard between the chow and the win: no 包牌
    assert totals(spat("4s", "345s", "123m456m789m345p55p78s", "6s")) == pays(2)
    assert totals(spat("3s", "345s", "123m456m789m345p55p78s", "6s", between=True)) == pays(2)


def test_liability_d_needs_the_turns() -> None:
    body = spat("3s", "345s", "123m456m789m345p55p78s", "6s", chow_turn=None)
    assert rejections(body) == [("missing_field", "/players/2/melds/0/turn")]
    body = spat("3s", "345s", "123m456m789m345p55p78s", "6s", win_turn=None)
    assert rejections(body) == [("missing_field", "/wins/0/turn")]
    body["options"] = {"liability": False}  # no 包牌, no turns needed
    assert totals(body) == pays(2)


def test_liability_e_four_melds_from_one_seat() -> None:
    # four melds fed by seat 0 (吃碰杠四手, 001:350e): seat 0 pays every 台 line on any win (无财神 1)
    melds = [chow("123m"), chow("456m"), pong("E"), pong("W")]
    body = table("345p7s", [won("7s", 2)], melds=melds)
    assert lines(body, "hu") == [(0, 1, 1), (0, 1, 1), (0, 1, 1)]
    assert totals(body) == [-5, 9, -2, -2]
    # 包牌 off: each its own (C6)
    assert totals(table("345p7s", [won("7s", 2)], melds=melds, options={"liability": False})) == pays(1)


def test_liability_e_counts_an_added_kong_as_the_pong_it_grew_from() -> None:
    # 吃碰杠四手 (001:350e): the 西 pong fed by seat 0 became an added kong; it is still a claim from seat 0, so
    # seat 0 fed four: it pays every 台 line. 台: 无财神 1 (001:362). 花 (平方花, 001:411): the winner's 明杠 1
    # → 1 from each. Totals: seat 1 3 × (1 + 2) + 3 × 1 = 12; seat 0 -3 - 2 - 1 = -6; seats 2, 3 -3
    melds = [chow("123m"), chow("456m"), pong("E"), kong("W", "added", 0)]
    body = table("345p7s", [won("7s", 2)], melds=melds)
    assert lines(body, "hu") == [(0, 1, 1), (0, 1, 1), (0, 1, 1)]
    assert totals(body) == [-6, 12, -3, -3]
    # its feeder not given: whether seat 0 fed four turns on it (C6 e): 422 at the kong's from
    melds[3] = kong("W", "added")
    assert rejections(table("345p7s", [won("7s", 2)], melds=melds)) == [("missing_field", "/players/1/melds/3/from")]
    # …but not when no seat could reach four with it
    melds[0] = chow("123m", 0)
    melds[2] = pong("E", 2)
    assert totals(table("345p7s", [won("7s", 2)], melds=melds)) == [-4, 12, -4, -4]


def test_a_field_is_asked_only_while_no_earlier_case_decides() -> None:
    # a) decides (the discarder seat 3 followed the 单吊 winner's 西, 001:350a): who fed the 东 pong of the added
    # kong no longer matters for e), nor the turns of seat 3's last chow for d) (C6: the first case that applies).
    # 硬吊 45 (001:380); 花 (平方花, 001:411): the winner's 明杠 1 → 1 from each. Totals: seat 1 3 × 45 + 3 × 2 + 3 × 1
    # = 144; seat 3 -135 - 2 - 1 = -138; seats 0, 2 -3
    melds = [chow("123m"), chow("456m"), pong("7s"), pong("9s", 3), kong("E", "added")]  # seat 0 fed 3, maybe 4
    body = table("W", [won("W", 3)], melds=melds, discards=[{"tile": "W"}])
    assert totals(body) == [-3, 144, -3, -138]
    seat3 = {"hand": "SSSNNN888p6s6s6sC", "melds": [chow("345s", 2)]}
    body = table("W", [won("W", 3)], melds=M5, discards=[{"tile": "W"}], seats={3: seat3})
    assert totals(body) == [-2, 141, -2, -137]
    # no 单吊 discard to follow (the last discard 北): then e) is asked
    body = table("W", [won("W", 3)], melds=melds, discards=[{"tile": "N"}])
    assert rejections(body) == [("missing_field", "/players/1/melds/4/from")]
    # d) is not: the 西 won is beyond neither end of seat 3's 345条 (test_a_field_is_not_asked_when_it_cannot_change_the_
    # case has d's questions), and no case applies: each loser pays 45 + 2
    body = table("W", [won("W", 3)], melds=M5, discards=[{"tile": "N"}], seats={3: seat3})
    assert totals(body) == pays(45)


def test_a_field_is_not_asked_when_it_cannot_change_the_case() -> None:
    # e) decided already: seat 0 fed four (two chows, two pongs), so who fed the 东 pong of the added kong does
    # not matter (a late review found it asked). 硬吊 45 (001:380), seat 0 pays 3 × 45 (001:350e); 花 明杠 1 → 1
    # from each (001:411): seat 1 135 + 6 + 3 = 144; seat 0 -135 - 2 - 1 = -138; seats 2, 3 -3
    melds = [chow("123m"), chow("456m"), pong("7s"), pong("9s"), kong("E", "added")]
    body = table("W", [won("W", 3)], melds=melds, discards=[{"tile": "N"}])
    assert totals(body) == [-138, 144, -3, -3]
    # d) cannot apply when the tile won is beyond neither end of the chow (345条: 2条 or 6条): no turns asked.
    # 9条 completes 789条 (平胡 + 无财神 = 2, 001:367, 362)
    body = spat("3s", "345s", "123m456m789m345p55p78s", "9s", chow_turn=None)
    assert totals(body) == pays(2)
    # …but when it is, the tile the chow took must be listed (the feeder's discard, claimed_by the chower):
    # without it d) cannot be judged — 422 missing_field at the feeder's discards
    body = spat("3s", "345s", "123m456m789m345p55p78s", "6s")
    del body["players"][1]["discards"][0]["claimed_by"]
    assert rejections(body) == [("missing_field", "/players/1/discards")]


def test_liability_c_an_added_kong_keeps_its_feeder() -> None:
    # 三美人 (as test_liability_c_the_beauty_fed) with the 发 pong fed by seat 2 grown into an added kong: seat 2
    # fed the meld that made the 美人 (001:350c). 台 as there (49) but the 发 kong adds 1花 (明杠, 001:411):
    # the winner 10花. Totals: seat 1 3 × (49 + 2) + 3 × 10 = 183; seat 2 -147 - 2 - 10 = -159; seats 0, 3 -12
    body = table("123m456m789m7s", [won("7s")], melds=[pong("C", 3), kong("F", "added", 2)], flowers="PPP")
    assert lines(body, "hu") == [(2, 1, 49), (2, 1, 49), (2, 1, 49)]
    assert totals(body) == [-12, 183, -159, -12]
    body = table("123m456m789m7s", [won("7s")], melds=[pong("C", 3), kong("F", "added")], flowers="PPP")
    assert rejections(body) == [("missing_field", "/players/1/melds/1/from")]


def test_no_liability_at_two_players_three_has_it() -> None:
    # 二人没有包牌，三人、四人才有 (001:349): 单吊 on 西 at two players, no 包牌 note (the one loser pays its own)
    from_0 = [chow("123m"), chow("456m"), pong("7s"), pong("9s"), pong("E")]
    body = table("W", [won("W", 0)], melds=from_0, discards=[{"tile": "W"}], n=2)
    assert not any("包牌" in n for n in api.settle(body)["notes"])
    # three players: a) makes the discarder seat 2 pay both lines — before e) (four melds from seat 0), a-e in order
    body = table("W", [won("W", 2)], melds=[chow("123m"), chow("456m"), pong("7s", 2), pong("9s"), pong("E")],
                 discards=[{"tile": "W"}], n=3)
    assert lines(body, "hu") == [(2, 1, 45), (2, 1, 45)]
    assert totals(body) == [-2, 94, -92]


# -- the round's end and the dealer (001:345-346, C7) ---------------------------------------------------


def test_draw_at() -> None:
    # 流局 at 16 tiles left (001:345), or 8, or 0 (剩8张 / 全摸完)
    assert totals(table(PLAIN, [], wall=16)) == [0, 0, 0, 0]
    assert rejections(table(PLAIN, [], wall=20)) == [("wall_not_exhausted", "/wall_remaining")]
    assert rejections(table(PLAIN, [], wall=8)) == [("inconsistent_wall", "/wall_remaining")]
    assert totals(table(PLAIN, [], wall=8, options={"draw_at": 8})) == [0, 0, 0, 0]
    assert totals(table(PLAIN, [], wall=0, options={"draw_at": 0})) == [0, 0, 0, 0]
    assert rejections(table(PLAIN, [won("7s", 2)], wall=10)) == [("inconsistent_wall", "/wall_remaining")]
    assert totals(table(PLAIN, [won("7s", 2)], wall=10, options={"draw_at": 8})) == pays(1)
    # 海底: no row, a note (C3); the last tile drawn leaves draw_at
    body = table(PLAIN, [won("7s", 2, last_tile=True)], wall=16)
    assert rows(body) == ["无财神"] and any("海底" in n for n in api.settle(body)["notes"])
    assert rejections(table(PLAIN, [won("7s", 2, last_tile=True)], wall=20)) == [("inconsistent_win",
                                                                                    "/wins/0/last_tile")]


def test_next_dealer() -> None:
    # 流局: 庄家继续做庄 (001:346); a win: rotate (default, C7) — the dealer stays on its own win, else its 下家
    assert api.settle(table(PLAIN, [], wall=16, dealer=2))["next_dealer"] == 2
    assert api.settle(table(PLAIN, [won("7s", 2)]))["next_dealer"] == 1
    assert api.settle(table(PLAIN, [won("7s", 3, winner=2)], winner=2))["next_dealer"] == 1
    assert api.settle(table(PLAIN, [won("7s", winner=0)], winner=0))["next_dealer"] == 0
    body = table(PLAIN, [won("7s", 3, winner=2)], winner=2, options={"next_dealer": "winner"})
    assert api.settle(body)["next_dealer"] == 2
    assert api.settle(table(PLAIN, [], wall=16, options={"next_dealer": "winner"}))["next_dealer"] == 0


# -- 422s (C1, C2, C4, C7) ----------------------------------------------------------------------------------


def test_rejections() -> None:
    assert rejections(table(PLAIN, [won("7s", 2)], mingpai=None)) == [("missing_field", "/reveals/wild_indicator")]
    # a 花数 scheme the tier lacks (无, 001:398, 413)
    assert rejections(table(PLAIN, [won("7s", 2)], options={"tier": 25, "flower_scheme": "small"})) == [
        ("option_not_allowed", "/options/flower_scheme")]
    assert rejections(table(PLAIN, [won("7s", 2)], options={"flower_scheme": "chongcao"})) == [
        ("option_not_allowed", "/options/flower_scheme")]
    # a flower without the 虫草花 set (136 tiles, 001:337e)
    assert ("tile_not_in_set", "/players/1/flowers/0") in rejections(table(PLAIN, [won("7s", 2)], flowers="1f"))
    # a fourth 1筒 in play: one is the 明牌 on the table (001:340)
    assert rejections(table(PLAIN, [won("7s", 2)], flowers="1p1p1p1p")) == [("too_many_copies",
                                                                               "/reveals/wild_indicator")]
    # 杠头 and 白板 are set aside, never held (补牌, 001:343); 5万 is not set aside
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678p1p", [won("7s", 2)]))
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pP", [won("7s", 2)]))
    assert ("not_a_flower", "/players/1/flowers/0") in rejections(table(PLAIN, [won("7s", 2)], flowers="5m"))
    # with 白板 the 财神 (明牌 发), 白板 is held and 红中 set aside (001:360)
    assert ("flower_in_play", "/players/1/hand/15") in rejections(table("123m456m789m345p678pC", [won("7s", 2)],
                                                                        mingpai="F"))
    # the 财神 is never discarded (the family's 001:84), never ponged (C1)
    assert ("wild_discarded", "/players/1/discards/0") in rejections(table(PLAIN, [won("7s", 2)],
                                                                           discards=[{"tile": "2p"}]))
    assert ("wild_melded", "/players/1/melds/0") in rejections(table("123m456m789m345p7s", [won("7s", 2)],
                                                                       melds=[pong("2p", 0)]))
    # 只碰不吃 (001:344)
    body = table("123m456m789m345p7s", [won("7s", 2)], melds=[chow("678p")], options={"pong_only": True})
    assert rejections(body) == [("chow_not_allowed", "/players/1/melds/0")]
    # not five sets and a pair (001:352-353); two wins (截胡, 001:347)
    assert ("not_a_win", "/wins/0") in rejections(table(PLAIN, [won("8s", 2)]))
    assert ("multiple_wins", "/wins/1") in rejections(table(PLAIN, [won("7s", 2), won("7s", 2, winner=3)]))
    # only the 明牌 is turned up
    body = table(PLAIN, [won("7s", 2)])
    body["reveals"]["birds"] = ["5m"]
    assert rejections(body) == [("unexpected_reveal", "/reveals/birds")]


def test_fuzzed_rounds_never_crash() -> None:
    rng = random.Random(11)
    for seed in range(40):
        body = generate("chongcao", seed)
        for _ in range(5):
            broken = break_caishen_round(body, rng, [*FACES, "1f", "5f"],
                                         lambda r: {"tier": r.choice([15, 25]), "flower_scheme": r.choice(
                                             ["square", "chongcao", "small"]), "pong_only": r.random() < 0.5})
            with contextlib.suppress(InvalidRound):  # a 422 is fine; any other exception fails
                api.settle(broken)


# -- analyze (C8) -----------------------------------------------------------------------------


def analyze(hand: str, mingpai: str | None = "1p", **more: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": "chongcao", "hand": tiles(hand), **more}
    if mingpai is not None:
        body["reveals"] = {"wild_indicator": mingpai}
    return api.analyze(body)


def test_analyze_prices_waits_as_self_draws() -> None:
    # seat 0, self-drawn (C8): 7条 → 无财神 1台 + 2 = 3; the 财神 2筒 stands as 7条: 屁胡 0 + 2 = 2, self-draw only
    out = analyze(PLAIN)
    assert (out["wild_indicator"], out["wilds"], out["ready"]) == ("1p", ["2p"], True)
    assert out["waits"] == [{"tile": "2p", "patterns": [], "value": 2, "self_draw_only": True},
                            {"tile": "7s", "patterns": ["无财神"], "value": 3, "self_draw_only": False}]
    # 交子 2 per loser (001:348): 5
    assert analyze(PLAIN, options={"jiaozi": 2})["waits"][1]["value"] == 5
    # a complete hand: its last tile self-drawn
    out = analyze(PLAIN + "7s")
    assert (out["complete"], out["patterns"], out["value"]) == (True, ["无财神"], 3)
    # without the 明牌: the base analysis, no 财神 (2筒 a plain tile: 234筒 567筒)
    assert [w["tile"] for w in analyze(OPEN, None)["waits"]] == ["2p", "5p", "8p"]


def test_analyze_refusals() -> None:
    def refused(hand: str, mingpai: str | None = "1p", **more: Any) -> tuple[str, str]:
        with pytest.raises(InvalidRound) as e:
            analyze(hand, mingpai, **more)
        return e.value.errors[0].code, e.value.errors[0].pointer

    assert refused("123m456m789m345p678pP") == ("flower_in_play", "/hand/15")
    assert refused("123m456m789m345p678p1p") == ("flower_in_play", "/hand/15")
    assert refused("123m456m789m345p7s", melds=[pong("2p", 1)]) == ("wild_melded", "/melds/0")
    assert refused("123m456m789m345p678p1f") == ("tile_not_in_set", "/hand/15")
    assert refused(PLAIN, "1f") == ("tile_not_in_set", "/reveals/wild_indicator")
    assert refused(PLAIN, options={"flower_scheme": "big", "tier": 50}) == ("option_not_allowed",
                                                                              "/options/flower_scheme")


# -- the generator (C1: the faces set aside depend on the 明牌) -----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, CHONGCAO, {"pong_only": True, "draw_at": 0, "jiaozi": 2},
                                     {"flower_scheme": "small", "draw_at": 8}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    aside = 0
    for seed in range(50):
        body = generate("chongcao", seed, options=options)
        answer = api.settle(copy.deepcopy(body))
        assert sum(s["total"] for s in answer["scores"]) == 0
        s = setup(body["reveals"]["wild_indicator"], VARIANT.Options(**options))
        assert not any(t in s.aside for p in body["players"] for t in p["hand"])
        aside += sum(len(p.get("flowers", [])) for p in body["players"])
        if options.get("pong_only"):
            assert not any(m["type"] == "chow" for p in body["players"] for m in p["melds"])
    assert aside  # 杠头 and 白板 (and 虫草花) are set aside when drawn (001:343)


def test_registered() -> None:
    assert REGISTRY["chongcao"] is VARIANT
    d = VARIANT.describe()
    assert d["source"] == "001_a1ce558555b69162.txt:334-420" and d["hand_size"] == 16
