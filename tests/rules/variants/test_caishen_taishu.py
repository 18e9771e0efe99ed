"""财神麻将·台数 (001_a1ce558555b69162.txt:77-131): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it (the 台 table
001:96-119, the formula 001:120-131) and the lead's readings (docs/variants/caishen-taishu.md,
"reading N"). The 财神 is 9p unless a test says otherwise: the copy on show
(reveals.wild_indicator), three in play (reading 3). Seat 1 wins unless a test says otherwise,
the dealer is seat 0, four players: seat 1's 门风 is 南 (reading 5).

The payment (001:124-131, reading 7): every other player pays the total (doubled from 6台,
001:121) plus a surcharge — to a 闲家: the dealer 2, each other 闲家 1; to the dealer: each 闲家
2. So with four players and a 闲家 winning T台: totals [-(T+2), 3T+4, -(T+1), -(T+1)].
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
from rules.variants.caishen_taishu import DETECTORS, NOT_COUNTED, PATTERNS, PREMISES, VARIANT
from tests.support import break_caishen_round, caishen_round, chow, kong, pong, rejections, tiles, totals

WILD = "9p"
FACES = [f for f in ALL_FACES if not is_flower(f)]
FLOWERS = ("C", "F", "P")


def table(hand: str, wins: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A round (tests.support.caishen_round): every seat but the given ones holds 16 filler tiles,
    never the 财神 nor a flower of this table."""
    return caishen_round("caishen-taishu", FLOWERS, hand, wins, **kw)


def won(tile: str, frm: int | None = None, winner: int = 1, **flags: Any) -> dict[str, Any]:
    return {"winner": winner, "from": frm, "tile": tile, **flags}


def rows(body: dict[str, Any]) -> list[str]:
    """The 台 rows the winner scored (the hand report)."""
    return next(h["patterns"] for h in api.settle(body)["hands"] if h["won"])


def items(body: dict[str, Any]) -> list[tuple[str, str, int, int, int]]:
    return [(i["name"], i["name_en"], i["payer"], i["payee"], i["points"]) for i in api.settle(body)["items"]]


PLAIN = "123m456m789m123p456p7s"  # 123m 456m 789m 123p 456p and a lone 7s: waits on 7s for the pair
OPEN = "123m456m789m123p45p77s"  # 45p waits on 3p or 6p (两面), 77s the pair
M4 = [chow("123m"), chow("456m"), chow("789m"), pong("1s")]  # seat 1's melds: chows from its 上家 seat 0
M5 = [*M4, pong("2p", 2)]  # five melds: one concealed tile left (单吊)


def pays(t: int) -> list[int]:
    """Four players, seat 1 (a 闲家) wins T台 after doubling: 001:127 庄家 T+2, 001:128 其他闲家 T+1."""
    return [-(t + 2), 3 * t + 4, -(t + 1), -(t + 1)]


# -- the table ---------------------------------------------------------------------------


def test_the_table_is_the_seed() -> None:
    assert {p.id: p.value for p in PATTERNS} == {
        "zijiafeng": 1,  # 001:96 自家风 1台
        "huapai": 1,  # 001:97 花牌 补一张花加1台
        "sihuahui": 6,  # 001:98 四花会 6台
        "pinghu": 1,  # 001:99 平胡 1台
        "qiangganghu": 1,  # 001:100 抢杠胡 1台
        "gangshangkaihua": 1,  # 001:101 杠上开花 1台
        "shuangcaishen": 1,  # 001:102 双财神 1台
        "wucaishen": 1,  # 001:103 无财神 1台
        "dangui": 1,  # 001:104 单归 1台
        "dihu": 6,  # 001:105 地胡 6台
        "hunyise": 6,  # 001:106 混一色 6台
        "pengpenghu": 6,  # 001:107 碰碰胡 6台
        "sancaishen": 6,  # 001:108 三财神 6台
        "shuangcaishen_zuojiang": 6,  # 001:109 双财神做将 6台
        "shuangwei": 6,  # 001:110 双位 6台
        "sanbaihu": 6,  # 001:111 300胡 6台
        "sifengqi": 6,  # 001:112 四风齐 6台
        "dandiao": 10,  # 001:113 普通牌单吊10台
        "caishen_dandiao": 6,  # 001:114 财神单吊6台
        "haidilao": 10,  # 001:115 海底捞 10台
        "tianhu": 12,  # 001:116 天胡 12台
        "qingyise": 12,  # 001:117 清一色 12台
        "sancaishen_zuokan": 18,  # 001:118 三财神做坎 18台
        "sangui": 100,  # 001:119 三归 100台
    }
    assert [p.id for p in PATTERNS] == list(DETECTORS)  # one detector per row, in table order
    assert all(p.note.startswith("001:") for p in PATTERNS)  # each row names its seed line


def test_what_does_not_count_with_what() -> None:
    # 三归不与其他所有的台数叠加 (001:119)
    assert set(NOT_COUNTED["sangui"]) == {p.id for p in PATTERNS} - {"sangui"}
    # 单归 与双财神归位和三财神归位不叠加 (001:104); 清一色 is not also 混一色 (reading 5)
    assert "dangui" in NOT_COUNTED["shuangwei"] and NOT_COUNTED["qingyise"] == ("hunyise",)
    # the premises (reading 5): 三财神做坎 includes 三财神, 双财神做将 and 双位 include 双财神
    assert {pid: p for pid, p in PREMISES.items() if p} == {
        "shuangcaishen_zuojiang": ("shuangcaishen",), "shuangwei": ("shuangcaishen",),
        "sancaishen_zuokan": ("sancaishen",)}


