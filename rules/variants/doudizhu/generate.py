"""Random legal 斗地主 rounds (for property tests, benchmarks and load tests).

A shuffled deal, a random legal bidding (R4), random flags, then a simple greedy play: the
leader plays a random small pattern (in 天地癞子 now and then its wild cards as a bomb); a
follower plays the smallest play of the table's pattern that beats it, sometimes a bomb or the
rocket (in 天地癞子 bombs of 5-8 cards too), else passes (a farmer mostly lets its partner's
play stand). In the wild modes wild cards fill patterns now and then, told with ``as`` or,
where the engine finds no ambiguity, without. Every play is checked by the engine's own
:func:`~rules.variants.doudizhu.round.judge` before it is made, so the round always settles.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...cards import BLACK_JOKER, DECK_54, N_RANKS, RANKS, RED_JOKER, TWO, Rank, card_strings, counts_of
from .patterns import FOUR, KIND, NONE, Kind, Reading, align_faces
from .round import CALL, HAND_SIZE, MAX_BOMB, PASS, PLAYERS, ROB, WILD_COUNT, judge

# how often a leader opens with each pattern (the rest: a single); runs take their shortest length
_LEADS: Final = (("pair", 3), ("triple_single", 2), ("triple_pair", 2), ("straight", 2), ("pair_straight", 1),
                 ("airplane_singles", 1), ("airplane_pairs", 1), ("triple", 1), ("four_two_singles", 1), ("single", 4))
_BOMBS: Final = (KIND["bomb"],)


class _Game:
    """The generator's table: what each seat holds (counts), the wild ranks and the options."""

    def __init__(self, rng: random.Random, held: list[list[int]], wilds: frozenset[Rank], opts: Any) -> None:
        self.rng = rng
        self.held = held
        self.wilds = wilds
        self.opts = opts
        self.idle: frozenset[int] = frozenset()  # seats that never follow (a 春天 or 反春天 in the making)
        self.max_bomb = MAX_BOMB[opts.mode]

    def check(self, cards: list[Rank], faces: list[Rank], table: tuple[Reading, ...]) -> dict[str, Any] | None:
        """The play as an entry (``as`` given, or left out where that is no ambiguity) when it is
        legal here, else ``None``."""
        cards = sorted(cards)
        free = any(c in self.wilds for c in cards) and faces
        aligned = align_faces(cards, self.wilds, faces) if free else None
        verdict = judge(cards, aligned, table, self.wilds, self.opts.four_with_two, max_bomb=self.max_bomb)
        if verdict.code:
            return None
        entry: dict[str, Any] = {"cards": card_strings(cards)}
        if aligned is not None:
            bare = judge(cards, None, table, self.wilds, self.opts.four_with_two, max_bomb=self.max_bomb)
            if bare.code or self.rng.random() < 0.5:
                entry["as"] = [RANKS[f] for f in aligned]
        entry["_readings"] = verdict.readings
        return entry


def generate_round(rng: random.Random, options: dict[str, Any], opts: Any) -> dict[str, Any]:
    deck = DECK_54.cards()
    rng.shuffle(deck)
    hands = [sorted(deck[HAND_SIZE * i:HAND_SIZE * (i + 1)]) for i in range(PLAYERS)]
    bottom = sorted(deck[HAND_SIZE * PLAYERS:])
    wilds = rng.sample(range(TWO + 1), WILD_COUNT[opts.mode])
    dealer = rng.randrange(PLAYERS)
    bids, landlord = _bidding(rng, dealer)
    held = [counts_of(h) for h in hands]
    held[landlord] = counts_of([*hands[landlord], *bottom])
    game = _Game(rng, held, frozenset(wilds), opts)
    mood = rng.random()  # now and then one side lets the other play out: 春天 (R5) and 反春天 happen
    game.idle = frozenset(s for s in range(PLAYERS) if s != landlord) if mood < 0.05 else (
        frozenset({landlord}) if mood < 0.12 else frozenset())
    plays = _play(game, landlord)
    players: list[dict[str, Any]] = []
    for i, h in enumerate(hands):
        p: dict[str, Any] = {"seat": i, "hand": card_strings(h)}
        flags = _flags(rng)
        if flags:
            p["flags"] = flags
        players.append(p)
    body: dict[str, Any] = {"variant": "doudizhu", "options": options, "dealer": dealer, "players": players,
                            "bottom": card_strings(bottom), "bidding": bids, "plays": plays}
    if wilds:
        body["wilds"] = [RANKS[w] for w in wilds]
    if rng.random() < 0.3:
        body["landlord"] = landlord
    return body


