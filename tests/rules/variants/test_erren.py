"""二人麻将 (001_a1ce558555b69162.txt:492-525): unit tests beside the golden cases.

Every expected number is worked out by hand from the fan list (1番 001:505, 2番 001:507, 4番
001:509, 6番 001:511, 8番 001:513, 16番 001:515, 24番 001:517, 32番 001:519, 48番 001:521,
64番 001:523, 88番 001:525) and the readings in docs/variants/erren.md. Unless a test says
otherwise seat 0 deals (门风 东, seat 1 西, 001:501), the 圈风 is 东 (option default), the
winner is seat 1 and the table's 起和 is 0 so that small hands can be looked at.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.snapshot import Meld, Player, Win
from rules.tiles import SET_72
from rules.variants.erren import PATTERNS, VARIANT, score_win
from tests.support import chow, kong, meld_tiles, pong, rejections, tiles, totals


def body(hand: str, tile: str, frm: int | None = 0, *, melds: list[dict[str, Any]] | None = None,
         winner: int = 1, dealer: int = 0, options: dict[str, Any] | None = None, flowers: str = "",
         discards: list[dict[str, Any]] | None = None, other_discards: list[dict[str, Any]] | None = None,
         other_melds: list[dict[str, Any]] | None = None, declared: int | None = None, wall: int = 20,
         **flags: Any) -> dict[str, Any]:
    """A two-player round: ``winner`` holds ``hand`` and ``melds`` and wins on ``tile`` (from the
    other seat, or self-drawn with ``frm=None``); the other seat holds 13 filler tiles less 3 per
    meld, drawn from what the round leaves of the 72 tiles (honours last, so fillers rarely
    touch a test's honours)."""
    other = 1 - winner
    win_melds = melds or []
    o_melds = other_melds or []
    used: Counter[str] = Counter(tiles(hand))
    used[tile] += 1
    for m in [*win_melds, *o_melds]:
        used.update(meld_tiles(m))
    for d in [*(discards or []), *(other_discards or [])]:
        if d.get("claimed_by") is None:
            used[d["tile"]] += 1
    pool = [f for f in SET_72.faces for _ in range(4 - used[f])]
    size = 13 - 3 * len(o_melds)
    win_p: dict[str, Any] = {"seat": winner, "hand": tiles(hand), "melds": win_melds, "discards": discards or [],
                             "flowers": tiles(flowers) if flowers else []}
    if declared is not None:
        win_p["ready_declared_turn"] = declared
    other_p = {"seat": other, "hand": pool[:size], "melds": o_melds, "discards": other_discards or []}
    players = sorted([win_p, other_p], key=lambda p: p["seat"])
    w = {"winner": winner, "from": None if frm is None else other, "tile": tile, **flags}
    return {"variant": "erren", "dealer": dealer, "players": players, "wins": [w], "wall_remaining": wall,
            "options": {"min_fans": 0, **(options or {})}}


def fans(hand: str, tile: str, self_drawn: bool = False, melds: tuple[Meld, ...] = (), seat: int = 1,
         dealer: int = 0, wind: str = "E") -> dict[str, int]:
    """The best reading's fans (id → 番 it adds), without the round around it (no 和绝张)."""
    p = Player(seat, tuple(tiles(hand)), melds, (), (), None, VARIANT.Flags())
    s = score_win(None, p, Win(seat, None if self_drawn else 1 - seat, tile), dealer, wind).scored
    assert s is not None
    return {f: PATTERNS.value(f) * n for f, n in s.fans}


def hu(b: dict[str, Any]) -> tuple[str, int, int, int]:
    items = api.settle(b)["items"]
    assert len(items) == 1
    i = items[0]
    return i["name"], i["payer"], i["payee"], i["points"]


# -- the table ----------------------------------------------------------------------------------


def test_the_table_is_the_seed_list() -> None:
    # 001:505-525: 9 fans of 1番, 10 of 2, 4 of 4, 6 of 6, 4 of 8, 5 of 16, 5 of 24, 4 of 32 (天听
    # numbered 3 a second time), 4 of 48, 5 of 64, 10 of 88 (天胡/地胡 numbered 7 and 8 again)
    by_value = Counter(p.value for p in PATTERNS)
    assert by_value == {1: 9, 2: 10, 4: 4, 6: 6, 8: 4, 16: 5, 24: 5, 32: 4, 48: 4, 64: 5, 88: 10}
    assert len(PATTERNS) == 66


def test_description() -> None:
    d = api.describe_variant("erren")
    assert {o["name"]: o["default"] for o in d["options"]} == {"base_points": 1, "min_fans": 8, "round_wind": "E"}
    assert d["players"] == {"min": 2, "max": 2}  # 001:493
    assert d["tile_sets"]["2"]["size"] == 72  # 36 万 + 16 风 + 12 箭 + 8 花 (001:494)
    assert d["chow"] is True  # 001:495


def test_exclusions_as_written_and_counted_once() -> None:
    # 不求人 不计门清和自摸 (001:509)
    assert PATTERNS.apply_exclusions(["zimo", "menqianqing", "buqiuren"]) == ("buqiuren",)
    # 双暗杠 不计双暗刻 (001:511) and 暗杠 (reading 7); 三杠 不记双明杠，明杠 (001:519), 双暗杠 kept
    assert PATTERNS.apply_exclusions(["angang", "shuanganke", "shuangangang"]) == ("shuangangang",)
    assert PATTERNS.apply_exclusions(["minggang", "angang", "shuangangang", "sangang"]) == ("shuangangang", "sangang")
    # 大七星 不计七对,三元七对,四喜七对,全带幺,单钓将,门前清,自摸,字一色 (001:525)
    assert PATTERNS.apply_exclusions(["qiduizi", "sanyuanqidui", "sixiqidui", "quandaiyao", "menqianqing",
                                      "ziyise", "daqixing"]) == ("daqixing",)


# -- fans, by the seed's lines ---------------------------------------------------------------------


def test_pure_straight_double_chow_and_half_flush() -> None:
    # 112233m456m78mEE + 9m on a discard: 123 123 456 789 + EE. 清龙 16 (不计老少副、连六, 001:515),
    # 一般高 1 (123 twice, 001:505), 混一色 6 (001:511), 门前清 2 (001:507); 78 waits 6m or 9m: no 边张
    assert fans("112233m456m78mEE", "9m") == {"yibangao": 1, "menqianqing": 2, "hunyise": 6, "qinglong": 16}


def test_all_chows_simples_short_straight() -> None:
    # 234m456m567m34m88m + 2m: 234 234 456 567 + 88. 平和 2 (4 chows, a 万 pair, 001:507), 断幺 2,
    # 一般高 1 (234 twice), 连六 1 per pair of chows a, a+3: 234-567 twice = 2 (001:505), 门前清 2,
    # 清一色 16 (001:515): 1 + 2 + 2 + 2 + 2 + 16 = 25
    f = fans("234m456m567m34m88m", "2m")
    assert f == {"yibangao": 1, "lianliu": 2, "pinghu": 2, "duanyao": 2, "menqianqing": 2, "qingyise": 16}
    assert sum(f.values()) == 25


def test_edge_wait_counts_only_alone() -> None:
    # 12m456m789mEEENN + 3m: waits 3m alone → 边张 1 (单和123的3, 001:505); 圈风刻 EEE 2 (圈风 东);
    # 门前清 2; 混一色 6; 清龙 16 (不计老少副): 27
    assert fans("12m456m789mEEENN", "3m") == {"bianzhang": 1, "quanfengke": 2, "menqianqing": 2, "hunyise": 6,
                                               "qinglong": 16}
    # 手中有12345和3 … 不算边张 (001:505): 12345m678mEEENN waits 3m and 6m
    assert "bianzhang" not in fans("12345m678mEEENN", "3m")


def test_closed_wait_and_the_seed_examples() -> None:
    # 13m456m789mEEENN + 2m: 坎张 1 + 圈风刻 2 + 门前清 2 + 混一色 6 + 清龙 16 = 27 (001:505, 507, 511, 515)
    assert sum(fans("13m456m789mEEENN", "2m").values()) == 27
    # 4556和5也为坎张 (001:505): 4556m789mEEENNN waits 5m alone; 456 + 55 read with 5 in 456 = 坎张 1,
    # 连六 (456-789) 1, 圈风刻 2, 双暗刻 (EEE NNN) 2, 门前清 2, 混一色 6 = 14
    f = fans("4556m789mEEENNN", "5m")
    assert "kanzhang" in f and "dandiao" not in f and sum(f.values()) == 14
    # 45567和6不算坎张 (001:505): 45567m789mEEENN waits 3m and 6m
    assert "kanzhang" not in fans("45567m789mEEENN", "6m")


def test_single_wait_and_self_drawn_concealed() -> None:
    # 123456789mEEEN + N on a discard: 单钓将 1 + 圈风刻 2 + 门前清 2 + 混一色 6 + 清龙 16 = 27
    assert sum(fans("123456789mEEEN", "N").values()) == 27
    # self-drawn: 不求人 4 (不计门清和自摸, 001:509) in place of 门前清 2: 27 - 2 + 4 = 29
    f = fans("123456789mEEEN", "N", self_drawn=True)
    assert "buqiuren" in f and "zimo" not in f and sum(f.values()) == 29


def test_self_drawn_with_a_meld() -> None:
    # 123m456m789mN + pong EEE, N drawn: 单钓将 1 + 自摸 1 + 圈风刻 2 + 混一色 6 + 清龙 16 = 26 (no 门清)
    f = fans("123456789mN", "N", self_drawn=True, melds=(Meld("pong", ("E", "E", "E"), None, 0),))
    assert f == {"dandiao": 1, "zimo": 1, "quanfengke": 2, "hunyise": 6, "qinglong": 16}


def test_seat_wind_is_the_dealer_east_the_other_west() -> None:
    # 门风 (001:501): seat 1 (not dealing) is 西. 123456789mWWWN + N: 门风刻 2 instead of 圈风刻
    assert "menfengke" in fans("123456789mWWWN", "N") and "quanfengke" not in fans("123456789mWWWN", "N")
    # the dealer is 东: EEE is 门风刻 and 圈风刻 both (2 + 2)
    f = fans("123456789mEEEN", "N", seat=0, dealer=0)
    assert f["menfengke"] == 2 and f["quanfengke"] == 2


def test_a_triplet_completed_by_a_discard_is_not_concealed() -> None:
    # EENNCCC123m456m + E: on a discard EEE is no 暗刻 (reading 10), CCC is one: no 双暗刻
    assert "shuanganke" not in fans("EENNCCC123m456m", "E")
    # self-drawn: EEE and CCC → 双暗刻 2 (001:507)
    assert fans("EENNCCC123m456m", "E", self_drawn=True)["shuanganke"] == 2


def test_dragons() -> None:
    # CCCFFF123m456mN + N: 双箭刻 6 (不计箭刻, 001:511), 双暗刻 2, 单钓 1, 门清 2, 混一色 6, 连六 1
    f = fans("CCCFFF123m456mN", "N")
    assert f == {"lianliu": 1, "dandiao": 1, "shuanganke": 2, "menqianqing": 2, "hunyise": 6, "shuangjianke": 6}
    # CCCFFFPP123m45m + 6m: 小三元 64 (不计双箭刻、箭刻, 001:523)
    assert "xiaosanyuan" in fans("CCCFFFPP123m45m", "6m")
    # CCCFFFPPP123m4m + 4m: 大三元 88 (不计箭刻、双箭刻, 001:525), 三暗刻 16 (不计双暗刻)
    f = fans("CCCFFFPPP123m4m", "4m")
    assert f["dasanyuan"] == 88 and f["sananke"] == 16 and "jianke" not in f and "shuanganke" not in f


def test_seven_pairs_and_a_hog() -> None:
    # 1122m3344m55mEEF + F: 七对子 24 (不计门清、单钓、自摸, 001:517), 混一色 6 = 30
    assert fans("1122m3344m55mEEF", "F") == {"hunyise": 6, "qiduizi": 24}
    # 1111m3344m55mEEF + F: four 1m count as two pairs (reading 6): 七对子 24 + 四归一 2 + 混一色 6
    assert fans("1111m3344m55mEEF", "F") == {"siguiyi": 2, "hunyise": 6, "qiduizi": 24}


def test_seven_pair_families() -> None:
    # 连七对 (001:525): 2233445566778m + 8m: 88, 不计七对、单钓、门清、自摸、清一色; 断幺 2 stays
    assert fans("2233445566778m", "8m") == {"duanyao": 2, "lianqidui": 88}
    # 大七星: EESSWWNNCCFFP + P: 88, not 四喜七对/三元七对/字一色 (001:525)
    assert fans("EESSWWNNCCFFP", "P") == {"daqixing": 88}
    # 三元七对子 CCFFPP1133m55mE + E: 48 + 混一色 6 (001:521)
    assert fans("CCFFPP1133m55mE", "E") == {"hunyise": 6, "sanyuanqidui": 48}
    # 四喜七对子 EESSWWN1133m55m + N: 48 + 混一色 6
    assert fans("EESSWWN1133m55m", "N") == {"hunyise": 6, "sixiqidui": 48}


def test_all_pungs_and_honours() -> None:
    # 111m999mEEESSSN + N on a discard (N completes the pair): four 暗刻 → 四暗刻 64 (不计门前清、碰碰和、
    # 三暗刻、双暗刻, 001:523); 混幺九 32 (不计碰碰和、全带幺, 001:519); 小三风 6 (EEE SSS + NN, 001:511);
    # 混一色 6; 圈风刻 EEE 2; 单钓将 1 (waits N alone) = 111
    f = fans("111m999mEEESSSN", "N")
    assert f == {"dandiao": 1, "quanfengke": 2, "hunyise": 6, "xiaosanfeng": 6, "hunyaojiu": 32, "sianke": 64}
    # 大四喜 (001:525): EEESSSWWWNNN1m + 1m: 88, 不计大三风、碰碰和、混一色、四字刻; 四暗刻 64; 混幺九 32;
    # 圈风刻 2 and 门风刻 (西) 2 stay (大四喜 does not list them); 单钓将 1 = 189
    f = fans("EEESSSWWWNNN1m", "1m")
    assert f == {"dandiao": 1, "menfengke": 2, "quanfengke": 2, "hunyaojiu": 32, "sianke": 64, "dasixi": 88}


def test_kongs() -> None:
    exposed = Meld("kong", ("E",) * 4, "exposed", 0)
    added = Meld("kong", ("S",) * 4, "added", 0)
    concealed = Meld("kong", ("N",) * 4, "concealed")
    # 123456789mW + 明杠 EEEE, W: 明杠 1 (001:505), 单钓 1, 圈风刻 2, 混一色 6, 清龙 16 = 26
    assert sum(fans("123456789mW", "W", melds=(exposed,)).values()) == 26
    # 456m789mW + 明杠 EEEE + 加杠 SSSS, W: 双明杠 4 (不计明杠, reading 7), 小三风 6 (E S + WW, 001:511),
    # 单钓 1, 圈风刻 2, 混一色 6, 连六 (456-789) 1 = 20
    f = fans("456m789mW", "W", melds=(exposed, added))
    assert f == {"lianliu": 1, "dandiao": 1, "quanfengke": 2, "shuangminggang": 4, "hunyise": 6, "xiaosanfeng": 6}
    # 789mW + EEEE, SSSS, 暗杠 NNNN, W: 三杠 32 (不计双明杠、明杠, 001:519); 暗杠 2 stays; three wind
    # kongs and a wind pair: 小四喜 64 (不计大三风、小三风、圈风刻、门风刻, 001:523); every set and the pair
    # hold a 幺 (789, winds): 全带幺 4 (001:509); 单钓 1; 混一色 6 = 109
    f = fans("789mW", "W", melds=(exposed, added, concealed))
    assert f == {"dandiao": 1, "angang": 2, "quandaiyao": 4, "hunyise": 6, "sangang": 32, "xiaosixi": 64}


def test_two_concealed_kongs() -> None:
    # 456m789mW + 暗杠 NNNN, SSSS, W on a discard: 双暗杠 6 (不计双暗刻 001:511, 暗杠 reading 7), 门前清 2
    # (暗杠 keeps it, reading 9), 小三风 6 (N S + WW), 单钓 1, 混一色 6, 连六 1 = 22
    melds = (Meld("kong", ("N",) * 4, "concealed"), Meld("kong", ("S",) * 4, "concealed"))
    f = fans("456m789mW", "W", melds=melds)
    assert f == {"lianliu": 1, "dandiao": 1, "menqianqing": 2, "shuangangang": 6, "hunyise": 6, "xiaosanfeng": 6}


def test_nine_gates_excludes_transitively() -> None:
    # 1112345678999m + 5m self-drawn: 九莲宝灯 88 (不计清一色、不求人、门前清, 001:525); read 111 234 678
    # 999 + 55: 双暗刻 2; 自摸 goes with 不求人 (不计门清和自摸, 001:509: 不计 is transitive)
    assert fans("1112345678999m", "5m", self_drawn=True) == {"shuanganke": 2, "jiulianbaodeng": 88}


def test_upper_and_lower_tiles() -> None:
    # 6667777888899m + 9m on a discard: read 666 777 888 + 789 + 99 (9 in the chow): 大于五 88 (不计清一色、
    # 门前清, 001:525), 三连刻 24 (001:517), 三暗刻 16 (001:515), 四归一 ×2 (four 7m, four 8m) 4 = 132;
    # the other reading 678 ×3 + 789 + 99 is 三同顺 24 + 四归一 4 + 88 = 116, lower
    f = fans("6667777888899m", "9m")
    assert f == {"siguiyi": 4, "sananke": 16, "sanlianke": 24, "dayuwu": 88}
    # 1112222333344m + 4m: every tile 1-4 万 → 小于五 88; it lists no 不计, so 清一色 16 stays (001:525)
    f = fans("1112222333344m", "4m")
    assert f["xiaoyuwu"] == 88 and f["qingyise"] == 16


def test_more_concealed_kongs_never_pay_less() -> None:
    # 2345m + 5m, kongs 1m (exposed), 9m, E; 圈风 东. 9m added: 三杠 32 (不计双明杠、明杠, 001:519) + 暗杠 2
    # + 混一色 6 + 圈风刻 2 = 42. 9m concealed too: 三杠 32 + 双暗杠 6 (不计双暗刻 001:511, 暗杠) + 6 + 2 = 46
    one = (Meld("kong", ("1m",) * 4, "exposed", 0), Meld("kong", ("9m",) * 4, "added", 0),
           Meld("kong", ("E",) * 4, "concealed"))
    two = (one[0], Meld("kong", ("9m",) * 4, "concealed"), one[2])
    assert sum(fans("2345m", "5m", melds=one).values()) == 42
    assert fans("2345m", "5m", melds=two) == {"shuangangang": 6, "hunyise": 6, "quanfengke": 2, "sangang": 32}


def test_four_shifted_and_triple_chows() -> None:
    # 四步高 (001:519): 123 234 345 456 + 99 → 32, 不计三步高、连六、老少副
    f = fans("123234345456m9m", "9m")
    assert "sibugao" in f and "sanbugao" not in f and "lianliu" not in f
    # 111222333m789mE + E: 123 ×3 (三同顺 24, 不记一般高, 001:517) or 111 222 333 (三连刻 24): either
    # reading, 一般高 is not counted
    f = fans("111222333m789mE", "E")
    assert "yibangao" not in f and ("santongshun" in f or "sanlianke" in f)
    # the best reading is the triplets: 三连刻 24 + 三暗刻 16 (the E pair took the discard) + 混一色 6 + 门前清 2
    # + 单钓将 1 (E is the one wait) = 49, against 三同顺 24 + 老少副 ×3 + 混一色 6 + 门前清 2 + 单钓 1 = 36
    assert sum(f.values()) == 49 and "sanlianke" in f


# -- events ---------------------------------------------------------------------------------------

HAND = "123456789mEEEN"  # + N: 单钓 1 + 圈风刻 2 + 混一色 6 + 清龙 16 = 25, + 门前清 2 / 不求人 4


def test_last_tile_and_kong_draw() -> None:
    # 妙手回春 8 (不计自摸, 001:513) + 不求人 4 + 25 = 37
    b = body(HAND, "N", None, last_tile=True, wall=0)
    assert hu(b)[3] == 37
    # 海底捞月 8 + 门前清 2 + 25 = 35
    assert hu(body(HAND, "N", 0, last_tile=True, wall=0))[3] == 35


def test_kong_replacement_win() -> None:
    # 123456789mN + 暗杠 EEEE, 杠上开花 8 (不计自摸, 001:513), 暗杠 2, 不求人 4 (暗杠 keeps the hand
    # concealed), 单钓 1, 圈风刻 2, 混一色 6, 清龙 16 = 39
    b = body("123456789mN", "N", None, melds=[kong("E", "concealed")], kong_draw=True)
    assert hu(b)[3] == 39


EDGE = "12m456m789mEEENN"  # + 3m: 边张 1 + 圈风刻 2 + 门前清 2 + 混一色 6 + 清龙 16 = 27 (see above)


def test_robbing_the_kong() -> None:
    # seat 0 adds to its pong of 3m: 抢杠和 8 (不计和绝张, 001:513) + 27 = 35; seat 0 pays (reading 3)
    b = body(EDGE, "3m", 0, other_melds=[pong("3m", 1)], robbing_kong=True)
    assert hu(b) == ("边张、圈风刻、门前清、混一色、抢杠和、清龙", 0, 1, 35)  # (table order)


def test_last_copy() -> None:
    # 和绝张 4 (001:509): seat 0's pong of 3m shows the other three: 4 + 27 = 31
    assert hu(body(EDGE, "3m", 0, other_melds=[pong("3m", 1)]))[3] == 31
    # two 3m discarded only: not 绝张 → 27
    assert hu(body(EDGE, "3m", 0, other_discards=[{"tile": "3m"}, {"tile": "3m"}]))[3] == 27
    # 手上有有牌也不算 (001:509, the seed's own example): two 1m discarded, one held, 1m won: no 和绝张
    assert "和绝张" not in hu(body("1m234m567m789mEEE", "1m", 0, other_discards=[{"tile": "1m"}, {"tile": "1m"}]))[0]


def test_heavenly_earthly_human() -> None:
    # 天胡 (dealer, 001:525): 88, 不计单钓、不求人、自摸 … + 圈风刻 2 + 门风刻 (东) 2 + 混一色 6 + 清龙 16 = 114
    b = body(HAND, "N", None, winner=0, heavenly=True)
    assert hu(b)[3] == 114
    # 地胡 (non-dealer's first draw): 88 + 圈风刻 2 + 混一色 6 + 清龙 16 = 112
    b = body(HAND, "N", None, earthly=True, other_discards=[{"tile": "S", "turn": 1}])
    assert hu(b)[3] == 112
    # 人胡 on the dealer's first discard: 64 (不计门前清) + 单钓 1 + 25 - 1 … 64 + 25 = 89
    assert hu(body(HAND, "N", 0, earthly=True))[3] == 89


def test_declared_and_heavenly_ready() -> None:
    # 报听 2 (001:507): declared at turn 5 after a discard at turn 3: 2 + 门清 2 + 25 = 29
    d = [{"tile": "S", "turn": 3}, {"tile": "W", "turn": 5}]
    assert hu(body(HAND, "N", 0, discards=d, declared=5))[3] == 29
    # 天听 32 (不计报听、门前清, 001:519): declared with its first discard (turn 3): 32 + 25 = 57
    assert hu(body(HAND, "N", 0, discards=d, declared=3))[3] == 57


def test_heavenly_ready_needs_no_meld_before_it() -> None:
    # pong 东 at turn 1, declared with the first discard (turn 3): not 发完牌后便报听 (001:519), so 报听 2
    # (001:507) + 单钓 1 + 圈风刻 2 + 混一色 6 + 清龙 16 = 27 (no 门前清: a pong)
    b = body("123456789mN", "N", 0, melds=[pong("E", 0, 1)], other_discards=[{"tile": "E", "turn": 1, "claimed_by": 1}],
             discards=[{"tile": "S", "turn": 3}], declared=3)
    assert hu(b)[3] == 27


def test_no_meld_after_the_declaration_nor_a_declaration_after_the_win() -> None:
    # 报听 … 自动摸打 (001:507): a pong after the declaration cannot have happened
    b = body("123456789mN", "N", 0, melds=[pong("E", 0, 5)], other_discards=[{"tile": "E", "turn": 4, "claimed_by": 1}],
             discards=[{"tile": "S", "turn": 3}], declared=3)
    assert rejections(b) == [("meld_after_declaration", "/players/1/melds/0/turn")]
    d = [{"tile": "S", "turn": 3}]
    assert rejections(body(HAND, "N", 0, discards=d, declared=10, turn=5)) == [
        ("inconsistent_declaration", "/players/1/ready_declared_turn")]


def test_last_copy_counts_the_winners_own_shown_meld() -> None:
    # 和牌池、桌面已亮明的 3 张 (001:509): the winner's chow 789m and two discarded 9m show three; 9m won:
    # 和绝张 4 + 清龙 16 (不计老少副、连六) + 混一色 6 + 一般高 (789 twice) 1 = 27 (waits 6m and 9m: no 边张)
    b = body("123456m78mEE", "9m", 0, melds=[chow("789m", 0)], other_discards=[{"tile": "9m"}, {"tile": "9m"}])
    assert hu(b)[3] == 27


SMALL = "234m678m88mSS"  # + pong 中, S on a discard: 箭刻 2 + 混一色 6 = 8 (001:507, 001:511)


def test_flowers_pay_but_do_not_reach_the_minimum() -> None:
    # HAND on a discard = 27; three flowers add 3 (花牌 1 each, 001:505) = 30
    assert hu(body(HAND, "N", 0, flowers="1f2f3f"))[3] == 30
    # SMALL is 8 on its own; with the minimum at 9 it fails, flowers or not (不计在起和分内, 001:505)
    b = body(SMALL, "S", 0, melds=[pong("C")], flowers="1f2f", options={"min_fans": 9})
    assert rejections(b) == [("below_min_fans", "/wins/0")]
    b["options"]["min_fans"] = 8
    assert hu(b)[3] == 10  # 8 + 花牌 2


def test_payment_scales_with_the_base_and_the_dealer_follows_the_winner() -> None:
    b = body(HAND, "N", 0, options={"base_points": 3})
    assert totals(b) == [-81, 81]  # 27 × 底分 3, the loser pays (reading 3)
    assert api.settle(b)["next_dealer"] == 1  # 胡牌的人为庄家 (001:502)


def test_a_drawn_round_pays_nothing_and_rotates() -> None:
    b = body(HAND, "N", 0, wall=0)
    b["wins"] = []
    b["players"][1]["hand"] = tiles(HAND)  # (the 14th tile was never drawn: 13 + 0)
    a = api.settle(b)
    assert a["items"] == [] and a["next_dealer"] == 1  # 荒牌则轮庄 (001:502)
    b["wall_remaining"] = 3
    assert rejections(b) == [("wall_not_exhausted", "/wall_remaining")]


# -- validation -----------------------------------------------------------------------------------


def test_not_a_win() -> None:
    assert rejections(body(HAND, "S", 0)) == [("not_a_win", "/wins/0")]


def test_the_default_minimum_is_eight() -> None:
    b = body(SMALL, "S", 0, melds=[pong("C")])
    del b["options"]["min_fans"]
    assert api.settle(b)["items"][0]["points"] == 8  # 箭刻 2 + 混一色 6 = 8 ≥ 8
    b = body(SMALL, "S", 0, melds=[chow("123m")])
    del b["options"]["min_fans"]
    assert rejections(b) == [("below_min_fans", "/wins/0")]  # 混一色 6 < 8


def test_flowers_are_flowers() -> None:
    assert ("not_a_flower", "/players/1/flowers/0") in rejections(body(HAND, "N", 0, flowers="S"))
    b = body(HAND, "N", 0)
    b["players"][0]["hand"][0] = "5f"
    assert ("flower_in_play", "/players/0/hand/0") in rejections(b)


def test_human_win_needs_the_dealer_without_a_concealed_kong() -> None:
    # 如果庄家出牌前有暗杠，那么不算人和 (001:523): reading 13 makes it a rejected round
    b = body(HAND, "N", 0, earthly=True, other_melds=[kong("F", "concealed")])
    assert rejections(b) == [("inconsistent_win", "/wins/0/earthly")]


def test_heavenly_ready_needs_turns() -> None:
    b = body(HAND, "N", 0, discards=[{"tile": "S"}], declared=3)
    assert rejections(b) == [("missing_field", "/players/1/discards/0/turn")]


def test_flags_and_table() -> None:
    assert ("inconsistent_win", "/wins/0/heavenly") in rejections(body(HAND, "N", None, heavenly=True))
    assert rejections(body(HAND, "N", 0, last_tile=True, wall=5)) == [("inconsistent_win", "/wins/0/last_tile")]
    b = body(HAND, "N", 0)
    b["reveals"] = {"birds": ["C"]}
    assert ("unexpected_reveal", "/reveals/birds") in rejections(b)
    b = body(HAND, "N", 0, options={"round_wind": "X"})
    assert rejections(b)[0][1] == "/options/round_wind"


def test_generated_rounds_respect_the_minimum() -> None:
    for seed in range(40):
        b = generate("erren", seed)
        a = api.settle(b)
        assert all(i["points"] >= 8 for i in a["items"])
        assert len(b["players"]) == 2


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generated_rounds_with_no_minimum(seed: int) -> None:
    api.settle(generate("erren", seed, options={"min_fans": 0}))


def test_analyze_refuses_a_flower_in_the_hand() -> None:
    # 花牌 … 补花 (001:505 item 4): a flower is set aside, never part of a hand
    with pytest.raises(InvalidRound) as e:
        api.analyze({"variant": "erren", "hand": "123456789mEEE1f"})
    assert [(x.code, x.pointer) for x in e.value.errors] == [("flower_in_play", "/hand/12")]
    # 123m 456m 789m EEE + N waits on N alone (单钓将, 001:505)
    assert [w["tile"] for w in api.analyze({"variant": "erren", "hand": "123456789mEEEN"})["waits"]] == ["N"]
