"""rules.passes: what a declined win or pong closes, and what lifts it (the variants' 过胡/过碰).

The seed lines behind each scope: that tile (贵阳 000:183, 安化 003:125), the suit (红中 001:230
"放弃3万，5万同样不可以胡牌，9筒可胡"), every wait (转转 001:9 "A的叫牌", 邯郸 004:23 "所听的所有牌");
a pong lifts the ban only where the text says so (贵阳 000:183 "碰杠，上牌", 邯郸 004:22-23 "抓牌/碰").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from rules.errors import InvalidRound
from rules.options import parse_options
from rules.passes import (
    PassRule,
    passed_kong_errors,
    passed_kongs_flag,
    passed_pong_errors,
    passed_pongs_flag,
    passed_win_errors,
    passed_wins_flag,
)
from rules.snapshot import Snapshot, parse_snapshot


@dataclass(frozen=True)
class Flags:
    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag("test", "that tile")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("test")
    passed_kongs: tuple[Mapping[str, Any], ...] = passed_kongs_flag("test")


TILE = PassRule("过胡", "000:183", "tile")
SUIT = PassRule("过胡不胡", "001:230", "suit")
WAITS = PassRule("过胡不胡", "001:9", "waits", by_claim=True)
TILE_BY_CLAIM = PassRule("过胡限制", "000:183", "tile", by_claim=True)


def snap(winner: dict[str, Any], win_tile: str = "3m", win_turn: int | None = 30) -> Snapshot:
    """Seat 1 holds what ``winner`` says and wins ``win_tile`` on seat 0's discard at ``win_turn``."""
    players = [{"seat": 0, "hand": []}, {"seat": 1, "hand": [], **winner}, {"seat": 2, "hand": []}]
    wins = [{"winner": 1, "from": 0, "tile": win_tile, "turn": win_turn}]
    return parse_snapshot({"variant": "x", "dealer": 0, "players": players, "wins": wins}, Flags, parse_options)


def win_codes(s: Snapshot, rule: PassRule) -> list[tuple[str, str]]:
    return [(e.code, e.pointer) for e in passed_win_errors(s, rule)]


PASSED_3M = {"flags": {"passed_wins": [{"tile": "3m", "turn": 20}]}}


@pytest.mark.parametrize(("rule", "tile", "closed"), [
    (TILE, "3m", True), (TILE, "5m", False),
    (SUIT, "5m", True), (SUIT, "9p", False),  # the example of 001:230
    (WAITS, "9p", True),
])
def test_what_a_declined_3m_closes(rule: PassRule, tile: str, closed: bool) -> None:
    expected = [("passed_win", "/wins/0")] if closed else []
    assert win_codes(snap(PASSED_3M, tile), rule) == expected


def test_an_honour_closes_only_itself_under_suit() -> None:
    s = snap({"flags": {"passed_wins": [{"tile": "1z", "turn": 20}]}}, "2z")
    assert win_codes(s, SUIT) == []


def test_a_draw_lifts_it_a_discard_after_a_pong_does_not() -> None:
    drew = {**PASSED_3M, "discards": [{"tile": "9s", "turn": 24}]}
    assert win_codes(snap(drew), TILE) == []
    ponged = {**PASSED_3M, "melds": [{"type": "pong", "tile": "7s", "turn": 23}],
              "discards": [{"tile": "9s", "turn": 24}]}  # the pong's discard comes without a draw
    assert win_codes(snap(ponged), TILE) == [("passed_win", "/wins/0")]
    assert win_codes(snap(ponged), TILE_BY_CLAIM) == []  # 碰杠 lifts it (000:183)


def test_a_kong_lifts_it_through_its_replacement_draw() -> None:
    konged = {**PASSED_3M, "melds": [{"type": "kong", "tile": "7s", "kind": "concealed", "turn": 23}]}
    assert win_codes(snap(konged), TILE) == []


def test_a_self_drawn_win_is_never_closed() -> None:
    s = parse_snapshot({"variant": "x", "dealer": 0, "players": [{"seat": 0, "hand": []}, {"seat": 1, "hand": [], **PASSED_3M}],
                        "wins": [{"winner": 1, "tile": "3m", "turn": 30}]}, Flags, parse_options)
    assert win_codes(s, WAITS) == []


