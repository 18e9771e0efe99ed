"""The ledger: every line a transfer payer → payee of a positive integer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .tiles import Tile

# Frozen dataclasses built on every round (here, in snapshot.py and hand.py) have their own
# ``__init__``: the same parameters and the same ``object.__setattr__`` per field as the
# generated one, which runs as Python even compiled; written out, mypyc turns each into a
# plain field store. Compiled, an ``Item`` cost ~12,000 instructions to build, now ~400.


@dataclass(frozen=True)
class Item:
    """One transfer, explained: which rule (kind + 中文/English name) and why (note)."""

    kind: str
    name: str
    name_en: str
    payer: int
    payee: int
    points: int
    note: str = ""
    phase: str | None = None
    turn: int | None = None

    def __init__(self, kind: str, name: str, name_en: str, payer: int, payee: int, points: int,
                 note: str = "", phase: str | None = None, turn: int | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "name_en", name_en)
        object.__setattr__(self, "payer", payer)
        object.__setattr__(self, "payee", payee)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turn", turn)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "name": self.name, "name_en": self.name_en,
                             "payer": self.payer, "payee": self.payee, "points": self.points,
                             "note": self.note}
        if self.phase is not None:
            d["phase"] = self.phase
        if self.turn is not None:
            d["turn"] = self.turn
        return d


class Ledger:
    """Collects transfers; scores are derived, so they always sum to zero."""

    def __init__(self, n_players: int) -> None:
        self.n = n_players
        self._items: list[Item] = []

    def pay(self, payer: int, payee: int, points: int, kind: str, name: str, name_en: str,
            note: str = "", *, phase: str | None = None, turn: int | None = None) -> None:
        """Record a transfer; zero is skipped, a negative amount flips the direction."""
        if not isinstance(points, int) or isinstance(points, bool):
            raise TypeError(f"points must be an integer, got {points!r}")
        if points == 0:
            return
        if payer == payee:
            raise ValueError(f"seat {payer} cannot pay itself ({name})")
        if points < 0:
            payer, payee, points = payee, payer, -points
        self._items.append(Item(kind, name, name_en, payer, payee, points, note, phase, turn))

    def extend(self, items: list[Item]) -> None:
        self._items.extend(items)

    @property
    def items(self) -> tuple[Item, ...]:
        return tuple(self._items)


def scores(items: tuple[Item, ...] | list[Item], n_players: int) -> list[dict[str, Any]]:
    """Per-seat totals and totals by kind, summed from the items."""
    totals = [0] * n_players
    by_kind: list[dict[str, int]] = [{} for _ in range(n_players)]
    for it in items:
        totals[it.payer] -= it.points
        totals[it.payee] += it.points
        by_kind[it.payer][it.kind] = by_kind[it.payer].get(it.kind, 0) - it.points
        by_kind[it.payee][it.kind] = by_kind[it.payee].get(it.kind, 0) + it.points
    # (a seat's kinds are sorted by name; one kind or none needs no sorting)
    return [{"seat": s, "total": totals[s], "by_kind": kinds if len(kinds) < 2 else dict(sorted(kinds.items()))}
            for s, kinds in enumerate(by_kind)]


@dataclass(frozen=True)
class HandReport:
    """What the settlement found in one seat's hand."""

    seat: int
    won: bool
    patterns: tuple[str, ...] = ()
    ready: bool | None = None
    waits: tuple[Tile, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, seat: int, won: bool, patterns: tuple[str, ...] = (), ready: bool | None = None,
                 waits: tuple[Tile, ...] = (), extra: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "patterns", patterns)
        object.__setattr__(self, "ready", ready)
        object.__setattr__(self, "waits", waits)
        object.__setattr__(self, "extra", {} if extra is None else extra)  # (a new dict each time, as before)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "won": self.won, "patterns": list(self.patterns),
                             "waits": list(self.waits)}
        if self.ready is not None:
            d["ready"] = self.ready
        if self.extra:  # (most reports have none)
            d.update(self.extra)
        return d


@dataclass(frozen=True)
class Settlement:
    """A variant's answer for one round, before the API adds ids, scores and digest."""

    items: tuple[Item, ...]
    hands: tuple[HandReport, ...]
    next_dealer: int | None
    notes: tuple[str, ...] = ()

    def __init__(self, items: tuple[Item, ...], hands: tuple[HandReport, ...], next_dealer: int | None,
                 notes: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "next_dealer", next_dealer)
        object.__setattr__(self, "notes", notes)
