"""湖南抓鸟麻将 (hunan-zhuaniao): hand values, bird seats, options, 过胡 and properties.

Every expected number is worked out by hand from 002_683f88db9c0b8605.txt (cited per test);
the golden cases in tests/golden/hunan-zhuaniao/ cover whole rounds.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import api
from rules.birds import bird_hits, bird_hits_four_seat, share_hits
from rules.errors import InvalidRound
from rules.generator import generate
from rules.options import describe_options, options_schema
from rules.snapshot import Meld, Player, Win
from rules.tiles import parse_tiles
from rules.variants.hunan_zhuaniao import (
    PATTERNS,
    VARIANT,
    Flags,
    HandScore,
    Options,
    best_reading,
    bird_multiplier,
    birds_for,
)
from tests.support import rotate as _rotate

OPTS = Options()


def player(hand: str, melds: tuple[Meld, ...] = (), ready: int | None = None) -> Player:
    return Player(0, parse_tiles(hand, "/h"), melds, (), (), ready, Flags())


def pong(tile: str, frm: int = 1) -> Meld:
    return Meld("pong", (tile,) * 3, None, frm)


def concealed_kong(tile: str) -> Meld:
    return Meld("kong", (tile,) * 4, "concealed")


# -- hand values (002:235-307) ------------------------------------------------------------


@pytest.mark.parametrize(("hand", "melds", "tile", "self_drawn", "names", "value"), [
    # 002:307 the seed's own example: 将将胡 + 碰碰胡全求人 = 5×2×2
    ("5m", (pong("2m"), pong("8m"), pong("2s"), pong("5s")), "5m", False, ("碰碰胡全求人", "将将胡"), 20),
    # 002:307 豪华七小对 + 将将胡 = 8×2×2
    ("22225588m22558s", (), "8s", True, ("豪华七小对", "将将胡"), 32),
    # 002:303 七对 + 清一色: 8×2
    ("1122334557799m", (), "4m", True, ("七小对", "清一色"), 16),
    # 002:247 门清碰碰胡 8; 002:251 + 门清将将胡 → 8×2
    ("1113334m777999s", (), "4m", False, ("门清碰碰胡",), 8),
    ("222555888m2255s", (), "2s", False, ("门清碰碰胡", "门清将将胡"), 16),
    # 002:251 将将胡 in no set shape, 门清 → 8
    ("222555888m2255s", (), "8s", False, ("门清将将胡",), 8),
    # 002:255 清一色 with a pong 5, 门清 8
    ("2345677899s", (pong("1s"),), "9s", False, ("清一色",), 5),
    ("1112345678999s", (), "5s", False, ("门清清一色",), 8),
    # 002:267-275 the 豪华 family
    ("1111336677m449s", (), "9s", False, ("豪华七小对",), 16),
    ("1111222233445s", (), "5s", False, ("双豪华七小对", "清一色"), 64),
    ("11113333m66669s", (), "9s", True, ("三豪华七小对",), 64),
    # 002:239 平胡 2, 平胡门清 (default 2), 门清 keeps a 暗杠 (002:135)
    ("123456m1789s", (pong("9m"),), "1s", True, ("平胡",), 2),
    ("123456789m1235s", (), "5s", True, ("平胡门清",), 2),
    ("123456789m1p", (concealed_kong("5s"),), "1p", True, ("平胡门清",), 2),
    # 全求人 needs another player's tile (default): self-drawn it is 碰碰胡
    ("3p", (pong("1m"), pong("4m"), pong("7s"), pong("9s")), "3p", True, ("碰碰胡",), 5),
])
def test_hand_values(hand: str, melds: tuple[Meld, ...], tile: str, self_drawn: bool, names: tuple[str, ...],
                     value: int) -> None:
    score = best_reading(player(hand, melds), tile, self_drawn, OPTS)
    assert score is not None
    assert score.names() == names
    assert score.value == value


def test_not_a_win() -> None:
    assert best_reading(player("123456m1789s", (pong("9m"),)), "2s", True, OPTS) is None


def test_jiangjiang_shape_option() -> None:
    hand = player("2288m258p258s", (pong("5m"),))
    assert best_reading(hand, "5s", False, OPTS) is not None
    assert best_reading(hand, "5s", False, Options(jiangjiang_any_shape=False)) is None


def test_pattern_table_declares_every_value_and_exclusion() -> None:
    assert {p.id for p in PATTERNS} >= {"pinghu", "menqing_pinghu", "pengpenghu", "quanqiuren", "jiangjianghu",
                                        "qingyise", "qixiaodui", "san_haohua_qixiaodui", "baoting"}
    for p in PATTERNS:
        assert all(x in PATTERNS for x in p.excludes)
    # 002:267-275: each 豪华 step doubles 七小对's 8
    assert [PATTERNS.value(p) for p in ("qixiaodui", "haohua_qixiaodui", "shuang_haohua_qixiaodui",
                                        "san_haohua_qixiaodui")] == [8, 16, 32, 64]


# -- birds (002:159-227) ---------------------------------------------------------------------


def faces_to_offsets(n: int) -> dict[int, int]:
    return {r: next(iter(bird_hits([f"{r}m"], 0, n))) for r in range(1, 10)}


def test_bird_faces_four_players() -> None:
    # 002:167 抓鸟者为159，下家为26，对家37，上家48
    assert faces_to_offsets(4) == {1: 0, 5: 0, 9: 0, 2: 1, 6: 1, 3: 2, 7: 2, 4: 3, 8: 3}


def test_bird_faces_three_players() -> None:
    # 002:171 三人场抓鸟者为147，下家为258，上家为369
    assert faces_to_offsets(3) == {1: 0, 4: 0, 7: 0, 2: 1, 5: 1, 8: 1, 3: 2, 6: 2, 9: 2}


def test_bird_faces_two_players() -> None:
    # 002:191 两人场只中13579 (平鸟): the odd faces are the drawer's
    assert [r for r, off in faces_to_offsets(2).items() if off == 0] == [1, 3, 5, 7, 9]


def test_four_seat_faces_at_short_tables() -> None:
    birds = [f"{r}s" for r in range(1, 10)]
    # 2 players: 159 the drawer, 26 and 48 the opponent, 37 (对家) nobody
    assert bird_hits_four_seat(birds, 1, 2) == {1: 3, 0: 4}
    # 3 players from seat 0: 下家 1 gets 26, 上家 2 gets 48, 37 nobody
    assert bird_hits_four_seat(birds, 0, 3) == {0: 3, 1: 2, 2: 2}
    assert bird_hits_four_seat(birds, 2, 4) == bird_hits(birds, 2, 4)


def test_share_hits() -> None:
    hits = bird_hits(["1m", "2m", "3m"], 0, 4)  # winner 0, 下家 1, 对家 2
    assert share_hits(hits, 0, 1) == 2  # 002:179/183: the winner's bird + the payer's own
    assert share_hits(hits, 0, 3) == 1


@pytest.mark.parametrize(("hits", "stacking", "mult"), [
    (0, "double", 1), (1, "double", 2), (2, "double", 4), (3, "double", 8),  # 002:179 中两鸟翻4倍
    (0, "linear", 1), (1, "linear", 2), (2, "linear", 4), (3, "linear", 6),
])
def test_bird_multiplier(hits: int, stacking: str, mult: int) -> None:
    assert bird_multiplier(hits, stacking) == mult


@pytest.mark.parametrize(("big", "menqing", "flags", "mode"), [
    (True, False, {}, "draw"),  # 002:167 大胡都要抓鸟
    (False, False, {}, "none"),  # 002:211 普通小胡不抓鸟
    (False, True, {}, "draw"),  # 002:211 门清小胡抓鸟
    (False, True, {"kong_draw": True}, "none"),  # 002:211 小胡杠上开花不抓鸟
    (False, True, {"robbing_kong": True}, "none"),  # 002:215 小胡抢杠胡不抓鸟
    (True, False, {"last_tile": True}, "all"),  # 002:211 大胡海底捞算鸟全中
    (False, True, {"last_tile": True}, "all"),  # 002:211 门清海底捞算鸟全中
    (False, False, {"last_tile": True}, "none"),  # 002:211 小胡海底捞不抓鸟
])
def test_which_wins_meet_the_birds(big: bool, menqing: bool, flags: dict[str, bool], mode: str) -> None:
    score = HandScore(("x",), 2, big, menqing)
    from_seat = 1 if flags.get("robbing_kong") else None
    assert birds_for(score, Win(0, from_seat, "1m", **flags), OPTS).mode == mode


# -- value_of_wait / analyze -------------------------------------------------------------------


def test_value_of_wait_prices_each_wait() -> None:
    p = player("222555888m2255s")
    assert VARIANT.value_of_wait(p, "2s", None, OPTS) == (("门清碰碰胡", "门清将将胡"), 16)
    assert VARIANT.value_of_wait(p, "8s", None, OPTS) == (("门清将将胡",), 8)
    assert VARIANT.value_of_wait(p, "3s", None, OPTS) is None


def test_value_of_wait_with_ready_declaration() -> None:
    p = player("123456789m1235s", ready=3)
    # 平胡门清 2 self-drawn only (002:127), 报听 ×2 (002:283)
    assert VARIANT.value_of_wait(p, "5s", None, OPTS) == (("平胡门清", "报听"), 4)


def test_waits_include_any_shape_jiangjiang() -> None:
    p = player("222555888m2255s")
    rules = VARIANT.hand_rules(None, OPTS)
    waits = VARIANT.waits_of(p, rules, VARIANT.tileset(OPTS, 4))
    # the hand holds at most 3 of any face, so every 2/5/8 face completes an any-shape 将将胡
    assert waits == ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s"]


def test_analyze_endpoint() -> None:
    out = api.analyze({"variant": "hunan-zhuaniao", "hand": "222555888m2255s"})
    priced = {w["tile"]: w["value"] for w in out["waits"]}
    assert priced["2s"] == 16 and priced["8s"] == 8
    done = api.analyze({"variant": "hunan-zhuaniao", "hand": "222888m258p25588s"})
    assert done["complete"] is True  # 将将胡 needs no shape
    melded = api.analyze({"variant": "hunan-zhuaniao", "hand": "2288m258p2558s",
                          "melds": [{"type": "pong", "tile": "9m", "from": 1}]})
    assert melded["complete"] is False  # the 9m pong is no 2/5/8


# -- options and flags --------------------------------------------------------------------------


def test_passed_wins_flag_is_described_and_validated() -> None:
    desc = {d["name"]: d for d in describe_options(Flags)}
    assert desc["passed_wins"]["fields"] == {"tile": "tile", "turn": "turn", "value": "integer?"}  # turn: an integer ≥ 0
    schema = options_schema(Flags)["properties"]["passed_wins"]
    assert schema["items"]["required"] == ["tile", "turn"]
    assert schema["items"]["properties"]["turn"] == {"type": "integer", "minimum": 0}


def _round(flags: dict[str, Any] | None = None, win_turn: int = 21, extra_discards: list[dict[str, Any]] | None = None,
           melds: list[dict[str, Any]] | None = None, hand: str = "222555888m2255s") -> dict[str, Any]:
    seat3: dict[str, Any] = {"seat": 3, "hand": hand, "discards": extra_discards or [], "melds": melds or []}
    if flags is not None:
        seat3["flags"] = flags
    return {
        "variant": "hunan-zhuaniao", "dealer": 0,
        "players": [
            {"seat": 0, "hand": "1234567899m11p1s", "discards": [{"tile": "2s", "turn": 20}]},
            {"seat": 1, "hand": "2223334445556p"},
            {"seat": 2, "hand": "666777888p1346s"},
            seat3,
        ],
        "wins": [{"winner": 3, "from": 1, "tile": "8s", "turn": win_turn}],
        "reveals": {"birds": ["3p", "7p"]},
    }


def _codes(body: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    return [(x.code, x.pointer) for x in e.value.errors]


def test_pass_records_bad_shapes() -> None:
    assert _codes(_round({"passed_wins": [{"tile": "2s"}]})) == [("missing_field", "/players/3/flags/passed_wins/0/turn")]
    assert _codes(_round({"passed_wins": [{"tile": "2s", "turn": 20, "why": 1}]}))[0][1] == \
        "/players/3/flags/passed_wins/0/why"
    assert _codes(_round({"passed_wins": [{"tile": "2x", "turn": 20}]}))[0] == \
        ("unknown_tile", "/players/3/flags/passed_wins/0/tile")
    assert _codes(_round({"passed_wins": [{"tile": "2s", "turn": 30}]})) == \
        [("inconsistent_pass", "/players/3/flags/passed_wins/0/turn")]


def test_pass_without_win_turn_needs_it() -> None:
    body = _round({"passed_wins": [{"tile": "2s", "turn": 20}]})
    del body["wins"][0]["turn"]
    assert _codes(body) == [("missing_field", "/wins/0/turn")]


def test_pass_checked_against_given_value() -> None:
    # 002:143: the declined win was worth 4 (given), the 8 win is higher → allowed
    answer = api.settle(_round({"passed_wins": [{"tile": "2s", "turn": 20, "value": 4}]}))
    assert [s["total"] for s in answer["scores"]] == [0, -32, 0, 32]  # 门清将将胡 8, 3p 7p on seat 1 → ×4


def test_pass_not_lifted_by_a_pong_discard() -> None:
    # 002:143 摸牌之前: declined 5s (worth 10) at 20, ponged 2p at 22 and discarded 9p at 23 without drawing,
    # then won 2s at 25: 将将胡 5 is not higher than 10 → 422
    body = {
        "variant": "hunan-zhuaniao", "dealer": 0,
        "players": [
            {"seat": 0, "hand": "113366779m1199s", "discards": [{"tile": "5s", "turn": 20}]},
            {"seat": 1, "hand": "3334445556667p"},
            {"seat": 2, "hand": "44m3344667788s1p"},
            {"seat": 3, "hand": "222555888m5s", "melds": [{"type": "pong", "tile": "2p", "from": 1, "turn": 22}],
             "discards": [{"tile": "9p", "turn": 23}],
             "flags": {"passed_wins": [{"tile": "5s", "turn": 20, "value": 10}]}},
        ],
        "wins": [{"winner": 3, "from": 1, "tile": "2s", "turn": 25}],
        "reveals": {"birds": ["3m", "7m"]},
    }
    assert _codes(body) == [("passed_win", "/wins/0")]
    body["players"][3]["melds"][0]["turn"] = 18  # the pong was before the pass: the 9p discard at 23 followed a draw
    assert api.settle(body)["scores"][3]["total"] == 20  # 将将胡 5; 3m 7m → 对家 seat 1 = discarder → ×4


def test_pass_needs_discard_turns() -> None:
    body = _round({"passed_wins": [{"tile": "2s", "turn": 20}]}, extra_discards=[{"tile": "9p"}])
    body["players"][2]["hand"] = "666777888p1346s"
    assert _codes(body) == [("missing_field", "/players/3/discards/0/turn")]


# -- properties on generated rounds ------------------------------------------------------------




@pytest.mark.parametrize("seed", range(40))
def test_generated_rounds_zero_sum_deterministic_rotatable(seed: int) -> None:
    options = [{}, {"bird_mode": "ping"}, {"bird_count": 4, "bird_stacking": "linear"}, {"two_player_fei": "four_seat"}]
    body = generate("hunan-zhuaniao", seed, options=options[seed % 4])
    answer = api.settle(body)
    totals = [s["total"] for s in answer["scores"]]
    assert sum(totals) == 0
    assert api.settle(body) == answer
    n = len(totals)
    rotated = api.settle(_rotate(body, 1))
    assert [s["total"] for s in rotated["scores"]] == [totals[(i - 1) % n] for i in range(n)]
    assert all(isinstance(i["points"], int) and i["points"] > 0 for i in answer["items"])
