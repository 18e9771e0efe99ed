"""财神麻将·台数胡数 Caishen mahjong counted in 台 and 胡数 — 001_a1ce558555b69162.txt lines 132-187.

136 tiles, 2-4 players, chow, pong and kong, a 16-tile hand (the dealer is dealt 17, 001:137).
Only 白板 is a flower, set aside when drawn (补花, 001:140); 中 and 发 play. The tile turned up
at the start is the 财神, a wildcard (001:139): its other three copies stand in for any tile in
play, are never discarded and never melded. A win is five sets and a pair (001:143-144), or any
hand holding the three 财神 (三财神 推倒胡, 001:158); one per round (001:137).

The winner is counted in 台 (001:149-163) and 胡数 (001:167-179) in its best reading (every way
the 财神 may stand, 归位 included: rules/variants/_caishen.py): 胡数 = (底数 + 胡数) × 2^台, or
500 at 3台 and 200 more per 台 above (001:182-183); every player's 分 is the 胡数 / 10 rounded up
(001:184). The winner collects its 分 from every other player; the others settle pairwise by
the difference of theirs (their melds and 白板: 胡数 × 2^台); with the dealer in it a pair settles
in full, between 闲家 half rounded up (001:185-187). A round drawn at 14 tiles left pays nothing
unless option ``draw_settles`` (001:141). The lead's readings behind each choice are in
docs/variants/caishen-hushu.md ("reading N").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Snapshot, Win
from ..tiles import SET_136, SUITED, WINDS, Tile, chinese, compact, is_honour, rank, suit
from ..variant import seat_wind, seats_after
from ..win_checks import win_flag_errors
from ._caishen import (
    CaishenLines,
    CaishenTable,
    Reading,
    analyze_request,
    hand_waits,
    next_dealer_option,
    readings,
    round_errors,
    round_next_dealer,
    wild_analysis,
)
from ._round import PerRound, PerWin

FLOWER_FACES: Final = frozenset({"P"})
"""白板 is this table's only flower: drawn, it is set aside (摸到的白板花牌自动放到桌面, 001:140)."""
FLOWER_LINE: Final = "001:140"
WILD_LINE: Final = "001:139"
KEPT_BACK: Final = 14
"""剩余十四张牌时没有玩家胡牌为流局 (001:141): the last 14 tiles are never drawn."""
LIMIT_TAI: Final = 3
"""若胡牌玩家台数大于等于3台，则无需按照公式计算 (001:183)."""
LIMIT_HU: Final = 500
"""3台胡数为500 (001:183)."""
PER_TAI_ABOVE: Final = 200
"""每加1台，胡数加200 (001:183)."""
DRAGONS_IN_PLAY: Final = ("C", "F")
"""中 and 发 play here (only 白板 is a flower, 001:140)."""

_STAND_INS: Final[tuple[Tile, ...]] = (*SUITED, *WINDS, *DRAGONS_IN_PLAY)
"""What a 财神 may stand for: any tile in play, never 白板 (a flower, reading 2)."""
_PLAYING_FACES: Final[tuple[Tile, ...]] = tuple(f for f in SET_136.faces if f not in FLOWER_FACES)
LINES: Final = CaishenLines(
    flowers=FLOWER_FACES, flowers_zh="白板", flower_line=FLOWER_LINE, wild_line=WILD_LINE, kept_back=KEPT_BACK,
    kept_said="剩余十四张牌时没有玩家胡牌为流局, 001:141", drawn_line="001:141",
    one_win="the first to win is the winner (最先胡牌的为赢家, 001:137): one win per round")
