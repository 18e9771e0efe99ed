"""Scoring one 安化 win: the 王 readings of a hand, the shapes each completes, the best hand.

Only yes/no questions are asked of the shared hand analysis (per-suit memoised minimum
wildcards, :func:`rules.hand.is_complete_with`), never a full enumeration, so a hand with
every 王 of the table (seven, 003:7) costs a few dozen table look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ...hand import HandRules, count_tiles, is_complete_with, seven_pairs_with, waits_seen, wild_splits
from ...hand import waits as hand_waits
from ...snapshot import Meld
from ...tiles import Tile, next_in_suit, suit
from .tables import (
    CLASS_BY_HOLDINGS,
    CONTAINS,
    HARD,
    LISTED,
    LISTED_BY_KEY,
    PINGHU,
    PUSH_DOWN_NAMES,
    QING_QIDUI,
    QINGYISE,
    SELF_DRAW,
    TIERS,
    XIAOQIDUI,
    Event,
    Listed,
    Shape,
    Tier,
    WildClass,
    additive_units,
    hand_name,
    shape,
    wild_class,
)

PAIR_258: Final = HandRules(pair_ranks=frozenset({2, 5, 8}))
"""需要二、五、八做将 (003:25)."""
ANY_PAIR: Final = HandRules()
"""乱将: any pair (清一色, 小七对, 003:25,37,43)."""


def wild_faces(indicator: Tile, wilds: int) -> frozenset[Tile]:
    """王 faces from the flipped tile (003:17): 七王 = the flipped face (its other three
    copies) and the next face (9 wraps to 1); 四王 = the next face only."""
    nxt = next_in_suit(indicator)
    assert nxt is not None  # the 108-tile set has suited tiles only
    return frozenset({nxt}) if wilds == 4 else frozenset({indicator, nxt})


def classify(wild_tiles: Iterable[Tile]) -> WildClass:
    """王的分类 (003:19) of the 王 counted as 王 in one reading."""
    counts: dict[Tile, int] = {}
    for t in wild_tiles:
        counts[t] = counts.get(t, 0) + 1
    if not counts:
        return HARD
    return CLASS_BY_HOLDINGS[tuple(sorted([c for c in counts.values() if c >= 3]))]


@dataclass(unsafe_hash=True)
class TableRules:
    """What scoring needs from the table: the 王 faces and the options that change readings
    (built like the core's value classes, rules/ledger.py: a frozen dataclass is ~15x as dear
    to build compiled)."""

    wild: Final[frozenset[Tile]]
    wild_as_hard: Final[bool]
    tier_rule: Final[str]

    def __init__(self, wild: frozenset[Tile], wild_as_hard: bool = False, tier_rule: str = "additive") -> None:
        self.wild = wild
        self.wild_as_hard = wild_as_hard
        self.tier_rule = tier_rule


@dataclass(unsafe_hash=True)
class Scored:
    """One way a win can be scored.

    Built like the core's value classes (own ``__init__``, ``Final`` fields; see
    rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.
    """

    cls: Final[WildClass]
    shape: Final[Shape]
    event: Final[Event]
    tier: Final[Tier]
    zh: Final[str]
    en: Final[str]
    tile: Final[Tile]  # the tile won on in this reading (杠上花 / 杠上炮 try all three shown)
    hard_wilds: Final[int]  # 王 read as themselves (王代硬)
    basis: Final[Listed | None]  # the seed's entry that fixes the tier (None: the sum of elements)
    push_down: Final[bool]

    def __init__(self, cls: WildClass, shape: Shape, event: Event, tier: Tier, zh: str, en: str, tile: Tile,
                 hard_wilds: int = 0, basis: Listed | None = None, push_down: bool = False) -> None:
        self.cls = cls
        self.shape = shape
        self.event = event
        self.tier = tier
        self.zh = zh
        self.en = en
        self.tile = tile
        self.hard_wilds = hard_wilds
        self.basis = basis
        self.push_down = push_down

    @property
    def points(self) -> int:
        return self.tier.points

    @property
    def allowed(self) -> bool:
        """3.5 (003:21): 硬庄 may win on any tile of another player, 单王 only by 抢杠 or 杠上炮,
        three or more 本王 never; self-draws (杠上花 too) are open to every class."""
        return self.event.id in ("self_draw", "kong_draw") or self.event.id in self.cls.claims


def _shapes(real: Sequence[Tile], n_wild: int, melds: Sequence[Meld]) -> tuple[Shape, ...]:
    """The shapes ``real`` tiles plus ``n_wild`` 王 complete, best first."""
    suits = {suit(t) for t in real} | {suit(t) for m in melds for t in m.tiles}
    one_suit = len(suits) == 1
    seven = not melds and seven_pairs_with(real, n_wild) is not None
    found = []
    if one_suit and seven:
        found.append(QING_QIDUI)
    if one_suit and is_complete_with(real, n_wild, ANY_PAIR):
        found.append(QINGYISE)
    if seven:
        found.append(XIAOQIDUI)
    if is_complete_with(real, n_wild, PAIR_258):
        found.append(PINGHU)
    return tuple(found)


def _readings(own: Sequence[Tile], claimed: Sequence[Tile], tbl: TableRules) -> Iterator[tuple[WildClass, tuple[Tile, ...], int, int]]:
    """(class, real tiles, 王 still wild, 王 read as themselves) per reading.

    Without 王代硬 a 王 is always a 王 (it may still stand for its own face, as a 王);
    with it, every split of the 王 into "wild" and "itself" is a reading (003:9).
    A tile won from another player stands for its own face (``claimed``).
    """
    plain = sum(1 for t in own if t not in tbl.wild)
    for k, split in enumerate(wild_splits(own, tbl.wild)):
        if k and not tbl.wild_as_hard:
            return
        yield classify(split.wild), (*split.real, *claimed), len(split.wild), len(split.real) - plain


def _all_wild(own: Sequence[Tile], claimed: Sequence[Tile], wild: frozenset[Tile]) -> tuple[WildClass, tuple[Tile, ...], int, int]:
    """The one reading without 王代硬 (the first of :func:`_readings`): every 王 wild."""
    real = [t for t in own if t not in wild]
    wilds = [t for t in own if t in wild]
    return classify(wilds), (*real, *claimed), len(wilds), 0


_Named = tuple[int, Shape, Listed | None, str, str]
_NAMED: Final[dict[tuple[str, tuple[str, ...], str, str], _Named]] = {}


def _named(cls: WildClass, shapes: tuple[Shape, ...], event: Event, tbl: TableRules) -> _Named:
    """:func:`_tier_of` and :func:`~.tables.hand_name` of a reading: a function of the ids
    alone, so remembered (at most 6 classes × 15 sets of shapes × 5 events × 2 rules)."""
    key = (cls.id, tuple([s.id for s in shapes]), event.id, tbl.tier_rule)
    found = _NAMED.get(key)
    if found is None:
        tier, shp, basis = _tier_of(cls, shapes, event, tbl)
        zh, en = hand_name(cls, shp, event)
        found = _NAMED[key] = (tier, shp, basis, zh, en)
    return found


def _tier_of(cls: WildClass, shapes: tuple[Shape, ...], event: Event, tbl: TableRules) -> tuple[int, Shape, Listed | None]:
    """Tier index, the shape it rests on, and the seed entry behind it."""
    ev_id = event.id if event.units else None
    if tbl.tier_rule == "listed":
        ids = {s.id for s in shapes}
        fits = [e for e in LISTED if e.cls in CONTAINS[cls.id] and e.shape in ids and e.event in (None, ev_id)]
        top = max(fits, key=lambda e: e.tier)  # stable: the seed's first entry of the top tier
        return top.tier, shape(top.shape), top
    best = shapes[0]  # best first, and the elements add up
    return additive_units(cls, best, event), best, LISTED_BY_KEY.get((cls.id, best.id, ev_id))


def candidates(hand: Sequence[Tile], melds: Sequence[Meld], tile: Tile, event: Event, tbl: TableRules) -> list[Scored]:
    """Every complete reading of ``hand`` + ``tile`` (allowed or not), in reading order."""
    self_drawn = event.id in ("self_draw", "kong_draw")
    own = [*hand, tile] if self_drawn else list(hand)
    claimed = () if self_drawn else (tile,)
    readings = _readings(own, claimed, tbl) if tbl.wild_as_hard else (_all_wild(own, claimed, tbl.wild),)
    out = []
    for cls, real, n_wild, hard in readings:
        shapes = _shapes(real, n_wild, melds)
        if not shapes:
            continue
        tier, shp, basis, zh, en = _named(cls, shapes, event, tbl)
        out.append(Scored(cls, shp, event, TIERS[tier], zh, en, tile, hard, basis))
    return out


def best_allowed(hand: Sequence[Tile], melds: Sequence[Meld], tiles: Sequence[Tile], event: Event,
                 tbl: TableRules) -> Scored | None:
    """The highest allowed reading over the tiles that may be won on (杠上花/杠上炮: the three
    shown, 003:21 "只计胡最大分数那一张"); the first reading wins a tie."""
    return best_of([candidates(hand, melds, t, event, tbl) for t in tiles])


def best_of(per_tile: Iterable[Sequence[Scored]]) -> Scored | None:
    """:func:`best_allowed` of the candidates of each tile that may be won on."""
    best: Scored | None = None
    for found in per_tile:
        for s in found:
            if s.allowed and (best is None or s.tier.units > best.tier.units):
                best = s
    return best


def _complete(real: Sequence[Tile], n_wild: int, melds: Sequence[Meld]) -> bool:
    """Some shape completes (the yes/no of :func:`_shapes`, cheapest question first)."""
    if is_complete_with(real, n_wild, PAIR_258) or (not melds and seven_pairs_with(real, n_wild) is not None):
        return True
    suits = {suit(t) for t in real} | {suit(t) for m in melds for t in m.tiles}
    return len(suits) == 1 and is_complete_with(real, n_wild, ANY_PAIR)


def completes(hand: Sequence[Tile], melds: Sequence[Meld], tile: Tile, tbl: TableRules) -> bool:
    """Whether ``tile`` drawn by this player completes the hand (听牌 / waits)."""
    own = [*hand, tile]
    return any(_complete(real, n_wild, melds) for _, real, n_wild, _ in _readings(own, (), tbl))


def push_down(dealt: Sequence[Tile], tile: Tile, tbl: TableRules) -> Scored | None:
    """四王/七王 推倒 (003:33): the 王 of the hand as dealt (发完牌后: the dealer's 14 tiles, a
    non-dealer's 13 without its first draw; no 王代硬) make 四王 or 七王. ``tile``: the win's."""
    cls = classify(t for t in dealt if t in tbl.wild)
    names = PUSH_DOWN_NAMES.get(cls.id)
    if names is None:
        return None
    return Scored(cls, PINGHU, SELF_DRAW, TIERS[0], names[0], names[1], tile, push_down=True)


_WAIT_RULES: Final[dict[tuple[frozenset[Tile], bool], tuple[HandRules, HandRules]]] = {}


def _wait_rules(wild: frozenset[Tile], seven_pairs: bool) -> tuple[HandRules, HandRules]:
    """The two shapes :func:`waits` asks about, built once per 王 set (at most 2 × 27 of them)."""
    key = (wild, seven_pairs)
    found = _WAIT_RULES.get(key)
    if found is None:
        found = _WAIT_RULES[key] = (HandRules(wild, PAIR_258.pair_ranks, seven_pairs=seven_pairs), HandRules(wild))
    return found


def waits(hand: Sequence[Tile], melds: Sequence[Meld], faces: Iterable[Tile], tbl: TableRules,
          held: Mapping[Tile, int] | None = None, seen: Sequence[Tile] = ()) -> tuple[Tile, ...]:
    """听牌: faces that complete the hand when drawn; a face whose four copies are ``held``
    (the player's own tiles and the flipped tile) cannot be drawn and is no wait.

    Without ``held``, the copies are those of the hand, the melds and ``seen`` (the flipped
    tile), counted only when some face completes the hand (most hands wait on nothing).
    """
    faces = tuple(faces)
    if tbl.wild_as_hard:  # several readings per face: ask each
        if held is None:
            held = count_tiles(hand, [t for m in melds for t in m.tiles], seen)
        return tuple(f for f in faces if held.get(f, 0) < 4 and completes(hand, melds, f, tbl))
    # One reading (every 王 wild), so :func:`completes` is the shared waits of two shapes:
    # 2/5/8 sets or 小七对, and 乱将 sets while the real tiles and melds stay in one suit.
    shape_258, any_pair = _wait_rules(tbl.wild, not melds)
    melded = [t for m in melds for t in m.tiles]
    found = set(_waits(hand, shape_258, faces, held, melded, seen))
    suits = {suit(t) for t in hand if t not in tbl.wild} | {suit(t) for t in melded}
    if len(suits) <= 1:
        one_suit = [f for f in faces if len(suits if f in tbl.wild else suits | {suit(f)}) == 1]
        found.update(_waits(hand, any_pair, one_suit, held, melded, seen))
    return tuple(f for f in faces if f in found)


def _waits(hand: Sequence[Tile], rules: HandRules, faces: Iterable[Tile], held: Mapping[Tile, int] | None,
           melded: Sequence[Tile], seen: Sequence[Tile]) -> list[Tile]:
    if held is None:
        return waits_seen(hand, rules, faces, melded, seen)
    return hand_waits(hand, rules, faces, held)


__all__ = ["ANY_PAIR", "PAIR_258", "Scored", "TableRules", "best_allowed", "candidates", "classify", "completes",
           "push_down", "waits", "wild_class", "wild_faces"]
