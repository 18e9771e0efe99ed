"""Random legal 双扣 rounds (for property tests, benchmarks and load tests).

A shuffled deal of 27 cards to each of 2-4 players from the two decks (S1); for each player a
random choice of the bombs it held to play (now and then 天王炸, eight of a rank as two bombs of
four, or in the wild modes a bomb with wild jokers standing in); a finishing order (S3: with
four players a 双扣, 单扣 or 平扣 at random); and the cards each loser keeps (1-4, 5-10 or 11 and
up, so every 基准分 of 001:72-76 is reached). With the option ``chaodi``, now and then the seat
with priority 抄底s at the deal (S9 a). The record is legal by construction; the caller
(:func:`rules.generator.generate`) settles it.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...cards import BLACK_JOKER, DECK_108, RED_JOKER, TWO, Rank, card_strings, counts_of, from_counts
from .bases import partner
from .lines import FOUR, FOUR_JOKERS, MODES, hand_bombs
from .record import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS

_KEPT: Final = ((1, 4), (5, 10), (11, HAND_SIZE))  # a loser's cards left: each 基准分 of 001:72-76


def generate_round(rng: random.Random, options: dict[str, Any], opts: Any) -> dict[str, Any]:
    n = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    deck = DECK_108.cards()
    rng.shuffle(deck)
    dealt = [sorted(deck[HAND_SIZE * i:HAND_SIZE * (i + 1)]) for i in range(n)]
    dealer = rng.randrange(n)
    body: dict[str, Any] = {"variant": "shuangkou", "options": options, "dealer": dealer}
    if opts.chaodi and rng.random() < 0.3:
        turn = [(dealer + k) % n for k in range(n)]
        first = [s for s in turn if not hand_bombs(dealt[s], opts.four_jokers_lines)]
        if first:  # the seat with priority 抄底s (001:44 a): the round ends at the deal
            body["chaodi"] = first[0]
            body["players"] = [_player(rng, i, [], dealt[i], dealt[i], opts) for i in range(n)]
            return body
    order = _finish_order(rng, n)
    wilds = sorted(MODES[opts.mode].wilds)
    players: list[dict[str, Any]] = []
    for i in range(n):
        bombs, rest = _bombs(rng, dealt[i], wilds)
        players.append(_player(rng, i, bombs, [] if i in order else _kept(rng, rest), dealt[i], opts))
    body["finish_order"] = order
    body["players"] = players
    return body


def _player(rng: random.Random, seat: int, bombs: list[list[Rank]], hand: list[Rank], dealt: list[Rank],
            opts: Any) -> dict[str, Any]:
    """One seat of the body; now and then its cards as compact strings (S1 accepts both)."""
    compact = rng.random() < 0.15

    def cards(cs: list[Rank]) -> list[str] | str:
        listed = card_strings(cs)
        return "".join(listed) if compact else listed

    p: dict[str, Any] = {"seat": seat, "hand": cards(hand)}
    if bombs:
        p["bombs"] = [cards(b) for b in bombs]
    if opts.split_compensation:
        p["dealt"] = cards(dealt)
    return p


def _finish_order(rng: random.Random, n: int) -> list[int]:
    """S3: one winner at a table of two or three; with four, a 双扣, 单扣 or 平扣."""
    head = rng.randrange(n)
    if n < MAX_PLAYERS:
        return [head]
    mate = partner(head)
    opponents = [(head + 1) % n, (head + 3) % n]
    rng.shuffle(opponents)
    return rng.choice(([head, mate], [head, opponents[0], mate], [head, *opponents]))


def _bombs(rng: random.Random, held: list[Rank], wilds: list[Rank]) -> tuple[list[list[Rank]], list[Rank]]:
    """Bombs to play from a dealt hand, and the cards left after them (never none: a loser keeps one)."""
    counts = counts_of(held)
    bombs: list[list[Rank]] = []

    def take(bomb: list[Rank]) -> None:
        if sum(counts) - len(bomb) >= 1:
            for r in bomb:
                counts[r] -= 1
            bombs.append(bomb)

    if counts[BLACK_JOKER] >= 2 and counts[RED_JOKER] >= 2 and rng.random() < 0.5:
        take(list(FOUR_JOKERS))
    for r in range(TWO + 1):
        c = counts[r]
        spare = [w for w in wilds for _ in range(counts[w])]
        roll = rng.random()
        if c >= 2 * FOUR and roll < 0.3:
            take([r] * FOUR)  # eight of a rank as two bombs of four: 4线 bombs to stack (001:47 ①)
            take([r] * FOUR)
        elif c >= FOUR and roll < 0.8:
            extra = spare[:rng.randint(0, len(spare))] if rng.random() < 0.3 else []
            take([r] * rng.randint(FOUR, c) + extra)
        elif spare and c and c + len(spare) >= FOUR and roll < 0.9:
            take([r] * c + spare[:rng.randint(max(1, FOUR - c), len(spare))])  # jokers standing in (S4, S5)
    return bombs, from_counts(counts)


def _kept(rng: random.Random, rest: list[Rank]) -> list[Rank]:
    """A loser's cards at the end: a random few of what it did not bomb with (the rest it played)."""
    low, high = rng.choice(_KEPT)
    k = rng.randint(low, min(high, len(rest))) if len(rest) >= low else rng.randint(1, len(rest))
    return sorted(rng.sample(rest, k))

