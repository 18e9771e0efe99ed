"""国标麻将·大众番种 (001_a1ce558555b69162.txt:526-561): unit tests beside the golden cases.

Every expected number is worked out by hand from the fan list (1番 001:539, 2番 001:541, 4番
001:543, 6番 001:545, 8番 001:547, 12番 001:549, 16番 001:551, 24番 001:553, 32番 001:555, 48番
001:557, 64番 001:559, 88番 001:561; "item k" is the k-th fan of the line) and the lead's numbered
readings (docs/variants/guobiao.md, "reading N"). Unless a test says otherwise: four players,
seat 0 deals, seat 1 wins (门风 南: 庄家东, 下家南, 001:535), the 圈风 is 东 (option default,
001:534), a discard comes from seat 0 and the table's 起和 is 0 so that small hands can be looked at.

A wait fan (边张/坎张/单钓将, 001:539 items 5-7) needs the hand before the win to wait on the won
tile alone (reading 10), so each comment below names the hand's waits.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.snapshot import Meld, Player, Win
from rules.tiles import SET_144, sorted_tiles
from rules.variants.guobiao import PATTERNS, VARIANT, Options, hand_waits, score_win
from tests.support import chow, kong, meld_tiles, pong, rejections, tiles, totals


def body(hand: str, tile: str, frm: int | None = 0, *, melds: list[dict[str, Any]] | None = None, winner: int = 1,
         dealer: int = 0, n: int = 4, options: dict[str, Any] | None = None, flowers: str = "",
         discards: list[dict[str, Any]] | None = None, declared: int | None = None, wall: int = 20,
         other_melds: dict[int, list[dict[str, Any]]] | None = None,
         other_discards: dict[int, list[dict[str, Any]]] | None = None, other_hands: dict[int, str] | None = None,
         **flags: Any) -> dict[str, Any]:
    """A round of ``n`` players: ``winner`` holds ``hand`` and ``melds`` and wins on ``tile`` from
    seat ``frm`` (``None``: self-drawn); every other seat holds ``other_hands[seat]`` or 13 filler
    tiles less 3 per meld, taken in order from what the round leaves of the 144 tiles (万 first,
    honours last)."""
    o_melds = other_melds or {}
    o_discards = other_discards or {}
    o_hands = {s: tiles(h) for s, h in (other_hands or {}).items()}
    used: Counter[str] = Counter(tiles(hand))
    for h in o_hands.values():
        used.update(h)
    used[tile] += 1
    for m in [*(melds or []), *(m for ms in o_melds.values() for m in ms)]:
        used.update(meld_tiles(m))
    for d in [*(discards or []), *(d for ds in o_discards.values() for d in ds)]:
        if d.get("claimed_by") is None:
            used[d["tile"]] += 1
    pool = [f for f in SET_144.faces for _ in range(4 - used[f])]
    players = []
    for s in range(n):
        if s == winner:
            p: dict[str, Any] = {"seat": s, "hand": tiles(hand), "melds": melds or [], "discards": discards or [],
                                 "flowers": tiles(flowers) if flowers else []}
            if declared is not None:
                p["ready_declared_turn"] = declared
        elif s in o_hands:
            p = {"seat": s, "hand": o_hands[s], "melds": o_melds.get(s, []), "discards": o_discards.get(s, [])}
        else:
            size = 13 - 3 * len(o_melds.get(s, []))
            p = {"seat": s, "hand": pool[:size], "melds": o_melds.get(s, []), "discards": o_discards.get(s, [])}
            pool = pool[size:]
        players.append(p)
    w = {"winner": winner, "from": frm, "tile": tile, **flags}
    return {"variant": "guobiao", "dealer": dealer, "players": players, "wins": [w], "wall_remaining": wall,
            "options": {"min_fans": 0, **(options or {})}}


def fans(hand: str, tile: str, self_drawn: bool = False, melds: tuple[Meld, ...] = (), seat: int = 1,
         dealer: int = 0, n: int = 4, **options: Any) -> dict[str, int]:
    """The best reading's fans (id → 番 it adds), without the round around it (no 和绝张)."""
    p = Player(seat, tuple(tiles(hand)), melds, (), (), None, VARIANT.Flags())
    s = score_win(None, p, Win(seat, None if self_drawn else (seat + 1) % n, tile), dealer, n, Options(**options)).scored
    assert s is not None
    return {f: PATTERNS.value(f) * k for f, k in s.fans}


def items(b: dict[str, Any]) -> list[tuple[str, int, int, int]]:
    return [(i["name"], i["payer"], i["payee"], i["points"]) for i in api.settle(b)["items"]]


def hu(b: dict[str, Any]) -> int:
    """The points the discarder (or the first payer) pays."""
    return int(api.settle(b)["items"][0]["points"])


def M(kind: str, t: str, k: str | None = None) -> Meld:  # noqa: N802 - a meld, written short
    """A meld as the engine holds it: ``chow`` of compact tiles, ``pong``, or a ``kong`` of kind ``k``."""
    if kind == "chow":
        return Meld("chow", tuple(tiles(t)), None, 0)
    if kind == "pong":
        return Meld("pong", (t,) * 3, None, 0)
    return Meld("kong", (t,) * 4, k, None if k == "concealed" else 0)


# -- the table ----------------------------------------------------------------------------------


def test_the_table_is_the_seed_list_plus_the_unlisted_fans() -> None:
    # 001:539-561: 15 fans of 1番, 5 of 2 (items 6-9 of 001:541 repeat 1-4, reading 7), 4 of 4, 7 of 6,
    # 9 of 8, 5 of 12, 6 of 16, 9 of 24, 3 of 32, 2 of 48, 6 of 64, 7 of 88 = 78; and the five fans the
    # 不计 clauses name, 2番 each (断幺, 双暗刻, 双同刻, 暗杠, 四归一, reading 7): 83 rows
    by_value = Counter(p.value for p in PATTERNS)
    assert by_value == {1: 15, 2: 10, 4: 4, 6: 7, 8: 9, 12: 5, 16: 6, 24: 9, 32: 3, 48: 2, 64: 6, 88: 7}
    assert len(PATTERNS) == 83


def test_description() -> None:
    d = api.describe_variant("guobiao")
    assert {o["name"]: o["default"] for o in d["options"]} == {
        "base_points": 1, "min_fans": 8, "round_wind": "E", "payment": "official", "base_fan": 8,
        "unlisted_fans": False}  # reading 4, 5, 2, 7
    assert d["players"] == {"min": 2, "max": 4}  # 001:527
    assert d["tile_sets"]["4"]["size"] == 144  # 108 序数 + 16 风 + 12 箭 + 8 花 (001:528)
    assert d["chow"] is True  # 001:529


def test_exclusions_as_written() -> None:
    # 三风刻 不计幺九刻 (001:549 item 5): all 幺九刻 go (reading 8)
    assert PATTERNS.apply_exclusions(["yaojiuke", "sanfengke"]) == ("sanfengke",)
    # the cycle 一色三同顺 ↔ 一色三节高 (001:553 items 5-6) is cut: only 三同顺 → 三节高 (reading 8)
    assert PATTERNS.apply_exclusions(["yisesantongshun", "yisesanjiegao"]) == ("yisesantongshun",)
    # (一色三节高 itself excludes nothing: 一般高 stays beside it)
    assert PATTERNS.apply_exclusions(["yisesanjiegao", "yibangao"]) == ("yisesanjiegao", "yibangao")
    # 三杠 不计双暗杠、双明杠、暗杠、明杠 (001:555 item 2), as its line says (reading 8)
    assert PATTERNS.apply_exclusions(["minggang", "angang", "shuangangang", "sangang"]) == ("sangang",)
    # 双明杠 excludes 明杠, 双暗杠 excludes 暗杠 and 双暗刻 (reading 8, 001:545 item 6)
    assert PATTERNS.apply_exclusions(["minggang", "shuangminggang"]) == ("shuangminggang",)
    assert PATTERNS.apply_exclusions(["angang", "shuanganke", "shuangangang"]) == ("shuangangang",)
    # 九莲宝灯 lists only 清一色、无字 (001:561 item 4): 门前清 stays (reading 8)
    assert PATTERNS.apply_exclusions(["menqianqing", "qingyise", "wuzi", "jiulianbaodeng"]) == (
        "menqianqing", "jiulianbaodeng")


