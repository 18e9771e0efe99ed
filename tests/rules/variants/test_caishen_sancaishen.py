"""财神麻将·三财神 (001_a1ce558555b69162.txt:188-220): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it (prices per
payer: 点炮 / 自摸 each, 001:209-220). The 财神 here is 9p unless a test says otherwise: the
copy on show (reveals.wild_indicator) and three in play (docs/variants/caishen-sancaishen.md
reading 1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.hand import HandRules, is_complete
from rules.tiles import ALL_FACES, is_flower
from rules.variants.caishen_sancaishen import PATTERNS, PRICES, VARIANT, sets_and_lone_wild
from tests.support import chow, kong, meld_tiles, pong, rejections, tiles, totals

WILD = "9p"
FACES = [f for f in ALL_FACES if not is_flower(f)]


def table(hand: str, wins: list[dict[str, Any]], *, melds: list[dict[str, Any]] | None = None, winner: int = 1,
          dealer: int = 0, n: int = 4, wild: str | None = WILD, options: dict[str, Any] | None = None,
          seats: dict[int, dict[str, Any]] | None = None, wall: int = 20,
          discards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A round: ``winner`` holds ``hand``, ``melds`` and ``discards``; seats in ``seats`` are given;
    every other seat holds 16 filler tiles (never the 财神 nor 白板) left over from the set."""
    given = {winner: {"hand": tiles(hand), "melds": melds or [], "discards": discards or []}}
    for s, p in (seats or {}).items():
        given[s] = {"hand": tiles(p.get("hand", "")), "melds": p.get("melds", []), "discards": p.get("discards", [])}
    used: Counter[str] = Counter()
    for p in given.values():
        used.update(p["hand"])
        for m in p["melds"]:
            used.update(meld_tiles(m))
        used.update(d["tile"] for d in p["discards"] if d.get("claimed_by") is None)
    seen = set()
    for w in wins:
        key = (w.get("from"), w.get("turn"), w["tile"])
        if w.get("from") is None or key not in seen:
            used[w["tile"]] += 1
        seen.add(key)
    if wild is not None:
        used[wild] += 1
    pool = [f for f in reversed(FACES) if f not in (wild, "P") for _ in range(4 - used[f])]
    players = []
    for s in range(n):
        if s in given:
            players.append({"seat": s, **given[s]})
        else:
            size = 16
            players.append({"seat": s, "hand": pool[:size], "melds": [], "discards": []})
            pool = pool[size:]
    body: dict[str, Any] = {"variant": "caishen-sancaishen", "dealer": dealer, "players": players, "wins": wins,
                            "wall_remaining": wall, "options": options or {}}
    if wild is not None:
        body["reveals"] = {"wild_indicator": wild}
    return body


def won(tile: str, frm: int | None = None, winner: int = 1, **flags: Any) -> dict[str, Any]:
    return {"winner": winner, "from": frm, "tile": tile, **flags}


def hu_items(body: dict[str, Any]) -> list[tuple[str, int, int, int]]:
    return [(i["name"], i["payer"], i["payee"], i["points"]) for i in api.settle(body)["items"] if i["kind"] == "hu"]


PLAIN = "123456789m123456p7s"  # four sequences... five: 123m 456m 789m 123p 456p, waiting on 7s for the pair


# -- the table ---------------------------------------------------------------------------


def test_prices_are_the_seed_numbers() -> None:
    # (点炮, 自摸 each): 001:210 平胡 1/2; 001:211 抢杠胡 3, 杠上开花 3; 001:212 碰碰胡 2/4, 杠开碰碰胡 6;
    # 001:213 单吊 3/6; 001:214 混一色 3/3; 001:215 清一色 6/6; 001:216 地胡 6; 001:217 天胡 6;
    # 001:219 三财神 (a) 3 (b) 6 (c) 8 (d) 10; "—" (never won that way) is 0
    assert PRICES == {
        "pinghu": (1, 2), "qiangganghu": (3, 0), "gangshangkaihua": (0, 3), "pengpenghu": (2, 4),
        "gangkai_pengpenghu": (0, 6), "dandiao": (3, 6), "hunyise": (3, 3), "qingyise": (6, 6), "dihu": (6, 0),
        "tianhu": (0, 6), "sancaishen_tuidao": (0, 3), "sancaishen": (0, 6), "sancaishen_pengpenghu": (0, 8),
        "sancaishen_pengpenghu_gangkai": (0, 10)}


