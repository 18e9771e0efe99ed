"""斗地主 patterns (001:604-622) as a table, the readings of a play, and how plays compare.

Every pattern but the single and the rocket is one shape: ``copies`` cards of each of a run
of ``run`` consecutive ranks (the core), plus wings — per core rank ``wings`` single cards or
pairs. A play's *readings* are every (pattern, main rank) it may be (R8: ``333444555666`` is
a 三顺 of four and an airplane of three with three single wings).

Wild cards (R9): a wild card stands for any non-joker rank when played with other cards, and
is itself when played alone or with wild cards of its own rank only; four or more wild cards
played alone are a bomb of wild cards (纯癞子炸 when of one rank, 001:619; 癞子炸 when of both
wild ranks, 001:631). Readings are found per shape and per window of core ranks, the wild cards
filling what the core lacks: no face assignment is enumerated card by card, so eight wild
cards cost the same as none.

Bombs of five to eight cards exist only in 天地癞子 (001:631); ``max_bomb`` says how long a
bomb may be (4 elsewhere). A bomb's place in the order is its *tier*, from its class and its
number of cards (:data:`TIERS`).
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
WILD: Final = "wild"
ROCKET: Final = "rocket"
BOMB_CLASSES: Final = (NONE, SOFT, HARD, WILD, PURE, ROCKET)
"""A play's bomb class (R9): ``soft`` 软 (a wild card stands in), ``hard`` 硬 (no wild card
stands in), ``pure`` 纯癞子 (the four wild cards of one rank), ``wild`` 癞子 (wild cards only,
of both wild ranks: 天地癞子 only), ``rocket`` 王炸."""

FOUR: Final = 4  # a bomb's cards in 经典 and 癞子 (001:621-622); 天地癞子 goes to 8 (001:631)
LONGEST_BOMB: Final = 8
TIERS: Final[dict[tuple[str, int], int]] = {
    (SOFT, FOUR): 1, (HARD, FOUR): 2, (WILD, FOUR): 3, (PURE, FOUR): 4,
    **{(c, n): 2 * n + (c == WILD) for n in range(FOUR + 1, LONGEST_BOMB + 1) for c in (SOFT, WILD)},
    (ROCKET, 2): 2 * LONGEST_BOMB + 2,
}
"""Bomb against bomb, by (class, cards): the higher tier wins whatever the rank. 001:631 (天地癞子,
highest first): 王炸 > 八癞子炸 > 八软炸 > … > 五癞子炸 > 五软炸 > 四纯癞子炸 > 四癞子炸 > 四硬炸 >
四软炸; the four-card part is 001:629's 王炸 > 纯癞子炸 > 硬炸弹 > 软炸弹 (癞子) with 四癞子炸 between
纯 and 硬, and 001:627's 王炸 > 炸弹 (经典, hard bombs only)."""
RANKED: Final = frozenset({SOFT, HARD, PURE})
"""The classes whose bombs of one tier compare by rank; two 癞子炸 of one tier never beat each
other: wild cards of both ranks have no rank of their own (001:631)."""

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
    Kind("bomb", "炸弹", "Bomb", "001:619-622, 001:631", copies=4),  # 5-8 cards in 天地癞子: _long_bomb
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
    beats every non-bomb, the rocket everything; bomb against bomb by tier (:data:`TIERS`),
    within a tier by rank, except that a 癞子炸 never beats another."""
    if a.bomb == NONE:
        return b.bomb == NONE and a.kind == b.kind and a.length == b.length and a.rank > b.rank
    if b.bomb == NONE:
        return True
    ta, tb = TIERS[a.bomb, a.length], TIERS[b.bomb, b.length]
    if ta != tb:
        return ta > tb
    return a.bomb in RANKED and a.rank > b.rank


def own_faces(cards: Sequence[Rank], wilds: frozenset[Rank]) -> bool:
    """Whether the play's wild cards can only be themselves (R9): one card, or wild cards of
    one rank and nothing else, or four or more wild cards and nothing else (a bomb of wild
    cards, 001:619, 001:631)."""
    wild = [c for c in cards if c in wilds]
    if not wild:
        return True
    return len(cards) == 1 or (len(wild) == len(cards) and (len(set(wild)) == 1 or len(cards) >= FOUR))


def readings(cards: Sequence[Rank], wilds: frozenset[Rank], four_with_two: bool,
             faces: Sequence[Rank] | None = None, *, max_bomb: int = FOUR) -> tuple[Reading, ...]:
    """Every reading of ``cards`` (R8, R9). ``faces``: what the wild cards stand for, in the
    order of the wild cards among ``cards`` (a checked ``as``); ``None`` tries every face.
    ``max_bomb``: the most cards a bomb may have (8 in 天地癞子, 001:631; else 4)."""
    wild = [c for c in cards if c in wilds]
    if len(cards) >= FOUR and len(wild) == len(cards):  # wild cards only: a bomb, their ranks as they are
        if len(set(wild)) == 1:  # the four of one wild rank: 纯癞子炸 (001:619, 001:629, 001:631 四纯癞子炸)
            return (Reading("bomb", FOUR, wild[0], PURE, tuple(wild)),)
        # of both wild ranks (天地癞子): N癞子炸, 4 to 8 cards (001:631); no rank, the highest card shown
        return (Reading("bomb", len(cards), max(cards), WILD, tuple(sorted(cards))),)
    if not wild:
        return _free(counts_of(cards), 0, four_with_two, (), max_bomb)
    if own_faces(cards, wilds):
        found = _free(counts_of(cards), 0, four_with_two, (), max_bomb)
        return tuple(Reading(r.kind, r.length, r.rank, r.bomb, tuple(sorted(wild))) for r in found)
    naturals = [c for c in cards if c not in wilds]
    if faces is not None:
        soft = any(f != w for f, w in zip(faces, wild, strict=True))
        found = _free(counts_of([*naturals, *faces]), 0, four_with_two, (), max_bomb)
        return tuple(Reading(r.kind, r.length, r.rank, (SOFT if soft else HARD) if r.bomb == HARD else r.bomb,
                             tuple(sorted(faces))) for r in found)
    return _free(counts_of(naturals), len(wild), four_with_two, tuple(sorted(wild)), max_bomb)


_FreeKey = tuple[tuple[int, ...], int, bool, tuple[Rank, ...], int]
_KNOWN: Final[dict[_FreeKey, tuple[Reading, ...]]] = {}
"""The readings of the card multisets met so far (the same few hundred plays recur in every
round: a long-running worker reads each once, as it does its per-suit mahjong tables)."""
_KNOWN_MAX: Final = 200_000


def _free(c: list[int], w: int, four_with_two: bool, wild: tuple[Rank, ...], max_bomb: int) -> tuple[Reading, ...]:
    """The readings of natural counts ``c`` with ``w`` wild cards free to stand for any
    non-joker rank (``wild``: their own ranks, for the example faces); remembered."""
    key = (tuple(c), w, four_with_two, wild, max_bomb)
    found = _KNOWN.get(key)
    if found is None:
        if len(_KNOWN) >= _KNOWN_MAX:  # bounded: a stream of odd plays cannot grow a worker without end
            _KNOWN.clear()
        found = _KNOWN[key] = _read(c, w, four_with_two, wild, max_bomb)
    return found


def _read(c: list[int], w: int, four_with_two: bool, wild: tuple[Rank, ...], max_bomb: int) -> tuple[Reading, ...]:
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
    if FOUR < n <= max_bomb:  # N软炸 (001:631): the natural cards all of one rank, wild cards the rest
        big = _long_bomb(c, w, n)
        if big is not None:
            out.append(big)
    return tuple(out)


def _long_bomb(c: list[int], w: int, n: int) -> Reading | None:
    """``n`` (5-8) cards of one rank: the natural cards' only rank (never a joker), the wild
    cards standing in for it. Soft always: a rank has four cards (001:601)."""
    ranks = [r for r in range(BLACK_JOKER) if c[r]]
    if len(ranks) != 1 or c[ranks[0]] + w != n:  # (a joker among the cards: the counts fall short)
        return None
    return Reading("bomb", n, ranks[0], SOFT if w else HARD, (ranks[0],) * w)


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
        if k.id == "bomb":
            d["cards"] = (f"{d['cards']}; in sky_earth also 5 to 8 of a rank (wild cards standing in), and 4 to 8 "
                          "wild cards alone (001:631)")
        if k.option:
            d["option"] = k.option
        out.append(d)
    return out


def _shape_words(k: Kind) -> str:
    core = f"{k.copies} of a rank" if k.run == 1 else f"{k.run}+ consecutive ranks (3…A), {k.copies} of each"
    wing = {0: "", SINGLE_WING: " + {} single card(s) per core rank", PAIR_WING: " + {} pair(s) per core rank"}[k.wing]
    return core + wing.format(k.wings)

