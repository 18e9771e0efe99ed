"""财神麻将·台数 Caishen mahjong counted in 台 — 001_a1ce558555b69162.txt lines 77-131.

136 tiles, 2-4 players, chow, pong and kong, a 16-tile hand (the dealer is dealt 17, 001:82).
中发白 are flowers, set aside when drawn (补花, 001:85). The tile turned up at the start is the
财神, a wildcard (001:84): its other three copies stand in for any tile of a winning hand, are
never discarded and never melded. A win is five sets and a pair (001:90-91), one per round.
The hand is counted in 台 by the table of 001:96-119 in its best reading (every way the 财神
may stand, 归位 and 三财神做坎 included); 6台 or more are doubled, 三归 stands alone (001:121-122).
Every other player pays the total plus a surcharge: 2 from the dealer and 1 from each other
闲家 to a 闲家, 2 from each 闲家 to the dealer (001:124-131), all × 底分. A round drawn at 16
tiles left pays nothing (001:88). The lead's readings behind each choice are in
docs/variants/caishen-taishu.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..passes import PassRule, passed_pongs_flag, passed_wins_flag
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Snapshot, Win
from ..tiles import SET_136, SUITED, WINDS, Tile, chinese, compact, suit
from ..variant import seat_wind, seats_after
from ..win_checks import win_flag_errors
from ._caishen import (
    CaishenLines,
    CaishenTable,
    Part,
    Reading,
    analyze_request,
    hand_waits,
    next_dealer_option,
    passed_claim_errors,
    readings,
    round_errors,
    round_next_dealer,
    wild_analysis,
)
from ._round import PerRound, PerWin

FLOWER_FACES: Final = frozenset({"C", "F", "P"})
"""中发白 are this table's flowers: drawn, they are set aside (补花, 001:85)."""
FLOWER_LINE: Final = "001:85"
WILD_LINE: Final = "001:84"
KEPT_BACK: Final = 16
"""Tiles never drawn: the round is drawn when 16 are left (001:88); 海底捞 counts without them (001:115)."""
DOUBLE_AT: Final = 6
"""大于等于6台 … ×2 (001:121)."""
SANGUI_CAPPED: Final = 50
"""三归 in 封顶模式 (001:119)."""

_STAND_INS: Final[tuple[Tile, ...]] = (*SUITED, *WINDS)
"""What a 财神 may stand for: any tile in play (中发白 are flowers, never in a hand)."""
_PLAYING_FACES: Final[tuple[Tile, ...]] = tuple(f for f in SET_136.faces if f not in FLOWER_FACES)
LINES: Final = CaishenLines(
    flowers=FLOWER_FACES, flowers_zh="中发白", flower_line=FLOWER_LINE, wild_line=WILD_LINE, kept_back=KEPT_BACK,
    kept_said="剩余十六张牌时 … 流局, 001:88", drawn_line="001:88",
    one_win="the first to win is the winner (最先胡牌的为赢家, 001:82): one win per round")