def test_exclusions() -> None:
    assert all("pinghu" in p.excludes for p in PATTERNS if p.id != "pinghu")
    # 杠开碰碰胡每人出6分 (001:212) replaces 杠上开花 and 碰碰胡
    assert PATTERNS.apply_exclusions(["gangshangkaihua", "pengpenghu", "gangkai_pengpenghu"]) == ("gangkai_pengpenghu",)
    # 三财神碰碰胡杠开 (001:219 d) replaces everything it is made of
    assert PATTERNS.apply_exclusions(["gangshangkaihua", "pengpenghu", "gangkai_pengpenghu", "sancaishen",
                                      "sancaishen_pengpenghu", "sancaishen_pengpenghu_gangkai"]) == (
        "sancaishen_pengpenghu_gangkai",)


def test_description() -> None:
    d = api.describe_variant("caishen-sancaishen")
    assert {o["name"]: o["default"] for o in d["options"]} == {
        "base_points": 1, "discard_win": True, "pattern_stacking": "add", "exposed_kong": "feeder",
        "white_stands_in": False, "caishendiao": "hand", "dandiao_melds": "any", "next_dealer": "winner"}
    assert d["tile_sets"]["4"]["size"] == 136  # 001:190
    assert d["hand_size"] == 16 and d["chow"] is True  # 001:191


# -- patterns and prices -------------------------------------------------------------------


@pytest.mark.parametrize(("frm", "want"), [
    (2, [0, 1, -1, 0]),  # 001:210 点炮家1分
    (None, [-2, 6, -2, -2]),  # 001:210 自摸每家2分
])
def test_pinghu(frm: int | None, want: list[int]) -> None:
    body = table(PLAIN, [won("7s", frm)])
    assert totals(body) == want
    assert hu_items(body)[0][0] == "平胡"


@pytest.mark.parametrize(("frm", "want"), [
    (3, [0, 2, 0, -2]),  # 001:212 碰碰胡 点炮家2分
    (None, [-4, 12, -4, -4]),  # 001:212 自摸每家4分
])
def test_pengpenghu(frm: int | None, want: list[int]) -> None:
    body = table("222s777m333p8s", [won("8s", frm)], melds=[pong("1m", 3), pong("5p", 2)])
    assert totals(body) == want
    assert hu_items(body)[0][0] == "碰碰胡"


def test_gangkai_pengpenghu_is_the_combined_line_plus_the_kong() -> None:
    body = table("222s777m333p8s", [won("8s", kong_draw=True)], melds=[kong("1m", "concealed"), pong("5p", 2)])
    # 001:212 杠开碰碰胡每人出6分 (not 3 + 4) + 001:209 暗杠每家2分 → each pays 8
    assert totals(body) == [-8, 24, -8, -8]
    assert {n for n, *_ in hu_items(body)} == {"杠开碰碰胡"}


def test_gangshangkaihua_exposed_kong_both_readings() -> None:
    body = table("456789m123456p7s", [won("7s", kong_draw=True)], melds=[kong("1m", "exposed", 3)])
    # 001:211 杠上开花每家3分; 001:209 放杠点杠者2分 (feeder): seat 3 -3 -2
    assert totals(body) == [-3, 11, -3, -5]
    body["options"] = {"exposed_kong": "everyone"}
    # the other reading: 明杠 每家1分, the feeder 2 → seats 0, 2 -3 -1, seat 3 -3 -2, seat 1 9 + 4
    assert totals(body) == [-4, 13, -4, -5]


@pytest.mark.parametrize(("frm", "want"), [
    (2, [0, 3, -3, 0]),  # 001:213 单吊 点炮家3分
    (None, [-6, 18, -6, -6]),  # 001:213 自摸每家6分
])
def test_dandiao_with_chows(frm: int | None, want: list[int]) -> None:
    melds = [chow("123m", 0), chow("456p", 0), pong("7s", 2), pong("9m", 3), chow("234s", 0)]
    body = table("E", [won("E", frm)], melds=melds)
    assert totals(body) == want


def test_hunyise_and_white_as_the_caishen_face() -> None:
    body = table("123456789m222mPPP9m", [won("9m", 2)], wild="5p")
    # 白板 a plain honour: 万 + 字 → 001:214 混一色 点炮者3分
    assert totals(body) == [0, 3, -3, 0]
    body["options"] = {"white_stands_in": True}
    # 白板代替财神原来的牌值 (001:30): PPP plays as 5p5p5p, two suits → 001:210 平胡 点炮家1分
    assert totals(body) == [0, 1, -1, 0]


