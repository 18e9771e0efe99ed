"""Request shapes (marshmallow), built once at import and shaped for speed.

These check only the JSON *shape* the contract promises: which fields exist, their
JSON types, integers ≥ 0 where a seat or a turn is meant, no unknown fields. Whether
a tile exists, which options and flags a variant has, whether a round could have
happened: all of that is the engine's job (``rules``), which answers with pointers of
its own.

Speed: a round holds dozens of small objects (a 4-player round ~80 discards, a dozen
melds); a nested marshmallow schema per object costs ~45 µs each, more than settling
the round. So marshmallow schemas describe the few big objects (the round, its
players) and the many small ones are :class:`Records` fields checked by a flat table
of per-key checks (:data:`MELDS`, :data:`DISCARDS`, :data:`WINS`; 斗地主's
:data:`BIDDING`, :data:`PLAYS`). Tile and card lists are
:class:`~marshmallow.fields.Raw`: the engine's parsers read every accepted
spelling in one pass (a validator per tile made loading one snapshot cost ~390 µs).

The views validate and then hand the *original* body to the engine (so the digest
hashes exactly what was sent); the loaded data is not used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields

from rules.errors import RoundError, pointer

UNKNOWN = "Unknown field."
MISSING = "Missing data for required field."
NOT_INT = "Not an integer."
NOT_BOOL = "Not a boolean."
NOT_STR = "Not a valid string."
NOT_OBJECT = "Invalid input type."
NOT_LIST = "Not a valid list."

Check = Callable[[Any], str | None]
"""A check of one JSON value: ``None`` when fine, else the error message."""


def any_value(_: Any) -> str | None:
    return None  # tiles: the engine's parser checks them, with pointers of its own


def count(v: Any) -> str | None:
    """A seat, a turn, a number of tiles: an integer ≥ 0 (no fraction, no boolean)."""
    if type(v) is not int:
        return NOT_INT
    return "Must be at least 0." if v < 0 else None


def boolean(v: Any) -> str | None:
    return None if type(v) is bool else NOT_BOOL


def integer(v: Any) -> str | None:
    """Any JSON integer (a total may be negative)."""
    return None if type(v) is int else NOT_INT


def positive(v: Any) -> str | None:
    if type(v) is not int:
        return NOT_INT
    return "Must be at least 1." if v < 1 else None


def string(v: Any) -> str | None:
    return None if isinstance(v, str) else NOT_STR


def one_of(*choices: str) -> Check:
    def check(v: Any) -> str | None:
        return None if isinstance(v, str) and v in choices else f"Must be one of: {', '.join(choices)}."
    return check


def nullable(check: Check) -> Check:
    def either(v: Any) -> str | None:
        return None if v is None else check(v)
    return either


@dataclass(frozen=True)
class Record:
    """A small closed JSON object: per-key checks, required keys, nothing else allowed."""

    checks: Mapping[str, Check]
    required: tuple[str, ...] = ()

    def errors(self, value: Any) -> dict[str, list[str]] | list[str]:
        if not isinstance(value, dict):
            return [NOT_OBJECT]
        out: dict[str, list[str]] = {}
        for k, v in value.items():
            check = self.checks.get(k)
            if check is None:
                out[k] = [UNKNOWN]
            else:
                msg = check(v)
                if msg is not None:
                    out[k] = [msg]
        for k in self.required:
            if k not in value:
                out[k] = [MISSING]
        return out


@dataclass(frozen=True)
class Tagged:
    """A record whose shape depends on one tag field (a meld's ``type``)."""

    tag: str
    shapes: Mapping[str, Record]
    extra: Mapping[str, Check] = field(default_factory=dict)

    def errors(self, value: Any) -> dict[str, list[str]] | list[str]:
        if not isinstance(value, dict):
            return [NOT_OBJECT]
        kind = value.get(self.tag)
        shape = self.shapes.get(kind) if isinstance(kind, str) else None
        if shape is None:
            if self.tag not in value:
                return {self.tag: [MISSING]}
            return {self.tag: [f"Must be one of: {', '.join(self.shapes)}."]}
        return shape.errors(value)


seat_or_null = nullable(count)  # a seat, or null (no one); fastshape inlines it
MELDS = Tagged("type", {
    "chow": Record({"type": any_value, "tiles": any_value, "from": seat_or_null, "turn": count}, ("tiles",)),
    "pong": Record({"type": any_value, "tile": any_value, "from": seat_or_null, "turn": count}, ("tile",)),
    "kong": Record({"type": any_value, "kind": one_of("exposed", "added", "concealed"), "tile": any_value,
                    "from": seat_or_null, "turn": count, "delayed": boolean, "revealed": any_value},
                   ("kind", "tile")),
})
DISCARDS = Record({"tile": any_value, "turn": count, "claimed_by": seat_or_null}, ("tile",))
WINS = Record({"winner": count, "from": seat_or_null, "tile": any_value, "turn": count,
               **dict.fromkeys(("kong_draw", "robbing_kong", "after_kong_discard", "last_tile", "heavenly", "earthly"),
                               boolean)},
              ("winner", "tile"))
REVEALS = Record({"chicken_flip": any_value, "birds": any_value, "wild_indicator": any_value})
ANALYZE_REVEALS = Record({"wild_indicator": any_value})
# 斗地主 (card games): the bidding in order, and every play in order (``cards: []`` is a pass).
# Which actions and cards are legal where is the engine's to say (it points at the entry).
BIDDING = Record({"seat": count, "action": string}, ("seat", "action"))
PLAYS = Record({"seat": count, "cards": any_value, "as": any_value}, ("seat", "cards"))
EXPECTED_ITEMS = Record({"payer": count, "payee": count, "points": positive, "kind": string, "name": string},
                        ("payer", "payee", "points"))


class Records(fields.Field[list[Any]]):
    """A list of small objects checked by a :class:`Record` (or :class:`Tagged`) table.

    ``bare_tiles``: an item may also be a bare tile string (a discard without turn).
    """

    def __init__(self, shape: Record | Tagged, *, bare_tiles: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shape = shape
        self.bare_tiles = bare_tiles

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise ValidationError(NOT_LIST)
        errors: dict[int, Any] = {}
        for i, item in enumerate(value):
            if self.bare_tiles and isinstance(item, str):
                continue
            found = self.shape.errors(item)
            if found:
                errors[i] = found
        if errors:
            raise ValidationError(errors)
        return value


class One(fields.Field[dict[str, Any]]):
    """One small closed object checked by a :class:`Record`."""

    def __init__(self, shape: Record, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shape = shape

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        found = self.shape.errors(value)
        if found:
            raise ValidationError(found)
        return value


class Int(fields.Field[int]):
    """A JSON integer ≥ 0 (no fraction, no boolean)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        msg = count(value)
        if msg is not None:
            raise ValidationError(msg)
        return int(value)


class Integers(fields.Field[list[int]]):
    """A list of JSON integers (per-seat totals)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> list[int]:
        if not isinstance(value, list):
            raise ValidationError(NOT_LIST)
        errors = {i: [NOT_INT] for i, v in enumerate(value) if type(v) is not int}
        if errors:
            raise ValidationError(errors)
        return value


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class PlayerSchema(_Strict):
    seat = Int(required=True)
    hand = fields.Raw(required=True)
    melds = Records(MELDS)
    discards = Records(DISCARDS, bare_tiles=True)
    flowers = fields.Raw()
    ready_declared_turn = Int(allow_none=True)
    flags = fields.Dict()
    # 双扣 (card games): the bombs played, each a card list or string; the cards dealt (拆相补偿)
    bombs = fields.Raw()
    dealt = fields.Raw()


class ExpectedSchema(_Strict):
    """``expected`` (QA, disputes): recorded per-seat totals and/or items to compare against."""

    totals = Integers(allow_none=True)
    items = Records(EXPECTED_ITEMS, allow_none=True)


class RoundSchema(_Strict):
    """``POST /v1/settlements``."""

    variant = fields.String(required=True)
    round_id = fields.String(allow_none=True)
    options = fields.Dict()
    dealer = Int(required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    wall_remaining = Int(allow_none=True)
    last_drawer = Int(allow_none=True)
    wins = Records(WINS)
    reveals = One(REVEALS, allow_none=True)
    # card games (斗地主): the 底牌, the bidding, the plays, the wild ranks, the landlord;
    # a mahjong round carrying one (or a card round carrying a mahjong field) is the
    # engine's 422 ``field_not_used``, with its pointer
    bottom = fields.Raw()
    bidding = Records(BIDDING)
    plays = Records(PLAYS)
    wilds = fields.Raw()
    landlord = Int(allow_none=True)
    # 双扣: the seats that played out, 头游 first; the seat that ended the round by 抄底
    finish_order = fields.List(Int(), allow_none=True)
    chaodi = Int(allow_none=True)
    expected = fields.Nested(ExpectedSchema, allow_none=True)


class AnalyzeSchema(_Strict):
    """``POST /v1/hands/analyze``."""

    variant = fields.String(required=True)
    options = fields.Dict()
    hand = fields.Raw(required=True)
    melds = Records(MELDS)
    reveals = One(ANALYZE_REVEALS, allow_none=True)
    wilds = fields.Raw()  # card games: the wild ranks (癞子)


ROUND = RoundSchema()
ANALYZE = AnalyzeSchema()

_CODES = {
    UNKNOWN: "unknown_field",
    MISSING: "missing_field",
    NOT_INT: "invalid_type",
    NOT_BOOL: "invalid_type",
    NOT_STR: "invalid_type",
    NOT_OBJECT: "invalid_type",
    NOT_LIST: "invalid_type",
    "Field may not be null.": "invalid_type",
    "Not a valid mapping type.": "invalid_type",
}


def batch_errors(body: Mapping[str, Any], max_rounds: int) -> list[RoundError]:
    """Shape errors of a batch body ``{"rounds": [...]}`` itself; each round is checked on its own."""
    errors = [RoundError("unknown_field", pointer(k), UNKNOWN) for k in body if k != "rounds"]
    rounds = body.get("rounds")
    if "rounds" not in body:
        errors.append(RoundError("missing_field", "/rounds", MISSING))
    elif not isinstance(rounds, list):
        errors.append(RoundError("invalid_type", "/rounds", NOT_LIST))
    elif len(rounds) > max_rounds:
        errors.append(RoundError("too_many_rounds", "/rounds",
                                 f"at most {max_rounds} rounds per call, got {len(rounds)}: split the batch"))
    return sorted(errors, key=lambda e: (e.pointer, e.code, e.detail))


# service.fastshape.accepts, once imported (an import statement per call costs ~10 k instructions)
_fast_accepts: list[Callable[[Schema, Any], bool]] = []


def shape_errors(schema: Schema, body: Mapping[str, Any]) -> list[RoundError]:
    """Every shape error of ``body`` as a coded error with a JSON pointer (empty when fine).

    A well-shaped body is recognised by a predicate compiled from the schema
    (:mod:`service.fastshape`, ~10× cheaper); marshmallow reads every other body.
    """
    if not _fast_accepts:  # fastshape compiles these very schemas: imported late, once
        from .fastshape import accepts

        _fast_accepts.append(accepts)
    if _fast_accepts[0](schema, body):
        return []
    return sorted(_flatten(schema.validate(body), ()), key=lambda e: (e.pointer, e.code, e.detail))


def _flatten(messages: Any, path: tuple[object, ...]) -> list[RoundError]:
    if isinstance(messages, Mapping):
        out: list[RoundError] = []
        for key, value in messages.items():
            out += _flatten(value, path if key == "_schema" else (*path, key))
        return out
    if isinstance(messages, list):
        out = []
        for m in messages:
            if isinstance(m, str):
                out.append(RoundError(_CODES.get(m, "invalid_value"), pointer(*path), m))
            else:
                out += _flatten(m, path)
        return out
    return [RoundError("invalid_value", pointer(*path), str(messages))]