# -- 1番 (001:539) ----------------------------------------------------------------------------------

# 123 456 789万 456筒 + 8筒: the hand waits on 8p alone (the 万 are four whole sets only as 123 456
# 789): 单钓将 1 (item 5), 258做将 1 (8p, item 4), 无字 1 (item 8), 缺一门 1 (no 条, item 9), 喜相逢 1
# (456m/456p, item 14), 门前清 2 (001:541 item 4), 平和 2 (four chows, a 筒 pair, 001:541 item 5), 清龙
# 16 (不计老少副、连六, 001:551 item 1) = 25
HAND = "123456789m456p8p"


def test_single_wait_pair_no_honours_one_voided_suit() -> None:
    assert fans(HAND, "8p") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "queyimen": 1, "xixiangfeng": 1,
                                "menqianqing": 2, "pinghu": 2, "qinglong": 16}


def test_a_pair_of_honours_is_no_258_and_no_all_chows() -> None:
    # 123m 456m 789p 234s + EE: waits E alone: 单钓将 1, 门前清 2, 连六 (123m-456m) 1; the pair is no
    # 258 (item 4) and 平和 wants a 序数牌 pair (001:541 item 5); no 无字 (E) = 4
    assert fans("123456m789p234sE", "E") == {"dandiao": 1, "lianliu": 1, "menqianqing": 2}


def test_edge_wait() -> None:
    # 12m + 456789p 123s 55s waits 3m alone (单和123的3, item 7): 边张 1, 258做将 1 (55s), 无字 1, 连六
    # (456p-789p) 1, 喜相逢 (123m/123s) 1, 门前清 2, 平和 2 = 9
    assert fans("12m456789p123s55s", "3m") == {"erwubajiang": 1, "bianzhang": 1, "wuzi": 1, "lianliu": 1,
                                               "xixiangfeng": 1, "menqianqing": 2, "pinghu": 2}
    # "1233 和 3 … 为边张" (item 7): 1233m 456789p 555s waits 3m alone; read 123 + 33 the tile is in the
    # chow (边张) or the pair (单钓): a set first (reading 9, as erren), 边张 1 + 无字 1 + 连六 1 + 门前清 2 = 5
    assert fans("1233m456789p555s", "3m") == {"bianzhang": 1, "wuzi": 1, "lianliu": 1, "menqianqing": 2}
    # "手中有 12345 和 3 … 不算边张" (item 7): 12345m waits 3m and 6m
    assert "bianzhang" not in fans("12345m789p123s55s", "3m")


def test_closed_wait() -> None:
    # "4556 和 5 也为坎张" (item 6): 4556m 789p 123s 999s waits 5m alone; 456m + 55m, the 5 in the chow
    # first: 坎张 1, 258做将 1, 无字 1, 幺九刻 (999s, item 11) 1, 门前清 2, 花龙 (456m 789p 123s, 001:547
    # item 1) 8 = 14
    assert fans("4556m789p123s999s", "5m") == {"erwubajiang": 1, "kanzhang": 1, "wuzi": 1, "yaojiuke": 1,
                                               "menqianqing": 2, "hualong": 8}
    # "手中有 45567 和 6 不算坎张": 45567m waits 3m and 6m
    assert "kanzhang" not in fans("45567m789p123s99s", "6m")


def test_exposed_kong_counted_once() -> None:
    # 123456789m 8p + 明杠 2222p, 8p: 明杠 1 (item 10), 单钓 1, 258 1, 无字 1, 缺一门 1, 清龙 16 = 21;
    # no 门前清 (an exposed kong), no 平和 (a kong is no chow)
    assert fans("123456789m8p", "8p", melds=(M("kong", "2p", "exposed"),)) == {
        "erwubajiang": 1, "dandiao": 1, "wuzi": 1, "queyimen": 1, "minggang": 1, "qinglong": 16}
    # two: 双明杠 4 (不计明杠, 001:543 item 3, reading 8); 123456789m 8p + 2222p, 加杠 WWWW: 单钓 1, 258 1,
    # 缺一门 1 (no 条; a wind is no 序数牌), 幺九刻 (W: neither 圈风 东 nor 门风 南) 1, 清龙 16, 双明杠 4 = 24
    # (no 无字; 五门齐 wants a dragon and 条)
    f = fans("123456789m8p", "8p", melds=(M("kong", "2p", "exposed"), M("kong", "W", "added")))
    assert f == {"erwubajiang": 1, "dandiao": 1, "queyimen": 1, "yaojiuke": 1, "shuangminggang": 4, "qinglong": 16}


def test_terminal_and_guest_wind_pungs() -> None:
    # 111m CCC 456p 5s + pong WWW, 5s: 幺九刻 ×2 (111m, WWW: W is neither 圈风 东 nor 门风 南, item 11;
    # dragons never) 2, 箭刻 2 (001:541 item 1), 单钓 1 (waits 5s alone), 258 1, 五门齐 6 (万筒条, W, C,
    # 001:545 item 4) = 12; 111m and CCC are two 暗刻, but 双暗刻 is not in the list (reading 7)
    melds = (M("pong", "W"),)
    assert fans("111mCCC456p5s", "5s", melds=melds) == {"erwubajiang": 1, "dandiao": 1, "yaojiuke": 2, "jianke": 2,
                                                         "wumenqi": 6}
    # with unlisted_fans: 双暗刻 2 (reading 7) = 14
    assert fans("111mCCC456p5s", "5s", melds=melds, unlisted_fans=True)["shuanganke"] == 2


def test_chow_pairs() -> None:
    # 老少副 (item 12): 123789m 234p 456s + 8s (waits 8s alone): 老少副 1, 258 1, 单钓 1, 无字 1, 门前清 2,
    # 平和 2 = 8
    assert fans("123789m234p456s8s", "8s") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "laoshaofu": 1,
                                               "menqianqing": 2, "pinghu": 2}
    # 连六 (item 13) and 喜相逢 (item 14), each pair of chows: 123456m 123456p + 5s: 连六 ×2 (123-456 in
    # 万 and in 筒) 2, 喜相逢 ×2 (123m/123p, 456m/456p) 2, 258 1, 单钓 1, 无字 1, 门前清 2, 平和 2 = 11
    assert fans("123456m123456p5s", "5s") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "lianliu": 2,
                                              "xixiangfeng": 2, "menqianqing": 2, "pinghu": 2}
    # 一般高 (item 15): 112233m 456p 234s + 5p waits 5p alone; 456p + 55p, the 5 in the chow first: 坎张
    # 1, 一般高 1, 258 1, 无字 1, 门前清 2, 平和 2 = 8
    assert fans("112233m456p234s5p", "5p") == {"erwubajiang": 1, "kanzhang": 1, "wuzi": 1, "yibangao": 1,
                                               "menqianqing": 2, "pinghu": 2}


# -- 2番 (001:541) ----------------------------------------------------------------------------------