def test_white_completes_a_sequence_only_when_it_stands_in() -> None:
    body = table("123m4mP6m789m123p456p7s", [won("7s", 2)], wild="5m", options={"white_stands_in": True})
    assert totals(body) == [0, 1, -1, 0]  # 4m 白板(5m) 6m; 001:210 点炮家1分
    body["options"] = {}
    assert ("not_a_win", "/wins/0") in rejections(body)


@pytest.mark.parametrize(("frm", "want"), [
    (2, [0, 6, -6, 0]),  # 001:215 清一色 点炮者6分
    (None, [-6, 18, -6, -6]),  # 001:215 自摸每人6分
])
def test_qingyise(frm: int | None, want: list[int]) -> None:
    assert totals(table("123456789m234m666m9m", [won("9m", frm)])) == want


def test_qingyise_with_a_caishen_standing_in() -> None:
    # the 财神 9p stands in for 5m: still one suit (001:215 全万 … 且符合胡牌牌型) → 6 from the discarder
    assert totals(table("123m4m9p6m789m234m666m9m", [won("9m", 2)])) == [0, 6, -6, 0]


def test_stacking_add_and_cap_and_highest() -> None:
    body = table("111m222m333m444m5m", [won("5m")], melds=[pong("7m", 2)])
    # 001:215 清一色6 + 001:212 碰碰胡4 = 10 from each (the cap, 001:220, just reached)
    assert totals(body) == [-10, 30, -10, -10]
    assert hu_items(body)[0][0] == "碰碰胡、清一色"
    body["options"] = {"pattern_stacking": "highest"}
    assert totals(body) == [-6, 18, -6, -6]  # only the highest: 清一色 6
    body["options"] = {"base_points": 2}
    assert totals(body) == [-20, 60, -20, -20]  # 10 × 底分2


def test_cap_at_ten() -> None:
    melds = [pong("1m", 0), pong("2m", 2), pong("3m", 3), pong("4m", 0), pong("6m", 2)]
    body = table("9m", [won("9m")], melds=melds)
    # 碰碰胡4 + 单吊6 + 清一色6 = 16 → 封顶10 (001:212, 213, 215, 220) from each
    assert totals(body) == [-10, 30, -10, -10]


def test_dihu() -> None:
    body = table(PLAIN, [won("7s", 0, earthly=True)])
    assert totals(body) == [-6, 6, 0, 0]  # 001:216 地胡 点炮者6分 (no 平胡 with it)


def test_earthly_self_draw_is_refused() -> None:
    # 地胡 is 胡庄家打出的第一张牌 (001:207 item 3): no first-draw 地胡 here
    assert ("inconsistent_win", "/wins/0/earthly") in rejections(table(PLAIN, [won("7s", earthly=True)]))


def test_tianhu() -> None:
    body = table(PLAIN, [won("7s", heavenly=True)], dealer=1)
    assert totals(body) == [-6, 18, -6, -6]  # 001:217 天胡 每人6分


def test_qiangganghu() -> None:
    seats = {2: {"hand": "EESSWWNNFFCCC", "melds": [pong("8s", 3)]}}
    body = table("123456789m123p55s67s", [won("8s", 2, robbing_kong=True)], seats=seats)
    assert totals(body) == [0, 3, -3, 0]  # 001:211 抢杠胡 被抢杠家3分
    body["options"] = {"discard_win": False}
    # 选不可点炮的时候没有抢杠胡 (001:207 item 5)
    assert ("win_not_allowed", "/wins/0/from") in rejections(body)


# -- 三财神 -------------------------------------------------------------------------------


def test_sancaishen_tuidao() -> None:
    body = table("9p9p147m258p369sESWNF", [won("9p")])
    # three 财神 drawn, no shape: 001:219(a) 推倒胡 每人3分
    assert totals(body) == [-3, 9, -3, -3]
    assert hu_items(body)[0][0] == "三财神推倒胡"


def test_sancaishen_tuidao_on_a_kong_draw_adds() -> None:
    body = table("9p9p147m258p369sES", [won("9p", kong_draw=True)], melds=[kong("N", "concealed")])
    # 001:219(a) 3 + 001:211 杠上开花 3 = 6, + 暗杠 2 (001:209) → each pays 8
    assert totals(body) == [-8, 24, -8, -8]


