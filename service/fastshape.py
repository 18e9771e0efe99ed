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

Each closed object (a schema, a :class:`~service.schemas.Record` such as a discard) is
checked by a function whose source is written here from the declaration: one
straight-line test per declared key (``"turn" in item``, ``item["turn"]``, the type test
inlined), counting the keys seen so that an unknown key is a count left over. A loop
over the keys with a call per value cost twice the instructions (a round holds ~40
discards: ~250 k → ~135 k instructions per round for the whole check).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from marshmallow import RAISE, Schema, fields

from .schemas import Check, Int, Integers, One, Record, Records, Tagged, any_value, boolean, count, seat_or_null

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


# --- the generated checks ----------------------------------------------------------------

# Source fragments over ``v`` (the key's value) that are true when ``v`` is wrong.
_NOT_COUNT = "type(v) is not int or v < 0"
_NOT_BOOL = "type(v) is not bool"
_NOT_STR = "type(v) is not str"
_NOT_DICT = "type(v) is not dict"


@dataclass(frozen=True)
class _Key:
    """One declared key of a closed object and the test of its value (``""``: any value)."""

    name: str
    required: bool
    wrong: str


class _Writer:
    """The source of one check and the functions it calls (``f0``, ``f1``, …)."""

    def __init__(self) -> None:
        self.calls: dict[str, object] = {}

    def call(self, fn: object) -> str:
        name = f"f{len(self.calls)}"
        self.calls[name] = fn
        return name

    def build(self, source: str, name: str) -> Accept:
        namespace: dict[str, Any] = dict(self.calls)
        exec(compile(source, f"<fastshape {name}>", "exec"), namespace)  # noqa: S102 - our own source, from our schemas
        return cast(Accept, namespace[name])


def _object_body(keys: Sequence[_Key], var: str, indent: str, done: str) -> list[str]:
    """Lines checking the dict ``var``: the required keys, then the others while any key is
    left unaccounted for (``done`` ends a fine object), then no key left over."""
    lines = [f"{indent}n = len({var})"]
    ordered = [k for k in keys if k.required] + [k for k in keys if not k.required]
    for key in ordered:
        name = repr(key.name)
        if not key.required:
            lines.append(f"{indent}if not n:")
            lines.append(f"{indent}    {done}")
        lines.append(f"{indent}if {name} in {var}:")
        lines.append(f"{indent}    n -= 1")
        if key.wrong:
            lines.append(f"{indent}    v = {var}[{name}]")
            lines.append(f"{indent}    if {key.wrong}:")
            lines.append(f"{indent}        return False")
        if key.required:
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    return False")
    return lines


def _object_check(keys: Sequence[_Key], w: _Writer) -> Accept:
    lines = ["def accept(value):",
             "    if type(value) is not dict:",
             "        return False",
             *_object_body(keys, "value", "    ", "return True"),
             "    return not n"]
    return w.build("\n".join(lines), "accept")


def _list_of_objects_check(keys: Sequence[_Key], w: _Writer, *, bare_tiles: bool) -> Accept:
    lines = ["def records(value):",
             "    if type(value) is not list:",
             "        return False",
             "    for item in value:",
             "        if type(item) is not dict:",
             *(["            if type(item) is str:", "                continue"] if bare_tiles else []),
             "            return False",
             *_object_body(keys, "item", "        ", "continue"),
             "        if n:",
             "            return False",
             "    return True"]
    return w.build("\n".join(lines), "records")


# --- schemas -------------------------------------------------------------------------------


def _has_hooks(schema: Schema) -> bool:
    return any(schema._hooks.values())  # marshmallow keeps its hook registry here


def _compile_schema(schema: Schema) -> Accept | None:
    """The predicate for a whole schema, or ``None`` when a declaration is beyond it."""
    if schema.many or schema.unknown != RAISE or _has_hooks(schema):
        return None
    w = _Writer()
    keys: list[_Key] = []
    for name, field in schema.load_fields.items():
        if field.data_key is not None or field.validators or field.pre_load or field.post_load:
            return None
        wrong = _field_test(field, w)
        if wrong is None:
            return None
        keys.append(_Key(name, bool(field.required), wrong))
    return _object_check(keys, w)


def _field_test(field: fields.Field[Any], w: _Writer) -> str | None:
    """The test of a present value of ``field`` (its null rule included), or ``None``."""
    nullable = bool(field.allow_none)
    # exact classes only (a subclass may check more); isinstance() is there for mypy
    if type(field) is fields.String:
        wrong = _NOT_STR
    elif type(field) is fields.Dict:
        if field.key_field is not None or field.value_field is not None:
            return None
        wrong = _NOT_DICT
    elif type(field) is Int:
        wrong = _NOT_COUNT
    elif type(field) is fields.Raw:
        return "" if nullable else "v is None"
    else:
        check = _compile_field(field)
        if check is None:
            return None
        wrong = f"not {w.call(check)}(v)"
        if not nullable:
            return f"v is None or {wrong}"
    return f"v is not None and ({wrong})" if nullable else wrong


def _compile_field(field: fields.Field[Any]) -> Accept | None:
    """A predicate for a present, non-null value of ``field``."""
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
        if type(value) is not list:
            return False
        for v in value:
            if v is None:
                if not nullable:
                    return False
            elif not check(v):
                return False
        return True

    return accept


def _nested(field: fields.Nested) -> Accept | None:
    if field.many or field.unknown not in (None, RAISE) or field.only is not None or field.exclude:
        return None
    schema = field.schema
    if not isinstance(schema, Schema):
        return None
    return _compile_schema(schema)


# --- small records (schemas.Record) ----------------------------------------------------------


def _check_test(check: Check, w: _Writer) -> str:
    """The test of a Record value: the common checks inlined, any other one called."""
    if check is any_value:
        return ""
    if check is count:
        return _NOT_COUNT
    if check is seat_or_null:
        return f"v is not None and ({_NOT_COUNT})"
    if check is boolean:
        return _NOT_BOOL
    return f"{w.call(check)}(v) is not None"


def _record(shape: Record | Tagged) -> Accept:
    """One small object (``One``): the same check as a list of one."""
    many = _records(shape, bare_tiles=False)
    return lambda value: many([value])


def _records(shape: Record | Tagged, bare_tiles: bool) -> Accept:
    """A list of small objects (a round has ~40 discards: see the module's note on speed)."""
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
    w = _Writer()
    required = set(shape.required)
    keys = [_Key(key, key in required, _check_test(check, w)) for key, check in shape.checks.items()]
    if not required <= shape.checks.keys():
        return _never  # a required key no check declares: marshmallow reports it
    return _list_of_objects_check(keys, w, bare_tiles=bare_tiles)


def _anything(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _is_str(value: Any) -> bool:
    return type(value) is str


def _is_dict(value: Any) -> bool:
    return type(value) is dict


def _is_count(value: Any) -> bool:
    return count(value) is None


def _ints(value: Any) -> bool:
    return type(value) is list and all(type(v) is int for v in value)
