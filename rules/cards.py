"""Playing cards for the card games (斗地主 001:599-631, 双扣 001:42-76).

Suits play no part in 斗地主, so a card is its rank (reading R1 of the 斗地主 page): an ``int``
0..14 in playing order, 3 < 4 < … < 10 < J < Q < K < A < 2 < 小王 < 大王, so comparing two
ranks is comparing two integers and a hand is a vector of 15 counts.

Canonical strings (every answer uses them): ``"3"``…``"9"``, ``"10"``, ``"J"``, ``"Q"``,
``"K"``, ``"A"``, ``"2"``, ``"BJ"`` (小王, black joker), ``"RJ"`` (大王, red joker). Accepted
on input as well: ``"T"`` for 10, any letter case, ``小王`` / ``大王``; and wherever a list of
cards is asked for, one compact string of tokens without separators (``"333JQKA10BJ"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .errors import InvalidRound, RoundError

Rank = int
"""A card: its rank 0..14 in playing order (0 is 3, 12 is 2, 13 小王, 14 大王)."""

RANKS: Final[tuple[str, ...]] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ")
N_RANKS: Final = 15
ACE: Final = 11
TWO: Final = 12
BLACK_JOKER: Final = 13
RED_JOKER: Final = 14
JOKERS: Final = frozenset({BLACK_JOKER, RED_JOKER})
CHINESE: Final[tuple[str, ...]] = (*RANKS[:BLACK_JOKER], "小王", "大王")

# every spelling of one card, upper-cased for the Latin ones (input is matched case-blind)
_ALIASES: Final[dict[str, Rank]] = {**{name: r for r, name in enumerate(RANKS)}, "T": 7, "小王": BLACK_JOKER,
                                     "大王": RED_JOKER}
# compact-string tokens of two characters are tried before those of one: "10" before "1"
# (which is no card), "BJ"/"RJ" (B and R are no card alone), 小王/大王
_LONG_TOKENS: Final = frozenset(k for k in _ALIASES if len(k) == 2)
# the spellings a game server sends (as written, or all lower case): one look-up per card, no upper()
_AS_SENT: Final[dict[str, Rank]] = {**_ALIASES, **{k.lower(): r for k, r in _ALIASES.items()}}


def canonical(rank: Rank) -> str:
    return RANKS[rank]


def chinese(rank: Rank) -> str:
    return CHINESE[rank]


def card_strings(ranks: Iterable[Rank]) -> list[str]:
    """Canonical strings, ascending (the order every answer lists cards in)."""
    return [RANKS[r] for r in sorted(ranks)]


def counts_of(ranks: Iterable[Rank]) -> list[int]:
    """The 15 counts of a multiset of cards."""
    out = [0] * N_RANKS
    for r in ranks:
        out[r] += 1
    return out


def from_counts(counts: Sequence[int]) -> list[Rank]:
    return [r for r in range(N_RANKS) for _ in range(counts[r])]


def parse_card(value: object, ptr: str) -> Rank:
    """One card, any accepted spelling; anything else is 422 ``unknown_card`` at ``ptr``."""
    found = _ALIASES.get(value.upper()) if isinstance(value, str) else None
    if found is None:
        raise InvalidRound(RoundError("unknown_card", ptr, f"{value!r} is not a card (3-10, J, Q, K, A, 2, BJ, RJ)"))
    return found


def _tokens(text: str) -> list[Rank] | None:
    """A compact string's cards, or ``None`` when some part of it is no card."""
    out: list[Rank] = []
    i = 0
    while i < len(text):
        two = text[i:i + 2].upper()
        if two in _LONG_TOKENS:
            out.append(_ALIASES[two])
            i += 2
            continue
        one = _ALIASES.get(text[i].upper())
        if one is None:
            return None
        out.append(one)
        i += 1
    return out


