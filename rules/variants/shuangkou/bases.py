"""双扣 基准分 (001:71-76; reading S3): how a round can end and what each ending is worth.

One table serves both the check of the finishing order and the payment: with four players the
ending is told by how many seats played out and where the 头游's partner came; with two or three,
each loser's 基准分 comes from its own cards left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

TEAMS: Final = 4  # S2: only a table of four plays in pairs, partners opposite


def partner(seat: int) -> int:
    """S2: the partner sits opposite at a table of four."""
    return (seat + 2) % TEAMS


@dataclass(frozen=True)
class Base:
    """基准分 (001:71): a result type, its points and names."""

    id: str
    zh: str
    en: str
    points: int
    seed: str


SHUANGKOU: Final = Base("shuangkou", "双扣", "Double win", 3, "001:71")
DANKOU: Final = Base("dankou", "单扣", "Single win", 2, "001:71")
PINGKOU: Final = Base("pingkou", "平扣", "Level win", 1, "001:71")
BASES: Final = (SHUANGKOU, DANKOU, PINGKOU)

NOT_OUT: Final = 0  # the 头游's partner still holds cards
ENDINGS: Final[dict[tuple[int, int], Base]] = {
    (2, 2): SHUANGKOU,  # 头游 and partner out 1st and 2nd: the round ends there
    (3, 3): DANKOU,  # the partner out 3rd
    (3, NOT_OUT): PINGKOU,  # the two opponents out 2nd and 3rd, the partner last
}
"""S3, four players: (seats out, the partner's place) → 基准分; any other finishing order cannot be."""


def ending(order: tuple[int, ...]) -> Base | None:
    """S3, four players: the ending a finishing order makes, ``None`` when it is no ending."""
    mate = partner(order[0])
    return ENDINGS.get((len(order), order.index(mate) + 1 if mate in order else NOT_OUT))


@dataclass(frozen=True)
class LeftRow:
    """A row of the two-player table (001:72-76): a loser holding ``least``..``most`` cards."""

    least: int
    most: int
    base: Base
    seed: str


CARDS_LEFT: Final[tuple[LeftRow, ...]] = (
    LeftRow(1, 4, PINGKOU, "001:74"),
    LeftRow(5, 10, DANKOU, "001:75"),
    LeftRow(11, 10 ** 6, SHUANGKOU, "001:76"),  # 张数≥11; the 全炸 column is the same (S3)
)


def base_by_cards_left(left: int) -> Base:
    """S3, two and three players: a loser's 基准分 from its own cards left (001:72-76)."""
    return next(row.base for row in CARDS_LEFT if row.least <= left <= row.most)
