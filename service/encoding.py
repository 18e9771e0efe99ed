"""The one JSON serialisation every answer uses: compact, keys sorted, non-ASCII kept, UTF-8.

The same canonical form the engine hashes for a digest (rules/canonical.py).
"""

from __future__ import annotations

from typing import Any

from rules.canonical import dumps, dumps_bytes

__all__ = ["dumps", "encode"]


def encode(obj: Any) -> bytes:
    return dumps_bytes(obj)
