"""What ``validate()`` and ``settle()`` of one round share: a one-slot memory of the round's facts.

:func:`rules.api.settle` calls ``variant.validate(snap, opts)`` and then
``variant.settle(snap, opts)`` with the same two objects, and both ask the same questions
(a win's best reading, a player's waits). A variant keeps what it worked out for the
round in a :class:`PerRound` slot: the slot holds the snapshot and the options themselves
and answers only for those very objects, so an id is never reused and nothing carries over
to another round (the next round, or another thread's, takes the slot; a round that finds
its slot taken works its facts out again, with the same answers).

(A candidate for the core: ``rules.hand.memo`` is the same idea for hand analyses.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..snapshot import Player, Snapshot, Win

T = TypeVar("T")


class PerRound(Generic[T]):
    """One slot: the facts ``build(snap, opts)`` makes, for the last (snapshot, options) asked."""

    def __init__(self, build: Callable[[Snapshot, Any], T]) -> None:
        self._build = build
        self._last: tuple[Snapshot, object, T] | None = None

    def get(self, snap: Snapshot, opts: object) -> T:
        last = self._last
        if last is not None and last[0] is snap and last[1] is opts:
            return last[2]
        found = self._build(snap, opts)
        self._last = (snap, opts, found)
        return found


class PerWin(Generic[T]):
    """One fact per win of a round (its readings, say), each worked out when first asked:
    build a round's ``PerWin`` in a :class:`PerRound` slot and validation and settlement share it."""

    def __init__(self, snap: Snapshot, opts: Any, of_win: Callable[[Player, Win, Any], T]) -> None:
        self.snap = snap
        self.opts = opts
        self.of_win = of_win
        self.found: dict[int, T] = {}

    def __call__(self, i: int) -> T:
        if i in self.found:
            return self.found[i]
        w = self.snap.wins[i]
        found = self.found[i] = self.of_win(self.snap.players[w.winner], w, self.opts)
        return found
