"""Typed errors for rounds that cannot have happened; each carries a JSON pointer."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RoundError:
    """One reason a round is rejected.

    ``code`` is stable (clients may switch on it), ``pointer`` is an RFC 6901 JSON
    pointer into the request body, ``detail`` is a human sentence.
    """

    code: str
    pointer: str
    detail: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "pointer": self.pointer, "detail": self.detail}


class InvalidRound(Exception):
    """Raised by the engine for a request that is well-formed JSON but impossible."""

    def __init__(self, errors: list[RoundError] | RoundError) -> None:
        self.errors: list[RoundError] = errors if isinstance(errors, list) else [errors]
        super().__init__("; ".join(f"{e.pointer}: {e.detail}" for e in self.errors))


def is_object(v: object) -> bool:
    """Whether ``v`` is a JSON object: a dict, told by its type first (nearly always: no ABC
    check, which runs as Python even compiled), else any Mapping."""
    return type(v) is dict or isinstance(v, Mapping)


def pointer(*parts: object) -> str:
    """Build a JSON pointer from path parts, escaping ``~`` and ``/`` per RFC 6901."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def unused_field_errors(body: Mapping[str, Any], fields: Iterable[str], why: str,
                        player_fields: Iterable[str] = ()) -> list[RoundError]:
    """422 ``field_not_used`` for each of ``fields`` the body gives (null counts as absent), and
    each of ``player_fields`` of each player: the other game's fields (mahjong or cards)."""
    errors = [RoundError("field_not_used", f"/{k}", f"{k!r} {why}") for k in fields if body.get(k) is not None]
    players = body.get("players")
    if isinstance(players, list) and player_fields:
        errors += [RoundError("field_not_used", f"/players/{i}/{k}", f"{k!r} {why}")
                   for i, p in enumerate(players) if is_object(p) for k in player_fields
                   if p.get(k) is not None]
    return errors


def fail(code: str, ptr: str, detail: str) -> InvalidRound:
    """Shorthand: ``raise fail("unknown_tile", "/players/0/hand/3", "...")``."""
    return InvalidRound(RoundError(code, ptr, detail))