"""What this table's checks cite (rules/variants/_caishen.py)."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: the 台 total and the surcharges are multiplied by it (the "
                              "seed counts 1台1分, 001:123, and names no stake)", minimum=1)
    capped: bool = option(False, "封顶模式", "封顶模式 (001:119 封顶模式下，三财神归位是50台): every hand counts 50台 "
                          "at most after doubling, 三归 50 instead of 100")
    premise_stacking: bool = option(
        False, "前提叠加", "Whether a row that is the premise of a bigger one counts beside it: 三财神 with 三财神做坎 "
        "and 三归 (001:108, 118, 119), 双财神 with 双财神做将 and 双位 (001:102, 109, 110). The seed says only "
        "其他台数叠加 (001:122); off: the bigger row counts alone (三归 stands alone either way)")
    sanbaihu: str = option(
        "shape", "300胡", "What 300胡's 不是平胡和碰碰胡 (001:111) rules out: shape (default) — a hand of chows only or "
        "of triplets only, so the hand mixes chows and a triplet; rows — a hand scoring the 平胡 row (001:99) or the "
        "碰碰胡 row (001:107), so chows only won on an edge, closed or pair wait count", choices=("shape", "rows"))
    next_dealer: str = next_dealer_option(
        "Who deals after a win (the seed is silent; 001:82 第一局随机当庄 names only the first dealer): winner (the "
        "winner) or rotate (the dealer stays when it wins, else its 下家). After a drawn round: 001:88")


@dataclass(frozen=True)
class Flags:
    """过胡不胡 / 过碰不碰 (001:86-87): what a player let pass."""

    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag("001:87 过胡不胡", "any tile")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("001:86 过碰不碰")


# 过胡: 下轮自己摸牌前 … 不可以胡牌, 必须等到自己摸牌以后 (001:87); 过碰: 本轮摸牌结束后可碰 (001:86)
_PASSED_WIN: Final = PassRule("过胡不胡", "001:87", "waits")
_PASSED_PONG: Final = PassRule("过碰不碰", "001:86", "tile")


@dataclass(unsafe_hash=True)
class Context:
    """What a win is, whatever the reading: the 财神 held, the flowers, the seat's wind, the flags."""

    face: Final[Tile]  # the 财神
    wilds: Final[int]  # 财神 among the concealed tiles and the won tile (never melded)
    flowers: Final[tuple[Tile, ...]]
    seat_wind: Final[Tile]
    held: Final[tuple[Tile, ...]]  # the concealed hand before the win
    one_suit: Final[bool]  # every tile but the 财神 of one suit, no wind (清一色, 财神不影响)
    win: Final[Win]
    sanbaihu_rows: Final[bool]  # option sanbaihu "rows"

    def __init__(self, face: Tile, player: Player, win: Win, seat_wind: Tile, sanbaihu_rows: bool = False) -> None:
        self.face = face
        self.wilds = [*player.hand, win.tile].count(face)
        self.flowers = player.flowers
        self.seat_wind = seat_wind
        self.held = player.hand
        suits = {suit(t) for t in [*player.hand, win.tile, *player.meld_tiles()] if t != face}
        self.one_suit = len(suits) == 1 and "z" not in suits
        self.win = win
        self.sanbaihu_rows = sanbaihu_rows


# -- the 台 table (001:96-119) -------------------------------------------------------------


def _chows(r: Reading) -> list[Part]:
    return [p for p in r.parts if p.kind == "chow"]


def _pinghu(r: Reading, _c: Context) -> int:
    """无刻子，胡的牌型为ABC+1个对子，胡的牌不能是只吃一张的牌或者胡将牌 (001:99)."""
    return int(len(_chows(r)) == len(r.parts) and r.wait == "open")


def _pengpenghu(r: Reading, _c: Context) -> int:
    """胡牌牌型里面没有顺子牌型 (001:107)."""
    return int(not _chows(r))


def _hunyise(r: Reading, _c: Context) -> int:
    """筒、万、索其中一种与字牌 (001:106), the 财神 as they stand; 做坎 is no tile."""
    suits = {suit(f) for f in r.faces()}
    return int("z" in suits and len(suits) == 2)


def _flower_quads(c: Context) -> int:
    return sum(1 for f in FLOWER_FACES if c.flowers.count(f) == 4)


def _sanbaihu(r: Reading, c: Context) -> int:
    """无中、发、白，只有一个财神（财神不归位），符合胡牌牌型但不是平胡和碰碰胡 (001:111): the shape, the
    财神 as it stands, is neither 平胡's (chows only) nor 碰碰胡's (no chow): chows and a triplet; with
    option ``sanbaihu`` "rows", neither the 平胡 row nor the 碰碰胡 row is found."""
    if c.flowers or c.wilds != 1 or r.guiwei:
        return 0
    if c.sanbaihu_rows:
        return int(not _pinghu(r, c) and not _pengpenghu(r, c))
    return int(0 < len(_chows(r)) < len(r.parts))


