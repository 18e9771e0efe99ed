"""番种 machinery for fan-list variants (二人麻将 ``erren``; a 国标 variant could import it too).

A fan list scores a complete hand by adding the fans (番) it shows, each excluding (不计) the
smaller ones it contains. Most fans depend on how the hand is read (which tiles form which
sets), so the hand is read every way it can be: each standard decomposition (four sets and a
pair, the melds being sets of their own) with the won tile in each group that may have
received it, and seven pairs. A variant keeps its fan table as data (:class:`Fan` rows turned
into a :class:`~rules.patterns.PatternTable`) and one detector per fan, a function of a
:class:`Reading` and the win's :class:`Context` returning how many times the fan is found
(0: not found); :func:`best` scores every reading and keeps the highest total.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from ..hand import HandRules, decompositions, group_wait
from ..patterns import Pattern, PatternTable
from ..snapshot import Meld
from ..tiles import Tile, is_honour, is_terminal, rank, suit

WINDS: Final = ("E", "S", "W", "N")
DRAGONS: Final = ("C", "F", "P")


@dataclass(frozen=True)
class Fan:
    """One row of a fan table: id, 中文, English, 番, what it excludes (不计), seed line, note."""

    id: str
    zh: str
    en: str
    value: int
    excludes: tuple[str, ...]
    seed: str
    note: str = ""

    def __init__(self, id: str, zh: str, en: str, value: int, excludes: tuple[str, ...],  # noqa: A002 - the field's name
                 seed: str, note: str = "") -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "zh", zh)
        object.__setattr__(self, "en", en)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "excludes", excludes)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "note", note)


def fan_table(rows: Iterable[Fan]) -> PatternTable:
    """The rows as a pattern table (the note names the seed line)."""
    return PatternTable([Pattern(f.id, f.zh, f.en, f.value, f.excludes, f"{f.seed}{': ' + f.note if f.note else ''}")
                         for f in rows])


@dataclass(frozen=True)
class Block:
    """One set of a reading: ``kind`` chow / pung / kong, its lowest ``tile``; ``concealed``: an
    暗刻 or 暗杠 (a triplet of the hand not completed by a discard, a concealed kong);
    ``exposed``: a meld shown (吃, 碰, 明杠, 加杠); ``kong`` the kong's kind."""

    kind: str
    tile: Tile
    concealed: bool
    exposed: bool
    kong: str | None = None

    def __init__(self, kind: str, tile: Tile, concealed: bool, exposed: bool, kong: str | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "exposed", exposed)
        object.__setattr__(self, "kong", kong)

    @property
    def triplet(self) -> bool:
        """刻子 or 杠."""
        return self.kind != "chow"

    def faces(self) -> tuple[Tile, ...]:
        if self.kind == "chow":
            r, s = rank(self.tile) or 0, suit(self.tile)
            return (self.tile, f"{r + 1}{s}", f"{r + 2}{s}")
        return (self.tile,)


@dataclass(frozen=True)
class Reading:
    """One way to read a complete hand: four ``blocks`` and a ``pair`` (a standard reading), or
    seven ``pairs`` (七对, a four-of-a-kind twice). ``wait``: the won tile's role here —
    ``rules.hand.group_wait``'s single (completing the pair), edge (边张), closed (坎张), open
    (两面), double_pong (双碰); ``None`` in 七对."""

    blocks: tuple[Block, ...]
    pair: Tile | None
    pairs: tuple[Tile, ...]
    wait: str | None

    def __init__(self, blocks: tuple[Block, ...], pair: Tile | None, pairs: tuple[Tile, ...], wait: str | None) -> None:
        object.__setattr__(self, "blocks", blocks)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "pairs", pairs)
        object.__setattr__(self, "wait", wait)

    @property
    def standard(self) -> bool:
        return self.pair is not None


@dataclass(frozen=True)
class Context:
    """What a win is, apart from how its hand is read: ``tiles`` every tile of the hand (melds,
    a kong four times, the won tile), ``hand`` the concealed tiles before the win, ``won`` the
    tile won on, ``self_drawn``, ``melds``, the winds (门风 ``seat_wind``, 圈风 ``round_wind``),
    ``single_wait``: the hand before the win waited on the won tile alone."""

    tiles: tuple[Tile, ...]
    hand: tuple[Tile, ...]
    won: Tile
    self_drawn: bool
    melds: tuple[Meld, ...]
    seat_wind: Tile
    round_wind: Tile
    single_wait: bool

    def __init__(self, tiles: tuple[Tile, ...], hand: tuple[Tile, ...], won: Tile, self_drawn: bool,
                 melds: tuple[Meld, ...], seat_wind: Tile, round_wind: Tile, single_wait: bool) -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "self_drawn", self_drawn)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "seat_wind", seat_wind)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "single_wait", single_wait)


Detector = Callable[[Reading, Context], int]
"""How many times a fan is found in a reading (0: not found)."""


# -- readings -------------------------------------------------------------------------------


def meld_block(m: Meld) -> Block:
    if m.type == "chow":
        return Block("chow", min(m.tiles, key=lambda t: rank(t) or 0), False, True)
    if m.type == "pong":
        return Block("pung", m.tile, False, True)
    return Block("kong", m.tile, m.kind == "concealed", m.kind != "concealed", m.kind)