def test_description() -> None:
    d = api.describe_variant("caishen-taishu")
    assert {o["name"]: o["default"] for o in d["options"]} == {
        "base_points": 1, "capped": False, "premise_stacking": False, "sanbaihu": "shape", "next_dealer": "winner"}
    assert all("001:" in o["en"] for o in d["options"])  # each names its line (or says the seed is silent)
    assert [f["name"] for f in d["flags"]] == ["passed_wins", "passed_pongs"]  # 001:86-87
    assert d["tile_sets"]["4"]["size"] == 136  # 001:79 总共136张
    assert d["hand_size"] == 16 and d["chow"] is True  # 001:82 闲家16张
    assert d["players"] == {"min": 2, "max": 4}  # 001:78 2~4人


# -- each row found and not found -----------------------------------------------------------


def test_plain_hand_is_wucaishen_alone() -> None:
    # no 财神: 无财神 1 (001:103); 7s won on the pair, not 平胡 (001:99 不能胡将牌) → T = 1
    body = table(PLAIN, [won("7s", 2)])
    assert rows(body) == ["无财神"]
    assert totals(body) == pays(1) == [-3, 7, -2, -2]


@pytest.mark.parametrize(("hand", "tile", "found"), [
    (OPEN, "6p", True),  # 45p + 6p: 两面 (001:99)
    ("123m456m789m456p12p77s", "3p", False),  # 12p + 3p: 边张, 只吃一张
    ("123m456m789m456p13p77s", "2p", False),  # 13p + 2p: 嵌张, 只吃一张
    (PLAIN, "7s", False),  # won on the pair: 胡将牌
    ("123m456m789m111p45p77s", "6p", False),  # 111p: 无刻子 fails
])
def test_pinghu(hand: str, tile: str, found: bool) -> None:
    body = table(hand, [won(tile, 2)])
    # 平胡 1 + 无财神 1 = 2, or 无财神 1 alone (001:99, 001:103)
    assert ("平胡" in rows(body)) == found
    assert totals(body) == pays(2 if found else 1)


@pytest.mark.parametrize(("winner", "n", "hand", "found"), [
    (1, 4, "SSS456m789m123p45p77s", True),  # seat 1 is the dealer's 下家: 南 (reading 5)
    (1, 4, "EEE456m789m123p45p77s", False),  # 东 is the dealer's wind
    (3, 4, "NNN456m789m123p45p77s", True),  # seat 3 the 上家: 北
    (2, 3, "WWW456m789m123p45p77s", True),  # three players: seat 2 is 西
])
def test_zijiafeng(winner: int, n: int, hand: str, found: bool) -> None:
    frm = (winner + 1) % n  # a 闲家's discard
    body = table(hand, [won("6p", frm, winner=winner)], winner=winner, n=n)
    # 自家风 1 (001:96) + 无财神 1 (001:103); the triplet rules out 平胡
    assert ("自家风" in rows(body)) == found
    t = 2 if found else 1
    want = [-(t + 1)] * n
    want[0], want[winner] = -(t + 2), (n - 1) * t + 2 + (n - 2)  # 001:127-128
    assert totals(body) == want


def test_zijiafeng_as_a_pong_or_a_kong() -> None:
    # 自家风牌碰、刻、明杠、暗杠 (001:96): 自家风 1 + 无财神 1 = 2
    for meld in (pong("S", 3), kong("S", "concealed"), kong("S", "exposed", 2)):
        body = table("456m789m123p45p77s", [won("6p", 2)], melds=[meld])
        assert rows(body) == ["自家风", "无财神"]
        assert totals(body) == pays(2)


@pytest.mark.parametrize(("flowers", "want_rows", "t"), [
    ("CF", ["花牌", "无财神"], 3),  # 补一张花加1台 (001:97): 2 + 无财神 1
    ("CCC", ["花牌", "无财神"], 4),  # three 中 are three 花牌, no 四花会: 3 + 1
    ("CCCCF", ["花牌", "四花会", "无财神"], 16),  # 四花会 6 (001:98) + the 发 1 + 1 = 8 ≥ 6 → ×2 (001:121)
    ("CCCCFFFF", ["四花会", "无财神"], 26),  # 四花会 6 × 2 + 1 = 13 → 26: its 花牌 not counted (001:98)
    ("", ["无财神"], 1),
])
def test_huapai_and_sihuahui(flowers: str, want_rows: list[str], t: int) -> None:
    body = table(PLAIN, [won("7s", 2)], flowers=flowers)
    assert rows(body) == want_rows
    assert totals(body) == pays(t)


def test_qiangganghu() -> None:
    seats = {2: {"hand": "123456789sEEES", "melds": [pong("6p", 3)]}}
    body = table(OPEN, [won("6p", 2, robbing_kong=True)], seats=seats)
    # 平胡 1 + 抢杠胡 1 (001:100) + 无财神 1 = 3; the robbed seat pays like the others (reading 7)
    assert rows(body) == ["平胡", "抢杠胡", "无财神"]
    assert totals(body) == pays(3)


@pytest.mark.parametrize(("flag", "t"), [(True, 2), (False, 1)])
def test_gangshangkaihua(flag: bool, t: int) -> None:
    body = table("456m789m123p45p77s", [won("6p", kong_draw=flag)], melds=[kong("1m", "concealed")])
    # 杠上开花 1 (001:101) + 无财神 1; the kong rules out 平胡; no kong points in this table
    assert ("杠上开花" in rows(body)) == flag
    assert totals(body) == pays(t)


def test_shuangcaishen() -> None:
    # two 财神: 12p+财神 (3p) and 56p+财神 (4p or 7p), the pair 77s; won on the pair: no 平胡;
    # neither 财神 can be 9p (归位): 双财神 1 (001:102) alone
    body = table("123m456m789m12p56p7s99p", [won("7s", 2)])
    assert rows(body) == ["双财神"]
    assert totals(body) == pays(1)


