"""邯郸麻将 (handan): the tables against the seed, the options, 明扣's shown waits and the
checks that golden cases do not reach. Every number is read off 004_dc8b3a81c52afb80.txt
at the line cited beside it."""

from __future__ import annotations

from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.hand import HandRules
from rules.options import parse_options
from rules.tiles import parse_tiles
from rules.variants.handan import KONG_RULES, MODES, PATTERNS, HandanOptions, Table, shown_waits

F1, F2, F3 = "147p258sESWNPFC", "258p369sESWNPFC", "369p147sESWNPFC"
PLAIN = "23m456m234p678s55s"  # waits 1m/4m/7m; + 1m: 123m 456m 234p 678s 55s, no pattern


def body(options: dict[str, Any], players: list[dict[str, Any]], wins: list[dict[str, Any]], dealer: int = 0) -> dict[str, Any]:
    return {"variant": "handan", "options": options, "dealer": dealer, "players": players, "wins": wins}


def seat(i: int, hand: str, **kw: Any) -> dict[str, Any]:
    return {"seat": i, "hand": hand, **kw}


def table_with(winner: int, hand: str, **kw: Any) -> list[dict[str, Any]]:
    fill = iter((F1, F2, F3))
    return [seat(i, hand, **kw) if i == winner else seat(i, next(fill)) for i in range(4)]


def errors(b: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRound) as e:
        api.settle(b)
    return [(x.code, x.pointer) for x in e.value.errors]


def totals(b: dict[str, Any]) -> list[int]:
    return [s["total"] for s in api.settle(b)["scores"]]


# -- the data tables against the seed ---------------------------------------------------------------


@pytest.mark.parametrize(("pid", "value"), [
    ("pengpenghu", 2), ("yitiaolong", 2), ("jiahu", 2), ("bianzhang", 2), ("dandiao", 2),  # 004:69-71
    ("qixiaodui", 2), ("haohua", 4), ("shuang_haohua", 8), ("chao_haohua", 16),  # 004:72-75
    ("qingyise", 4), ("shisanyao", 10), ("gangshangkaihua", 2),  # 004:76-78
    ("tianhu", 2), ("mingkou", 2),  # 004:84, 004:83
])
def test_pattern_values(pid: str, value: int) -> None:
    assert PATTERNS.value(pid) == value


def test_seven_pairs_family_keeps_only_the_highest() -> None:
    assert PATTERNS.apply_exclusions(["qixiaodui", "haohua", "shuang_haohua"]) == ("shuang_haohua",)
    assert PATTERNS.apply_exclusions(["qixiaodui", "qingyise"]) == ("qixiaodui", "qingyise")


@pytest.mark.parametrize(("rule", "exposed", "added", "concealed"), [
    ("rule1", ("feeder", 1), ("others", 1), ("others", 2)),  # 004:54
    ("rule2", ("feeder", 1), ("feeder", 1), ("others", 2)),  # 004:55
    ("rule3", ("others", 1), ("others", 1), ("others", 2)),  # 004:56
    ("rule4", ("feeder", 1), ("feeder", 1), ("others", 1)),  # 004:57
    ("baosanjia", ("feeder_for_all", 1), ("feeder_for_all", 1), ("others", 2)),  # 004:114 (3 = 1 × three seats)
])
def test_kong_rules(rule: str, exposed: tuple[str, int], added: tuple[str, int], concealed: tuple[str, int]) -> None:
    r = KONG_RULES[rule]
    assert (r.exposed.payers, r.exposed.points) == exposed
    assert (r.added.payers, r.added.points) == added
    assert (r.concealed.payers, r.concealed.points) == concealed


@pytest.mark.parametrize(("mode", "kong", "pays", "double", "multi", "pao", "mingkou"), [
    ("dianpao_yijia", "rule4", "discarder", False, True, False, False),  # 004:88-95
    ("dianpao_sanjia", "rule3", "everyone", True, False, False, False),  # 004:97-104
    ("mingkou", "rule1", "discarder", False, False, True, True),  # 004:106-111, 004:40
    ("yipao_baosanjia", "baosanjia", "discarder_for_all", True, False, False, False),  # 004:113-118, 004:40
])
def test_modes(mode: str, kong: str, pays: str, double: bool, multi: bool, pao: bool, mingkou: bool) -> None:
    t = Table.of(parse_options(HandanOptions, {"mode": mode}, "/options"))
    assert (t.kong_rule.id, t.mode.discard_pays, t.self_draw_double, t.multi_win, t.pao, t.mingkou) == (
        kong, pays, double, multi, pao, mingkou)


