"""Birds (鸟/码) and chickens (鸡): tiles revealed after the round, counted against seats.

Every bird game here assigns a bird to a seat by counting from a starting seat
(usually the winner, seat offset 0) in turn order: for 4 players faces 1/5/9 hit
offset 0, 2/6 offset 1, 3/7 offset 2, 4/8 offset 3; for 3 players 1/4/7, 2/5/8,
3/6/9; for 2 players odd/even. All of these are ``(rank - 1) % n``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .tiles import Tile, rank


def bird_offset(tile: Tile, n_players: int, honour_rank: Callable[[Tile], int | None] | None = None) -> int | None:
    """Seat offset (0 = the counting seat) a bird face points at, ``None`` for no seat."""
    r = rank(tile)
    if r is None and honour_rank is not None:
        r = honour_rank(tile)
    if r is None:
        return None
    return (r - 1) % n_players


def bird_seat(tile: Tile, origin: int, n_players: int,
              honour_rank: Callable[[Tile], int | None] | None = None) -> int | None:
    off = bird_offset(tile, n_players, honour_rank)
    return None if off is None else (origin + off) % n_players


def bird_hits(birds: Iterable[Tile], origin: int, n_players: int,
              honour_rank: Callable[[Tile], int | None] | None = None) -> Counter[int]:
    """How many birds land on each seat, counting from ``origin``."""
    hits: Counter[int] = Counter()
    for b in birds:
        s = bird_seat(b, origin, n_players, honour_rank)
        if s is not None:
            hits[s] += 1
    return hits


def face_hits(birds: Iterable[Tile], faces: Callable[[Tile], bool]) -> list[Tile]:
    """The birds whose face is a hit under a face rule (扎码 on 1/5/9 …)."""
    return [b for b in birds if faces(b)]


def count_faces(tiles: Iterable[Tile], face: Tile) -> int:
    return sum(1 for t in tiles if t == face)