"""What this table's checks cite (rules/variants/_caishen.py)."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Stake: every amount paid is multiplied by it (the seed names none: "
                              "001:184 每名玩家实际得分为胡数/10)", minimum=1)
    base_hu: int = option(20, "底数", "The 底数 of the winner's formula (底数+胡数)×2^台 (001:182); the seed gives "
                          "no number", minimum=0)
    draw_settles: bool = option(False, "流局结算胡数", "Whether a drawn round (001:141 所有人台数都为0) settles: "
                                "off, nothing is paid (the seed names no payment); on, the players settle pairwise "
                                "by 胡数 × 2^0 as non-winners do (001:181, 001:185-187)")
    big_kong: str = option("any", "大杠", "What a 大杠 is when 流局后有大杠的话庄家下家坐庄 (001:141; the seed does not "
                           "define it): any (any kong) or exposed (an exposed or added kong only)",
                           choices=("any", "exposed"))
    loser_concealed: bool = option(False, "未胡者暗刻", "Whether a non-winner's 胡数 and 台 (001:181 所有玩家结算时都需要计算胡数) "
                                   "also count the triplets of real tiles in its concealed hand, as 暗刻 (001:173, "
                                   "001:175; 中/发/自家风 1台, 001:154); off (the seed is silent): its melds and 白板 "
                                   "only")
    next_dealer: str = next_dealer_option(
        "Who deals after a win (the seed is silent; 001:137 第一局随机当庄 names only the first dealer): winner (the "
        "winner) or rotate (the dealer stays when it wins, else its 下家). After a drawn round: 001:141")


@dataclass(frozen=True)
class Flags:
    """The seed has no pass rules (no 过碰/过胡 lines, reading 13): no flags."""


# -- what a hand shows, as one reading counts it ------------------------------------------------

MING_KE: Final = "ming_ke"  # a pong, or a concealed triplet the won tile completed on a discard
AN_KE: Final = "an_ke"  # a concealed triplet
MING_GANG: Final = "ming_gang"  # an exposed or added kong
AN_GANG: Final = "an_gang"  # a concealed kong


@dataclass(unsafe_hash=True)
class Shape:
    """A hand as one reading counts it: its sets of three or four (face, kind), its chows, its
    pair and what the won tile completed (a rules.hand WaitShape). ``shaped`` false: no shape
    (三财神 推倒胡 read as such, or a non-winner): only the melds' sets, no pair, no wait."""

    shaped: Final[bool]
    chows: Final[int]
    sets: Final[tuple[tuple[Tile, str], ...]]
    pair: Final[Tile]
    wait: Final[str]
    faces: Final[tuple[Tile, ...]]  # every face of the reading, the 财神 as they stand

    def __init__(self, shaped: bool, chows: int, sets: tuple[tuple[Tile, str], ...], pair: Tile, wait: str,
                 faces: tuple[Tile, ...]) -> None:
        self.shaped = shaped
        self.chows = chows
        self.sets = sets
        self.pair = pair
        self.wait = wait
        self.faces = faces


def meld_sets(player: Player) -> tuple[tuple[Tile, str], ...]:
    """The player's pongs and kongs: a pong 明刻, an exposed or added kong 明杠, a concealed kong 暗杠."""
    out: list[tuple[Tile, str]] = []
    for m in player.melds:
        if m.type == "pong":
            out.append((m.tiles[0], MING_KE))
        elif m.type == "kong":
            out.append((m.tiles[0], AN_GANG if m.kind == "concealed" else MING_GANG))
    return tuple(out)


def shape_of(r: Reading, player: Player, win: Win) -> Shape:
    """A reading as counted: its concealed triplets 暗刻 but the one the won tile completed on a
    discard (明, reading 5), the melds as :func:`meld_sets`."""
    concealed = r.parts[:len(r.parts) - len(player.melds)]  # (readings() lists the concealed sets first)
    sets: list[tuple[Tile, str]] = []
    open_one = r.wait == "double_pong" and not win.self_drawn
    for p in concealed:
        if p.kind != "pong":
            continue
        if open_one and p.faces[0] == win.tile:
            sets.append((p.faces[0], MING_KE))
            open_one = False
        else:
            sets.append((p.faces[0], AN_KE))
    chows = sum(1 for p in r.parts if p.kind == "chow")
    return Shape(True, chows, (*sets, *meld_sets(player)), r.pair, r.wait, tuple(r.faces()))