def cards_as_sent(value: list[Any] | tuple[Any, ...]) -> tuple[Rank, ...] | None:
    """A list of cards each spelled as a game server sends them (canonical, or lower case),
    without building a pointer; ``None`` when some card needs :func:`parse_cards`."""
    out: list[Rank] = []
    for v in value:
        found = _AS_SENT.get(v) if type(v) is str else None
        if found is None:
            return None
        out.append(found)
    return tuple(out)


def parse_cards(value: object, ptr: str) -> tuple[Rank, ...]:
    """A list of cards, or one compact string of them. An unknown card is 422
    ``unknown_card`` at its index in a list (every one reported), at ``ptr`` for a string."""
    if isinstance(value, str):
        found = _tokens(value)
        if found is None:
            raise InvalidRound(RoundError("unknown_card", ptr, f"{value!r} is not a string of cards "
                                          "(tokens 3-9, 10 or T, J, Q, K, A, 2, BJ, RJ)"))
        return tuple(found)
    if not isinstance(value, list | tuple):
        raise InvalidRound(RoundError("invalid_type", ptr, "expected a list of cards or a string of cards"))
    quick = cards_as_sent(value)
    if quick is not None:
        return quick
    out: list[Rank] = []
    errors: list[RoundError] = []
    for i, v in enumerate(value):
        try:
            out.append(parse_card(v, f"{ptr}/{i}"))
        except InvalidRound as e:
            errors += e.errors
    if errors:
        raise InvalidRound(errors)
    return tuple(out)


def collect_cards(value: object, ptr: str, errors: list[RoundError]) -> tuple[Rank, ...]:
    """:func:`parse_cards` in a stage that reports every error: its errors added to ``errors``, and
    no card returned for a list that has one wrong."""
    try:
        return parse_cards(value, ptr)
    except InvalidRound as e:
        errors += e.errors
        return ()


def card_pointers(value: object, ptr: str, n: int) -> list[str]:
    """The pointer of each of the ``n`` cards parsed from ``value``: its index in a list, the
    field itself for a compact string (a pointer cannot point into a string)."""
    return [f"{ptr}/{i}" for i in range(n)] if isinstance(value, list | tuple) else [ptr] * n


@dataclass(frozen=True)
class Deck:
    """The cards in play: copies of each rank (suits not told apart)."""

    id: str
    copies: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.copies)

    def holds(self, ranks: Iterable[Rank]) -> bool:
        """Whether these cards can all be in play together: no rank more often than its copies
        (checked before any pointer is built; :func:`excess_errors` names the cards when not)."""
        return all(n <= most for n, most in zip(counts_of(ranks), self.copies, strict=True))

    def cards(self) -> list[Rank]:
        return from_counts(self.copies)

    def describe(self) -> dict[str, object]:
        return {"id": self.id, "size": self.size,
                "cards": [{"card": RANKS[r], "zh": CHINESE[r], "copies": c} for r, c in enumerate(self.copies)],
                "order": list(RANKS)}


DECK_54: Final = Deck("54", (4,) * BLACK_JOKER + (1, 1))
"""一副牌 54 张 (001:601): four of each rank 3…2 and one of each joker."""

DECK_108: Final = Deck("108", (8,) * BLACK_JOKER + (2, 2))
"""双扣: two 54-card decks, 108 cards (reading S1 of the 双扣 page): eight of each rank 3…2, two of
each joker."""


def excess_errors(places: Sequence[tuple[Rank, str]], deck: Deck) -> list[RoundError]:
    """422 ``too_many_copies`` at the first card of each rank that exceeds the deck's copies,
    ``places`` being every card of the round with its pointer, in request order."""
    seen = [0] * N_RANKS
    errors: list[RoundError] = []
    for r, ptr in places:
        seen[r] += 1
        if seen[r] == deck.copies[r] + 1:
            errors.append(RoundError("too_many_copies", ptr, f"more than {deck.copies[r]} {RANKS[r]} ({CHINESE[r]}) "
                                     f"in the round; the deck has {deck.copies[r]}"))
    return errors
