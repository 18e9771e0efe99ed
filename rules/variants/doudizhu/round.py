"""A 斗地主 round: the request read (R2-R4, R7), the bidding followed, the plays replayed.

Stages, each reporting every error it finds before the next runs: the fields (a mahjong field
refused, types, cards), the deal (17 + 17 + 17 + 3 = the 54 cards), the wild ranks, the
bidding, then the plays, replayed card by card (a replay stops at its first wrong play: what
follows depends on it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, Final

from ...cards import (
    DECK_54,
    JOKERS,
    RANKS,
    Rank,
    card_pointers,
    card_strings,
    cards_as_sent,
    collect_cards,
    counts_of,
    excess_errors,
)
from ...errors import InvalidRound, RoundError, is_object, unused_field_errors
from ...game_fields import MAHJONG_FIELDS, MAHJONG_PLAYER_FIELDS, SHUANGKOU_FIELDS, SHUANGKOU_PLAYER_FIELDS
from .patterns import FOUR, NONE, Reading, beats, own_faces, readings

PLAYERS: Final = 3
HAND_SIZE: Final = 17  # 一人 17 张 (001:601)
BOTTOM_SIZE: Final = 3  # 留 3 张做底牌 (001:601)
WILD_COUNT: Final[dict[str, int]] = {"classic": 0, "wild": 1, "sky_earth": 2}  # R3
MAX_BOMB: Final[dict[str, int]] = {"classic": 4, "wild": 4, "sky_earth": 8}  # 001:627, 001:629, 001:631 (八软炸)
CALL: Final = "call"
ROB: Final = "rob"
PASS: Final = "pass"  # noqa: S105 - a bid, not a password
ParseFlags = Callable[[type, object, str, str], Any]


# The classes built per bid or per play have their own ``__init__`` (rules/ledger.py says why:
# the generated one runs as Python even compiled, ~9,000 instructions a Play, now a few hundred).


@dataclass(frozen=True)
class Bid:
    seat: int
    action: str

    def __init__(self, seat: int, action: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)


@dataclass(frozen=True)
class Play:
    """One entry of ``plays``: ``cards`` empty is a pass; ``faces`` the ``as`` (``None``: absent)."""

    seat: int
    cards: tuple[Rank, ...]
    faces: tuple[Rank, ...] | None
    index: int  # in ``plays``
    listed: bool  # the cards came as a list (a pointer per card), not as one compact string

    def __init__(self, seat: int, cards: tuple[Rank, ...], faces: tuple[Rank, ...] | None, index: int,
                 listed: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "listed", listed)

    def pointer(self, i: int) -> str:
        """Card ``i``'s pointer (:func:`rules.cards.card_pointers`), built only for an error."""
        return f"/plays/{self.index}/cards/{i}" if self.listed else f"/plays/{self.index}/cards"


@dataclass(frozen=True)
class Deal:
    """The request, read: who bids first, the hands as dealt, the bottom, the wild ranks, the
    flags, the bids, the ``landlord`` given (or ``None``) and the plays."""

    dealer: int
    hands: tuple[tuple[Rank, ...], ...]
    bottom: tuple[Rank, ...]
    wilds: tuple[Rank, ...]
    flags: tuple[Any, ...]
    bids: tuple[Bid, ...]
    landlord: int | None
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class Bidding:
    landlord: int
    robs: int
    robbers: tuple[int, ...]  # the seats of the rob entries, in order


@dataclass(frozen=True)
class Played:
    """A play that was not a pass: its entry index, seat, cards and bomb class."""

    index: int
    seat: int
    cards: tuple[Rank, ...]
    bomb: str

    def __init__(self, index: int, seat: int, cards: tuple[Rank, ...], bomb: str) -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "bomb", bomb)


@dataclass(frozen=True)
class Replay:
    winner: int  # the seat that played out first
    played: tuple[Played, ...]
    left: tuple[tuple[Rank, ...], ...]  # each seat's cards at the end


