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


def test_a_round_that_ends_at_its_win_has_nothing_after_it() -> None:
    # every variant but 血战 ends at its win (DESIGN: "entries at different turns are sequential wins
    # (血战到底)"): a discard after the win's turn cannot have happened (review finding: only 软硬双翻
    # checked it). The README's 转转 round, seat 2 discarding 9s at turn 21 after the win at turn 20:
    from rules import api
    from rules.errors import InvalidRound

    body = {"variant": "zhuanzhuan", "dealer": 0,
            "players": [{"seat": 0, "hand": "234678m234p5678s"}, {"seat": 1, "hand": "113355m7799p224s"},
                        {"seat": 2, "hand": "123456789p1199s", "discards": [{"tile": "9s", "turn": 21}]},
                        {"seat": 3, "hand": "666m888p3336777s"}],
            "wins": [{"winner": 1, "from": 0, "tile": "4s", "turn": 20}]}
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    assert [(x.code, x.pointer) for x in e.value.errors] == [("after_round_end", "/players/2/discards/0/turn")]
    body["players"][2]["discards"][0]["turn"] = 19  # before the win: a possible history
    # seat 1: 11 33 55m 77 99p 22s 44s, 七小对 on seat 0's 4s: 点炮玩家出3分 (001:18 item 3)
    assert [s["total"] for s in api.settle(body)["scores"]] == [-3, 3, 0, 0]