# id, 中文, English, 台, 不计 (always), premises (不计 unless premise_stacking), seed line, note
_ROWS: Final[tuple[tuple[str, str, str, int, tuple[str, ...], tuple[str, ...], str, str], ...]] = (
    ("zijiafeng", "自家风", "Seat Wind", 1, (), (), "001:96",
     "a pong, concealed triplet or kong of the seat's wind (庄 东, 下家 南, 对家 西, 上家 北)"),
    ("huapai", "花牌", "Flower", 1, (), (), "001:97", "each 中/发/白 set aside, but the four of a 四花会"),
    ("sihuahui", "四花会", "Four Flowers of a Kind", 6, (), (), "001:98",
     "each of 中/发/白 set aside four times, its four 花牌 not counted"),
    ("pinghu", "平胡", "Plain Hand", 1, (), (), "001:99", "chows and a pair, won on a two-sided chow wait"),
    ("qiangganghu", "抢杠胡", "Robbing the Kong", 1, (), (), "001:100", "robbing_kong"),
    ("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", 1, (), (), "001:101",
     "kong_draw; a flower's replacement after a kong is not"),
    ("shuangcaishen", "双财神", "Two Gods of Wealth", 1, (), (), "001:102", "two 财神 held"),
    ("wucaishen", "无财神", "No God of Wealth", 1, (), (), "001:103", "no 财神 held"),
    ("dangui", "单归", "One God of Wealth in Place", 1, (), (), "001:104", "one 财神 held, standing as its own face"),
    ("dihu", "地胡", "Earthly Win", 6, (), (), "001:105", "earthly: a 闲家 wins the dealer's first discard"),
    ("hunyise", "混一色", "Half Flush", 6, (), (), "001:106", "one suit and winds, the 财神 as they stand"),
    ("pengpenghu", "碰碰胡", "All Triplets", 6, (), (), "001:107", "no chow"),
    ("sancaishen", "三财神", "Three Gods of Wealth", 6, (), (), "001:108", "three 财神 held"),
    ("shuangcaishen_zuojiang", "双财神做将", "Two Gods of Wealth as the Pair", 6, (), ("shuangcaishen",), "001:109",
     "two 财神 held, and they are the pair"),
    ("shuangwei", "双位", "Two Gods of Wealth in Place", 6, ("dangui",), ("shuangcaishen",), "001:110",
     "two 财神 held, both as their own face, each in a chow"),
    ("sanbaihu", "300胡", "Three Hundred", 6, (), (), "001:111",
     "no flower, one 财神 not in place, chows and a triplet (neither 平胡's shape nor 碰碰胡's)"),
    ("sifengqi", "四风齐", "All Four Winds", 6, (), (), "001:112", "东南西北 each in the hand"),
    ("dandiao", "单吊", "Single Wait", 10, (), (), "001:113", "the hand before the win was one tile, not a 财神"),
    ("caishen_dandiao", "财神单吊", "Single Wait on a God of Wealth", 6, (), (), "001:114",
     "the hand before the win was one 财神"),
    ("haidilao", "海底捞", "Last Tiles", 10, (), (), "001:115",
     "last_tile: won on one of the last n drawable tiles (n players), the 16 kept back aside"),
    ("tianhu", "天胡", "Heavenly Win", 12, (), (), "001:116", "heavenly: the dealer's dealt hand, after 补花"),
    ("qingyise", "清一色", "Full Flush", 12, ("hunyise",), (), "001:117", "one suit, no wind (财神不影响)"),
    ("sancaishen_zuokan", "三财神做坎", "Three Gods of Wealth as a Set", 18, (), ("sancaishen",), "001:118",
     "the three 财神 a set of no tile, the rest four sets and a pair"),
    ("sangui", "三归", "Three Gods of Wealth in Place", 100, (), (), "001:119",
     "three 财神, each as its own face in a chow; alone, never doubled (封顶模式 50)"),
)
_SANGUI: Final = "sangui"
_ALONE: Final = tuple(row[0] for row in _ROWS if row[0] != _SANGUI)  # 三归不与其他所有的台数叠加 (001:119)
NOT_COUNTED: Final[dict[str, tuple[str, ...]]] = {row[0]: row[4] if row[0] != _SANGUI else _ALONE for row in _ROWS}
PREMISES: Final[dict[str, tuple[str, ...]]] = {row[0]: row[5] for row in _ROWS}

