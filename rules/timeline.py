"""Time in a round: who is still playing at a given turn, for games with sequential wins.

In 血战到底-style games (001_a1ce558555b69162.txt:562-598) a round goes on after a win:
the winner leaves and the others play on, so who pays a self-draw or a kong depends on
*when* it happened. The snapshot's ``turn`` is one global counter of table actions; this
module turns it into answers and checks that the history the snapshot tells is possible.

"Still in at turn ``t``" (the one definition every caller uses): a seat is in at ``t``
unless it won at a turn strictly before ``t``. A seat that wins at ``t`` is still in at
``t`` (it is the one acting) and out for every event after ``t``. Events of different
kinds never share a turn (:func:`check_sequential_wins` rejects that), except that one
discard won by several players (一炮多响) is one event with several winners, so the
boundary case never decides a payment.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RoundError
from .snapshot import Snapshot


@dataclass(frozen=True)
class Timeline:
    """When each seat left the round by winning.

    ``left_at[s]`` is the turn of seat ``s``'s first win (``None`` when that win has no
    turn, which callers allow only when order cannot matter); ``won[s]`` whether it won.
    """

    n: int
    won: tuple[bool, ...]
    left_at: tuple[int | None, ...]

    def __init__(self, n: int, won: tuple[bool, ...], left_at: tuple[int | None, ...]) -> None:
        # (the generated __init__ runs as Python even compiled; see rules/ledger.py)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "left_at", left_at)

    @classmethod
    def of(cls, snap: Snapshot) -> Timeline:
        won = [False] * snap.n
        left: list[int | None] = [None] * snap.n
        for w in snap.wins:
            if 0 <= w.winner < snap.n and not won[w.winner]:
                won[w.winner] = True
                left[w.winner] = w.turn
        return cls(snap.n, tuple(won), tuple(left))

    def left_before(self, seat: int, turn: int | None) -> bool:
        """Whether ``seat`` won at a turn strictly before ``turn`` (unknown turns: no)."""
        at = self.left_at[seat]
        return self.won[seat] and at is not None and turn is not None and at < turn

    def in_at(self, seat: int, turn: int | None) -> bool:
        """Still in at ``turn``: not won strictly before it."""
        return not self.left_before(seat, turn)

    def seats_in_at(self, turn: int | None, exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Every seat still in at ``turn`` (in seat order), minus ``exclude``."""
        return tuple(s for s in range(self.n) if self.in_at(s, turn) and s not in exclude)

    def still_in_at_end(self) -> tuple[int, ...]:
        """The seats that never won: those playing when the round ended."""
        return tuple(s for s in range(self.n) if not self.won[s])

    def round_over_at(self) -> int | None:
        """The turn of the win that left a single seat playing (the round ends there), or ``None``."""
        order = sorted((t, s) for s, t in enumerate(self.left_at) if self.won[s] and t is not None)
        if sum(self.won) < self.n - 1 or len(order) < self.n - 1:
            return None
        return order[self.n - 2][0]


def missing_turns(snap: Snapshot, *, wins: bool = True, kongs: bool = True) -> list[RoundError]:
    """``missing_field`` errors for every win (and kong) without a ``turn``."""
    errors = []
    if wins:
        errors += [RoundError("missing_field", f"/wins/{i}/turn", "this variant orders wins and kongs in time: give the win's turn")
                   for i, w in enumerate(snap.wins) if w.turn is None]
    if kongs:
        errors += [RoundError("missing_field", f"/players/{s}/melds/{j}/turn",
                              "this variant orders wins and kongs in time: give the kong's turn")
                   for s, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.is_kong and m.turn is None]
    return errors


def check_sequential_wins(snap: Snapshot, *, one_win_each: bool = True) -> list[RoundError]:
    """Whether the history the snapshot tells could have happened, turn by turn.

    - wins are listed in turn order; wins at one turn are one discard won by several;
    - a seat wins at most once (``one_win_each``), and never on a discard of a seat that
      had already left;
    - a seat that won makes no meld and no discard at or after its win, claims nothing
      after it and feeds nothing after it;
    - each seat's discards are listed in turn order (its river);
    - kongs never share a turn with another kong or a win;
    - nothing happens after the win that left a single seat playing.

    Checks that need a turn are skipped where it is missing (see :func:`missing_turns`).
    """
    tl = Timeline.of(snap)
    errors: list[RoundError] = []
    errors += _check_win_order(snap, tl, one_win_each)
    errors += _check_after_win(snap, tl)
    errors += _check_discard_order(snap)
    errors += _check_kong_turns(snap)
    end = tl.round_over_at()
    if end is not None:
        errors += _check_after_end(snap, end)
    return errors


