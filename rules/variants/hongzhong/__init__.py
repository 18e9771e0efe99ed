"""红中麻将 (``hongzhong``, 001:221-262) and 红中麻将·扎码 (``hongzhong-zhama``, 001:263-293):
two calculators sharing the 红中 wildcard, kong payments and win checks (``shared``)."""

from __future__ import annotations

from .hongzhong import VARIANT as HONGZHONG
from .zhama import VARIANT as HONGZHONG_ZHAMA

__all__ = ["HONGZHONG", "HONGZHONG_ZHAMA"]
