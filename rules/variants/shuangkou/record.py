"""A 双扣 round's record, read and checked (readings S1-S4, S9): the fields, the cards, the end of
the round.

The seed gives no play rules (001:42-76), so a round is not replayed as a 斗地主 round is: the game
server posts who played out in which order, the bombs each player played and the cards each holds
at the end. Stages, each reporting every error it finds before the next runs: the fields (a field
of another game refused, types, cards); the cards (copies, sizes, bombs, the dealt hands); the end
of the round (the finishing order, or the 抄底).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...cards import DECK_108, RANKS, Rank, collect_cards, counts_of, excess_errors
from ...errors import InvalidRound, RoundError, is_object, unused_field_errors
from ...game_fields import (
    ANALYZE_CARD_FIELDS,
    ANALYZE_MAHJONG_FIELDS,
    DOUDIZHU_FIELDS,
    DOUDIZHU_PLAYER_FIELDS,
    MAHJONG_FIELDS,
    MAHJONG_PLAYER_FIELDS,
)
from .bases import TEAMS, ending
from .lines import MODES, Bomb, bomb_of, hand_bombs

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4  # RULES_INDEX: 2-4 players
HAND_SIZE: Final = 27  # S1: 108 = 4 × 27, 27 dealt to each player whatever the player count
_ABSENT: Final = object()  # a field left out: bombs/dealt null is refused, as the shape check refuses it
ANALYZE_UNUSED: Final = ANALYZE_MAHJONG_FIELDS + ANALYZE_CARD_FIELDS  # a hand analysis's fields of the other games


@dataclass(frozen=True)
class Cards:
    """One list of cards of the request and where it is (pointers are built only for an error)."""

    cards: tuple[Rank, ...]
    ptr: str
    listed: bool  # a list (a pointer per card), not one compact string

    # built per card list: its own __init__ (the generated one runs as Python compiled; rules/ledger.py)
    def __init__(self, cards: tuple[Rank, ...], ptr: str, listed: bool) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "ptr", ptr)
        object.__setattr__(self, "listed", listed)

    def pointer(self, i: int) -> str:
        """Card ``i``'s pointer (:func:`rules.cards.card_pointers`)."""
        return f"{self.ptr}/{i}" if self.listed else self.ptr


@dataclass(frozen=True)
class Seat:
    """One player's record: the bombs it played, its cards at the end, its dealt cards (拆相补偿)."""

    bombs: tuple[Cards, ...]
    hand: Cards
    dealt: Cards | None

    def __init__(self, bombs: tuple[Cards, ...], hand: Cards, dealt: Cards | None) -> None:  # (as Cards')
        object.__setattr__(self, "bombs", bombs)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "dealt", dealt)


@dataclass(frozen=True)
class Record:
    """The request, read: the dealer, the seats, and how the round ended (``finish_order`` or
    ``chaodi``, exactly one of them)."""

    dealer: int
    seats: tuple[Seat, ...]
    finish_order: tuple[int, ...] | None
    chaodi: int | None

    @property
    def n(self) -> int:
        return len(self.seats)


# -- the fields ------------------------------------------------------------------------------


def other_game_errors(d: Mapping[str, Any]) -> list[RoundError]:
    """S2: the mahjong and 斗地主 fields given on a 双扣 request: 422 ``field_not_used`` (null is absent)."""
    return (unused_field_errors(d, MAHJONG_FIELDS, "is a mahjong field; 双扣 has none", MAHJONG_PLAYER_FIELDS)
            + unused_field_errors(d, DOUDIZHU_FIELDS, "is a 斗地主 field; 双扣 has none", DOUDIZHU_PLAYER_FIELDS))


def _cards(v: object, ptr: str, errors: list[RoundError]) -> Cards:
    """牌: a list of cards or a compact string (S1), its errors collected."""
    return Cards(collect_cards(v, ptr, errors), ptr, isinstance(v, list | tuple))