def unshaped(player: Player, held_triplets: bool = False, face: Tile = "") -> Shape:
    """No shape: the melds' sets (and, ``held_triplets``, each face of real tiles held three or
    more times as a 暗刻: option ``loser_concealed``; the 财神 ``face`` stands for nothing in a
    hand that did not win, so its copies are no triplet)."""
    extra: tuple[tuple[Tile, str], ...] = ()
    if held_triplets:
        extra = tuple((f, AN_KE) for f in sorted(set(player.hand), key=_PLAYING_FACES.index)
                      if f != face and player.hand.count(f) >= 3)
    return Shape(False, 0, (*extra, *meld_sets(player)), "", "", ())


@dataclass(unsafe_hash=True)
class Context:
    """What a hand is, whatever the reading: the 财神 held, the 白板 set aside, the seat's wind, the win."""

    face: Final[Tile]  # the 财神 ("" for a non-winner: never read)
    wilds: Final[int]  # 财神 among the concealed tiles and the won tile (never melded)
    whites: Final[int]  # 白板 set aside
    seat_wind: Final[Tile]
    held: Final[tuple[Tile, ...]]  # the concealed hand before the win
    win: Final[Win | None]

    def __init__(self, face: Tile, player: Player, win: Win | None, seat_wind: Tile) -> None:
        self.face = face
        self.wilds = [*player.hand, win.tile].count(face) if win is not None else 0
        self.whites = len(player.flowers)
        self.seat_wind = seat_wind
        self.held = player.hand
        self.win = win


def _honoured(c: Context) -> frozenset[Tile]:
    """中、发 and the seat's own wind (001:154, 001:170)."""
    return frozenset({*DRAGONS_IN_PLAY, c.seat_wind})


def _yaojiu(face: Tile) -> bool:
    """1、9点，中发、四风 (001:172): a terminal or an honour."""
    return is_honour(face) or rank(face) in (1, 9)


def _suits(s: Shape) -> set[str]:
    return {suit(f) for f in s.faces}


# -- the 台 table (001:149-163) and the 胡数 table (001:167-179) ----------------------------------

Detector = Callable[[Shape, Context], int]
"""How many times a row counts (0: not found)."""


def _sets_of(kind: str, yaojiu: bool) -> Detector:
    return lambda s, _c: sum(1 for f, k in s.sets if k == kind and _yaojiu(f) == yaojiu)


def _flag(name: str) -> Detector:
    return lambda _s, c: int(c.win is not None and bool(getattr(c.win, name)))


# id, 中文, English, 胡数, seed line, note — in the seed's order
_HU_ROWS: Final[tuple[tuple[str, str, str, int, str, str], ...]] = (
    ("zimo", "自摸", "Self-Drawn", 2, "001:167", "the winner drew the won tile"),
    ("tingjiang", "听将牌", "Pair Wait", 2, "001:168", "the won tile completed the pair"),
    ("tingdanzhang", "听单张顺", "Single Chow Wait", 2, "001:169", "the won tile completed an edge or closed chow wait"),
    ("duizi", "中发自家风对子", "Dragon or Seat Wind Pair", 2, "001:170", "the pair is 中, 发 or the seat's wind"),
    ("mingke_28", "2-8明刻", "Exposed Pung 2-8", 2, "001:171", "each pong (or triplet completed on a discard) of 2-8"),
    ("mingke_19", "幺九明刻", "Exposed Pung of Terminals or Honours", 4, "001:172",
     "each pong (or triplet completed on a discard) of 1, 9, 中, 发 or a wind"),
    ("anke_28", "2-8暗刻", "Concealed Pung 2-8", 4, "001:173", "each concealed triplet of 2-8"),
    ("baiban_hu", "白板", "White Dragon Flower", 4, "001:174", "each 白板 set aside"),
    ("anke_19", "幺九暗刻", "Concealed Pung of Terminals or Honours", 8, "001:175",
     "each concealed triplet of 1, 9, 中, 发 or a wind"),
    ("minggang_28", "2-8明杠", "Exposed Kong 2-8", 8, "001:176", "each exposed or added kong of 2-8 (a kong counts as a kong only)"),
    ("minggang_19", "幺九明杠", "Exposed Kong of Terminals or Honours", 16, "001:177",
     "each exposed or added kong of 1, 9, 中, 发 or a wind"),
    ("angang_28", "2-8暗杠", "Concealed Kong 2-8", 16, "001:178", "each concealed kong of 2-8"),
    ("angang_19", "幺九暗杠", "Concealed Kong of Terminals or Honours", 32, "001:179",
     "each concealed kong of 1, 9, 中, 发 or a wind"),
)