def test_sancaishen_in_shape() -> None:
    body = table("123456789m123p45s9p9p", [won("9p")])
    # 45s+财神, 财神财神 将: 001:219(b) 每家6分
    assert totals(body) == [-6, 18, -6, -6]


def test_sancaishen_one_suit_is_capped() -> None:
    body = table("123456789m234m55m9p9p", [won("9p")])
    # 001:219(b) 6 + 001:215 清一色 6 = 12 → 10 (001:220)
    assert totals(body) == [-10, 30, -10, -10]


def test_sancaishen_pengpenghu_and_gangkai() -> None:
    body = table("111m222p333s7m7m9p9p", [won("9p")], melds=[pong("5s", 2)])
    # 7m7m+财神 刻, 财神财神 将: 001:219(c) 三财神碰碰胡 每家8分 (not + 碰碰胡 or 三财神)
    assert totals(body) == [-8, 24, -8, -8]
    body = table("111m222p333s7m7m9p9p", [won("9p", kong_draw=True)], melds=[kong("5s", "concealed")])
    # 001:219(d) 三财神碰碰胡杠开 每家10分 + 暗杠 2 (001:209) → 12 each
    assert totals(body) == [-12, 36, -12, -12]
    assert {n for n, *_ in hu_items(body)} == {"三财神碰碰胡杠开"}


SANCAISHEN_HAND = "123m456m678p13s5p1s9p9p9p"  # with 2s: 5p+财神财神, 1s+财神 将; not 财神吊


def test_sancaishen_on_a_discard_is_refused_but_dihu() -> None:
    body = table(SANCAISHEN_HAND, [won("2s", 0)])
    # 三财神牌型胡牌仅允许自摸胡牌 (001:202)
    assert ("win_not_allowed", "/wins/0/from") in rejections(body)
    body["wins"][0]["earthly"] = True
    # 起手闲家三财神符合胡牌牌型 (001:216): 地胡 点炮者6分, the 三财神 lines (每家) not added
    assert totals(body) == [-6, 6, 0, 0]


def test_caishen_diao() -> None:
    diao = "123456789m123p456s9p"  # less the 财神: five sets
    assert sets_and_lone_wild(tiles(diao), WILD)
    assert not sets_and_lone_wild(tiles("123456789m123p45s7s9p"), WILD)
    # 财神吊 … 只能自摸胡牌，不可点炮胡牌 (001:201)
    assert ("win_not_allowed", "/wins/0/from") in rejections(table(diao, [won("7s", 2)]))
    assert totals(table(diao, [won("7s")])) == [-2, 6, -2, -2]  # 自摸 平胡 每家2分 (001:210)
    # one 财神 that is not 财神吊 may win on a discard: 45s+财神, 7s 将 → 点炮家1分
    assert totals(table("123456789m123p45s7s9p", [won("7s", 2)])) == [0, 1, -1, 0]


def test_sets_and_lone_wild_needs_sets_not_a_pair() -> None:
    # 1m2m+5p would be a pair and a partial set with two more 财神: not sets
    assert not sets_and_lone_wild(tiles("1m2m5p9p"), WILD)
    assert sets_and_lone_wild(tiles("9p"), WILD)  # 单吊 on a lone 财神
    assert sets_and_lone_wild(tiles("1m2m9p9p"), WILD)  # 12m+财神
    assert not is_complete(tiles("1m2m5p9p9p"), HandRules(wild=frozenset({WILD}), pair_ranks=frozenset()))


def test_dead_caishen() -> None:
    body = table("123456789m123456p9p", [won("9p", 2)])
    # 打出的财神 … 不可吃、碰、杠、胡 (001:193)
    assert ("win_not_allowed", "/wins/0/tile") in rejections(body)


def test_discard_win_off() -> None:
    body = table(PLAIN, [won("7s", 2)], options={"discard_win": False})
    assert ("win_not_allowed", "/wins/0/from") in rejections(body)  # 点炮 is a table option (001:194)
    body["wins"][0]["from"] = None
    assert totals(body) == [-2, 6, -2, -2]  # 001:210 自摸每家2分


