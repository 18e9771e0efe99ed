"""Request shapes (marshmallow), built once at import and shaped for speed.

These check only the JSON *shape* the contract promises: which fields exist, their
JSON types, integers ≥ 0 where a seat or a turn is meant, no unknown fields. Whether
a tile exists, which options and flags a variant has, whether a round could have
happened: all of that is the engine's job (``rules``), which answers with pointers of
its own. In particular tile lists are :class:`~marshmallow.fields.Raw` here: the
engine's tile parser reads every accepted spelling in one pass, while a validator per
tile made loading one snapshot cost ~390 µs.

The views validate and then hand the *original* body to the engine (so the digest
hashes exactly what was sent); the loaded data is not used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validate

from rules.errors import RoundError, pointer


class Int(fields.Field[int]):
    """A JSON integer (no fraction, no boolean), at least ``minimum``."""

    default_error_messages = {"invalid": "Not an integer.", "too_small": "Must be at least {minimum}."}  # noqa: RUF012

    def __init__(self, *, minimum: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.minimum = minimum

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if type(value) is not int:
            raise self.make_error("invalid")
        if value < self.minimum:
            raise self.make_error("too_small", minimum=self.minimum)
        return value


class Bool(fields.Field[bool]):
    """A JSON boolean, nothing truthy."""

    default_error_messages = {"invalid": "Not a boolean."}  # noqa: RUF012

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class TileOr(fields.Nested):
    """A bare tile string, or an object of the nested schema (a discard)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     partial: bool | tuple[str, ...] | None = None, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return value
        return super()._deserialize(value, attr, data, partial=partial, **kwargs)


def _seat(**kw: Any) -> Int:
    return Int(minimum=0, **kw)


def _nullable_seat(**kw: Any) -> Int:
    return Int(minimum=0, allow_none=True, **kw)


class _Strict(Schema):
    class Meta:
        unknown = RAISE


# Which fields each meld type takes (the contract's Chow / Pong / Kong).
_MELD_FIELDS = {
    "chow": {"type", "tiles", "from", "turn"},
    "pong": {"type", "tile", "from", "turn"},
    "kong": {"type", "kind", "tile", "from", "turn", "delayed", "revealed"},
}
_MELD_REQUIRED = {"chow": ("tiles",), "pong": ("tile",), "kong": ("kind", "tile")}


class MeldSchema(_Strict):
    type = fields.String(required=True, validate=validate.OneOf(tuple(_MELD_FIELDS)))
    tile = fields.Raw()
    tiles = fields.Raw()
    kind = fields.String(validate=validate.OneOf(("exposed", "added", "concealed")))
    from_ = _nullable_seat(data_key="from")
    turn = Int(minimum=0)
    delayed = Bool()
    revealed = fields.Raw()

    @pre_load
    def _fields_of_type(self, data: Any, **kwargs: Any) -> Any:
        """A chow has no ``kind``, a pong no ``revealed``: fields of another meld type are unknown."""
        if not isinstance(data, Mapping):
            return data
        allowed = _MELD_FIELDS.get(data.get("type"))  # type: ignore[arg-type]
        if allowed is None:
            return data  # the OneOf on ``type`` reports it
        errors: dict[str, list[str]] = {k: ["Unknown field."] for k in data if k not in allowed}
        errors.update({k: ["Missing data for required field."] for k in _MELD_REQUIRED[data["type"]] if k not in data})
        if errors:
            raise ValidationError(errors)
        return data


class DiscardSchema(_Strict):
    tile = fields.Raw(required=True)
    turn = Int(minimum=0)
    claimed_by = _nullable_seat()


class PlayerSchema(_Strict):
    seat = _seat(required=True)
    hand = fields.Raw(required=True)
    melds = fields.List(fields.Nested(MeldSchema))
    discards = fields.List(TileOr(DiscardSchema))
    flowers = fields.Raw()
    ready_declared_turn = Int(minimum=0, allow_none=True)
    flags = fields.Dict()


class WinSchema(_Strict):
    winner = _seat(required=True)
    from_ = _nullable_seat(data_key="from")
    tile = fields.Raw(required=True)
    turn = Int(minimum=0)
    kong_draw = Bool()
    robbing_kong = Bool()
    after_kong_discard = Bool()
    last_tile = Bool()
    heavenly = Bool()
    earthly = Bool()


class RevealsSchema(_Strict):
    chicken_flip = fields.Raw(allow_none=True)
    birds = fields.Raw()
    wild_indicator = fields.Raw(allow_none=True)


class RoundSchema(_Strict):
    """``POST /v1/settlements``."""

    variant = fields.String(required=True)
    round_id = fields.String(allow_none=True)
    options = fields.Dict()
    dealer = _seat()
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    wall_remaining = Int(minimum=0, allow_none=True)
    last_drawer = _nullable_seat()
    wins = fields.List(fields.Nested(WinSchema))
    reveals = fields.Nested(RevealsSchema, allow_none=True)


class AnalyzeSchema(_Strict):
    """``POST /v1/hands/analyze``."""

    variant = fields.String(required=True)
    options = fields.Dict()
    hand = fields.Raw(required=True)
    melds = fields.List(fields.Nested(MeldSchema))


ROUND = RoundSchema()
ANALYZE = AnalyzeSchema()

_CODES = {
    "Unknown field.": "unknown_field",
    "Missing data for required field.": "missing_field",
    "Field may not be null.": "invalid_type",
    "Invalid input type.": "invalid_type",
    "Not a valid string.": "invalid_type",
    "Not a valid list.": "invalid_type",
    "Not a valid mapping type.": "invalid_type",
    "Not an integer.": "invalid_type",
    "Not a boolean.": "invalid_type",
}


def shape_errors(schema: Schema, body: Mapping[str, Any]) -> list[RoundError]:
    """Every shape error of ``body`` as a coded error with a JSON pointer (empty when fine)."""
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
