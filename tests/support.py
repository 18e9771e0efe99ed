"""Helpers shared by the test modules (not tests themselves)."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.errors import InvalidRound
from rules.tiles import ALL_FACES, is_flower, parse_tiles


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


def won(tile: str, frm: int | None = None, winner: int = 1, **flags: Any) -> dict[str, Any]:
    """A request's win of ``tile`` by ``winner`` (seat 1 unless given), from ``frm`` (``None``: self-drawn)."""
    return {"winner": winner, "from": frm, "tile": tile, **flags}


def rows(body: dict[str, Any]) -> list[str]:
    """The winner's patterns in the engine's answer."""
    return next(h["patterns"] for h in api.settle(body)["hands"] if h["won"])


def lines(body: dict[str, Any], kind: str) -> list[tuple[int, int, int]]:
    """The answer's items of ``kind`` as (payer, payee, points)."""
    return [(i["payer"], i["payee"], i["points"]) for i in api.settle(body)["items"] if i["kind"] == kind]


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


def caishen_round(variant: str, set_aside: tuple[str, ...], hand: str, wins: list[dict[str, Any]], *,
                  melds: list[dict[str, Any]] | None = None, winner: int = 1, dealer: int = 0, n: int = 4,
                  wild: str | None = "9p", options: dict[str, Any] | None = None,
                  seats: dict[int, dict[str, Any]] | None = None, wall: int | None = 40,
                  discards: list[dict[str, Any]] | None = None, flowers: str = "") -> dict[str, Any]:
    """A round of a 财神 table with 16-tile hands (台数, 台数胡数): ``winner`` holds ``hand``, ``melds``,
    ``discards`` and ``flowers``; seats in ``seats`` are given; every other seat holds 16 filler
    tiles, never the 财神 ``wild`` nor a face the table sets aside as a flower (``set_aside``)."""
    given = {winner: {"hand": tiles(hand), "melds": melds or [], "discards": discards or [],
                      "flowers": tiles(flowers) if flowers else []}}
    for s, p in (seats or {}).items():
        given[s] = {"hand": tiles(p.get("hand", "")), "melds": p.get("melds", []), "discards": p.get("discards", []),
                    "flowers": tiles(p["flowers"]) if p.get("flowers") else []}
    used: Counter[str] = Counter()
    for p in given.values():
        used.update(p["hand"])
        used.update(p["flowers"])
        for m in p["melds"]:
            used.update(meld_tiles(m))
        used.update(d["tile"] for d in p["discards"] if d.get("claimed_by") is None)
    for w in wins:
        used[w["tile"]] += 1
    if wild is not None:
        used[wild] += 1
    faces = [f for f in reversed(ALL_FACES) if not is_flower(f) and f not in (wild, *set_aside)]
    pool = [f for f in faces for _ in range(4 - used[f])]
    players = []
    for s in range(n):
        if s in given:
            players.append({"seat": s, **given[s]})
        else:
            players.append({"seat": s, "hand": pool[:16], "melds": [], "discards": []})
            pool = pool[16:]
    body: dict[str, Any] = {"variant": variant, "dealer": dealer, "players": players, "wins": wins,
                            "wall_remaining": wall, "options": options or {}}
    if wild is not None:
        body["reveals"] = {"wild_indicator": wild}
    return body


def break_caishen_round(body: dict[str, Any], rng: random.Random, faces: list[str],
                        options: Callable[[random.Random], dict[str, Any]] | None = None) -> dict[str, Any]:
    """A generated 财神 round broken a little at random (a fuzz test's input): a hand tile, a
    flower, the 财神, the wall, a win flag, the options ``options(rng)`` draws (when given), or a
    second win."""
    b = copy.deepcopy(body)
    p = rng.choice(b["players"])
    what = rng.randrange(7 if options else 6)
    if what == 0 and p["hand"]:
        p["hand"][rng.randrange(len(p["hand"]))] = rng.choice(faces)
    elif what == 1:
        p.setdefault("flowers", []).append(rng.choice(faces))
    elif what == 2:
        b["reveals"] = {"wild_indicator": rng.choice(faces)}
    elif what == 3:
        b["wall_remaining"] = rng.randrange(30)
    elif what == 4 and b["wins"]:
        b["wins"][0][rng.choice(["last_tile", "heavenly", "earthly", "kong_draw", "robbing_kong"])] = True
    elif what == 5 and options:
        b["options"] = options(rng)
    else:
        b["wins"] = [*b["wins"], {"winner": rng.randrange(len(b["players"])), "from": None, "tile": rng.choice(faces)}]
    return b
