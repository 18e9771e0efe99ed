"""虫草花麻将's table and its 台 (001:334-394): the options, the round's 明牌 and what follows from
it (the 财神, the faces set aside), and the 台 rows read over every reading of a winning hand.

Its sister 下杠麻将 (001:421-491, :mod:`.xiagang`) plays the same table with a second face set aside
(the 下杠), its own 台 columns and no 6台 rule: what differs is a :class:`Ruleset` value, ``CHONGCAO``
here, every function below reading it from the round's :class:`Setup`.

Readings C1 (the table), C2 (winning hands) and C3 (台) of .helpers/chongcao-readings.md (下杠's
differences: X1-X3 of .helpers/xiagang-readings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ...errors import RoundError
from ...hand import HandRules, is_complete
from ...options import option
from ...patterns import Pattern, PatternTable
from ...snapshot import Player, Win
from ...tiles import FLOWERS, HONOURS, SUITED, WINDS, Tile, chinese, is_flower, is_suited, suit
from .._caishen import NEXT_DEALER, Reading, readings

TIERS: Final = (15, 25, 35, 50)
"""起翻 (001:356): the table's four columns."""
SCHEMES: Final = ("small", "big", "square", "chongcao")
"""花数 (001:395-418): 小花, 大花, 平方花, 虫草花."""
SCHEME_TIERS: Final[Mapping[str, tuple[int, ...]]] = {
    "small": (15,),  # （小花：15台起翻）, 无 at 25/35/50 (001:398)
    "big": (15,),  # （大花：15台起翻） (001:403)
    "square": TIERS,  # （平方花：15台、25台、35台、50台起翻） (001:408)
    "chongcao": (25, 35, 50),  # （虫草花：25台、35台、50台起翻）, 无 at 15 (001:413)
}
SCHEME_LINES: Final[Mapping[str, str]] = {"small": "001:398", "big": "001:403", "square": "001:408",
                                          "chongcao": "001:413"}
DRAW_AT: Final = (16, 8, 0)
"""流局 (001:345): 剩余十六张牌, or 剩8张, or 全摸完."""


@dataclass(frozen=True)
class Options:
    tier: int = option(15, "起翻", "The table's column of the 台 table (001:356): 15, 25, 35 or 50 台起翻; every big "
                       "row is read from it, and the 6台 rule (001:394) with it", choices=TIERS)
    six_rule_base: str = option("tier", "6台起翻基数", "The 6台 rule's base (001:394): tier, the table's column T — "
                                "(T + s − 6) × 2 —, or 15, as the note writes it whatever the column", choices=("tier", "15"))
    flower_scheme: str = option(
        "square", "花数", "The 花数 table (001:395-418): small 小花 and big 大花 (15台起翻 only), square 平方花 (every "
        "tier), chongcao 虫草花 (25/35/50 only) — the 虫草花 configuration: only then are the eight flowers in the "
        "set (001:337e) and 八虫草/七仙女/八仙过海 counted (001:391-393)", choices=SCHEMES)
    pong_only: bool = option(False, "只碰不吃", "Pong only, no chow (001:344, 勾选)")
    draw_at: int = option(16, "流局", "Tiles left when a round without a win is drawn (001:345): 16, 8 (剩8张) or 0 "
                          "(全摸完)", choices=DRAW_AT)
    jiaozi: int = option(0, "交子", "Each loser pays the winner this many 条 more (001:348 交子: 赢家额外加上房间配置"
                         "勾选数值的条数)", minimum=0)
    liability: bool = option(True, "包牌", "The five cases of 001:350 (3-4 players only, 二人没有包牌 001:349): the "
                             "liable seat pays every loser's 台")
    draw_pays_flowers: bool = option(True, "流局算花", "花数 is paid on a drawn round too (花与胡牌无关, 001:395); off: "
                                     "a drawn round pays nothing")
    next_dealer: str = option("rotate", "下一局庄家", "Who deals after a win (the seed is silent; after a drawn round "
                              "the dealer stays, 001:346): rotate (the dealer stays when it wins, else its 下家) or "
                              "winner", choices=NEXT_DEALER)


