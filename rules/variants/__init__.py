"""The variant registry: an explicit list, one import per calculator."""

from __future__ import annotations

from ..variant import Variant

_ALL: list[Variant] = []

REGISTRY: dict[str, Variant] = {v.id: v for v in _ALL}
