"""贵阳捉鸡 table options: every 勾选项 of the seed plus the readings the seed leaves open.

Seed: 000_3c064d3c0991bdb9.txt (cited as ``000:line``). Each option names the line it
comes from; docs/variants/guiyang-zhuoji.md explains the readings behind the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...options import option
from ...passes import passed_pongs_flag, passed_wins_flag


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every amount is multiplied by it", minimum=1)
    multi_win: bool = option(True, "一炮多响", "One discard may be won by several players (000:181, 默认项)")
    self_draw_double: bool = option(False, "自摸翻倍", "A self-drawn win's 胡牌分 is doubled (000:165, 勾选项)")
    robbing_kong_pays_all: bool = option(
        True, "抢杠包两家", "抢杠: the winner scores as if self-drawn and the robbed player pays every share (000:175, 默认项)")
    robbed_kong_burns_dou: bool = option(
        False, "抢杠烧豆", "The robbed player collects no 豆 points but still pays (000:167, 勾选项)")
    robbed_kong_burns_chicken: bool = option(
        False, "抢杠烧鸡", "The robbed player collects no 鸡 points but still pays (000:169, 勾选项)")
    exposed_dou_from_all: bool = option(
        False, "点豆3分/人", "点豆 is paid 3 by every other player instead of 3 by the discarder (reading of '3分/人', 000:53)")
    wugu_chicken: bool = option(False, "乌骨鸡", "8筒 is a default chicken worth 2, with 冲锋/责任/金 forms (000:79-91, 勾选项)")
    mantang_chicken: bool = option(
        False, "满堂鸡", "Unclaimed discards of the flipped chicken count for their discarder too (000:95, 勾选项)")
    diamond_chicken: bool = option(False, "钻石鸡", "A flipped 红中 makes 红中 a chicken worth 4 (000:97, 勾选项)")
    silver_chicken: bool = option(False, "银鸡", "A flipped 9筒/9万 makes 1筒/1万 a chicken worth 2 (000:99, 勾选项)")
    bao_chicken: bool = option(
        True, "包鸡", "A player not ready pays the ready players for the default chickens they discarded or melded (000:93, 177)")
    discarded_default_chickens: bool = option(
        True, "打出的鸡算分", "A ready player's unclaimed discarded 幺鸡/乌骨鸡 count as their chickens "
        "(the mirror of 包鸡, '怎样收分就怎样赔', 000:93)")
    full_chicken_pure_suit: bool = option(
        False, "满鸡清一色", "A winner holding all four flipped chickens scores at least 清一色 (000:151, 勾选项)")
    kill_ready_paid_by: str = option(
        "all", "杀听由谁付", "Who pays the +10 of 杀听 on a self-draw: every payer of the win, or only the 报听 player(s) "
        "(000:159)", choices=("all", "declarer"))
    earthly_after_meld: str = option(
        "winner", "碰杠后不算地胡", "Whose pong or kong ends 地胡 (000:155 碰杠后不算地胡): only the winner's own, or any "
        "player's at the table", choices=("winner", "table"))
    three_player_draw_dealer: str = option(
        "dealer", "三人荒庄坐庄", "3 players, 荒庄 with the dealer and one non-dealer ready: the dealer keeps the deal "
        "(000:43) or the one player not ready deals (000:41)", choices=("dealer", "not_ready"))


@dataclass(frozen=True)
class Flags:
    """Per-player records: 过胡限制 and 过碰限制 (000:183-185)."""

    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag(
        "000:183 过胡限制", "that tile", "its hand changes (a draw, pong or kong)")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag(
        "000:185 过碰限制", "its hand changes (a draw, pong or kong)")