# one per 胡数 row, in table order; the wait and pair rows need a shape (限胡牌方)
HU_DETECTORS: Final[dict[str, Detector]] = {
    "zimo": lambda _s, c: int(c.win is not None and c.win.self_drawn),
    "tingjiang": lambda s, _c: int(s.shaped and s.wait == "single"),
    "tingdanzhang": lambda s, _c: int(s.shaped and s.wait in ("edge", "closed")),
    "duizi": lambda s, c: int(s.shaped and s.pair in _honoured(c)),
    "mingke_28": _sets_of(MING_KE, False),
    "mingke_19": _sets_of(MING_KE, True),
    "anke_28": _sets_of(AN_KE, False),
    "baiban_hu": lambda _s, c: c.whites,
    "anke_19": _sets_of(AN_KE, True),
    "minggang_28": _sets_of(MING_GANG, False),
    "minggang_19": _sets_of(MING_GANG, True),
    "angang_28": _sets_of(AN_GANG, False),
    "angang_19": _sets_of(AN_GANG, True),
}
_PINGHU_ALLOWS: Final = ("zimo", "baiban_hu")
"""除自摸、白板加胡数外，无其他类型胡数 (001:149)."""


def _pinghu(s: Shape, c: Context) -> int:
    """限胡牌牌型; 牌型仅由顺子与1对将牌组成; 除自摸、白板加胡数外，无其他类型胡数 (001:149)."""
    return int(s.shaped and not s.sets and not any(
        HU_DETECTORS[h](s, c) for h in HU_DETECTORS if h not in _PINGHU_ALLOWS))


# id, 中文, English, 台, seed line, note — in the seed's order
_TAI_ROWS: Final[tuple[tuple[str, str, str, int, str, str], ...]] = (
    ("pinghu", "平胡", "Plain Hand", 1, "001:149", "chows and a pair, no 胡数 row but 自摸 and 白板"),
    ("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", 1, "001:150",
     "kong_draw; a 白板's replacement is not"),
    ("qiangganghu", "抢杠胡", "Robbing the Kong", 1, "001:151", "robbing_kong"),
    ("haidilao", "海底捞", "Last Tile", 1, "001:152", "last_tile: the last drawable tile, 14 left"),
    ("shuangcaishen", "双财神", "Two Gods of Wealth", 1, "001:153", "two 财神 in the winning shape"),
    ("kezi", "中发自家风刻子", "Dragon or Seat Wind Pung", 1, "001:154",
     "each triplet or kong of 中, 发 or the seat's wind"),
    ("baiban", "白板", "White Dragon Flower", 1, "001:155", "each 白板 set aside"),
    ("hunyise", "混一色", "Half Flush", 2, "001:156", "one suit and 中/发/winds, the 财神 as they stand"),
    ("duiduipeng", "对对碰", "All Pungs", 2, "001:157", "no chow"),
    ("sancaishen", "三财神", "Three Gods of Wealth", 3, "001:158", "three 财神, in a shape or 推倒胡"),
    ("dandiao", "单吊", "Single Wait", 3, "001:159", "the concealed hand before the win was one tile"),
    ("sifengqi", "四风齐", "All Four Winds", 3, "001:160", "东南西北 each in the shape"),
    ("qingyise", "清一色", "Full Flush", 3, "001:161", "one suit, no 中/发/wind, the 财神 as they stand"),
    ("tianhu", "天胡", "Heavenly Win", 3, "001:162", "heavenly; a 推倒胡 without a shape is not"),
    ("dihu", "地胡", "Earthly Win", 3, "001:163", "earthly: a 闲家 wins the dealer's first discard"),
)