def test_dangui() -> None:
    # 78p + 财神 as 9p (归位) or 6p; 34s+5s 两面, 77s the pair: 平胡 1 + 单归 1 (001:104) = 2 beats
    # 平胡 1 alone (财神 as 6p); chows only, so never 300胡 (it needs a triplet beside chows, 001:111)
    body = table("123m456m789m78p9p34s77s", [won("5s", 2)])
    assert rows(body) == ["平胡", "单归"]
    assert totals(body) == pays(2)


@pytest.mark.parametrize(("earthly", "t"), [(True, 14), (False, 1)])
def test_dihu(earthly: bool, t: int) -> None:
    # 闲家胡庄家打出的第一张牌 (001:105): 地胡 6 + 无财神 1 = 7 ≥ 6 → 14 (001:121)
    body = table(PLAIN, [won("7s", 0, earthly=earthly)])
    assert ("地胡" in rows(body)) == earthly
    assert totals(body) == pays(t)


@pytest.mark.parametrize(("hand", "tile", "t"), [
    ("123m456m789mEEE11m23m", "4m", 14),  # 万 and a wind (001:106): 混一色 6 + 无财神 1 = 7 → 14
    ("123m456m789mEEE11p23p", "4p", 1),  # 万 and 筒: 无财神 1 alone
])
def test_hunyise(hand: str, tile: str, t: int) -> None:
    body = table(hand, [won(tile, 2)])
    assert ("混一色" in rows(body)) == (t == 14)
    assert totals(body) == pays(t)


@pytest.mark.parametrize(("hand", "melds", "t"), [
    ("111m222m333pEE55s", [pong("4p", 3)], 14),  # no chow (001:107): 碰碰胡 6 + 无财神 1 = 7 → 14
    ("123m222m333pEE55s", [pong("4p", 3)], 1),  # 123m: 无财神 1 alone
])
def test_pengpenghu(hand: str, melds: list[dict[str, Any]], t: int) -> None:
    body = table(hand, [won("5s", 2)], melds=melds)
    assert ("碰碰胡" in rows(body)) == (t == 14)
    assert totals(body) == pays(t)


def test_sancaishen() -> None:
    # three 财神 and 5s, won 7s: no 做坎 (5s 7s are no pair); e.g. 567s (财神 6s) and a pair of 财神:
    # 三财神 6 (001:108) → 12; 自家风 needs the three 财神 as 南 and 5s 7s a pair: never
    body = table("5s999p", [won("7s")], melds=M4)
    assert rows(body) == ["三财神"]
    assert totals(body) == pays(12)


def test_sancaishen_zuokan() -> None:
    # the three 财神 a 坎 of no tile, 5s 5s the pair (001:118): 三财神做坎 18, 不计 三财神 → 36;
    # as 南南南 instead: 自家风 1 + 三财神 6 = 7 → 14; as 555s with a 财神 pair: 三财神 6 → 12
    body = table("5s999p", [won("5s")], melds=M4)
    assert rows(body) == ["三财神做坎"]
    assert totals(body) == pays(36)
    # premise_stacking: 三财神 6 + 三财神做坎 18 = 24 → 48 (reading 5)
    assert totals(table("5s999p", [won("5s")], melds=M4, options={"premise_stacking": True})) == pays(48)


@pytest.mark.parametrize(("premise_stacking", "t"), [(False, 12), (True, 14)])
def test_shuangcaishen_zuojiang(premise_stacking: bool, t: int) -> None:
    # 56s + 7s, the two 财神 the pair (001:109): 双财神做将 6 → 12, or with its premise 双财神 1:
    # 7 → 14 (reading 5); the other reading (7s+财神 the pair, 56s+财神 a chow) is 双财神 1 alone
    body = table("56s99p", [won("7s", 2)], melds=M4, options={"premise_stacking": premise_stacking})
    assert rows(body) == (["双财神", "双财神做将"] if premise_stacking else ["双财神做将"])
    assert totals(body) == pays(t)


@pytest.mark.parametrize(("premise_stacking", "t"), [(False, 12), (True, 14)])
def test_shuangwei(premise_stacking: bool, t: int) -> None:
    # 财神 5m: 4m 财神 6m and 3m 4m 财神, both 5m in place, each in a chow (001:110): 双位 6 → 12,
    # with 双财神 1: 14; the reading 234m + 456m (one 归位) is 双财神 1; 单归 never (001:104)
    melds = [pong("1s"), pong("2s", 2), chow("789p")]
    body = table("46m34m55m9s", [won("9s", 2)], melds=melds, wild="5m", options={"premise_stacking": premise_stacking})
    assert rows(body) == (["双财神", "双位"] if premise_stacking else ["双位"])
    assert totals(body) == pays(t)


def test_shuangwei_not_found_with_one_in_place() -> None:
    # 财神 5m: 34m + 财神 (2m or 5m) and 67m + 财神 (5m or 8m): 345m and 567m hold both in place: 双位 6 → 12.
    # 78m + 财神 is 6m or 9m, never 5m: with 34m and 78m one 财神 at most is in place: 双财神 1 (001:102)
    melds = [pong("1s"), pong("2s", 2), chow("789p")]
    assert rows(table("34m67m55m9s", [won("9s", 2)], melds=melds, wild="5m")) == ["双位"]
    body = table("34m78m55m9s", [won("9s", 2)], melds=melds, wild="5m")
    assert rows(body) == ["双财神"]
    assert totals(body) == pays(1)


def test_sanbaihu() -> None:
    # one 财神 as 7s (not 9p: 不归位) pairing the 7s, 111m a triplet among chows: neither 平胡's shape (无刻子)
    # nor 碰碰胡's, no flower (001:111): 300胡 6 → 12
    body = table("111m456m789m24p567s7s9p", [won("3p", 2)])
    assert rows(body) == ["300胡"]
    assert totals(body) == pays(12)