def test_turns_it_needs() -> None:
    assert win_codes(snap(PASSED_3M, win_turn=None), TILE) == [("missing_field", "/wins/0/turn")]
    no_turn = {**PASSED_3M, "discards": [{"tile": "9s"}]}
    assert win_codes(snap(no_turn), TILE) == [("missing_field", "/players/1/discards/0/turn")]
    late = {"flags": {"passed_wins": [{"tile": "3m", "turn": 30}]}}
    assert win_codes(snap(late), TILE) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/turn")]


def pong_codes(winner: dict[str, Any], rule: PassRule) -> list[tuple[str, str]]:
    return [(e.code, e.pointer) for e in passed_pong_errors(snap(winner), rule)]


PASSED_PONG_7S = {"flags": {"passed_pongs": [{"tile": "7s", "turn": 20}]}}


def test_a_declined_pong_closes_that_tile_until_the_next_draw() -> None:
    pong = {"type": "pong", "tile": "7s", "turn": 22}
    assert pong_codes({**PASSED_PONG_7S, "melds": [pong]}, TILE) == [("passed_pong", "/players/1/melds/0")]
    drew = {**PASSED_PONG_7S, "melds": [pong], "discards": [{"tile": "9s", "turn": 21}]}
    assert pong_codes(drew, TILE) == []
    other = {**PASSED_PONG_7S, "melds": [{"type": "pong", "tile": "8s", "turn": 22}]}
    assert pong_codes(other, TILE) == []


def test_a_pong_declined_after_ponging_that_tile_cannot_have_happened() -> None:
    # three 7s in the pong leave one copy: nobody can pong 7s again, so nobody declines to
    earlier = {**PASSED_PONG_7S, "melds": [{"type": "pong", "tile": "7s", "turn": 12}]}
    assert pong_codes(earlier, TILE) == [("inconsistent_pass", "/players/1/flags/passed_pongs/0/turn")]


def test_a_pong_of_another_tile_lifts_it_only_by_claim() -> None:
    melds = [{"type": "pong", "tile": "8s", "turn": 21}, {"type": "pong", "tile": "7s", "turn": 23}]
    assert pong_codes({**PASSED_PONG_7S, "melds": melds}, TILE) == [("passed_pong", "/players/1/melds/1")]
    assert pong_codes({**PASSED_PONG_7S, "melds": melds}, TILE_BY_CLAIM) == []


def kong_codes(winner: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e.code, e.pointer) for e in passed_kong_errors(snap(winner), PassRule("过杠不杠", "001:12", "tile"))]


PASSED_KONG_7S = {"flags": {"passed_kongs": [{"tile": "7s", "turn": 20}]}}


@pytest.mark.parametrize(("kind", "tile", "turn", "expected"), [
    ("added", "7s", 25, [("passed_kong", "/players/1/melds/0")]),
    ("exposed", "7s", 25, [("passed_kong", "/players/1/melds/0")]),
    ("concealed", "7s", 25, []),  # 暗杠可以不在第一时间杠 (001:12)
    ("added", "8s", 25, []),
    ("added", "7s", 20, [("inconsistent_pass", "/players/1/flags/passed_kongs/0/turn")]),
])
def test_a_declined_kong_closes_that_tiles_exposed_and_added_kongs(kind: str, tile: str, turn: int,
                                                                    expected: list[tuple[str, str]]) -> None:
    kong = {"type": "kong", "kind": kind, "tile": tile, "turn": turn, **({"from": 0} if kind == "exposed" else {})}
    assert kong_codes({**PASSED_KONG_7S, "melds": [kong], "discards": [{"tile": "9s", "turn": 22}]}) == expected


def test_a_record_must_match_what_was_played_at_its_turn() -> None:
    # seat 0 discarded 9s at turn 20: seat 1 cannot have declined a 3m then
    s = parse_snapshot({"variant": "x", "dealer": 0, "players": [
        {"seat": 0, "hand": [], "discards": [{"tile": "9s", "turn": 20}]},
        {"seat": 1, "hand": [], **PASSED_3M}, {"seat": 2, "hand": []}],
        "wins": [{"winner": 1, "from": 2, "tile": "5m", "turn": 30}]}, Flags, parse_options)
    assert win_codes(s, TILE) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/tile")]


