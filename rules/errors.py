"""Typed errors for rounds that cannot have happened; each carries a JSON pointer."""

from __future__ import annotations

from dataclasses import dataclass


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


def pointer(*parts: object) -> str:
    """Build a JSON pointer from path parts, escaping ``~`` and ``/`` per RFC 6901."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def fail(code: str, ptr: str, detail: str) -> InvalidRound:
    """Shorthand: ``raise fail("unknown_tile", "/players/0/hand/3", "...")``."""
    return InvalidRound(RoundError(code, ptr, detail))
