"""The one JSON serialisation every answer uses: compact, keys sorted, non-ASCII kept, UTF-8."""

from __future__ import annotations

import json
from typing import Any


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def encode(obj: Any) -> bytes:
    return dumps(obj).encode("utf-8")
