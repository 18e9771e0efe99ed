"""胡牌分: the pattern, the 名堂 on top, 满鸡清一色 and 自摸翻倍, one line each per payer.

自摸: every other player pays; 点炮: the discarder pays (000:201-203). 抢杠 under 抢杠包两家:
the winner scores as if self-drawn and the robbed player pays every share (000:175).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...snapshot import Win
from .chickens import full_of_flipped
from .facts import Facts, Line
from .patterns import BONUSES, TEN_POINT_BONUSES, HandValue, cite


@dataclass(unsafe_hash=True)
class Share:
    """One payer's part of a win: whose share it is and who actually pays it (built like the
    core's value classes, rules/ledger.py: a frozen dataclass is ~15x as dear to build compiled)."""

    share_of: Final[int]
    payer: Final[int]
    how: Final[str]

    def __init__(self, share_of: int, payer: int, how: str) -> None:
        self.share_of = share_of
        self.payer = payer
        self.how = how


def shares(f: Facts, win: Win) -> list[Share]:
    w = win.winner
    if win.self_drawn:
        return [Share(s, s, f"自摸: seat {s} pays") for s in f.others(w)]
    robbed = win.from_seat
    assert robbed is not None
    if win.robbing_kong and f.opts.robbing_kong_pays_all:
        return [Share(s, robbed, f"抢杠包两家: seat {robbed} pays " + ("its own share" if s == robbed else f"seat {s}'s share"))
                for s in f.others(w)]
    how = "抢杠" if win.robbing_kong else "点炮"
    return [Share(robbed, robbed, f"{how}: seat {robbed} pays")]


def kills_ready(f: Facts, win: Win, share_of: int | None = None) -> bool:
    """杀听: won on a 报听 player's discard, or self-drawn while another player had declared (000:159).

    With ``kill_ready_paid_by = "declarer"`` a self-draw's +10 is in the 报听 players' shares only.
    """
    if not win.self_drawn:
        return win.from_seat is not None and f.declared[win.from_seat]
    killed = [s for s in f.others(win.winner) if f.declared[s]]
    if share_of is None or f.opts.kill_ready_paid_by == "all":
        return bool(killed)
    return share_of in killed


def bonuses(f: Facts, win: Win, share_of: int | None = None) -> list[str]:
    """The 名堂 of a win (for one payer's share when 杀听 depends on the payer)."""
    flags = (("gangkai", win.kong_draw), ("qianggang", win.robbing_kong), ("repao", win.after_kong_discard),
             ("tianhu", win.heavenly), ("dihu", win.earthly), ("baoting", f.declared[win.winner]),
             ("shating", kills_ready(f, win, share_of)))
    return [pid for pid, on in flags if on]


def pattern_points(value: HandValue, bonus_ids: list[str]) -> int:
    """平胡 counts 0 once a +10 名堂 applies ("平胡0分、抢杠±10分", 000:147-159)."""
    if value.is_plain and any(b in TEN_POINT_BONUSES for b in bonus_ids):
        return 0
    return value.value


def win_lines(f: Facts, win: Win) -> list[Line]:
    value = f.values[win.winner]
    assert value is not None
    full = f.opts.full_chicken_pure_suit and full_of_flipped(f, win.winner)
    out: list[Line] = []
    for share in shares(f, win):
        out += _share_lines(f, win, value, share, full)
    return out


def _share_lines(f: Facts, win: Win, value: HandValue, share: Share, full: bool) -> list[Line]:
    ids = bonuses(f, win, share.share_of)
    base = pattern_points(value, ids)
    w, payer = win.winner, share.payer
    p = value.pattern
    why = f"seat {w} wins on {win.tile}; {share.how}"
    shown = f"{p.zh} {base}" + (" (平胡 counts 0 beside a +10 名堂)" if base != value.value else "")
    lines = [Line("hu", p.zh, p.en, payer, w, base, f"{shown} ({cite(p)}); {why}")]
    lines += [Line("hu", BONUSES[b].zh, BONUSES[b].en, payer, w, BONUSES[b].value,
                   f"{BONUSES[b].zh} +{BONUSES[b].value} ({cite(BONUSES[b])}); {why}") for b in ids]
    if full and base < BONUSES["manji"].value:
        lift = BONUSES["manji"].value - base
        lines.append(Line("hu", BONUSES["manji"].zh, BONUSES["manji"].en, payer, w, lift,
                          f"满鸡清一色 +{lift}: all four flipped chickens are seat {w}'s, {p.zh} {base} counts as "
                          f"清一色 10 (000:151); {why}"))
    if win.self_drawn and f.opts.self_draw_double:
        total = sum(x.points for x in lines)
        lines.append(Line("hu", BONUSES["zimo_double"].zh, BONUSES["zimo_double"].en, payer, w, total,
                          f"自摸翻倍: the 胡牌分 {total} once more (000:165); {why}"))
    return lines