# one per 台 row, in table order; the "限胡牌牌型" rows (and 天胡, 推倒胡不算天胡) need a shape
TAI_DETECTORS: Final[dict[str, Detector]] = {
    "pinghu": _pinghu,
    "gangshangkaihua": _flag("kong_draw"),
    "qiangganghu": _flag("robbing_kong"),
    "haidilao": _flag("last_tile"),
    "shuangcaishen": lambda s, c: int(s.shaped and c.wilds == 2),
    "kezi": lambda s, c: sum(1 for f, _ in s.sets if f in _honoured(c)),
    "baiban": lambda _s, c: c.whites,
    "hunyise": lambda s, _c: int(s.shaped and "z" in _suits(s) and len(_suits(s)) == 2),
    "duiduipeng": lambda s, _c: int(s.shaped and s.chows == 0),
    "sancaishen": lambda _s, c: int(c.wilds == 3),
    "dandiao": lambda s, c: int(s.shaped and len(c.held) == 1),
    "sifengqi": lambda s, _c: int(s.shaped and set(WINDS) <= set(s.faces)),
    "qingyise": lambda s, _c: int(s.shaped and len(_suits(s)) == 1 and "z" not in _suits(s)),
    "tianhu": lambda s, c: int(s.shaped and c.win is not None and c.win.heavenly),
    "dihu": _flag("earthly"),
}

TAI: Final = PatternTable([Pattern(pid, zh, en, v, (), f"{seed}: {v}台 — {note}")
                           for pid, zh, en, v, seed, note in _TAI_ROWS])
HU: Final = PatternTable([Pattern(pid, zh, en, v, (), f"{seed}: {v}胡 — {note}")
                          for pid, zh, en, v, seed, note in _HU_ROWS])
PATTERNS: Final = PatternTable([*TAI, *HU])
"""Both tables, for the variant's description: the 台 rows' values are 台, the 胡数 rows' 胡."""


def formula(tai: int, hu: int, base_hu: int) -> int:
    """The winner's 胡数: (底数 + 胡数) × 2^台; at 3台 or more 500, +200 per 台 above (001:182-183)."""
    if tai >= LIMIT_TAI:
        return LIMIT_HU + PER_TAI_ABOVE * (tai - LIMIT_TAI)
    return (base_hu + hu) << tai  # × 2^台


def to_fen(total: int) -> int:
    """每名玩家实际得分为胡数/10，并向上取整 (001:184: 502 → 51)."""
    return -(-total // 10)


@dataclass(unsafe_hash=True)
class Scored:
    """One hand's count: the 台 rows and the 胡数 rows found (each with the times it counts),
    their sums, the final 胡数 (the formula's) and the 分."""

    tai_rows: Final[tuple[tuple[str, int], ...]]
    hu_rows: Final[tuple[tuple[str, int], ...]]
    tai: Final[int]
    hu: Final[int]
    total: Final[int]
    won: Final[bool]

    def __init__(self, tai_rows: tuple[tuple[str, int], ...], hu_rows: tuple[tuple[str, int], ...], tai: int,
                 hu: int, total: int, won: bool) -> None:
        self.tai_rows = tai_rows
        self.hu_rows = hu_rows
        self.tai = tai
        self.hu = hu
        self.total = total
        self.won = won

    @property
    def fen(self) -> int:
        return to_fen(self.total)

    def names(self) -> tuple[str, ...]:
        """The rows' 中文 names, 台 rows first (a name in both tables once: 白板)."""
        return tuple(dict.fromkeys([*(TAI[p].zh for p, _ in self.tai_rows), *(HU[p].zh for p, _ in self.hu_rows)]))

    def names_en(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*(TAI[p].en for p, _ in self.tai_rows), *(HU[p].en for p, _ in self.hu_rows)]))

    def working(self, base_hu: int) -> str:
        """The arithmetic, for the notes."""
        tai_terms = " + ".join(f"{TAI[p].zh}{TAI.value(p)}" + (f"×{n}" if n > 1 else "") for p, n in self.tai_rows)
        hu_terms = " + ".join(f"{HU[p].zh}{HU.value(p)}" + (f"×{n}" if n > 1 else "") for p, n in self.hu_rows)
        tai = f"{tai_terms} = {self.tai}台" if tai_terms else "0台"
        hu = f"{hu_terms} = {self.hu}胡" if hu_terms else "0胡"
        if not self.won:
            how = f"{self.hu} × 2^{self.tai} = {self.total}胡数 (001:182, 未胡牌)"
        elif self.tai >= LIMIT_TAI:
            how = (f"{self.tai}台 ≥ {LIMIT_TAI}: {LIMIT_HU} + {PER_TAI_ABOVE} × {self.tai - LIMIT_TAI} = {self.total}胡数 "
                   "(001:183)")
        else:
            how = f"(底数{base_hu} + {self.hu}) × 2^{self.tai} = {self.total}胡数 (001:182)"
        return f"{tai}; {hu}; {how}; ceil({self.total}/10) = {self.fen}分 (001:184)"