def test_wild_melded() -> None:
    seats = {2: {"hand": "EESSWWNNFFCCC", "melds": [pong("9p", 3)]}}
    body = table(PLAIN, [won("7s", 2)], seats=seats)
    assert ("wild_melded", "/players/2/melds/0") in rejections(body)  # 财神不能 … 用于吃、碰、杠 (001:193)


def test_not_a_win_and_missing_caishen() -> None:
    assert ("not_a_win", "/wins/0") in rejections(table(PLAIN, [won("8s", 2)]))
    assert rejections(table(PLAIN, [won("7s", 2)], wild=None)) == [("missing_field", "/reveals/wild_indicator")]


def test_unused_reveal_and_drawn_round_wall() -> None:
    body = table(PLAIN, [won("7s", 2)])
    body["reveals"]["birds"] = ["1s"]
    assert ("unexpected_reveal", "/reveals/birds") in rejections(body)
    drawn = table(PLAIN, [], wall=5)
    assert ("wall_not_exhausted", "/wall_remaining") in rejections(drawn)  # 抓完牌 (001:195)


# -- kongs, the dealer, pass records ---------------------------------------------------------


def test_kongs_on_a_drawn_round() -> None:
    melds = [kong("1m", "concealed"), kong("2m", "added"), kong("3m", "exposed", 2)]
    body = table("456789m7s", [], melds=melds, wall=0)
    # 001:209: 暗杠 每家2分 (6), 补杠 每家1分 (3), 放杠 点杠者2分 (seat 2) → seat 1 +11
    assert totals(body) == [-3, 11, -5, -3]
    assert api.settle(body)["next_dealer"] == 0  # 流局 上把为庄家的继续坐庄 (001:195)
    body["options"] = {"exposed_kong": "everyone", "base_points": 3}
    # 明杠 每家1 (feeder 2): seat 0 -(2+1+1), seat 2 -(2+1+2), seat 3 -(2+1+1); × 底分3
    assert totals(body) == [-12, 39, -15, -12]


def test_kong_after_claim() -> None:
    seats = {0: {"hand": "EEESSSWWWNNNFFFC", "discards": [{"tile": "3m", "turn": 4, "claimed_by": 1}]}}
    melds = [pong("3m", 0, turn=5), kong("7p", "concealed", turn=6)]
    body = table("456789m1234s", [], melds=melds, seats=seats, wall=0, discards=[{"tile": "C", "turn": 8}])
    # 不能碰其他的牌后立即接着杠 (001:200): no discard (so no draw) between the pong and the kong
    assert ("kong_after_claim", "/players/1/melds/1") in rejections(body)
    body["players"][1]["discards"] = [{"tile": "C", "turn": 6}]
    body["players"][1]["melds"][1]["turn"] = 9
    assert totals(body) == [-2, 6, -2, -2]  # a draw in between: 暗杠 每家2分 (001:209)
    del body["players"][1]["discards"][0]["turn"]
    body["players"][1]["melds"][1]["turn"] = 6
    assert totals(body) == [-2, 6, -2, -2]  # without the discards' turns it is not checked


def test_added_kong_right_after_its_pong() -> None:
    seats = {0: {"hand": "EEESSSWWWNNNFFFC", "discards": [{"tile": "3m", "turn": 4, "claimed_by": 1}]}}
    body = table("456789m123s678p7s", [], melds=[kong("3m", "added", turn=5)], seats=seats, wall=0,
                 discards=[{"tile": "C", "turn": 7}])
    # the pong of turn 4's 3m made into a kong at turn 5, before any draw (001:200)
    assert ("kong_after_claim", "/players/1/melds/0") in rejections(body)


def test_next_dealer() -> None:
    seats = {0: {"hand": "123456789m345p456s7s"}}
    body = table(PLAIN, [won("7s", 3, turn=9), won("7s", 3, winner=0, turn=9)], seats=seats)
    # one discard won twice (001:207 注): each pays 001:210 点炮家1分 from seat 3
    assert totals(body) == [1, 1, 0, -2]
    assert api.settle(body)["next_dealer"] == 0  # the winner first after the discarder (3 → 0)
    body["options"] = {"next_dealer": "rotate"}
    assert api.settle(body)["next_dealer"] == 0  # the dealer won: it deals again
    body["dealer"] = 2
    assert api.settle(body)["next_dealer"] == 3  # the dealer's 下家
    one = table(PLAIN, [won("7s", 2)], options={"next_dealer": "winner"})
    assert api.settle(one)["next_dealer"] == 1


