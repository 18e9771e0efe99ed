"""What every settlement phase needs to know about a round, worked out once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...hand import waits_seen
from ...snapshot import Player, Snapshot
from ...tiles import SET_112, Tile
from .._round import PerRound
from .options import Options
from .patterns import RULES, HandValue, evaluate

# The classes here are dataclasses with their own ``__init__`` and ``Final`` fields, as the
# core's value classes (rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.


@dataclass(unsafe_hash=True)
class Line:
    """One transfer before 底分 and 烧豆/烧鸡 are applied."""

    kind: Final[str]  # hu | dou | chicken | penalty
    name: Final[str]
    name_en: Final[str]
    payer: Final[int]
    payee: Final[int]
    points: Final[int]
    note: Final[str]

    def __init__(self, kind: str, name: str, name_en: str, payer: int, payee: int, points: int, note: str) -> None:
        self.kind = kind
        self.name = name
        self.name_en = name_en
        self.payer = payer
        self.payee = payee
        self.points = points
        self.note = note


@dataclass(unsafe_hash=True)
class Facts:
    """The round as the phases see it: who won with what, who is ready (听牌) at the end."""

    snap: Final[Snapshot]
    opts: Final[Options]
    ready: Final[tuple[bool, ...]]  # won, or 听牌 at the end (000:49, 61)
    waits: Final[tuple[tuple[Tile, ...], ...]]
    values: Final[tuple[HandValue | None, ...]]  # each winner's best pattern
    declared: Final[tuple[bool, ...]]  # 报听 (000:157)

    def __init__(self, snap: Snapshot, opts: Options, ready: tuple[bool, ...], waits: tuple[tuple[Tile, ...], ...],
                 values: tuple[HandValue | None, ...], declared: tuple[bool, ...]) -> None:
        self.snap = snap
        self.opts = opts
        self.ready = ready
        self.waits = waits
        self.values = values
        self.declared = declared

    @property
    def n(self) -> int:
        return self.snap.n

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.snap.n) if s != seat]

    def ready_seats(self) -> list[int]:
        return [s for s in range(self.snap.n) if self.ready[s]]


def player_waits(player: Player) -> tuple[Tile, ...]:
    """听牌: the faces completing the hand; a face whose four copies the player holds is no wait."""
    return tuple(waits_seen(player.hand, RULES, SET_112.faces, player.meld_tiles()))


def build(snap: Snapshot, opts: Options) -> Facts:
    """The facts of a round; validation and settlement of one round (the same objects) share them."""
    return _FACTS.get(snap, opts)


def _build(snap: Snapshot, opts: Options) -> Facts:
    won = {w.winner: w for w in snap.wins}
    all_waits = tuple([player_waits(p) for p in snap.players])
    values = tuple([evaluate(p.hand, p.melds, won[p.seat].tile) if p.seat in won else None for p in snap.players])
    return Facts(
        snap=snap,
        opts=opts,
        ready=tuple([p.seat in won or bool(all_waits[p.seat]) for p in snap.players]),
        waits=all_waits,
        values=values,
        declared=tuple([p.ready_declared_turn is not None for p in snap.players]),
    )


_FACTS: Final[PerRound[Facts]] = PerRound(_build)
