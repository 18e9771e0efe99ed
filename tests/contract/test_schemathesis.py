"""Schemathesis (4.x, pinned) in-process against the contract the app serves.

Every operation of ``/openapi.yaml`` is exercised with the examples, coverage and
fuzzing phases, positive and negative data, all default checks on (the coverage
phase of the two POST operations is positive only, see ``config``). Two choices:

* a schema-valid round may still be impossible (a fifth 5m, a "winner" who does not
  win), which the engine answers 422: so 422 is accepted for schema-valid data;
* every 200 settlement must be zero-sum (totals and items agree and add up to zero)
  and byte-identical when the same request is sent again;
* every 200 batch holds, round by round, what ``POST /v1/settlements`` answers for
  that round alone, and a summary that counts them;
* a schema-valid body is never refused by the service's own shape check (a 422 for
  it must come from the engine), so the service is not stricter than its contract.

Seed and example counts are fixed so the run is reproducible and bounded; raise
``MAX_EXAMPLES`` locally to dig deeper.
"""

from __future__ import annotations

import json
from collections import Counter

import schemathesis
from schemathesis import Case, CheckContext, Response

from service import create_app
from service.problems import INVALID_REQUEST

SEED = 20240917
MAX_EXAMPLES = 40
BATCH_COMPARED = 20

app = create_app({"TESTING": True})
config = schemathesis.Config.from_dict({
    "seed": SEED,
    "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "database": "none"},
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "422"]}},
    "operations": [{
        # The round schemas are one branch per variant, so the coverage phase's negative
        # cases (every property of every branch, broken every way) grow with the registry
        # and dominated the run. Their boundaries stay positive here; negative rounds
        # still come from the fuzzing phase and from tests/service/test_fuzz.py.
        "include-method": "POST",
        "phases": {"coverage": {"generation": {"mode": "positive"}}},
    }],
})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=config)
_repeat = app.test_client()


def settlement_is_zero_sum_and_repeatable(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """A 200 settlement adds up to zero, its totals are its items, and it repeats byte for byte."""
    if case.operation.path != "/v1/settlements" or case.method.upper() != "POST" or response.status_code != 200:
        return None
    answer = json.loads(response.content)
    totals = {s["seat"]: s["total"] for s in answer["scores"]}
    assert sum(totals.values()) == 0, f"not zero-sum: {totals}"
    from_items: Counter[int] = Counter()
    for it in answer["items"]:
        assert isinstance(it["points"], int)
        assert it["points"] > 0
        assert it["payer"] != it["payee"]
        from_items[it["payer"]] -= it["points"]
        from_items[it["payee"]] += it["points"]
    assert all(totals[s] == from_items[s] for s in totals), f"totals {totals} are not the items' sums {from_items}"
    again = _repeat.post("/v1/settlements", json=case.body)
    assert again.status_code == 200
    assert again.data == response.content, "the same round gave different bytes"
    return None


def batch_results_are_the_single_answers(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """A 200 batch has one result per round, each what `POST /v1/settlements` answers for it, and counts them."""
    if case.operation.path != "/v1/settlements/batch" or response.status_code != 200:
        return None
    answer = json.loads(response.content)
    rounds = case.body["rounds"]
    assert len(answer["results"]) == len(rounds)
    # the coverage phase sends batches of 1,000: comparing their first rounds is enough
    for i, (round_, result) in enumerate(zip(rounds[:BATCH_COMPARED], answer["results"], strict=False)):
        if not isinstance(round_, dict):
            assert result["status"] == 422
            assert [e["code"] for e in result["errors"]] == ["invalid_type"]
            continue
        single = _repeat.post("/v1/settlements", json=round_)
        alone = json.loads(single.data)
        assert single.status_code == result.get("status", 200), (i, alone, result)
        if single.status_code != 200:
            assert result["instance"] == f"/v1/settlements/batch#/rounds/{i}"
            alone["instance"] = result["instance"]
        assert alone == result, f"round {i} answered differently alone"
    settled = [r for r in answer["results"] if "status" not in r]
    assert answer["summary"] == {"total": len(rounds), "settled": len(settled), "rejected": len(rounds) - len(settled),
                                 "mismatched": sum(r.get("mismatches", {}).get("count", 0) > 0 for r in settled)}
    return None


def shape_check_is_not_stricter_than_contract(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """Data the contract calls valid never fails the service's shape check (the engine may still say 422)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    problem = json.loads(response.content)
    assert problem["type"] != INVALID_REQUEST, f"schema-valid body failed the shape check: {problem['errors']}"
    return None


@schema.parametrize()
def test_api_conforms_to_contract(case: Case) -> None:
    case.call_and_validate(additional_checks=[settlement_is_zero_sum_and_repeatable,
                                              batch_results_are_the_single_answers,
                                              shape_check_is_not_stricter_than_contract])