def _seat(v: object, ptr: str, n: int, errors: list[RoundError]) -> int:
    """座位: a seat of the table (``dealer``, ``chaodi``), -1 when it is none."""
    if type(v) is not int:
        errors.append(RoundError("invalid_type", ptr, f"expected a seat number (0 to {n - 1})"))
        return -1
    if not 0 <= v < n:
        errors.append(RoundError("invalid_seat", ptr, f"no seat {v} at a table of {n}"))
        return -1
    return v


def _bombs(raw: object, ptr: str, errors: list[RoundError]) -> tuple[Cards, ...]:
    """炸弹: a player's bombs played, each its cards (S2; absent: none)."""
    if raw is _ABSENT:
        return ()
    if not isinstance(raw, list):
        errors.append(RoundError("invalid_type", ptr, "bombs must be a list of bombs, each a list of cards or a "
                                 "string of cards"))
        return ()
    return tuple(_cards(b, f"{ptr}/{j}", errors) for j, b in enumerate(raw))


def _finish_order(raw: object, n: int, errors: list[RoundError]) -> tuple[int, ...] | None:
    """出完顺序: the seats that played out, each a seat of the table once (S3); ``None``: absent."""
    if raw is None:
        return None
    if not isinstance(raw, list):
        errors.append(RoundError("invalid_type", "/finish_order", "finish_order must be a list of seats"))
        return None
    out: list[int] = []
    for k, v in enumerate(raw):
        ptr = f"/finish_order/{k}"
        if type(v) is not int:
            errors.append(RoundError("invalid_type", ptr, "expected a seat number"))
        elif not 0 <= v < n:
            errors.append(RoundError("finish_order_invalid", ptr, f"no seat {v} at a table of {n} (S3)"))
        elif v in out:
            errors.append(RoundError("finish_order_invalid", ptr, f"seat {v} played out once, at place "
                                     f"{out.index(v) + 1} (S3)"))
        else:
            out.append(v)
    return tuple(out)


