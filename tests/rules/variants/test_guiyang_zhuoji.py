"""贵阳捉鸡 (guiyang-zhuoji): pattern evaluation, chickens, dealer table, 查叫 pricing, checks.

Every expected value is worked out by hand from seed 000_3c064d3c0991bdb9.txt (cited
``000:line``); the whole-round cases are the JSON files in tests/golden/guiyang-zhuoji/.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import api
from rules.errors import InvalidRound
from rules.generator import generate
from rules.options import NoOptions, parse_options
from rules.snapshot import Meld, Player, Reveals, Snapshot, parse_snapshot
from rules.tiles import parse_tiles
from rules.variants.guiyang_zhuoji.chickens import chickens_of, first_discard, flipped_chicken
from rules.variants.guiyang_zhuoji.dealer import next_dealer
from rules.variants.guiyang_zhuoji.draw import best_wait
from rules.variants.guiyang_zhuoji.options import Options
from rules.variants.guiyang_zhuoji.patterns import SHAPES, evaluate
from tests.golden_cases import case_files, load
from tests.test_properties import rotate

X1 = "19m24569p34579sC"  # 13 tiles, not ready
X2 = "19m23579p24689sC"
X3 = "9m13469p2357sCC7p"


def pong(tile: str, frm: int = 0) -> Meld:
    return Meld("pong", (tile,) * 3, None, frm, None)


# --- 胡牌牌型 (000:105-141) ---------------------------------------------------------------

PATTERN_CASES = [
    # hand, melds, winning tile, expected pattern, value, seed line
    ("234m456m78m234p66p", [], "6m", "平胡", 1, 113),
    ("222m333m444m66p77m", [], "7m", "大对子", 5, 115),  # also 234m×3 + 777m + 66p = 平胡; 取高 000:141
    ("22446688m33p55s5p", [], "5p", "七对", 10, 117),
    ("2222m4466m33p55s5p", [], "5p", "龙七对", 20, 119),
    ("234m456m678m34mCC", [], "5m", "清一色", 10, 121),  # 红中 is no suit (000:163)
    ("222m333m555m77m88m", [], "8m", "清大对", 15, 123),
    ("1122m4455m7788mC", [], "C", "清七对", 20, 125),
    ("2222m4455m7788m1m", [], "1m", "青龙背", 30, 127),
    ("2m", [pong("3m"), pong("6m"), pong("7m"), pong("8p")], "2m", "单吊", 10, 129),
    ("2m", [pong("3m"), pong("6m"), pong("7m"), pong("8m")], "2m", "清单吊", 25, 131),
    ("222m444m666m888m3p", [], "3p", "暗大对", 10, 133),
    ("222m444m666m888m3m", [], "3m", "清暗大对", 25, 135),
    ("112233m5577p99s6s", [], "6s", "合扑七对", 20, 137),
    ("1122334455667m", [], "7m", "合扑清七对", 30, 139),  # beats 清一色 123 123 456 456 77 (000:141)
    # four concealed triplets, but the win completes a triplet (shanpon): 大对子, not 暗大对 (000:133)
    ("222m444m666m88m99p", [], "8m", "大对子", 5, 133),
    # 暗大对 needs no pong or kong (没有碰和杠, 000:133): with a pong it is 大对子
    ("222m444m666m3p", [pong("8s")], "3p", "大对子", 5, 133),
    # a pong in another suit breaks 清一色: 大对子 + 单吊 → 单吊 (000:141)
    ("9m", [pong("3m"), pong("6m"), pong("7m"), pong("5s")], "9m", "单吊", 10, 141),
]


@pytest.mark.parametrize(("hand", "melds", "tile", "name", "value", "line"), PATTERN_CASES,
                         ids=[f"{c[3]}-{c[0]}+{c[2]}" for c in PATTERN_CASES])
def test_best_pattern(hand: str, melds: list[Meld], tile: str, name: str, value: int, line: int) -> None:
    got = evaluate(parse_tiles(hand, "/"), melds, tile)
    assert got is not None, f"000:{line}"
    assert (got.pattern.zh, got.value) == (name, value), f"000:{line}: {got.readings}"


def test_not_a_win() -> None:
    assert evaluate(parse_tiles("234m456m78m234p66p", "/"), [], "5s") is None


def test_every_shape_has_a_pure_form_worth_at_least_as_much() -> None:
    # 清一色 叠加 never lowers a pattern (000:121-139)
    pairs = [("平胡", "清一色"), ("大对子", "清大对"), ("七对", "清七对"), ("龙七对", "青龙背"), ("单吊", "清单吊"),
             ("暗大对", "清暗大对"), ("合扑七对", "合扑清七对")]
    by_name = {p.zh: p.value for p in SHAPES}
    for plain, pure in pairs:
        assert by_name[pure] >= by_name[plain]


# --- 鸡 (000:59-103) ----------------------------------------------------------------------


@pytest.mark.parametrize(("flip", "chicken"), [("5m", "6m"), ("9s", "1s"), ("9p", "1p"), ("7p", "8p"), ("C", "C")])
def test_flipped_chicken_is_the_next_tile(flip: str, chicken: str) -> None:
    assert flipped_chicken(flip) == chicken  # 翻出的那一张牌的下一张牌为鸡牌, 9 → 1 (000:63)


@pytest.mark.parametrize(("flip", "options", "face", "kind", "value"), [
    (None, {}, "1s", "幺鸡", 1),  # 000:67
    ("9s", {}, "1s", "金鸡", 2),  # 000:69
    ("3m", {}, "4m", "翻鸡", 1),  # 000:63
    ("7p", {}, "8p", "翻鸡", 1),  # 乌骨鸡 off (000:79)
    ("7p", {"wugu_chicken": True}, "8p", "金乌骨鸡", 4),  # 000:83
    ("3m", {"wugu_chicken": True}, "8p", "乌骨鸡", 2),  # 000:81
    ("C", {"diamond_chicken": True}, "C", "钻石鸡", 4),  # 000:97
    ("C", {}, "C", "翻鸡", 1),
    ("9m", {"silver_chicken": True}, "1m", "银鸡", 2),  # 000:99
    ("9p", {}, "1p", "翻鸡", 1),
])
def test_chicken_kinds(flip: str | None, options: dict[str, Any], face: str, kind: str, value: int) -> None:
    ch = chickens_of(flip, Options(**options))
    assert (ch.kinds[face].zh, ch.kinds[face].value) == (kind, value)


def test_no_flip_means_only_default_chickens() -> None:
    assert set(chickens_of(None, Options(wugu_chicken=True)).kinds) == {"1s", "8p"}


def test_first_default_chicken_is_found_by_turn_across_seats() -> None:
    body = {"variant": "guiyang-zhuoji", "dealer": 0, "players": [
        {"seat": 0, "hand": X1, "discards": [{"tile": "1s", "turn": 9}]},
        {"seat": 1, "hand": X2, "discards": [{"tile": "3s", "turn": 2}, {"tile": "1s", "turn": 6, "claimed_by": 2}]},
    ]}
    snap = parse_snapshot(body, NoOptions, parse_options)
    fd = first_discard(snap, "1s")
    assert fd is not None
    assert (fd.seat, fd.index, fd.claimed_by) == (1, 1, 2)  # turn 6 before turn 9 → 责任鸡 of seat 1


# --- 查叫 (000:189) and /v1/hands/analyze -------------------------------------------------------


def test_best_wait_takes_the_highest_pattern() -> None:
    # 2223 555 666 888m waits 1m (123 + 22: 清一色 10), 3m (222 33 + triplets: 清暗大对 25), 4m (234 + 22: 清一色 10)
    player = Player(0, parse_tiles("2223m555m666m888m", "/"), (), (), (), None, None)
    best = best_wait(player, ("1m", "3m", "4m"))
    assert best is not None
    assert (best.tile, best.value.pattern.zh, best.value.value) == ("3m", "清暗大对", 25)


def test_analyze_prices_every_wait() -> None:
    out = api.analyze({"variant": "guiyang-zhuoji", "hand": "2223m555m666m888m"})
    assert out["ready"] is True
    assert [(w["tile"], w["patterns"], w["value"]) for w in out["waits"]] == [
        ("1m", ["清一色"], 10), ("3m", ["清暗大对"], 25), ("4m", ["清一色"], 10)]
    assert out["best_wait"] == {"tile": "3m", "patterns": ["清暗大对"], "value": 25}


def test_analyze_with_melds() -> None:
    out = api.analyze({"variant": "guiyang-zhuoji", "hand": "2m", "melds": [
        {"type": "pong", "tile": "3m", "from": 1}, {"type": "pong", "tile": "6m", "from": 1},
        {"type": "pong", "tile": "7m", "from": 1}, {"type": "kong", "kind": "concealed", "tile": "8p"}]})
    assert out["waits"] == [{"tile": "2m", "patterns": ["单吊"], "value": 10}]  # 000:129


def test_analyze_not_ready() -> None:
    out = api.analyze({"variant": "guiyang-zhuoji", "hand": X1})
    assert out["ready"] is False
    assert "best_wait" not in out


# --- 坐庄规则 (000:19-45) ------------------------------------------------------------------------


def _draw_snap(n: int, dealer: int) -> Snapshot:
    players = tuple(Player(s, (), (), (), (), None, None) for s in range(n))
    return Snapshot("guiyang-zhuoji", None, dealer, players, (), Reveals())


@pytest.mark.parametrize(("n", "dealer", "ready", "expected", "why"), [
    (4, 0, [True, True, True, True], 0, "000:35 all ready"),
    (4, 2, [False, False, False, False], 2, "000:37 none ready"),
    (4, 0, [False, False, True, False], 2, "000:39 only one ready"),
    (4, 0, [True, False, False, False], 0, "000:39 only the dealer ready"),
    (4, 1, [True, True, False, True], 2, "000:41 only one not ready"),
    (4, 1, [True, False, True, True], 1, "000:41 only the dealer not ready"),
    (4, 0, [True, False, True, False], 0, "000:43 dealer and one non-dealer ready"),
    (4, 0, [False, True, False, True], 1, "000:45 first ready after the dealer"),
    (4, 1, [True, False, False, True], 3, "000:45 from dealer 1: seat 2 not ready, seat 3 ready"),
    (4, 3, [False, True, True, False], 1, "000:45 from dealer 3: 0 not ready, 1 ready"),
    (3, 0, [True, True, False], 0, "000:43 over 000:41 at 3 players (default)"),
    (3, 0, [False, True, True], 0, "000:41 the dealer alone not ready"),
    (3, 2, [True, False, False], 0, "000:39 only one ready"),
    (2, 0, [False, True], 1, "000:39 before 000:41 at 2 players"),
    (2, 1, [False, True], 1, "000:39 the dealer alone ready"),
])
def test_draw_dealer_table(n: int, dealer: int, ready: list[bool], expected: int, why: str) -> None:
    assert next_dealer(_draw_snap(n, dealer), ready, Options()) == expected, why


def test_three_player_draw_option() -> None:
    opts = Options(three_player_draw_dealer="not_ready")
    assert next_dealer(_draw_snap(3, 0), [True, True, False], opts) == 2  # 000:41


# --- rounds that cannot have happened ---------------------------------------------------------


def _round(**over: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "variant": "guiyang-zhuoji", "dealer": 0, "wall_remaining": 20, "reveals": {"chicken_flip": "7s"},
        "players": [{"seat": 0, "hand": X1}, {"seat": 1, "hand": "234m456m78m234p66p"},
                    {"seat": 2, "hand": X2}, {"seat": 3, "hand": X3}],
        "wins": [{"winner": 1, "from": None, "tile": "6m", "turn": 40}],
    }
    body.update(over)
    return body


def _pointers(body: dict[str, Any]) -> set[str]:
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    return {x.pointer for x in e.value.errors}


def test_the_plain_round_settles() -> None:
    assert [s["total"] for s in api.settle(_round())["scores"]] == [-1, 3, -1, -1]  # 000:113, 201


def test_flip_needed_while_the_wall_has_tiles() -> None:
    assert "/reveals/chicken_flip" in _pointers(_round(reveals={}))  # 000:61


def test_two_self_draws_are_two_events() -> None:
    body = _round(wins=[{"winner": 1, "from": None, "tile": "6m", "turn": 40},
                        {"winner": 1, "from": None, "tile": "9m", "turn": 41}])
    assert _pointers(body) & {"/wins/1", "/wins/1/winner"}


def test_earthly_after_own_discard_is_rejected() -> None:
    body = _round(wins=[{"winner": 1, "from": None, "tile": "6m", "turn": 9, "earthly": True}])
    body["players"][1]["discards"] = [{"tile": "5s", "turn": 3}]
    assert "/wins/0/earthly" in _pointers(body)  # 000:155


def test_birds_are_not_part_of_this_game() -> None:
    assert "/reveals/birds" in _pointers(_round(reveals={"chicken_flip": "7s", "birds": ["5m"]}))


def test_ponged_chicken_needs_its_claimed_discard_listed() -> None:
    body = _round()
    body["players"][2] = {"seat": 2, "hand": "19m2357p248sC", "melds": [{"type": "pong", "tile": "1s", "from": 0}]}
    assert "/players/2/melds/0" in _pointers(body)


def test_drawn_round_needs_an_empty_wall() -> None:
    assert "/wall_remaining" in _pointers(_round(wins=[], reveals={}))  # 000:17


# --- whole rounds: properties -------------------------------------------------------------------

GOLDEN = [p for p in case_files() if p.parent.name == "guiyang-zhuoji"]


def test_enough_golden_cases() -> None:
    assert len(GOLDEN) >= 30


@pytest.mark.parametrize("path", [p for p in GOLDEN if load(p)["expect"]["status"] == 200], ids=lambda p: p.stem)
def test_rotating_seats_rotates_the_answer(path: Any) -> None:
    body = load(path)["request"]
    answer = api.settle(body)
    n = len(body["players"])
    for k in range(1, n):
        turned = api.settle(rotate(body, k))
        assert [s["total"] for s in turned["scores"]] == [answer["scores"][(s - k) % n]["total"] for s in range(n)]
        assert turned["next_dealer"] == (answer["next_dealer"] + k) % n


OPTION_VALUES = {
    "wugu_chicken": [True, False], "mantang_chicken": [True, False], "diamond_chicken": [True, False],
    "silver_chicken": [True, False], "bao_chicken": [True, False], "discarded_default_chickens": [True, False],
    "full_chicken_pure_suit": [True, False], "self_draw_double": [True, False], "exposed_dou_from_all": [True, False],
    "robbed_kong_burns_dou": [True, False], "robbed_kong_burns_chicken": [True, False],
    "robbing_kong_pays_all": [True, False], "kill_ready_paid_by": ["all", "declarer"],
    "three_player_draw_dealer": ["dealer", "not_ready"],
}


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), picks=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}))
def test_random_rounds_under_random_options(seed: int, picks: dict[str, Any]) -> None:
    body = generate("guiyang-zhuoji", seed, options=picks)
    answer = api.settle(body)
    hands = {h["seat"]: h for h in answer["hands"]}
    totals = [s["total"] for s in answer["scores"]]
    assert sum(totals) == 0
    for item in answer["items"]:
        assert item["points"] > 0 and item["note"]
        if item["kind"] in ("dou", "chicken"):
            # 听牌才能收豆分 / 听牌/胡牌玩家的才能收鸡分 (000:49, 61); 包 is paid to ready players too
            assert body["wins"] and hands[item["payee"]]["ready"]
        if item["kind"] == "penalty":
            # 查叫: only on a drawn round, from a player not ready to a ready one (000:189)
            assert not body["wins"] and hands[item["payee"]]["ready"] and not hands[item["payer"]]["ready"]
        if item["name"].startswith("包"):
            assert not hands[item["payer"]]["ready"]
    assert json.dumps(api.settle(copy.deepcopy(body)), sort_keys=True) == json.dumps(answer, sort_keys=True)


def test_describe_lists_every_pattern_and_option() -> None:
    d = api.describe_variant("guiyang-zhuoji")
    names = {p["zh"] for p in d["patterns"]}
    assert {"平胡", "青龙背", "合扑清七对", "杠开", "抢杠", "热炮", "天胡", "地胡", "报听", "杀听", "满鸡清一色"} <= names
    assert {o["name"] for o in d["options"]} >= set(OPTION_VALUES)


def test_declaration_comes_with_the_first_discard() -> None:
    body = _round()
    body["players"][0]["hand"] = "234p567p345s99s66s"  # ready (6s/9s), so only the timing can be wrong
    body["players"][0]["discards"] = [{"tile": "3s", "turn": 2}]
    body["players"][0]["ready_declared_turn"] = 20  # declared long after its first discard (000:157)
    assert "/players/0/ready_declared_turn" in _pointers(body)
    body["players"][0]["ready_declared_turn"] = 3  # declared right after its first discard: fine
    api.settle(body)


def test_a_declared_player_cannot_be_robbed() -> None:
    body = _round(wins=[{"winner": 1, "from": 2, "tile": "6m", "turn": 41, "robbing_kong": True}])
    body["players"][0]["discards"] = [{"tile": "6m", "turn": 1, "claimed_by": 2}]
    body["players"][1]["hand"] = "234m345m78m234p66p"
    body["players"][2] = {"seat": 2, "hand": "1123s789m555m", "melds": [{"type": "pong", "tile": "6m", "from": 0, "turn": 2}],
                          "ready_declared_turn": 3}
    assert "/wins/0/robbing_kong" in _pointers(body)  # 报听之后不能更换手牌（不能碰、杠）(000:157)


def _passed_win_round(kong_turn: int, record_turn: int = 36) -> dict[str, Any]:
    """Seat 1 let seat 0's 6m pass at ``record_turn``, holds a 闷豆 5m (its 通行证, 000:49) and
    wins seat 2's 6m at turn 40: as golden pinghu-discard-concealed-kong-pass."""
    body = _round(wins=[{"winner": 1, "from": 2, "tile": "6m", "turn": 40}])
    body["players"][0]["discards"] = [{"tile": "6m", "turn": record_turn}]
    body["players"][1] = {"seat": 1, "hand": "234m78m234p66p",
                          "melds": [{"type": "kong", "kind": "concealed", "tile": "5m", "turn": kong_turn}],
                          "flags": {"passed_wins": [{"tile": "6m", "turn": record_turn}]}}
    return body