def score(s: Shape, c: Context, base_hu: int, won: bool) -> Scored:
    """The rows found; a winner's 胡数 by the formula (001:182-183), another player's 胡数 × 2^台 (001:182)."""
    tai_rows = tuple((p, n) for p, n in ((p, d(s, c)) for p, d in TAI_DETECTORS.items()) if n)
    hu_rows = tuple((p, n) for p, n in ((p, d(s, c)) for p, d in HU_DETECTORS.items()) if n)
    tai = sum(TAI.value(p) * n for p, n in tai_rows)
    hu = sum(HU.value(p) * n for p, n in hu_rows)
    total = formula(tai, hu, base_hu) if won else hu << tai  # 胡数 × 2^台
    return Scored(tai_rows, hu_rows, tai, hu, total, won)


def best(player: Player, win: Win, c: Context, base_hu: int) -> Scored | None:
    """The reading with the highest final 胡数, the first of equals (reading 3); three 财神 also
    win without a shape (推倒胡, 001:158). ``None``: no win."""
    found: Scored | None = None
    for r in readings(player, win, c.face, _STAND_INS, False):
        s = score(shape_of(r, player, win), c, base_hu, True)
        if found is None or s.total > found.total:
            found = s
    if c.wilds == 3:
        s = score(unshaped(player), c, base_hu, True)
        if found is None or s.total > found.total:
            found = s
    return found


def loser_score(player: Player, seat_wind_: Tile, face: Tile, opts: Any, drawn: bool) -> Scored:
    """A non-winner's count (001:181, reading 7): what it shows — its melds and its 白板 (its
    concealed triplets too with ``loser_concealed``), 胡数 × 2^台; a drawn round's 台 are 0 (001:141)."""
    c = Context("", player, None, seat_wind_)
    s = score(unshaped(player, bool(opts.loser_concealed), face), c, opts.base_hu, False)
    if drawn:  # 所有人台数都为0 (001:141)
        return Scored((), s.hu_rows, 0, s.hu, s.hu, False)
    return s


def _round_best(snap: Snapshot, opts: Any) -> PerWin[Scored | None]:
    face = snap.reveals.wild_indicator or ""  # (validate() asks for it before any win)

    def of_win(p: Player, w: Win, o: Any) -> Scored | None:
        return best(p, w, Context(face, p, w, seat_wind(p.seat, snap.dealer, snap.n)), o.base_hu)
    return PerWin(snap, opts, of_win)


# each win's best reading, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[Scored | None]]] = PerRound(_round_best)


