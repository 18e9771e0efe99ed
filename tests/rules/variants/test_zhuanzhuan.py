"""转转麻将 (001_a1ce558555b69162.txt:3-23): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules import api
from rules.generator import generate
from rules.variants.zhuanzhuan import PATTERNS, Options, _price
from tests.support import golden_request, rejections, totals


def golden(name: str) -> dict[str, Any]:
    return golden_request("zhuanzhuan", name)


errors = rejections


# -- the table ---------------------------------------------------------------------------


def test_pattern_values_are_the_seed_numbers() -> None:
    # 001:18: 平胡(1) 七小对(3) 大队子(2) 清一色(3) 豪七对(6) 天胡(6) 地胡(6) 杠上炮(2) 杠上开花(3) 抢杠胡(3)
    want = {"pinghu": 1, "qixiaodui": 3, "daduizi": 2, "qingyise": 3, "haoqidui": 6, "tianhu": 6, "dihu": 6,
            "gangshangpao": 2, "gangshangkaihua": 3, "qiangganghu": 3, "tuidaohu": 1}
    assert {p.id: p.value for p in PATTERNS} == want


def test_plain_win_only_when_nothing_else() -> None:
    others = [p.id for p in PATTERNS if p.id != "pinghu"]
    assert all("pinghu" in PATTERNS[p].excludes for p in others)
    assert PATTERNS.apply_exclusions(["pinghu", "haoqidui", "qixiaodui"]) == ("haoqidui",)


@pytest.mark.parametrize(("found", "self_drawn", "scoring", "per_payer"), [
    (["pinghu"], False, "multiply", 1),  # 001:18 接炮 1倍胡牌分
    (["pinghu"], True, "multiply", 2),  # 001:18 自摸 2倍胡牌分
    (["qixiaodui"], True, "multiply", 6),  # 001:18 七小对 自摸胡时每人出6分
    (["daduizi"], True, "multiply", 4),  # 001:18 大队子 自摸胡时每人出4分
    (["qingyise"], True, "multiply", 6),  # 001:18 清一色 自摸胡时每人出6分
    (["haoqidui", "qixiaodui"], True, "multiply", 12),  # 001:18 豪七对 自摸胡时每人出12分
    (["tianhu"], True, "multiply", 6),  # 001:18 天胡 每家出6分
    (["gangshangkaihua"], True, "multiply", 3),  # 001:18 杠上开花 每家出3分
    (["qingyise", "qixiaodui"], True, "multiply", 18),  # 001:20 3 × 3 × 自摸 2
    (["qingyise", "qixiaodui"], True, "add", 12),  # 001:20 (3 + 3) × 自摸 2
    (["dihu", "gangshangpao"], False, "multiply", 12),  # 001:20 6 × 2 × 接炮 1
    (["dihu", "gangshangpao"], False, "add", 8),  # 001:20 (6 + 2) × 接炮 1
    (["tuidaohu"], True, "add", 2),  # 001:22 等同于无特殊牌型的自摸胡 = 1 × 2
])
def test_price(found: list[str], self_drawn: bool, scoring: str, per_payer: int) -> None:
    assert _price(["pinghu", *found], self_drawn, Options(pattern_scoring=scoring)).per_payer == per_payer


def test_description_defaults() -> None:
    d = api.describe_variant("zhuanzhuan")
    defaults = {o["name"]: o["default"] for o in d["options"]}
    # issue defaults: 红中赖子 and 扎鸟 off; 乘法算分 is line 20's first formula
    assert defaults == {"base_points": 1, "pattern_scoring": "multiply", "hongzhong_wild": False, "zha_niao": False,
                        "bird_count": 2, "one_bird_all": False, "one_bird_red_face": 1}
    assert d["tile_sets"]["4"]["size"] == 108  # 001:5
    assert d["chow"] is False  # 001:6 不能吃


# -- settlements --------------------------------------------------------------------------


def test_seven_pairs_self_drawn_is_six_from_each() -> None:
    body = golden("readme-example")
    body["wins"][0]["from"] = None  # seat 1 draws the 4s itself
    # 001:18 七小对 自摸胡时每人出6分 → seats 2, 3, 0 pay 6 each
    assert totals(body) == [-6, 18, -6, -6]


def test_luxury_seven_pairs_self_drawn_is_twelve_from_each() -> None:
    body = golden("haoqidui-discard")
    body["wins"][0]["from"] = None
    # 001:18 豪七对 自摸胡时每人出12分
    assert totals(body) == [-12, -12, -12, 36]


def test_all_triplets_on_a_discard_is_two() -> None:
    body = {"variant": "zhuanzhuan", "dealer": 0,
            "players": [{"seat": 0, "hand": "111444m5p222p333s"}, {"seat": 1, "hand": "123456789m6789p"},
                        {"seat": 2, "hand": "1234p123456789s"}],
            "wins": [{"winner": 0, "from": 1, "tile": "5p"}]}
    # 111m 444m 222p 333s + 55p, mixed suits: 大队子 (2), 点炮胡时点炮玩家出2分 (001:18)
    answer = api.settle(body)
    assert [s["total"] for s in answer["scores"]] == [2, -2, 0]
    assert answer["hands"][0]["patterns"] == ["大队子"]


def test_four_red_dragons_in_a_complete_hand_take_the_better_reading() -> None:
    body = golden("hongzhong-tuidaohu")
    body["players"][2]["hand"] = "1234567m99mCCCC"
    body["players"][0]["hand"] = "222333444555p6s"  # keeps every face at four copies or fewer
    body["wins"][0]["tile"] = "8m"
    # 123m 456m 7m8m+红中 99m 红中红中红中: complete and every real tile 万 → 清一色 3 × 自摸 2 = 6 each (001:18),
    # better than 推倒胡's plain self-draw 2 each (001:22)
    answer = api.settle(body)
    assert [s["total"] for s in answer["scores"]] == [-6, -6, 18, -6]
    assert answer["hands"][2]["patterns"] == ["清一色"]


def test_four_red_dragons_on_a_discard_are_no_win() -> None:
    body = golden("hongzhong-tuidaohu")
    body["players"][2]["hand"] = "147m258p369sCCCC"
    body["wins"][0].update({"tile": "1s", "from": 3})
    # 推倒胡 is scored as a self-draw (001:22); on a discard the hand must be complete
    assert errors(body) == [("not_a_win", "/wins/0")]


def test_one_bird_red_dragon_counts_one_by_default() -> None:
    body = golden("one-bird-all-red-ten")
    del body["options"]["one_bird_red_face"]
    # 红中 face 1 (as 红中算1 in the sister section, 001:273): 1 + 1 = 2, plus 平胡 1 from the discarder
    assert totals(body) == [0, 3, -3, 0]


def test_short_wall_gives_fewer_birds() -> None:
    body = golden("readme-example")
    body.update(options={"zha_niao": True, "bird_count": 2}, wall_remaining=0, reveals={"birds": ["5m"]})
    # the wall held one tile after the win: one bird, 5m hits (001:23) → 七小对 3 + 1 from seat 0
    assert totals(body) == [-4, 4, 0, 0]


def test_base_points_multiply_a_drawn_round_kongs() -> None:
    body = golden("kongs-drawn-round")
    body["options"] = {"base_points": 2}
    # 001:15-16 at 底分 2: every kong line doubles → [5, 1, -2, -4] × 2
    assert totals(body) == [10, 2, -4, -8]


def test_rotating_seats_rotates_the_answer() -> None:
    body = golden("base-points-three")
    k, n = 1, 4

    def rot(s: int | None) -> int | None:
        return None if s is None else (s + k) % n

    rotated = copy.deepcopy(body)
    rotated["dealer"] = rot(body["dealer"])
    players = [None] * n
    for p in rotated["players"]:
        p["seat"] = rot(p["seat"])
        for m in p.get("melds", []):
            if "from" in m:
                m["from"] = rot(m["from"])
        players[p["seat"]] = p
    rotated["players"] = players
    for w in rotated["wins"]:
        w["winner"], w["from"] = rot(w["winner"]), rot(w["from"])
    before, after = totals(body), totals(rotated)
    assert after == [before[(s - k) % n] for s in range(n)]


@pytest.mark.parametrize("options", [{}, {"hongzhong_wild": True}, {"zha_niao": True, "bird_count": 4},
                                     {"hongzhong_wild": True, "zha_niao": True, "one_bird_all": True},
                                     {"pattern_scoring": "add", "base_points": 2}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    for seed in range(15):
        body = generate("zhuanzhuan", seed, options=options)
        answer = api.settle(body)
        assert sum(s["total"] for s in answer["scores"]) == 0
        assert api.settle(body) == answer


# -- impossible rounds ------------------------------------------------------------------------


def test_birds_when_zha_niao_is_off() -> None:
    body = golden("readme-example")
    body["reveals"] = {"birds": ["5m"]}
    assert errors(body) == [("unexpected_birds", "/reveals/birds/0")]


def test_birds_on_a_drawn_round() -> None:
    body = golden("kongs-drawn-round")
    body.update(options={"zha_niao": True}, reveals={"birds": ["5m", "9m"]})
    assert errors(body) == [("unexpected_birds", "/reveals/birds/0")]


def test_one_bird_all_needs_zha_niao() -> None:
    body = golden("readme-example")
    body["options"] = {"one_bird_all": True}
    assert ("invalid_option", "/options/one_bird_all") in errors(body)


def test_drawn_round_with_tiles_left() -> None:
    body = golden("kongs-drawn-round")
    body["wall_remaining"] = 5  # 流局 is when every tile has been drawn (001:8)
    assert errors(body) == [("wall_not_exhausted", "/wall_remaining")]


def test_heavenly_win_by_a_non_dealer() -> None:
    body = golden("tianhu-two-players")
    body["dealer"] = 1
    assert errors(body) == [("inconsistent_win", "/wins/0/heavenly")]


def test_earthly_win_is_only_on_the_dealers_discard() -> None:
    body = golden("dihu")
    body["wins"][0]["from"] = None  # 地胡: 庄家打出第一张牌时闲家就胡牌, 庄家出6分 (001:18)
    assert errors(body) == [("inconsistent_win", "/wins/0/earthly")]


def test_kong_draw_without_a_kong() -> None:
    body = golden("pinghu-self-draw-exposed-kong")
    body["wins"][0]["kong_draw"] = True
    assert errors(body) == [("inconsistent_win", "/wins/0/kong_draw")]


def test_robbing_a_kong_that_is_not_there() -> None:
    body = golden("readme-example")
    body["wins"][0]["robbing_kong"] = True
    assert errors(body) == [("inconsistent_win", "/wins/0/robbing_kong")]


def test_two_self_drawn_wins() -> None:
    body = golden("yipaoduoxiang")
    for w in body["wins"]:
        w["from"] = None
    body["wins"][1]["tile"] = "6s"  # a second drawn tile
    assert ("multiple_wins", "/wins/1") in errors(body)


def test_win_on_a_discarded_red_dragon() -> None:
    body = golden("hongzhong-wild-qingyise")
    body["players"][1]["hand"] = "1123456778999s"
    body["wins"][0].update({"tile": "C", "from": 2})
    assert ("wild_discarded", "/wins/0/tile") in errors(body)


def test_konged_red_dragon() -> None:
    body = golden("reject-red-ponged")
    body["players"][0]["melds"] = [{"type": "kong", "kind": "concealed", "tile": "C", "turn": 6}]
    assert errors(body) == [("wild_melded", "/players/0/melds/0")]


# -- waits -----------------------------------------------------------------------------------


def test_waits_are_priced_as_a_discard_win() -> None:
    out = api.analyze({"variant": "zhuanzhuan", "hand": "113355m7799p224s", "options": {"base_points": 2}})
    # 七小对 on a discard: 点炮玩家出3分 (001:18) × 底分 2
    assert out["waits"] == [{"tile": "4s", "patterns": ["七小对"], "value": 6}]


def test_a_red_dragon_wait_is_priced_as_a_self_draw() -> None:
    out = api.analyze({"variant": "zhuanzhuan", "hand": "123456m789p11sC7s", "options": {"hongzhong_wild": True}})
    red = next(w for w in out["waits"] if w["tile"] == "C")
    # 红中 is never discarded (001:22): drawing it is a 平胡 self-draw, 1 × 2 from each (001:18)
    assert red == {"tile": "C", "patterns": ["平胡"], "value": 2}


# -- 过胡不胡 / 过碰不碰 (001:9, 001:11) --------------------------------------------------------


def test_passed_win_lifted_by_a_kong() -> None:
    body = golden("reject-passed-win-other-wait")  # seat 1 let seat 2's 8s pass at turn 59, wins 5s at 61
    seat1 = body["players"][1]
    seat1["hand"] = "234567m6788s"  # 234p gives way to a concealed kong of 8m (no other 8m in the round)
    seat1["melds"] = [{"type": "kong", "kind": "concealed", "tile": "8m", "turn": 60}]
    # the kong's replacement tile is 重新获得牌 (001:9): the 5s win stands. 平胡 1 from seat 3 (001:18);
    # 暗杠 2 from each other seat (001:15 A); birds 1m, 5p, 红中 hit → 3 from seat 3 (001:23).
    # seat1 +1+6+3 = 10, seat0 −2, seat2 −2, seat3 −2−1−3 = −6
    assert totals(body) == [-2, 10, -2, -6]


def test_passed_win_needs_every_discard_turn() -> None:
    body = golden("passed-win-lifted-by-a-draw")
    del body["players"][1]["discards"][0]["turn"]  # whether seat 1 drew after turn 55 is told by its discards' turns
    assert errors(body) == [("missing_field", "/players/1/discards/0/turn")]


def test_a_pass_after_the_win_cannot_have_happened() -> None:
    body = golden("reject-passed-win-other-wait")
    body["players"][1]["flags"]["passed_wins"][0]["turn"] = 62  # the round ended with the win at turn 61
    assert errors(body) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/turn")]


def test_passed_pong_needs_the_pongs_turn() -> None:
    body = golden("reject-passed-pong-same-go-around")
    del body["players"][0]["melds"][0]["turn"]  # 同一圈内 (001:11) is told by the pong's turn
    assert errors(body) == [("missing_field", "/players/0/melds/0/turn")]


# -- 过杠不杠 (001:12) ------------------------------------------------------------------------


def test_a_declined_kong_is_never_lifted() -> None:
    body = golden("reject-passed-kong-added-later")  # seat 1 declined the 补杠 of 7s at turn 16
    # a draw in between changes nothing: 过杠后就不能再杠了 (001:12) lasts the round
    body["players"][1]["discards"] = [{"tile": "1p", "turn": 17}]
    assert errors(body) == [("passed_kong", "/players/1/melds/0")]


def test_a_declined_kong_needs_the_kongs_turn() -> None:
    body = golden("reject-passed-kong-added-later")
    del body["players"][1]["melds"][0]["turn"]
    assert errors(body) == [("missing_field", "/players/1/melds/0/turn")]


def test_a_kong_declined_after_konging_that_tile_cannot_have_happened() -> None:
    body = golden("reject-passed-kong-added-later")
    body["players"][1]["flags"]["passed_kongs"][0]["turn"] = 20  # the 补杠 at turn 20 holds all four 7s
    assert errors(body) == [("inconsistent_pass", "/players/1/flags/passed_kongs/0/turn")]


def test_a_declined_exposed_kong_closes_a_later_exposed_kong() -> None:
    body = golden("passed-kong-other-tile-and-late-concealed-kong")
    body["players"][2]["flags"] = {"passed_kongs": [{"tile": "6s", "turn": 10}]}  # seat 2's 直杠 6s is at turn 25
    assert errors(body) == [("passed_kong", "/players/2/melds/0")]


def test_a_records_tile_must_be_in_the_tile_set() -> None:
    # 108 tiles, 万筒条 (001:5), and 红中 when 红中赖子 (001:22), as in this round: winds are in neither
    body = golden("passed-win-lifted-by-a-draw")
    body["players"][1]["flags"]["passed_wins"][0]["tile"] = "E"
    body["players"][0]["flags"] = {"passed_pongs": [{"tile": "N", "turn": 3}], "passed_kongs": [{"tile": "S", "turn": 4}]}
    assert errors(body) == [("tile_not_in_set", "/players/0/flags/passed_pongs/0/tile"),
                            ("tile_not_in_set", "/players/0/flags/passed_kongs/0/tile"),
                            ("tile_not_in_set", "/players/1/flags/passed_wins/0/tile")]
