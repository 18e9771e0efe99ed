"""The variant registry: an explicit list, one import per calculator."""

from __future__ import annotations

from ..variant import Variant
from . import (
    anhua,
    caishen_hushu,
    caishen_ruanying,
    caishen_sancaishen,
    caishen_taishu,
    chongcao,
    doudizhu,
    erren,
    guiyang_zhuoji,
    guobiao,
    handan,
    hunan_zhuaniao,
    maihua,
    shuangkou,
    xuezhan,
    zhuanzhuan,
)
from .chongcao import xiagang
from .hongzhong import HONGZHONG, HONGZHONG_ZHAMA

_ALL: list[Variant] = [
    guiyang_zhuoji.VARIANT,
    anhua.VARIANT,
    hunan_zhuaniao.VARIANT,
    zhuanzhuan.VARIANT,
    xuezhan.VARIANT,
    HONGZHONG,
    HONGZHONG_ZHAMA,
    handan.VARIANT,
    caishen_sancaishen.VARIANT,
    caishen_taishu.VARIANT,
    caishen_hushu.VARIANT,
    caishen_ruanying.VARIANT,
    erren.VARIANT,
    guobiao.VARIANT,
    maihua.VARIANT,
    chongcao.VARIANT,
    xiagang.VARIANT,
    doudizhu.VARIANT,
    shuangkou.VARIANT,
]

REGISTRY: dict[str, Variant] = {v.id: v for v in _ALL}