def test_wind_pungs() -> None:
    # EEE 234m 456p 678s + 9s (678s9s waits 6s and 9s: no 单钓): 圈风刻 2 (item 2; E is the 圈风, so no
    # 幺九刻), 门前清 2 = 4
    assert fans("EEE234m456p678s9s", "9s") == {"quanfengke": 2, "menqianqing": 2}
    # seat 1's 门风 is 南 (下家南, 001:535): SSS is 门风刻 (item 3)
    assert fans("SSS234m456p678s9s", "9s") == {"menfengke": 2, "menqianqing": 2}
    # the dealer's 门风 is 东: EEE with 圈风 东 is 圈风刻 and 门风刻 (reading 13: scores both) = 6
    assert fans("EEE234m456p678s9s", "9s", seat=0, dealer=0) == {"quanfengke": 2, "menfengke": 2, "menqianqing": 2}
    # 南圈 (option round_wind S): seat 1's SSS is both, EEE (东) only a 幺九刻 (neither wind)
    assert fans("SSS234m456p678s9s", "9s", round_wind="S") == {"quanfengke": 2, "menfengke": 2, "menqianqing": 2}
    assert fans("EEE234m456p678s9s", "9s", round_wind="S") == {"yaojiuke": 1, "menqianqing": 2}


def test_seat_winds_at_smaller_tables() -> None:
    # reading 2: (seat − dealer) mod n → 东南西北; three players 东南西, two 东南. Dealer 1: seat 0 is
    # 北 at four (上家北), 西 at three, 南 at two; WWW then is 门风刻 at three, 幺九刻 at four
    assert fans("WWW234m456p678s9s", "9s", seat=0, dealer=1, n=4) == {"yaojiuke": 1, "menqianqing": 2}
    assert fans("WWW234m456p678s9s", "9s", seat=0, dealer=1, n=3) == {"menfengke": 2, "menqianqing": 2}
    assert fans("SSS234m456p678s9s", "9s", seat=0, dealer=1, n=2) == {"menfengke": 2, "menqianqing": 2}


# -- 4番 (001:543) ----------------------------------------------------------------------------------


def test_outside_hand() -> None:
    # 123789m 123p 789s + 9p (waits 9p alone): 全带幺 4 (item 1), 老少副 (123m-789m) 1, 喜相逢 ×2 (123m/123p,
    # 789m/789s) 2, 单钓 1, 无字 1, 门前清 2, 平和 2 = 13
    assert fans("123789m123p789s9p", "9p") == {"dandiao": 1, "wuzi": 1, "laoshaofu": 1, "xixiangfeng": 2,
                                               "menqianqing": 2, "pinghu": 2, "quandaiyao": 4}


def test_fully_concealed_self_draw() -> None:
    # HAND self-drawn: 不求人 4 (不计门清和自摸, item 2) in place of 门前清 2: 25 - 2 + 4 = 27
    f = fans(HAND, "8p", self_drawn=True)
    assert f["buqiuren"] == 4 and "zimo" not in f and "menqianqing" not in f and sum(f.values()) == 27


def test_self_drawn_with_a_meld() -> None:
    # 456789m 456p 8p + chow 123m, 8p drawn: 自摸 1 (001:539 item 3), 单钓 1, 258 1, 无字 1, 缺一门 1,
    # 喜相逢 1, 平和 2, 清龙 16 = 24 (no 门清: a chow)
    f = fans("456789m456p8p", "8p", self_drawn=True, melds=(M("chow", "123m"),))
    assert f == {"zimo": 1, "erwubajiang": 1, "dandiao": 1, "wuzi": 1, "queyimen": 1, "xixiangfeng": 1, "pinghu": 2,
                 "qinglong": 16}


EDGE = "12m456789p123s55s"  # + 3m: 边张 1 + 258 1 + 无字 1 + 连六 1 + 喜相逢 1 + 门前清 2 + 平和 2 = 9 (above)


def test_last_copy() -> None:
    # 和绝张 4 (item 4): seat 2's pong of 3m shows the other three, the winner holds none: 9 + 4 = 13;
    # payment official (reading 4): seat 0 pays 8 + 13 = 21, seats 2 and 3 pay 8
    b = body(EDGE, "3m", 0, other_melds={2: [pong("3m", 1)]})
    assert items(b) == [("258做将、边张、无字、连六、喜相逢、门前清、平和、和绝张", 0, 1, 21),
                        ("底分", 2, 1, 8), ("底分", 3, 1, 8)]
    # two 3m discarded only: not 绝张, 9
    assert hu(body(EDGE, "3m", 0, other_discards={2: [{"tile": "3m"}, {"tile": "3m"}]})) == 8 + 9
    # 手上有有牌也不算胡绝张 (item 4): two 1m discarded, one held, 1m won
    b = body("1m456m456p789s555s", "1m", 0, other_discards={2: [{"tile": "1m"}, {"tile": "1m"}]})
    assert "和绝张" not in api.settle(b)["items"][0]["name"]


# -- 6番 (001:545) ----------------------------------------------------------------------------------


def test_all_pungs() -> None:
    # 111m 999s WWW E + pong 555p, E on a discard (waits E alone): 碰碰和 6 (item 1), 幺九刻 ×3 (111m, 999s,
    # WWW) 3, 单钓 1, 三暗刻 16 (111m 999s WWW; 001:551 item 6) = 26
    assert fans("111m999sWWWE", "E", melds=(M("pong", "5p"),)) == {"dandiao": 1, "yaojiuke": 3, "pengpenghu": 6,
                                                                    "sananke": 16}


def test_half_flush() -> None:
    # 234567m 888m CCC N + N: 混一色 6 (item 2; one suit twice absent: no 缺一门), 箭刻 2, 连六 1, 单钓 1,
    # 门前清 2 = 12
    assert fans("234567m888mCCCN", "N") == {"dandiao": 1, "lianliu": 1, "jianke": 2, "menqianqing": 2, "hunyise": 6}


def test_mixed_shifted_chows() -> None:
    # 123m 234p 345s 678m 9m + 9m (waits 6m and 9m): 三色三步高 6 (item 3), 无字 1, 门前清 2, 平和 2 = 11
    assert fans("123m234p345s678m9m", "9m") == {"wuzi": 1, "menqianqing": 2, "pinghu": 2, "sansesanbugao": 6}


def test_melded_hand() -> None:
    # chow 123m, pongs 555p WWW, chow 789s, 8p on a discard: 全求人 6 (不计单钓将, item 5), 258 1, 幺九刻 W 1 = 8
    melds = (M("chow", "123m"), M("pong", "5p"), M("pong", "W"), M("chow", "789s"))
    assert fans("8p", "8p", melds=melds) == {"erwubajiang": 1, "yaojiuke": 1, "quanqiuren": 6}


def test_two_concealed_kongs_and_two_dragon_pungs() -> None:
    # 567m 5s + 暗杠 CCCC, FFFF; 5s on a discard (waits 5s alone): 双暗杠 6 (不计双暗刻, item 6; 暗杠,
    # reading 8), 双箭刻 6 (不计箭刻, item 7), 门前清 2 (暗杠 keeps it, reading 11), 单钓 1, 258 1, 缺一门
    # (no 筒) 1 = 17
    melds = (M("kong", "C", "concealed"), M("kong", "F", "concealed"))
    assert fans("567m5s", "5s", melds=melds) == {"erwubajiang": 1, "dandiao": 1, "queyimen": 1, "menqianqing": 2,
                                                 "shuangangang": 6, "shuangjianke": 6}
    # with unlisted_fans nothing more: 双暗杠 不计双暗刻 and 暗杠 (no 断幺: C, F are honours)
    assert sum(fans("567m5s", "5s", melds=melds, unlisted_fans=True).values()) == 17


# -- 8番 (001:547) ----------------------------------------------------------------------------------


def test_mixed_straight() -> None:
    # 123m 456p 789s 345m + 8s (waits 8s alone; 789s + 88s, the 8 in the chow first: 坎张): 花龙 8 (item 1),
    # 坎张 1, 258 1, 无字 1, 门前清 2, 平和 2 = 15
    assert fans("123m456p789s345m8s", "8s") == {"erwubajiang": 1, "kanzhang": 1, "wuzi": 1, "menqianqing": 2,
                                                "pinghu": 2, "hualong": 8}


