"""Every golden case through HTTP, its answer held to the contract.

The engine run is tests/test_golden_engine.py; here the same cases go through the
service (shape checks, problem+json, serialisation) and every 200 request and answer
must conform to the committed openapi.yaml.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.contract.openapi_tools import errors
from tests.golden_cases import case_files, case_id, check_answer, load


@pytest.mark.parametrize("path", case_files(), ids=case_id)
def test_golden_over_http(client: FlaskClient, path: Path) -> None:
    case = load(path)
    resp = client.post("/v1/settlements", json=case["request"])
    answer = resp.get_json(force=True)
    check_answer(case, resp.status_code, answer)
    if resp.status_code == 200:
        assert resp.mimetype == "application/json"
        assert errors("SettlementRequest", case["request"]) == []
        assert errors("Settlement", answer) == []
        again = client.post("/v1/settlements", json=case["request"])
        assert again.data == resp.data, "the same round must give the same bytes"
        assert resp.data == json.dumps(answer, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    else:
        assert resp.mimetype == "application/problem+json"
        assert errors("Problem", answer) == []
