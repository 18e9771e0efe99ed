"""The engine behind the very checks of ``POST /v1/settlements``, for the surfaces that do
not go through HTTP: the command line and the Dask recompute job.

The engine alone reads what it needs and does not look at the rest; the HTTP layer also
holds the body to the contract (no unknown field, integral ``3.0`` read as 3). Without the
same here, a typo such as ``"kongdraw": true`` would be refused over HTTP and silently
dropped (a point lost) by a recompute.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import api
from rules.batch import settle_line
from rules.errors import InvalidRound, RoundError

from .jsonio import loads
from .schemas import ROUND, shape_errors


def round_shape_errors(body: Mapping[str, Any]) -> list[RoundError]:
    return shape_errors(ROUND, body)


def settle_checked(body: object) -> dict[str, Any]:
    """What ``POST /v1/settlements`` answers for ``body`` (raises InvalidRound for a 422)."""
    if not isinstance(body, Mapping):
        raise InvalidRound(RoundError("invalid_type", "", "a round must be a JSON object"))
    errors = round_shape_errors(body)
    if errors:
        raise InvalidRound(errors)
    return api.settle(body)


def settle_checked_line(line: str, number: int) -> dict[str, Any]:
    """One JSONL line, read and checked as a request body is, then settled."""
    return settle_line(line, number, round_shape_errors, loads)