def test_reversible_tiles() -> None:
    # 123p 345p 888p 456s P + P: every tile in 1234589筒 245689条 白 (item 2): 推不倒 8 (不计缺一门), 单钓 1,
    # 门前清 2 = 11
    assert fans("123p345p888p456sP", "P") == {"dandiao": 1, "menqianqing": 2, "tuibudao": 8}


def test_mixed_triple_chow() -> None:
    # 123m 123p 123s 789m 5m + 5m: 三色三同顺 8 (不计喜相逢, item 3), 老少副 1, 258 1, 单钓 1, 无字 1,
    # 门前清 2, 平和 2 = 16
    assert fans("123m123p123s789m5m", "5m") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "laoshaofu": 1,
                                                "menqianqing": 2, "pinghu": 2, "sansesantongshun": 8}


def test_mixed_shifted_pungs() -> None:
    # 222m 333p 444s 678m 9m + 9m (waits 6m, 9m): 三色三节高 8 (item 4), 三暗刻 16, 无字 1, 门前清 2 = 27
    assert fans("222m333p444s678m9m", "9m") == {"wuzi": 1, "menqianqing": 2, "sansesanjiegao": 8, "sananke": 16}


CHICKEN = "45s888sEE"  # + chows 123m, 567p, 3s on a discard: no fan at all (waits 3s, 6s)


def test_chicken_hand() -> None:
    # 无番和 8 (item 5, reading 13): nothing else counts; with two flowers 8 + 2 = 10, the base reached
    melds = [chow("123m"), chow("567p")]
    assert fans(CHICKEN, "3s", melds=(M("chow", "123m"), M("chow", "567p"))) == {"wufanhu": 8}
    b = body(CHICKEN, "3s", 0, melds=melds, flowers="1f5f")
    del b["options"]["min_fans"]
    assert items(b)[0] == ("花牌、无番和", 0, 1, 8 + 10)
    # self-drawn, 自摸 1 is a fan: no 无番和, and 1 is below the default 起和 of 8 (reading 5)
    b = body(CHICKEN, "3s", None, melds=melds)
    del b["options"]["min_fans"]
    assert rejections(b) == [("below_min_fans", "/wins/0")]


def test_last_tile_and_kong_draw() -> None:
    # 妙手回春 8 (不计自摸, item 6) + HAND self-drawn 27 = 35; official: each of three pays 8 + 35 (reading 4)
    assert totals(body(HAND, "8p", None, last_tile=True, wall=0)) == [-43, 129, -43, -43]
    # 海底捞月 8 (item 7) + 25 = 33: seat 0 pays 8 + 33, seats 2 and 3 pay 8
    assert totals(body(HAND, "8p", 0, last_tile=True, wall=0)) == [-41, 57, -8, -8]
    # 123456789m 8p + 暗杠 2222p, 杠上开花 (item 8, 不计自摸): 8 + 不求人 4 (暗杠 keeps the hand concealed)
    # + 单钓 1 + 258 1 + 无字 1 + 缺一门 1 + 清龙 16 = 32
    b = body("123456789m8p", "8p", None, melds=[kong("2p", "concealed")], kong_draw=True, options={"payment": "fans"})
    assert totals(b) == [-32, 96, -32, -32]


def test_robbing_the_kong() -> None:
    # seat 0 adds to its pong of 3m, seat 1 robs it: 抢杠和 8 (不计和绝张: the pong shows three 3m, item 9)
    # + EDGE 9 = 17; the robbed seat pays as a discarder (reading 4): 8 + 17 = 25, seats 2 and 3 pay 8
    b = body(EDGE, "3m", 0, other_melds={0: [pong("3m", 1)]}, robbing_kong=True)
    assert items(b) == [("258做将、边张、无字、连六、喜相逢、门前清、平和、抢杠和", 0, 1, 25), ("底分", 2, 1, 8),
                        ("底分", 3, 1, 8)]


# -- 12番 (001:549) ---------------------------------------------------------------------------------


def test_honours_and_knitted_tiles() -> None:
    # 147m 258p 36s + ESWNC + F: 全不靠 12 (item 1, 不计五门齐、不求人、门清); eight knitted tiles: no 组合龙
    assert fans("147m258p36sESWNC", "F") == {"quanbukao": 12}
    # self-drawn: 全不靠 不计不求人, and 不求人 excluded leaves 自摸 1 (reading 8) = 13
    assert fans("147m258p36sESWNC", "F", self_drawn=True) == {"zimo": 1, "quanbukao": 12}
    # all nine knitted tiles: 全不靠 12 + 组合龙 12 = 24 (reading 9)
    assert fans("147m258p369sESWN", "C") == {"quanbukao": 12, "zuhelong": 12}


def test_knitted_straight_beside_a_set_and_a_pair() -> None:
    # 147m 258p 369s + 123m + 5p, 5p (waits 5p alone): 组合龙 12 (item 2), 单钓 1, 258 1, 无字 1, 门前清 2 = 17;
    # the nine are no chows: no 平和, no 喜相逢 (reading 9)
    assert fans("147m258p369s123m5p", "5p") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "menqianqing": 2,
                                                "zuhelong": 12}
    # with a pong of 东 beside it: 组合龙 12, 圈风刻 2, 单钓 1, 258 1 = 16
    assert fans("147m258p369s5p", "5p", melds=(M("pong", "E"),)) == {"erwubajiang": 1, "dandiao": 1,
                                                                      "quanfengke": 2, "zuhelong": 12}
    # the won tile completing the nine (9s; the hand waits on it alone) has no wait role (reading 9):
    # 组合龙 12 + 258 (55p) 1 + 无字 1 + 门前清 2 = 16
    assert fans("147m258p36s123m55p", "9s") == {"erwubajiang": 1, "wuzi": 1, "menqianqing": 2, "zuhelong": 12}


def test_upper_and_lower_four() -> None:
    # 678m 789p 678s 999m 6p + 6p (waits 6p, 9p): 大于五 12 (不计无字, item 3), 幺九刻 (999m) 1, 喜相逢
    # (678m/678s) 1, 门前清 2 = 16
    assert fans("678m789p678s999m6p", "6p") == {"yaojiuke": 1, "xixiangfeng": 1, "menqianqing": 2, "dayuwu": 12}
    # 123m 234p 234s 444p 1m + 1m (waits 1m, 4m): 小于五 12 (不计无字, item 4), 喜相逢 1, 门前清 2 = 15
    assert fans("123m234p234s444p1m", "1m") == {"xixiangfeng": 1, "menqianqing": 2, "xiaoyuwu": 12}


def test_big_three_winds() -> None:
    # EEE SSS WWW 123m 5p + 5p: 三风刻 12 (不计幺九刻: WWW's goes, item 5), 圈风刻 (E) 2, 门风刻 (S) 2,
    # 三暗刻 16, 单钓 1, 258 1, 缺一门 (no 条) 1, 门前清 2 = 37
    assert fans("EEESSSWWW123m5p", "5p") == {"erwubajiang": 1, "dandiao": 1, "queyimen": 1, "quanfengke": 2,
                                             "menfengke": 2, "menqianqing": 2, "sanfengke": 12, "sananke": 16}


# -- 16番 (001:551) ---------------------------------------------------------------------------------


def test_three_suited_terminal_chows() -> None:
    # 123 789万 123 789筒 5条 + 5s: 三色双龙会 16 (不计喜相逢、老少副、无字、平和、258做将, item 2), 单钓 1,
    # 门前清 2 = 19
    assert fans("123789m123789p5s", "5s") == {"dandiao": 1, "menqianqing": 2, "sanseshuanglonghui": 16}


