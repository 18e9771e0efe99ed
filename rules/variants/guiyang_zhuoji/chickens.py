"""鸡: the flipped chicken, the default chickens (幺鸡, 乌骨鸡) and their 冲锋/责任/包 forms.

After a win one tile is flipped; the next face of its suit is the round's chicken
(翻鸡, 9 wraps to 1, 000:61-63). 幺鸡 1s is always a chicken (000:67) and 8筒 is one
under 乌骨鸡 (000:79-81); when the flip lands on a default chicken it is golden (金鸡,
金乌骨鸡, 000:69, 83). Only a player who won or is ready (听牌) collects chickens,
from every other player (000:61). The first default chicken discarded in the round is
冲锋鸡 when nobody claims it and 责任鸡 when it is ponged or konged (the regional
reading of 000:71-77, see the docs page). A player not ready pays the ready players for
the default chickens they showed (包冲锋鸡, 包责任鸡, 包鸡, 000:73, 77, 93, 177).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...snapshot import Discard, Snapshot
from ...tiles import INDEX, Tile, next_in_suit
from .facts import Facts, Line
from .options import Options

YAOJI: Final[Tile] = "1s"
WUGU: Final[Tile] = "8p"
RED: Final[Tile] = "C"


@dataclass(frozen=True)
class Kind:
    """One chicken kind: 中文, English, points per tile."""

    zh: str
    en: str
    value: int


FANJI: Final = Kind("翻鸡", "Flipped Chicken", 1)  # 000:63
YAOJI_KIND: Final = Kind("幺鸡", "One-Bamboo Chicken", 1)  # 000:67
JINJI: Final = Kind("金鸡", "Golden Chicken", 2)  # 000:69
WUGU_KIND: Final = Kind("乌骨鸡", "Black-Bone Chicken (8筒)", 2)  # 000:81
JIN_WUGU: Final = Kind("金乌骨鸡", "Golden Black-Bone Chicken", 4)  # 000:83
DIAMOND: Final = Kind("钻石鸡", "Diamond Chicken (红中)", 4)  # 000:97
SILVER: Final = Kind("银鸡", "Silver Chicken", 2)  # 000:99

FIRST_DISCARD_NAMES: Final[Mapping[tuple[Tile, bool], tuple[tuple[str, str], tuple[str, str]]]] = MappingProxyType({
    (YAOJI, False): (("冲锋鸡", "Charging Chicken"), ("责任鸡", "Liability Chicken")),
    (YAOJI, True): (("冲锋金鸡", "Golden Charging Chicken"), ("责任金鸡", "Golden Liability Chicken")),
    (WUGU, False): (("冲锋乌骨鸡", "Charging Black-Bone Chicken"), ("责任乌骨鸡", "Liability Black-Bone Chicken")),
    (WUGU, True): (("冲锋金乌骨鸡", "Golden Charging Black-Bone Chicken"),
                   ("责任金乌骨鸡", "Golden Liability Black-Bone Chicken")),
})
"""(face, golden) → (冲锋 names, 责任 names) (000:71, 75, 85, 89)."""


def flipped_chicken(flip: Tile) -> Tile:
    """The chicken a flipped tile makes: the next face of its suit, 9 → 1 (000:63).

    红中 is the only honour, so the face after it is itself (钻石鸡 when that option is on).
    """
    if flip == RED:
        return RED
    face = next_in_suit(flip)
    assert face is not None
    return face


# The classes built per round are dataclasses with their own ``__init__`` and ``Final`` fields,
# as the core's value classes (rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.


@dataclass(unsafe_hash=True)
class Chickens:
    """This round's chicken faces and their kinds."""

    kinds: Final[Mapping[Tile, Kind]]
    default: Final[frozenset[Tile]]  # 默认鸡: 幺鸡, and 8筒 under 乌骨鸡
    flipped: Final[Tile | None]  # the 翻鸡 face; None when the wall was empty (000:61)

    def __init__(self, kinds: Mapping[Tile, Kind], default: frozenset[Tile], flipped: Tile | None) -> None:
        self.kinds = kinds
        self.default = default
        self.flipped = flipped

    def faces(self) -> list[Tile]:
        return sorted(self.kinds, key=INDEX.__getitem__)

    def golden(self, face: Tile) -> bool:
        return self.kinds[face] in (JINJI, JIN_WUGU)


