"""Typed, frozen option objects (table settings and per-player flags).

A variant declares ``@dataclass(frozen=True) class Options`` whose fields are made
with :func:`option`; the metadata (中文/English description, allowed values, range)
drives validation at the edge, the JSON Schema in the contract and the support
page's form. The same mechanism serves per-player ``flags`` (跑, 定缺, 明扣 …).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar, cast

from .errors import InvalidRound, RoundError, is_object, pointer
from .tiles import parse_tile, parse_tiles

T = TypeVar("T")


def option(default: Any, zh: str, en: str, *, choices: tuple[Any, ...] | None = None,
           minimum: int | None = None, maximum: int | None = None, kind: str | None = None,
           nullable: bool = False, fields: Mapping[str, str] | None = None) -> Any:
    """Declare one option field.

    ``kind`` is inferred from the default (``boolean``, ``integer``, ``string``);
    give ``kind="tiles"`` for a tile list, ``kind="tile"`` for one tile,
    ``kind="suit"`` for ``m``/``p``/``s``.

    ``kind="records"`` with ``fields`` declares a list of small objects, e.g. 过胡
    records ``[{"tile": "5m", "turn": 40}]``: ``fields`` maps each key to ``tile``,
    ``turn`` (an integer ≥ 0), ``integer``, ``boolean`` or ``string``, a trailing ``?``
    marking the key optional.
    Each parsed record is a read-only mapping holding the keys given.
    """
    if kind is None:
        kind = {bool: "boolean", int: "integer", str: "string"}.get(type(default), "")
        if not kind:
            raise TypeError(f"give kind= for option default {default!r}")
    if (kind == "records") != (fields is not None):
        raise TypeError("fields= goes with kind='records', and only with it")
    meta = {"zh": zh, "en": en, "kind": kind, "choices": choices, "minimum": minimum,
            "maximum": maximum, "nullable": nullable, "fields": None if fields is None else dict(fields)}
    if isinstance(default, list | tuple):
        return dataclasses.field(default=tuple(default), metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """For variants (or flags) with nothing to set."""


def _check(name: str, meta: Mapping[str, Any], value: Any, ptr: str) -> Any:
    kind = meta["kind"]
    if value is None and meta["nullable"]:
        return None
    if kind == "boolean":
        ok = isinstance(value, bool)
    elif kind == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "string":
        ok = isinstance(value, str)
    elif kind == "suit":
        ok = value in ("m", "p", "s")
    elif kind == "tile":
        return parse_tile(value, ptr)
    elif kind == "tiles":
        return parse_tiles(value, ptr)
    elif kind == "records":
        return _records(name, meta["fields"], value, ptr)
    else:  # pragma: no cover - a declaration error, caught by the registry test
        raise TypeError(kind)
    if not ok:
        raise InvalidRound(RoundError("invalid_option", ptr, f"{name} must be of type {kind}"))
    if meta["choices"] is not None and value not in meta["choices"]:
        raise InvalidRound(RoundError("invalid_option", ptr, f"{name} must be one of {list(meta['choices'])}"))
    if meta["minimum"] is not None and value < meta["minimum"]:
        raise InvalidRound(RoundError("invalid_option", ptr, f"{name} must be at least {meta['minimum']}"))
    if meta["maximum"] is not None and value > meta["maximum"]:
        raise InvalidRound(RoundError("invalid_option", ptr, f"{name} must be at most {meta['maximum']}"))
    return value


_FIELD_META = {"choices": None, "minimum": None, "maximum": None, "nullable": False}


def _field_meta(kind: str) -> dict[str, Any]:
    """A record field's checks; a ``turn`` is an integer ≥ 0, as every turn of a snapshot."""
    return {**_FIELD_META, "kind": "integer", "minimum": 0} if kind == "turn" else {**_FIELD_META, "kind": kind}


def _records(name: str, fields: Mapping[str, str], value: Any, ptr: str) -> tuple[Mapping[str, Any], ...]:
    """A ``records`` option: a list of objects whose keys and value kinds ``fields`` declares."""
    if not isinstance(value, list | tuple):
        raise InvalidRound(RoundError("invalid_option", ptr, f"{name} must be a list of objects"))
    spec = {k: (v.rstrip("?"), not v.endswith("?")) for k, v in fields.items()}
    out: list[Mapping[str, Any]] = []
    for i, rec in enumerate(value):
        p = f"{ptr}/{i}"
        if not is_object(rec):
            raise InvalidRound(RoundError("invalid_option", p, f"each entry of {name} must be an object"))
        errors = [RoundError("invalid_option", f"{p}/{k}", f"{name} entries have no key {k!r}") for k in rec if k not in spec]
        errors += [RoundError("missing_field", f"{p}/{k}", f"{name} entries need {k!r}")
                   for k, (_, required) in spec.items() if required and rec.get(k) is None]
        if errors:
            raise InvalidRound(errors)
        parsed = {k: _check(k, _field_meta(spec[k][0]), v, f"{p}/{k}") for k, v in rec.items() if v is not None}
        out.append(MappingProxyType(parsed))
    return tuple(out)


