"""The request shapes (service/schemas.py) against the contract they implement.

The service must never be stricter than the contract (a schema-valid request is not
a shape error; the engine may still find the round impossible: schemathesis checks
that direction on generated data, see tests/contract/test_schemathesis.py) and must
reject what the contract forbids (a shape error, with a pointer to it).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.generator import generate
from rules.variants import REGISTRY
from service.schemas import ROUND, shape_errors
from tests.contract.openapi_tools import contract, errors
from tests.golden_cases import case_files, load


def _real_rounds() -> list[dict[str, Any]]:
    out = [load(p)["request"] for p in case_files() if load(p)["expect"]["status"] == 200]
    for vid in sorted(REGISTRY):
        try:
            out.append(generate(vid, 11))
        except RuntimeError:
            continue  # the generator cannot play this variant yet (reported by tests/service/test_fuzz.py)
    return out


@pytest.mark.parametrize("body", _real_rounds(), ids=lambda b: str(b.get("variant")))
def test_real_rounds_pass_the_shape_check_and_the_contract(body: dict[str, Any]) -> None:
    assert shape_errors(ROUND, body) == []
    assert errors("SettlementRequest", body) == []


BASE: dict[str, Any] = {
    "variant": min(REGISTRY) if REGISTRY else "x",
    "dealer": 0,
    "players": [{"seat": 0, "hand": "123m", "melds": [{"type": "kong", "kind": "added", "tile": "5p", "turn": 3}],
                 "discards": ["1m", {"tile": "2m", "turn": 4, "claimed_by": None}]}],
    "wins": [{"winner": 0, "from": None, "tile": "3m"}],
    "reveals": {"birds": "5m9p", "chicken_flip": None},
}


@pytest.mark.parametrize(("path", "value", "pointer", "code"), [
    (("dealer",), -1, "/dealer", "invalid_value"),
    (("dealer",), 1.5, "/dealer", "invalid_type"),
    (("dealer",), True, "/dealer", "invalid_type"),
    (("round_id",), 7, "/round_id", "invalid_type"),
    (("players", 0, "seat"), "0", "/players/0/seat", "invalid_type"),
    (("players", 0, "melds", 0, "kind"), "hidden", "/players/0/melds/0/kind", "invalid_value"),
    (("players", 0, "melds", 0, "delayed"), 1, "/players/0/melds/0/delayed", "invalid_type"),
    (("players", 0, "melds", 0, "type"), None, "/players/0/melds/0/type", "invalid_value"),
    (("players", 0, "discards", 1, "claimed_by"), -2, "/players/0/discards/1/claimed_by", "invalid_value"),
    (("players", 0, "discards", 1, "turn"), None, "/players/0/discards/1/turn", "invalid_type"),
    (("players", 0, "discards"), "1m2m", "/players/0/discards", "invalid_type"),
    (("players", 0, "flags"), [], "/players/0/flags", "invalid_type"),
    (("wins", 0, "heavenly"), "false", "/wins/0/heavenly", "invalid_type"),
    (("wins", 0, "typo"), 1, "/wins/0/typo", "unknown_field"),
    (("reveals", "bird"), ["5m"], "/reveals/bird", "unknown_field"),
    (("options",), "fast", "/options", "invalid_type"),
    (("wall_remaining",), -3, "/wall_remaining", "invalid_value"),
])
def test_contract_violations_are_shape_errors(path: tuple[Any, ...], value: Any, pointer: str, code: str) -> None:
    body = copy.deepcopy(BASE)
    node = body
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    assert errors(_round_schema(), body), "the contract forbids it too"
    found = shape_errors(ROUND, body)
    assert [(e.pointer, e.code) for e in found] == [(pointer, code)]


def _round_schema() -> str:
    schemas = contract()["components"]["schemas"]
    return "Round" if "Round" in schemas else min(n for n in schemas if n.startswith("Round."))


def test_the_base_body_is_shape_valid() -> None:
    assert shape_errors(ROUND, BASE) == []
