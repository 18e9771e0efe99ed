"""贵阳捉鸡麻将 (``guiyang-zhuoji``): seed 000_3c064d3c0991bdb9.txt; see calculator.py."""

from __future__ import annotations

from .calculator import VARIANT, GuiyangZhuoji

__all__ = ["VARIANT", "GuiyangZhuoji"]
