"""双扣 bombs and their 线数 (001:46-68; readings S4-S8): what a bomb is, the stacking ①②③, and
the 贡献分 and 炸弹翻倍 tables.

Pure functions over cards and multisets of 线数; every table is data (rows with the seed line
they come from), so the tests and ``GET /v1/variants/shuangkou`` read the same rows the money
does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...cards import BLACK_JOKER, JOKERS, N_RANKS, RED_JOKER, TWO, Rank, card_strings, counts_of

FOUR: Final = 4  # the smallest bomb: four cards of a rank, 4线 (S4)
MOST_OF_A_RANK: Final = 8  # two decks hold eight of a rank: the longest natural bomb (S1, S4)
TOP: Final = 12  # the last row of both tables (001:56, 001:68); above it, that row (S7, S8)
FOUR_JOKERS: Final[tuple[Rank, ...]] = (BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER)  # 天王炸 (S4)

# -- modes (S5) -----------------------------------------------------------------------------

CLASSIC_COLUMN: Final = 0  # 炸弹翻倍 columns (001:58): 经典/百变, 千变, 全炸
QIANBIAN_COLUMN: Final = 1
QUANZHA_COLUMN: Final = 2


@dataclass(frozen=True)
class Mode:
    """玩法 (S5): which jokers are wild and which column of each table is read."""

    id: str
    zh: str
    en: str
    wilds: frozenset[Rank]
    full: bool  # the 全炸 column of the 贡献分 table (001:48), else 非全炸
    doubling: int  # the column of the 炸弹翻倍 table (001:58)


MODES: Final[dict[str, Mode]] = {m.id: m for m in (
    Mode("classic", "经典", "Classic: no wild card", frozenset(), False, CLASSIC_COLUMN),
    Mode("baibian", "百变", "Baibian: the two red jokers wild", frozenset({RED_JOKER}), False, CLASSIC_COLUMN),
    Mode("qianbian", "千变", "Qianbian: all four jokers wild", JOKERS, False, QIANBIAN_COLUMN),
    Mode("quanzha", "全炸", "Quanzha: all four jokers wild", JOKERS, True, QUANZHA_COLUMN),
)}

# -- bombs (S4) -------------------------------------------------------------------------------

NATURAL: Final = "natural"
JOKER_BOMB: Final = "four_jokers"
WILD: Final = "wild"


@dataclass(frozen=True)
class BombKind:
    """炸弹 kinds of S4, for the variant's description."""

    id: str
    zh: str
    en: str
    cards: str
    seed: str


BOMB_KINDS: Final[tuple[BombKind, ...]] = (
    BombKind(NATURAL, "炸弹", "Bomb", "4 to 8 cards of one rank (3…2); 线数 = the number of cards", "001:47; S4"),
    BombKind(JOKER_BOMB, "天王炸", "Four jokers", "BJ BJ RJ RJ; 线数 = option four_jokers_lines (default 6)", "S4"),
    BombKind(WILD, "百变炸弹", "Bomb with wild jokers",
             "baibian, qianbian, quanzha: cards of one rank with wild jokers standing in, at least one natural card and "
             "four cards in all; 线数 = the number of cards", "S4, S5"),
)


@dataclass(frozen=True)
class Bomb:
    """A bomb: its cards (ascending), its kind (:data:`BOMB_KINDS`) and its 线数."""

    cards: tuple[Rank, ...]
    kind: str
    lines: int

    # built per bomb: its own __init__ (the generated one runs as Python compiled; rules/ledger.py)
    def __init__(self, cards: tuple[Rank, ...], kind: str, lines: int) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "lines", lines)

    def report(self) -> dict[str, object]:
        """The bomb as answers show it (a settlement's hand reports, an analysis)."""
        return {"cards": card_strings(self.cards), "lines": self.lines}