def test_pure_shifted_chows() -> None:
    # 123 234 345万 789p 5s + 5s: 一色三步高 16 (item 3), 258 1, 单钓 1, 无字 1, 门前清 2, 平和 2 = 23
    assert fans("123234345m789p5s", "5s") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "menqianqing": 2,
                                              "pinghu": 2, "yisesanbugao": 16}
    # stepping by two: 123 345 567万 (item 3: 递增二位)
    assert "yisesanbugao" in fans("123345567m789p5s", "5s")


def test_all_fives() -> None:
    # 345m 456m 555p 555s 5m + 5m (waits 2m and 5m): every set and the pair hold a 5: 全带五 16 (不计断幺、
    # 无字、258做将, item 4), 门前清 2 = 18
    assert fans("345m456m555p555s5m", "5m") == {"menqianqing": 2, "quandaiwu": 16}
    # unlisted_fans: + 双暗刻 (555p 555s) 2, 双同刻 (555p/555s) 2, 四归一 (four 5m) 2 = 24; 断幺 stays excluded
    assert fans("345m456m555p555s5m", "5m", unlisted_fans=True) == {
        "menqianqing": 2, "shuanganke": 2, "shuangtongke": 2, "siguiyi": 2, "quandaiwu": 16}


def test_triple_pung_and_three_concealed_pungs() -> None:
    # 222m 222p 222s 789m 5p + 5p: 三同刻 16 (item 5), 三暗刻 16 (item 6), 258 1, 单钓 1, 无字 1, 门前清 2 = 37
    assert fans("222m222p222s789m5p", "5p") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "menqianqing": 2,
                                                "santongke": 16, "sananke": 16}


# -- 24番 (001:553) ---------------------------------------------------------------------------------


def test_seven_pairs() -> None:
    # 1122m 3344p 5566s 7s + 7s: 七对 24 (不计不求人、单钓、门前清、258做将, item 1), 无字 1 = 25
    assert fans("1122m3344p5566s7s", "7s") == {"wuzi": 1, "qidui": 24}
    # self-drawn: 七对 不计不求人, and 自摸 stays (reading 8: 七对 keeps 自摸) = 26
    assert fans("1122m3344p5566s7s", "7s", self_drawn=True) == {"zimo": 1, "wuzi": 1, "qidui": 24}


def test_greater_honours_and_knitted_tiles() -> None:
    # 147m 258p 3s + ESWNCF + P: 七星不靠 24 (不计五门齐、不求人、全不靠、门清, item 2)
    assert fans("147m258p3sESWNCF", "P") == {"qixingbukao": 24}


def test_all_even_pungs() -> None:
    # 222m 444p 666s 2s + pong 888m, 2s: 全双 24 (不计碰碰和、断幺、无字, item 3), 三暗刻 16, 258 1, 单钓 1 = 42
    assert fans("222m444p666s2s", "2s", melds=(M("pong", "8m"),)) == {"erwubajiang": 1, "dandiao": 1,
                                                                       "sananke": 16, "quanshuang": 24}


def test_full_flush() -> None:
    # 112233m 456m 777m 9m + 9m (waits 8m, 9m): 清一色 24 (不计无字, item 4), 一般高 1, 连六 ×2 (each 123
    # with 456) 2, 门前清 2 = 29; one suit: two suits absent is no 缺一门 (reading 13)
    assert fans("112233m456m777m9m", "9m") == {"lianliu": 2, "yibangao": 1, "menqianqing": 2, "qingyise": 24}


def test_pure_triple_chow_and_shifted_pungs() -> None:
    # three chows 123m + 456p 5p, 5p (456p + 55p, the 5 in the chow first): 一色三同顺 24 (不计一色三节高、
    # 一般高, item 5), 坎张 1, 258 1, 无字 1, 缺一门 1, 平和 2 = 30
    melds = (M("chow", "123m"),) * 3
    assert fans("456p5p", "5p", melds=melds) == {"erwubajiang": 1, "kanzhang": 1, "wuzi": 1, "queyimen": 1,
                                                 "pinghu": 2, "yisesantongshun": 24}
    # concealed, 111222333m reads as 123 ×3 (一色三同顺 24 + 平和 2 + 坎张 1 + 258 1 + 无字 1 + 缺一门 1 + 门前清
    # 2 = 32) or 111 222 333 (一色三节高 24, item 6 + 三暗刻 16 + 幺九刻 111m 1 + 坎张 1 + 258 1 + 无字 1 +
    # 缺一门 1 + 门前清 2 = 47): the best reading is scored (reading 9)
    assert fans("111222333m456p5p", "5p") == {"erwubajiang": 1, "kanzhang": 1, "wuzi": 1, "queyimen": 1,
                                              "yaojiuke": 1, "menqianqing": 2, "sananke": 16, "yisesanjiegao": 24}


def test_upper_middle_lower_tiles() -> None:
    # 789m 789p 789s 777m 9s + 9s (waits 6s, 9s): 全大 24 (不计无字、大于五, item 7), 三色三同顺 8, 门前清 2 = 34
    assert fans("789m789p789s777m9s", "9s") == {"menqianqing": 2, "sansesantongshun": 8, "quanda": 24}
    # 456m 456p 456s 555m 4p + 4p (waits 4p, 7p): 全中 24 (不计断幺、无字, item 8), 三色三同顺 8, 门前清 2 = 34
    assert fans("456m456p456s555m4p", "4p") == {"menqianqing": 2, "sansesantongshun": 8, "quanzhong": 24}
    # 123m 123p 123s 111m 3s + 3s (waits 3s alone: 123s first, 边张): 全小 24 (不计无字、小于五, item 9),
    # 三色三同顺 8, 幺九刻 1, 边张 1, 门前清 2 = 36
    assert fans("123m123p123s111m3s", "3s") == {"bianzhang": 1, "yaojiuke": 1, "menqianqing": 2,
                                                "sansesantongshun": 8, "quanxiao": 24}


# -- 32番 (001:555) ---------------------------------------------------------------------------------


def test_pure_four_shifted_chows() -> None:
    # 123 234 345 456万 5p + 5p: 一色四步高 32 (不计平和、老少副、连六、一色三步高、缺一门, item 1), 258 1,
    # 单钓 1, 无字 1, 门前清 2 = 37
    assert fans("123234345456m5p", "5p") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "menqianqing": 2,
                                             "yisesibugao": 32}


def test_three_kongs() -> None:
    # 567m 5s + 明杠 2222p, 加杠 NNNN, 暗杠 CCCC, 5s: 三杠 32 (不计双暗杠、双明杠、暗杠、明杠, item 2), 幺九刻
    # (N: neither 东 nor 南) 1, 箭刻 2, 五门齐 6, 单钓 1, 258 1 = 43
    melds = (M("kong", "2p", "exposed"), M("kong", "N", "added"), M("kong", "C", "concealed"))
    assert fans("567m5s", "5s", melds=melds) == {"erwubajiang": 1, "dandiao": 1, "yaojiuke": 1, "jianke": 2,
                                                 "wumenqi": 6, "sangang": 32}
    # with unlisted_fans the 暗杠 stays excluded by 三杠 (001:555 item 2): the same 43
    assert sum(fans("567m5s", "5s", melds=melds, unlisted_fans=True).values()) == 43


def test_all_terminals_and_honours() -> None:
    # 999p EEE 9s + pongs NNN, 111m, 9s: 混幺九 32 (不计碰碰和、全带幺、幺九刻, item 3), 圈风刻 2, 单钓 1 = 35
    assert fans("999pEEE9s", "9s", melds=(M("pong", "N"), M("pong", "1m"))) == {"dandiao": 1, "quanfengke": 2,
                                                                                 "hunyaojiu": 32}