def test_a_record_on_its_own_discard_cannot_have_happened() -> None:
    own = {**PASSED_3M, "discards": [{"tile": "3m", "turn": 20}]}
    assert win_codes(snap(own, "5m"), TILE) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/tile")]


def test_a_record_matches_a_discard_or_a_robbable_kong_of_another_seat() -> None:
    for shown in ({"discards": [{"tile": "3m", "turn": 20}]},
                  {"melds": [{"type": "kong", "kind": "added", "tile": "3m", "turn": 20}]}):
        s = parse_snapshot({"variant": "x", "dealer": 0, "players": [
            {"seat": 0, "hand": [], **shown}, {"seat": 1, "hand": [], **PASSED_3M}, {"seat": 2, "hand": []}],
            "wins": [{"winner": 1, "from": 2, "tile": "5m", "turn": 30}]}, Flags, parse_options)
        assert win_codes(s, TILE) == []


def test_a_pong_record_is_checked_against_its_turn_too() -> None:
    s = parse_snapshot({"variant": "x", "dealer": 0, "players": [
        {"seat": 0, "hand": [], "discards": [{"tile": "8s", "turn": 20}]},
        {"seat": 1, "hand": [], **PASSED_PONG_7S}, {"seat": 2, "hand": []}], "wins": []}, Flags, parse_options)
    assert [(e.code, e.pointer) for e in passed_pong_errors(s, TILE)] == [
        ("inconsistent_pass", "/players/1/flags/passed_pongs/0/tile")]


def test_a_pong_of_the_declined_discard_itself_is_no_draw() -> None:
    # seat 1 let seat 0's 3m pass as a win at turn 20 and ponged that same 3m (numbered 20 or 21): the
    # discard at 22 follows the pong, not a draw, so 3m's suit stays closed (红中 001:230)
    for pong_turn in (20, 21):
        ponged = {**PASSED_3M, "melds": [{"type": "pong", "tile": "3m", "turn": pong_turn}],
                  "discards": [{"tile": "9s", "turn": 22}]}
        assert win_codes(snap(ponged, "9m", 23), SUIT) == [("passed_win", "/wins/0")]


def test_a_pong_later_made_an_added_kong_still_shows_its_claim() -> None:
    # seat 1 let 3m pass as a pong at 28, ponged seat 0's 5p (discarded at 29), discarded 9s at 30, ponged 3m
    # at 32 and made the 5p pong an added kong at 34: the 9s followed a claim, not a draw
    def seat0(discards: list[dict[str, Any]]) -> Snapshot:
        return parse_snapshot({"variant": "x", "dealer": 0, "players": [
            {"seat": 0, "hand": [], "discards": discards},
            {"seat": 1, "hand": [], "flags": {"passed_pongs": [{"tile": "3m", "turn": 28}]},
             "melds": [{"type": "pong", "tile": "3m", "turn": 32}, {"type": "kong", "kind": "added", "tile": "5p", "turn": 34}],
             "discards": [{"tile": "9s", "turn": 30}]},
            {"seat": 2, "hand": [], "discards": [{"tile": "3m", "turn": 28}]}], "wins": []}, Flags, parse_options)
    shown = seat0([{"tile": "5p", "turn": 29, "claimed_by": 1}])
    assert [(e.code, e.pointer) for e in passed_pong_errors(shown, TILE)] == [("passed_pong", "/players/1/melds/0")]
    # without the claimed discard the snapshot cannot tell the 9s came after a claim: read as a draw
    assert passed_pong_errors(seat0([]), TILE) == []


def test_a_record_after_the_win_is_refused_whatever_it_closes() -> None:
    late = {"flags": {"passed_wins": [{"tile": "9p", "turn": 31}], "passed_pongs": [{"tile": "7s", "turn": 30}]}}
    s = snap(late)  # the win at turn 30 ended the round
    assert win_codes(s, TILE) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/turn")]
    assert [(e.code, e.pointer) for e in passed_pong_errors(s, TILE)] == [
        ("inconsistent_pass", "/players/1/flags/passed_pongs/0/turn")]