def test_options_override_the_mode() -> None:
    opts = parse_options(HandanOptions, {"mode": "dianpao_sanjia", "kong_rule": "rule1", "self_draw_double": False,
                                         "multi_win": True, "pao_allowed": True, "mingkou_allowed": True}, "/options")
    t = Table.of(opts)
    assert (t.kong_rule.id, t.self_draw_double, t.multi_win, t.pao, t.mingkou) == ("rule1", False, True, True, True)
    assert t.mode is MODES["dianpao_sanjia"]


def test_default_mode_and_description() -> None:
    d = api.describe_variant("handan")
    opts = {o["name"]: o for o in d["options"]}
    assert opts["mode"]["default"] == "dianpao_yijia"
    assert opts["kong_rule"]["nullable"] and opts["kong_rule"]["default"] is None
    assert opts["base_points"]["choices"] == [1, 2, 5]  # 004:127
    assert d["tile_sets"]["4"]["size"] == 136  # 004:2
    assert {f["name"] for f in d["flags"]} == {"pao", "mingkou", "mingkou_tiles", "passed_wins", "passed_pongs"}  # 004:21-23


def test_budaifeng_plays_108_tiles() -> None:
    from rules.variants.handan import VARIANT
    opts = parse_options(HandanOptions, {"with_honours": False}, "/options")
    assert VARIANT.tileset(opts, 4).size == 108  # 004:3


# -- 明扣: the waits the shown tiles give away (004:135) --------------------------------------------------


def tiles(text: str) -> list[str]:
    return list(parse_tiles(text, "/t"))


@pytest.mark.parametrize(("hand", "shown", "waits", "visible"), [
    # 1234567m waits 1m/4m/7m; 4567m + 4m = 44+567, + 7m = 456+77, + 1m is no group
    ("1234567m123p456p", "4567m", "1m4m7m", "4m7m"),
    ("1234567m123p456p", "1234m", "1m4m7m", "1m4m"),  # 1234+1 = 11+234, +4 = 123+44; +7 no
    ("1234567m123p456p", "", "1m4m7m", ""),  # nothing shown gives away nothing
    ("1234567m123p456p", "1234567m123p456p", "1m4m7m", "1m4m7m"),  # all shown: every wait
    ("1133m55m22p44p66s9m", "9m", "9m", "9m"),  # 七小对: the lone 9m shown pairs the won 9m
    ("1133m55m22p44p66s9m", "11m", "9m", ""),  # the shown pair is not where 9m goes
])
def test_shown_waits(hand: str, shown: str, waits: str, visible: str) -> None:
    rules = HandRules(seven_pairs=True, thirteen_orphans=True)
    assert shown_waits(tiles(hand), tiles(shown), tiles(waits), rules) == tuple(tiles(visible))


def test_mingkou_waits_reported() -> None:
    b = body({"mode": "mingkou"}, table_with(1, "1234567m123p456p", flags={"mingkou": True, "mingkou_tiles": "4567m"}),
             [{"winner": 1, "from": None, "tile": "7m"}])
    hand = api.settle(b)["hands"][1]
    assert hand["mingkou_waits"] == ["4m", "7m"]
    assert hand["waits"] == ["1m", "4m", "7m"]


def test_mingkou_tiles_need_mingkou() -> None:
    b = body({"mode": "mingkou"}, table_with(1, PLAIN, flags={"mingkou_tiles": "23m"}), [{"winner": 1, "from": 3, "tile": "1m"}])
    assert ("inconsistent_flags", "/players/1/flags/mingkou_tiles") in errors(b)


def test_mingkou_tiles_must_be_in_hand() -> None:
    b = body({"mode": "mingkou"}, table_with(1, PLAIN, flags={"mingkou": True, "mingkou_tiles": "99m"}),
             [{"winner": 1, "from": None, "tile": "1m"}])
    assert errors(b) == [("mingkou_tiles_not_in_hand", "/players/1/flags/mingkou_tiles")]


def test_mingkou_loser_must_be_ready() -> None:
    # 明扣 is declared at 听牌 (004:48); the filler F2 waits on nothing
    players = [seat(0, F1), seat(1, PLAIN), seat(2, F2, flags={"mingkou": True}), seat(3, F3)]
    b = body({"mode": "mingkou"}, players, [{"winner": 1, "from": 3, "tile": "1m"}])
    assert errors(b) == [("mingkou_not_ready", "/players/2/hand")]


def test_mingkou_shown_tiles_must_give_a_wait_away() -> None:
    # PLAIN waits 1m/4m/7m; the shown pair 55s plus any of them is no set of groups on its own
    players = [seat(0, F1), seat(1, PLAIN, flags={"mingkou": True, "mingkou_tiles": "55s"}), seat(2, F2), seat(3, F3)]
    b = body({"mode": "mingkou"}, players, [])
    assert errors(b) == [("mingkou_no_shown_wait", "/players/1/flags/mingkou_tiles")]