# -- 48番 (001:557) ---------------------------------------------------------------------------------


def test_quadruple_chow() -> None:
    # 111122223333m 5p + 5p: as 123 ×4, 一色四同顺 48 (不计一色三节高、一色三同顺、一般高、四归一、平和, item 1) +
    # 258 1 + 单钓 1 + 无字 1 + 缺一门 1 + 门前清 2 = 54; as 111 222 333 123 it is 一色三节高 24 + 三暗刻 16 +
    # 幺九刻 1 + 258 1 + 单钓 1 + 无字 1 + 缺一门 1 + 门前清 2 = 47: the chows are scored
    assert fans("111122223333m5p", "5p") == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1, "queyimen": 1,
                                             "menqianqing": 2, "yisesitongshun": 48}


def test_four_pure_shifted_pungs() -> None:
    # 111 222 333m 5p + pong 444m, 5p: 一色四节高 48 (不计一色三同顺、一色三节高、碰碰和, item 2), 三暗刻 16,
    # 幺九刻 (111m) 1, 258 1, 单钓 1, 无字 1, 缺一门 1 = 69
    assert fans("111222333m5p", "5p", melds=(M("pong", "4m"),)) == {
        "erwubajiang": 1, "dandiao": 1, "wuzi": 1, "queyimen": 1, "yaojiuke": 1, "sananke": 16, "yisesijiegao": 48}


# -- 64番 (001:559) ---------------------------------------------------------------------------------


def test_all_terminals() -> None:
    # 999m 111p 1s + pongs 111m, 999p, 1s: 清幺九 64 (不计碰碰和、无字、幺九刻、全带幺、混幺九, item 1), 单钓 1 = 65
    assert fans("999m111p1s", "1s", melds=(M("pong", "1m"), M("pong", "9p"))) == {"dandiao": 1, "qingyaojiu": 64}


def test_little_four_winds() -> None:
    # EEE SSS WWW 123m N + N: 小四喜 64 (不计三风刻、幺九刻, item 2), 圈风刻 2, 门风刻 2, 全带幺 4 (every set
    # and the pair hold a 幺), 混一色 6, 三暗刻 16, 单钓 1, 门前清 2 = 97
    assert fans("EEESSSWWW123mN", "N") == {"dandiao": 1, "quanfengke": 2, "menfengke": 2, "menqianqing": 2,
                                           "quandaiyao": 4, "hunyise": 6, "sananke": 16, "xiaosixi": 64}


def test_little_three_dragons() -> None:
    # CCC FFF 123m 456m P + P: 小三元 64 (不计双箭刻、箭刻、幺九刻, item 3), 混一色 6, 连六 1, 单钓 1, 门前清 2 = 74
    assert fans("CCCFFF123m456mP", "P") == {"dandiao": 1, "lianliu": 1, "menqianqing": 2, "hunyise": 6,
                                            "xiaosanyuan": 64}


def test_all_honours() -> None:
    # EEE SSS N + pongs CCC, FFF, N: 字一色 64 (不计碰碰和、幺九刻、全带幺、混幺九, item 4), 双箭刻 6, 圈风刻 2,
    # 门风刻 2, 单钓 1 = 75
    assert fans("EEESSSN", "N", melds=(M("pong", "C"), M("pong", "F"))) == {
        "dandiao": 1, "quanfengke": 2, "menfengke": 2, "shuangjianke": 6, "ziyise": 64}


def test_four_concealed_pungs() -> None:
    # 111m 333m 555p 777s 9s + 9s (waits 8s, 9s): 四暗刻 64 (不计门前清、碰碰和、三暗刻、双暗刻、不求人,
    # item 5), 幺九刻 1, 无字 1 = 66
    assert fans("111m333m555p777s9s", "9s") == {"wuzi": 1, "yaojiuke": 1, "sianke": 64}
    # self-drawn: 不求人 excluded, 自摸 stays (reading 8) = 67
    assert fans("111m333m555p777s9s", "9s", self_drawn=True) == {"zimo": 1, "wuzi": 1, "yaojiuke": 1, "sianke": 64}


def test_pure_terminal_chows() -> None:
    # 123 123 789 789万 5m + 5m: 一色双龙会 64 (不计平和、七对、清一色、一般高、老少副、258做将、无字, item 6;
    # "158做将" read as 258, reading 8), 单钓 1, 门前清 2 = 67
    assert fans("123123789789m5m", "5m") == {"dandiao": 1, "menqianqing": 2, "yiseshuanglonghui": 64}


# -- 88番 (001:561) ---------------------------------------------------------------------------------


def test_big_four_winds_and_big_three_dragons() -> None:
    # NNN 1m + pongs EEE, SSS, WWW, 1m: 大四喜 88 (不计小四喜、圈风刻、门风刻、三风刻、碰碰和、幺九刻, item 1),
    # 混幺九 32, 混一色 6, 单钓 1 = 127
    melds = (M("pong", "E"), M("pong", "S"), M("pong", "W"))
    assert fans("NNN1m", "1m", melds=melds) == {"dandiao": 1, "hunyise": 6, "hunyaojiu": 32, "dasixi": 88}
    # PPP 123m 5m + pongs CCC, FFF, 5m: 大三元 88 (不计小三元、双箭刻、箭刻、幺九刻, item 2), 混一色 6, 单钓 1,
    # 258 1 = 96
    assert fans("PPP123m5m", "5m", melds=(M("pong", "C"), M("pong", "F"))) == {
        "erwubajiang": 1, "dandiao": 1, "hunyise": 6, "dasanyuan": 88}


def test_all_green() -> None:
    # 234s 234s 666s FFF 8s + 8s (waits 7s, 8s): 绿一色 88 (不计混一色, item 3), 箭刻 2, 一般高 1, 258 1,
    # 门前清 2 = 94
    assert fans("234s234s666sFFF8s", "8s") == {"erwubajiang": 1, "yibangao": 1, "jianke": 2, "menqianqing": 2,
                                               "lvyise": 88}
    # 如无"发"字 … 可计清一色: 234s 234s 666s 44s 88s + 8s: 绿一色 88 + 清一色 24 + 一般高 1 + 门前清 2 = 115
    assert fans("234s234s666s44s88s", "8s") == {"yibangao": 1, "menqianqing": 2, "qingyise": 24, "lvyise": 88}


def test_nine_gates() -> None:
    # 1112345678999p + 5p: read 111 234 55 678 999: 九莲宝灯 88 (不计清一色、无字, item 4), 258 1, 幺九刻 ×2
    # (111p, 999p) 2, 门前清 2 (九莲 does not exclude it, reading 8) = 93
    assert fans("1112345678999p", "5p") == {"erwubajiang": 1, "yaojiuke": 2, "menqianqing": 2, "jiulianbaodeng": 88}


def test_four_kongs() -> None:
    # C + 明杠 1111m, 加杠 9999p, 暗杠 EEEE, 明杠 5555s; C: 四杠 88 (不计碰碰和、三杠、双暗杠、双明杠、明杠、
    # 暗杠、单钓将, item 5), 幺九刻 ×2 (1m, 9p; E is the 圈风) 2, 圈风刻 2, 五门齐 6 = 98
    melds = (M("kong", "1m", "exposed"), M("kong", "9p", "added"), M("kong", "E", "concealed"),
             M("kong", "5s", "exposed"))
    assert fans("C", "C", melds=melds) == {"yaojiuke": 2, "quanfengke": 2, "wumenqi": 6, "sigang": 88}


def test_seven_shifted_pairs() -> None:
    # 1122334455667m + 7m: 连七对 88 (不计清一色、不求人、七对、单钓将、门清、无字、258做将, item 6)
    assert fans("1122334455667m", "7m") == {"lianqidui": 88}
    # self-drawn: 不求人 excluded, 自摸 1 stays (reading 8) = 89
    assert fans("1122334455667m", "7m", self_drawn=True) == {"zimo": 1, "lianqidui": 88}