@pytest.mark.parametrize(("hand", "tile", "melds", "flowers", "want_rows", "t"), [
    # a flower: 无中、发、白 fails → 花牌 1 alone
    ("111m456m789m24p567s7s9p", "3p", [], "C", ["花牌"], 1),
    # chows only, the 平胡 shape (678s with the 财神 as 7s), won 两面: 平胡 1 alone
    ("123m456m789m45p68s9p77s", "6p", [], "", ["平胡"], 1),
    # chows only but won 嵌张 (24p + 3p): not the 平胡 row, yet the 平胡 shape: no 300胡 either. No row at
    # all: 0台, the surcharges alone (reading 6): the dealer 2, each other 闲家 1
    ("123m456m789m24p567s7s9p", "3p", [], "", [], 0),
    # every reading 碰碰胡 (EE+财神 or 55s+财神): 碰碰胡 6 → 12
    ("111m222m333pEE5s9p", "5s", [pong("4p", 3)], "", ["碰碰胡"], 12),
])
def test_sanbaihu_not_found(hand: str, tile: str, melds: list[dict[str, Any]], flowers: str, want_rows: list[str],
                            t: int) -> None:
    body = table(hand, [won(tile, 2)], melds=melds, flowers=flowers)
    assert rows(body) == want_rows
    assert totals(body) == pays(t)


@pytest.mark.parametrize(("hand", "tile", "want_rows", "t"), [
    # chows only won 嵌张 (24p + 3p), the 财神 as 7s: the 平胡 row is not found (胡的牌不能是只吃一张的牌,
    # 001:99), nor 碰碰胡's (001:107), so under "rows" 300胡 counts: 6 → ×2 = 12 (001:111, 001:121)
    ("123m456m789m24p567s7s9p", "3p", ["300胡"], 12),
    # the same chows won 两面 (45p + 6p): the 平胡 row is found, so no 300胡 under "rows" either: 平胡 1
    ("123m456m789m45p68s9p77s", "6p", ["平胡"], 1),
    # chows and a triplet: 300胡 under either reading: 6 → 12
    ("111m456m789m24p567s7s9p", "3p", ["300胡"], 12),
])
def test_sanbaihu_rows_option(hand: str, tile: str, want_rows: list[str], t: int) -> None:
    # option sanbaihu "rows": 不是平胡和碰碰胡 (001:111) read as the two rows not scored
    body = table(hand, [won(tile, 2)], options={"sanbaihu": "rows"})
    assert rows(body) == want_rows
    assert totals(body) == pays(t)


def test_the_best_reading_places_the_won_tile() -> None:
    # 456p holds a 6p and the 财神 pairs the won 6p: the won tile may have completed 456p (两面: 平胡 1)
    # or the pair (胡将牌: no row, all chows being no 300胡 either). The reading with the most 台 is
    # scored (reading 4): 平胡 1
    body = table("123m456m789m456p678s9p", [won("6p", 2)])
    assert rows(body) == ["平胡"]
    assert totals(body) == pays(1)


@pytest.mark.parametrize(("melds", "t"), [
    ([pong("E"), pong("W", 2), pong("N", 3)], 26),  # 东南西北 all (001:112): 四风齐 6 + 混一色 6 + 无财神 1 = 13 → 26
    ([pong("E"), pong("W", 2), pong("9s", 3)], 1),  # no 北: 无财神 1 (万 and 条: no 混一色)
])
def test_sifengqi(melds: list[dict[str, Any]], t: int) -> None:
    body = table("SS123m45m", [won("6m", 2)], melds=melds)
    assert ("四风齐" in rows(body)) == (t == 26)
    assert totals(body) == pays(t)


def test_sifengqi_counts_a_caishen_as_the_wind_it_stands_for() -> None:
    # the 财神 pairs the real 南 (as 南): 东西北 pongs + 南南 → 四风齐 6 (001:112) + 混一色 6 (万 and winds);
    # one 财神 not in place, no flower, pongs (not 平胡) and chows (not 碰碰胡): 300胡 6 too (001:111)
    # → 18 → 36
    body = table("S9p123m45m", [won("6m", 2)], melds=[pong("E"), pong("W", 2), pong("N", 3)])
    assert rows(body) == ["混一色", "300胡", "四风齐"]
    assert totals(body) == pays(36)


@pytest.mark.parametrize(("hand", "want_rows", "t"), [
    ("5s", ["无财神", "单吊"], 22),  # 只剩一张牌 (001:113): 单吊 10 + 无财神 1 = 11 → 22
    # the one tile a 财神 (001:114): 财神单吊 6 + 300胡 6 (one 财神 as 5s, a chow among the melds, pongs: neither
    # 平胡 nor 碰碰胡) = 12 → 24
    ("9p", ["300胡", "财神单吊"], 24),
])
def test_dandiao(hand: str, want_rows: list[str], t: int) -> None:
    body = table(hand, [won("5s", 3)], melds=M5)
    assert rows(body) == want_rows
    assert totals(body) == pays(t)


def test_haidilao() -> None:
    # 四人时，除了扣除的16张，牌堆剩最后4张牌 (001:115): 17 left is one of the last four: 海底捞 10 + 无财神 1 = 11 → 22
    body = table(PLAIN, [won("7s", 2, last_tile=True)], wall=17)
    assert rows(body) == ["无财神", "海底捞"]
    assert totals(body) == pays(22)


def test_tianhu() -> None:
    # the dealer (seat 1) wins its dealt hand (001:116): 天胡 12 + 无财神 1 = 13 → 26; each 闲家 pays 26 + 2 (001:131)
    body = table(PLAIN, [won("7s", heavenly=True)], dealer=1)
    assert rows(body) == ["无财神", "天胡"]
    assert totals(body) == [-28, 84, -28, -28]