def test_passed_win_until_the_next_draw() -> None:
    seats = {3: {"hand": "EEESSSWWWNNNFFFC", "discards": [{"tile": "1s", "turn": 10}]}}
    passed = {"passed_wins": [{"tile": "1s", "turn": 10}]}
    body = table(PLAIN, [won("7s", 2, turn=12)], seats=seats)
    body["players"][1]["flags"] = passed
    # 过胡不胡: 必须等到自己摸牌以后才可以胡 (001:199) — no draw of seat 1 between turns 10 and 12
    assert ("passed_win", "/wins/0") in rejections(body)
    body = table(PLAIN, [won("7s", 2, turn=12)], seats=seats, discards=[{"tile": "2s", "turn": 11}])
    body["players"][1]["flags"] = passed
    assert totals(body) == [0, 1, -1, 0]  # it drew (and let 2s go) at turn 11: 点炮家1分 (001:210)


# -- the random round generator --------------------------------------------------------------


def test_lone_honours_go_first() -> None:
    # 风字牌（不成对和不成刻）必须先出 (001:197): E alone goes, the pair of S and the triplet of C stay
    assert VARIANT.discard_first(tiles("EESSCCC1m"), {}) == []
    assert VARIANT.discard_first(tiles("ESSCCCF1m"), {}) == ["E", "F"]


def test_generator_hooks() -> None:
    from rules.options import parse_options
    from rules.snapshot import Reveals

    reveals, opts = Reveals(wild_indicator=WILD), parse_options(VARIANT.Options, {}, "/options")
    assert VARIANT.wins_unshaped(tiles("9p9p9p147m258p369sESWN"), reveals, opts)  # 三财神 推倒胡 (001:207)
    assert not VARIANT.wins_unshaped(tiles("9p9p147m258p369sESWNF"), reveals, opts)
    assert VARIANT.may_win_on(tiles("123456789m123p45s7s9p"), "7s", reveals, opts)
    assert not VARIANT.may_win_on(tiles("123456789m123p456s9p"), "7s", reveals, opts)  # 财神吊 (001:201)
    assert not VARIANT.may_win_on(tiles(SANCAISHEN_HAND), "2s", reveals, opts)  # 三财神 (001:202)
    assert not VARIANT.may_win_on(tiles("123456789m123456p9p"), "9p", reveals, opts)  # a dead 财神 (001:193)
    off = parse_options(VARIANT.Options, {"discard_win": False}, "/options")
    assert not VARIANT.may_win_on(tiles(PLAIN), "7s", reveals, off)  # 点炮 off (001:194)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"discard_win": False}, {"white_stands_in": True, "exposed_kong": "everyone"}])
def test_generated_rounds_settle(n: int, options: dict[str, Any]) -> None:
    bodies = [generate("caishen-sancaishen", seed, n_players=n, options=options) for seed in range(15)]
    assert sum(bool(b["wins"]) for b in bodies) >= 5
    for b in bodies:
        assert len(b["players"]) == n and b["reveals"]["wild_indicator"]
        api.settle(b)
        if not options.get("discard_win", True):
            assert all(w["from"] is None for w in b["wins"])  # self-draw only
        for w in b["wins"]:
            if w["from"] is not None:
                assert w["tile"] != b["reveals"]["wild_indicator"]  # never on a dead 财神


def test_tianhu_with_three_caishen() -> None:
    # 起手庄家三财神推倒胡算天胡 (001:217): 天胡 每人6分, the 三财神 lines 不计 (reading 5)
    body = table("9p9p147m258p369sESWNF", [won("9p", heavenly=True)], dealer=1)
    assert totals(body) == [-6, 18, -6, -6]
    assert {n for n, *_ in hu_items(body)} == {"天胡"}
    # in the 碰碰胡 shape: 天胡 6 + 碰碰胡 4 (001:212) = 10 from each; 三财神碰碰胡 not looked for
    body = table("111m222p333s555s7m7m9p9p", [won("9p", heavenly=True)], dealer=1)
    assert totals(body) == [-10, 30, -10, -10]
    assert {n for n, *_ in hu_items(body)} == {"碰碰胡、天胡"}


