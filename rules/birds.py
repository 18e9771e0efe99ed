"""Birds (鸟/码) and chickens (鸡): tiles revealed after the round, counted against seats.

Every bird game here assigns a bird to a seat by counting from a starting seat
(usually the winner, seat offset 0) in turn order: for 4 players faces 1/5/9 hit
offset 0, 2/6 offset 1, 3/7 offset 2, 4/8 offset 3; for 3 players 1/4/7, 2/5/8,
3/6/9; for 2 players odd/even. All of these are ``(rank - 1) % n``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from .snapshot import Win
from .tiles import Tile, is_suited, rank


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


def rank_faces(ranks: Iterable[int], honours: Iterable[Tile] = ()) -> Callable[[Tile], bool]:
    """A face rule for :func:`face_hits`: suited tiles of ``ranks`` plus the ``honours`` listed.

    ``rank_faces((1, 5, 9), ("C",))`` is 转转 扎鸟's "1、5、9、红中" (001:23).
    """
    wanted_ranks, wanted_honours = frozenset(ranks), frozenset(honours)

    def hit(tile: Tile) -> bool:
        return tile in wanted_honours or (is_suited(tile) and rank(tile) in wanted_ranks)

    return hit


def pip_value(tile: Tile, honour_values: Mapping[Tile, int]) -> int | None:
    """A bird's face value (一鸟全中 / 一码全中): a suited tile's rank, an honour's value from
    ``honour_values``, ``None`` for a face with no value."""
    if is_suited(tile):
        return rank(tile)
    return honour_values.get(tile)


def bird_hits_four_seat(birds: Iterable[Tile], origin: int, n_players: int,
                        honour_rank: Callable[[Tile], int | None] | None = None) -> Counter[int]:
    """Birds per seat when the faces keep their four-seat meaning at any table size.

    1/5/9 hit the counting seat, 2/6 its 下家, 3/7 its 对家, 4/8 its 上家. At 4 players
    this equals :func:`bird_hits`; at 3 or 2 players there is no 对家 (3/7 hit nobody),
    and at 2 players 下家 and 上家 are the same seat. A reading of "3、2人亦可（规则与4人
    相同）" (002:9) for games that print only the 4-seat faces.
    """
    hits: Counter[int] = Counter()
    for b in birds:
        off = bird_offset(b, 4, honour_rank)
        if off is None or (off == 2 and n_players < 4):
            continue
        hits[(origin + (-1 if off == 3 else off)) % n_players] += 1
    return hits


def share_hits(hits: Mapping[int, int], winner: int, payer: int) -> int:
    """中鸟 doubling of one payer's share of a win: the birds on the winner plus the birds
    on that payer (the discarder of a discard win; each other seat of a self-draw).

    The rule of 湖南抓鸟 飞鸟 (002:179-183) and 安化 (003:123): a bird on a third seat
    doubles nothing on a discard win.
    """
    return hits.get(winner, 0) + hits.get(payer, 0)


def draws_from_short_wall(wanted: Sequence[int], given: int, wall_remaining: int | None, *,
                          min_left: int = 0, last_tile: bool = False) -> list[int] | None:
    """How many birds each of several consecutive draws took, or ``None`` when ``given`` cannot be right.

    ``wanted``: the birds each draw asks for, in drawing order; ``given``: the birds
    revealed; ``wall_remaining``: the tiles left in the wall AFTER the birds (the
    snapshot convention the generator writes). Every draw takes what it asks for; fewer
    in total only when the wall ended empty, the earlier draws served first
    ("若剩余牌数不足，则有多少牌扎多少牌", 001:274). ``min_left``: tiles the wall certainly
    held after the win (a self-draw that was not the last tile left at least one), so at
    least that many birds (or all) were drawn; ``last_tile``: the win took the wall's last
    tile, so none could be.
    """
    total = sum(wanted)
    if last_tile:
        return [0] * len(wanted) if given == 0 else None
    if given > total or (given < total and wall_remaining != 0) or given < min(total, min_left):
        return None
    out: list[int] = []
    left = given
    for w in wanted:
        took = min(w, left)
        out.append(took)
        left -= took
    return out


def tiles_left_after(win: Win) -> int:
    """Tiles the wall certainly still held after ``win``: one after a self-draw that was not
    the 海底 tile (the last tile is the 海底), else none known (a discard may be the
    last tile's)."""
    return 1 if win.self_drawn and not win.last_tile else 0


def split_draws(birds: Iterable[Tile], counts: Iterable[int]) -> list[tuple[Tile, ...]]:
    """Cut one revealed bird list into consecutive draws of ``counts`` tiles (one per winner)."""
    seq = tuple(birds)
    out: list[tuple[Tile, ...]] = []
    at = 0
    for c in counts:
        out.append(seq[at:at + c])
        at += c
    return out
