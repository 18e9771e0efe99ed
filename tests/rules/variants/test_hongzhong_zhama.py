"""红中麻将·扎码 (001_a1ce558555b69162.txt:263-293): unit tests beside the golden cases.

Every expected number is worked out by hand from the seed lines cited beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import api
from rules.birds import draws_from_short_wall, split_draws
from rules.errors import InvalidRound
from rules.generator import generate
from rules.options import parse_options
from rules.variants.hongzhong.zhama import KONG_TABLE, MA_POINTS, PATTERNS, VARIANT, Options
from tests.rules.variants.test_hongzhong import rotate
from tests.support import golden_request, rejections, totals


def golden(name: str) -> dict[str, Any]:
    return golden_request("hongzhong-zhama", name)


errors = rejections


# -- the tables ----------------------------------------------------------------------------


def test_win_points_are_the_seed_numbers() -> None:
    # 001:286 自摸胡，每人出2分。胡牌玩家中1个码，则每人多出2分
    assert {p.id: p.value for p in PATTERNS} == {"zimo": 2, "qiangganghu": 2, "sihongzhong": 2}
    assert MA_POINTS == 2
    assert PATTERNS.apply_exclusions(["zimo", "sihongzhong"]) == ("sihongzhong",)


@pytest.mark.parametrize(("n", "exposed", "added", "concealed"), [
    (4, 3, 1, 2),  # 001:283-285: 放杠玩家出3分; 其他玩家每人出1分; 其他玩家每人出2分
    (3, 2, 1, 2),  # 001:287-289
    (2, 1, 1, 2),  # 001:291-293
])
def test_kong_table_by_players(n: int, exposed: int, added: int, concealed: int) -> None:
    t = KONG_TABLE[n]
    assert (t["exposed"].points, t["added"].points, t["concealed"].points) == (exposed, added, concealed)
    assert (t["exposed"].from_everyone, t["added"].from_everyone, t["concealed"].from_everyone) == (False, True, True)


def test_description_defaults() -> None:
    d = api.describe_variant("hongzhong-zhama")
    opts = {o["name"]: o["default"] for o in d["options"]}
    assert opts == {"base_points": 1, "ma_count": 4, "ma_faces": "159", "one_ma_all": False,
                    "robbing_kong_payment": "all", "melded_hongzhong_counts": False, "seven_pairs": False}


def test_bad_ma_faces_option() -> None:
    body = golden("readme-example")
    body["options"] = {"ma_faces": "158"}
    assert errors(body) == [("invalid_option", "/options/ma_faces")]


# -- 码 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("wanted", "given", "left", "want"), [
    ([4], 4, 20, [4]),
    ([4], 2, 0, [2]),  # 若剩余牌数不足，则有多少牌扎多少牌 (001:274)
    ([4], 2, 3, None),  # tiles were left, so all 4 should have been drawn
    ([4], 5, None, None),
    ([1, 2], 2, 0, [1, 1]),  # the first winner is served first
    ([1, 2], 3, None, [1, 2]),
])
def test_draws_from_short_wall(wanted: list[int], given: int, left: int | None, want: list[int] | None) -> None:
    assert draws_from_short_wall(wanted, given, left) == want


def test_split_draws() -> None:
    assert split_draws(["1m", "2m", "9s"], [1, 2]) == [("1m",), ("2m", "9s")]


def test_fewer_ma_with_tiles_left_is_rejected() -> None:
    body = golden("short-wall-fewer-ma")
    body["wall_remaining"] = 3
    assert errors(body) == [("bird_count", "/reveals/birds")]


def test_ma_hit_faces() -> None:
    # 点数为1、6、9（红中算1）(001:273) under 169; 1/5/9 under the default
    body = golden("readme-example")
    body["reveals"]["birds"] = ["5m", "6p", "9s", "C"]
    a159 = api.settle(body)
    body["options"] = {"ma_faces": "169"}
    a169 = api.settle(body)
    hits = {h["seat"]: h.get("ma_hits") for h in a159["hands"]}
    assert hits[1] == ["5m", "9s", "C"]
    assert next(h for h in a169["hands"] if h["seat"] == 1)["ma_hits"] == ["6p", "9s", "C"]


def test_birds_to_draw_hook() -> None:
    opts = parse_options(Options, {"ma_count": 2}, "/options")
    body = golden("no-hongzhong-extra-ma")  # the winner holds no 红中: 2 + 1 (001:274)
    assert VARIANT.birds_to_draw(body, opts) == 3
    body = golden("readme-example")  # the winner holds a 红中
    assert VARIANT.birds_to_draw(body, opts) == 2
    assert VARIANT.birds_to_draw(body, parse_options(Options, {"one_ma_all": True}, "/options")) == 1


# -- wins ------------------------------------------------------------------------------------


def test_four_hongzhong_must_be_drawn() -> None:
    # 摸到4红中推倒胡 (001:270): four 红中 in hand do not make a robbed tile a win by themselves
    body = golden("four-hongzhong-tuidaohu")
    body["players"][0]["melds"] = [{"type": "pong", "tile": "9s", "from": 1}]
    body["players"][0]["hand"] = "123456m1133p"
    body["players"][3]["hand"] = "1479m258p36sCCCC"
    body["wins"] = [{"winner": 3, "from": 0, "tile": "9s", "robbing_kong": True}]
    assert errors(body) == [("not_a_win", "/wins/0")]


def test_after_kong_discard_is_a_discard_win() -> None:
    body = golden("no-hongzhong-extra-ma")
    body["wins"] = [{"winner": 2, "from": 3, "tile": "3s", "after_kong_discard": True}]
    assert ("win_not_allowed", "/wins/0/from") in errors(body)


def test_unscored_flags_leave_a_note() -> None:
    body = golden("no-hongzhong-extra-ma")
    body["wins"][0]["last_tile"] = True
    body["wall_remaining"] = 0
    # the last tile leaves nothing to draw 码 from (有多少牌扎多少牌, 001:274): its 5 码 cannot be
    with pytest.raises(InvalidRound) as caught:
        api.settle(body)
    assert [e.pointer for e in caught.value.errors] == ["/reveals/birds"]
    body["reveals"] = {"birds": []}
    answer = api.settle(body)
    # no 海底 pattern here (001:276-286): 自摸 2 from each other player (001:286), no 码
    assert [s["total"] for s in answer["scores"]] == [-2, -2, 6, -2]
    assert any("last_tile" in n for n in answer["notes"])


def test_rotating_seats_rotates_the_answer() -> None:
    for name in ("readme-example", "kongs-3p-with-win", "qiangganghu-two-winners", "liuju-kongs-4p"):
        body = golden(name)
        before = totals(body)
        n = len(before)
        for k in range(1, n):
            assert totals(rotate(body, k)) == [before[(s - k) % n] for s in range(n)], (name, k)


@pytest.mark.parametrize("options", [{}, {"one_ma_all": True}, {"ma_count": 0, "ma_faces": "169"},
                                     {"seven_pairs": True, "base_points": 2, "melded_hongzhong_counts": True}])
def test_generated_rounds_settle(options: dict[str, Any]) -> None:
    for seed in range(12):
        body = generate("hongzhong-zhama", seed, options=options)
        answer = api.settle(body)
        assert sum(s["total"] for s in answer["scores"]) == 0
        assert api.settle(body) == answer
        assert all(w["from"] is None for w in body["wins"])


# -- waits -------------------------------------------------------------------------------------


def test_waits_are_priced_as_self_draws() -> None:
    out = api.analyze({"variant": "hongzhong-zhama", "hand": "123456m789p11s45s", "options": {"base_points": 3}})
    # 3s and 6s complete 345s/456s; each other player would pay 2 × 底分3 = 6 before 码 (001:286)
    assert {w["tile"]: w["value"] for w in out["waits"]} == {"3s": 6, "6s": 6, "C": 6}


def test_three_hongzhong_wait_on_the_fourth() -> None:
    out = api.analyze({"variant": "hongzhong-zhama", "hand": "1479m258p369sCCC"})
    # no shape wins, but the 4th 红中 does (摸到4红中推倒胡, 001:270)
    assert out["waits"] == [{"tile": "C", "patterns": ["四红中推倒胡"], "value": 2}]


def test_four_hongzhong_hand_is_complete() -> None:
    out = api.analyze({"variant": "hongzhong-zhama", "hand": "1479m258p369sCCCC"})
    # 10 loose tiles and 4 红中: no sets-and-pair reading, yet a win (摸到4红中推倒胡, 001:270)
    assert out["complete"] is True and out["decompositions"] == []
    assert api.analyze({"variant": "hongzhong", "hand": "1479m258p369sCCCC"})["complete"] is False  # no 推倒胡 in 001:221-262


# -- 过碰不碰 (001:272) ----------------------------------------------------------------------
# Both rounds below are the golden reject-passed-pong-before-draw: seat 1 let seat 2's 红中 pass
# at turn 3 (passed_pongs [{C, 3}]) and pongs seat 0's 红中 at turn 6 (at 10 where a test gives
# seat 1 a claim of its own in between).


def _second_pong_of_5p(body: dict[str, Any], pong_turn: int) -> None:
    """Seat 1's 567p becomes a pong of seat 0's 5p (hand 234m 5789s + 5p pong + 红中 pong: 7 + 6 = 13);
    5p is nowhere else in the round, so its 4th copy is unused."""
    body["players"][1]["hand"] = "234m5789s"
    body["players"][1]["melds"].insert(0, {"type": "pong", "tile": "5p", "from": 0, "turn": pong_turn})
    body["players"][0]["discards"].insert(0, {"tile": "5p", "turn": pong_turn - 1, "claimed_by": 1})


def _hongzhong_ponged_at_10(body: dict[str, Any]) -> None:
    """Seat 0's 红中 comes at turn 9 and seat 1 pongs it at 10: a go-around after the pass at 3,
    which seat 1 spends on a claim of its own (below) instead of a draw."""
    body["players"][0]["discards"][0]["turn"] = 9
    body["players"][1]["melds"][0]["turn"] = 10


def test_exposed_kong_replacement_draw_lifts_the_ban() -> None:
    body = golden("reject-passed-pong-before-draw")
    _hongzhong_ponged_at_10(body)
    _second_pong_of_5p(body, 7)
    body["players"][1]["melds"][0] = {"type": "kong", "kind": "exposed", "tile": "5p", "from": 0, "turn": 7}
    # the kong at turn 7 brings a replacement draw: 本轮摸牌结束后可碰 (001:272), the 红中 pong stands.
    # seat 1 self-draws 5s (234m 55s 789s + two melds), no 红中 in hand → 5 码, 3 hits: 2 + 3×2 = 8 from
    # each (001:274, 273, 286); 明杠 放杠玩家出3分 (001:283): seat 0 pays 3 more → [-11, 27, -8, -8]
    assert totals(body) == [-11, 27, -8, -8]


def test_discard_after_a_pong_is_not_a_draw() -> None:
    body = golden("reject-passed-pong-before-draw")
    _hongzhong_ponged_at_10(body)
    _second_pong_of_5p(body, 5)
    body["players"][1]["discards"] = [{"tile": "1p", "turn": 6}]
    # the 1p at turn 6 follows seat 1's pong at turn 5: no tile was drawn, so the ban on 红中 (turn 3)
    # still holds when it pongs 红中 at turn 10 (本轮中再次出现此张牌时不可碰, 001:272)
    assert errors(body) == [("passed_pong", "/players/1/melds/1")]


@pytest.mark.parametrize(("path", "pointer"), [
    (("players", 1, "discards", 0), "/players/1/discards/0/turn"),
    (("players", 1, "melds", 0), "/players/1/melds/0/turn"),
])
def test_missing_turns_are_named(path: tuple[Any, ...], pointer: str) -> None:
    body = golden("passed-pong-lifted-by-draw")
    node: Any = body
    for key in path:
        node = node[key]
    del node["turn"]
    # 过碰不碰 (001:272) is decided by turns: without them the draw cannot be placed
    assert errors(body) == [("missing_field", pointer)]


def test_a_pass_at_or_after_the_pong_cannot_have_happened() -> None:
    body = golden("reject-passed-pong-before-draw")
    # seat 1 ponged 红中 at turn 6: with three in its pong at most one copy is left (001:265), so a
    # declined pong of 红中 at turn 6 or later cannot have happened
    for turn in (6, 7):
        body["players"][1]["flags"]["passed_pongs"] = [{"tile": "C", "turn": turn}]
        assert errors(body) == [("inconsistent_pass", "/players/1/flags/passed_pongs/0/turn")]