def test_what_a_claim_can_be_declined_on() -> None:
    def at_20(meld: dict[str, Any], flags: dict[str, Any]) -> Snapshot:
        return parse_snapshot({"variant": "x", "dealer": 0, "players": [
            {"seat": 0, "hand": [], "melds": [meld]}, {"seat": 1, "hand": [], "flags": flags}, {"seat": 2, "hand": []}],
            "wins": []}, Flags, parse_options)
    added = {"type": "kong", "kind": "added", "tile": "7s", "turn": 20}
    # a pong is declined on a discard only; a win also on a robbable kong and on a tile 开杠 shows (安化 003:27)
    assert [e.code for e in passed_pong_errors(at_20(added, PASSED_PONG_7S["flags"]), TILE)] == ["inconsistent_pass"]
    assert win_codes(at_20(added, {"passed_wins": [{"tile": "7s", "turn": 20}]}), TILE) == []
    shows = {"type": "kong", "kind": "concealed", "tile": "9p", "turn": 20, "revealed": ["4m", "5m", "6m"]}
    assert win_codes(at_20(shows, {"passed_wins": [{"tile": "5m", "turn": 20}]}), TILE) == []
    assert win_codes(at_20(shows, {"passed_wins": [{"tile": "9p", "turn": 20}]}), TILE) == [
        ("inconsistent_pass", "/players/1/flags/passed_wins/0/tile")]


def test_a_win_let_go_on_the_tile_another_player_won_the_round_on() -> None:
    # seat 2 could also have won seat 0's 3m at turn 30 (一炮多响 declined, or given way): a record at the
    # win's own turn on the tile won is no contradiction; on another tile, or after it, it is
    def seat2(rec: dict[str, Any]) -> Snapshot:
        return parse_snapshot({"variant": "x", "dealer": 0, "players": [
            {"seat": 0, "hand": []}, {"seat": 1, "hand": []}, {"seat": 2, "hand": [], "flags": {"passed_wins": [rec]}}],
            "wins": [{"winner": 1, "from": 0, "tile": "3m", "turn": 30}]}, Flags, parse_options)
    assert win_codes(seat2({"tile": "3m", "turn": 30}), TILE) == []
    late = [("inconsistent_pass", "/players/2/flags/passed_wins/0/turn")]
    assert win_codes(seat2({"tile": "4m", "turn": 30}), TILE) == late
    assert win_codes(seat2({"tile": "3m", "turn": 31}), TILE) == late


def test_which_kongs_a_win_can_be_declined_on() -> None:
    exposed = {"type": "kong", "kind": "exposed", "tile": "7s", "from": 2, "turn": 20}
    s = parse_snapshot({"variant": "x", "dealer": 0, "players": [
        {"seat": 0, "hand": [], "melds": [exposed]}, {"seat": 1, "hand": [], "flags": {"passed_wins": [{"tile": "7s", "turn": 20}]}},
        {"seat": 2, "hand": []}], "wins": []}, Flags, parse_options)
    assert win_codes(s, TILE) == [("inconsistent_pass", "/players/1/flags/passed_wins/0/tile")]  # only 补杠 is robbed
    assert win_codes(s, PassRule("漏胡", "003:125", "tile", robbed=("added", "exposed"))) == []  # 直杠可以抢杠胡 (003:47)


def test_a_record_turn_is_a_turn() -> None:
    with pytest.raises(InvalidRound) as caught:
        snap({"flags": {"passed_wins": [{"tile": "3m", "turn": -1}]}})
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("invalid_option", "/players/1/flags/passed_wins/0/turn")]


def test_a_pong_cannot_be_declined_on_a_tile_another_seat_has_ponged() -> None:
    # declining a pong takes a pair in hand; with another seat's pong (3) or kong (4) of the tile, that is 5+ copies
    for meld in ({"type": "pong", "tile": "7s", "turn": 25}, {"type": "kong", "kind": "concealed", "tile": "7s", "turn": 5}):
        s = parse_snapshot({"variant": "x", "dealer": 0, "players": [
            {"seat": 0, "hand": [], "melds": [meld]}, {"seat": 1, "hand": [], **PASSED_PONG_7S}, {"seat": 2, "hand": []}],
            "wins": []}, Flags, parse_options)
        assert [(e.code, e.pointer) for e in passed_pong_errors(s, TILE)] == [
            ("inconsistent_pass", "/players/1/flags/passed_pongs/0/tile")]