def readings(hand: Iterable[Tile], won: Tile, self_drawn: bool, melds: tuple[Meld, ...],
             seven_pairs: bool = True) -> list[Reading]:
    """Every reading of ``hand`` + ``won`` with ``melds``: per decomposition, one reading per
    group that may have received the won tile (a triplet completed by a discard is no 暗刻);
    and 七对 (no melds, every face an even count) when ``seven_pairs``."""
    tiles = [*hand, won]
    fixed = tuple(meld_block(m) for m in melds)
    out: list[Reading] = []
    for d in decompositions(tiles, HandRules()):
        pair = d.pair.faces[0]
        assert pair is not None  # no wildcards here
        # a set before the pair: of equal totals the first reading is kept, and 4556 won on 5 is 坎张 (001:505)
        roles = sorted({(k == 0, k, group_wait(g, won)) for k, g in enumerate(d.groups) if won in g.faces})
        for _, k, role in roles:
            sets = tuple(Block("chow" if g.kind == "sequence" else "pung", g.faces[0] or "",
                               g.kind == "triplet" and (self_drawn or j + 1 != k), False)
                         for j, g in enumerate(d.sets))
            out.append(Reading((*fixed, *sets), pair, (), role))
    counts = Counter(tiles)
    if seven_pairs and not melds and len(tiles) == 14 and all(c % 2 == 0 for c in counts.values()):
        pairs = tuple(t for t in sorted(counts) for _ in range(counts[t] // 2))
        out.append(Reading((), None, pairs, None))
    return out


@dataclass(frozen=True)
class Scored:
    """A reading's fans after 不计: ``fans`` (id, times found) in table order, ``total`` 番."""

    fans: tuple[tuple[str, int], ...]
    total: int

    def __init__(self, fans: tuple[tuple[str, int], ...], total: int) -> None:
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "total", total)

    def without(self, table: PatternTable, ids: frozenset[str]) -> int:
        """The total without the fans ``ids`` (花牌 under 起和)."""
        return sum(table.value(f) * n for f, n in self.fans if f not in ids)


def score(r: Reading, c: Context, table: PatternTable, detectors: Mapping[str, Detector],
          events: Iterable[str] = (), counted: Mapping[str, int] | None = None) -> Scored:
    """The fans of one reading: every detector's, plus ``events`` (fans of the win itself, found
    once) and ``counted`` (fans found a given number of times, 花牌), less 不计, in table order."""
    times: dict[str, int] = dict.fromkeys(events, 1)
    times.update({f: n for f, n in (counted or {}).items() if n})
    for f, detect in detectors.items():
        n = detect(r, c)
        if n:
            times[f] = n
    kept = set(table.apply_exclusions(times))
    fans = tuple((p.id, times[p.id]) for p in table if p.id in kept)
    return Scored(fans, sum(table.value(f) * n for f, n in fans))


def best(scored: Iterable[Scored]) -> Scored | None:
    """The highest total (the first of equals)."""
    out: Scored | None = None
    for s in scored:
        if out is None or s.total > out.total:
            out = s
    return out


# -- detectors a fan list shares ---------------------------------------------------------------


def chows(r: Reading) -> list[int]:
    """The lowest rank of each chow of one suit (a one-suit table: 二人's 万)."""
    return sorted(rank(b.tile) or 0 for b in r.blocks if b.kind == "chow")


def triplets(r: Reading) -> list[Block]:
    return [b for b in r.blocks if b.triplet]


def chow_pairs(r: Reading, related: Callable[[int, int], bool]) -> int:
    """How many pairs of chows (of one suit) stand in ``related(low, high)``."""
    by_suit: dict[str, list[int]] = {}
    for b in r.blocks:
        if b.kind == "chow":
            by_suit.setdefault(suit(b.tile), []).append(rank(b.tile) or 0)
    n = 0
    for ranks in by_suit.values():
        ranks.sort()
        n += sum(1 for i in range(len(ranks)) for j in range(i + 1, len(ranks)) if related(ranks[i], ranks[j]))
    return n


def steps(values: list[int], length: int, gaps: tuple[int, ...]) -> bool:
    """``length`` of the values (distinct) step evenly by one of ``gaps`` (三步高, 三连刻 …)."""
    have = set(values)
    return any(all(v + k * g in have for k in range(length)) for v in have for g in gaps)


def groups_tiles(r: Reading) -> list[tuple[Tile, ...]]:
    """Each set's and the pair's faces (each of 七对's pairs)."""
    if r.pair is None:
        return [(p,) for p in r.pairs]
    return [*(b.faces() for b in r.blocks), (r.pair,)]


def yao(t: Tile) -> bool:
    """幺: a suited 1 or 9, or an honour."""
    return is_terminal(t) or is_honour(t)


def concealed_triplets(r: Reading) -> int:
    """暗刻, a concealed kong counting as one."""
    return sum(1 for b in r.blocks if b.triplet and b.concealed)


def kongs(c: Context, kinds: tuple[str, ...]) -> int:
    return sum(1 for m in c.melds if m.type == "kong" and m.kind in kinds)


def honour_triplets(r: Reading, faces: tuple[Tile, ...]) -> int:
    return sum(1 for b in r.blocks if b.triplet and b.tile in faces)