class CaishenHushu(CaishenTable):
    """136 tiles, 2-4 players, chow, a 16-tile hand (庄家分得17张牌，闲家16张, 001:137), the 财神
    (001:139) the wildcard: :class:`CaishenTable`; 白板 set aside as a flower (001:140)."""

    id = "caishen-hushu"
    name = "财神麻将·台数胡数"
    name_en = "Caishen Mahjong (Tai and Hu Points)"
    rules_version = "caishen-hushu/1"
    source = "001_a1ce558555b69162.txt:132-187"
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    set_aside = FLOWER_FACES

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """剩余十四张牌时没有玩家胡牌为流局 (001:141): 14 tiles are never drawn."""
        return KEPT_BACK

    def wins_unshaped(self, tiles: list[Tile], reveals: Any, opts: Any) -> bool:
        """三财神 推倒胡 (001:158): three 财神 win whatever the shape."""
        return reveals.wild_indicator is not None and tiles.count(reveals.wild_indicator) == 3

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        face, errors = round_errors(snap, self.reveals_used, LINES)
        rules = HandRules(wild=frozenset({face}))
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, rules, face)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        face = snap.reveals.wild_indicator
        assert face is not None  # validate() requires it
        counted: dict[int, Scored] = {}
        notes: list[str] = []
        winner = -1
        if snap.wins:
            w = snap.wins[0]  # one win per round (validate)
            s = _ROUND.get(snap, opts)(0)
            assert s is not None  # validate() checked the shape
            winner = w.winner
            counted[winner] = s
        drawn = not snap.wins
        for p in snap.players:
            if p.seat != winner:
                counted[p.seat] = loser_score(p, seat_wind(p.seat, snap.dealer, snap.n), face, opts, drawn)
        if snap.wins:
            notes += _collect(snap, snap.wins[0], counted, opts, ledger)
        if snap.wins or opts.draw_settles:
            notes += _settle_pairs(snap, [s for s in range(snap.n) if s != winner], counted, opts, ledger)
        if drawn:
            notes.append(_drawn_note(opts))
        hands = []
        for p in snap.players:
            s = counted[p.seat]
            extra = {"tai": s.tai, "hushu": s.total, "fen": s.fen}
            if p.seat == winner:
                hands.append(HandReport(p.seat, True, s.names(), extra=extra))
            else:
                waits = _waits(p, face)
                hands.append(HandReport(p.seat, False, s.names(), bool(waits), waits, extra))
        # 流局: the dealer's 下家 after a 大杠 (option big_kong), else the dealer (001:141); a win: option next_dealer
        return Settlement(ledger.items, tuple(hands), round_next_dealer(snap, opts.next_dealer, opts.big_kong),
                          tuple(notes))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """As 台数's: the base analysis without ``reveals.wild_indicator``; with it, a waiting hand
        gets its waits (三财神 推倒胡 included), each priced as the dealer's self-draw with no
        flowers and no win flags — its rows, 台, 胡数 (the formula's) and 分 × 底分, marked
        ``self_draw_only`` for the 财神 itself (never discarded, 001:139); a complete hand the
        same as a self-draw of its last tile. 白板 is a flower: refused in the hand, the melds
        and as the 财神."""
        face, player = analyze_request(self, body, opts, LINES)
        if face is None:
            return super().analyze(body, opts)

        def price(p: Player, w: Win, east: Tile) -> dict[str, Any] | None:
            s = best(p, w, Context(face, p, w, east), opts.base_hu)
            return None if s is None else {"patterns": list(s.names()), "tai": s.tai, "hushu": s.total,
                                           "value": s.fen * opts.base_points}
        return wild_analysis(self.id, player, face, _waits, price, {"patterns": [], "tai": None, "hushu": None,
                                                                    "value": None})


def _waits(player: Player, face: Tile) -> tuple[Tile, ...]:
    """听牌, for the record: the faces that complete the hand, and — holding two 财神 — the third
    (三财神 推倒胡, 001:158); holding three, any tile in play but the 财神 (none left)."""
    held = player.hand.count(face)
    if held >= 3:
        return tuple(f for f in _PLAYING_FACES if f != face)
    found = hand_waits(player, face, _PLAYING_FACES)
    if held == 2 and face not in found:
        found = tuple(f for f in _PLAYING_FACES if f in found or f == face)
    return found


