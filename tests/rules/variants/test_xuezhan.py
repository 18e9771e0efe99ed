"""血战到底 (xuezhan): pattern table, hand values, waits, validation, time order, invariants.

Every expected number is worked by hand from 001_a1ce558555b69162.txt:562-598 (cited).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.snapshot import Meld
from rules.tiles import parse_tiles
from rules.variants.xuezhan.fan import BASE_IDS, PATTERNS, REQUIRES, base_pattern, flower_pig_reason, hand_value
from tests.support import rotate

GOLDEN = Path(__file__).parents[2] / "golden" / "xuezhan"
J_MP, J_PS, J_MS = "124578m1245789p", "124578p1245789s", "124578m1245789s"


def tiles(s: str) -> list[str]:
    return list(parse_tiles(s, "/"))


def pong(t: str) -> Meld:
    return Meld("pong", (t,) * 3, None, 0)


def kong(t: str, kind: str = "concealed") -> Meld:
    return Meld("kong", (t,) * 4, kind)


# -- the table ------------------------------------------------------------------------------


@pytest.mark.parametrize(("pid", "fan", "line"), [
    ("pinghu", 1, 575), ("duiduihu", 2, 577), ("qingyise", 3, 579), ("qidui", 3, 579), ("daiyaojiu", 3, 579),
    ("jiangdui", 4, 583), ("qingdadui", 4, 583), ("longqidui", 4, 583), ("qingqidui", 4, 583),
    ("qingyaojiu", 5, 588), ("qinglongqidui", 6, 590),
])
def test_base_fan_follow_the_seed_headings(pid: str, fan: int, line: int) -> None:
    """一番 … 六番 headings at 001:575-590."""
    assert PATTERNS.value(pid) == fan, line


def test_every_extra_is_one_fan() -> None:
    """另加番: each 1番 (001:593-598)."""
    extras = [p for p in PATTERNS if p.id not in BASE_IDS]
    assert {p.zh for p in extras} >= {"杠上花", "杠上炮", "抢杠胡", "海底花儿", "根", "金钩钩"}
    assert all(p.value == 1 for p in extras)


@pytest.mark.parametrize(("features", "expected"), [
    ({"standard"}, "pinghu"), ({"standard", "triplets"}, "duiduihu"), ({"standard", "pure"}, "qingyise"),
    ({"standard", "terminals"}, "daiyaojiu"), ({"standard", "triplets", "258"}, "jiangdui"),
    ({"standard", "triplets", "pure"}, "qingdadui"), ({"standard", "pure", "terminals"}, "qingyaojiu"),
    ({"pairs"}, "qidui"), ({"pairs", "pure"}, "qingqidui"), ({"pairs", "dragon"}, "longqidui"),
    ({"pairs", "pure", "dragon"}, "qinglongqidui"),
])
def test_one_base_pattern_per_reading(features: set[str], expected: str) -> None:
    assert base_pattern(frozenset(features)) == expected
    assert set(REQUIRES) == set(BASE_IDS)


# -- hand values ---------------------------------------------------------------------------


@pytest.mark.parametrize(("concealed", "melds", "events", "cap", "base", "extras", "multiplier"), [
    # 平胡 一番 ×1 (001:575-576)
    ("123m456m789m33p678p", (), (), 32, "pinghu", (), 1),
    # 九莲 on 1s: 1111s = 根 → 清一色 三番 + 1 = ×8 (001:579, 597)
    ("1112345678999s1s", (), (), 32, "qingyise", ("gen",), 8),
    # two quads in 七对, two suits: 龙七对 四番 + (2 − 1) 根 = 五番 ×16 (001:586, 597)
    ("1111m2222m33p44p55p", (), (), None, "longqidui", ("gen",), 16),
    # kong + 4 concealed 1m: 清一色 + 2 根 = 五番 ×16, capped to 8 (001:579, 597)
    ("111m123m789m99m", ("kong:5m",), (), 8, "qingyise", ("gen", "gen"), 8),
    # 金钩钩 on 对对胡 of two suits: 两番 + 1 = ×4 (001:577, 598)
    ("5s5s", ("pong:1m", "pong:3m", "pong:6m", "pong:9s"), (), 32, "duiduihu", ("jingougou",), 4),
    # 杠上花 + 海底花儿 on 平胡 with its kong: 1 + 根 + 2 = 四番 ×8 (001:593, 596, 597)
    ("333m999m345p33p", ("kong:6m",), ("gangshanghua", "haidi"), 32, "pinghu", ("gangshanghua", "haidi", "gen"), 8),
    # 将对 with a pong of 8p: 四番 ×8 (001:584)
    ("222m555m22p55p5p", ("pong:8p",), (), 32, "jiangdui", (), 8),
])
def test_hand_value(concealed: str, melds: tuple[str, ...], events: tuple[str, ...], cap: int | None,
                    base: str, extras: tuple[str, ...], multiplier: int) -> None:
    ms = [pong(m[5:]) if m.startswith("pong") else kong(m[5:]) for m in melds]
    v = hand_value(tiles(concealed), ms, events, cap)
    assert v is not None
    assert (v.base, Counter(v.extras), v.multiplier) == (base, Counter(extras), multiplier)


def test_seven_pairs_need_an_unmelded_hand() -> None:
    """七对: 没有碰过和杠过 (001:581) — with a pong there are only 11 concealed tiles."""
    v = hand_value(tiles("11m22m33m44p555p"), [pong("9p")], (), 32)
    assert v is not None and v.base == "pinghu"  # 123m 123m 555p 44p + pong, never 七对


@pytest.mark.parametrize(("held", "dingque", "pig"), [
    ("123m456p789s", None, True), ("123m456p", None, False), ("123m456p", "m", True), ("123m456p", "s", False),
])
def test_flower_pig(held: str, dingque: str | None, pig: bool) -> None:
    """花猪: three suits (001:571), or the 定缺 suit still held (001:568)."""
    assert (flower_pig_reason(tiles(held), dingque) is not None) is pig


# -- value_of_wait and /v1/hands/analyze ---------------------------------------------------


def test_analyze_prices_every_wait() -> None:
    """1112345678999s waits on every 条: 1s/9s add a 根 (清一色 + 根 = ×8), the rest 清一色 ×4 (001:579, 597)."""
    out = api.analyze({"variant": "xuezhan", "hand": "1112345678999s"})
    assert out["ready"] is True
    got = {w["tile"]: w["value"] for w in out["waits"]}
    assert got == {"1s": 8, "2s": 4, "3s": 4, "4s": 4, "5s": 4, "6s": 4, "7s": 4, "8s": 4, "9s": 8}
    capped = api.analyze({"variant": "xuezhan", "hand": "1112345678999s", "options": {"cap": 4, "base_points": 3}})
    assert {w["tile"]: w["value"] for w in capped["waits"]}["1s"] == 12  # ×8 capped to 4, × 底分 3


def test_waits_of_a_three_suit_hand_are_none() -> None:
    """A hand that still holds three suits cannot win, so it waits on nothing (001:571)."""
    out = api.analyze({"variant": "xuezhan", "hand": "123m456m789m5p555s"})
    assert out["ready"] is False and out["waits"] == []


# -- whole rounds -----------------------------------------------------------------------------


def golden(name: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["request"]
    return body


def errors_of(body: dict[str, Any]) -> set[tuple[str, str]]:
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    return {(x.code, x.pointer) for x in e.value.errors}


def test_items_follow_time_and_say_their_phase() -> None:
    """kong (turn 10) → win (20) → kong (30); the end phases after, in the seed's order 退税, 查花猪, 查大叫 (001:570-572)."""
    out = api.settle(golden("kong-before-and-after-win"))
    assert [(i["phase"], i.get("turn")) for i in out["items"]] == [
        ("kong", 10), ("kong", 10), ("kong", 10), ("win", 20), ("kong", 30), ("kong", 30)]
    end = api.settle(golden("end-checks-refund-pig-ready"))
    phases = [i["phase"] for i in end["items"]]
    assert phases == ["kong"] * 3 + ["win"] + ["tax_refund"] * 3 + ["flower_pig"] * 2 + ["ready_check"]
    assert all("turn" not in i for i in end["items"][4:])  # end-of-round items have no turn