def _flags(rng: random.Random) -> dict[str, Any]:
    flags: dict[str, Any] = {}
    if rng.random() < 0.15:
        flags["show_cards"] = rng.randint(2, 5)
    roll = rng.random()
    if roll < 0.25:
        flags["double"] = "double" if roll < 0.17 else "super"
    return flags


def _bidding(rng: random.Random, dealer: int) -> tuple[list[dict[str, Any]], int]:
    """A legal bidding (R4); three passes throw the deal in, so it is bid again."""
    while True:
        bids: list[dict[str, Any]] = []
        caller = -1
        for step in range(PLAYERS):
            seat = (dealer + step) % PLAYERS
            if rng.random() < 0.45:
                bids.append({"seat": seat, "action": CALL})
                caller = seat
                break
            bids.append({"seat": seat, "action": PASS})
        if caller >= 0:
            break
    landlord, robbed = caller, False
    for step in (1, 2):
        seat = (caller + step) % PLAYERS
        rob = rng.random() < 0.3
        bids.append({"seat": seat, "action": ROB if rob else PASS})
        if rob:
            landlord, robbed = seat, True
    if robbed:
        rob = rng.random() < 0.4
        bids.append({"seat": caller, "action": ROB if rob else PASS})
        if rob:
            landlord = caller
    return bids, landlord


def _play(g: _Game, landlord: int) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = []
    seat, last, last_seat = landlord, landlord, landlord
    table: tuple[Reading, ...] = ()
    while True:
        if last == seat:
            table = ()
        partner = landlord not in (last_seat, seat)  # a farmer, on its partner's play
        entry = _lead(g, seat) if not table else _follow(g, seat, table, partner)
        if entry is None:
            plays.append({"seat": seat, "cards": []})
            seat = (seat + 1) % PLAYERS
            continue
        table = entry.pop("_readings")
        for c in entry["cards"]:
            g.held[seat][RANKS.index(c)] -= 1
        plays.append({"seat": seat, **entry})
        last = last_seat = seat
        if not any(g.held[seat]):
            return plays
        seat = (seat + 1) % PLAYERS


def _lead(g: _Game, seat: int) -> dict[str, Any]:
    if g.max_bomb > FOUR and g.rng.random() < 0.2:
        entry = _wild_bomb_lead(g, g.held[seat])
        if entry is not None:
            return entry
    names = [k for k, _ in _LEADS]
    weights = [w for _, w in _LEADS]
    kind = KIND[g.rng.choices(names, weights)[0]]
    if kind.option and not g.opts.four_with_two:
        kind = KIND["single"]
    held = g.held[seat]
    if kind.id != "single":
        use_wild = bool(g.wilds) and g.rng.random() < 0.3
        for start in range(TWO + 1):
            built = _build(held, g.wilds, kind, kind.run, start, use_wild)
            if built is not None:
                entry = g.check(*built, ())
                if entry is not None:
                    return entry
    low = min(r for r in range(N_RANKS) if held[r])  # a single always leads
    entry = g.check([low], [], ())
    assert entry is not None
    return entry


def _follow(g: _Game, seat: int, table: tuple[Reading, ...], partner: bool) -> dict[str, Any] | None:
    if seat in g.idle or g.rng.random() < (0.7 if partner else 0.1):
        return None
    held = g.held[seat]
    for t in table:
        if t.bomb != NONE:
            continue
        kind = KIND[t.kind]
        run = 1 if kind.id == "single" else t.length // kind.unit
        for use_wild in (False, True) if g.wilds else (False,):
            for top in range(t.rank + 1, N_RANKS):
                built: list[tuple[list[Rank], list[Rank]]] = [([top], [])] if kind.id == "single" and held[top] else []
                if kind.id != "single":
                    b = _build(held, g.wilds, kind, run, top - run + 1, use_wild)
                    built = [b] if b is not None else []
                for cards, faces in built:
                    entry = g.check(cards, faces, table)
                    if entry is not None:
                        return entry
    if g.rng.random() < 0.5:
        return _bomb(g, held, table)
    return None


