"""豆: kongs score 3 per payer, collected only by a player who won or is ready (000:47-57).

爬坡豆 (added kong) and 闷豆 (concealed kong) are paid by every other player; 点豆 (kong
on a discard) by the discarder, or by everyone under the "3分/人" option (000:53).
憨包豆 (a kong made later than it could have been) scores 0 but is still a 通行证 (000:57).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...snapshot import Meld
from .facts import Facts, Line

POINTS: Final = 3
"""Every 豆 scores 3 per payer (000:51, 53, 55)."""


@dataclass(frozen=True)
class DouKind:
    zh: str
    en: str
    line: int  # seed line


KINDS: Final[Mapping[str, DouKind]] = MappingProxyType({
    "added": DouKind("爬坡豆", "Added Kong (爬坡豆)", 51),
    "exposed": DouKind("点豆", "Exposed Kong (点豆)", 53),
    "concealed": DouKind("闷豆", "Concealed Kong (闷豆)", 55),
})


def kind_of(meld: Meld) -> DouKind:
    assert meld.kind is not None
    return KINDS[meld.kind]


def dou_lines(f: Facts) -> tuple[list[Line], list[str]]:
    """The 豆 transfers of a round with a win, and notes on kongs that score nothing."""
    lines: list[Line] = []
    notes: list[str] = []
    for seat, p in enumerate(f.snap.players):
        for j, m in enumerate(p.melds):
            if not m.is_kong:
                continue
            kind = kind_of(m)
            label = f"{kind.zh} {m.tile} (seat {seat}, meld #{j + 1})"
            if m.delayed:
                notes.append(f"憨包豆: {label} was made late: 0 points, still a 通行证 (000:57)")
                continue
            if not f.ready[seat]:
                notes.append(f"{label}: not collected, seat {seat} is not ready (听牌才能收豆分, 000:49)")
                continue
            everyone = m.kind != "exposed" or f.opts.exposed_dou_from_all
            payers = f.others(seat) if everyone else [m.from_seat]
            for payer in payers:
                assert payer is not None
                lines.append(Line("dou", kind.zh, kind.en, payer, seat, POINTS,
                                  f"{label}: {POINTS} from seat {payer} (000:{kind.line})"))
    return lines, notes