@dataclass(frozen=True)
class Verdict:
    """What one play is at its point of the round: ``code`` empty when legal, with the readings
    the table holds after it and its bomb class."""

    code: str
    detail: str
    readings: tuple[Reading, ...] = ()
    bomb: str = NONE

    def __init__(self, code: str, detail: str, readings: tuple[Reading, ...] = (), bomb: str = NONE) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "readings", readings)
        object.__setattr__(self, "bomb", bomb)


# -- reading the request --------------------------------------------------------------------


def _seat(v: object, ptr: str, errors: list[RoundError]) -> int:
    if v is None:
        errors.append(RoundError("missing_field", ptr, "a seat number (0, 1 or 2) is needed here"))
        return -1
    if not isinstance(v, int) or isinstance(v, bool):
        errors.append(RoundError("invalid_type", ptr, "expected a seat number (0, 1 or 2)"))
        return -1
    if not 0 <= v < PLAYERS:
        errors.append(RoundError("invalid_seat", ptr, f"no seat {v} at a table of {PLAYERS}"))
        return -1
    return v


def _required(d: Mapping[str, Any], key: str, ptr: str, errors: list[RoundError]) -> object:
    v = d.get(key)
    if v is None:
        errors.append(RoundError("missing_field", ptr, f"斗地主 needs {key!r}"))
    return v


def mahjong_field_errors(d: Mapping[str, Any], fields: Sequence[str] = MAHJONG_FIELDS) -> list[RoundError]:
    """The mahjong fields (R10) given on a 斗地主 request: 422 ``field_not_used`` (null is absent)."""
    return unused_field_errors(d, fields, "is a mahjong field; 斗地主 has none", MAHJONG_PLAYER_FIELDS)


def read_deal(d: Mapping[str, Any], flags_cls: type, parse_flags: ParseFlags) -> Deal:
    """The request's fields, type-checked (every error of the stage at once)."""
    errors = mahjong_field_errors(d) + unused_field_errors(d, SHUANGKOU_FIELDS, "is a 双扣 field; 斗地主 has none",
                                                           SHUANGKOU_PLAYER_FIELDS)
    raw_players = d.get("players")
    if not isinstance(raw_players, list):
        raise InvalidRound([*errors, RoundError("invalid_type" if raw_players is not None else "missing_field",
                                                "/players", "players must be a list of the 3 seats")])
    if len(raw_players) != PLAYERS:
        raise InvalidRound([*errors, RoundError("player_count", "/players",
                                                f"斗地主 is played by 3 (001:601), got {len(raw_players)}")])
    hands: list[tuple[Rank, ...]] = []
    flags: list[Any] = []
    for i, p in enumerate(raw_players):
        ptr = f"/players/{i}"
        if not is_object(p):
            errors.append(RoundError("invalid_type", ptr, "expected an object"))
            hands.append(())
            flags.append(None)
            continue
        if type(p.get("seat")) is not int or p.get("seat") != i:
            errors.append(RoundError("seat_order", f"{ptr}/seat", f"players must be listed by seat: expected {i}"))
        raw_hand = _required(p, "hand", f"{ptr}/hand", errors)
        hands.append(collect_cards(raw_hand, f"{ptr}/hand", errors) if raw_hand is not None else ())
        try:
            flags.append(parse_flags(flags_cls, p.get("flags"), f"{ptr}/flags", "flag"))
        except InvalidRound as e:
            errors += e.errors
            flags.append(None)
    dealer_raw = _required(d, "dealer", "/dealer", errors)
    dealer = _seat(dealer_raw, "/dealer", errors) if dealer_raw is not None else -1
    bottom_raw = _required(d, "bottom", "/bottom", errors)
    bottom = collect_cards(bottom_raw, "/bottom", errors) if bottom_raw is not None else ()
    raw_wilds = d.get("wilds")
    wilds = collect_cards(raw_wilds, "/wilds", errors) if raw_wilds is not None else ()
    bids = _bids(_required(d, "bidding", "/bidding", errors), errors)
    landlord_raw = d.get("landlord")
    landlord = None if landlord_raw is None else _seat(landlord_raw, "/landlord", errors)
    plays = _plays(_required(d, "plays", "/plays", errors), errors)
    if errors:
        raise InvalidRound(errors)
    return Deal(dealer, tuple(hands), bottom, wilds, tuple(flags), bids, landlord, plays)


