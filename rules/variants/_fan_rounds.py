"""Checks the fan-list tables share (二人麻将 ``erren``, 国标麻将 ``guobiao``): flowers set aside,
the 报听 declaration, the 起和 minimum. Each takes the seed line its variant cites, so each
variant's messages name its own text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ..errors import InvalidRound, RoundError
from ..ledger import HandReport, Ledger, Settlement
from ..patterns import PatternTable
from ..snapshot import Player, Snapshot, Win
from ..tiles import FLOWERS, Tile, chinese
from ._fans import Result, Scored
from ._round import PerWin

_FLOWERS: Final = frozenset(FLOWERS)


def flower_errors(snap: Snapshot, seed: str, flowers: frozenset[Tile] = _FLOWERS,
                  names: str = "春夏秋冬梅兰竹菊", held: Mapping[int, Tile] | None = None,
                  what: str = "a flower") -> list[RoundError]:
    """Flowers are set aside (补花) into ``flowers``; nothing else is: a flower never plays.
    ``seed``: the line that says so (二人 001:505 item 4, 国标 001:539 item 2); ``flowers``: the
    faces that are flowers at the table, ``names`` them (财神·台数: 中发白); ``held``: the one flower
    a seat may keep in its hand and self-draw as its winning tile (买花's 花财神, 001:295); ``what``: how
    the messages call such a tile (虫草花 sets aside 杠头 and 白板 too)."""
    kept = held or {}
    errors = []
    for i, p in enumerate(snap.players):
        errors += [RoundError("not_a_flower", f"/players/{i}/flowers/{k}", f"{t} ({chinese(t)}) is not a flower "
                              f"({names}, {seed})") for k, t in enumerate(p.flowers) if t not in flowers]
        errors += [RoundError("flower_in_play", f"/players/{i}/hand/{k}", f"{what} is set aside (补花) into flowers, "
                              "never held") for k, t in enumerate(p.hand) if t in flowers and kept.get(i) != t]
        errors += [RoundError("flower_in_play", f"/players/{i}/discards/{k}", f"{what} is set aside (补花), never "
                              "discarded") for k, d in enumerate(p.discards) if d.tile in flowers]
        errors += [RoundError("flower_in_play", f"/players/{i}/melds/{j}", f"{what} never forms a set")
                   for j, m in enumerate(p.melds) if any(t in flowers for t in m.tiles)]
    errors += [RoundError("flower_in_play", f"/wins/{i}/tile", f"nobody wins on {what}: it is replaced (补花)")
               for i, w in enumerate(snap.wins) if w.tile in flowers and not (w.self_drawn and kept.get(w.winner) == w.tile)]
    return errors


def refuse_flowers(hand: Sequence[Tile], seed: str, flowers: frozenset[Tile] = _FLOWERS) -> None:
    """Hand analysis: a flower in the hand is refused (it is set aside, 补花, ``seed``; ``flowers``:
    the faces that are flowers at the table)."""
    for k, t in enumerate(hand):
        if t in flowers:
            raise InvalidRound(RoundError("flower_in_play", f"/hand/{k}", "a flower is set aside (补花) into "
                                          f"flowers, never held ({seed})"))


def declaration_errors(snap: Snapshot, auto_play: str, turns_needed: str) -> list[RoundError]:
    """报听: declared before the win, then 自动摸打 — no chow, pong or kong after it; a declared
    player's melds need their turns. ``auto_play``: the line of 自动摸打 (二人 001:507);
    ``turns_needed``: why the melds' turns are needed, as the variant says it."""
    errors = []
    win_turns = [w.turn for w in snap.wins if w.turn is not None]
    for s, p in enumerate(snap.players):
        t = p.ready_declared_turn
        if t is None:
            continue
        if any(t >= wt for wt in win_turns):
            errors.append(RoundError("inconsistent_declaration", f"/players/{s}/ready_declared_turn",
                                     "报听 is declared before the round's win"))
        for j, m in enumerate(p.melds):
            if m.turn is None:
                errors.append(RoundError("missing_field", f"/players/{s}/melds/{j}/turn", "a 报听 player's melds need "
                                         f"their turn: {turns_needed}"))
            elif m.turn > t:
                errors.append(RoundError("meld_after_declaration", f"/players/{s}/melds/{j}/turn",
                                         f"seat {s} declared 报听 at turn {t}: after it the game draws and discards "
                                         f"for it (自动摸打, {auto_play}), no chow, pong or kong"))
    return errors


def min_fans_errors(r: Result, table: PatternTable, outside: frozenset[str], min_fans: int, ptr: str,
                    seed: str) -> list[RoundError]:
    """起和: the fans without those ``outside`` it (花牌) reach ``min_fans``, else
    ``below_min_fans`` at ``ptr`` (``seed``: the line that keeps flowers out)."""
    if r.without_flowers >= min_fans:
        return []
    s = r.scored
    fans = "、".join(f"{table[f].zh}{table.value(f) * n}" for f, n in s.fans if f not in outside) if s else ""
    return [RoundError("below_min_fans", ptr, f"{r.without_flowers}番 ({fans or 'none'}) without flowers is "
                       f"below the table's 起和 of {min_fans}番 ({seed})")]


def hand_reports(snap: Snapshot, won: Mapping[int, Scored], table: PatternTable,
                 waits: Callable[[Player], Sequence[Tile]]) -> tuple[HandReport, ...]:
    """Each seat's report: a winner's fans (中文, table order); any other seat's waits."""
    hands = []
    for p in snap.players:
        s = won.get(p.seat)
        if s is not None:
            hands.append(HandReport(p.seat, True, tuple(table[f].zh for f, _ in s.fans)))
        else:
            found = tuple(waits(p))
            hands.append(HandReport(p.seat, False, (), bool(found), found))
    return tuple(hands)


def fan_settlement(snap: Snapshot, found: PerWin[Result], table: PatternTable,
                   pay: Callable[[Win, Scored, Ledger], None], waits: Callable[[Player], Sequence[Tile]],
                   next_dealer: int, drawn_note: str) -> Settlement:
    """A fan-list round settled (二人, 国标): each win's best reading paid by ``pay``, the hand
    reports, and ``drawn_note`` when nobody won."""
    ledger = Ledger(snap.n)
    won: dict[int, Scored] = {}
    for i, w in enumerate(snap.wins):
        scored = found(i).scored
        assert scored is not None  # validate() refused a hand without a reading
        pay(w, scored, ledger)
        won[w.winner] = scored
    notes = () if snap.wins else (drawn_note,)
    return Settlement(ledger.items, hand_reports(snap, won, table, waits), next_dealer, notes)