def bomb_of(cards: Sequence[Rank], wilds: frozenset[Rank], four_jokers_lines: int) -> Bomb | None:
    """S4: the bomb ``cards`` make when played in a mode with these ``wilds``, else ``None``."""
    if len(cards) < FOUR:
        return None
    counts = counts_of(cards)
    ordered = tuple(sorted(cards))
    if ordered == FOUR_JOKERS:  # before the wild reading: four wild jokers alone have no natural card
        return Bomb(ordered, JOKER_BOMB, four_jokers_lines)
    natural = [r for r in range(N_RANKS) if counts[r] and r not in wilds]
    if len(natural) != 1 or natural[0] > TWO or counts[natural[0]] > MOST_OF_A_RANK:
        return None  # two ranks, jokers that are not wild, or more than two decks hold
    return Bomb(ordered, NATURAL if counts[natural[0]] == len(cards) else WILD, len(cards))


def hand_bombs(cards: Sequence[Rank], four_jokers_lines: int) -> tuple[Bomb, ...]:
    """S4, bombs in a hand: each rank held four times or more, and the four jokers held together
    (wild jokers stand in for nothing in a hand: a player who wants them in a bomb plays them)."""
    counts = counts_of(cards)
    out = [Bomb((r,) * counts[r], NATURAL, counts[r]) for r in range(TWO + 1) if counts[r] >= FOUR]
    if counts[BLACK_JOKER] >= 2 and counts[RED_JOKER] >= 2:
        out.append(Bomb(FOUR_JOKERS, JOKER_BOMB, four_jokers_lines))
    return tuple(out)


# -- stacking (001:47, S6) --------------------------------------------------------------------


@dataclass(frozen=True)
class StackRule:
    """One clause of the 线数叠加公式 (001:47): N bombs of X线, X in [low, high], N ≥ ``least``,
    become one bomb of N + X + ``plus`` 线."""

    low: int
    high: int
    least: int
    plus: int
    seed: str


STACK_RULES: Final[tuple[StackRule, ...]] = (
    StackRule(FOUR, FOUR, 4, -2, "001:47 ①"),  # N个4线炸弹，N≥4, 线数=N+4-2
    StackRule(5, 10 ** 6, 2, -1, "001:47 ②"),  # N个X线炸弹, X≥5，N≥2, 线数=N+X-1
)


def _stacked_lines(x: int, n: int) -> int:
    """The 线数 ``n`` bombs of ``x``线 stack to, or 0 when no clause of 001:47 applies."""
    for rule in STACK_RULES:
        if rule.low <= x <= rule.high and n >= rule.least:
            return n + x + rule.plus
    return 0


@dataclass(frozen=True)
class Stacked:
    """A player's bombs after stacking (S6): the 线数 left, highest first, and the 3个4线 flag."""

    left: tuple[int, ...]
    three_fours: bool  # exactly three 4线 bombs, left unstacked (001:60)

    def __init__(self, left: tuple[int, ...], three_fours: bool) -> None:  # (as Bomb's)
        object.__setattr__(self, "left", left)
        object.__setattr__(self, "three_fours", three_fours)

    @property
    def lines(self) -> int:
        """The 贡献线数: the highest 线数 left (③ 计算高线数炸弹贡献分); 0 without a bomb."""
        return self.left[0] if self.left else 0


def stack(lines: Iterable[int]) -> Stacked:
    """S6: from the lowest 线数 up, bombs of one 线数 stack by ① or ② into one bomb, which joins
    the bombs of its new 线数 and may stack again with them (③ 相同低线数叠加成高线数)."""
    count: dict[int, int] = {}
    for x in lines:
        count[x] = count.get(x, 0) + 1
    x = min(count, default=0)
    while count and x <= max(count):
        n = count.get(x, 0)
        made = _stacked_lines(x, n) if n else 0
        if made:
            del count[x]
            count[made] = count.get(made, 0) + 1
        x += 1
    left = tuple(sorted((k for k, n in count.items() for _ in range(n)), reverse=True))
    return Stacked(left, count.get(FOUR, 0) == 3)