def option_errors(opts: Any, rs: Ruleset | None = None) -> list[RoundError]:
    """A 花数 scheme the tier's column lacks (the table's 无, 001:398, 403, 413): ``option_not_allowed``.
    A table with one 花数 table (``rs.scheme``, 下杠's) has no such option: nothing to refuse."""
    if (rs is not None and rs.scheme is not None) or opts.tier in SCHEME_TIERS[opts.flower_scheme]:
        return []
    tiers = "/".join(str(t) for t in SCHEME_TIERS[opts.flower_scheme])
    return [RoundError("option_not_allowed", "/options/flower_scheme", f"花数 {opts.flower_scheme} is played at "
                       f"{tiers}台起翻 only, not {opts.tier} (无 in the table, {SCHEME_LINES[opts.flower_scheme]})")]


# -- the 明牌 and what follows from it (001:340-343) --------------------------------------------

HONOUR_ORDER: Final[tuple[Tile, ...]] = ("E", "S", "W", "N", "C", "F", "P")
"""风位顺序按东南西北中发白 (001:342): the honours' cycle for 明牌 + 1 (not rules.tiles.next_in_suit's,
which cycles the winds and the dragons apart)."""
WHITE: Final = "P"
RED: Final = "C"
GREEN: Final = "F"
FLOWER_SET: Final = frozenset(FLOWERS)


