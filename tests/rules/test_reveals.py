"""A flipped tile a variant has no rule for is refused, never ignored in silence.

DESIGN.md: a round that cannot have happened is a 422 with a pointer to the culprit. A 翻鸡
at a table that flips none, birds where nobody draws birds, a wildcard indicator where the
wildcard is fixed: each one given must be named by the answer.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.api import settle
from rules.errors import InvalidRound
from rules.variants import REGISTRY

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
REVEALS = ("chicken_flip", "birds", "wild_indicator")
# faces tried in turn: the first one with a copy left in the round is used
FACES = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "5p", "9p", "1s", "5s", "9s")


def _a_settled_round(variant_id: str) -> dict[str, Any]:
    for path in sorted((GOLDEN / variant_id).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if case["expect"]["status"] == 200:
            return dict(case["request"])
    raise AssertionError(f"no settled golden case for {variant_id}")


# (a card game has no reveals at all: the field itself is refused, tests/rules/variants/test_doudizhu.py)
CASES = [(vid, name) for vid in sorted(REGISTRY) if not REGISTRY[vid].card_game
         for name in REVEALS if name not in REGISTRY[vid].reveals_used]


@pytest.mark.parametrize(("variant_id", "name"), CASES)
def test_a_reveal_the_variant_does_not_use_is_refused(variant_id: str, name: str) -> None:
    base = _a_settled_round(variant_id)
    settle(base)  # the round itself is legal
    for face in FACES:
        body = copy.deepcopy(base)
        body.setdefault("reveals", {})[name] = [face] if name == "birds" else face
        with pytest.raises(InvalidRound) as caught:
            settle(body)
        codes = {e.code for e in caught.value.errors}
        if codes <= {"too_many_copies", "tile_not_in_set"}:
            continue  # that face has no copy left here: try the next
        pointers = {e.pointer for e in caught.value.errors}
        assert pointers & {f"/reveals/{name}", f"/reveals/{name}/0"}, caught.value.errors
        return
    raise AssertionError(f"no face of {FACES} could be flipped in {variant_id}'s round")