def test_qingyise() -> None:
    # all 万 (001:117): 清一色 12 + 平胡 1 (78m + 9m 两面) + 无财神 1 = 14 → 28
    body = table("123m456m789m55m78m", [won("9m", 2)], melds=[chow("123m")])
    assert rows(body) == ["平胡", "无财神", "清一色"]
    assert totals(body) == pays(28)


def test_qingyise_whatever_the_caishen_stands_for() -> None:
    # two 财神 the pair (财神不影响, 001:117): as 东东 they would make 混一色 too, but a hand is not
    # both (reading 5): 平胡 1 + 双财神做将 6 + 清一色 12 = 19 → 38 (not 25 → 50)
    body = table("123m456m789m78m99p", [won("9m", 2)], melds=[chow("123m")])
    assert rows(body) == ["平胡", "双财神做将", "清一色"]
    assert totals(body) == pays(38)


@pytest.mark.parametrize(("row", "body"), [
    ("抢杠胡", table(OPEN, [won("6p", 2)])),  # no robbing_kong (001:100)
    ("双财神", table("111m456m789m24p567s7s9p", [won("3p", 2)])),  # one 财神 held (001:102)
    ("单归", table("111m456m789m24p567s7s9p", [won("3p", 2)])),  # its one 财神 can only be 7s, not 9p (001:104)
    ("三财神", table("5s999p", [won("5s")], melds=M4)),  # 三财神做坎 found: its premise is not counted (reading 5)
    ("双财神做将", table("46m34m55m9s", [won("9s", 2)], melds=[pong("1s"), pong("2s", 2), chow("789p")],
                         wild="5m")),  # the two 财神 are in chows (001:109)
    ("单吊", table(PLAIN, [won("7s", 2)])),  # sixteen tiles held (001:113)
    ("财神单吊", table("5s", [won("5s", 3)], melds=M5)),  # the one tile held is 5s (001:114)
    ("海底捞", table(PLAIN, [won("7s", 2)], wall=17)),  # 17 left but no last_tile flag (reading 5)
    ("天胡", table(PLAIN, [won("7s")], dealer=1)),  # no heavenly flag (001:116)
    ("清一色", table("123m456m789mEEE11m23m", [won("4m", 2)])),  # a wind (001:117)
    ("三归", table("5s999p", [won("7s")], melds=M4)),  # three 财神, none in place in a chow (001:119)
])
def test_rows_not_found(row: str, body: dict[str, Any]) -> None:
    assert row not in rows(body)


# -- 三归 (001:119) ------------------------------------------------------------------------

SANGUI = "34m46m67m9s555m"  # 财神 5m: 345m, 456m, 567m each with a 5m in place, 99s the pair
SANGUI_MELDS = [pong("1s"), pong("2s", 2)]


@pytest.mark.parametrize(("options", "flowers", "t"), [
    ({}, "", 100),  # 三归 100, never doubled (001:122)
    ({}, "CF", 100),  # 不与其他所有的台数叠加: the flowers do not count
    ({"capped": True}, "", 50),  # 封顶模式 50 (001:119)
])
def test_sangui_alone(options: dict[str, Any], flowers: str, t: int) -> None:
    body = table(SANGUI, [won("9s", 2)], melds=SANGUI_MELDS, wild="5m", options=options, flowers=flowers)
    assert rows(body) == ["三归"]
    assert totals(body) == pays(t)


def test_capped_every_hand_counts_50_at_most() -> None:
    # 封顶模式 (001:119): every hand counts 50台 at most, 三归 50. Reading 234m/456m/678m (one 5m in
    # place) counts 四花会 6 × 3 (all twelve flowers, 001:98) + 三财神 6 (001:108) + 海底捞 10 (001:115)
    # = 34 → ×2 = 68 (001:121), capped to 50: equal to 三归's 50, which has more 台 before doubling
    # (50 > 34) and is scored (reading 4). Uncapped, 三归 100 > 68.
    kw: dict[str, Any] = {"melds": SANGUI_MELDS, "wild": "5m", "flowers": "CCCCFFFFPPPP", "wall": 17}
    body = table(SANGUI, [won("9s", 2, last_tile=True)], options={"capped": True}, **kw)
    assert rows(body) == ["三归"]
    assert totals(body) == pays(50)
    assert totals(table(SANGUI, [won("9s", 2, last_tile=True)], **kw)) == pays(100)


def test_capped_hand_without_sangui() -> None:
    # 财神 5p, no 4p/6p so no 三归: 111p 333p 777p 999p, the three 财神 做坎, 22p (won 2p). 碰碰胡 6
    # (001:107) + 三财神做坎 18 (001:118, 不计三财神) + 清一色 12 (001:117) = 36 → ×2 = 72 (001:121); every
    # other reading is less (the 财神 as a triplet of 南: 碰碰胡 6 + 三财神 6 + 清一色 12 + 自家风 1 = 25 → 50).
    # 封顶模式 (001:119): 72 → 50.
    hand = "111p333p777p999p555p2p"
    assert rows(table(hand, [won("2p", 2)], wild="5p")) == ["碰碰胡", "清一色", "三财神做坎"]
    assert totals(table(hand, [won("2p", 2)], wild="5p")) == pays(72)
    assert totals(table(hand, [won("2p", 2)], wild="5p", options={"capped": True})) == pays(50)


# -- doubling (001:121-122) ------------------------------------------------------------------