def check_single_win_turns(snap: Snapshot) -> list[RoundError]:
    """Whether the turns of a round that ends at its one win (or is drawn) tell a possible
    history, for variants that read the order of the discards (跟风, 001:41):

    - each seat's discards are listed in turn order, and no two discards share a turn;
    - nothing — discard, meld or kong — happens after the win's turn, and the win's turn is no
      other discard's (the tile won on is not listed among its discarder's discards; a record that
      lists it there, at the win's turn, is read as naming the same discard).

    Checks that need a turn are skipped where it is missing."""
    errors = _discard_turn_errors(snap) if _discard_turns_differ(snap) else []
    end = next((w.turn for w in snap.wins if w.turn is not None), None)
    if end is None:
        return errors
    why = f"the round ended with the win at turn {end}: no discard at or after it, no meld after it"
    # the tile won on, should a record list it among its discarder's discards at the win's turn
    won_on = {(w.from_seat, w.tile) for w in snap.wins if w.turn == end and w.from_seat is not None}
    for s, p in enumerate(snap.players):
        errors += [RoundError("after_round_end", f"/players/{s}/discards/{k}/turn", why)
                   for k, d in enumerate(p.discards) if d.turn is not None and d.turn >= end
                   and not (d.turn == end and (s, d.tile) in won_on)]
        errors += [RoundError("after_round_end", f"/players/{s}/melds/{j}/turn", why)
                   for j, m in enumerate(p.melds) if m.turn is not None and m.turn > end]
    return errors


def _discard_turns_differ(snap: Snapshot) -> bool:
    """Whether some seat's discards are out of turn order or two discards share a turn. A round
    has ~80 discards: their turns are only compared here, and the messages and pointers built
    (:func:`_discard_turn_errors`) only when something is wrong."""
    seen: set[int] = set()
    for p in snap.players:
        latest = -1
        for d in p.discards:
            t = d.turn
            if t is not None:
                if t <= latest or t in seen:
                    return True
                latest = t
                seen.add(t)
    return False


def _discard_turn_errors(snap: Snapshot) -> list[RoundError]:
    """``turn_order`` (a seat's river out of order), then ``turn_conflict`` (two discards at one turn)."""
    errors = _check_discard_order(snap)
    taken: dict[int, str] = {}
    for s, p in enumerate(snap.players):
        for k, d in enumerate(p.discards):
            if d.turn is not None:
                errors += _take_turn(taken, d.turn, f"seat {s}'s discard", f"/players/{s}/discards/{k}/turn")
    return errors


def _check_win_order(snap: Snapshot, tl: Timeline, one_win_each: bool) -> list[RoundError]:
    errors: list[RoundError] = []
    seen: set[int] = set()
    latest: int | None = None
    by_turn: dict[int, int] = {}  # turn → index of the first win listed at it
    for i, w in enumerate(snap.wins):
        ptr = f"/wins/{i}"
        if w.turn is not None:
            if latest is not None and w.turn < latest:
                errors.append(RoundError("turn_order", f"{ptr}/turn",
                                         f"wins are listed in turn order: turn {w.turn} comes after turn {latest}"))
            latest = w.turn if latest is None else max(latest, w.turn)
            first = by_turn.setdefault(w.turn, i)
            f = snap.wins[first]
            if first != i and (w.self_drawn or f.self_drawn or (w.from_seat, w.tile) != (f.from_seat, f.tile)):
                errors.append(RoundError("turn_conflict", f"{ptr}/turn",
                                         f"two wins at turn {w.turn} must be one discard won by several (一炮多响)"))
        if one_win_each and w.winner in seen:
            errors.append(RoundError("already_won", f"{ptr}/winner", f"seat {w.winner} already won and left the round"))
        seen.add(w.winner)
        if w.from_seat is not None and 0 <= w.from_seat < snap.n and tl.left_before(w.from_seat, w.turn):
            errors.append(RoundError("player_out", f"{ptr}/from",
                                     f"seat {w.from_seat} won at turn {tl.left_at[w.from_seat]} and no longer discards"))
    return errors