# -- checks ------------------------------------------------------------------------------


def _win_errors(snap: Snapshot, i: int, w: Win, rules: HandRules, face: Tile) -> list[RoundError]:
    ptr = f"/wins/{i}"
    # 地胡 is 第一轮起手，庄家打出一张牌点炮 (001:163): on a discard only
    errors = win_flag_errors(snap, w, ptr, earthly_self_draw=False)
    left = snap.wall_remaining
    if w.last_tile and left is not None and left != KEPT_BACK:
        errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile", f"海底捞 is a win on the last drawable tile "
                                 f"(001:152), {KEPT_BACK} being kept back (001:141): {KEPT_BACK} left, not {left}"))
    player = snap.players[w.winner]
    concealed = [*player.hand, w.tile]
    if concealed.count(face) < 3 and not is_complete(concealed, rules):
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is "
                                 "not five sets and a pair (001:143-144), nor three 财神 (推倒胡, 001:158)"))
    return errors


# -- payment -----------------------------------------------------------------------------


def _share(amount: int, a: int, b: int, dealer: int) -> tuple[int, str]:
    """庄家与闲家 … 全额结算; 闲家与闲家 … 半额结算，若有小数点，向上取整 (001:186-187)."""
    if dealer in (a, b):
        return amount, f"庄家 in the pair: full {amount} (001:186)"
    half = -(-amount // 2)
    return half, f"闲家 with 闲家: half, ceil({amount}/2) = {half} (001:187)"


def _collect(snap: Snapshot, w: Win, counted: dict[int, Scored], opts: Any, ledger: Ledger) -> list[str]:
    """胡牌玩家向其他玩家收取自己获得分数的分 (001:185), full or half by the dealer (001:186-187)."""
    s = counted[w.winner]
    base = opts.base_points
    names = "、".join(s.names()) or "胡"
    names_en = ", ".join(s.names_en()) or "Win"
    working = s.working(opts.base_hu)
    for payer in seats_after(w.winner, snap.n):
        amount, how = _share(s.fen, w.winner, payer, snap.dealer)
        ledger.pay(payer, w.winner, amount * base, "hu", names, names_en,
                   f"seat {w.winner} wins: {working}; {how} × 底分{base}", turn=w.turn)
    how_won = "self-drawn" if w.self_drawn else "a discard"
    note = (f"seat {w.winner} wins on {chinese(w.tile)} ({how_won}): {working}; each other player pays it, in full "
            "with the dealer, half (rounded up) between 闲家 (001:185-187)")
    return [note]


def _settle_pairs(snap: Snapshot, seats: list[int], counted: dict[int, Scored], opts: Any,
                  ledger: Ledger) -> list[str]:
    """未胡牌玩家根据双方得分差值进行两两结算 (001:185): the higher 分 receives the difference."""
    base = opts.base_points
    notes = [f"seat {s}: {counted[s].working(opts.base_hu)}" for s in seats]
    for a, b in combinations(seats, 2):
        fa, fb = counted[a].fen, counted[b].fen
        if fa == fb:
            continue
        high, low = (a, b) if fa > fb else (b, a)
        amount, how = _share(abs(fa - fb), a, b, snap.dealer)
        ledger.pay(low, high, amount * base, "hushu", "胡数结算", "Hu-points settlement",
                   f"seat {high} {counted[high].fen}分 − seat {low} {counted[low].fen}分 = {abs(fa - fb)} (001:185); "
                   f"{how} × 底分{base}")
    return notes


def _drawn_note(opts: Any) -> str:
    paid = ("the players settle pairwise by 胡数 × 2^0 (option draw_settles)" if opts.draw_settles
            else "nothing is paid")
    return (f"流局 at {KEPT_BACK} tiles left: 所有人台数都为0, {paid} (001:141); the next dealer is the dealer's 下家 "
            f"after a 大杠 in the round ({opts.big_kong}), else the dealer (流局后有大杠的话庄家下家坐庄)")


VARIANT: Final[CaishenHushu] = CaishenHushu()
