"""Helpers shared by the test modules (not tests themselves)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound


def rotate(body: dict[str, Any], k: int) -> dict[str, Any]:
    """The same round with every seat s renamed (s + k) % n.

    Turn order is kept (seat s + 1 still plays right after seat s), so every rule that
    counts seats relative to one another (birds, 下家, 截胡 order) gives the same
    answer rotated by k: the invariant DESIGN.md asks every variant to keep.
    """
    out = copy.deepcopy(body)
    n = len(out["players"])

    def r(seat: int | None) -> int | None:
        return None if seat is None else (seat + k) % n

    players: list[Any] = [None] * n
    for p in out["players"]:
        p["seat"] = r(p["seat"])
        for m in p.get("melds", []):
            if m.get("from") is not None:
                m["from"] = r(m["from"])
        for d in p.get("discards", []):
            if isinstance(d, dict) and d.get("claimed_by") is not None:
                d["claimed_by"] = r(d["claimed_by"])
        players[p["seat"]] = p
    out["players"] = players
    out["dealer"] = r(out.get("dealer", 0))
    if out.get("last_drawer") is not None:
        out["last_drawer"] = r(out["last_drawer"])
    for w in out.get("wins", []):
        w["winner"], w["from"] = r(w["winner"]), r(w.get("from"))
    return out


GOLDEN = Path(__file__).parent / "golden"


def golden_request(variant: str, name: str) -> dict[str, Any]:
    """A fresh copy of a golden case's request, to vary in a unit test."""
    case = json.loads((GOLDEN / variant / f"{name}.json").read_text(encoding="utf-8"))
    request: dict[str, Any] = case["request"]
    return copy.deepcopy(request)


def totals(body: dict[str, Any]) -> list[int]:
    """Per-seat totals of a round settled by the engine."""
    return [s["total"] for s in api.settle(body)["scores"]]


def rejections(body: dict[str, Any]) -> list[tuple[str, str]]:
    """(code, pointer) of every reason the engine rejects a round; fails if it settles."""
    with pytest.raises(InvalidRound) as e:
        api.settle(body)
    return [(x.code, x.pointer) for x in e.value.errors]
