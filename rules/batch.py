"""Settling many rounds: one result per round, in order; one bad round spoils nothing.

Shared by the batch endpoint, the command line and the Dask recompute job, so every
surface reports rejections and mismatches the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .api import settle
from .errors import InvalidRound, RoundError

Check = Callable[[Mapping[str, Any]], list[RoundError]]
"""A shape check run before the engine (the service passes its request schema's, so every
surface refuses what ``POST /v1/settlements`` refuses)."""


def settle_one(body: object, check: Check | None = None) -> dict[str, Any]:
    """``{"status": 200, "settlement": …}`` or ``{"status": 422, "errors": […]}``."""
    try:
        if not isinstance(body, Mapping):
            raise InvalidRound(RoundError("invalid_type", "", "a round must be a JSON object"))
        errors = check(body) if check is not None else []
        if errors:
            raise InvalidRound(errors)
        return {"status": 200, "settlement": settle(body)}
    except InvalidRound as e:
        return {"status": 422, "errors": [x.to_dict() for x in e.errors]}


def settle_line(line: str, number: int, check: Check | None = None,
                loads: Callable[[str], Any] = json.loads) -> dict[str, Any]:
    """One JSONL line → a result carrying its line number and round id (400 for bad JSON)."""
    try:
        body = loads(line)
    except ValueError as e:
        return {"line": number, "status": 400, "errors": [{"code": "malformed_json", "pointer": "",
                                                            "detail": f"line {number}: {e}"}]}
    result = settle_one(body, check)
    round_id = body.get("round_id") if isinstance(body, Mapping) else None
    return {"line": number, "round_id": round_id, **result}


def is_mismatched(result: Mapping[str, Any]) -> bool:
    return result.get("status") == 200 and result["settlement"].get("mismatches", {}).get("count", 0) > 0


@dataclass
class Summary:
    """Counts over a batch: settled, rejected (4xx) and mismatched (settled but ≠ expected)."""

    settled: int = 0
    rejected: int = 0
    mismatched: int = 0

    def add(self, result: Mapping[str, Any]) -> None:
        if result.get("status") == 200:
            self.settled += 1
            self.mismatched += is_mismatched(result)
        else:
            self.rejected += 1

    def merge(self, other: Summary) -> None:
        self.settled += other.settled
        self.rejected += other.rejected
        self.mismatched += other.mismatched

    @property
    def total(self) -> int:
        return self.settled + self.rejected

    def to_dict(self) -> dict[str, int]:
        return {"total": self.total, "settled": self.settled, "rejected": self.rejected, "mismatched": self.mismatched}


def settle_lines(lines: Iterable[tuple[int, str]]) -> Iterator[dict[str, Any]]:
    for number, line in lines:
        if line.strip():
            yield settle_line(line, number)