def test_thirteen_orphans() -> None:
    # 19m 19p 1s ESWNCF PP + 9s: 十三幺 88 (不计不求人、单钓将、门清、五门齐、混幺九、全带幺, item 7)
    assert fans("19m19p1sESWNCFPP", "9s") == {"shisanyao": 88}
    # self-drawn: 十三幺 keeps 自摸 (reading 8) = 89
    assert fans("19m19p1sESWNCFPP", "9s", self_drawn=True) == {"zimo": 1, "shisanyao": 88}


# -- the fans named only in 不计 clauses (reading 7) -------------------------------------------------------


def test_unlisted_fans_only_with_the_option() -> None:
    # 222m 222p 234m 5s + 暗杠 8888s, 5s (waits 5s alone): 三暗刻 16 (222m 222p, the concealed kong), 258 1,
    # 单钓 1, 无字 1, 门前清 2 = 21
    melds = (M("kong", "8s", "concealed"),)
    assert fans("222m222p234m5s", "5s", melds=melds) == {"erwubajiang": 1, "dandiao": 1, "wuzi": 1,
                                                         "menqianqing": 2, "sananke": 16}
    # unlisted_fans: + 断幺 2 (no 1, 9 or honour), 双同刻 2 (222m/222p), 暗杠 2, 四归一 2 (four 2m, no kong) = 29;
    # 双暗刻 stays excluded by 三暗刻 (001:551 item 6)
    assert fans("222m222p234m5s", "5s", melds=melds, unlisted_fans=True) == {
        "erwubajiang": 1, "dandiao": 1, "wuzi": 1, "menqianqing": 2, "duanyao": 2, "shuangtongke": 2, "angang": 2,
        "siguiyi": 2, "sananke": 16}
    # 断幺 alone: 234m 234p 567s 678s 5m + 5m (waits 2m, 5m): 平和 2, 喜相逢 1, 258 1, 无字 1, 门前清 2 = 7; + 断幺 2
    assert sum(fans("234m234p567s678s5m", "5m").values()) == 7
    assert fans("234m234p567s678s5m", "5m", unlisted_fans=True)["duanyao"] == 2


# -- events, flowers, declarations -------------------------------------------------------------------


def test_flowers_pay_but_do_not_reach_the_minimum() -> None:
    # HAND on a discard = 25; three flowers add 3 (花牌 1 each, 001:539 item 2) = 28: 8 + 28 from seat 0
    assert hu(body(HAND, "8p", 0, flowers="1f2f3f")) == 36
    # the chicken hand is 8 (无番和) without flowers; at 起和 9 it fails, flowers or not (不计在起和分内)
    b = body(CHICKEN, "3s", 0, melds=[chow("123m"), chow("567p")], flowers="1f2f", options={"min_fans": 9})
    assert rejections(b) == [("below_min_fans", "/wins/0")]


def test_declared_ready() -> None:
    # 报听 1 (001:539 item 1): declared at turn 5, won at turn 9: 25 + 1 = 26; fans payment: seat 0 pays 26
    b = body(HAND, "8p", 0, declared=5, turn=9, discards=[{"tile": "E", "turn": 5}], options={"payment": "fans"})
    assert items(b)[0][3] == 26
    # declared after the win: 422 (reading 12)
    b = body(HAND, "8p", 0, declared=10, turn=9)
    assert rejections(b) == [("inconsistent_declaration", "/players/1/ready_declared_turn")]


def test_no_meld_after_the_declaration() -> None:
    # 自动摸打 (001:507, read into 001:539 item 1, reading 12): a pong after 报听 cannot have happened
    melds = [pong("W", 0, 6)]
    discards = {0: [{"tile": "W", "turn": 5, "claimed_by": 1}]}
    b = body("111mCCC456p5s", "5s", 0, melds=melds, other_discards=discards, declared=3, turn=9)
    assert rejections(b) == [("meld_after_declaration", "/players/1/melds/0/turn")]
    # a declared player's melds need their turn
    b = body("111mCCC456p5s", "5s", 0, melds=[pong("W")], declared=3, turn=9)
    assert rejections(b) == [("missing_field", "/players/1/melds/0/turn")]


def test_heavenly_and_earthly_score_nothing() -> None:
    # no 天胡/地胡 in the list (reading 11): the dealer's 天胡 with HAND is HAND self-drawn: 27
    b = body(HAND, "8p", None, winner=0, heavenly=True, options={"payment": "fans"})
    assert totals(b) == [81, -27, -27, -27]
    # 地胡 self-drawn (a non-dealer's first draw, no discard of its own) is accepted, and scores nothing: 27
    b = body(HAND, "8p", None, earthly=True, options={"payment": "fans"})
    assert totals(b) == [-27, 81, -27, -27]
    # 杠上炮 (after_kong_discard) scores nothing: HAND 25 from seat 0, whose kong it followed
    b = body(HAND, "8p", 0, after_kong_discard=True, other_melds={0: [kong("E", "concealed")]},
             options={"payment": "fans"})
    assert totals(b) == [-25, 25, 0, 0]


# -- payment (reading 4) ------------------------------------------------------------------------------


NAME = "258做将、单钓将、无字、缺一门、喜相逢、门前清、平和、清龙"  # HAND's fans, table order (reading 4)
NAME_EN = ("2-5-8 Pair, Single Wait, No Honours, One Voided Suit, Mixed Double Chow, Concealed Hand, All Chows, "
           "Pure Straight")


@pytest.mark.parametrize(("n", "discard", "self_draw"), [
    # official, HAND = 25 on a discard (27 self-drawn, 不求人): the discarder pays 8 + 25 = 33, every other
    # non-winner 8; self-drawn, every other player pays 8 + 27 = 35
    (4, [-33, 49, -8, -8], [-35, 105, -35, -35]),
    (3, [-33, 41, -8], [-35, 70, -35]),
    (2, [-33, 33], [-35, 35]),
])
def test_official_payment(n: int, discard: list[int], self_draw: list[int]) -> None:
    assert totals(body(HAND, "8p", 0, n=n)) == discard
    assert totals(body(HAND, "8p", None, n=n)) == self_draw


@pytest.mark.parametrize(("n", "discard", "self_draw"), [
    # fans: the discarder alone pays 25; self-drawn, every other player pays 27
    (4, [-25, 25, 0, 0], [-27, 81, -27, -27]),
    (3, [-25, 25, 0], [-27, 54, -27]),
    (2, [-25, 25], [-27, 27]),
])
def test_fans_payment(n: int, discard: list[int], self_draw: list[int]) -> None:
    assert totals(body(HAND, "8p", 0, n=n, options={"payment": "fans"})) == discard
    assert totals(body(HAND, "8p", None, n=n, options={"payment": "fans"})) == self_draw


def test_payment_items_and_the_base_options() -> None:
    # one item per payer, named by the fans; the others' base is an item "底分" / "Base" (reading 4)
    b = body(HAND, "8p", 2, options={"base_points": 2})
    a = api.settle(b)
    assert [(i["name"], i["name_en"], i["payer"], i["points"]) for i in a["items"]] == [
        (NAME, NAME_EN, 2, (8 + 25) * 2),
        ("底分", "Base", 3, 8 * 2), ("底分", "Base", 0, 8 * 2)]  # the others in turn after the winner
    assert all(i["kind"] == "hu" for i in a["items"])
    assert "(基本分8 + 25) × 底分2" in a["items"][0]["note"]
    # base_fan 4: 4 + 25 = 29 from the discarder, 4 from each other player
    assert totals(body(HAND, "8p", 0, options={"base_fan": 4})) == [-29, 37, -4, -4]
    # base_fan 0: the discarder's 25 and nothing else (no zero items)
    assert items(body(HAND, "8p", 0, options={"base_fan": 0})) == [(NAME, 0, 1, 25)]


