"""荒庄查叫: nobody won and the wall is empty (000:187-195).

No 豆 or 鸡 is scored (000:189, 191), no 包冲锋鸡 or 包鸡 (000:193), no 连庄分 (000:195).
Each player not ready (没叫) pays each ready player that player's best 牌型分 over
its waits; nothing when every player or no player is ready (000:189).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...snapshot import Player
from ...tiles import Tile
from .facts import Facts, Line
from .patterns import HandValue, evaluate


@dataclass(unsafe_hash=True)
class BestWait:
    """The wait that would score most: what 查叫 charges (000:189)."""

    tile: Final[Tile]
    value: Final[HandValue]

    def __init__(self, tile: Tile, value: HandValue) -> None:
        self.tile = tile
        self.value = value


def best_wait(player: Player, waits: tuple[Tile, ...]) -> BestWait | None:
    best: BestWait | None = None
    for tile in waits:
        v = evaluate(player.hand, player.melds, tile)
        if v is not None and (best is None or v.value > best.value.value):
            best = BestWait(tile, v)
    return best


def chajiao_lines(f: Facts) -> list[Line]:
    ready = f.ready_seats()
    if not ready or len(ready) == f.n:
        return []
    out: list[Line] = []
    for r in ready:
        best = best_wait(f.snap.players[r], f.waits[r])
        assert best is not None
        p = best.value.pattern
        out.extend(Line("penalty", "查叫", "Ready-hand Check", payer, r, p.value,
                        f"荒庄查叫: seat {r} is ready, best wait {best.tile} as {p.zh} {p.value}; "
                        f"seat {payer} is not ready and pays it (000:189)")
                   for payer in range(f.n) if not f.ready[payer])
    return out
