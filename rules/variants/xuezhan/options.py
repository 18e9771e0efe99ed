"""血战到底 table options and per-player flags (defaults and readings: docs/variants/xuezhan.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...options import option

CAP_CHOICES: Final = (4, 8, 16, 32, 64, 128, 256)
"""封顶 as a multiplier: 三番 ×4 … 九番 ×256 in the seed's counting (一番 ×1, 001:575)."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every amount (win, kong, 查花猪, 查大叫) is multiplied by it",
                              minimum=1, maximum=100_000)
    cap: int | None = option(
        32, "封顶倍数", "Fan cap as a multiplier (六番 ×32 by default, the seed's highest pattern, 001:590); "
        "null = 不封顶. 查花猪 pays it (001:571)", choices=CAP_CHOICES, kind="integer", nullable=True)
    flower_pig_multiplier: int | None = option(
        None, "花猪赔付倍数", "What a 花猪 pays each non-花猪 player when there is no cap; null = the cap (001:571)",
        choices=CAP_CHOICES, kind="integer", nullable=True)
    self_draw_bonus: str = option(
        "add_base", "自摸加底/自摸加番", "自摸 bonus: add_base (every payer adds one 底分, after the cap), add_fan "
        "(one more 番, within the cap) or none", choices=("add_base", "add_fan", "none"))
    kong_exposed: int = option(2, "直杠", "直杠 (刮风, kong on a discard): points the discarder pays, × 底分",
                               minimum=0, maximum=100)
    kong_added: int = option(1, "补杠", "补杠 (刮风, added kong): points each player still in pays, × 底分",
                             minimum=0, maximum=100)
    kong_concealed: int = option(2, "暗杠", "暗杠 (下雨, concealed kong): points each player still in pays, × 底分",
                                 minimum=0, maximum=100)
    dian_gang_hua: str = option(
        "self_draw", "点杠花", "杠上花 on the replacement of a 直杠: paid as a self-draw by everyone still in "
        "(self_draw) or as a discard by the seat that fed the kong (discard)", choices=("self_draw", "discard"))
    call_transfer_multi: str = option(
        "split", "一炮多响呼叫转移", "呼叫转移 when the 杠上炮 is won by several (001:569, 573): split the kong income "
        "equally (remainder to the winners nearest after the discarder) or give it all to the nearest (first)",
        choices=("split", "first"))


@dataclass(frozen=True)
class Flags:
    dingque: str | None = option(
        None, "定缺", "The suit this player declared void before play (001:568); null = not given, and 花猪 is then "
        "judged by three suits alone (001:571)", kind="suit", nullable=True)