def caishen_of(mingpai: Tile) -> Tile | None:
    """明牌面值+1为财神，且循环 (001:341-342): 9 → 1 in a suit, 白 → 东 in 东南西北中发白; a flower has no
    +1 in either order: no 财神 (C1)."""
    if is_suited(mingpai):
        return SUITED[SUITED.index(mingpai) // 9 * 9 + int(mingpai[0]) % 9]
    if mingpai in HONOUR_ORDER:
        return HONOUR_ORDER[(HONOUR_ORDER.index(mingpai) + 1) % len(HONOUR_ORDER)]
    return None


def xiagang_of(mingpai: Tile) -> Tile | None:
    """明牌面值-1为下杠，且循环 (下杠 001:430): 1 → 9 in a suit, 东 → 白 in 东南西北中发白 (明牌 南 → 下杠 东, the
    seed's example); a flower has no −1: no 下杠 (X1)."""
    if is_suited(mingpai):
        return SUITED[SUITED.index(mingpai) // 9 * 9 + (int(mingpai[0]) - 2) % 9]
    if mingpai in HONOUR_ORDER:
        return HONOUR_ORDER[(HONOUR_ORDER.index(mingpai) - 1) % len(HONOUR_ORDER)]
    return None


# -- what 虫草花 and 下杠 play differently ---------------------------------------------------------


@dataclass(frozen=True)
class Lines:
    """Where a table's text says each thing, for notes and messages: 下杠's text says what 虫草花's
    does on other lines (001:421-491 against 001:334-420), a few things in other words."""

    mingpai: str  # the tile turned up
    caishen: str  # 明牌 + 1
    set_aside: str  # 补牌, quoted
    pong_only: str  # 只碰不吃
    drawn: str  # the tiles left at a 流局
    drawn_said: str  # …quoted
    dealer_again: str  # 流局: the dealer deals again
    one_win: str  # 截胡
    jiaozi: str  # 交子
    liability: str  # 包牌: 只包台数 and 二人没有包牌
    cases: str  # 包牌's cases a, b, …
    shapes: str  # five sets and a pair
    winner_only: str  # 只有胡牌玩家计算台数
    columns: str  # the 台 table's 起翻 columns
    rows: str  # the 台 table
    pihu: str  # 屁胡
    small_added: str  # how the 1台 rows add (below the 6台 rule, or without one)
    six: str  # the 6台 rule
    wild: str  # the 财神 never melded but in 四财神暗杠
    no_caishen: str  # a flower 明牌
    hua: str  # 花与胡牌无关
    bonus: str  # +2 per loser


@dataclass(frozen=True, eq=False)
class Ruleset:
    """What 虫草花 (001:334-420) and its sister 下杠 (001:421-491) play differently, as data; everything
    else is one rule read by both. One value per table (compared by identity)."""

    tiers: tuple[int, ...]  # 起翻: the 台 table's columns
    columns: Mapping[str, tuple[int, ...]]  # each group of rows (_ROWS) → its value per tier
    row_offset: int  # a 台 row's seed line less 虫草花's (_ROWS'): 下杠's table repeats it 87 lines on
    six_rule: bool  # the 1台 rows through the 6台 rule (虫草花's note, 001:394)
    xiagang: bool  # a 下杠 face (明牌 − 1) is set aside too (下杠 001:430-431)
    flower_config: str | None  # the flower_scheme that puts 1f-8f in the set; None: always in
    scheme: str | None  # the one 花数 table (pay.SCHEME_TABLES); None: the option flower_scheme
    excludes: Mapping[str, tuple[str, ...]]  # rows whose 不计 are not _ROWS' (虫草花's)
    notes: Mapping[str, str]  # rows described otherwise than in _ROWS
    simeiren_clause: bool  # 四美人 never when 白板, 中 or 发 is the 财神 (虫草花's 001:388)
    baxian: str  # 八仙过海: "flower" (the 明牌 a flower, kongs of 中 and 发) or "xiagang" (3 杠头 + 4 下杠)
    cases: tuple[str, ...]  # 包牌's cases in order a, b, …: pay.CASE_NAMES' kinds
    lines: Lines
    six_base: int | None = None  # the 6台 rule's base: None the tier's column (C3), or 15 as 001:394 writes it
    # the 台 table, one per tier: made once, here (a cached_property is recomputed on every access when
    # compiled, as rules.tiles.TileSet notes)
    tables: Mapping[int, PatternTable] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", {tier: _table(self, k) for k, tier in enumerate(self.tiers)})

    def flowers_in(self, opts: Any) -> bool:
        """The eight 虫草花 in the set (and 八虫草/七仙女/八仙过海 counted): always, or under one flower_scheme."""
        return self.flower_config is None or opts.flower_scheme == self.flower_config

    def case(self, kind: str) -> str:
        """The letter a 包牌 case goes by at this table (a, b, …)."""
        return "abcdefgh"[self.cases.index(kind)]


@dataclass(frozen=True)
class Setup:
    """One round's 明牌 and what follows from it (C1; 下杠's X1)."""

    mingpai: Tile  # reveals.wild_indicator: the tile turned up, not in play
    caishen: Tile | None  # 明牌 + 1; None when the 明牌 is a flower
    gangtou: Tile | None  # 杠头: the 明牌's face, its three other copies set aside (a flower has none)
    white: Tile | None  # the 白板 role: 白板, 红中 when 白板 is the 财神, none when the 明牌 (or 下杠) is that face
    flowers: frozenset[Tile]  # the eight flowers, in the set under the 虫草花 configuration only (下杠: always)
    xiagang: Tile | None  # 下杠 (明牌 − 1), its four copies set aside; None at 虫草花 or with a flower 明牌
    rules: Ruleset

    @property
    def aside(self) -> frozenset[Tile]:
        """Every face set aside when drawn and replaced (补牌, 001:343; 下杠's 001:431)."""
        return self.flowers | {f for f in (self.gangtou, self.xiagang, self.white) if f is not None}

    @property
    def wild(self) -> frozenset[Tile]:
        return frozenset() if self.caishen is None else frozenset({self.caishen})

    def names(self) -> str:
        """The faces set aside, named for a message."""
        parts = ["虫草花 1f-8f"] if self.flowers else []
        if self.gangtou is not None:
            parts.append(f"杠头 {chinese(self.gangtou)}")
        if self.xiagang is not None:
            parts.append(f"下杠 {chinese(self.xiagang)}")
        if self.white is not None:
            parts.append(f"白板 {chinese(self.white)}" if self.white != WHITE else "白板")
        return "、".join(parts)


_WITH_OPTIONS: dict[tuple[int, bool, int | None, bool, bool], Ruleset] = {}


def for_options(rs: Ruleset, opts: Any) -> Ruleset:
    """``rs`` as a table's options read it: the other readings of the seed that are options (虫草花's
    ``six_rule_base``; 下杠's ``six_rule``, ``quanzi_excludes``, ``simeiren_clause``: the sister's rules
    read into 下杠's text). One value per combination, made once."""
    six_rule = rs.six_rule or bool(getattr(opts, "six_rule", False))
    six_base = 15 if getattr(opts, "six_rule_base", "tier") == "15" else rs.six_base
    quanzi = bool(getattr(opts, "quanzi_excludes", False)) and "quanzi" in rs.excludes
    clause = rs.simeiren_clause or bool(getattr(opts, "simeiren_clause", False))
    if (six_rule, six_base, quanzi, clause) == (rs.six_rule, rs.six_base, False, rs.simeiren_clause):
        return rs
    key = (id(rs), six_rule, six_base, quanzi, clause)
    found = _WITH_OPTIONS.get(key)
    if found is None:
        # the 全字 and 四美人 rows then read as 虫草花's (_ROWS): their overrides dropped
        dropped = ({"quanzi"} if quanzi else set()) | ({"simeiren"} if clause != rs.simeiren_clause else set())
        found = _WITH_OPTIONS[key] = replace(
            rs, six_rule=six_rule, six_base=six_base, simeiren_clause=clause,
            excludes={k: v for k, v in rs.excludes.items() if k not in dropped},
            notes={k: v for k, v in rs.notes.items() if k not in dropped})
    return found


def setup(mingpai: Tile, opts: Any, rs: Ruleset | None = None) -> Setup:
    """The round of ``rs`` (虫草花's when not given) whose 明牌 is ``mingpai``, as ``opts`` read it."""
    rs = for_options(rs or CHONGCAO, opts)
    caishen = caishen_of(mingpai)
    gangtou = None if is_flower(mingpai) else mingpai
    xiagang = xiagang_of(mingpai) if rs.xiagang else None
    # 如果白板是财神，则以红中计 (001:360); a face counts once, 明牌 (杠头) > 下杠 > 白板 role (C1, X1): with the
    # 明牌 白板 its copies are 杠头 only, with the 下杠 白板 (明牌 东) or 红中 (明牌 发) they are 下杠 only
    role = RED if caishen == WHITE else WHITE
    white = None if role in (gangtou, xiagang) else role
    return Setup(mingpai, caishen, gangtou, white, FLOWER_SET if rs.flowers_in(opts) else frozenset(), xiagang, rs)


# -- one win --------------------------------------------------------------------------------

PLAYING: Final[tuple[Tile, ...]] = (*SUITED, *HONOURS)
"""The 34 faces: what a 财神 may stand for (能够被替代为任何牌, the family's 001:84; C1)."""


@dataclass(frozen=True)
class Held:
    """What a win is, whatever the reading (C3's terms)."""

    setup: Setup
    held: int  # 财神 among the concealed tiles and the won tile ("held 财神")
    angang: bool  # a concealed kong of the four 财神 (四财神暗杠, 001:390)
    gangtou: int  # 杠头 the winner set aside
    white: int  # 白板-role tiles the winner set aside
    flowers: int  # flowers (1f-8f) the winner set aside
    seat_wind: Tile
    single: Tile | None  # the one concealed tile of a 单吊 hand, before the win
    kongs: frozenset[Tile]  # the faces of the winner's kongs
    win: Win
    readings: tuple[Reading, ...]  # empty: not five sets and a pair
    xiagang: int  # 下杠 the winner set aside (下杠 only)

    @property
    def chongcao(self) -> bool:
        """The 虫草花 configuration (下杠: always): the flowers are in the set, so the round sets them aside."""
        return bool(self.setup.flowers)


def held(player: Player, win: Win, s: Setup, wind: Tile) -> Held:
    concealed = [*player.hand, win.tile]
    rules = HandRules(wild=s.wild)
    # with no 财神 (a flower 明牌) the readings are asked with the flower as the wildcard: no hand holds it
    face = s.caishen if s.caishen is not None else s.mingpai
    found = tuple(readings(player, win, face, PLAYING, False)) if is_complete(concealed, rules) else ()
    angang = s.caishen is not None and any(m.kind == "concealed" and m.tile == s.caishen for m in player.melds)
    return Held(s, concealed.count(s.caishen) if s.caishen is not None else 0, angang,
                player.flowers.count(s.gangtou) if s.gangtou is not None else 0,
                player.flowers.count(s.white) if s.white is not None else 0,
                sum(1 for f in player.flowers if f in s.flowers), wind,
                player.hand[0] if len(player.hand) == 1 else None,
                frozenset(m.tile for m in player.melds if m.is_kong), win, found,
                player.flowers.count(s.xiagang) if s.xiagang is not None else 0)


# -- the 台 table (001:356-393) -------------------------------------------------------------

# the groups of rows that share a value at every tier (Ruleset.columns gives each its values)
SMALL: Final = "small"  # 1台
T1: Final = "t1"  # 虫草花's T: 15/25/35/50
T2: Final = "t2"  # 30/50/70/100
T3: Final = "t3"  # 45/75/105/150
T4: Final = "t4"  # 200/300/450/600
T5: Final = "t5"  # 500/500/750/1000

# id, 中文, English, group, 不计 (rows this one keeps out), 虫草花's seed line, note
_ROWS: Final[tuple[tuple[str, str, str, str, tuple[str, ...], int, str], ...]] = (
    ("zifeng", "自风位", "Seat Wind", SMALL, (), 359,
     "a triplet, pong or kong of the seat wind, a 财神 standing in too; not when the seat wind is the 财神's face"),
    ("baiban", "白板", "White Dragon", SMALL, (), 360,
     "each 白板 set aside (红中 when 白板 is the 财神)"),
    ("zhongfa", "中、发刻（杠）", "Red or Green Dragon Triplet", SMALL, (), 361,
     "each triplet, pong or kong of 中 or 发; not of the 财神's face, nor of 红中 when it plays 白板 (001:360)"),
    ("wucaishen", "无财神", "No God of Wealth", SMALL, (), 362, "no 财神 held, and no 四财神暗杠"),
    ("guiwei1", "财神一归位", "God of Wealth in Place", SMALL, (), 363,
     "a 财神 held, exactly one standing as its own face"),
    ("shuangcaishen", "双财神", "Two Gods of Wealth", SMALL, (), 364, "exactly two 财神 held"),
    ("gangkai", "杠上开花", "Win on a Kong Replacement", SMALL, (), 365, "kong_draw"),
    ("qianggang", "抢杠胡", "Robbing the Kong", SMALL, (), 366, "robbing_kong"),
    ("pinghu", "平胡", "Plain Hand", SMALL, (), 367,
     "five chows, the won tile at a chow's head or tail, the pair not the seat wind, 中 or 发"),
    ("mingpai", "明牌", "Kong Heads", SMALL, (), 368, "each 杠头 (a copy of the 明牌's face) set aside"),
    ("duiduihu", "对对胡", "All Triplets", T1, (), 369, "five triplets, pongs or kongs and the pair"),
    ("hunyise", "混一色", "Half Flush", T1, (), 370, "one suit and honours"),
    ("caishen_dandiao", "财神单吊", "Single Wait on a God of Wealth", T1, (), 371,
     "the hand before the win was one 财神"),
    ("sancaishen", "三财神", "Three Gods of Wealth", T1, (), 372, "exactly three 财神 held"),
    ("zuoniu", "财神做牛", "Gods of Wealth as the Pair", T1, (), 373, "the pair is two 财神"),
    ("sangangtou", "三杠头", "Three Kong Heads", T1, (), 374, "three 杠头 set aside"),
    ("dandiao_caishen", "单吊财神", "Single Wait Won by a God of Wealth", T2, (), 375,
     "the hand before the win was one tile, not a 财神, and a 财神 was self-drawn"),
    ("shuangguiwei", "财神双归位", "Two Gods of Wealth in Place", T2, (), 376,
     "two 财神 held or more, exactly two standing as their own face"),
    ("qingyise", "清一色", "Full Flush", T3, ("hunyise",), 377, "one suit, no honour"),
    ("sifengqi", "四风齐", "All Four Winds", T3, ("zifeng",), 378,
     "all four winds and a triplet of the seat wind; never when a wind is the 财神's face"),
    ("sibaiban", "四白板", "Four White Dragons", T3, (), 379, "four 白板 (or 红中 playing 白板) set aside"),
    ("yingdiao", "硬吊", "Hard Single Wait", T3, ("wucaishen",), 380,
     "the hand before the win was one tile, not a 财神, won with a real tile of its face"),
    ("tianhu", "天胡", "Heavenly Win", T3, (), 381, "heavenly"),
    ("dihu", "地胡", "Earthly Win", T3, (), 382, "earthly: a 闲家 wins the dealer's first discard"),
    ("sancaishenke", "三财神刻", "Triplet of Gods of Wealth", T3, ("sanguiwei",), 383,
     "three 财神 as one triplet of their own face"),
    ("sanmeiren", "三美人", "Three Beauties", T3, ("zhongfa",), 384,
     "triplets of 中 and 发 and three 白板 set aside; never when 白板, 中 or 发 is the 财神"),
    ("sicaishen", "四财神", "Four Gods of Wealth", T3, (), 385, "four 财神 held"),
    ("sanguiwei", "财神三归位", "Three Gods of Wealth in Place", T4, (), 386,
     "three 财神 held or more, exactly three standing as their own face"),
    ("quanzi", "全字", "All Honours", T4, ("zifeng", "duiduihu", "hunyise"), 387, "every tile an honour"),
    ("simeiren", "四美人", "Four Beauties", T4, ("zhongfa", "sibaiban"), 388,
     "triplets of 中 and 发 and four 白板 set aside; never when 白板, 中 or 发 is the 财神"),
    ("siguiwei", "财神四归位", "Four Gods of Wealth in Place", T5, (), 389,
     "four 财神 held, all standing as their own face"),
    ("sicaishen_angang", "四财神暗杠", "Concealed Kong of Gods of Wealth", T5, (), 390,
     "a concealed kong of the four 财神"),
    ("bachongcao", "八虫草", "Eight Cordyceps Flowers", T5, (), 391, "虫草花 only: all eight flowers set aside"),
    ("qixiannu", "七仙女", "Seven Fairies", T5, (), 392,
     "虫草花 only: four 白板 and three 杠头 set aside"),
    ("baxianguohai", "八仙过海", "Eight Immortals Cross the Sea", T5, (), 393,
     "虫草花 only: the 明牌 a flower, kongs of 中 and of 发"),
)
SMALL_ROWS: Final = frozenset(row[0] for row in _ROWS if row[3] == SMALL)
"""The 1台 rows (001:359-368): added, then the 6台 rule (001:394)."""
SIX: Final = 6
"""1台牌型可累加直至5台，6台起翻 (001:394)."""




def _table(rs: Ruleset, k: int) -> PatternTable:
    """The rows at ``rs``'s k-th tier: each group's value there, ``rs``'s own 不计, notes and lines."""
    return PatternTable([Pattern(pid, zh, en, rs.columns[group][k], rs.excludes.get(pid, excludes),
                                 f"001:{line + rs.row_offset}: {rs.notes.get(pid, note)}")
                         for pid, zh, en, group, excludes, line, note in _ROWS])


CHONGCAO: Final = Ruleset(
    tiers=TIERS,
    columns={SMALL: (1, 1, 1, 1), T1: (15, 25, 35, 50), T2: (30, 50, 70, 100), T3: (45, 75, 105, 150),
             T4: (200, 300, 450, 600), T5: (500, 500, 750, 1000)},  # 001:356-393
    row_offset=0, six_rule=True, xiagang=False, flower_config="chongcao", scheme=None, excludes={}, notes={},
    simeiren_clause=True, baxian="flower",
    cases=("single_honour", "single_suited", "beauty", "spat", "four_hands"),  # 001:350 a-e
    lines=Lines(
        mingpai="001:340", caishen="001:341-342", set_aside="补牌: 抓到虫草花、白板、明牌…都需要补牌, 001:343",
        pong_only="001:344", drawn="001:345", drawn_said="剩余十六张牌时…流局, or 剩8张 / 全摸完 as the table sets it",
        dealer_again="001:346", one_win="001:347", jiaozi="001:348", liability="001:349", cases="001:350",
        shapes="001:352-353", winner_only="001:355", columns="001:356", rows="001:356-393", pihu="001:358",
        small_added="≤ 5: added as they are, 001:394", six="001:394",
        wild="the family's 001:84; the only 财神 meld is the concealed kong of all four, 四财神暗杠 001:390",
        no_caishen="no 财神 this round (001:341-342, 001:393)", hua="001:395", bonus="001:420a"),
)
"""虫草花麻将 (001:334-420)."""
TABLES: Final[Mapping[int, PatternTable]] = CHONGCAO.tables
PATTERNS: Final = TABLES[15]

Detector = Callable[[Reading, Held], int]
"""How many times a row counts in a reading (0: not found)."""


def _triplets(r: Reading) -> list[Tile]:
    """The faces of the reading's triplets, pongs and kongs (a 四财神暗杠 plays as the 财神's face)."""
    return [p.faces[0] for p in r.parts if p.kind == "pong"]


def _guiwei(r: Reading) -> int:
    """财神 standing as their own face, the pair's left out: a pair of two 财神 is 财神做牛, 不计归位 (001:373)."""
    return sum(p.guiwei for p in r.parts)


def _ladder(n: int) -> Detector:
    """The 归位 rows, one ladder (C3): ``n`` held 财神 at least and exactly ``n`` 归位."""
    return lambda r, h: int(h.held >= n and _guiwei(r) == n)


def _suits(r: Reading) -> set[str]:
    return {suit(f) for f in r.faces()}


def _pinghu(r: Reading, h: Held) -> int:
    """没有碰杠和暗刻，胡的那张牌用来组成顺子，且是吃头或吃尾的 …作将的牌不能为自己的风位且不能为红中、发财 (001:367)."""
    chows = all(p.kind == "chow" for p in r.parts)
    return int(chows and r.wait in ("open", "edge") and r.pair not in (h.seat_wind, RED, GREEN))


def _zhongfa(r: Reading, h: Held) -> int:
    """中、发刻 (001:361): not of the 财神's face (三财神刻's business), nor of 红中 when it plays 白板 (此时不计红中刻, 001:360)."""
    out = (h.setup.caishen, h.setup.white)
    return sum(1 for f in _triplets(r) if f in (RED, GREEN) and f not in out)


def _beauties(r: Reading, h: Held, whites: int) -> int:
    """三美人/四美人 (001:384, 388): triplets of 中 and 发 and ``whites`` 白板 set aside; never when 白板, 中 or
    发 is the 财神 (本局不可出现) — 下杠's 四美人 says nothing of the 财神 (下杠 001:475, X3)."""
    clause = whites == 3 or h.setup.rules.simeiren_clause
    if (clause and h.setup.caishen in (WHITE, RED, GREEN)) or h.white != whites:
        return 0
    found = _triplets(r)
    return int(RED in found and GREEN in found)


def _baxian(h: Held) -> int:
    """八仙过海: 虫草花's, the 明牌 a flower and kongs of 中 and 发 (001:393); 下杠's, the turned-up 杠 faces
    twice four — the three 杠头 (the 明牌 shown the fourth) and the four 下杠 set aside (下杠 001:480, X3)."""
    if h.setup.rules.baxian == "xiagang":
        return int(h.gangtou == 3 and h.xiagang == 4)
    return int(h.chongcao and is_flower(h.setup.mingpai) and {RED, GREEN} <= h.kongs)


def _dandiao(h: Held, caishen: bool) -> bool:
    """A 单吊 hand whose one tile is (``caishen``) or is not a 财神."""
    return h.single is not None and (h.single == h.setup.caishen) == caishen


# one per row, in table order
DETECTORS: Final[Mapping[str, Detector]] = {
    "zifeng": lambda r, h: int(h.seat_wind != h.setup.caishen and h.seat_wind in _triplets(r)),
    "baiban": lambda _r, h: h.white,
    "zhongfa": _zhongfa,
    "wucaishen": lambda _r, h: int(h.held == 0 and not h.angang),
    "guiwei1": _ladder(1),
    "shuangcaishen": lambda _r, h: int(h.held == 2),
    "gangkai": lambda _r, h: int(h.win.kong_draw),
    "qianggang": lambda _r, h: int(h.win.robbing_kong),
    "pinghu": _pinghu,
    "mingpai": lambda _r, h: h.gangtou,
    "duiduihu": lambda r, _h: int(all(p.kind == "pong" for p in r.parts)),
    "hunyise": lambda r, _h: int("z" in (s := _suits(r)) and len(s) == 2),
    "caishen_dandiao": lambda _r, h: int(_dandiao(h, True)),
    "sancaishen": lambda _r, h: int(h.held == 3),
    "zuoniu": lambda r, _h: int(r.pair_wilds == 2),
    "sangangtou": lambda _r, h: int(h.gangtou == 3),
    "dandiao_caishen": lambda _r, h: int(_dandiao(h, False) and h.win.self_drawn and h.win.tile == h.setup.caishen),
    "shuangguiwei": _ladder(2),
    "qingyise": lambda r, _h: int(len(s := _suits(r)) == 1 and "z" not in s),
    "sifengqi": lambda r, h: int(h.setup.caishen not in WINDS and set(WINDS) <= set(r.faces())
                                 and h.seat_wind in _triplets(r)),
    "sibaiban": lambda _r, h: int(h.white == 4),
    "yingdiao": lambda _r, h: int(_dandiao(h, False) and h.win.tile == h.single),
    "tianhu": lambda _r, h: int(h.win.heavenly),
    "dihu": lambda _r, h: int(h.win.earthly),
    "sancaishenke": lambda r, _h: int(any(p.kind == "pong" and p.guiwei == 3 for p in r.parts)),
    "sanmeiren": lambda r, h: _beauties(r, h, 3),
    "sicaishen": lambda _r, h: int(h.held == 4),
    "sanguiwei": _ladder(3),
    "quanzi": lambda r, _h: int(_suits(r) == {"z"}),
    "simeiren": lambda r, h: _beauties(r, h, 4),
    "siguiwei": _ladder(4),
    "sicaishen_angang": lambda _r, h: int(h.angang),
    "bachongcao": lambda _r, h: int(h.chongcao and h.flowers == 8),
    "qixiannu": lambda _r, h: int(h.chongcao and h.white == 4 and h.gangtou == 3),
    "baxianguohai": lambda _r, h: _baxian(h),
}
HAND_ROWS: Final = frozenset({
    "baiban", "wucaishen", "shuangcaishen", "gangkai", "qianggang", "mingpai", "caishen_dandiao", "sancaishen",
    "sangangtou", "dandiao_caishen", "sibaiban", "yingdiao", "tianhu", "dihu", "sicaishen", "sicaishen_angang",
    "bachongcao", "qixiannu", "baxianguohai"})
"""The rows a hand has whatever its reading: found once per win, not once per reading (a hand
with 财神 has dozens)."""
READING_ROWS: Final[Mapping[str, Detector]] = {pid: d for pid, d in DETECTORS.items() if pid not in HAND_ROWS}
ORDER: Final[Mapping[str, int]] = {pid: k for k, pid in enumerate(DETECTORS)}


@dataclass(frozen=True)
class Tai:
    """A reading's count: the rows kept (each with its times), the small rows' sum ``small`` and
    what they add after the 6台 rule (下杠: as they are), the big rows' sum, the total."""

    rows: tuple[tuple[str, int], ...]
    small: int
    small_part: int
    big: int
    tier: int
    rules: Ruleset

    @property
    def total(self) -> int:
        return self.small_part + self.big

    @property
    def six(self) -> bool:
        """Whether the 6台 rule (001:394) turned the small rows' sum into (T + s − 6) × 2."""
        return self.rules.six_rule and self.small >= SIX

    @property
    def table(self) -> PatternTable:
        return self.rules.tables[self.tier]


def small_part(s: int, tier: int) -> int:
    """1台牌型可累加直至5台，6台起翻（6台部分算15台），台数=（15+累加台数-6）*2 (001:394), read with the
    table's tier T for 15 (C3): s ≤ 5 → s; s ≥ 6 → (T + s − 6) × 2."""
    return s if s < SIX else (tier + s - SIX) * 2


def hand_rows(h: Held) -> list[tuple[str, int]]:
    """The rows of :data:`HAND_ROWS` the hand has, in table order."""
    return [(pid, n) for pid, detect in DETECTORS.items() if pid in HAND_ROWS and (n := detect(h.readings[0], h))]


def count(r: Reading, h: Held, tier: int, fixed: list[tuple[str, int]] | None = None) -> Tai:
    """The rows found in one reading (``fixed``: the hand's own rows, :func:`hand_rows`), less those
    another found keeps out (不计), the small rows through the 6台 rule (下杠: as they are, X3), the
    big rows added (C3)."""
    rs = h.setup.rules
    table = rs.tables[tier]
    found = [*(hand_rows(h) if fixed is None else fixed),
             *((pid, n) for pid, detect in READING_ROWS.items() if (n := detect(r, h)))]
    found.sort(key=lambda row: ORDER[row[0]])
    dropped = {x for pid, _ in found for x in table[pid].excludes}
    rows = tuple((pid, n) for pid, n in found if pid not in dropped)
    small = sum(table.value(pid) * n for pid, n in rows if pid in SMALL_ROWS)
    big = sum(table.value(pid) * n for pid, n in rows if pid not in SMALL_ROWS)
    return Tai(rows, small, small_part(small, rs.six_base or tier) if rs.six_rule else small, big, tier, rs)


def best(h: Held, tier: int) -> Tai:
    """The reading with the most 台 (of equals the first): the best reading of the 财神 is paid (C3)."""
    assert h.readings  # validate() refused a hand out of shape
    fixed = hand_rows(h)
    return max((count(r, h, tier, fixed) for r in h.readings), key=lambda t: t.total)


def names(t: Tai) -> tuple[str, ...]:
    return tuple(t.table[pid].zh for pid, _ in t.rows)

