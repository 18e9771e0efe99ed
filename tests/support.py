"""Helpers shared by the test modules (not tests themselves)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.tiles import parse_tiles


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


def tiles(text: str) -> list[str]:
    """A compact tile string as a list of codes."""
    return list(parse_tiles(text, "/test"))


def pong(tile: str, frm: int = 0, turn: int | None = None) -> dict[str, Any]:
    """A pong meld, as a request writes it."""
    return {"type": "pong", "tile": tile, "from": frm, **({"turn": turn} if turn is not None else {})}


def kong(tile: str, kind: str, frm: int | None = None, turn: int | None = None) -> dict[str, Any]:
    """A kong meld of ``kind`` (concealed, added, exposed), as a request writes it."""
    m: dict[str, Any] = {"type": "kong", "kind": kind, "tile": tile}
    if frm is not None:
        m["from"] = frm
    if turn is not None:
        m["turn"] = turn
    return m


def chow(text: str, frm: int = 0) -> dict[str, Any]:
    """A chow meld of the compact tiles ``text``, as a request writes it."""
    return {"type": "chow", "tiles": tiles(text), "from": frm}


def meld_tiles(m: dict[str, Any]) -> list[str]:
    """Every tile a request's meld holds (a kong four)."""
    if m["type"] == "chow":
        return list(m["tiles"])
    return [m["tile"]] * (4 if m["type"] == "kong" else 3)
