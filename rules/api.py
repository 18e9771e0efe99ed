"""The engine's entry points, used by the service, the CLI and the tests.

All take and return plain JSON-ready data; errors are :class:`~rules.errors.InvalidRound`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .canonical import dumps_bytes
from .errors import InvalidRound, RoundError, is_object, unused_field_errors
from .expected import check_expected, mismatches
from .game_fields import ANALYZE_CARD_FIELDS, CARD_FIELDS, CARD_PLAYER_FIELDS
from .hand import memo as hand_memo
from .ledger import Item, scores
from .options import as_dict, parse_options
from .snapshot import check_common, parse_snapshot
from .timeline import check_single_win_turns
from .variant import Variant
from .variants import REGISTRY

_SHA256: Final = hashlib.sha256


def get_variant(variant_id: object, ptr: str = "/variant") -> Variant:
    if not isinstance(variant_id, str) or variant_id not in REGISTRY:
        raise InvalidRound(RoundError("unknown_variant", ptr, f"unknown variant {variant_id!r}; "
                                      f"known: {', '.join(sorted(REGISTRY))}"))
    return REGISTRY[variant_id]


def digest(body: Mapping[str, Any], rules_version: str) -> str:
    """sha256 of the canonical request (without ``expected``) and the rules version."""
    # a JSON object without "expected" (nearly every request) is hashed as it is: no copy
    core = body if type(body) is dict and "expected" not in body else {k: v for k, v in body.items() if k != "expected"}
    return "sha256:" + _SHA256(dumps_bytes({"request": core, "rules_version": rules_version})).hexdigest()


def settle(body: Mapping[str, Any]) -> dict[str, Any]:
    """One round → the answer (see DESIGN.md): items, scores, hands, next dealer, digest."""
    if not is_object(body):
        raise InvalidRound(RoundError("invalid_type", "", "the round must be a JSON object"))
    # read as a dict (what JSON gives): its look-ups compile to dict calls, a Mapping's are method calls
    request: dict[str, Any] = body if type(body) is dict else dict(body)
    variant = get_variant(request.get("variant"))
    opts: Any = parse_options(variant.Options, request.get("options"), "/options")
    if variant.card_game:
        return _settle_cards(variant, request, opts)
    if not CARD_FIELDS.isdisjoint(request) or _card_player_fields(request):
        _refuse_card_fields(request, CARD_FIELDS, CARD_PLAYER_FIELDS)
    snap = parse_snapshot(request, variant.Flags, parse_options)
    lo, hi = variant.players
    if not lo <= snap.n <= hi:
        raise InvalidRound(RoundError("player_count", "/players",
                                      f"{variant.id} is played by {lo}-{hi} players, got {snap.n}"))
    check_common(snap, variant.tileset(opts, snap.n), variant.players, variant.hand_size, variant.allows_chow,
                 variant.kept_draw_seats, variant.chow_faces(snap, opts))
    with hand_memo():  # validation and settlement analyse the same hands: once is enough
        variant.validate(snap, opts)
        if not variant.sequential_wins and (turn_errors := check_single_win_turns(snap)):
            raise InvalidRound(turn_errors)  # a turn history that cannot have happened, where the round ends at its win
        expected = request.get("expected")
        if expected is not None:
            check_expected(expected, snap.n)
        result = variant.settle(snap, opts)
    return _answer(variant, request, opts, snap.round_id, snap.n, result.items, [h.to_dict() for h in result.hands],
                   result.next_dealer, result.notes, expected)


def _answer(variant: Variant, request: dict[str, Any], opts: Any, round_id: str | None, n: int,
            items: tuple[Item, ...] | list[Item], hands: list[dict[str, Any]], next_dealer: int | None, notes: Sequence[str],
            expected: Any) -> dict[str, Any]:
    """The answer (DESIGN.md), mahjong or cards: scores from the items, the digest, and the
    mismatches against ``expected`` when given."""
    answer: dict[str, Any] = {
        "variant": variant.id,
        "rules_version": variant.rules_version,
        "round_id": round_id,
        "options": as_dict(opts),
        "scores": scores(items, n),
        "items": [it.to_dict() for it in items],
        "hands": hands,
        "next_dealer": next_dealer,
        "notes": list(notes),
        "digest": digest(request, variant.rules_version),
    }
    if expected is not None:
        answer["mismatches"] = mismatches(answer, expected)
    return answer


def _card_player_fields(request: Mapping[str, Any]) -> bool:
    """Whether some player of a mahjong request carries a card-game field (双扣's bombs, dealt)."""
    players = request.get("players")
    if type(players) is not list:
        return False
    return any(type(p) is dict and not p.keys().isdisjoint(CARD_PLAYER_FIELDS) for p in players)


def _refuse_card_fields(request: Mapping[str, Any], fields: frozenset[str], player_fields: tuple[str, ...] = ()) -> None:
    """422 ``field_not_used`` for each card-game field a mahjong request gives (null is absent)."""
    errors = unused_field_errors(request, sorted(fields), f"belongs to the card games; {request.get('variant')} has none",
                                 player_fields)
    if errors:
        raise InvalidRound(errors)


def _settle_cards(variant: Variant, request: dict[str, Any], opts: Any) -> dict[str, Any]:
    """A card game's round (its own request shape, DESIGN.md), answered with the same keys."""
    round_id = request.get("round_id")
    if round_id is not None and not isinstance(round_id, str):
        raise InvalidRound(RoundError("invalid_type", "/round_id", "round_id must be a string"))
    result = variant.settle_round(request, opts)
    expected = request.get("expected")
    n = len(result.hands)  # one report per seat (双扣 seats 2 to 4)
    if expected is not None:
        check_expected(expected, n)
    return _answer(variant, request, opts, round_id, n, result.items, [dict(h) for h in result.hands],
                   result.next_dealer, result.notes, expected)


def analyze(body: Mapping[str, Any]) -> dict[str, Any]:
    """A hand (with melds) → complete or not, its decompositions, its waits and their value;
    a card game's cards → their readings as one play."""
    if not isinstance(body, Mapping):
        raise InvalidRound(RoundError("invalid_type", "", "the request must be a JSON object"))
    variant = get_variant(body.get("variant"))
    opts: Any = parse_options(variant.Options, body.get("options"), "/options")
    if not variant.card_game:
        _refuse_card_fields(body, frozenset(ANALYZE_CARD_FIELDS))
    return variant.analyze(body, opts)


def list_variants() -> list[dict[str, Any]]:
    return [v.describe(full=False) for v in REGISTRY.values()]


def describe_variant(variant_id: str) -> dict[str, Any]:
    return get_variant(variant_id, "/variant").describe(full=True)