def chickens_of(flip: Tile | None, opts: Options) -> Chickens:
    kinds: dict[Tile, Kind] = {YAOJI: YAOJI_KIND}
    if opts.wugu_chicken:
        kinds[WUGU] = WUGU_KIND
    default = frozenset(kinds)
    face = None if flip is None else flipped_chicken(flip)
    if flip is None or face is None:
        return Chickens(MappingProxyType(kinds), default, None)
    if face == YAOJI:
        kinds[face] = JINJI
    elif face == WUGU and opts.wugu_chicken:
        kinds[face] = JIN_WUGU
    elif face == RED and opts.diamond_chicken:
        kinds[face] = DIAMOND
    elif flip in ("9p", "9m") and opts.silver_chicken:
        kinds[face] = SILVER
    else:
        kinds[face] = FANJI
    return Chickens(MappingProxyType(kinds), default, face)


@dataclass(unsafe_hash=True)
class FirstDiscard:
    """The first default chicken of one face discarded in the round (冲锋 or 责任)."""

    face: Final[Tile]
    seat: Final[int]
    index: Final[int]  # position in that seat's discards
    claimed_by: Final[int | None]

    def __init__(self, face: Tile, seat: int, index: int, claimed_by: int | None) -> None:
        self.face = face
        self.seat = seat
        self.index = index
        self.claimed_by = claimed_by


def discards_of(snap: Snapshot, face: Tile) -> list[tuple[int, int, Discard]]:
    """Every discard of ``face`` (claimed or not) as (seat, index, discard)."""
    return [(s, k, d) for s, p in enumerate(snap.players) for k, d in enumerate(p.discards) if d.tile == face]


def first_discard(snap: Snapshot, face: Tile) -> FirstDiscard | None:
    """The first ``face`` discarded: by turn, or by list order when one seat discarded them all.

    Validation has already asked for the turns when several seats discarded the face.
    """
    found = discards_of(snap, face)
    if not found:
        return None
    if all(d.turn is not None for _, _, d in found):
        seat, index, d = min(found, key=lambda x: (x[2].turn or 0, x[0], x[1]))
    else:
        seat, index, d = found[0]
    return FirstDiscard(face, seat, index, d.claimed_by)


def _counts_in_discards(face: Tile, ch: Chickens, opts: Options) -> bool:
    """Unclaimed discards count for their discarder: default chickens (the mirror of 包鸡, 000:93)
    and, under 满堂鸡, the flipped chicken (000:95)."""
    if face in ch.default and opts.discarded_default_chickens:
        return True
    return face == ch.flipped and opts.mantang_chicken


@dataclass(unsafe_hash=True)
class Holding:
    """How many copies of one chicken face a seat has, and where."""

    hand: Final[int]
    melds: Final[int]
    discards: Final[int]

    def __init__(self, hand: int, melds: int, discards: int) -> None:
        self.hand = hand
        self.melds = melds
        self.discards = discards

    @property
    def total(self) -> int:
        return self.hand + self.melds + self.discards

    def where(self) -> str:
        parts = [f"{label} {n}" for label, n in (("hand", self.hand), ("melds", self.melds), ("discards", self.discards)) if n]
        return ", ".join(parts)


def _unclaimed(f: Facts, seat: int, face: Tile, skip: FirstDiscard | None) -> int:
    return sum(1 for k, d in enumerate(f.snap.players[seat].discards)
               if d.tile == face and d.claimed_by is None and not (skip and skip.seat == seat and skip.index == k))


def holding(f: Facts, seat: int, face: Tile, ch: Chickens, firsts: Mapping[Tile, FirstDiscard]) -> Holding:
    """The copies of ``face`` that score for ``seat``: hand (with the winning tile), melds,
    and unclaimed discards when those count (the 冲锋 tile is scored on its own)."""
    p = f.snap.players[seat]
    in_hand = p.hand.count(face) + sum(1 for w in f.snap.wins if w.winner == seat and w.tile == face)
    in_melds = sum(m.tiles.count(face) for m in p.melds)
    discards = _unclaimed(f, seat, face, firsts.get(face)) if _counts_in_discards(face, ch, f.opts) else 0
    return Holding(in_hand, in_melds, discards)


def full_of_flipped(f: Facts, seat: int) -> bool:
    """满鸡: all four copies of the flipped chicken score for ``seat`` (000:151): in hand or
    melds, or among its unclaimed discards only under 满堂鸡 ("在手中或者在满堂鸡前提下，打出去的牌"
    — a discarded 幺鸡 that scores as a default chicken does not make 满鸡 without it)."""
    ch = chickens_of(f.snap.reveals.chicken_flip, f.opts)
    if ch.flipped is None:
        return False
    h = holding(f, seat, ch.flipped, ch, {})
    return h.hand + h.melds + (h.discards if f.opts.mantang_chicken else 0) == 4