def test_hand_reports() -> None:
    out = api.settle(golden("end-checks-refund-pig-ready"))
    h = {x["seat"]: x for x in out["hands"]}
    assert h[0]["won"] and h[0]["win_turn"] == 20 and h[0]["multiplier"] == 1
    assert h[1]["ready"] and h[1]["waits"] == ["6s", "9s"] and h[1]["best_wait"]["multiplier"] == 4
    assert h[2]["ready"] is False and h[3]["flower_pig"] is True


def test_one_player_left_means_no_end_checks() -> None:
    out = api.settle(golden("three-sequential-winners"))
    assert {i["phase"] for i in out["items"]} == {"win"}


def test_robbing_needs_the_robbed_pong() -> None:
    body = golden("qiangganghu")
    body["players"][3]["melds"][0]["tile"] = "3s"  # its pong is now of another tile
    assert ("inconsistent_win", "/wins/0/robbing_kong") in errors_of(body)


def test_kong_draw_needs_an_earlier_kong() -> None:
    body = golden("gangshanghua-concealed-kong")
    body["players"][1]["melds"][0]["turn"] = 25  # the kong now comes after the win at 21
    found = errors_of(body)
    assert ("player_out", "/players/1/melds/0/turn") in found


def test_last_tile_only_on_the_last_win() -> None:
    body = golden("three-sequential-winners")
    body["wins"][0]["last_tile"] = True
    assert ("inconsistent_win", "/wins/0/last_tile") in errors_of(body)


