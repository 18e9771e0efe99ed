"""Options, pattern tables, the ledger and the common snapshot checks."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from rules.errors import InvalidRound
from rules.ledger import Ledger, scores
from rules.options import describe_options, option, options_schema, parse_options
from rules.patterns import Pattern, PatternTable
from rules.snapshot import check_common, parse_snapshot
from rules.tiles import SET_108, SET_136


@dataclass(frozen=True)
class Opts:
    base_points: int = option(1, "底分", "Base stake", minimum=1, maximum=5)
    multi_win: bool = option(True, "一炮多响", "Several winners on one discard")
    mode: str = option("a", "模式", "Mode", choices=("a", "b"))


@pytest.mark.parametrize(("raw", "pointer"), [
    ({"nope": 1}, "/options/nope"), ({"base_points": 1.5}, "/options/base_points"),
    ({"base_points": True}, "/options/base_points"), ({"base_points": 9}, "/options/base_points"),
    ({"multi_win": 1}, "/options/multi_win"), ({"mode": "c"}, "/options/mode"),
])
def test_bad_options_point_at_the_option(raw: dict[str, Any], pointer: str) -> None:
    with pytest.raises(InvalidRound) as e:
        parse_options(Opts, raw, "/options")
    assert e.value.errors[0].pointer == pointer


def test_options_defaults_and_schema() -> None:
    o = parse_options(Opts, {"mode": "b"}, "/options")
    assert (o.base_points, o.multi_win, o.mode) == (1, True, "b")
    schema = options_schema(Opts)
    assert schema["additionalProperties"] is False
    assert schema["properties"]["base_points"]["type"] == "integer"
    assert [d["name"] for d in describe_options(Opts)] == ["base_points", "multi_win", "mode"]


def test_pattern_exclusions_are_data() -> None:
    t = PatternTable([Pattern("a", "甲", "A", 8, ("b",)), Pattern("b", "乙", "B", 2, ("c",)), Pattern("c", "丙", "C", 1)])
    assert t.apply_exclusions(["a", "b", "c"]) == ("a",)
    assert t.apply_exclusions(["b", "c"]) == ("b",)
    assert t.with_values(a=16).value("a") == 16 and t.value("a") == 8
    with pytest.raises(ValueError, match="unknown"):
        PatternTable([Pattern("a", "甲", "A", 1, ("zz",))])
    with pytest.raises(ValueError, match="cycle"):
        PatternTable([Pattern("a", "甲", "A", 1, ("b",)), Pattern("b", "乙", "B", 1, ("a",))])


def test_ledger_is_zero_sum_and_skips_zero() -> None:
    led = Ledger(3)
    led.pay(0, 1, 5, "hu", "平胡", "Basic win")
    led.pay(2, 1, 0, "hu", "平胡", "Basic win")
    led.pay(1, 2, -3, "kong", "暗杠", "Concealed kong")  # negative flips direction
    assert [(i.payer, i.payee, i.points) for i in led.items] == [(0, 1, 5), (2, 1, 3)]
    s = scores(led.items, 3)
    assert [x["total"] for x in s] == [-5, 8, -3]
    assert s[1]["by_kind"] == {"hu": 5, "kong": 3}
    with pytest.raises(ValueError, match="cannot pay itself"):
        led.pay(1, 1, 1, "hu", "x", "x")
    with pytest.raises(TypeError):
        led.pay(0, 1, 1.5, "hu", "x", "x")  # type: ignore[arg-type]


def _round() -> dict[str, Any]:
    return {
        "variant": "test", "dealer": 0,
        "players": [
            {"seat": 0, "hand": "123456789m1234p", "melds": []},
            {"seat": 1, "hand": "123456789p1234s", "melds": []},
            {"seat": 2, "hand": "1234p", "melds": [
                {"type": "pong", "tile": "5s", "from": 0}, {"type": "pong", "tile": "6s", "from": 1},
                {"type": "kong", "kind": "concealed", "tile": "7s"}]},
        ],
        "wins": [],
    }


def _check(body: dict[str, Any]) -> None:
    snap = parse_snapshot(body, Opts, lambda *_: None)  # no flags in this test
    check_common(snap, SET_108, (2, 4), 13, allows_chow=False)


def test_a_legal_round_passes() -> None:
    _check(_round())


@pytest.mark.parametrize(("mutate", "code", "pointer"), [
    (lambda r: r["players"][0].update(hand="123456789m1234z"), "tile_not_in_set", "/players/0/hand/12"),
    (lambda r: r["players"][0].update(hand="123456789m123p"), "hand_size", "/players/0/hand"),
    (lambda r: r["players"][1].update(hand="123456789p5555s"), "too_many_copies", None),
    (lambda r: r["players"][2]["melds"][0].update({"from": 2}), "invalid_seat", "/players/2/melds/0/from"),
    (lambda r: r["players"][2]["melds"][0].pop("from"), "missing_field", "/players/2/melds/0/from"),
    (lambda r: r["players"][2]["melds"].__setitem__(0, {"type": "chow", "tiles": ["5s", "6s", "7s"], "from": 1}),
     "chow_not_allowed", "/players/2/melds/0"),
    (lambda r: r["players"][1].update(seat=2), "seat_order", "/players/1/seat"),
    (lambda r: r.update(dealer=3), "invalid_seat", "/dealer"),
    (lambda r: r.update(wins=[{"winner": 1, "from": 1, "tile": "5m"}]), "invalid_seat", "/wins/0/from"),
    (lambda r: r.update(wins=[{"winner": 1, "from": None, "tile": "5m", "robbing_kong": True}]),
     "inconsistent_win", "/wins/0/from"),
    (lambda r: r["players"][2]["melds"][2].update(kind="sideways"), "invalid_meld", "/players/2/melds/2/kind"),
    # a field left out is missing_field, as the service's shape check names it (a review found the engine
    # called directly said invalid_type / unknown_tile)
    (lambda r: r["players"][1].pop("seat"), "missing_field", "/players/1/seat"),
    (lambda r: r["players"][0].update(discards=[{"turn": 3}]), "missing_field", "/players/0/discards/0/tile"),
    # a mahjong player without its hand is named missing_field, as the shape check names it (the engine
    # read an empty hand and said hand_size)
    (lambda r: r["players"][0].pop("hand"), "missing_field", "/players/0/hand"),
])
def test_impossible_rounds_are_rejected_with_a_pointer(mutate: Any, code: str, pointer: str | None) -> None:
    body = copy.deepcopy(_round())
    mutate(body)
    with pytest.raises(InvalidRound) as e:
        _check(body)
    assert any(err.code == code and (pointer is None or err.pointer == pointer) for err in e.value.errors), e.value.errors


def test_fifth_copy_counts_melds_discards_wins_and_reveals() -> None:
    body = _round()
    # 5s: three in seat 2's pong; one unclaimed discard; one as the chicken flip → 5
    body["players"][0]["discards"] = [{"tile": "5s"}, {"tile": "5s", "claimed_by": 2}]
    body["reveals"] = {"chicken_flip": "5s"}
    with pytest.raises(InvalidRound) as e:
        _check(body)
    assert e.value.errors[0].code == "too_many_copies"
    body["reveals"] = {}
    _check(body)  # the claimed discard is counted once, in the meld


def test_the_dealer_is_required() -> None:
    # 门风, the dealer's surcharges, 天胡/地胡 and the next dealer all hang on it: a missing dealer is
    # 422, not seat 0 guessed (a review found it defaulted silently)
    body = _round()
    del body["dealer"]
    with pytest.raises(InvalidRound) as e:
        _check(body)
    assert [(err.code, err.pointer) for err in e.value.errors] == [("missing_field", "/dealer")]


def test_the_wall_cannot_hold_more_than_the_set_leaves() -> None:
    # 108 tiles (SET_108); seats hold 13 + 13 + (4 + 3 + 3 + 4) = 40, so at most 108 - 40 = 68 are left
    # (a review found wall_remaining 300 accepted in a 144-tile round)
    body = {**_round(), "wall_remaining": 68}
    _check(body)
    body["wall_remaining"] = 69
    with pytest.raises(InvalidRound) as e:
        _check(body)
    assert [(err.code, err.pointer) for err in e.value.errors] == [("inconsistent_wall", "/wall_remaining")]


def _chow_round(feeder: int, tiles: list[str]) -> dict[str, Any]:
    body = copy.deepcopy(_round())
    body["players"][2]["melds"][0] = {"type": "chow", "tiles": tiles, "from": feeder}
    return body


def _check_chows(body: dict[str, Any], chow_faces: dict[str, str] | None = None) -> None:
    snap = parse_snapshot(body, Opts, lambda *_: None)
    check_common(snap, SET_136, (2, 4), 13, allows_chow=True, chow_faces=chow_faces)


def test_a_chow_takes_only_the_discard_of_the_seat_before() -> None:
    _check_chows(_chow_round(1, ["4s", "5s", "6s"]))  # seat 1 is seat 2's 上家
    with pytest.raises(InvalidRound) as e:
        _check_chows(_chow_round(0, ["4s", "5s", "6s"]))  # seat 0 plays after seat 2
    assert [(err.code, err.pointer) for err in e.value.errors] == [("invalid_meld", "/players/2/melds/0/from")]


def test_a_stand_in_tile_chows_as_the_face_it_plays() -> None:
    body = _chow_round(1, ["4s", "P", "6s"])  # 白板 standing in for 5s (财神麻将 001:30)
    _check_chows(body, {"P": "5s"})
    with pytest.raises(InvalidRound) as e:
        _check_chows(body)
    assert [(err.code, err.pointer) for err in e.value.errors] == [("invalid_meld", "/players/2/melds/0/tiles")]
