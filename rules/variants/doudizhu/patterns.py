"""斗地主 patterns (001:604-622) as a table, the readings of a play, and how plays compare.

Every pattern but the single and the rocket is one shape: ``copies`` cards of each of a run
of ``run`` consecutive ranks (the core), plus wings — per core rank ``wings`` single cards or
pairs. A play's *readings* are every (pattern, main rank) it may be (R8: ``333444555666`` is
a 三顺 of four and an airplane of three with three single wings).

Wild cards (R9): a wild card stands for any non-joker rank when played with other cards, and
is itself when played alone or with wild cards of its own rank only; exactly four wild cards
are a 纯癞子炸弹. Readings are found per shape and per window of core ranks, the wild cards
filling what the core lacks: no face assignment is enumerated card by card, so eight wild
cards cost the same as none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...cards import ACE, BLACK_JOKER, N_RANKS, RED_JOKER, TWO, Rank, counts_of

NONE: Final = "none"
SOFT: Final = "soft"
HARD: Final = "hard"
PURE: Final = "pure"
ROCKET: Final = "rocket"
BOMB_CLASSES: Final = (NONE, SOFT, HARD, PURE, ROCKET)
"""A play's bomb class (R9), lowest first: 001:629's order 王炸 > 纯癞子炸 > 硬炸弹 > 软炸弹."""
_CLASS_ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate(BOMB_CLASSES)}

SINGLE_WING: Final = 1
PAIR_WING: Final = 2


@dataclass(frozen=True)
class Kind:
    """One pattern: id, names, and its shape (see the module docstring); ``option``: the table
    setting it needs (四带二, R8)."""

    id: str
    zh: str
    en: str
    seed: str
    copies: int = 1
    run: int = 1  # the fewest consecutive core ranks; 1: one rank only
    wing: int = 0  # 0, SINGLE_WING or PAIR_WING
    wings: int = 0  # wing units per core rank
    option: str = ""

    @property
    def unit(self) -> int:
        """Cards per core rank, wings included."""
        return self.copies + self.wing * self.wings


KINDS: Final[tuple[Kind, ...]] = (
    Kind("single", "单牌", "Single", "001:604"),
    Kind("pair", "对牌", "Pair", "001:605-606", copies=2),
    Kind("triple", "三张", "Triple", "001:607-608", copies=3),
    Kind("triple_single", "三带一", "Triple with a single", "001:609-610", copies=3, wing=SINGLE_WING, wings=1),
    Kind("triple_pair", "三带一对", "Triple with a pair", "001:609-610", copies=3, wing=PAIR_WING, wings=1),
    Kind("straight", "单顺", "Straight", "001:611-612", copies=1, run=5),
    Kind("pair_straight", "双顺", "Pair straight", "001:613-614", copies=2, run=3),
    Kind("triple_straight", "三顺", "Triple straight", "001:615-616", copies=3, run=2),
    Kind("airplane_singles", "飞机带翅膀（单）", "Airplane with single wings", "001:617-618", copies=3, run=2,
         wing=SINGLE_WING, wings=1),
    Kind("airplane_pairs", "飞机带翅膀（对）", "Airplane with pair wings", "001:617-618", copies=3, run=2,
         wing=PAIR_WING, wings=1),
    Kind("four_two_singles", "四带二", "Four with two singles", "R8", copies=4, wing=SINGLE_WING, wings=2,
         option="four_with_two"),
    Kind("four_two_pairs", "四带两对", "Four with two pairs", "R8", copies=4, wing=PAIR_WING, wings=2,
         option="four_with_two"),
    Kind("bomb", "炸弹", "Bomb", "001:619-622", copies=4),
    Kind("rocket", "火箭", "Rocket", "001:620"),
)
KIND: Final[dict[str, Kind]] = {k.id: k for k in KINDS}
# the shaped kinds (single and rocket are read directly)
_SHAPED: Final[tuple[Kind, ...]] = tuple(k for k in KINDS if k.id not in ("single", "rocket"))
_RUN_TOP: Final = ACE  # runs go 3 … A (never 2 or a joker, 001:611-615)
_LONGEST_RUN: Final = ACE + 1


@dataclass(frozen=True)
class Reading:
    """One way a play may be read: pattern, number of cards, main rank (the highest core rank;
    the triple's for 三带 and airplanes), bomb class, and the faces its wild cards stand for
    (ascending; one example assignment where several give this reading)."""

    kind: str
    length: int
    rank: Rank
    bomb: str
    faces: tuple[Rank, ...] = ()


def is_bomb(r: Reading) -> bool:
    return r.bomb != NONE


def beats(a: Reading, b: Reading) -> bool:
    """Whether ``a`` beats ``b`` (R8): same kind and length and a higher main rank; a bomb
    beats every non-bomb, the rocket everything; bomb against bomb by class (pure > hard >
    soft; one class only in ``classic``), within 硬 or 软 by rank, and a pure bomb never
    beats another."""
    if a.bomb == NONE:
        return b.bomb == NONE and a.kind == b.kind and a.length == b.length and a.rank > b.rank
    ca, cb = _CLASS_ORDER[a.bomb], _CLASS_ORDER[b.bomb]
    if ca != cb:
        return ca > cb
    return a.bomb in (HARD, SOFT) and a.rank > b.rank


def own_faces(cards: Sequence[Rank], wilds: frozenset[Rank]) -> bool:
    """Whether the play's wild cards can only be themselves (R9): one card, or wild cards of
    one rank and nothing else, or exactly four wild cards (a 纯癞子炸弹)."""
    wild = [c for c in cards if c in wilds]
    if not wild:
        return True
    return len(cards) == 1 or (len(wild) == len(cards) and (len(set(wild)) == 1 or len(cards) == 4))


def readings(cards: Sequence[Rank], wilds: frozenset[Rank], four_with_two: bool,
             faces: Sequence[Rank] | None = None) -> tuple[Reading, ...]:
    """Every reading of ``cards`` (R8, R9). ``faces``: what the wild cards stand for, in the
    order of the wild cards among ``cards`` (a checked ``as``); ``None`` tries every face."""
    wild = [c for c in cards if c in wilds]
    if len(wild) == 4 and len(cards) == 4:  # 纯癞子炸弹 (001:619), whatever the ranks
        return (Reading("bomb", 4, max(cards), PURE, tuple(sorted(cards))),)
    if not wild or own_faces(cards, wilds):
        found = _free(counts_of(cards), 0, four_with_two, ())
        return tuple(Reading(r.kind, r.length, r.rank, r.bomb, tuple(sorted(wild))) for r in found)
    naturals = [c for c in cards if c not in wilds]
    if faces is not None:
        soft = any(f != w for f, w in zip(faces, wild, strict=True))
        found = _free(counts_of([*naturals, *faces]), 0, four_with_two, ())
        return tuple(Reading(r.kind, r.length, r.rank, (SOFT if soft else HARD) if r.bomb == HARD else r.bomb,
                             tuple(sorted(faces))) for r in found)
    return _free(counts_of(naturals), len(wild), four_with_two, tuple(sorted(wild)))


def _free(c: list[int], w: int, four_with_two: bool, wild: tuple[Rank, ...]) -> tuple[Reading, ...]:
    """The readings of natural counts ``c`` with ``w`` wild cards free to stand for any
    non-joker rank (``wild``: their own ranks, for the example faces)."""
    n = sum(c) + w
    out: list[Reading] = []
    if n == 1:
        out.append(Reading("single", 1, next(r for r in range(N_RANKS) if c[r]), NONE))
    if n == 2 and w == 0 and c[BLACK_JOKER] == 1 and c[RED_JOKER] == 1:
        out.append(Reading("rocket", 2, RED_JOKER, ROCKET))
    for kind in _SHAPED:
        if kind.option and not four_with_two:
            continue
        if n % kind.unit:
            continue
        run = n // kind.unit
        if run < kind.run or (kind.run == 1 and run != 1) or run > _LONGEST_RUN:
            continue
        top = _RUN_TOP if kind.run > 1 else TWO
        for start in range(top - run + 2):
            found = _fit(kind, c, w, start, run, wild)
            if found is not None:
                out.append(found)
    return tuple(out)


def _fit(kind: Kind, c: list[int], w: int, start: int, run: int, wild: tuple[Rank, ...]) -> Reading | None:
    """``kind`` with its core on ranks ``start`` … ``start + run - 1``, if the cards make it."""
    core = range(start, start + run)
    fill: list[Rank] = []
    left = list(c)
    for r in core:
        used = min(c[r], kind.copies)
        left[r] -= used
        fill += [r] * (kind.copies - used)
    spare = w - len(fill)
    if spare < 0:  # (the sizes match, so no wild card to spare means no natural card left over either)
        return None
    # one core rank (三带, 四带): no wing of the core's rank, which would make a bomb or a fifth copy
    if kind.run == 1 and kind.wing and left[start]:
        return None
    if kind.wing == PAIR_WING:
        if left[BLACK_JOKER] or left[RED_JOKER]:
            return None
        odd = [r for r in range(N_RANKS) if left[r] % 2]
        if len(odd) > spare:
            return None
        fill += odd
        spare -= len(odd)
    fill += _spare_faces(kind, start, spare, wild)
    main = start + run - 1
    bomb = NONE if kind.id != "bomb" else (HARD if w == 0 else SOFT)
    return Reading(kind.id, sum(c) + w, main, bomb, tuple(sorted(fill)))


def _spare_faces(kind: Kind, start: int, spare: int, wild: tuple[Rank, ...]) -> list[Rank]:
    """Faces for wild cards left over as wings: their own ranks as single wings (the core's
    rank excepted), pairs of the lowest rank not the core's."""
    if not spare:
        return []
    low = 1 if start == 0 and kind.run == 1 else 0
    if kind.wing == PAIR_WING:
        return [low] * spare
    own = list(wild[-spare:])
    return [f if not (kind.run == 1 and f == start) else low for f in own]


def as_faces(cards: Sequence[Rank], wilds: frozenset[Rank], reading: Reading) -> list[Rank]:
    """``reading``'s faces in the order of the wild cards among ``cards`` (an ``as`` that gives it)."""
    return align_faces(cards, wilds, reading.faces)


def align_faces(cards: Sequence[Rank], wilds: frozenset[Rank], faces: Sequence[Rank]) -> list[Rank]:
    """A multiset of ``faces`` given to the wild cards among ``cards``, in their order: a wild
    card keeps its own rank where the faces have it (it then stays hard), the rest in order."""
    wild = [c for c in cards if c in wilds]
    pool = list(faces)
    out: list[Rank] = []
    for c in wild:
        if c in pool:
            pool.remove(c)
            out.append(c)
        else:
            out.append(-1)
    rest = iter(sorted(pool))
    return [f if f >= 0 else next(rest) for f in out]


def describe() -> list[dict[str, object]]:
    """The pattern table for ``GET /v1/variants/doudizhu``."""
    out: list[dict[str, object]] = []
    for k in KINDS:
        d: dict[str, object] = {"id": k.id, "zh": k.zh, "en": k.en, "seed": k.seed}
        if k.id == "single":
            d["cards"] = "any one card"
        elif k.id == "rocket":
            d["cards"] = "BJ + RJ"
        else:
            d["cards"] = _shape_words(k)
        if k.option:
            d["option"] = k.option
        out.append(d)
    return out


def _shape_words(k: Kind) -> str:
    core = f"{k.copies} of a rank" if k.run == 1 else f"{k.run}+ consecutive ranks (3…A), {k.copies} of each"
    wing = {0: "", SINGLE_WING: " + {} single card(s) per core rank", PAIR_WING: " + {} pair(s) per core rank"}[k.wing]
    return core + wing.format(k.wings)