def _entries(raw: object, field: str, shape: str, errors: list[RoundError]) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """The objects of the list ``field`` with their indexes (``None``: absent, none); a value that
    is no list, or an entry that is no object, is 422 ``invalid_type``, reported in list order."""
    if raw is None:
        return
    if not isinstance(raw, list):
        errors.append(RoundError("invalid_type", f"/{field}", f"{field} must be a list of {shape}"))
        return
    for k, entry in enumerate(raw):
        if is_object(entry):
            yield k, entry
        else:
            errors.append(RoundError("invalid_type", f"/{field}/{k}", f"expected an object {shape}"))


def _bids(raw: object, errors: list[RoundError]) -> tuple[Bid, ...]:
    out: list[Bid] = []
    for k, b in _entries(raw, "bidding", "{seat, action}", errors):
        ptr = f"/bidding/{k}"
        seat = _seat(b.get("seat"), f"{ptr}/seat", errors)
        action = b.get("action")
        if action is None:
            errors.append(RoundError("missing_field", f"{ptr}/action", "a bid needs its action: call, rob or pass"))
            continue
        if action not in (CALL, ROB, PASS):
            errors.append(RoundError("invalid_bidding", f"{ptr}/action", "action is one of call (叫地主), rob (抢地主), pass"))
            continue
        out.append(Bid(seat, str(action)))
    return tuple(out)


def _plays(raw: object, errors: list[RoundError]) -> tuple[Play, ...]:
    out: list[Play] = []
    for k, p in _entries(raw, "plays", "{seat, cards, as?}", errors):
        if type(p) is dict:  # the usual entry, read without building a pointer
            seat, raw_cards = p.get("seat"), p.get("cards")
            if type(seat) is int and 0 <= seat < PLAYERS and type(raw_cards) is list and p.get("as") is None:
                quick = cards_as_sent(raw_cards)
                if quick is not None:
                    out.append(Play(seat, quick, None, k, True))
                    continue
        ptr = f"/plays/{k}"
        seat = _seat(p.get("seat"), f"{ptr}/seat", errors)
        raw_cards = p.get("cards")
        if raw_cards is None:
            errors.append(RoundError("missing_field", f"{ptr}/cards", "a play needs its cards ([] for a pass, 不要)"))
            continue
        cards = collect_cards(raw_cards, f"{ptr}/cards", errors)
        raw_as = p.get("as")
        faces = None if raw_as is None else collect_cards(raw_as, f"{ptr}/as", errors)
        out.append(Play(seat, cards, faces, k, isinstance(raw_cards, list | tuple)))
    return tuple(out)


# -- the deal and the wild ranks ------------------------------------------------------------------


def deal_errors(deal: Deal, raw: Mapping[str, Any]) -> list[RoundError]:
    """17 cards a hand, 3 in the bottom, no card more often than the deck has it (R2)."""
    errors = [RoundError("hand_size", f"/players/{i}/hand", f"{len(h)} cards; a hand is dealt {HAND_SIZE} (001:601)")
              for i, h in enumerate(deal.hands) if len(h) != HAND_SIZE]
    if len(deal.bottom) != BOTTOM_SIZE:
        errors.append(RoundError("bottom_size", "/bottom", f"{len(deal.bottom)} cards; the bottom is {BOTTOM_SIZE} (001:601)"))
    if DECK_54.holds(chain(*deal.hands, deal.bottom)):
        return errors  # no card too many: the pointers of every card are not needed
    places: list[tuple[Rank, str]] = []
    for i, h in enumerate(deal.hands):
        places += zip(h, card_pointers(raw["players"][i].get("hand"), f"/players/{i}/hand", len(h)), strict=True)
    places += zip(deal.bottom, card_pointers(raw.get("bottom"), "/bottom", len(deal.bottom)), strict=True)
    return errors + excess_errors(places, DECK_54)


