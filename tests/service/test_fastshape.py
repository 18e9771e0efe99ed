"""The fast shape check (service/fastshape.py) never accepts what marshmallow rejects,
and it does accept the rounds real clients send (or it would save nothing)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from marshmallow import EXCLUDE, Schema, fields, validate

from rules.generator import generate
from rules.variants import REGISTRY
from service.fastshape import accepts
from service.schemas import ANALYZE, ROUND, shape_errors
from tests.golden_cases import case_files, load

# Values that break some field's shape somewhere: wrong JSON types, negatives, nulls.
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 3, 2.5, "", "1m", "x", [], {}, ["1m"], {"tile": "1m"},
                         {"type": "pong"}, [{"tile": "1m"}], [1, 2], ["a", None]]
EXTRA_KEYS = ["zzz", "kind", "tile", "tiles", "turn", "from", "delayed", "revealed", "claimed_by", "flags", "expected",
              "totals", "items"]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def mutate(body: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three random edits: replace a value, delete a key, add a key, duplicate an element."""
    body = copy.deepcopy(body)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice([p for p in _paths(body) if p])
        parent: Any = body
        for k in path[:-1]:
            parent = parent[k]
        r = rng.random()
        if r < 0.55:
            parent[path[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif r < 0.7 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[rng.choice(EXTRA_KEYS)] = copy.deepcopy(rng.choice(ODD_VALUES))
        else:
            parent.append(copy.deepcopy(rng.choice([*ODD_VALUES, parent[0]])))
    return body


def _generated() -> list[dict[str, Any]]:
    return [generate(vid, seed) for vid in sorted(REGISTRY) for seed in range(6)]


def test_every_generated_round_and_golden_request_takes_the_fast_path() -> None:
    bodies = _generated() + [load(p)["request"] for p in case_files()]
    for body in bodies:
        assert ROUND.validate(body) == {} or not accepts(ROUND, body)
    # golden requests include deliberately malformed ones; the generator's are all well shaped
    for body in _generated():
        assert accepts(ROUND, body), body
        assert shape_errors(ROUND, body) == []


@pytest.mark.parametrize("seed", range(4))
def test_never_accepts_what_marshmallow_rejects(seed: int) -> None:
    rng = random.Random(seed)
    bases = _generated()
    bases[0]["expected"] = {"totals": [1, -1, 0, 0], "items": [{"payer": 0, "payee": 1, "points": 1, "kind": "hu"}]}
    bases[1]["reveals"] = {"birds": ["1m"], "chicken_flip": "2m"}
    rejected = 0
    for _ in range(600):
        body = mutate(rng.choice(bases), rng)
        errors = ROUND.validate(body)
        if accepts(ROUND, body):
            assert errors == {}, (body, errors)
        rejected += bool(errors)
    assert rejected > 100  # the fuzzing does reach marshmallow's errors


def test_analyze_bodies() -> None:
    rng = random.Random(7)
    base = {"variant": "zhuanzhuan", "hand": "123456789m1122p", "options": {},
            "melds": [{"type": "pong", "tile": "5s", "from": 1}], "reveals": {"wild_indicator": "C"}}
    assert accepts(ANALYZE, base)
    for _ in range(400):
        body = mutate(base, rng)
        if accepts(ANALYZE, body):
            assert ANALYZE.validate(body) == {}, body


def test_shape_errors_still_come_from_marshmallow() -> None:
    body = generate("zhuanzhuan", 1)
    discards = body["players"][0]["discards"]
    discards.append({"tile": "1m", "turn": -2})
    assert not accepts(ROUND, body)
    errors = shape_errors(ROUND, body)
    assert [(e.code, e.pointer, e.detail) for e in errors] == [
        ("invalid_value", f"/players/0/discards/{len(discards) - 1}/turn", "Must be at least 0.")]


class _Unknown(Schema):
    """Declarations the compiler does not know: it must leave them to marshmallow."""

    class Meta:
        unknown = EXCLUDE

    n = fields.Integer()


class _Validated(Schema):
    name = fields.String(validate=validate.Length(max=3))


class _Float(Schema):
    x = fields.Float()


@pytest.mark.parametrize("schema", [_Unknown(), _Validated(), _Float()])
def test_unsupported_declarations_are_never_accepted_fast(schema: Schema) -> None:
    assert not accepts(schema, {})
    assert not accepts(schema, {"name": "abcdef", "x": 1.0, "n": 1})