def test_dihu_with_three_caishen_needs_the_shape() -> None:
    body = table("9p9p9p147m258p369sESWN", [won("F", 0, earthly=True)])
    # 起手闲家三财神符合胡牌牌型 (001:216): without the shape it is no win at all
    assert ("not_a_win", "/wins/0") in rejections(body)


def test_the_generator_hooks_default_to_the_old_play() -> None:
    from rules.snapshot import Reveals
    from rules.variants import REGISTRY

    other = REGISTRY["zhuanzhuan"]
    opts = other.Options()
    assert other.may_win_on(tiles("1m"), "1m", Reveals(), opts) is True
    assert other.wins_unshaped(tiles("1m2m"), Reveals(), opts) is False


# -- POST /v1/hands/analyze ------------------------------------------------------------------


def test_analyze_reads_the_caishen_a_caishendiao_hand_waits_on_every_face() -> None:
    # 财神 = 北: 123m 456m 789m 123p 45s + NN less one N is whole sets (45s+N): 财神吊 (001:201),
    # so any drawn tile pairs with the other N; priced as a self-draw 平胡 自摸每家2分 (001:210) × 底分3
    out = api.analyze({"variant": "caishen-sancaishen", "hand": "123m456m789m123p45sNN",
                       "reveals": {"wild_indicator": "N"}, "options": {"base_points": 3}})
    assert out["caishendiao"] is True and out["wild_indicator"] == "N"
    waits = {w["tile"]: (w["patterns"], w["value"]) for w in out["waits"]}
    assert len(waits) == 34  # every face: 27 suited, 4 winds, 3 dragons
    assert waits["E"] == (["平胡"], 6)
    assert waits["N"] == (["三财神"], 18)  # the third 财神 drawn, in shape: 每家6分 (001:219 b) × 3


def test_analyze_prices_a_complete_hand_as_a_self_draw() -> None:
    # 111m 333p 555s 777s 9p NNN E: 9p+NN, E+N 将 — three 财神 in a 碰碰胡 shape, 每家8分 (001:219 c)
    out = api.analyze({"variant": "caishen-sancaishen", "hand": "111m333p555s777s9pNNNE",
                       "reveals": {"wild_indicator": "N"}})
    assert (out["complete"], out["patterns"], out["value"]) == (True, ["三财神碰碰胡"], 8)
    # without the 财神 the same tiles are no hand (N is then a plain tile)
    assert api.analyze({"variant": "caishen-sancaishen", "hand": "111m333p555s777s9pNNNE"})["complete"] is False


def test_analyze_follows_the_table_options() -> None:
    # 单吊 经过碰或者杠后 read literally (dandiao_melds pong_kong, 001:207 item 4): with chows the
    # one-tile wait is 平胡 自摸每家2分 (001:210), not 单吊 6
    melds = [{"type": "chow", "tiles": "234m", "from": 0}, {"type": "pong", "tile": "7p", "from": 0},
             {"type": "pong", "tile": "1s", "from": 0}, {"type": "chow", "tiles": "456s", "from": 0},
             {"type": "pong", "tile": "E", "from": 0}]
    out = api.analyze({"variant": "caishen-sancaishen", "hand": "9m", "melds": melds,
                       "reveals": {"wild_indicator": "N"}, "options": {"dandiao_melds": "pong_kong"}})
    assert {w["tile"]: (w["patterns"], w["value"]) for w in out["waits"]}["9m"] == (["平胡"], 2)
    # caishendiao pair (001:201): 123m 456m 789m 123p 34s NN may take a discarded 2s or 5s (the two
    # 财神 pair), not a 1s or 东, which only pair with a 财神
    out = api.analyze({"variant": "caishen-sancaishen", "hand": "123m456m789m123p34sNN",
                       "reveals": {"wild_indicator": "N"}, "options": {"caishendiao": "pair"}})
    closed = {w["tile"]: w["self_draw_only"] for w in out["waits"]}
    assert (closed["2s"], closed["5s"], closed["1s"], closed["E"]) == (False, False, True, True)


def test_analyze_refuses_a_fourth_caishen() -> None:
    # one 北 is on show as the 财神 (001:193, page reading 1): four more cannot be held
    with pytest.raises(InvalidRound) as e:
        api.analyze({"variant": "caishen-sancaishen", "hand": "123m456m789m123p3sNNNN", "reveals": {"wild_indicator": "N"}})
    assert [(x.code, x.pointer) for x in e.value.errors] == [("too_many_copies", "/reveals/wild_indicator")]