_FIELDS: dict[type, Mapping[str, dataclasses.Field[Any]]] = {}


def declared_fields(cls: type) -> Mapping[str, dataclasses.Field[Any]]:
    """An options class's fields by name, in declaration order (asked on every request: read once)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = MappingProxyType({f.name: f for f in dataclasses.fields(cls)})
    return found


_PARSED: dict[tuple[object, ...], object] = {}
"""Parsed options by (class, then name, type and value of each entry given): most requests send
the same few option objects, and an options object is frozen, so one parse serves them all."""
_PARSED_LIMIT = 10_000
_FROZEN: dict[type, bool] = {}


def _parsed_key(cls: type, raw: object) -> tuple[object, ...] | None:
    """The :data:`_PARSED` key of ``raw``; ``None`` when it holds anything but null, booleans,
    integers and strings (the types of a value are part of the key: ``1`` is not ``true``)."""
    if type(raw) is not dict:
        return None
    key: list[object] = [cls]
    for k, v in raw.items():
        t = type(v)
        if not (v is None or t is bool or t is int or t is str):
            return None
        key += (k, t, v)
    return tuple(key)


def _is_frozen(cls: type) -> bool:
    found = _FROZEN.get(cls)
    if found is None:
        found = _FROZEN[cls] = bool(getattr(getattr(cls, "__dataclass_params__", None), "frozen", False))
    return found


def parse_options(cls: type[T], raw: object, ptr: str, what: str = "option") -> T:
    """Validate a JSON object against an options dataclass; unknown keys are 422."""
    if raw is None:
        raw = {}
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise InvalidRound(RoundError("invalid_type", ptr, f"{what}s must be an object"))
    key = _parsed_key(cls, raw)
    if key is not None:
        found = _PARSED.get(key)
        if found is not None:
            return cast("T", found)
    fields = declared_fields(cls)
    errors = [RoundError(f"unknown_{what}", ptr + pointer(k), f"this variant has no {what} {k!r}")
              for k in raw if k not in fields]
    if errors:
        raise InvalidRound(errors)
    values = {k: _check(k, fields[k].metadata, v, f"{ptr}/{k}") for k, v in raw.items()}
    parsed = cls(**values)
    if key is not None and _is_frozen(cls):
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


def describe_options(cls: type) -> list[dict[str, Any]]:
    """Name, type, default, allowed values and descriptions, in declaration order."""
    out = []
    for f in dataclasses.fields(cls):
        m = f.metadata
        d: dict[str, Any] = {"name": f.name, "type": m["kind"], "default": _jsonable(f.default),
                             "zh": m["zh"], "en": m["en"]}
        for key in ("choices", "minimum", "maximum", "fields"):
            if m.get(key) is not None:
                d[key] = list(m[key]) if key == "choices" else m[key]
        if m["nullable"]:
            d["nullable"] = True
        out.append(d)
    return out


def options_schema(cls: type) -> dict[str, Any]:
    """JSON Schema (2020-12) for an options/flags object."""
    props: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        m = f.metadata
        kind = m["kind"]
        if kind in ("boolean", "integer", "string"):
            s: dict[str, Any] = {"type": kind}
        elif kind == "suit":
            s = {"type": "string", "enum": ["m", "p", "s"]}
        elif kind == "tile":
            s = {"type": "string"}
        elif kind == "records":
            s = _records_schema(m["fields"])
        else:
            s = {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]}
        if m["choices"] is not None:
            s["enum"] = list(m["choices"])
        if m["minimum"] is not None:
            s["minimum"] = m["minimum"]
        if m["maximum"] is not None:
            s["maximum"] = m["maximum"]
        if m["nullable"]:
            s = {"oneOf": [s, {"type": "null"}]}
        s["default"] = _jsonable(f.default)
        s["description"] = f"{m['zh']} — {m['en']}"
        props[f.name] = s
    return {"type": "object", "additionalProperties": False, "properties": props}


_NAMES: dict[type, tuple[str, ...]] = {}


def as_dict(obj: object) -> dict[str, Any]:
    """The effective values (defaults filled in), JSON-ready."""
    cls = type(obj)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(declared_fields(cls))
    out: dict[str, Any] = {}
    for name in names:
        v = getattr(obj, name)
        t = type(v)
        # (null, booleans, integers and strings are their own JSON: no need to ask _jsonable)
        out[name] = v if v is None or t is bool or t is int or t is str else _jsonable(v)
    return out


def _records_schema(fields: Mapping[str, str]) -> dict[str, Any]:
    kinds = {"tile": {"type": "string"}, "integer": {"type": "integer"}, "turn": {"type": "integer", "minimum": 0},
             "boolean": {"type": "boolean"}, "string": {"type": "string"}}
    props = {k: kinds[v.rstrip("?")] for k, v in fields.items()}
    required = [k for k, v in fields.items() if not v.endswith("?")]
    item = {"type": "object", "additionalProperties": False, "properties": props, "required": required}
    return {"type": "array", "items": item}


def _jsonable(v: Any) -> Any:
    if is_object(v):
        return {k: _jsonable(x) for k, x in v.items()}
    return [_jsonable(x) for x in v] if isinstance(v, tuple) else v