def test_mingkou_cannot_rob_a_kong() -> None:
    # robbing a kong is a win on another's tile: not a self-draw (004:48)
    players = [seat(0, F1), seat(1, "123m456m234p56s88p", flags={"mingkou": True}),
               seat(2, "258p369sNPFC", melds=[{"type": "pong", "tile": "4s", "from": 0}]), seat(3, "369p179sESWNPFC")]
    b = body({"mode": "mingkou"}, players, [{"winner": 1, "from": 2, "tile": "4s", "robbing_kong": True}])
    assert errors(b) == [("mingkou_self_draw_only", "/wins/0/from")]


# -- other checks and facts ---------------------------------------------------------------------------------


def test_pao_allowed_override_in_mode1() -> None:
    b = body({"mode": "dianpao_yijia", "pao_allowed": True}, table_with(1, PLAIN, flags={"pao": True}),
             [{"winner": 1, "from": 0, "tile": "1m"}])
    assert totals(b) == [-2, 2, 0, 0]  # 1 × 跑2 (004:82) with the dealer


def test_multi_win_override_allows_two_winners_in_mode2() -> None:
    players = [seat(0, F1), seat(1, PLAIN), seat(2, F2), seat(3, "23m456m234p678s55m")]
    wins = [{"winner": 1, "from": 0, "tile": "1m", "turn": 9}, {"winner": 3, "from": 0, "tile": "1m", "turn": 9}]
    # 点炮得三家: each winner is paid 1 by each other seat; seat 0 pays both, seat 2 pays both,
    # seats 1 and 3 pay each other: s0 -2, s1 +3-1 = +2, s2 -2, s3 +3-1 = +2
    assert totals(body({"mode": "dianpao_sanjia", "multi_win": True}, players, wins)) == [-2, 2, -2, 2]


def test_earthly_is_not_scored() -> None:
    # 004 has no 地胡: a non-dealer winning on the dealer's first discard is a plain 点炮
    b = body({}, table_with(1, PLAIN), [{"winner": 1, "from": 0, "tile": "1m", "earthly": True}])
    assert totals(b) == [-1, 1, 0, 0]


def test_kong_draw_needs_a_kong() -> None:
    b = body({}, table_with(1, PLAIN), [{"winner": 1, "from": None, "tile": "1m", "kong_draw": True}])
    assert ("inconsistent_win", "/wins/0/kong_draw") in errors(b)


def test_robbing_needs_the_pong() -> None:
    b = body({}, table_with(1, PLAIN), [{"winner": 1, "from": 3, "tile": "1m", "robbing_kong": True}])
    assert ("inconsistent_win", "/wins/0/robbing_kong") in errors(b)


def test_big_hu_off_reports_unscored_patterns() -> None:
    b = body({"big_hu": False}, table_with(1, "123m456m222m99m78m"), [{"winner": 1, "from": 3, "tile": "6m"}])
    hand = api.settle(b)["hands"][1]
    assert hand["patterns"] == [] and hand["unscored_patterns"] == ["清一色"] and hand["multiplier"] == 1


def test_thirteen_orphans_forbidden_without_big_hu() -> None:
    players = [seat(0, "11447p2255s8s3s6s9s"), seat(1, "19m19p19sESWNPFC"), seat(2, "2255p8p3366s9s1s4s7s"),
               seat(3, "3366p9p1144s7s2s5s8s")]
    b = body({"big_hu": False}, players, [{"winner": 1, "from": 3, "tile": "1m"}])
    assert errors(b) == [("not_a_win", "/wins/0")]
    b["options"]["special_hands_without_big_hu"] = "counted"
    assert totals(b) == [0, 10, 0, -10]  # 十三幺X10 (004:77) kept


def test_item_note_explains_the_product() -> None:
    b = body({}, table_with(0, "2345678m9m555m99m"), [{"winner": 0, "from": 2, "tile": "1m"}])
    note = api.settle(b)["items"][0]["note"]
    assert "清一色×4" in note and "一条龙×2" in note and "带庄×2" in note and note.endswith("= 16")


def test_value_of_wait_through_analyze() -> None:
    # 2345678m9m555m99m waits on 1m for 123 456 789 555 99: 清一色4 × 一条龙2 = 8 (004:70, 004:76)
    out = api.analyze({"variant": "handan", "hand": "2345678m9m555m99m"})
    one = next(w for w in out["waits"] if w["tile"] == "1m")
    assert one["value"] == 8 and set(one["patterns"]) == {"清一色", "一条龙"}
    out2 = api.analyze({"variant": "handan", "options": {"base_points": 5}, "hand": PLAIN})
    # 23456m waits 1m (123 456), 4m (234 456), 7m (234 567): each plain and two-sided, × 底分5
    assert {w["tile"]: w["value"] for w in out2["waits"]} == {"1m": 5, "4m": 5, "7m": 5}