def read_record(d: Mapping[str, Any], opts: Any) -> Record:
    """The request's fields, type-checked (every error of the stage at once)."""
    errors = other_game_errors(d)
    raw_players = d.get("players")
    if not isinstance(raw_players, list):
        raise InvalidRound([*errors, RoundError("invalid_type" if raw_players is not None else "missing_field",
                                                "/players", "players must be a list of the 2 to 4 seats")])
    n = len(raw_players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidRound([*errors, RoundError("player_count", "/players", f"双扣 is played by {MIN_PLAYERS}-"
                                                f"{MAX_PLAYERS} players, got {n}")])
    seats: list[Seat] = []
    for i, p in enumerate(raw_players):
        ptr = f"/players/{i}"
        if not is_object(p):
            errors.append(RoundError("invalid_type", ptr, "expected an object"))
            seats.append(Seat((), Cards((), f"{ptr}/hand", True), None))
            continue
        if type(p.get("seat")) is not int or p.get("seat") != i:
            errors.append(RoundError("seat_order", f"{ptr}/seat", f"players must be listed by seat: expected {i}"))
        bombs = _bombs(p.get("bombs", _ABSENT), f"{ptr}/bombs", errors)
        if "hand" in p:
            hand = _cards(p["hand"], f"{ptr}/hand", errors)
        else:  # S2: required, [] for a seat that played out (as the service's shape check has it)
            errors.append(RoundError("missing_field", f"{ptr}/hand", "the cards the player holds at the end ([] "
                                     "once it played out) (S2)"))
            hand = Cards((), f"{ptr}/hand", True)
        raw_dealt = p.get("dealt", _ABSENT)
        dealt: Cards | None = None
        if raw_dealt is None:  # refused as the shape check refuses it, option or not
            errors.append(RoundError("invalid_type", f"{ptr}/dealt", "dealt must be a list of cards or a string "
                                     "of cards"))
        elif raw_dealt is not _ABSENT and not opts.split_compensation:
            errors.append(RoundError("field_not_used", f"{ptr}/dealt", "dealt is posted with the option "
                                     "split_compensation (拆相补偿) only (S2, S9 e)"))
        elif raw_dealt is not _ABSENT:
            dealt = _cards(raw_dealt, f"{ptr}/dealt", errors)
        elif opts.split_compensation:
            errors.append(RoundError("missing_field", f"{ptr}/dealt", "拆相补偿 needs the 27 cards dealt to every "
                                     "player (S9 e)"))
        seats.append(Seat(bombs, hand, dealt))
    raw_dealer = d.get("dealer")
    if raw_dealer is None:
        errors.append(RoundError("missing_field", "/dealer", "双扣 needs the dealer: the 抄底 priority and "
                                 "next_seat count from it (001:44)"))
        dealer = -1
    else:
        dealer = _seat(raw_dealer, "/dealer", n, errors)
    order = _finish_order(d.get("finish_order"), n, errors)
    raw_chaodi = d.get("chaodi")
    chaodi: int | None = None
    if raw_chaodi is not None and not opts.chaodi:
        errors.append(RoundError("field_not_used", "/chaodi", "chaodi is posted with the option chaodi (抄底) "
                                 "only (S2, S9 a)"))
    elif raw_chaodi is not None:
        chaodi = _seat(raw_chaodi, "/chaodi", n, errors)
        if d.get("finish_order") is not None:
            # a field the round does not use, not a missing one: it ended by playing out
            errors.append(RoundError("field_not_used", "/chaodi", "a round ends by 抄底 or by playing out: give "
                                     "chaodi or finish_order, not both (S9 a)"))
    if d.get("finish_order") is None and (raw_chaodi is None or not opts.chaodi):
        errors.append(RoundError("missing_field", "/finish_order", "the seats that played out, 头游 first (S3)"
                                 + (", or the seat that ended the round by 抄底 in chaodi (S9 a)" if opts.chaodi else "")))
    if errors:
        raise InvalidRound(errors)
    return Record(dealer, tuple(seats), order, chaodi)


# -- the cards -------------------------------------------------------------------------------


def _copies(groups: Sequence[Cards]) -> list[RoundError]:
    """S1: 422 ``too_many_copies`` at the first card of a rank beyond the two decks (counted once,
    the pointers built only when some rank is over)."""
    if DECK_108.holds(r for g in groups for r in g.cards):
        return []
    return excess_errors([(r, g.pointer(k)) for g in groups for k, r in enumerate(g.cards)], DECK_108)


def _not_dealt(seat: Seat, dealt: Cards) -> list[RoundError]:
    """S9 (e): the bombs and the hand come from the dealt cards; 422 ``not_dealt`` at the first card
    that does not."""
    left = counts_of(dealt.cards)
    for g in (*seat.bombs, seat.hand):
        for k, r in enumerate(g.cards):
            if not left[r]:
                return [RoundError("not_dealt", g.pointer(k), f"{RANKS[r]} is not among the cards dealt to this "
                                   "player, or not that many times (S9 e)")]
            left[r] -= 1
    return []


def read_bombs(rec: Record, opts: Any) -> tuple[tuple[Bomb, ...], ...]:
    """The cards checked (S1, S4, S9 e) and each seat's bombs read (S4)."""
    errors = _copies([g for s in rec.seats for g in (*s.bombs, s.hand)])
    errors += _copies([s.dealt for s in rec.seats if s.dealt is not None])
    wilds = MODES[opts.mode].wilds
    out: list[tuple[Bomb, ...]] = []
    for i, seat in enumerate(rec.seats):
        held = sum(len(b.cards) for b in seat.bombs) + len(seat.hand.cards)
        if held > HAND_SIZE:
            errors.append(RoundError("hand_size", f"/players/{i}/hand", f"{held} cards in the bombs played and the "
                                     f"hand: a player is dealt {HAND_SIZE} (S1)"))
        if seat.dealt is not None:
            if len(seat.dealt.cards) != HAND_SIZE:
                errors.append(RoundError("hand_size", seat.dealt.ptr, f"{len(seat.dealt.cards)} cards dealt: a player "
                                         f"is dealt {HAND_SIZE} (S1)"))
            errors += _not_dealt(seat, seat.dealt)
        bombs: list[Bomb] = []
        for b in seat.bombs:
            bomb = bomb_of(b.cards, wilds, opts.four_jokers_lines)
            if bomb is None:
                errors.append(RoundError("not_a_bomb", b.ptr, f"{' '.join(RANKS[r] for r in sorted(b.cards)) or 'nothing'}"
                                         f" is no bomb in mode {opts.mode} (S4, S5)"))
            else:
                bombs.append(bomb)
        out.append(tuple(bombs))
    if errors:
        raise InvalidRound(errors)
    return tuple(out)


# -- the end of the round ----------------------------------------------------------------------


def _order_errors(order: tuple[int, ...], n: int) -> list[RoundError]:
    """S3: the finishing order a round can end with (:data:`bases.ENDINGS` at a table of four)."""
    if n < TEAMS:
        if len(order) == 1:
            return []
        return [RoundError("finish_order_invalid", "/finish_order", f"with {n} players the round ends when one "
                           "plays out: finish_order is [winner] (S3)")]
    if order and ending(order) is not None:
        return []
    return [RoundError("finish_order_invalid", "/finish_order", "with 4 players the round ends when the 头游's "
                       "partner is out 2nd (双扣: 2 seats), or 3rd (单扣: 3 seats), or when both opponents are out "
                       "2nd and 3rd (平扣: 3 seats); this order is none of them (S3)")]


def end_errors(rec: Record, opts: Any) -> list[RoundError]:
    """S3 (a finishing order and the hands it leaves) or S9 (a) (the 抄底 and who may make it)."""
    if rec.chaodi is not None:
        return _chaodi_errors(rec, rec.chaodi, opts)
    assert rec.finish_order is not None  # read_record saw one of them
    errors = _order_errors(rec.finish_order, rec.n)
    out = frozenset(rec.finish_order)
    for i, seat in enumerate(rec.seats):
        if i in out and seat.hand.cards:
            errors.append(RoundError("hand_not_empty", seat.hand.ptr, f"seat {i} played out (finish_order) and holds "
                                     "no card (S3)"))
        elif i not in out and not seat.hand.cards:
            errors.append(RoundError("hand_empty", seat.hand.ptr, f"seat {i} holds no card: it played out, and "
                                     "finish_order does not say when (S3)"))
    return errors


def _chaodi_errors(rec: Record, seat: int, opts: Any) -> list[RoundError]:
    """S9 (a): the round ends at the deal: every hand its 27 cards, no bomb played, and the seat
    that 抄底s holds no bomb and comes first, from the dealer in turn order, of those holding none."""
    errors = [RoundError("bombs_on_chaodi", b.ptr, "a round ended by 抄底 ends at the deal: no bomb is played (S9 a)")
              for s in rec.seats for b in s.bombs]
    errors += [RoundError("hand_size", s.hand.ptr, f"{len(s.hand.cards)} cards: on a 抄底 round every hand is the "
                          f"{HAND_SIZE} cards dealt (S1, S9 a)")
               for s in rec.seats if len(s.hand.cards) != HAND_SIZE]
    if errors:
        return errors
    bombless = [s for s in (((rec.dealer + k) % rec.n) for k in range(rec.n))
                if not hand_bombs(rec.seats[s].hand.cards, opts.four_jokers_lines)]
    if seat not in bombless:
        return [RoundError("chaodi_not_allowed", "/chaodi", f"seat {seat} holds a bomb: only a player without one "
                           "may 抄底 (001:44 a)")]
    if bombless[0] != seat:
        return [RoundError("chaodi_not_allowed", "/chaodi", f"seat {bombless[0]} holds no bomb either and comes "
                           f"first from the dealer: the 抄底 is seat {bombless[0]}'s (001:44 a)")]
    return []


def card_list(v: object, ptr: str) -> Cards:
    """A list of cards (analyze's ``hand``), read; its errors raised."""
    errors: list[RoundError] = []
    found = _cards(v, ptr, errors)
    if errors:
        raise InvalidRound(errors)
    return found


def copy_errors(cards: Cards) -> list[RoundError]:
    """S1 for one list of cards (analyze)."""
    return _copies([cards])