def chicken_lines(f: Facts) -> list[Line]:
    """Every chicken transfer of a round that has a win (荒庄 scores none, 000:189)."""
    ch = chickens_of(f.snap.reveals.chicken_flip, f.opts)
    firsts = {face: fd for face in sorted(ch.default, key=INDEX.__getitem__)
              if (fd := first_discard(f.snap, face)) is not None}
    lines: list[Line] = []
    for seat in range(f.n):
        if f.ready[seat]:
            lines += _collect(f, seat, ch, firsts)
        elif f.opts.bao_chicken:
            lines += _bao(f, seat, ch, firsts)
    for fd in firsts.values():
        lines += _charging(f, fd, ch) if fd.claimed_by is None else _liability(f, fd, ch)
    return lines


def _collect(f: Facts, seat: int, ch: Chickens, firsts: Mapping[Tile, FirstDiscard]) -> list[Line]:
    out: list[Line] = []
    for face in ch.faces():
        h = holding(f, seat, face, ch, firsts)
        if not h.total:
            continue
        kind = ch.kinds[face]
        out.extend(Line("chicken", kind.zh, kind.en, payer, seat, h.total * kind.value,
                        f"{kind.zh} {face} ×{h.total} in seat {seat}'s {h.where()}, {kind.value} each — from seat {payer}")
                   for payer in f.others(seat))
    return out


def _bao(f: Facts, seat: int, ch: Chickens, firsts: Mapping[Tile, FirstDiscard]) -> list[Line]:
    """包鸡: the shown default chickens (melds, unclaimed discards after the first) of a
    player not ready, paid to each ready player at their value (000:93, 177)."""
    out: list[Line] = []
    p = f.snap.players[seat]
    for face in sorted(ch.default, key=INDEX.__getitem__):
        h = Holding(0, sum(m.tiles.count(face) for m in p.melds), _unclaimed(f, seat, face, firsts.get(face)))
        if not h.total:
            continue
        kind = ch.kinds[face]
        out.extend(Line("chicken", "包鸡", "Paying for Shown Chickens", seat, payee, h.total * kind.value,
                        f"{kind.zh} {face} ×{h.total} shown in seat {seat}'s {h.where()}, seat {seat} not ready, "
                        f"{kind.value} each — to seat {payee}") for payee in f.ready_seats())
    return out


def _charging(f: Facts, fd: FirstDiscard, ch: Chickens) -> list[Line]:
    """冲锋鸡: the first default chicken discarded, unclaimed, is worth double to its discarder
    if ready; a discarder not ready pays it to each ready player (包冲锋鸡, 000:71-73, 85-87)."""
    (zh, en), _ = FIRST_DISCARD_NAMES[(fd.face, ch.golden(fd.face))]
    points = 2 * ch.kinds[fd.face].value
    where = f"{fd.face} discarded by seat {fd.seat} (its discard #{fd.index + 1}), the round's first, unclaimed"
    if f.ready[fd.seat]:
        return [Line("chicken", zh, en, payer, fd.seat, points, f"{zh} {where} — from seat {payer}")
                for payer in f.others(fd.seat)]
    return [Line("chicken", f"包{zh}", f"Paying for the {en}", fd.seat, payee, points,
                 f"包{zh}: {where}; seat {fd.seat} not ready — to seat {payee}") for payee in f.ready_seats()]


def _liability(f: Facts, fd: FirstDiscard, ch: Chickens) -> list[Line]:
    """责任鸡: the first default chicken discarded was ponged/konged: the discarder pays the
    claimer; a claimer not ready pays a ready discarder instead (包责任鸡, 000:75-77, 89-91)."""
    _, (zh, en) = FIRST_DISCARD_NAMES[(fd.face, ch.golden(fd.face))]
    claimer = fd.claimed_by
    assert claimer is not None
    points = ch.kinds[fd.face].value
    where = f"{fd.face}, the round's first, discarded by seat {fd.seat} and claimed by seat {claimer}"
    if f.ready[claimer]:
        return [Line("chicken", zh, en, fd.seat, claimer, points, f"{zh}: {where} — seat {fd.seat} pays")]
    if f.ready[fd.seat]:
        return [Line("chicken", f"包{zh}", f"Paying for the {en}", claimer, fd.seat, points,
                     f"包{zh}: {where}; seat {claimer} not ready — pays seat {fd.seat}")]
    return []
