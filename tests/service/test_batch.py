"""Expected-vs-computed over HTTP and ``POST /v1/settlements/batch`` (issue 7).

The round used throughout is golden case ``zhuanzhuan/readme-example``: seat 1 wins
seat 0's 4s with 七小对, so seat 0 pays seat 1 three points (3 × 接炮 1 × 底分 1,
001_a1ce558555b69162.txt:18, :20) and the totals are [-3, 3, 0, 0].
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import api as engine
from service import create_app
from service.problems import INVALID_REQUEST, INVALID_ROUND
from tests.contract.openapi_tools import contract, errors
from tests.golden_cases import GOLDEN, load

CASE = load(GOLDEN / "zhuanzhuan" / "readme-example.json")
TOTALS = CASE["expect"]["totals"]  # [-3, 3, 0, 0], worked by hand in the case file
BATCH = "/v1/settlements/batch"


def a_round(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(CASE["request"])
    body.update(changes)
    return body


def settle(client: FlaskClient, body: object) -> tuple[int, dict[str, Any]]:
    resp = client.post("/v1/settlements", json=body)
    return resp.status_code, json.loads(resp.data)


def batch(client: FlaskClient, rounds: object, **extra: Any) -> tuple[int, dict[str, Any]]:
    resp = client.post(BATCH, json={"rounds": rounds, **extra})
    return resp.status_code, json.loads(resp.data)


# --- expected over HTTP -------------------------------------------------------------


def test_matching_expectation_answers_zero_mismatches(client: FlaskClient) -> None:
    status, answer = settle(client, a_round(expected={"totals": TOTALS, "items": CASE["expect"]["items"]}))
    assert status == 200
    assert answer["mismatches"] == {"totals": [], "missing_items": [], "unexpected_items": [], "count": 0}
    assert errors("Settlement", answer) == []


def test_wrong_recorded_totals_are_listed_with_their_difference(client: FlaskClient) -> None:
    # recorded: seat 0 paid 5 (not 3) and seat 2 received the extra 2 → computed − expected
    recorded = [-5, 3, 2, 0]
    status, answer = settle(client, a_round(expected={"totals": recorded}))
    assert status == 200
    assert answer["mismatches"]["totals"] == [
        {"seat": 0, "expected": -5, "computed": -3, "difference": 2},
        {"seat": 2, "expected": 2, "computed": 0, "difference": -2},
    ]
    assert answer["mismatches"]["count"] == 2
    assert errors("Settlement", answer) == []


def test_recorded_item_with_no_computed_match(client: FlaskClient) -> None:
    recorded = [{"payer": 0, "payee": 1, "points": 6, "name": "七小对"}]  # e.g. a server that doubled it
    status, answer = settle(client, a_round(expected={"items": recorded}))
    assert status == 200
    m = answer["mismatches"]
    assert m["missing_items"] == [{"index": 0, **recorded[0]}]
    assert [(it["payer"], it["payee"], it["points"], it["name"]) for it in m["unexpected_items"]] == [(0, 1, 3, "七小对")]
    assert m["count"] == 2
    assert errors("Settlement", answer) == []


def test_expected_changes_nothing_else(client: FlaskClient) -> None:
    _, plain = settle(client, a_round())
    _, checked = settle(client, a_round(expected={"totals": [0, 0, 0, 0]}))
    assert "mismatches" not in plain
    checked.pop("mismatches")
    assert checked == plain  # same items, same digest: expected is not part of the round


@pytest.mark.parametrize(("expected", "pointer", "code"), [
    ({"totals": [-3, "3", 0, 0]}, "/expected/totals/1", "invalid_type"),
    ({"totals": "-3,3,0,0"}, "/expected/totals", "invalid_type"),
    ({"total": [-3, 3, 0, 0]}, "/expected/total", "unknown_field"),
    ({"items": [{"payer": 0, "payee": 1}]}, "/expected/items/0/points", "missing_field"),
    ({"items": [{"payer": 0, "payee": 1, "points": 0}]}, "/expected/items/0/points", "invalid_value"),
    ({"items": [{"payer": 0, "payee": 1, "points": 3, "why": "x"}]}, "/expected/items/0/why", "unknown_field"),
    ([-3, 3, 0, 0], "/expected", "invalid_type"),
])
def test_malformed_expected_is_a_shape_error_at_its_pointer(client: FlaskClient, expected: object, pointer: str,
                                                            code: str) -> None:
    status, problem = settle(client, a_round(expected=expected))
    assert status == 422
    assert problem["type"] == INVALID_REQUEST
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]


def test_expected_for_the_wrong_number_of_seats_is_the_engines_422(client: FlaskClient) -> None:
    status, problem = settle(client, a_round(expected={"totals": [-3, 3, 0]}))
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/expected/totals", "invalid_expected")]


def test_contract_documents_expected_and_mismatches() -> None:
    schemas = contract()["components"]["schemas"]
    assert "expected" in schemas["Round.zhuanzhuan"]["properties"]
    assert "mismatches" in schemas["Settlement"]["properties"]
    assert errors("SettlementRequest", a_round(expected={"totals": TOTALS})) == []


# --- batch --------------------------------------------------------------------------


def test_one_result_per_round_in_order_and_bad_rounds_spoil_nothing(client: FlaskClient) -> None:
    good = a_round()
    no_players = {"variant": "zhuanzhuan", "dealer": 0}
    fifth_4s = a_round()
    fifth_4s["players"][2]["hand"] = "123456789p1444s"  # 4s: one in seat 1's hand, the winning one, these three
    mismatched = a_round(expected={"totals": [-5, 3, 2, 0]})
    rounds = [good, no_players, fifth_4s, 7, mismatched]
    status, answer = batch(client, rounds)
    assert status == 200
    assert errors("BatchResult", answer) == []
    results = answer["results"]
    assert len(results) == 5
    assert answer["summary"] == {"total": 5, "settled": 2, "rejected": 3, "mismatched": 1}

    # every slot is what the single endpoint answers for that round alone
    for i in (0, 1, 2, 4):
        single_status, single = settle(client, rounds[i])
        assert results[i].get("status", 200) == single_status
        if single_status != 200:
            assert results[i]["instance"] == f"{BATCH}#/rounds/{i}"
            single["instance"] = results[i]["instance"]
        assert results[i] == single, i
    assert results[1]["type"] == INVALID_REQUEST
    assert {e["pointer"] for e in results[1]["errors"]} == {"/players"}
    assert results[2]["type"] == INVALID_ROUND
    assert results[3]["errors"] == [{"code": "invalid_type", "pointer": "", "detail": "a round must be a JSON object"}]
    assert results[4]["mismatches"]["count"] == 2


def test_empty_batch(client: FlaskClient) -> None:
    assert batch(client, []) == (200, {"results": [], "summary": {"total": 0, "settled": 0, "rejected": 0,
                                                                    "mismatched": 0}})


@pytest.mark.parametrize(("body", "pointer", "code"), [
    ({}, "/rounds", "missing_field"),
    ({"rounds": {"0": {}}}, "/rounds", "invalid_type"),
    ({"rounds": [], "dry_run": True}, "/dry_run", "unknown_field"),
])
def test_batch_body_shape(client: FlaskClient, body: dict[str, Any], pointer: str, code: str) -> None:
    resp = client.post(BATCH, json=body)
    assert resp.status_code == 422
    problem = json.loads(resp.data)
    assert problem["type"] == INVALID_REQUEST
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]


def test_the_default_limit_is_1000_rounds(client: FlaskClient) -> None:
    status, answer = batch(client, [{}] * 1000)
    assert status == 200
    assert answer["summary"]["rejected"] == 1000
    status, problem = batch(client, [{}] * 1001)
    assert status == 422
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/rounds", "too_many_rounds")]
    assert "1000" in problem["errors"][0]["detail"]
    assert contract()["components"]["schemas"]["BatchRequest"]["properties"]["rounds"]["maxItems"] == 1000


def test_limits_are_configurable() -> None:
    small = create_app({"TESTING": True, "BATCH_MAX_ROUNDS": 2, "BATCH_MAX_CONTENT_LENGTH": 4096}).test_client()
    assert batch(small, [a_round()] * 2)[0] == 200
    status, problem = batch(small, [a_round()] * 3)
    assert status == 422
    assert problem["errors"][0]["code"] == "too_many_rounds"
    resp = small.post(BATCH, json={"rounds": [a_round(round_id="x" * 5000)]})
    assert resp.status_code == 413
    assert "4096" in json.loads(resp.data)["detail"]


def test_a_full_batch_may_exceed_the_single_round_body_limit(client: FlaskClient) -> None:
    rounds = [a_round(round_id=f"batch/{i:04d}/" + "x" * 1100) for i in range(1000)]
    body = json.dumps({"rounds": rounds}).encode()
    assert len(body) > 1024 * 1024  # more than POST /v1/settlements takes
    resp = client.post(BATCH, data=body, content_type="application/json")
    assert resp.status_code == 200
    answer = json.loads(resp.data)
    assert answer["summary"] == {"total": 1000, "settled": 1000, "rejected": 0, "mismatched": 0}
    assert [r["round_id"] for r in answer["results"]] == [r["round_id"] for r in rounds]
    assert all([s["total"] for s in r["scores"]] == TOTALS for r in answer["results"])


def test_a_bug_on_one_round_is_a_500_in_its_slot_only(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.settle

    def flaky(body: Any) -> dict[str, Any]:
        if body.get("round_id") == "boom":
            raise ZeroDivisionError("a bug")
        return real(body)

    monkeypatch.setattr(engine, "settle", flaky)
    status, answer = batch(client, [a_round(), a_round(round_id="boom"), a_round()])
    assert status == 200
    assert [r.get("status", 200) for r in answer["results"]] == [200, 500, 200]
    assert "a bug" not in json.dumps(answer)  # logged, never sent
    assert answer["summary"]["settled"] == 2


def test_contract_batch_example_is_what_the_service_answers(client: FlaskClient) -> None:
    op = contract()["paths"][BATCH]["post"]
    request = op["requestBody"]["content"]["application/json"]["examples"]["mixed"]["value"]
    answer = op["responses"]["200"]["content"]["application/json"]["examples"]["mixed"]["value"]
    resp = client.post(BATCH, json=request)
    assert resp.status_code == 200
    assert json.loads(resp.data) == answer
    assert answer["summary"]["rejected"] == 1


def test_readme_qa_section_shows_what_the_service_answers(client: FlaskClient) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    qa = readme[readme.index("## QA"):]
    sent = re.search(r"-d '(\{.*?\})'", qa, re.DOTALL)
    shown = re.search(r"```json\n(.*?)```", qa, re.DOTALL)
    assert sent and shown
    body = json.loads(sent[1])
    assert body["expected"] == {"totals": [-5, 3, 2, 0]}
    assert {k: v for k, v in body.items() if k != "expected"} == CASE["request"]
    status, answer = settle(client, body)
    assert status == 200
    assert {"mismatches": answer["mismatches"]} == json.loads(shown[1])
    assert "/v1/settlements/batch" in qa and "too_many_rounds" in qa and "1,000 rounds" in qa