@pytest.mark.parametrize(("flowers", "t"), [
    ("CCF", 5),  # 自家风 1 + 花牌 3 + 无财神 1 = 5: below 6, not doubled
    ("CCFF", 12),  # 自家风 1 + 花牌 4 + 无财神 1 = 6: 大于等于6台 → ×2
])
def test_doubling_from_six(flowers: str, t: int) -> None:
    body = table("SSS456m789m123p45p77s", [won("6p", 2)], flowers=flowers)
    assert totals(body) == pays(t)


# -- payment (001:124-131) -------------------------------------------------------------------


def test_surcharge_items_four_players() -> None:
    # a 闲家 wins 1台: each pays 1 (×1 底分); the dealer 2 more (庄家加分), the other 闲家 1 more (闲家加分)
    assert items(table(PLAIN, [won("7s", 2)])) == [
        ("无财神", "No God of Wealth", 2, 1, 1), ("闲家加分", "Non-dealer surcharge", 2, 1, 1),
        ("无财神", "No God of Wealth", 3, 1, 1), ("闲家加分", "Non-dealer surcharge", 3, 1, 1),
        ("无财神", "No God of Wealth", 0, 1, 1), ("庄家加分", "Dealer surcharge", 0, 1, 2)]
    # the dealer wins: 每个闲家需要多给庄家2分 (001:129)
    assert items(table(PLAIN, [won("7s", 2)], dealer=1)) == [
        ("无财神", "No God of Wealth", 2, 1, 1), ("庄家加分", "Dealer surcharge", 2, 1, 2),
        ("无财神", "No God of Wealth", 3, 1, 1), ("庄家加分", "Dealer surcharge", 3, 1, 2),
        ("无财神", "No God of Wealth", 0, 1, 1), ("庄家加分", "Dealer surcharge", 0, 1, 2)]


@pytest.mark.parametrize(("n", "dealer", "frm", "want"), [
    (4, 0, 2, [-3, 7, -2, -2]),  # 1 + 2 from the dealer, 1 + 1 from each other 闲家 (001:127-128)
    (4, 1, 2, [-3, 9, -3, -3]),  # the dealer wins: 1 + 2 from each (001:131)
    (4, 0, None, [-3, 7, -2, -2]),  # a self-draw pays alike: the formula names no discarder (reading 7)
    (3, 0, 2, [-3, 5, -2]),
    (3, 1, 2, [-3, 6, -3]),
    (2, 0, 0, [-3, 3]),  # the one other player is the dealer: 1 + 2
    (2, 1, 0, [-3, 3]),  # the dealer wins: 1 + 2 from the 闲家
])
def test_surcharge_by_table_size(n: int, dealer: int, frm: int | None, want: list[int]) -> None:
    assert totals(table(PLAIN, [won("7s", frm)], n=n, dealer=dealer)) == want


def test_base_points_multiply_everything() -> None:
    # 底分 2: 1台 × 2 + 2 × 2 from the dealer, 1 × 2 + 1 × 2 from each other 闲家
    assert totals(table(PLAIN, [won("7s", 2)], options={"base_points": 2})) == [-6, 14, -4, -4]


def test_notes_explain_the_arithmetic() -> None:
    answer = api.settle(table("SSS456m789m123p45p77s", [won("6p", 2)], flowers="CCFF"))
    note = answer["items"][0]["note"]
    assert "自家风1 + 花牌1×4 + 无财神1 = 6台 ≥ 6: ×2 = 12台 (001:121)" in note
    assert "001:125-128" in answer["notes"][0]


# -- the dealer, the drawn round, 海底捞's window (001:88, 001:115) --------------------------------


@pytest.mark.parametrize(("dealer", "rule", "want"), [
    (0, "winner", 1), (2, "winner", 1),  # the winner deals (the seed is silent: reading 10)
    (2, "rotate", 3),  # a 闲家 won: the dealer's 下家
    (1, "rotate", 1),  # the dealer won: it stays
])
def test_dealer_after_a_win(dealer: int, rule: str, want: int) -> None:
    body = table(PLAIN, [won("7s", 0 if dealer != 0 else 2)], dealer=dealer, options={"next_dealer": rule})
    assert api.settle(body)["next_dealer"] == want


def drawn(dealer: int, melds: list[dict[str, Any]] | None = None, wall: int | None = 16) -> dict[str, Any]:
    """A drawn round: seat 1 holds PLAIN (and ``melds``), nobody wins."""
    hand = PLAIN if not melds else "456m789m123p456p7s"
    return table(hand, [], melds=melds, dealer=dealer, wall=wall)


def test_drawn_round_pays_nothing_and_the_dealer_stays() -> None:
    answer = api.settle(drawn(2))
    assert answer["items"] == []  # 所有人台数都为0 (001:88)
    assert answer["next_dealer"] == 2
    assert api.settle(drawn(2, wall=None))["next_dealer"] == 2


def test_drawn_round_after_a_kong_the_dealers_xiajia_deals() -> None:
    # 流局后有杠的话，庄家下家坐庄 (001:88): any seat's kong
    answer = api.settle(drawn(3, melds=[kong("1m", "concealed")]))
    assert answer["items"] == [] and answer["next_dealer"] == 0


@pytest.mark.parametrize(("n", "wall", "ok"), [
    (4, 16, True), (4, 19, True), (4, 20, False), (4, None, True),  # 16 + 0..3 (001:115 剩最后4张)
    (2, 17, True), (2, 18, False),  # two players: the last two
])
def test_haidilao_window(n: int, wall: int | None, ok: bool) -> None:
    body = table(PLAIN, [won("7s", 0, last_tile=True)], n=n, wall=wall)
    if ok:
        assert "海底捞" in rows(body)
    else:
        assert rejections(body) == [("inconsistent_win", "/wins/0/last_tile")]