def wild_errors(wilds: tuple[Rank, ...], mode: str, raw: object) -> list[RoundError]:
    """R3: none in classic, one rank in wild, two different ranks in sky_earth; never a joker."""
    want = WILD_COUNT[mode]
    ptrs = card_pointers(raw, "/wilds", len(wilds))
    errors = [RoundError("invalid_wilds", ptrs[k], "a joker is never wild (非王牌, 001:602)")
              for k, r in enumerate(wilds) if r in JOKERS]
    errors += [RoundError("invalid_wilds", ptrs[k], f"{RANKS[r]} is named twice")
               for k, r in enumerate(wilds) if r in wilds[:k]]
    if len(wilds) != want:
        errors.append(RoundError("invalid_wilds", "/wilds", f"mode {mode} has {want} wild rank(s), got {len(wilds)}"))
    return errors


# -- bidding (R4) -----------------------------------------------------------------------------------


def follow_bidding(bids: Sequence[Bid], dealer: int) -> Bidding:
    """The landlord and the robs, or 422: calls from ``dealer`` until one calls; the two others,
    in turn, rob or pass once; then, if one of them robbed, the caller once more."""
    caller = -1
    k = 0
    for step in range(PLAYERS):  # 叫地主
        _expect(bids, k, (dealer + step) % PLAYERS, (CALL, PASS))
        k += 1
        if bids[k - 1].action == CALL:
            caller = bids[k - 1].seat
            break
    if caller < 0:
        if k < len(bids):
            raise _bad(k, "the bidding is over: all three passed")
        raise InvalidRound(RoundError("no_landlord", "/bidding", "all three passed: the deal is thrown in, nothing to settle"))
    landlord, robbers = caller, []
    for step in (1, 2):  # 抢地主
        _expect(bids, k, (caller + step) % PLAYERS, (ROB, PASS))
        if bids[k].action == ROB:
            landlord = bids[k].seat
            robbers.append(landlord)
        k += 1
    if robbers:  # the caller's last word
        _expect(bids, k, caller, (ROB, PASS))
        if bids[k].action == ROB:
            landlord = caller
            robbers.append(caller)
        k += 1
    if k < len(bids):
        raise _bad(k, "the bidding is over")
    return Bidding(landlord, len(robbers), tuple(robbers))


def _expect(bids: Sequence[Bid], k: int, seat: int, actions: tuple[str, ...]) -> None:
    if k >= len(bids):
        raise InvalidRound(RoundError("invalid_bidding", "/bidding", f"entries missing: seat {seat} to say "
                                      f"{' or '.join(actions)}"))
    if bids[k].seat != seat:
        raise _bad(k, f"out of turn: seat {seat} bids here")
    if bids[k].action not in actions:
        raise _bad(k, f"seat {seat} may only {' or '.join(actions)} here")


def _bad(k: int, detail: str) -> InvalidRound:
    return InvalidRound(RoundError("invalid_bidding", f"/bidding/{k}", detail))


# -- the plays (R7-R9) ------------------------------------------------------------------------------


def judge(cards: Sequence[Rank], faces: Sequence[Rank] | None, table: tuple[Reading, ...],
          wilds: frozenset[Rank], four_with_two: bool, *, max_bomb: int = FOUR) -> Verdict:
    """One non-empty play against the table's readings (empty: leading); ``max_bomb`` the
    mode's :data:`MAX_BOMB`."""
    wild = [c for c in cards if c in wilds]
    if faces is not None:
        bad = _as_problem(cards, faces, wild, wilds)
        if bad:
            return Verdict("invalid_as", bad)
    found = readings(cards, wilds, four_with_two, faces, max_bomb=max_bomb)
    if not found:
        return Verdict("not_a_pattern", f"{' '.join(card_strings(cards))} is no pattern (001:604-622)")
    legal = found if not table else tuple(r for r in found if any(beats(r, t) for t in table))
    if not legal:
        return Verdict("does_not_beat", f"{' '.join(card_strings(cards))} does not beat the table's last play")
    classes = sorted({r.bomb for r in legal})
    if len(classes) > 1:
        return Verdict("ambiguous_play", f"the wild cards may make {' or '.join(classes)}: say what they stand for (as)")
    return Verdict("", "", legal, classes[0])