def _bomb(g: _Game, held: list[int], table: tuple[Reading, ...]) -> dict[str, Any] | None:
    """The smallest bomb that beats the table: hard, soft, four wild cards, then the rocket;
    in 天地癞子 the bombs of 5-8 cards (001:631) after the four wild cards, or now and then the
    strongest of them first."""
    big = g.max_bomb > FOUR and g.rng.random() < 0.4
    if big:
        entry = _long_bomb(g, held, table, longest=True)
        if entry is not None:
            return entry
    for use_wild in (False, True):
        for start in range(TWO + 1):
            built = _build(held, g.wilds, _BOMBS[0], 1, start, use_wild)
            if built is not None:
                entry = g.check(*built, table)
                if entry is not None:
                    return entry
    wild = [r for r in range(N_RANKS) if r in g.wilds for _ in range(held[r])]
    # four wild cards: the lowest four (in 天地癞子 a 四癞子炸 when of both ranks), else the four of
    # one wild rank (四纯癞子炸, 001:631)
    fours = [wild[:FOUR]] if len(wild) >= FOUR else []
    fours += [[r] * FOUR for r in sorted(g.wilds) if held[r] == FOUR and [r] * FOUR not in fours]
    for cards in fours:
        entry = g.check(cards, [], table)
        if entry is not None:
            return entry
    if g.max_bomb > FOUR and not big:
        entry = _long_bomb(g, held, table, longest=False)
        if entry is not None:
            return entry
    if held[BLACK_JOKER] and held[RED_JOKER]:
        return g.check([BLACK_JOKER, RED_JOKER], [], table)
    return None


def _wild_bomb_lead(g: _Game, held: list[int]) -> dict[str, Any] | None:
    """天地癞子 now and then: every wild card held, led as a bomb when there are four or more
    (四癞子炸 … 八癞子炸, or 四纯癞子炸 when of one rank), or, half the time, the four of one wild
    rank alone (四纯癞子炸, 001:631)."""
    wild = [r for r in range(N_RANKS) if r in g.wilds for _ in range(held[r])]
    if len(wild) < FOUR:
        return None
    pure = [r for r in sorted(g.wilds) if held[r] == FOUR]
    return g.check([pure[0]] * FOUR if pure and g.rng.random() < 0.5 else wild, [], ())


def _long_bomb(g: _Game, held: list[int], table: tuple[Reading, ...], longest: bool) -> dict[str, Any] | None:
    """A bomb of 5 to 8 cards that beats the table (天地癞子, 001:631): the smallest (by number of
    cards, the 软炸 of the lowest rank — its natural cards and wild cards standing in — then the
    癞子炸 of wild cards only), or when ``longest`` the strongest."""
    wild = [r for r in range(N_RANKS) if r in g.wilds for _ in range(held[r])]
    sizes = range(FOUR + 1, g.max_bomb + 1)
    for n in reversed(sizes) if longest else sizes:
        tries: list[tuple[list[Rank], list[Rank]]] = [
            ([r] * held[r] + wild[:n - held[r]], [r] * (n - held[r])) for r in range(TWO + 1)
            if r not in g.wilds and held[r] and n - held[r] <= len(wild)]
        if len(wild) >= n:
            tries.insert(0 if longest else len(tries), (wild[:n], []))
        for cards, faces in tries:
            entry = g.check(cards, faces, table)
            if entry is not None:
                return entry
    return None


def _build(held: list[int], wilds: frozenset[Rank], kind: Kind, run: int, start: int,
           use_wild: bool) -> tuple[list[Rank], list[Rank]] | None:
    """Cards of ``held`` making ``kind`` with its core on ``start`` … (natural cards first,
    wild cards filling the rest when ``use_wild``; wings the smallest natural cards left) and
    the faces of the wild cards used."""
    if kind.id in ("single", "rocket") or start < 0 or start + run - 1 > (TWO if kind.run == 1 else TWO - 1):
        return None
    nat = [0 if r in wilds else held[r] for r in range(N_RANKS)]
    pool = [r for r in range(N_RANKS) if r in wilds for _ in range(held[r])]
    cards: list[Rank] = []
    faces: list[Rank] = []
    for r in range(start, start + run):
        take = min(nat[r], kind.copies)
        cards += [r] * take
        nat[r] -= take
        need = kind.copies - take
        if need:
            if not use_wild or len(pool) < need:
                return None
            cards += pool[:need]
            del pool[:need]
            faces += [r] * need
    if faces and len(faces) == len(cards):
        return None  # wild cards alone are themselves (R9): keep a natural card in the core
    wings = _wings(nat, kind, run, start)
    if wings is None:
        return None
    return cards + wings, faces


def _wings(nat: list[int], kind: Kind, run: int, start: int) -> list[Rank] | None:
    count = kind.wings * run
    if not kind.wing:
        return []
    core = range(start, start + run)
    out: list[Rank] = []
    for r in range(N_RANKS):
        if r in core or len(out) == count * kind.wing:
            continue
        if kind.wing == 1:
            out += [r] * min(nat[r], count - len(out))
        elif nat[r] >= 2 and r not in (BLACK_JOKER, RED_JOKER):
            out += [r, r]
    return out if len(out) == count * kind.wing else None