def test_wall_checks() -> None:
    # the 16 kept back are never drawn (001:88): fewer left cannot be; a draw comes at exactly 16
    assert rejections(table(PLAIN, [won("7s", 2)], wall=15)) == [("inconsistent_wall", "/wall_remaining")]
    assert rejections(drawn(0, wall=17)) == [("wall_not_exhausted", "/wall_remaining")]
    assert rejections(drawn(0, wall=3)) == [("inconsistent_wall", "/wall_remaining")]


# -- rejections (422) ----------------------------------------------------------------------


def test_the_caishen_is_needed_and_no_flower() -> None:
    assert rejections(table(PLAIN, [won("7s", 2)], wild=None)) == [("missing_field", "/reveals/wild_indicator")]
    # 中发白 are flowers (001:85): none is the 财神
    assert rejections(table(PLAIN, [won("7s", 2)], wild="C")) == [("invalid_reveal", "/reveals/wild_indicator")]
    body = table(PLAIN, [won("7s", 2)])
    body["reveals"]["birds"] = ["1m"]
    assert rejections(body) == [("unexpected_reveal", "/reveals/birds")]


def test_flowers_never_play() -> None:
    # 补花 (001:85): 中 in a hand, a discard, a meld or a win is refused
    assert rejections(table("123m456m789m123p456pC", [won("7s", 2)])) == [
        ("flower_in_play", "/players/1/hand/15"), ("not_a_win", "/wins/0")]
    body = table(PLAIN, [won("7s", 2)], discards=[{"tile": "F", "turn": 3}])
    assert rejections(body) == [("flower_in_play", "/players/1/discards/0")]
    body = table("456m789m123p456p7s", [won("7s", 2)], melds=[pong("P", 3)])
    assert rejections(body) == [("flower_in_play", "/players/1/melds/0")]
    assert ("flower_in_play", "/wins/0/tile") in rejections(table("123m456m789m123p456pC", [won("C", 2)]))
    # flowers holds 中/发/白 only: 5m is no flower; 1f is not in the 136 tiles at all (shared check)
    assert rejections(table(PLAIN, [won("7s", 2)], flowers="5m")) == [("not_a_flower", "/players/1/flowers/0")]
    assert rejections(table(PLAIN, [won("7s", 2)], flowers="1f")) == [("tile_not_in_set", "/players/1/flowers/0")]


def test_the_caishen_is_never_discarded_nor_melded() -> None:
    # 财神不能打出去 (001:84)
    assert rejections(table(PLAIN, [won("7s", 2)], discards=[{"tile": "9p", "turn": 3}])) == [
        ("wild_discarded", "/players/1/discards/0")]
    assert rejections(table("123m456m789m123p456p9p", [won("9p", 2)])) == [("wild_discarded", "/wins/0/tile")]
    assert rejections(table("123m456m789m123p7s", [won("7s", 2)], melds=[chow("789p")])) == [
        ("wild_melded", "/players/1/melds/0")]


def test_one_win_per_round() -> None:
    # 最先胡牌的为赢家 (001:82): a second win, even on the same discard, is refused
    seats = {3: {"hand": "123456789sSSSEEE7s"}}
    body = table(PLAIN, [won("7s", 2), won("7s", 2, winner=3)], seats=seats)
    assert ("multiple_wins", "/wins/1") in rejections(body)


def test_options_and_pass_records_are_checked() -> None:
    assert rejections(table(PLAIN, [won("7s", 2)], options={"base_points": 0})) == [
        ("invalid_option", "/options/base_points")]
    assert rejections(table(PLAIN, [won("7s", 2)], options={"next_dealer": "loser"})) == [
        ("invalid_option", "/options/next_dealer")]
    body = table(PLAIN, [won("7s", 2, turn=12)])
    body["players"][1]["flags"] = {"passed_pongs": [{"tile": "9s", "turn": 30}]}  # after the win that ended it
    assert rejections(body) == [("inconsistent_pass", "/players/1/flags/passed_pongs/0/turn")]
    # 财神不能打出去 (001:84): nobody can have let a win or a pong on a 财神 (9p here) go
    body = table(PLAIN, [won("7s", 2, turn=12)])
    body["players"][1]["flags"] = {"passed_wins": [{"tile": "9p", "turn": 5}], "passed_pongs": [{"tile": "9p", "turn": 6}]}
    assert ("inconsistent_pass", "/players/1/flags/passed_wins/0/tile") in rejections(body)
    assert ("inconsistent_pass", "/players/1/flags/passed_pongs/0/tile") in rejections(body)


def test_win_flag_and_shape_checks() -> None:
    # 地胡 is won on the dealer's first discard (001:105): not on a self-draw
    assert rejections(table(PLAIN, [won("7s", earthly=True)])) == [("inconsistent_win", "/wins/0/earthly")]
    assert rejections(table(PLAIN, [won("8s", 2)])) == [("not_a_win", "/wins/0")]  # 001:90-91
    # a chow takes the 上家's discard (shared check): seat 1's 上家 is seat 0
    assert ("invalid_meld", "/players/1/melds/0/from") in rejections(
        table("456m789m123p456p7s", [won("7s", 2)], melds=[chow("123m", 2)]))
    assert ("hand_size", "/players/1/hand") in rejections(table(PLAIN + "8s", [won("7s", 2)]))


