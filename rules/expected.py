"""Expected vs computed: what QA and support compare a settlement against.

``expected`` is ``{"totals": [per-seat totals]}`` and/or ``{"items": [{payer, payee,
points, kind?, name?}, ...]}``. The answer's ``mismatches`` lists each seat whose
total differs and each expected item with no computed match (or computed item with no
expected one). Items match on payer, payee and points, plus kind and name when the
expected item gives them; each computed item matches at most one expected item.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InvalidRound, RoundError

_ITEM_KEYS = ("payer", "payee", "points")
_OPTIONAL_KEYS = ("kind", "name")


def check_expected(expected: object, n_players: int) -> None:
    """422 for an ``expected`` block that cannot be compared (wrong seat count, bad items)."""
    if not isinstance(expected, Mapping):
        raise InvalidRound(RoundError("invalid_type", "/expected", "expected must be an object"))
    errors: list[RoundError] = []
    totals = expected.get("totals")
    if totals is not None and (not isinstance(totals, list) or len(totals) != n_players or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in totals)):
        errors.append(RoundError("invalid_expected", "/expected/totals",
                                 f"give one integer total per seat ({n_players})"))
    items = expected.get("items")
    if items is not None:
        if not isinstance(items, list):
            errors.append(RoundError("invalid_expected", "/expected/items", "items must be a list"))
        else:
            for i, it in enumerate(items):
                ok = isinstance(it, Mapping) and all(
                    isinstance(it.get(k), int) and not isinstance(it.get(k), bool) for k in _ITEM_KEYS)
                if not ok or not (0 <= it["payer"] < n_players and 0 <= it["payee"] < n_players):
                    errors.append(RoundError("invalid_expected", f"/expected/items/{i}",
                                             "an item needs integer payer, payee (seats) and points"))
    if errors:
        raise InvalidRound(errors)


def _matches(exp: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    return all(exp[k] == got[k] for k in _ITEM_KEYS) and all(
        exp[k] == got.get(k) for k in _OPTIONAL_KEYS if k in exp)


def mismatches(answer: Mapping[str, Any], expected: Mapping[str, Any]) -> dict[str, Any]:
    """The differences between a settlement answer and what the caller expected."""
    out: dict[str, Any] = {"totals": [], "missing_items": [], "unexpected_items": []}
    if expected.get("totals") is not None:
        for s, want in zip(answer["scores"], expected["totals"], strict=True):
            if s["total"] != want:
                out["totals"].append({"seat": s["seat"], "expected": want, "computed": s["total"],
                                      "difference": s["total"] - want})
    if expected.get("items") is not None:
        left: list[Mapping[str, Any]] = list(answer["items"])
        for i, exp in enumerate(expected["items"]):
            k = next((j for j, got in enumerate(left) if _matches(exp, got)), None)
            if k is None:
                out["missing_items"].append({"index": i, **exp})
            else:
                left.pop(k)
        out["unexpected_items"] = list(left)
    out["count"] = len(out["totals"]) + len(out["missing_items"]) + len(out["unexpected_items"])
    return out