def test_double_win_shares_its_flags() -> None:
    body = golden("call-transfer-double-win-split")
    body["wins"][1]["after_kong_discard"] = False
    assert ("inconsistent_win", "/wins/1") in errors_of(body)


@pytest.mark.parametrize(("path", "value", "pointer"), [
    (("reveals",), {"birds": ["1m"]}, "/reveals/birds"),
    (("players", 0, "ready_declared_turn"), 5, "/players/0/ready_declared_turn"),
    (("wins", 0, "earthly"), True, "/wins/0/earthly"),
])
def test_fields_of_other_variants_are_rejected(path: tuple[Any, ...], value: Any, pointer: str) -> None:
    body = golden("pinghu-discard")
    target: Any = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert pointer in {p for _, p in errors_of(body)}


def test_no_win_with_turns_missing_is_fine() -> None:
    """Order never matters without a win: the kongs need no turn."""
    body = golden("drawn-round-no-win")
    for p in body["players"]:
        for m in p["melds"]:
            m.pop("turn", None)
        p.pop("discards", None)
    assert [s["total"] for s in api.settle(body)["scores"]] == [-12, 14, 10, -12]


# -- invariants over every golden round --------------------------------------------------------




def valid_goldens() -> list[str]:
    return sorted(p.stem for p in GOLDEN.glob("*.json") if not p.stem.startswith("err-"))


@pytest.mark.parametrize("name", valid_goldens())
@pytest.mark.parametrize("k", [1, 2, 3])
def test_rotating_seats_rotates_the_answer(name: str, k: int) -> None:
    body = golden(name)
    a, b = api.settle(body), api.settle(rotate(body, k))
    n = len(body["players"])
    assert [s["total"] for s in b["scores"]] == [a["scores"][(s - k) % n]["total"] for s in range(n)]

    def key(i: dict[str, Any], shift: int) -> tuple[Any, ...]:
        return (i["kind"], i["name"], (i["payer"] + shift) % n, (i["payee"] + shift) % n, i["points"], i.get("phase"))

    assert Counter(key(i, k) for i in a["items"]) == Counter(key(i, 0) for i in b["items"])
    assert b["next_dealer"] == (a["next_dealer"] + k) % n


def test_describe_lists_options_and_the_dingque_flag() -> None:
    d = api.describe_variant("xuezhan")
    assert {o["name"] for o in d["options"]} >= {"base_points", "cap", "self_draw_bonus", "kong_exposed", "kong_added",
                                                  "kong_concealed", "flower_pig_multiplier", "call_transfer_multi"}
    flag = next(f for f in d["flags"] if f["name"] == "dingque")
    assert flag["type"] == "suit" and flag["default"] is None and flag.get("nullable") is True
    assert d["players"] == {"min": 4, "max": 4}