def test_passed_win_and_pong() -> None:
    seats = {3: {"hand": "123456789sSSSWWNN", "discards": [{"tile": "1s", "turn": 10}]}}
    body = table(PLAIN, [won("7s", 2, turn=12)], seats=seats)
    body["players"][1]["flags"] = {"passed_wins": [{"tile": "1s", "turn": 10}]}
    # 过胡不胡: 必须等到自己摸牌以后才可以胡牌 (001:87) — no draw of seat 1 between turns 10 and 12
    assert rejections(body) == [("passed_win", "/wins/0")]
    body = table(PLAIN, [won("7s", 2, turn=12)], seats=seats, discards=[{"tile": "2s", "turn": 11}])
    body["players"][1]["flags"] = {"passed_wins": [{"tile": "1s", "turn": 10}]}
    assert totals(body) == pays(1)  # it drew (and let 2s go) at turn 11
    # 过碰不碰 (001:86): a pong of the tile let pass, before the next draw
    seats = {3: {"hand": "12345678sSSSWWNNE", "discards": [{"tile": "9s", "turn": 10}, {"tile": "9s", "turn": 14,
                                                                                     "claimed_by": 1}]}}
    body = table("456m789m123p456p7s", [won("7s", 2, turn=20)], seats=seats, melds=[pong("9s", 3, turn=14)])
    body["players"][1]["flags"] = {"passed_pongs": [{"tile": "9s", "turn": 10}]}
    assert rejections(body) == [("passed_pong", "/players/1/melds/0")]


def test_never_a_500() -> None:
    """Generated rounds, each broken a little at random: settled or refused (422), never a crash."""
    rng = random.Random(7)
    faces = [*FACES, "1f"]
    for seed in range(60):
        body = generate("caishen-taishu", seed)
        for _ in range(5):
            broken = break_caishen_round(body, rng, faces)
            with contextlib.suppress(InvalidRound):
                api.settle(broken)


# -- the generator ---------------------------------------------------------------------------


def test_generator_sets_flowers_aside_and_stops_at_sixteen() -> None:
    assert VARIANT.set_aside == frozenset(FLOWERS) and VARIANT.dead_wall(VARIANT.Options(), 2) == 16
    bodies = [generate("caishen-taishu", seed) for seed in range(40)]
    assert all(set(p.get("flowers", [])) <= set(FLOWERS) for b in bodies for p in b["players"])
    assert any(p.get("flowers") for b in bodies for p in b["players"])
    assert all(b["wall_remaining"] == 16 for b in bodies if not b["wins"])
    assert all(b["wall_remaining"] >= 16 for b in bodies)
    assert sum(bool(b["wins"]) for b in bodies) >= 10


# -- POST /v1/hands/analyze --------------------------------------------------------------------


def analyze(hand: str, wild: str | None = WILD, **more: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": "caishen-taishu", "hand": tiles(hand), **more}
    if wild is not None:
        body["reveals"] = {"wild_indicator": wild}
    return api.analyze(body)


def test_analyze_prices_the_waits_as_self_draws() -> None:
    # sets and a lone 财神: every tile completes it. 东: 东 + 财神 the pair, won on the pair, chows only: no
    # row (0台: neither 平胡 nor 300胡). 1m: the won 1m may make 123m with 23m (两面) and the held 1m pair
    # the 财神: 平胡 1 (001:99). The 财神 itself (9p): two 财神 the pair → 双财神做将 6 → 12, drawn only
    # (财神不能打出去, 001:84)
    out = analyze("123m456m789m456p678s9p")
    waits = {w["tile"]: w for w in out["waits"]}
    assert out["ready"] and len(waits) == 31  # 27 suited + 4 winds; 中发白 are flowers
    assert waits["E"] == {"tile": "E", "patterns": [], "value": 0, "self_draw_only": False}
    assert waits["1m"] == {"tile": "1m", "patterns": ["平胡"], "value": 1, "self_draw_only": False}
    assert waits["9p"] == {"tile": "9p", "patterns": ["双财神做将"], "value": 12, "self_draw_only": True}
    # 底分 3: 12 × 3 (value is the 台 total × 底分, the surcharges apart)
    assert next(w for w in analyze("123m456m789m456p678s9p", options={"base_points": 3})["waits"]
                if w["tile"] == "9p")["value"] == 36


def test_analyze_a_complete_hand() -> None:
    # as test_the_best_reading_places_the_won_tile, self-drawn: 平胡 1
    out = analyze("123m456m789m456p678s9p6p")
    assert (out["complete"], out["patterns"], out["value"]) == (True, ["平胡"], 1)
    # without the 财神 the base analysis (no 财神): 45p waits on 3p, 6p
    assert [w["tile"] for w in analyze(OPEN, wild=None)["waits"]] == ["3p", "6p"]


def test_analyze_refusals() -> None:
    def refused(hand: str, wild: str | None = WILD, **more: Any) -> tuple[str, str]:
        with pytest.raises(InvalidRound) as e:
            analyze(hand, wild, **more)
        return e.value.errors[0].code, e.value.errors[0].pointer

    assert refused("123m456m789m456p678sC") == ("flower_in_play", "/hand/15")
    assert refused("123m456m789m456p678sC", wild=None) == ("flower_in_play", "/hand/15")
    assert refused("123m456m789m456p6s", melds=[pong("F", 1)]) == ("flower_in_play", "/melds/0")
    assert refused("123m456m789m456p678s9p", wild="P") == ("invalid_reveal", "/reveals/wild_indicator")
    assert refused("123m456m789m456p6s", melds=[chow("789p", 1)]) == ("wild_melded", "/melds/0")
    assert refused("123m456m789m456p9999p") == ("too_many_copies", "/reveals/wild_indicator")


@pytest.mark.parametrize("variant", ["caishen-taishu", "caishen-sancaishen"])
def test_analyze_refuses_a_caishen_outside_the_set(variant: str) -> None:
    # the 财神 is a tile of the 136 in play (001:84, 001:193): a flower 8f is refused as settle refuses it
    body = {"variant": variant, "hand": "123m456m789m234s6s9pEE", "reveals": {"wild_indicator": "8f"}}
    with pytest.raises(InvalidRound) as e:
        api.analyze(body)
    assert [(x.code, x.pointer) for x in e.value.errors] == [("tile_not_in_set", "/reveals/wild_indicator")]
