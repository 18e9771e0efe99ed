"""The variant registry: an explicit list, one import per calculator."""

from __future__ import annotations

from ..variant import Variant
from . import hunan_zhuaniao, xuezhan, zhuanzhuan
from .hongzhong import HONGZHONG, HONGZHONG_ZHAMA

_ALL: list[Variant] = [
    hunan_zhuaniao.VARIANT,
    zhuanzhuan.VARIANT,
    xuezhan.VARIANT,
    HONGZHONG,
    HONGZHONG_ZHAMA,
]

REGISTRY: dict[str, Variant] = {v.id: v for v in _ALL}