def test_notes_name_the_table() -> None:
    ans = api.settle(body({"mode": "yipao_baosanjia"}, table_with(1, PLAIN), []))
    assert ans["notes"][0].startswith("玩法 一炮包三家")
    assert any("黄庄不黄杠" in n for n in ans["notes"])
    assert ans["next_dealer"] == 0  # 荒庄: the dealer deals again (004:18)


# -- 同圈过牌 (004:21-23) ------------------------------------------------------------------------------

BEFORE_WIN = "23m456m234p55s"  # + a 999m meld; at the pass it held 999m too: waits 1m/4m/7m


def passed_win_round(kong_at: int, win_turn: int = 25) -> dict[str, Any]:
    """Seat 1 lets seat 2's 4m pass at turn 20, 点杠s seat 0's 9m at ``kong_at`` (discarding 5s
    right after), and wins seat 3's 1m at ``win_turn``."""
    players = [seat(0, F1, discards=[{"tile": "9m", "turn": kong_at - 1, "claimed_by": 1}]),
               seat(1, BEFORE_WIN, melds=[{"type": "kong", "kind": "exposed", "tile": "9m", "from": 0, "turn": kong_at}],
                    discards=[{"tile": "5s", "turn": kong_at + 1}], flags={"passed_wins": [{"tile": "4m", "turn": 20}]}),
               seat(2, F2, discards=[{"tile": "4m", "turn": 20}]), seat(3, F3)]
    return body({"mode": "dianpao_yijia"}, players, [{"winner": 1, "from": 3, "tile": "1m", "turn": win_turn}])


def test_passed_win_lifted_by_a_kong_after_it() -> None:
    # 下次抓牌/碰前不能再胡 (004:23): the 点杠 at turn 22 draws a replacement, so the 1m win stands.
    # 点杠谁点谁减1分 (004:89): seat 0 pays 1; 点炮 1 (004:62), 谁点谁减 (004:93): seat 3 pays 1
    assert totals(passed_win_round(kong_at=22)) == [-1, 2, 0, -1]
    # the same kong before the pass (turn 17): nothing of its own after turn 20, all waits still closed
    assert errors(passed_win_round(kong_at=17)) == [("passed_win", "/wins/0")]


def test_passed_win_needs_the_turns() -> None:
    b = passed_win_round(kong_at=22)
    del b["wins"][0]["turn"]
    assert errors(b) == [("missing_field", "/wins/0/turn")]
    b = passed_win_round(kong_at=17)
    del b["players"][1]["discards"][0]["turn"]  # whether seat 1 drew after turn 20 cannot be told
    assert errors(b) == [("missing_field", "/players/1/discards/0/turn")]


def test_passed_win_at_or_after_the_win_is_inconsistent() -> None:
    # the round ended with the win at turn 20: a pass recorded at turn 20 cannot have come before it
    b = passed_win_round(kong_at=17, win_turn=20)
    b["players"][2]["discards"] = []
    assert errors(b) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/turn")]


def test_passed_pong_lifted_by_a_pong_of_another_tile() -> None:
    def round_with(first_pong: int) -> dict[str, Any]:
        # seat 1 lets seat 2's 9m pass at turn 20, pongs seat 0's 1p at first_pong (discarding 8p
        # right after), pongs seat 3's 9m at turn 27 (discarding 5s), then wins seat 3's 1m
        players = [seat(0, F1, discards=[{"tile": "1p", "turn": first_pong - 1, "claimed_by": 1}]),
                   seat(1, "23m456m55s", melds=[{"type": "pong", "tile": "1p", "from": 0, "turn": first_pong},
                                                {"type": "pong", "tile": "9m", "from": 3, "turn": 27}],
                        discards=[{"tile": "8p", "turn": first_pong + 1}, {"tile": "5s", "turn": 28}],
                        flags={"passed_pongs": [{"tile": "9m", "turn": 20}]}),
                   seat(2, F2, discards=[{"tile": "9m", "turn": 20}]),
                   seat(3, F3, discards=[{"tile": "9m", "turn": 26, "claimed_by": 1}])]
        return body({"mode": "dianpao_yijia"}, players, [{"winner": 1, "from": 3, "tile": "1m", "turn": 30}])

    # 能碰而不碰，下次抓牌/碰前不能再碰 (004:22): the 1p pong at turn 23 ends the ban on 9m; the discard
    # after it shows no draw. 123m 456m 55s 111p 999m is plain: 点炮 1 (004:62), seat 3 pays (004:93)
    assert totals(round_with(first_pong=23)) == [0, 1, 0, -1]
    # the 1p pong at turn 18, before the pass: nothing lifts the ban before the 9m pong at turn 27
    assert errors(round_with(first_pong=18)) == [("passed_pong", "/players/1/melds/1")]