PATTERNS: Final = PatternTable([Pattern(pid, zh, en, tai, (*NOT_COUNTED[pid], *premises), f"{seed}: {note}")
                                for pid, zh, en, tai, _, premises, seed, note in _ROWS])
CAPPED: Final = PATTERNS.with_values(sangui=SANGUI_CAPPED)

Detector = Callable[[Reading, Context], int]
"""How many times a row counts in a reading (0: not found)."""

# one per row, in table order
DETECTORS: Final[dict[str, Detector]] = {
    "zijiafeng": lambda r, c: int(any(p.kind == "pong" and p.faces[0] == c.seat_wind for p in r.parts)),
    "huapai": lambda _r, c: len(c.flowers) - 4 * _flower_quads(c),
    "sihuahui": lambda _r, c: _flower_quads(c),
    "pinghu": _pinghu,
    "qiangganghu": lambda _r, c: int(c.win.robbing_kong),
    "gangshangkaihua": lambda _r, c: int(c.win.kong_draw),
    "shuangcaishen": lambda _r, c: int(c.wilds == 2),
    "wucaishen": lambda _r, c: int(c.wilds == 0),
    "dangui": lambda r, c: int(c.wilds == 1 and r.guiwei == 1),
    "dihu": lambda _r, c: int(c.win.earthly),
    "hunyise": _hunyise,
    "pengpenghu": _pengpenghu,
    "sancaishen": lambda _r, c: int(c.wilds == 3),
    "shuangcaishen_zuojiang": lambda r, c: int(c.wilds == 2 and r.pair_wilds == 2),
    "shuangwei": lambda r, c: int(c.wilds == 2 and sum(p.guiwei for p in _chows(r)) == 2),
    "sanbaihu": _sanbaihu,
    "sifengqi": lambda r, _c: int(set(WINDS) <= set(r.faces())),
    "dandiao": lambda _r, c: int(len(c.held) == 1 and c.held[0] != c.face),
    "caishen_dandiao": lambda _r, c: int(len(c.held) == 1 and c.held[0] == c.face),
    "haidilao": lambda _r, c: int(c.win.last_tile),
    "tianhu": lambda _r, c: int(c.win.heavenly),
    "qingyise": lambda _r, c: int(c.one_suit),
    "sancaishen_zuokan": lambda r, _c: int(any(p.kind == "kan" for p in r.parts)),
    "sangui": lambda r, c: int(c.wilds == 3 and sum(p.guiwei for p in _chows(r)) == 3),
}


@dataclass(unsafe_hash=True)
class Scored:
    """A reading's count: the rows kept (each with the times it counts), the 台 before doubling,
    the total after it (三归: its value alone)."""

    rows: Final[tuple[tuple[str, int], ...]]
    tai: Final[int]
    total: Final[int]

    def __init__(self, rows: tuple[tuple[str, int], ...], tai: int, total: int) -> None:
        self.rows = rows
        self.tai = tai
        self.total = total


def count(r: Reading, c: Context, table: PatternTable, premise_stacking: bool, cap: int | None = None) -> Scored:
    """The rows found (001:96-119), less those another one found does not count with (不计; the
    premises too unless ``premise_stacking``), added; 6台 or more doubled, 三归 alone (001:121-122);
    at most ``cap`` (封顶模式, 001:119)."""
    found = []
    for pid, detect in DETECTORS.items():
        n = detect(r, c)
        if n:
            found.append((pid, n))
    dropped: set[str] = set()
    for pid, _ in found:
        dropped.update(NOT_COUNTED[pid])
        if not premise_stacking:
            dropped.update(PREMISES[pid])
    kept = tuple((pid, n) for pid, n in found if pid not in dropped)
    tai = sum(table.value(pid) * n for pid, n in kept)
    if any(pid == _SANGUI for pid, _ in kept):
        return Scored(kept, tai, tai)
    total = tai * 2 if tai >= DOUBLE_AT else tai
    return Scored(kept, tai, min(total, cap) if cap is not None else total)