def test_passed_win_is_lifted_by_a_kong() -> None:
    # 再未更换手牌的时候（碰杠，上牌）(000:183): a kong after the pass changed the hand. 平胡 1 from
    # seat 2 (000:113, 203) + 闷豆 3 from each other player (000:55) → seat 1 1+9 = 10.
    assert [s["total"] for s in api.settle(_passed_win_round(kong_turn=38))["scores"]] == [-3, 10, -4, -3]
    # the same kong before the pass changed nothing after it: 同一轮内不能点炮同一张牌 (000:183)
    with pytest.raises(InvalidRound) as e:
        api.settle(_passed_win_round(kong_turn=35))
    assert [(x.code, x.pointer) for x in e.value.errors] == [("passed_win", "/wins/0")]


def test_passed_win_needs_the_discards_turns() -> None:
    body = _passed_win_round(kong_turn=35)
    body["players"][1]["discards"] = [{"tile": "9s"}]  # a draw after the pass or not: only its turn tells (000:183)
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    assert [(x.code, x.pointer) for x in e.value.errors] == [("missing_field", "/players/1/discards/0/turn")]


def test_passed_win_at_the_win_turn_is_inconsistent() -> None:
    # a declined win is a discard let pass before the one won on (000:183): not at the win's own turn
    with pytest.raises(InvalidRound) as e:
        api.settle(_passed_win_round(kong_turn=35, record_turn=40))
    assert ("inconsistent_pass", "/players/1/flags/passed_wins/0/turn") in {(x.code, x.pointer) for x in e.value.errors}


def test_passed_win_does_not_close_a_self_draw() -> None:
    # 不能点炮同一张牌 (000:183) forbids winning on another player's discard; a self-draw is a draw
    body = _round(players=[{"seat": 0, "hand": X1},
                           {"seat": 1, "hand": "234m456m78m234p66p", "flags": {"passed_wins": [{"tile": "6m", "turn": 38}]}},
                           {"seat": 2, "hand": X2}, {"seat": 3, "hand": X3}])
    assert [s["total"] for s in api.settle(body)["scores"]] == [-1, 3, -1, -1]  # 平胡 1 from each (000:113, 201)