def _check_after_win(snap: Snapshot, tl: Timeline) -> list[RoundError]:
    # (pointers are built only for what is reported: a round has ~80 discards)
    errors: list[RoundError] = []
    for s, p in enumerate(snap.players):
        left = tl.left_at[s] if tl.won[s] else None
        for j, m in enumerate(p.melds):
            if left is not None and m.turn is not None and m.turn >= left:
                errors.append(RoundError("player_out", f"/players/{s}/melds/{j}/turn",
                                         f"seat {s} won at turn {left}; this {m.kind or m.type} {m.type} is at turn {m.turn}"))
            # an added kong's ``from`` fed the pong earlier, not the kong at its turn
            fed_now = m.kind != "added"
            if fed_now and m.from_seat is not None and 0 <= m.from_seat < snap.n and tl.left_before(m.from_seat, m.turn):
                errors.append(RoundError("player_out", f"/players/{s}/melds/{j}/from",
                                         f"seat {m.from_seat} won at turn {tl.left_at[m.from_seat]} and no longer discards"))
        for k, d in enumerate(p.discards):
            if left is not None and d.turn is not None and d.turn >= left:
                errors.append(RoundError("player_out", f"/players/{s}/discards/{k}/turn",
                                         f"seat {s} won at turn {left} and no longer discards"))
            c = d.claimed_by
            if c is not None and 0 <= c < snap.n and tl.left_before(c, d.turn):
                errors.append(RoundError("player_out", f"/players/{s}/discards/{k}/claimed_by",
                                         f"seat {c} won at turn {tl.left_at[c]} and claims nothing after"))
    return errors


def _check_discard_order(snap: Snapshot) -> list[RoundError]:
    errors: list[RoundError] = []
    for s, p in enumerate(snap.players):
        latest: int | None = None
        for k, d in enumerate(p.discards):
            if d.turn is None:
                continue
            if latest is not None and d.turn <= latest:
                errors.append(RoundError("turn_order", f"/players/{s}/discards/{k}/turn",
                                         f"discards are listed in turn order: turn {d.turn} after turn {latest}"))
            latest = d.turn if latest is None else max(latest, d.turn)
    return errors


def _check_kong_turns(snap: Snapshot) -> list[RoundError]:
    errors: list[RoundError] = []
    taken: dict[int, str] = {w.turn: "a win" for w in snap.wins if w.turn is not None}
    for s, p in enumerate(snap.players):
        for j, m in enumerate(p.melds):
            if m.is_kong and m.turn is not None:
                errors += _take_turn(taken, m.turn, f"seat {s}'s kong", f"/players/{s}/melds/{j}/turn")
    return errors


def _take_turn(taken: dict[int, str], turn: int, what: str, ptr: str) -> list[RoundError]:
    """Marks ``turn`` as ``what``'s in ``taken``, or ``turn_conflict`` when another action has it."""
    if turn in taken:
        return [RoundError("turn_conflict", ptr, f"turn {turn} is already {taken[turn]}; each table action has its own turn")]
    taken[turn] = what
    return []


def _check_after_end(snap: Snapshot, end: int) -> list[RoundError]:
    why = f"the round ended at turn {end}, when a single player was left"
    errors = [RoundError("after_round_end", f"/wins/{i}/turn", why)
              for i, w in enumerate(snap.wins) if w.turn is not None and w.turn > end]
    for s, p in enumerate(snap.players):
        errors += [RoundError("after_round_end", f"/players/{s}/melds/{j}/turn", why)
                   for j, m in enumerate(p.melds) if m.turn is not None and m.turn > end]
        errors += [RoundError("after_round_end", f"/players/{s}/discards/{k}/turn", why)
                   for k, d in enumerate(p.discards) if d.turn is not None and d.turn > end]
    return errors
