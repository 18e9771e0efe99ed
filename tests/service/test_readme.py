"""The README's curl example is a real round and shows what the service really answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from rules.variants import REGISTRY

README = Path(__file__).resolve().parents[2] / "README.md"


def _example() -> tuple[dict[str, object], dict[str, object]]:
    text = README.read_text(encoding="utf-8")
    payload = re.search(r"curl -s http://127\.0\.0\.1:8000/v1/settlements.*?-d '(\{.*?\})'", text, re.DOTALL)
    assert payload, "README.md shows a curl example posting a round"
    after = text[payload.end():]
    answer = re.search(r"```json\n(.*?)```", after, re.DOTALL)
    assert answer, "the curl example is followed by its answer"
    return json.loads(payload[1]), json.loads(answer[1])


def test_readme_curl_example_answers_as_shown(client: FlaskClient) -> None:
    request, shown = _example()
    if request["variant"] not in REGISTRY:
        pytest.fail(f"the README example uses {request['variant']!r}, which is not registered")
    resp = client.post("/v1/settlements", json=request)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json() == shown, "README.md shows a stale answer: paste the service's current one"
    assert sum(s["total"] for s in shown["scores"]) == 0  # type: ignore[attr-defined]