def test_dealer_succession() -> None:
    # 以后则为胡牌的人为庄家 (001:536): the winner deals next
    assert api.settle(body(HAND, "8p", 0, dealer=3))["next_dealer"] == 1
    # 如果荒牌则算庄家的下一家坐庄: dealer 3 of 4 → seat 0; of 3 (dealer 2) → seat 0
    for n, dealer in ((4, 3), (3, 2), (2, 0)):
        b = body(HAND, "8p", 0, n=n, dealer=dealer, wall=0)
        b["wins"] = []
        b["players"][1]["hand"] = tiles(HAND)
        a = api.settle(b)
        assert a["items"] == [] and a["next_dealer"] == (dealer + 1) % n


# -- validation (reading 16) ----------------------------------------------------------------------------


def test_not_a_win_and_the_minimum() -> None:
    assert rejections(body(HAND, "9p", 0)) == [("not_a_win", "/wins/0")]
    # a 全不靠 shape with a misplaced suit (错位: 147m 258p 369p is not one arrangement) is no win
    assert rejections(body("147m258p369pESWN", "C", 0)) == [("not_a_win", "/wins/0")]
    # the default 起和 is 8 (reading 5): EDGE's 9 passes, 自摸 alone fails (see test_chicken_hand)
    b = body(EDGE, "3m", 0)
    del b["options"]["min_fans"]
    assert hu(b) == 8 + 9
    b = body("123456m789p234sE", "E", 0)  # 单钓 1 + 连六 1 + 门前清 2 = 4 < 8
    del b["options"]["min_fans"]
    assert rejections(b) == [("below_min_fans", "/wins/0")]


def test_one_win_per_round() -> None:
    # 一炮多响 is not played (reading 6): a second win on the same discard is 422 at /wins/1
    b = body(HAND, "8p", 0)
    b["wins"].append({"winner": 2, "from": 0, "tile": "8p"})
    assert ("multiple_wins", "/wins/1") in rejections(b)


def test_flowers_are_flowers() -> None:
    assert ("not_a_flower", "/players/1/flowers/0") in rejections(body(HAND, "8p", 0, flowers="S"))
    b = body(HAND, "8p", 0)
    b["players"][0]["hand"][0] = "5f"
    assert ("flower_in_play", "/players/0/hand/0") in rejections(b)
    assert ("flower_in_play", "/wins/0/tile") in rejections(body(HAND[:-2] + "7f", "8f", 0))


def test_flags_reveals_table_and_options() -> None:
    assert ("inconsistent_win", "/wins/0/heavenly") in rejections(body(HAND, "8p", None, heavenly=True))
    assert rejections(body(HAND, "8p", 0, last_tile=True, wall=5)) == [("inconsistent_win", "/wins/0/last_tile")]
    assert rejections(body(HAND, "8p", None, kong_draw=True)) == [("inconsistent_win", "/wins/0/kong_draw")]
    b = body(HAND, "8p", 0)
    b["reveals"] = {"birds": ["C"]}
    assert ("unexpected_reveal", "/reveals/birds") in rejections(b)
    b = body(HAND, "8p", 0, wall=3)
    b["wins"] = []
    b["players"][1]["hand"] = tiles(HAND)
    assert rejections(b) == [("wall_not_exhausted", "/wall_remaining")]
    b = body(HAND, "8p", 0)
    b["players"].append({"seat": 4, "hand": [], "melds": [], "discards": []})
    assert rejections(b)[0] == ("player_count", "/players")
    for name, value in (("payment", "half"), ("base_fan", -1), ("round_wind", "X"), ("unlisted_fans", 1),
                        ("base_points", 0)):
        assert rejections(body(HAND, "8p", 0, options={name: value}))[0] == ("invalid_option", f"/options/{name}")


def test_random_special_shaped_hands_never_crash() -> None:
    # knitted, orphan and honour tiles in random 13-tile hands, won on a random tile: a settlement or a 422
    rng = random.Random(11)
    pool = [*tiles("147m258p369s147p258s369m19m19p19s"), *"ESWNCFP"]
    outcomes: Counter[str] = Counter()
    for _ in range(300):
        hand = [rng.choice(pool) for _ in range(13)]
        won = rng.choice(pool)
        if max(Counter([*hand, won]).values()) > 4:
            continue
        b = body("".join(hand), won, rng.choice([0, None]))
        try:
            api.settle(b)
            outcomes["settled"] += 1
        except InvalidRound as e:
            outcomes[e.errors[0].code] += 1
    assert outcomes["not_a_win"] > 0


# -- waits and hand analysis -------------------------------------------------------------------------


def test_waits_know_the_special_shapes() -> None:
    # 全不靠 short of one: the missing knitted tile and every honour missing (白 发), in tile order
    assert hand_waits(tiles("147m258p36sESWNC"), (), []) == ["9s", "P", "F"]
    # 组合龙 beside a set and a pair, short of its 9s
    assert hand_waits(tiles("147m258p36s123m55p"), (), []) == ["9s"]
    # 十三幺 waiting on all thirteen
    assert len(hand_waits(tiles("19m19p19sESWNCFP"), (), [])) == 13
    # 组合龙 beside a pong: the pair wait, and with a meld
    assert hand_waits(tiles("147m258p369s5p"), (Meld("pong", ("E",) * 3, None, 0),), ["E"] * 3) == ["5p"]


def test_analyze() -> None:
    a = api.analyze({"variant": "guobiao", "hand": "147m258p36sESWNC"})
    assert [w["tile"] for w in a["waits"]] == ["9s", "P", "F"]
    a = api.analyze({"variant": "guobiao", "hand": "19m19p19sESWNCFP"})
    assert len(a["waits"]) == 13
    # a complete 全不靠 / 组合龙 hand is complete, its knitted reading shown
    a = api.analyze({"variant": "guobiao", "hand": "147m258p36sESWNCF"})
    assert a["complete"] is True
    assert a["decompositions"] == [[{"kind": "honours_and_knitted", "tiles": sorted_tiles(tiles("147m258p36sESWNCF")),
                                     "wild_stand_ins": []}]]
    a = api.analyze({"variant": "guobiao", "hand": "147m258p369s123m55p"})
    assert a["complete"] is True and a["decompositions"][-1][0] == {
        "kind": "knitted", "tiles": tiles("147m258p369s"), "wild_stand_ins": []}
    with pytest.raises(InvalidRound) as e:
        api.analyze({"variant": "guobiao", "hand": "123456789mEEE1f"})
    assert [(x.code, x.pointer) for x in e.value.errors] == [("flower_in_play", "/hand/12")]


def test_settlement_reports_the_others_waits() -> None:
    # seat 2 holds a 全不靠 short of 9s, F, P (every non-winner's waits are reported)
    hands = api.settle(body(HAND, "8p", 0, other_hands={2: "147m258p36sESWNC"}))["hands"]
    assert hands[2]["waits"] == ["9s", "P", "F"] and hands[2]["ready"] is True


# -- generated rounds ---------------------------------------------------------------------------------


def test_generated_rounds_respect_the_minimum() -> None:
    # official payment: the discarder pays 8 + fans ≥ 16, the others 8; self-drawn, each 8 + fans
    for seed in range(25):
        b = generate("guobiao", seed)
        a = api.settle(b)
        assert all(i["points"] >= 8 for i in a["items"])
        assert 2 <= len(b["players"]) <= 4


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generated_rounds_with_no_minimum_and_fans_payment(seed: int) -> None:
    api.settle(generate("guobiao", seed, options={"min_fans": 0, "payment": "fans", "unlisted_fans": True}))
