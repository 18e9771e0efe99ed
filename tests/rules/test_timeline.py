"""rules.timeline: who is still in at a turn, and the sequential-win history checks."""

from __future__ import annotations

from typing import Any

import pytest

from rules.options import NoOptions, parse_options
from rules.snapshot import Snapshot, parse_snapshot
from rules.timeline import Timeline, check_sequential_wins, missing_turns


def snap(players: list[dict[str, Any]] | None = None, wins: list[dict[str, Any]] | None = None) -> Snapshot:
    body = {"variant": "x", "dealer": 0, "players": players or [{"seat": i, "hand": []} for i in range(4)], "wins": wins or []}
    return parse_snapshot(body, NoOptions, parse_options)


def win(winner: int, turn: int | None, frm: int | None = None, tile: str = "5m") -> dict[str, Any]:
    return {"winner": winner, "from": frm, "tile": tile, "turn": turn}


def codes(s: Snapshot) -> set[tuple[str, str]]:
    return {(e.code, e.pointer) for e in check_sequential_wins(s)}


def test_still_in_means_not_won_strictly_before() -> None:
    tl = Timeline.of(snap(wins=[win(1, 20), win(3, 40, 0)]))
    assert tl.seats_in_at(10) == (0, 1, 2, 3)
    assert tl.seats_in_at(20) == (0, 1, 2, 3)  # the winner is still in at its own win turn
    assert tl.seats_in_at(21) == (0, 2, 3)
    assert tl.seats_in_at(40, exclude=(3,)) == (0, 2)
    assert tl.seats_in_at(41) == (0, 2)
    assert tl.still_in_at_end() == (0, 2)
    assert tl.round_over_at() is None


def test_round_over_when_one_seat_is_left() -> None:
    tl = Timeline.of(snap(wins=[win(1, 20), win(3, 40, 0), win(0, 50)]))
    assert tl.round_over_at() == 50
    assert tl.still_in_at_end() == (2,)


def test_one_discard_won_by_two_is_one_event() -> None:
    s = snap(wins=[win(1, 20, 0), win(2, 20, 0)])
    assert codes(s) == set()
    tl = Timeline.of(s)
    assert tl.seats_in_at(21) == (0, 3)


def test_unknown_turns_never_make_a_seat_leave() -> None:
    tl = Timeline.of(snap(wins=[win(1, None)]))
    assert tl.seats_in_at(99) == (0, 1, 2, 3)
    assert tl.still_in_at_end() == (0, 2, 3)


@pytest.mark.parametrize(("wins", "expected"), [
    ([win(1, 40), win(2, 20)], ("turn_order", "/wins/1/turn")),
    ([win(1, 20), win(2, 20)], ("turn_conflict", "/wins/1/turn")),  # two self-draws at one turn
    ([win(1, 20, 0), win(2, 20, 3)], ("turn_conflict", "/wins/1/turn")),  # two discards at one turn
    ([win(1, 20), win(1, 40)], ("already_won", "/wins/1/winner")),
    ([win(1, 20), win(2, 40, 1)], ("player_out", "/wins/1/from")),
    ([win(1, 10), win(2, 20), win(3, 30), win(0, 40)], ("after_round_end", "/wins/3/turn")),
])
def test_impossible_win_histories(wins: list[dict[str, Any]], expected: tuple[str, str]) -> None:
    assert expected in codes(snap(wins=wins))


def test_actions_after_a_win_are_rejected() -> None:
    players = [
        {"seat": 0, "hand": [], "discards": [{"tile": "1m", "turn": 25}, {"tile": "2m", "turn": 5, "claimed_by": 2}]},
        {"seat": 1, "hand": [], "melds": [{"type": "kong", "kind": "concealed", "tile": "9p", "turn": 30}]},
        {"seat": 2, "hand": [], "melds": [{"type": "pong", "tile": "3s", "from": 0, "turn": 22}]},
        {"seat": 3, "hand": [], "discards": [{"tile": "4m", "turn": 35, "claimed_by": 1}]},
    ]
    found = codes(snap(players, [win(0, 20), win(1, 30, 3, "7m")]))
    assert ("player_out", "/players/0/discards/0/turn") in found  # discarding after its win
    assert ("player_out", "/players/0/discards/1/turn") not in found  # before it: fine
    assert ("turn_conflict", "/players/1/melds/0/turn") in found  # a kong at a win's turn
    assert ("player_out", "/players/1/melds/0/turn") in found  # and at its own win
    assert ("player_out", "/players/2/melds/0/from") in found  # fed by seat 0 after it left
    assert ("player_out", "/players/3/discards/0/claimed_by") in found  # claimed by seat 1 after it left


def test_two_kongs_at_one_turn_conflict() -> None:
    players = [{"seat": i, "hand": [], "melds": [{"type": "kong", "kind": "concealed", "tile": t, "turn": 12}]}
               for i, t in enumerate(("1m", "2m"))] + [{"seat": 2, "hand": []}, {"seat": 3, "hand": []}]
    assert ("turn_conflict", "/players/1/melds/0/turn") in codes(snap(players))


def test_missing_turns_name_each_place() -> None:
    players = [{"seat": 0, "hand": [], "melds": [{"type": "kong", "kind": "concealed", "tile": "1m"},
                                                 {"type": "pong", "tile": "2m", "from": 1}]}] + [
        {"seat": i, "hand": []} for i in (1, 2, 3)]
    s = snap(players, [win(1, None)])
    assert {e.pointer for e in missing_turns(s)} == {"/wins/0/turn", "/players/0/melds/0/turn"}
    assert {e.pointer for e in missing_turns(s, kongs=False)} == {"/wins/0/turn"}


def test_a_river_is_in_turn_order() -> None:
    players = [{"seat": 0, "hand": [], "discards": [{"tile": "1m", "turn": 9}, {"tile": "2m", "turn": 5}, "3m",
                                                    {"tile": "4m", "turn": 12}]}] + [{"seat": i, "hand": []} for i in (1, 2, 3)]
    assert codes(snap(players)) == {("turn_order", "/players/0/discards/1/turn")}


def test_an_added_kong_names_the_pong_feeder_who_may_have_left() -> None:
    """补杠 keeps the pong's ``from``; that seat fed the pong before it won, not the kong after."""
    players = [{"seat": 0, "hand": []},
               {"seat": 1, "hand": [], "melds": [{"type": "kong", "kind": "added", "tile": "3s", "from": 0, "turn": 30}]},
               {"seat": 2, "hand": []}, {"seat": 3, "hand": []}]
    assert codes(snap(players, [win(0, 20)])) == set()