# -- 贡献分 (001:48-56, S7) ---------------------------------------------------------------------


@dataclass(frozen=True)
class ContributionRow:
    """A row of the 贡献分 table (001:48-56): points from each other player (分数/人)."""

    lines: int
    partial: int  # 非全炸
    full: int  # 全炸
    seed: str


CONTRIBUTION_ROWS: Final[tuple[ContributionRow, ...]] = (
    ContributionRow(6, 2, 2, "001:50"),
    ContributionRow(7, 4, 6, "001:51"),
    ContributionRow(8, 8, 10, "001:52"),
    ContributionRow(9, 16, 15, "001:53"),
    ContributionRow(10, 32, 20, "001:54"),
    ContributionRow(11, 64, 25, "001:55"),
    ContributionRow(12, 128, 30, "001:56"),
)
CONTRIBUTION: Final[dict[int, ContributionRow]] = {r.lines: r for r in CONTRIBUTION_ROWS}
LEAST_PAID: Final = CONTRIBUTION_ROWS[0].lines  # the table starts at 6线: below it, nothing (S7)


def contribution(lines: int, full: bool) -> int:
    """贡献分 per other player for a bomb of ``lines`` 线 (S7): the table's row, the 12线 row above 12."""
    if lines < LEAST_PAID:
        return 0
    row = CONTRIBUTION[min(lines, TOP)]
    return row.full if full else row.partial


# -- 炸弹翻倍 (001:57-68, S8) --------------------------------------------------------------------


@dataclass(frozen=True)
class DoublingRow:
    """A row of the 炸弹翻倍 table (001:57-68): the factor per column (经典/百变, 千变, 全炸);
    ``None`` is the seed's "/"."""

    id: str
    zh: str
    lines: int  # 0: the 3个4线 row
    factors: tuple[int | None, int | None, int | None]
    seed: str


THREE_FOURS: Final = DoublingRow("three_fours", "3个4线", 0, (2, 2, 2), "001:60")
DOUBLING_ROWS: Final[tuple[DoublingRow, ...]] = (
    THREE_FOURS,
    DoublingRow("5", "5线", 5, (2, 2, 2), "001:61"),
    DoublingRow("6", "6线", 6, (4, 4, 4), "001:62"),
    DoublingRow("7", "7线", 7, (8, 8, 8), "001:63"),
    DoublingRow("8", "8线", 8, (16, 16, 16), "001:64"),
    DoublingRow("9", "9线", 9, (32, 32, 20), "001:65"),
    DoublingRow("10", "10线", 10, (64, 64, 24), "001:66"),
    DoublingRow("11", "11线", 11, (128, 128, 28), "001:67"),
    DoublingRow("12", "12线", 12, (None, 256, 32), "001:68"),
)
DOUBLING: Final[dict[int, DoublingRow]] = {r.lines: r for r in DOUBLING_ROWS if r.lines}
SLASH_READS_AS: Final = 11  # S8: 经典/百变's "/" at 12线 (no 12线 bomb is played there) is read as the 11线 row


def doubling_row(stacked: Stacked) -> DoublingRow | None:
    """S8: the row a player's played bombs reach (their stacked 贡献线数, the 12线 row above 12;
    3个4线 when that is all), or ``None``: ×1."""
    lines = min(stacked.lines, TOP)
    row = DOUBLING.get(lines)
    if row is None and stacked.three_fours:
        return THREE_FOURS
    return row


def doubling(stacked: Stacked, column: int) -> int:
    """S8: a player's 炸弹翻倍 factor in a column of 001:58 (1 below the table)."""
    row = doubling_row(stacked)
    if row is None:
        return 1
    factor = row.factors[column]
    if factor is None:
        factor = DOUBLING[SLASH_READS_AS].factors[column]
    assert factor is not None  # the 11线 row has every column
    return factor
