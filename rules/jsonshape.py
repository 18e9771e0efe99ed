"""Whether a JSON value has a declared shape: a yes/no predicate, compiled with the engine.

The service declares its request shapes with marshmallow (service/schemas.py) and asks
marshmallow for the errors of a body. Almost every body has none, and for those a plain
predicate answers faster: service/fastshape.py turns each schema into a tree of
:class:`Shape` nodes once, and :func:`matches` walks a body against it. This module is only
the walk: it knows JSON types, closed objects and lists, nothing of mahjong or of
marshmallow. It lives in ``rules/`` because what is here is compiled by mypyc
(rules/_native.py): a walk over the tree in C is ~4× cheaper than the same tests written
out as Python source.

The tests are exact JSON types (``dict``, ``list``, ``str``, ``int``; a ``bool`` is not an
integer), as :func:`json.loads` and orjson give them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

# what a node tests (a value that is not None, unless a key says to pass None on)
ANY: Final = 0  # anything
STR: Final = 1  # a string
DICT: Final = 2  # any JSON object
COUNT: Final = 3  # an integer >= 0
BOOL: Final = 4  # true or false
INTS: Final = 5  # a list of integers
CHECK: Final = 6  # ``check(value)`` is None (a check answers its error message, or None)
LIST: Final = 7  # a list of ``inner`` (null items when ``nullable_items``)
OBJECT: Final = 8  # a closed object: ``keys``, nothing else
RECORDS: Final = 9  # a list of closed objects ``keys`` (bare strings too when ``bare_strings``)
TAGGED: Final = 10  # a list of closed objects whose shape is chosen by the string at ``tag``
NEVER: Final = 11  # nothing (a declaration the walk cannot answer: ask the full check)

# what a key does with a null value
NULL_WRONG: Final = 0
NULL_FINE: Final = 1
NULL_TESTED: Final = 2  # the node decides (a CHECK: the check is given None)

_MISSING: Final = object()


class Key:
    """One declared key of a closed object."""

    __slots__ = ("name", "nulls", "required", "shape")

    def __init__(self, name: str, required: bool, nulls: int, shape: Shape) -> None:
        self.name: Final = name
        self.required: Final = required
        self.nulls: Final = nulls
        self.shape: Final = shape


class Shape:
    """One node of a declared shape (see the kinds above); fields a kind does not use are empty."""

    __slots__ = ("bare_strings", "check", "inner", "keys", "kind", "nullable_items", "tag", "tagged")

    def __init__(self, kind: int, *, keys: list[Key] | None = None, inner: Shape | None = None,
                 nullable_items: bool = False, bare_strings: bool = False, tag: str = "",
                 tagged: dict[str, Shape] | None = None, check: Callable[[Any], object] | None = None) -> None:
        self.kind: Final = kind
        # required keys first: an object whose keys are all accounted for stops early
        self.keys: Final = sorted(keys or [], key=lambda k: not k.required)
        self.inner: Final = inner
        self.nullable_items: Final = nullable_items
        self.bare_strings: Final = bare_strings
        self.tag: Final = tag
        self.tagged: Final = tagged or {}
        self.check: Final = check


def matches(shape: Shape, value: object) -> bool:
    """Whether ``value`` has ``shape``."""
    kind = shape.kind
    if kind == ANY:
        return True
    if kind == STR:
        return type(value) is str
    if kind == COUNT:
        return type(value) is int and value >= 0
    if kind == OBJECT:
        return type(value) is dict and _closed(shape.keys, value)
    if kind in (RECORDS, TAGGED):
        return _records(shape, value)
    if kind == BOOL:
        return type(value) is bool
    if kind == DICT:
        return type(value) is dict
    if kind == LIST:
        return _list(shape, value)
    if kind == INTS:
        return _ints(value)
    if kind == CHECK:
        check = shape.check
        return check is not None and check(value) is None
    return False  # NEVER


def _closed(keys: list[Key], d: dict[Any, Any]) -> bool:
    """The declared keys of ``d`` each hold their shape, the required ones are there, and no other key is."""
    left = len(d)
    for key in keys:
        if not left and not key.required:
            return True  # every key accounted for, the rest optional
        v = d.get(key.name, _MISSING)
        if v is _MISSING:
            if key.required:
                return False
            continue
        left -= 1
        if v is None:
            nulls = key.nulls
            if nulls == NULL_WRONG or (nulls == NULL_TESTED and not matches(key.shape, None)):
                return False
        elif not matches(key.shape, v):
            return False
    return not left


def _records(shape: Shape, value: object) -> bool:
    """A RECORDS or TAGGED list: each item a closed object of its keys (or a bare string, when allowed)."""
    if type(value) is not list:
        return False
    tagged = shape.kind == TAGGED
    for item in value:
        if type(item) is dict:
            keys = _tagged_keys(shape, item) if tagged else shape.keys
            if keys is None or not _closed(keys, item):
                return False
        elif not (shape.bare_strings and type(item) is str):
            return False
    return True


def _tagged_keys(shape: Shape, item: dict[Any, Any]) -> list[Key] | None:
    """The keys of the object ``item``'s tag names (``None``: no tag, or a tag without a closed object)."""
    tag = item.get(shape.tag)
    chosen = shape.tagged.get(tag) if type(tag) is str else None
    return chosen.keys if chosen is not None and chosen.kind == OBJECT else None


def _list(shape: Shape, value: object) -> bool:
    if type(value) is not list:
        return False
    inner = shape.inner
    if inner is None:
        return False
    for v in value:
        if v is None:
            if not shape.nullable_items:
                return False
        elif not matches(inner, v):
            return False
    return True


def _ints(value: object) -> bool:
    if type(value) is not list:
        return False
    for v in value:  # noqa: SIM110 - a loop, not all() over a generator: compiled to a C loop
        if type(v) is not int:
            return False
    return True
