"""Kong tables of the variants whose kongs pay a fixed amount by kind (转转, 红中, 红中扎码,
财神·三财神): one row per kind, and who pays it."""

from __future__ import annotations

from dataclasses import dataclass

from ..snapshot import Meld
from ..variant import seats_after


@dataclass(frozen=True)
class KongRule:
    """One kong row: its 中文/English name, the points, who pays the konger, the seed line."""

    zh: str
    en: str
    points: int
    from_everyone: bool  # every other player pays; otherwise only the seat that fed it
    source: str


def kong_payers(seat: int, kong: Meld, rule: KongRule, n: int) -> list[int]:
    """Every other seat (每家), or the seat that fed the kong (放杠)."""
    if rule.from_everyone:
        return seats_after(seat, n)
    assert kong.from_seat is not None  # check_common requires the feeder of an exposed kong
    return [kong.from_seat]
