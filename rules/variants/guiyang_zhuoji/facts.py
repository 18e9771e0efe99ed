"""What every settlement phase needs to know about a round, worked out once."""

from __future__ import annotations

from dataclasses import dataclass

from ...hand import count_tiles, waits
from ...snapshot import Player, Snapshot
from ...tiles import SET_112, Tile
from .options import Options
from .patterns import RULES, HandValue, evaluate


@dataclass(frozen=True)
class Line:
    """One transfer before 底分 and 烧豆/烧鸡 are applied."""

    kind: str  # hu | dou | chicken | penalty
    name: str
    name_en: str
    payer: int
    payee: int
    points: int
    note: str


@dataclass(frozen=True)
class Facts:
    """The round as the phases see it: who won with what, who is ready (听牌) at the end."""

    snap: Snapshot
    opts: Options
    ready: tuple[bool, ...]  # won, or 听牌 at the end (000:49, 61)
    waits: tuple[tuple[Tile, ...], ...]
    values: tuple[HandValue | None, ...]  # each winner's best pattern
    declared: tuple[bool, ...]  # 报听 (000:157)

    @property
    def n(self) -> int:
        return self.snap.n

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.n) if s != seat]

    def ready_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.ready[s]]


def player_waits(player: Player) -> tuple[Tile, ...]:
    """听牌: the faces completing the hand; a face whose four copies the player holds is no wait."""
    return tuple(waits(player.hand, RULES, SET_112.faces, count_tiles(player.hand, player.meld_tiles())))


_last: tuple[Snapshot, Options, Facts] | None = None


def build(snap: Snapshot, opts: Options) -> Facts:
    """The facts of a round; validation and settlement of one round (the same objects) share them."""
    global _last  # noqa: PLW0603 - a one-slot memo; it holds the snapshot, so an id is never reused
    last = _last
    if last is not None and last[0] is snap and last[1] is opts:
        return last[2]
    won = {w.winner: w for w in snap.wins}
    all_waits = tuple(player_waits(p) for p in snap.players)
    values = tuple(evaluate(p.hand, p.melds, won[p.seat].tile) if p.seat in won else None for p in snap.players)
    found = Facts(
        snap=snap,
        opts=opts,
        ready=tuple(p.seat in won or bool(all_waits[p.seat]) for p in snap.players),
        waits=all_waits,
        values=values,
        declared=tuple(p.ready_declared_turn is not None for p in snap.players),
    )
    _last = (snap, opts, found)
    return found
