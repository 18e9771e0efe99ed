"""A fast yes for well-shaped requests; marshmallow still explains every no.

Loading a 4-player round through the marshmallow schemas costs ~200 µs, as much as
settling it. Almost every request is well shaped, and for those the answer is just
"no errors". So each schema is compiled once, from its own declaration, into a plain
predicate that accepts a body only when marshmallow would report nothing; anything
else (a body with any doubt, or a schema using a feature the compiler does not know)
goes to marshmallow, which produces the errors exactly as before.

The predicate is deliberately stricter than marshmallow: exact JSON types (``dict``,
``list``, ``str``, ``int``), no hooks, no validators. Being stricter only costs speed,
never an answer; tests/service/test_fastshape.py checks, on fuzzed bodies, that it
never accepts what marshmallow rejects and that it accepts every generated round.

Each schema becomes a tree of :class:`rules.jsonshape.Shape` nodes, built here from its
declaration (a closed object per schema and per :class:`~service.schemas.Record` such as a
discard, with one key per declared field and its type test), and :func:`rules.jsonshape.matches`
walks a body against it. The walk is compiled with the engine: ~4× cheaper than the same
tests written out as Python source and run by ``exec`` (docs/performance.md).
"""

from __future__ import annotations

import weakref
from typing import Any

from marshmallow import RAISE, Schema, fields

from rules import jsonshape as js
from rules.jsonshape import Key, Shape

from .schemas import Check, Int, Integers, One, Record, Records, Tagged, any_value, boolean, count, seat_or_null

_COMPILED: weakref.WeakKeyDictionary[Schema, Shape | None] = weakref.WeakKeyDictionary()


def accepts(schema: Schema, body: Any) -> bool:
    """Whether ``body`` certainly has no shape error under ``schema`` (``False``: ask marshmallow)."""
    try:
        shape = _COMPILED[schema]
    except KeyError:
        shape = _COMPILED[schema] = _compile_schema(schema)
    return shape is not None and js.matches(shape, body)


# --- schemas -------------------------------------------------------------------------------


def _has_hooks(schema: Schema) -> bool:
    return any(schema._hooks.values())  # marshmallow keeps its hook registry here


def _compile_schema(schema: Schema) -> Shape | None:
    """The shape of a whole schema, or ``None`` when a declaration is beyond it."""
    if schema.many or schema.unknown != RAISE or _has_hooks(schema):
        return None
    keys: list[Key] = []
    for name, field in schema.load_fields.items():
        if field.data_key is not None or field.validators or field.pre_load or field.post_load:
            return None
        key = _field_key(name, field)
        if key is None:
            return None
        keys.append(key)
    return Shape(js.OBJECT, keys=keys)


def _field_key(name: str, field: fields.Field[Any]) -> Key | None:
    """The key ``name`` of a schema holding ``field`` (its null rule included), or ``None``."""
    required = bool(field.required)
    nulls = js.NULL_FINE if field.allow_none else js.NULL_WRONG
    shape = _compile_field(field)
    return None if shape is None else Key(name, required, nulls, shape)


def _compile_field(field: fields.Field[Any]) -> Shape | None:
    """The shape of a present, non-null value of ``field``."""
    # exact classes only (a subclass may check more); isinstance() is there for mypy
    if type(field) is fields.Raw:
        return _ANY
    if type(field) is fields.String:
        return _STR
    if type(field) is fields.Dict:
        return _DICT if field.key_field is None and field.value_field is None else None
    if type(field) is Int:
        return _COUNT
    if type(field) is Integers:
        return _INTS
    if isinstance(field, One) and type(field) is One:
        return _record(field.shape)
    if isinstance(field, Records) and type(field) is Records:
        return _records(field.shape, bare_tiles=field.bare_tiles)
    if isinstance(field, fields.List) and type(field) is fields.List:
        return _list(field.inner)
    if isinstance(field, fields.Nested) and type(field) is fields.Nested:
        return _nested(field)
    return None  # any other field type: marshmallow decides


def _list(inner: fields.Field[Any]) -> Shape | None:
    if inner.validators or inner.pre_load or inner.post_load:
        return None
    shape = _compile_field(inner)
    return None if shape is None else Shape(js.LIST, inner=shape, nullable_items=bool(inner.allow_none))


def _nested(field: fields.Nested) -> Shape | None:
    if field.many or field.unknown not in (None, RAISE) or field.only is not None or field.exclude:
        return None
    schema = field.schema
    if not isinstance(schema, Schema):
        return None
    return _compile_schema(schema)


# --- small records (schemas.Record) ----------------------------------------------------------


def _check_key(name: str, required: bool, check: Check) -> Key:
    """A Record's key: the common checks as shapes, any other one called (with a null too)."""
    if check is any_value:
        return Key(name, required, js.NULL_FINE, _ANY)
    if check is count:
        return Key(name, required, js.NULL_WRONG, _COUNT)
    if check is seat_or_null:
        return Key(name, required, js.NULL_FINE, _COUNT)
    if check is boolean:
        return Key(name, required, js.NULL_WRONG, _BOOL)
    return Key(name, required, js.NULL_TESTED, Shape(js.CHECK, check=check))


def _record_keys(shape: Record) -> list[Key] | None:
    required = set(shape.required)
    if not required <= shape.checks.keys():
        return None  # a required key no check declares: marshmallow reports it
    return [_check_key(key, key in required, check) for key, check in shape.checks.items()]


def _record(shape: Record) -> Shape:
    """One small closed object (``One``)."""
    keys = _record_keys(shape)
    return _NEVER if keys is None else Shape(js.OBJECT, keys=keys)


def _records(shape: Record | Tagged, bare_tiles: bool) -> Shape:
    """A list of small objects (a round has ~40 discards)."""
    if isinstance(shape, Tagged):
        return Shape(js.TAGGED, tag=shape.tag, tagged={k: _record(v) for k, v in shape.shapes.items()},
                     bare_strings=bare_tiles)
    keys = _record_keys(shape)
    return _NEVER if keys is None else Shape(js.RECORDS, keys=keys, bare_strings=bare_tiles)


_ANY = Shape(js.ANY)
_STR = Shape(js.STR)
_DICT = Shape(js.DICT)
_COUNT = Shape(js.COUNT)
_BOOL = Shape(js.BOOL)
_INTS = Shape(js.INTS)
_NEVER = Shape(js.NEVER)