def best(player: Player, win: Win, c: Context, opts: Any) -> Scored | None:
    """The reading with the most 台 after doubling (and the cap); of equals the one with more 台
    before them, then the first; ``None``: no win."""
    table = CAPPED if opts.capped else PATTERNS
    cap = SANGUI_CAPPED if opts.capped else None
    found: Scored | None = None
    for r in readings(player, win, c.face, _STAND_INS, True):
        s = count(r, c, table, bool(opts.premise_stacking), cap)
        if found is None or (s.total, s.tai) > (found.total, found.tai):
            found = s
    return found


def _round_best(snap: Snapshot, opts: Any) -> PerWin[Scored | None]:
    face = snap.reveals.wild_indicator or ""  # (validate() asks for it before any win)

    def of_win(p: Player, w: Win, o: Any) -> Scored | None:
        return best(p, w, Context(face, p, w, seat_wind(p.seat, snap.dealer, snap.n), o.sanbaihu == "rows"), o)
    return PerWin(snap, opts, of_win)


# each win's best reading, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[Scored | None]]] = PerRound(_round_best)


class CaishenTaishu(CaishenTable):
    """136 tiles, 2-4 players, chow, a 16-tile hand (庄家分得17张牌，闲家16张, 001:82), the 财神
    (001:84) the wildcard: :class:`CaishenTable`; 中发白 set aside as flowers (001:85)."""

    id = "caishen-taishu"
    name = "财神麻将·台数"
    name_en = "Caishen Mahjong (Counted in Tai)"
    rules_version = "caishen-taishu/1"
    source = "001_a1ce558555b69162.txt:77-131"
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    set_aside = FLOWER_FACES

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """剩余十六张牌时没有玩家胡牌为流局 (001:88): 16 tiles are never drawn."""
        return KEPT_BACK

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        face, errors = round_errors(snap, self.reveals_used, LINES)
        errors += passed_claim_errors(snap, face, _PASSED_WIN, _PASSED_PONG)
        rules = HandRules(wild=frozenset({face}))
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, rules)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        face = snap.reveals.wild_indicator
        assert face is not None  # validate() requires it
        found = _ROUND.get(snap, opts)
        scored: dict[int, tuple[str, ...]] = {}
        notes: list[str] = []
        for i, w in enumerate(snap.wins):
            s = found(i)
            assert s is not None  # validate() checked the shape
            scored[w.winner] = tuple(PATTERNS[p].zh for p, _ in s.rows)
            notes += _pay_win(snap, w, s, opts, ledger)
        hands = []
        for p in snap.players:
            if p.seat in scored:
                hands.append(HandReport(p.seat, True, scored[p.seat]))
            else:
                waits = hand_waits(p, face, _PLAYING_FACES)
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        if not snap.wins:
            notes.append("流局 at 16 tiles left: 所有人台数都为0, nothing is paid (001:88); the next dealer is the "
                         "dealer's 下家 after a kong in the round, else the dealer (流局后有杠的话，庄家下家坐庄)")
        # 流局: the dealer's 下家 after a kong, else the dealer (001:88); a win: option next_dealer
        return Settlement(ledger.items, tuple(hands), round_next_dealer(snap, opts.next_dealer), tuple(notes))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """As 三财神's: the base analysis without ``reveals.wild_indicator``; with it, a waiting hand
        gets its waits, each priced as a self-draw (its 台 rows and the total after doubling ×
        底分, what each other player pays before the surcharge) and marked ``self_draw_only`` for
        the 财神 itself (never discarded, 001:84); a complete hand its rows and value as a
        self-draw of its last tile. The hand is read as the dealer's (门风 东) with no flowers
        and no win flags. 中发白 are flowers: refused in the hand, the melds and as the 财神."""
        face, player = analyze_request(self, body, opts, LINES)
        if face is None:
            return super().analyze(body, opts)

        def price(p: Player, w: Win, east: Tile) -> dict[str, Any] | None:
            s = best(p, w, Context(face, p, w, east, opts.sanbaihu == "rows"), opts)
            return None if s is None else {"patterns": [PATTERNS[r].zh for r, _ in s.rows],
                                           "value": s.total * opts.base_points}
        return wild_analysis(self.id, player, face, lambda p, f: hand_waits(p, f, _PLAYING_FACES), price,
                             {"patterns": [], "value": None})


# -- checks ------------------------------------------------------------------------------




