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
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, fields

from .schemas import Int, Integers, One, Record, Records, Tagged, any_value, boolean, count

Accept = Callable[[Any], bool]
"""A predicate over one JSON value: ``True`` only when marshmallow finds nothing wrong."""

_COMPILED: weakref.WeakKeyDictionary[Schema, Accept | None] = weakref.WeakKeyDictionary()


def accepts(schema: Schema, body: Any) -> bool:
    """Whether ``body`` certainly has no shape error under ``schema`` (``False``: ask marshmallow)."""
    try:
        check = _COMPILED[schema]
    except KeyError:
        check = _COMPILED[schema] = _compile_schema(schema)
    return check is not None and check(body)


def _has_hooks(schema: Schema) -> bool:
    return any(schema._hooks.values())  # marshmallow keeps its hook registry here


def _compile_schema(schema: Schema) -> Accept | None:
    """The predicate for a whole schema, or ``None`` when a declaration is beyond it."""
    if schema.many or schema.unknown != RAISE or _has_hooks(schema):
        return None
    checks: dict[str, tuple[Accept, bool]] = {}  # key → (check of a present non-null value, null allowed)
    required: list[str] = []
    for name, field in schema.load_fields.items():
        if field.data_key is not None or field.validators or field.pre_load or field.post_load:
            return None
        check = _compile_field(field)
        if check is None:
            return None
        checks[name] = (check, bool(field.allow_none))
        if field.required:
            required.append(name)

    def accept(value: Any) -> bool:
        if type(value) is not dict:
            return False
        for key, v in value.items():
            found = checks.get(key)
            if found is None:
                return False  # unknown field
            check, nullable = found
            if v is None:
                if not nullable:
                    return False
            elif not check(v):
                return False
        return all(key in value for key in required)

    return accept


def _compile_field(field: fields.Field[Any]) -> Accept | None:
    # exact classes only (a subclass may check more); isinstance() is there for mypy
    if type(field) is fields.Raw:
        return _anything
    if type(field) is fields.String:
        return _is_str
    if type(field) is fields.Dict:
        return _is_dict if field.key_field is None and field.value_field is None else None
    if type(field) is Int:
        return _is_count
    if type(field) is Integers:
        return _ints
    if isinstance(field, One) and type(field) is One:
        return _record(field.shape)
    if isinstance(field, Records) and type(field) is Records:
        return _records(field.shape, bare_tiles=field.bare_tiles)
    if isinstance(field, fields.List) and type(field) is fields.List:
        return _list(field.inner)
    if isinstance(field, fields.Nested) and type(field) is fields.Nested:
        return _nested(field)
    return None  # any other field type: marshmallow decides


def _list(inner: fields.Field[Any]) -> Accept | None:
    if inner.validators or inner.pre_load or inner.post_load:
        return None
    check = _compile_field(inner)
    if check is None:
        return None
    nullable = bool(inner.allow_none)

    def accept(value: Any) -> bool:
        return type(value) is list and all((nullable if v is None else check(v)) for v in value)

    return accept


def _nested(field: fields.Nested) -> Accept | None:
    if field.many or field.unknown not in (None, RAISE) or field.only is not None or field.exclude:
        return None
    schema = field.schema
    if not isinstance(schema, Schema):
        return None
    return _compile_schema(schema)


_ANY, _COUNT, _BOOL, _OTHER = range(4)


def _kind(check: Any) -> int:
    """The common checks are inlined (a call per value is most of the cost); others are called."""
    if check is any_value:
        return _ANY
    if check is count:
        return _COUNT
    if check is boolean:
        return _BOOL
    return _OTHER


def _record(shape: Record | Tagged) -> Accept:
    """One small object (``One``): the same check as a list of one."""
    many = _records(shape, bare_tiles=False)
    return lambda value: many([value])


def _records(shape: Record | Tagged, bare_tiles: bool) -> Accept:
    """A list of small objects. The loop over a :class:`Record`'s items is written out, checks
    inlined, because a round has ~80 discards and a call per value was most of the cost."""
    if isinstance(shape, Tagged):
        shapes = {k: _record(v) for k, v in shape.shapes.items()}
        tag = shape.tag

        def tagged(value: Any) -> bool:
            if type(value) is not list:
                return False
            for item in value:
                if bare_tiles and type(item) is str:
                    continue
                kind = item.get(tag) if type(item) is dict else None
                check = shapes.get(kind) if type(kind) is str else None
                if check is None or not check(item):
                    return False
            return True

        return tagged
    checks = {key: (_kind(check), check) for key, check in shape.checks.items()}
    required = shape.required

    def records(value: Any) -> bool:
        if type(value) is not list:
            return False
        for item in value:
            if type(item) is not dict:
                if bare_tiles and type(item) is str:
                    continue
                return False
            for key, v in item.items():
                found = checks.get(key)
                if found is None:
                    return False  # unknown key
                kind, check = found
                if kind == _ANY:
                    continue
                if kind == _COUNT:
                    if type(v) is not int or v < 0:
                        return False
                elif kind == _BOOL:
                    if type(v) is not bool:
                        return False
                elif check(v) is not None:
                    return False
            for key in required:
                if key not in item:
                    return False
        return True

    return records


def _anything(_: Any) -> bool:
    return True


def _is_str(value: Any) -> bool:
    return type(value) is str


def _is_dict(value: Any) -> bool:
    return type(value) is dict


def _is_count(value: Any) -> bool:
    return count(value) is None


def _ints(value: Any) -> bool:
    return type(value) is list and all(type(v) is int for v in value)