def _as_problem(cards: Sequence[Rank], faces: Sequence[Rank], wild: list[Rank], wilds: frozenset[Rank]) -> str:
    if len(faces) != len(wild):
        return f"as gives {len(faces)} face(s) for {len(wild)} wild card(s)"
    if any(f in JOKERS for f in faces):
        return "a wild card never stands for a joker (001:602)"
    if own_faces(cards, wilds) and list(faces) != wild:
        if len(wild) == len(cards) and len(set(wild)) > 1:
            return "wild cards of both wild ranks alone are a 癞子炸 as they are (001:631)"
        return "alone, or with wild cards of its own rank only, a wild card is itself (001:602)"
    return ""


def replay(deal: Deal, landlord: int, wilds: frozenset[Rank], four_with_two: bool, max_bomb: int) -> Replay:
    """The plays from the landlord's lead to the first empty hand, every one checked."""
    held = [counts_of(h) for h in deal.hands]
    held[landlord] = counts_of([*deal.hands[landlord], *deal.bottom])
    seat, last, winner = landlord, landlord, -1
    table: tuple[Reading, ...] = ()
    played: list[Played] = []
    for k, p in enumerate(deal.plays):
        ptr = f"/plays/{k}"
        if winner >= 0:
            raise InvalidRound(RoundError("after_round_end", ptr, f"seat {winner} played out at the play before: the round is over"))
        if p.seat != seat:
            raise InvalidRound(RoundError("out_of_turn", f"{ptr}/seat", f"seat {seat} plays here (turn order from the landlord)"))
        if last == seat:
            table = ()  # the two others passed (or the first lead): this seat leads
        if not p.cards:
            if p.faces:
                raise InvalidRound(RoundError("invalid_as", f"{ptr}/as", "a pass (不要) plays no wild card"))
            if not table:
                raise InvalidRound(RoundError("must_lead", f"{ptr}/cards", "the player leading a trick plays, never passes"))
            seat = (seat + 1) % PLAYERS
            continue
        _take(held[seat], p, seat)
        verdict = judge(p.cards, p.faces, table, wilds, four_with_two, max_bomb=max_bomb)
        if verdict.code:
            spoilt = verdict.code in ("invalid_as", "ambiguous_play") or _as_spoils(p, table, wilds, four_with_two, max_bomb)
            where = f"{ptr}/as" if spoilt else f"{ptr}/cards"
            raise InvalidRound(RoundError(verdict.code, where, verdict.detail))
        table, last = verdict.readings, seat
        played.append(Played(k, seat, p.cards, verdict.bomb))
        if not any(held[seat]):
            winner = seat
        seat = (seat + 1) % PLAYERS
    if winner < 0:
        raise InvalidRound(RoundError("round_not_finished", "/plays", "the plays end with every hand still holding cards"))
    return Replay(winner, tuple(played), tuple(tuple(r for r in range(len(c)) for _ in range(c[r])) for c in held))


def _as_spoils(p: Play, table: tuple[Reading, ...], wilds: frozenset[Rank], four_with_two: bool, max_bomb: int) -> bool:
    """Whether the play's ``as`` is what makes it wrong: without it the cards make a legal
    play here (they may need an ``as``, but not this one)."""
    if p.faces is None:
        return False
    return judge(p.cards, None, table, wilds, four_with_two, max_bomb=max_bomb).code in ("", "ambiguous_play")


def _take(hand: list[int], p: Play, seat: int) -> None:
    errors: list[RoundError] = []
    for i, r in enumerate(p.cards):
        if hand[r]:
            hand[r] -= 1
        else:
            errors.append(RoundError("card_not_held", p.pointer(i), f"seat {seat} does not hold (or no longer holds) {RANKS[r]}"))
    if errors:
        raise InvalidRound(errors)
