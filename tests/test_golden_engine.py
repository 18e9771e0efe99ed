"""Every golden case through the engine directly (the HTTP run is in tests/service)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import api
from rules.errors import InvalidRound
from tests.golden_cases import case_files, case_id, check_answer, load


@pytest.mark.parametrize("path", case_files(), ids=case_id)
def test_golden_engine(path: Path) -> None:
    case = load(path)
    try:
        answer = api.settle(case["request"])
        status = 200
    except InvalidRound as e:
        answer, status = {"errors": [x.to_dict() for x in e.errors]}, 422
    check_answer(case, status, answer)
    if status == 200:
        assert api.settle(case["request"]) == answer  # deterministic