def _win_errors(snap: Snapshot, i: int, w: Win, rules: HandRules) -> list[RoundError]:
    ptr = f"/wins/{i}"
    # 地胡 is 闲家胡庄家打出的第一张牌 (001:105): on a discard only
    errors = win_flag_errors(snap, w, ptr, earthly_self_draw=False)
    left = snap.wall_remaining
    if w.last_tile and left is not None and not KEPT_BACK <= left < KEPT_BACK + snap.n:
        errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile", f"海底捞 is a win on one of the last {snap.n} "
                                 f"tiles, the {KEPT_BACK} kept back aside (001:115): {KEPT_BACK}-{KEPT_BACK + snap.n - 1} "
                                 f"left, not {left}"))
    player = snap.players[w.winner]
    if not is_complete([*player.hand, w.tile], rules):
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is "
                                 "not five sets and a pair (001:90-91)"))
    return errors


# -- payment -----------------------------------------------------------------------------


def _pay_win(snap: Snapshot, w: Win, s: Scored, opts: Any, ledger: Ledger) -> list[str]:
    """Every other player pays 胡牌总台数 × 1 × 底分 and a surcharge: to a 闲家 the dealer 2 and each
    other 闲家 1 (001:125-128), to the dealer each 闲家 2 (001:129-131); a self-draw and a discard
    alike (the formula names no discarder). Returns the notes that explain it."""
    base = opts.base_points
    table = CAPPED if opts.capped else PATTERNS
    names = "、".join(PATTERNS[p].zh for p, _ in s.rows)
    names_en = ", ".join(PATTERNS[p].en for p, _ in s.rows)
    terms = " + ".join(f"{PATTERNS[p].zh}{table.value(p)}" + (f"×{n}" if n > 1 else "") for p, n in s.rows)
    if any(p == _SANGUI for p, _ in s.rows):
        how = f"{terms}台 alone, never doubled (001:119, 001:122)"
    elif s.tai >= DOUBLE_AT and s.total < 2 * s.tai:
        how = f"{terms} = {s.tai}台 ≥ {DOUBLE_AT}: ×2 = {2 * s.tai}台 (001:121), 封顶 {s.total}台 (001:119)"
    elif s.total != s.tai:
        how = f"{terms} = {s.tai}台 ≥ {DOUBLE_AT}: ×2 = {s.total}台 (001:121)"
    elif s.rows:
        how = f"{terms} = {s.tai}台 (below {DOUBLE_AT}: not doubled, 001:121)"
    else:
        how = "no 台 row found: 0台, the surcharges alone are paid"
    note = f"{how}; 1台1分 (001:123), from each other player × 底分{base} (on {chinese(w.tile)})"
    dealer_won = w.winner == snap.dealer
    for payer in seats_after(w.winner, snap.n):
        ledger.pay(payer, w.winner, s.total * base, "hu", names, names_en, note, turn=w.turn)
        if dealer_won:
            ledger.pay(payer, w.winner, 2 * base, "hu", "庄家加分", "Dealer surcharge",
                       f"庄家胡: 每个闲家多给2分 × 底分{base} (001:129)", turn=w.turn)
        elif payer == snap.dealer:
            ledger.pay(payer, w.winner, 2 * base, "hu", "庄家加分", "Dealer surcharge",
                       f"闲家胡: 庄家多给2分 × 底分{base} (001:125, 001:127)", turn=w.turn)
        else:
            ledger.pay(payer, w.winner, base, "hu", "闲家加分", "Non-dealer surcharge",
                       f"闲家胡: 其他闲家多给1分 × 底分{base} (001:125, 001:128)", turn=w.turn)
    extra = ("plus 2 × 底分 from each 闲家 (庄家胡, 001:129-131)" if dealer_won
             else "plus 2 × 底分 from the dealer and 1 × 底分 from each other 闲家 (闲家胡, 001:125-128)")
    paid = f"{names or 'no 台 row (the win stands)'}: {s.total}台 × 底分{base} from each other player"
    return [f"{paid}, a self-draw and a discard alike (the formula names no discarder), {extra}"]


VARIANT: Final[CaishenTaishu] = CaishenTaishu()
