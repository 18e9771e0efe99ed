"""红中麻将 (001_a1ce558555b69162.txt:221-262): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it. The
shared core pieces this variant added (``rules.win_checks``, the seven-pairs quad count)
are tested here too.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import api
from rules.generator import generate
from rules.hand import HandRules, analyse
from rules.variants.hongzhong.hongzhong import PATTERNS, Options, _self_draw_base, kong_table
from tests.support import golden_request, rejections, rotate, totals


def golden(name: str) -> dict[str, Any]:
    return golden_request("hongzhong", name)


errors = rejections




# -- the tables ----------------------------------------------------------------------------


def test_multipliers_are_the_seed_numbers() -> None:
    # 001:247-260: 平胡1倍, 天胡 地胡 抢杠胡 杠上炮 杠上开花 对对胡 清一色 单吊 海底捞月 七对 2倍,
    # 豪华七对4倍, 双豪华七对8倍, 三豪华七对16倍
    want = {"pinghu": 1, "tianhu": 2, "dihu": 2, "qiangganghu": 2, "gangshangpao": 2, "gangshangkaihua": 2,
            "duiduihu": 2, "qingyise": 2, "dandiao": 2, "haidilaoyue": 2, "qidui": 2, "haohua": 4,
            "shuanghaohua": 8, "sanhaohua": 16}
    assert {p.id: p.value for p in PATTERNS} == want
    names = {p.id: p.zh for p in PATTERNS}
    assert names["sanhaohua"] == "三豪华七对" and names["duiduihu"] == "对对胡"


def test_exclusions() -> None:
    assert all("pinghu" in p.excludes for p in PATTERNS if p.id != "pinghu")
    # one rung of the 七对 ladder replaces the lower ones (4, 8, 16 are not ×2 on top of 七对)
    assert PATTERNS.apply_exclusions(["pinghu", "qidui", "haohua", "shuanghaohua"]) == ("shuanghaohua",)
    # 单吊和碰碰胡叠加 (001:236 item 8): neither excludes the other
    assert PATTERNS.apply_exclusions(["pinghu", "duiduihu", "dandiao"]) == ("duiduihu", "dandiao")


@pytest.mark.parametrize(("n", "exposed"), [(4, 3), (3, 2), (2, 1)])
def test_kong_table(n: int, exposed: int) -> None:
    t = kong_table(n)
    # 001:241 补杠 每人付1分; 001:242 直杠 有几位闲家放杠者付几分 (n-1); 001:243 暗杠 每人付2分
    assert (t["added"].points, t["added"].from_everyone) == (1, True)
    assert (t["exposed"].points, t["exposed"].from_everyone) == (exposed, False)
    assert (t["concealed"].points, t["concealed"].from_everyone) == (2, True)


@pytest.mark.parametrize(("base", "mode", "want"), [(1, "plus_one", 2), (3, "plus_one", 4), (1, "double", 2), (3, "double", 6)])
def test_self_draw_base(base: int, mode: str, want: int) -> None:
    # 001:261 初始底分为1分，自摸底分加1分（相当于自摸底分2分）
    assert _self_draw_base(Options(base_points=base, self_draw_base=mode)) == want


def test_description_defaults() -> None:
    d = api.describe_variant("hongzhong")
    opts = {o["name"]: o["default"] for o in d["options"]}
    assert opts == {"base_points": 1, "win_on_discard": True, "self_draw_base": "plus_one", "wild_in_pure_suit": True,
                    "wild_quads": True, "win_on_discarded_hongzhong": False}
    assert d["tile_sets"]["4"]["size"] == 112  # 001:223
    assert d["source"] == "001_a1ce558555b69162.txt:221-262"


# -- scoring details ------------------------------------------------------------------------------


def test_four_hongzhong_is_no_special_win_here() -> None:
    # 001:221-262 has no 4 红中 推倒胡 (that is 001:22 and 001:270): ten loose tiles and 4 红中 do not win
    body = golden("haidilaoyue")
    body["players"][1]["hand"] = "1479m258p369sCCC"
    body["wins"] = [{"winner": 1, "from": None, "tile": "C"}]
    assert errors(body) == [("not_a_win", "/wins/0")]


def test_earthly_self_draw_is_not_dihu() -> None:
    # 地胡：胡庄家打出的第一张牌 (001:236 item 2): a non-dealer's self-draw on its first draw is accepted, not scored
    body = golden("haidilaoyue")
    body["wins"] = [{"winner": 1, "from": None, "tile": "9s", "earthly": True}]
    body.pop("wall_remaining")
    answer = api.settle(body)
    # 平胡 self-drawn: (1+1) × 1 = 2 from each other player (001:261-262a)
    assert [s["total"] for s in answer["scores"]] == [-2, 6, -2, -2]
    assert answer["hands"][1]["patterns"] == ["平胡"]
    assert any("地胡" in n for n in answer["notes"])


def test_last_tile_on_a_discard_leaves_a_note() -> None:
    answer = api.settle(golden("last-tile-discard"))
    assert any("海底捞月" in n for n in answer["notes"])


def test_kongs_do_not_scale_with_base_points() -> None:
    # 001:238-243 print fixed kong points; 底分 enters only 胡牌分 (001:261-262)
    body = golden("liuju-kongs")
    body["options"] = {"base_points": 5}
    assert totals(body) == [-6, 1, 0, 5]  # the same as liuju-kongs


def test_rotating_seats_rotates_the_answer() -> None:
    for name in ("readme-example", "yipaoduoxiang", "liuju-kongs", "gangshangpao"):
        body = golden(name)
        before = totals(body)
        n = len(before)
        for k in range(1, n):
            rotated = rotate(body, k)
            assert totals(rotated) == [before[(s - k) % n] for s in range(n)], (name, k)


@pytest.mark.parametrize("options", [{}, {"win_on_discard": False}, {"base_points": 3, "self_draw_base": "double"},
                                     {"wild_quads": False, "wild_in_pure_suit": False}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    for seed in range(12):
        body = generate("hongzhong", seed, options=options)
        answer = api.settle(body)
        assert sum(s["total"] for s in answer["scores"]) == 0
        assert api.settle(body) == answer


# -- impossible rounds --------------------------------------------------------------------------------


def test_konged_hongzhong() -> None:
    # 红中 不可碰、杠 (001:226)
    body = golden("readme-example")
    body["players"][1]["melds"] = [{"type": "kong", "kind": "concealed", "tile": "C"}]
    body["players"][2]["hand"] = "11335577m2244p9p"  # its 红中 is in the kong now
    body["players"][3]["discards"] = []
    assert ("wild_melded", "/players/1/melds/0") in errors(body)


def test_two_self_drawn_wins() -> None:
    body = golden("selfdraw-base-plus-one")
    body["wins"].append({"winner": 2, "from": None, "tile": "8s"})
    assert ("multiple_wins", "/wins/1") in errors(body)


def test_same_seat_wins_twice() -> None:
    body = golden("yipaoduoxiang")
    body["wins"][1]["winner"] = 0
    assert ("duplicate_winner", "/wins/1/winner") in errors(body)


def test_kong_draw_without_a_kong() -> None:
    body = golden("haidilaoyue")
    body["wins"][0]["kong_draw"] = True
    assert errors(body) == [("inconsistent_win", "/wins/0/kong_draw")]


def test_after_kong_discard_without_a_kong() -> None:
    body = golden("pinghu-discard")
    body["wins"][0]["after_kong_discard"] = True
    assert errors(body) == [("inconsistent_win", "/wins/0/after_kong_discard")]


def test_earthly_on_a_later_discard() -> None:
    body = golden("dihu")
    body["players"][0]["discards"] = ["9s"]  # the dealer had already discarded: not its first discard
    assert ("inconsistent_win", "/wins/0/earthly") in errors(body)


def test_chicken_flip_is_not_part_of_this_game() -> None:
    body = golden("pinghu-discard")
    body["reveals"] = {"chicken_flip": "1s"}
    assert errors(body) == [("unexpected_reveal", "/reveals/chicken_flip")]


def test_multi_win_flags_must_agree() -> None:
    body = golden("yipaoduoxiang")
    body["wins"][1]["last_tile"] = True
    assert ("inconsistent_win", "/wins/1/last_tile") in errors(body)


# -- waits -------------------------------------------------------------------------------------------


def test_waits_are_priced_as_discard_wins() -> None:
    out = api.analyze({"variant": "hongzhong", "hand": "112233m445566p7s"})
    # 7s: 七对 ×2 over 平胡 ×1 (001:257, 247), on a discard 底分1 × 2 = 2 (001:262b);
    # 红中: a discarded 红中 cannot be claimed (001:226), so a self-draw: (1+1) × 2 = 4 (001:261-262a)
    assert out["waits"] == [{"tile": "7s", "patterns": ["七对"], "value": 2},
                            {"tile": "C", "patterns": ["七对"], "value": 4}]


def test_waits_at_a_self_draw_only_table() -> None:
    out = api.analyze({"variant": "hongzhong", "hand": "112233m445566p7s", "options": {"win_on_discard": False}})
    # every win is a self-draw: (1+1) × 七对2 = 4
    assert [w["value"] for w in out["waits"]] == [4, 4]


def test_single_wait_is_priced_with_all_triplets() -> None:
    out = api.analyze({"variant": "hongzhong", "hand": "6s", "melds": [
        {"type": "pong", "tile": "1m", "from": 1}, {"type": "pong", "tile": "5p", "from": 1},
        {"type": "pong", "tile": "9s", "from": 1}, {"type": "pong", "tile": "3m", "from": 1}]})
    six = next(w for w in out["waits"] if w["tile"] == "6s")
    # 单吊 ×2 × 对对胡 ×2 on a discard: 底分1 × 4 = 4 (001:236 item 8, 001:253, 001:255, 001:262b)
    assert six["value"] == 4 and set(six["patterns"]) == {"单吊", "对对胡"}


# -- shared core additions ------------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "wild", "natural", "most"), [
    ("11122p3344668s8sC", "C", 0, 1),  # 3 real 1p + 红中 = a four (the bug this fixed: it counted 0)
    ("1122m3344p5566s7sC", "C", 0, 0),  # 红中 only pairs the 7s
    ("112233m4455pCCCC", "C", 0, 2),  # five pairs; 4 spare wilds upgrade two of them
    ("1112223333mCCCC", "C", 1, 3),  # 111+C, 222+C, 3333, and the last 2 红中 pair up
    ("11115555mCCCCFF", "CF", 2, 3),  # 6 spare wilds, no pair to upgrade: 4 of them are a four alone
])
def test_seven_pairs_quads(tiles: str, wild: str, natural: int, most: int) -> None:
    from rules.tiles import parse_tiles

    sp = analyse(parse_tiles(tiles, "/t"), HandRules(wild=frozenset(wild), seven_pairs=True)).seven_pairs
    assert sp is not None
    assert (sp.natural_quads, sp.max_quads) == (natural, most)


def test_win_checks_earthly_reading() -> None:
    from rules.win_checks import win_flag_errors

    body = golden("haidilaoyue")
    body["wins"] = [{"winner": 1, "from": None, "tile": "9s", "earthly": True}]
    snap = api_snapshot(body)
    assert win_flag_errors(snap, snap.wins[0], "/wins/0", earthly_self_draw=True) == []
    got = win_flag_errors(snap, snap.wins[0], "/wins/0", earthly_self_draw=False)
    assert [(e.code, e.pointer) for e in got] == [("inconsistent_win", "/wins/0/earthly")]


def api_snapshot(body: dict[str, Any]) -> Any:
    from rules.options import parse_options
    from rules.snapshot import parse_snapshot
    from rules.variants import REGISTRY

    return parse_snapshot(body, REGISTRY[body["variant"]].Flags, parse_options)


# -- 过胡不胡 / 过碰不碰 (001:229-230) ---------------------------------------------------------


def test_passed_pong_lifted_by_a_kong_replacement_draw() -> None:
    body = golden("reject-passed-pong-same-round")
    p0, _, p2, p3 = body["players"]
    # seat 2 makes its 9s an exposed kong of seat 0's discard at turn 30, between the pass (28)
    # and the 3m pong (31): the kong's replacement is a draw, 本轮摸牌结束后可碰 (001:229)
    p2["melds"][2] = {"type": "kong", "kind": "exposed", "tile": "9s", "from": 0, "turn": 30}
    p3["discards"] = [{"tile": "3m", "turn": 28}]
    p0["discards"].insert(1, {"tile": "9s", "turn": 30, "claimed_by": 2})
    # 单吊2 × 对对胡2 (kongs count as triplets) = 4 from seat 3 (001:253, 255, 262b);
    # 直杠 3 from the feeder, seat 0 (001:242, 4 players)
    assert totals(body) == [-3, 0, 7, -4]


def test_a_discard_after_a_pong_is_not_a_draw() -> None:
    body = golden("reject-passed-pong-same-round")
    p0, _, p2, p3 = body["players"]
    # seat 2 lets 3m pass at 28, pongs seat 0's 9s at 29 and discards 1p at 30 (that discard follows
    # the pong, not a draw), then pongs seat 0's next 3m at 32: still 本轮中 (001:229)
    p2["melds"][2].update({"from": 0, "turn": 29})
    p2["melds"][3]["turn"] = 32
    p2["discards"] = [{"tile": "1p", "turn": 30}]
    p3["discards"] = [{"tile": "3m", "turn": 28}]
    p0["discards"] = [{"tile": "1m", "turn": 5, "claimed_by": 2}, {"tile": "9s", "turn": 29, "claimed_by": 2},
                      {"tile": "3m", "turn": 32, "claimed_by": 2}]
    assert errors(body) == [("passed_pong", "/players/2/melds/3")]
    # the 9s pong back at turn 23, before the pass: the 1p discard at 30 shows a draw → the round of
    # golden dandiao-duiduihu, 单吊2 × 对对胡2 = 4 from seat 3 (001:253, 255, 262b)
    p2["melds"][2]["turn"] = 23
    p0["discards"][1]["turn"] = 23
    assert totals(body) == [0, 0, 4, -4]


def test_passed_win_needs_the_winners_discard_turns() -> None:
    body = golden("passed-win-lifted-by-draw")
    del body["players"][1]["discards"][0]["turn"]
    # whether seat 1 drew since the pass (直到其再次摸牌, 001:230) is told by its discards' turns
    assert errors(body) == [("missing_field", "/players/1/discards/0/turn")]


def test_passed_win_recorded_at_the_win_is_inconsistent() -> None:
    body = golden("reject-passed-win-same-suit")
    body["players"][1]["flags"]["passed_wins"][0]["turn"] = 21
    # a declined win comes before the win that ended the round (001:230 "放弃…则别的玩家再打出")
    assert errors(body) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/turn")]
