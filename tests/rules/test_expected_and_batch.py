"""Expected-vs-computed comparison and batch settlement (issue 7), on the engine."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.api import settle
from rules.batch import Summary, settle_line, settle_one
from rules.errors import InvalidRound
from rules.expected import mismatches

ANSWER: dict[str, Any] = {
    "scores": [{"seat": 0, "total": -3}, {"seat": 1, "total": 3}, {"seat": 2, "total": 0}],
    "items": [{"kind": "hu", "name": "七对", "payer": 0, "payee": 1, "points": 3}],
}


def test_matching_expectation_has_no_mismatch() -> None:
    m = mismatches(ANSWER, {"totals": [-3, 3, 0], "items": [{"payer": 0, "payee": 1, "points": 3, "kind": "hu"}]})
    assert m["count"] == 0


def test_total_and_item_differences_are_listed() -> None:
    m = mismatches(ANSWER, {"totals": [-2, 2, 0], "items": [{"payer": 0, "payee": 1, "points": 2}]})
    assert m["totals"] == [{"seat": 0, "expected": -2, "computed": -3, "difference": -1},
                           {"seat": 1, "expected": 2, "computed": 3, "difference": 1}]
    assert m["missing_items"] == [{"index": 0, "payer": 0, "payee": 1, "points": 2}]
    assert m["unexpected_items"] == ANSWER["items"]
    assert m["count"] == 4


def test_item_name_must_match_when_given() -> None:
    m = mismatches(ANSWER, {"items": [{"payer": 0, "payee": 1, "points": 3, "name": "清一色"}]})
    assert len(m["missing_items"]) == 1 and len(m["unexpected_items"]) == 1


def _a_round() -> dict[str, Any]:
    from pathlib import Path
    cases = sorted((Path(__file__).parent.parent / "golden").glob("*/*.json"))
    for p in cases:
        case = json.loads(p.read_text(encoding="utf-8"))
        if case["expect"]["status"] == 200:
            return dict(case["request"])
    pytest.skip("no golden round yet")


def test_settle_adds_mismatches_only_when_expected_given() -> None:
    body = _a_round()
    plain = settle(body)
    assert "mismatches" not in plain
    n = len(plain["scores"])
    wrong = [s["total"] + (1 if s["seat"] == 0 else 0) for s in plain["scores"]]
    wrong[1 % n] -= 1
    answer = settle({**body, "expected": {"totals": wrong}})
    assert answer["mismatches"]["count"] == 2
    assert answer["digest"] == plain["digest"]  # expected does not change the round's identity
    with pytest.raises(InvalidRound) as e:
        settle({**body, "expected": {"totals": [0]}})
    assert e.value.errors[0].pointer == "/expected/totals"


def test_batch_results_keep_order_and_isolate_bad_rounds() -> None:
    body = _a_round()
    bad = copy.deepcopy(body)
    bad["players"][0]["hand"] = ["9z"]
    results = [settle_one(body), settle_one(bad), settle_one("nope")]
    assert [r["status"] for r in results] == [200, 422, 422]
    s = Summary()
    for r in results:
        s.add(r)
    assert s.to_dict() == {"total": 3, "settled": 1, "rejected": 2, "mismatched": 0}
    assert settle_line("{not json", 7)["status"] == 400
    assert settle_line(json.dumps(body), 3)["line"] == 3
