"""Loading and checking golden cases (tests/golden/<variant>/<case>.json).

A case file::

    {
      "title": "七对 on a discard",
      "seed": ["001_a1ce558555b69162.txt:18"],          # seed file:line(s) the numbers come from
      "working": "七小对 3 分, 接炮 ×1 → discarder pays 3",  # the hand computation
      "request": { ... a POST /v1/settlements body ... },
      "expect": {
        "status": 200,
        "totals": [-3, 3, 0, 0],                          # required for 200
        "items": [{"kind": "hu", "name": "七小对", "payer": 0, "payee": 1, "points": 3}],
        "next_dealer": 1,
        "patterns": {"1": ["七小对"]}
      }
    }

or ``"expect": {"status": 422, "pointers": ["/wins/0"]}``. ``items``, when given,
must equal the computed items as a multiset of (kind, name, payer, payee, points);
``patterns`` compares the listed seats' pattern names as sets.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"


def case_files() -> list[Path]:
    return sorted(GOLDEN.glob("*/*.json"))


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def load(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert case.get("seed"), f"{path}: every golden case cites its seed lines"
    assert "request" in case and "expect" in case, path
    return case


def _item_key(it: dict[str, Any]) -> tuple[Any, ...]:
    return (it["kind"], it["name"], it["payer"], it["payee"], it["points"])


def check_answer(case: dict[str, Any], status: int, answer: dict[str, Any]) -> None:
    """Assert an answer (engine or HTTP) matches the case's expectation."""
    exp = case["expect"]
    assert status == exp["status"], (status, answer)
    if status != 200:
        got = {e["pointer"] for e in answer.get("errors", [])}
        for p in exp.get("pointers", []):
            assert p in got, f"expected an error at {p}, got {sorted(got)}: {answer}"
        codes = {e["code"] for e in answer.get("errors", [])}
        for c in exp.get("codes", []):  # where the pointer alone would not tell two reasons apart
            assert c in codes, f"expected error code {c}, got {sorted(codes)}: {answer}"
        return
    totals = [s["total"] for s in answer["scores"]]
    assert totals == exp["totals"], f"totals {totals} != {exp['totals']}; items: {answer['items']}"
    assert sum(totals) == 0
    if "items" in exp:
        want = Counter(_item_key(i) for i in exp["items"])
        got_items = Counter(_item_key(i) for i in answer["items"])
        assert got_items == want, f"items differ.\nmissing: {want - got_items}\nunexpected: {got_items - want}"
    if "next_dealer" in exp:
        assert answer["next_dealer"] == exp["next_dealer"]
    for seat, names in exp.get("patterns", {}).items():
        hand = next(h for h in answer["hands"] if h["seat"] == int(seat))
        assert set(hand["patterns"]) == set(names), (seat, hand["patterns"], names)
