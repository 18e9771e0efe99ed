"""邯郸麻将 Handan mahjong — 004_dc8b3a81c52afb80.txt, the whole text (its `邮郸` is 邯郸).

136 tiles, or 108 without honours (不带风, 004:3); pong and kong, no chow (004:17);
2-4 players; 底分 1, 2 or 5 (004:126-127). A table plays one of four modes (玩法匹配,
004:87-118), each fixing a kong-score rule (规则一..四, 004:52-57, and 一炮包三家's own,
004:114), who pays a win on a discard, 自摸翻倍, 一炮多响, and whether 明扣 and 跑 are
played. A win pays 1 (004:51, 004:62) × every 大胡 multiplier (004:68-78, all
multiplied, 004:85) × 带庄/跑/明扣/天胡 ×2 (004:80-84) × 自摸翻倍 × 底分. Kongs are paid
at the end of the round, drawn or not (004:34, 004:36). The readings behind each choice
are in docs/variants/handan.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from math import prod
from types import MappingProxyType
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import Decomposition, HandRules, analyse, decompositions, wait_shapes, waits
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..passes import PassRule, passed_pong_errors, passed_pongs_flag, passed_win_errors, passed_wins_flag
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_108, SET_136, Tile, TileSet, compact, suit
from ..variant import Variant, closest_after, others
from ..win_checks import single_event_errors, win_flag_errors
from ._round import PerRound

# -- the four modes and the kong-score rules (data) -------------------------------------------


@dataclass(frozen=True)
class KongPay:
    """Who pays one kind of kong and how much per payer (before 底分).

    ``payers``: ``feeder`` (the seat whose discard made the kong, or for 明杠 the pong),
    ``others`` (every other seat), ``feeder_for_all`` (the feeder pays every other seat's
    share: 一炮包三家).
    """

    payers: str
    points: int


@dataclass(frozen=True)
class KongRule:
    """规则一..四 of 004:52-57 and 一炮包三家's kong scores (004:114)."""

    id: str
    zh: str
    source: str
    exposed: KongPay  # 点杠: three in hand + a discard (004:31)
    added: KongPay  # 明杠: a pong + the drawn fourth (004:32)
    concealed: KongPay  # 暗杠 (004:33)

    def pay(self, kind: str) -> KongPay:
        return {"exposed": self.exposed, "added": self.added, "concealed": self.concealed}[kind]


KONG_RULES: Final[Mapping[str, KongRule]] = MappingProxyType({
    "rule1": KongRule("rule1", "规则一", "004:54", KongPay("feeder", 1), KongPay("others", 1), KongPay("others", 2)),
    "rule2": KongRule("rule2", "规则二", "004:55", KongPay("feeder", 1), KongPay("feeder", 1), KongPay("others", 2)),
    "rule3": KongRule("rule3", "规则三", "004:56", KongPay("others", 1), KongPay("others", 1), KongPay("others", 2)),
    "rule4": KongRule("rule4", "规则四", "004:57", KongPay("feeder", 1), KongPay("feeder", 1), KongPay("others", 1)),
    "baosanjia": KongRule("baosanjia", "一炮包三家杠分", "004:114",
                          KongPay("feeder_for_all", 1), KongPay("feeder_for_all", 1), KongPay("others", 2)),
})

KONG_NAMES: Final[Mapping[str, tuple[str, str]]] = MappingProxyType({
    "exposed": ("点杠", "Exposed Kong"), "added": ("明杠", "Added Kong"), "concealed": ("暗杠", "Concealed Kong"),
})
"""The seed's names (004:30-33): its 明杠 is the added kong, its 点杠 the kong on a discard."""


@dataclass(frozen=True)
class Mode:
    """One 玩法 of 004:87-118 and everything it fixes.

    ``discard_pays``: ``discarder`` (谁点谁减), ``everyone`` (点炮得三家: every other seat
    pays as on a self-draw, without 自摸翻倍), ``discarder_for_all`` (一炮包三家: the
    discarder pays every other seat's share).
    """

    id: str
    zh: str
    en: str
    source: str
    kong_rule: str
    discard_pays: str
    self_draw_double: bool
    multi_win: bool
    pao: bool
    mingkou: bool


MODES: Final[Mapping[str, Mode]] = MappingProxyType({
    # 004:89 is 规则四; 004:93 谁点谁减, 可一炮多响; 004:94 自摸三家各减1分; 明扣 not played ("不明扣玩法",
    # 004:88) and 跑 not listed
    "dianpao_yijia": Mode("dianpao_yijia", "点炮一家出", "Discarder pays alone", "004:88-95",
                          "rule4", "discarder", False, True, False, False),
    # 004:98-99 is 规则三; 004:100 自摸翻倍; 004:102 不可明扣, 不可跑; 004:104 不可一炮多响
    "dianpao_sanjia": Mode("dianpao_sanjia", "点炮得三家", "Discard win paid by all", "004:97-104",
                           "rule3", "everyone", True, False, False, False),
    # 004:107-108 is 规则一; 004:109 谁点谁减1分, 自摸不翻倍; 004:110 可明扣, 可跑; 一炮多响 not
    # granted, so 004:40 (only one winner, 谁在前面谁胡) holds
    "mingkou": Mode("mingkou", "明扣玩法", "Open-declaration play", "004:106-111",
                    "rule1", "discarder", False, False, True, True),
    # 004:114 its own kong scores; 004:116 谁点谁减3分 (the discarder pays for all), 自摸翻倍;
    # 004:118 不可明扣, 不可跑; 一炮多响 not granted (004:40)
    "yipao_baosanjia": Mode("yipao_baosanjia", "一炮包三家", "Discarder pays for all", "004:113-118",
                            "baosanjia", "discarder_for_all", True, False, False, False),
})


# -- options and per-player flags ---------------------------------------------------------------


@dataclass(frozen=True)
class HandanOptions:
    base_points: int = option(1, "底分", "Base stake (004:127): every amount, wins and kongs, is multiplied by it",
                              choices=(1, 2, 5))
    mode: str = option("dianpao_yijia", "模式", "The 玩法 (004:87-118): dianpao_yijia 点炮一家出, dianpao_sanjia 点炮得三家, "
                       "mingkou 明扣玩法, yipao_baosanjia 一炮包三家", choices=tuple(MODES))
    kong_rule: str | None = option(None, "杠计分规则", "Kong scores (004:52-57, 004:114): rule1..rule4 = 规则一..四, baosanjia = "
                                   "一炮包三家's; null = the mode's", kind="string", nullable=True, choices=tuple(KONG_RULES))
    self_draw_double: bool | None = option(None, "自摸翻倍", "A self-drawn win pays double (004:62, 004:85); null = the mode's",
                                           kind="boolean", nullable=True)
    multi_win: bool | None = option(None, "一炮多响", "One discard may be won by several players; when not, the seat closest "
                                    "after the discarder wins (004:40); null = the mode's", kind="boolean", nullable=True)
    pao_allowed: bool | None = option(None, "可跑", "Players may declare 跑 (004:44-45); null = the mode's",
                                      kind="boolean", nullable=True)
    mingkou_allowed: bool | None = option(None, "可明扣", "Players may declare 明扣 (004:47-48); null = the mode's",
                                          kind="boolean", nullable=True)
    big_hu: bool = option(True, "大胡", "大胡 multipliers count (004:41-42, 004:68-78, 004:120-121)")
    dealer_double: bool = option(True, "带庄", "The dealer's win pays double (004:81); off = 不带庄 (004:125)")
    dealer_pays_double: bool = option(False, "带庄庄家输也翻倍", "Alternative reading of 带庄 (004:81): the dealer's payments "
                                      "for another's win are doubled as well")
    with_honours: bool = option(True, "带风", "Play with the 28 honour tiles (136); off = 不带风, 108 tiles (004:3, 004:125)")
    special_hands_without_big_hu: str = option(
        "forbidden", "不勾选大胡时的七小对和十三幺", "With 大胡 off (004:120-121): forbidden = 七小对 and 十三幺 cannot win; "
        "counted = they win and keep their multiplier", choices=("forbidden", "counted"))
    pao_scope: str = option("with_dealer", "跑的范围", "What a 跑 doubles (004:44-45, 004:82): with_dealer = win money between "
                            "a runner and the dealer; runner = every win payment the runner makes or receives",
                            choices=("with_dealer", "runner"))
    jiahu_single_wait: bool = option(False, "夹胡单吊须独听", "夹胡/边张/单吊 count only when the hand waited on that one tile "
                                     "alone (off: judged from the shape the winning tile completed, 004:6, 004:71)")


@dataclass(frozen=True)
class HandanFlags:
    pao: bool = option(False, "跑", "Declared 跑 before the round (004:44-45, ×2 004:82)")
    mingkou: bool = option(False, "明扣", "Declared 明扣 at 听牌: may only win by self-draw, ×2 (004:47-48, 004:83)")
    mingkou_tiles: tuple[Tile, ...] = option((), "明扣亮牌", "The tiles laid open at 明扣; they decide which waits may be "
                                             "won (004:135); empty = not given", kind="tiles")
    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag(
        "004:23 同圈过牌", "any tile it waits on (所听的所有牌)", "its next draw or pong")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("004:22 同圈过牌", "its next draw or pong")


# 能胡而不胡，下次抓牌/碰前不能再胡所听的所有牌; 能碰而不碰，下次抓牌/碰前不能再碰 (004:21-23)
_PASSED_WIN: Final = PassRule("同圈过牌", "004:23", "waits", by_claim=True)
_PASSED_PONG: Final = PassRule("同圈过牌", "004:22", "tile", by_claim=True)


@dataclass(unsafe_hash=True)
class Table:
    """The rules in force: the mode's, with the options that override it (built like the core's
    value classes, rules/ledger.py: a frozen dataclass is ~15x as dear to build compiled)."""

    mode: Final[Mode]
    kong_rule: Final[KongRule]
    self_draw_double: Final[bool]
    multi_win: Final[bool]
    pao: Final[bool]
    mingkou: Final[bool]

    def __init__(self, mode: Mode, kong_rule: KongRule, self_draw_double: bool, multi_win: bool, pao: bool,
                 mingkou: bool) -> None:
        self.mode = mode
        self.kong_rule = kong_rule
        self.self_draw_double = self_draw_double
        self.multi_win = multi_win
        self.pao = pao
        self.mingkou = mingkou

    @classmethod
    def of(cls, opts: HandanOptions) -> Table:
        m = MODES[opts.mode]
        return cls(m, KONG_RULES[_pick(opts.kong_rule, m.kong_rule)], _pick(opts.self_draw_double, m.self_draw_double),
                   _pick(opts.multi_win, m.multi_win), _pick(opts.pao_allowed, m.pao),
                   _pick(opts.mingkou_allowed, m.mingkou))

    def describe(self) -> str:
        return (f"玩法 {self.mode.zh} ({self.mode.source}): 杠 {self.kong_rule.zh} ({self.kong_rule.source}), "
                f"点炮 paid by {self.mode.discard_pays}, 自摸翻倍 {_yes(self.self_draw_double)}, "
                f"一炮多响 {_yes(self.multi_win)}, 跑 {_yes(self.pao)}, 明扣 {_yes(self.mingkou)}")


def _pick(value: Any, default: Any) -> Any:
    return default if value is None else value


def _yes(b: bool) -> str:
    return "on" if b else "off"


# -- the pattern table ---------------------------------------------------------------------------

_SEVEN_PAIRS: Final = ("qixiaodui", "haohua", "shuang_haohua", "chao_haohua")

PATTERNS: Final = PatternTable([
    Pattern("pengpenghu", "碰碰胡", "All Pongs", 2, note="大胡: every set a pong/kong (004:69)"),
    Pattern("yitiaolong", "一条龙", "Pure Straight", 2, note="大胡: 123 456 789 of one suit in the hand (004:12, 004:70)"),
    Pattern("jiahu", "夹胡", "Closed Wait", 2, note="大胡: won in the middle of a sequence, 35 waiting 4 (004:6, 004:71)"),
    Pattern("bianzhang", "边张", "Edge Wait", 2, note="大胡: 12 waiting 3 or 89 waiting 7 (004:6, 004:71)"),
    Pattern("dandiao", "单吊", "Single Wait", 2, note="大胡: won on the pair's tile (004:41, 004:71)"),
    Pattern("qixiaodui", "七小对", "Seven Pairs", 2, note="大胡: seven pairs (004:7, 004:72)"),
    Pattern("haohua", "豪华七小对", "Luxury Seven Pairs", 4, ("qixiaodui",),
            "大胡: seven pairs with one four-of-a-kind (004:8, 004:73)"),
    Pattern("shuang_haohua", "双豪华七小对", "Double Luxury Seven Pairs", 8, ("haohua", "qixiaodui"),
            "大胡: seven pairs with two four-of-a-kind (004:9, 004:74)"),
    Pattern("chao_haohua", "超豪华七小对", "Triple Luxury Seven Pairs", 16, ("shuang_haohua", "haohua", "qixiaodui"),
            "大胡: seven pairs with three four-of-a-kind (004:10, 004:75)"),
    Pattern("qingyise", "清一色", "Pure One Suit", 4, note="大胡: every tile of one suit, or all honours (004:11, 004:76)"),
    Pattern("shisanyao", "十三幺", "Thirteen Orphans", 10, note="大胡 (004:14, 004:77)"),
    Pattern("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", 2, note="大胡 (004:78)"),
    Pattern("tianhu", "天胡", "Heavenly Win", 2, note="the dealer wins on the dealt hand, not after a 暗杠 (004:84)"),
    Pattern("mingkou", "明扣", "Open Declaration", 2, note="the winner declared 明扣 (004:83)"),
])

_VALUE: Final[dict[str, int]] = {p.id: p.value for p in PATTERNS}

BIG_HU: Final = frozenset({"pengpenghu", "yitiaolong", "jiahu", "bianzhang", "dandiao", *_SEVEN_PAIRS, "qingyise", "shisanyao",
                    "gangshangkaihua"})
"""大胡 patterns (004:41, 004:68-78): they multiply only with the 大胡 option on."""

SPECIAL_SHAPES: Final = frozenset({*_SEVEN_PAIRS, "shisanyao"})
"""七小对 and 十三幺: the shapes the 004:120-121 note sets apart when 大胡 is off."""

_WAIT_PATTERN: Final[tuple[tuple[str, str], ...]] = (("single", "dandiao"), ("closed", "jiahu"), ("edge", "bianzhang"))
"""Wait shape → pattern, in the order a shape is preferred when the tile fits several (all ×2)."""

DEALER: Final = ("带庄", "Dealer Doubles")
PAO: Final = ("跑", "Run")
SELF_DRAW_DOUBLE: Final = ("自摸翻倍", "Self-Draw Doubles")


# -- readings ----------------------------------------------------------------------------------------


@dataclass(unsafe_hash=True)
class Reading:
    """One way to read a win: the patterns that multiply, and the 大胡 ones present but not counted."""

    patterns: Final[tuple[str, ...]]
    unscored: Final[tuple[str, ...]]

    def __init__(self, patterns: tuple[str, ...], unscored: tuple[str, ...] = ()) -> None:
        self.patterns = patterns
        self.unscored = unscored

    @property
    def multiplier(self) -> int:
        out = 1
        for p in self.patterns:
            out *= _VALUE[p]
        return out

    def factors(self) -> list[tuple[str, int]]:
        return [(PATTERNS[p].zh, _VALUE[p]) for p in self.patterns]


def _special_allowed(opts: HandanOptions) -> bool:
    return opts.big_hu or opts.special_hands_without_big_hu == "counted"


_DRAGON_STARTS: Final = tuple(frozenset({f"1{s}", f"4{s}", f"7{s}"}) for s in "mps")


def _has_dragon(d: Decomposition) -> bool:
    """一条龙: 123, 456 and 789 of one suit among the concealed sequences (004:12)."""
    starts = {g.faces[0] for g in d.sets if g.kind == "sequence"}
    return len(starts) >= 3 and any(dragon <= starts for dragon in _DRAGON_STARTS)


def _wait_pattern(d: Decomposition, tile: Tile) -> list[str]:
    shapes = wait_shapes(d, tile)
    return next(([pid] for shape, pid in _WAIT_PATTERN if shape in shapes), [])


def _seven_pairs_patterns(quads: int) -> list[str]:
    """七小对 and each 豪华 step its four-of-a-kinds reach; 不计 keeps the highest."""
    return list(_SEVEN_PAIRS[:quads + 1])


class Handan(Variant):
    id = "handan"
    name = "邯郸麻将"
    name_en = "Handan Mahjong"
    rules_version = "handan/1"
    source = "004_dc8b3a81c52afb80.txt:1-135"
    players = (2, 4)
    Options = HandanOptions
    Flags = HandanFlags
    patterns = PATTERNS

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """流局 (004:19): 7 墩 with honours, one 墩 more per kong after the first; 不带风打完."""
        return 14 + 2 * max(0, kongs - 1) if opts.with_honours else 0

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_136 if opts.with_honours else SET_108

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return _SPECIAL_RULES if _special_allowed(opts) else _PLAIN_RULES

    def simulate_flags(self, seat: int, hand: list[Tile], opts: Any, rng: Any) -> dict[str, Any]:
        """Generated rounds: non-dealers (13 dealt tiles) sometimes run; the dealer never does,
        so no round breaks the 庄跑 exclusion (004:45)."""
        if Table.of(opts).pao and len(hand) == self.hand_size and rng.random() < 0.3:
            return {"pao": True}
        return {}

    def declares_open(self, opts: Any) -> bool:
        """明扣 where the table plays it (004:47-48, 004:110)."""
        return Table.of(opts).mingkou

    # -- readings ---------------------------------------------------------------------------

    def readings(self, player: Player, win: Win, opts: HandanOptions, faces: Iterable[Tile]) -> list[Reading]:
        """Every way the win can be read (取高 takes the best); empty when it is no win."""
        rules = self.hand_rules(None, opts)
        concealed = self.concealed_with(player, win)
        analysis = analyse(concealed, rules)
        if not analysis.wins:
            return []
        common = ["qingyise"] if len({suit(t) for t in [*concealed, *player.meld_tiles()]}) == 1 else []
        common += ["gangshangkaihua"] if win.kong_draw else []
        extra = (["tianhu"] if win.heavenly else []) + (["mingkou"] if player.flags.mingkou else [])
        closed_wait_ok = self._closed_wait_may_count(player, win, rules, faces, opts)
        shapes: list[list[str]] = []
        for d in analysis.decompositions:
            found = ["pengpenghu"] if d.all_triplets() else []
            found += ["yitiaolong"] if _has_dragon(d) else []
            found += _wait_pattern(d, win.tile) if closed_wait_ok else []
            shapes.append(found)
        if analysis.seven_pairs is not None:
            shapes.append(_seven_pairs_patterns(analysis.seven_pairs.natural_quads))
        if analysis.thirteen_orphans:
            shapes.append(["shisanyao"])
        return [self._reading(PATTERNS.apply_exclusions([*shape, *common]), extra, opts) for shape in shapes]

    @staticmethod
    def _closed_wait_may_count(player: Player, win: Win, rules: HandRules, faces: Iterable[Tile], opts: HandanOptions) -> bool:
        """Whether 夹胡/边张/单吊 may count: always, or with ``jiahu_single_wait`` only on a one-tile wait."""
        if not opts.jiahu_single_wait:
            return True
        return waits(player.hand, rules, faces, Counter(player.all_tiles())) == [win.tile]

    @staticmethod
    def _reading(found: tuple[str, ...], extra: list[str], opts: HandanOptions) -> Reading:
        if opts.big_hu:
            return Reading((*found, *extra))
        keep_special = opts.special_hands_without_big_hu == "counted"
        counted = [p for p in found if p not in BIG_HU or (keep_special and p in SPECIAL_SHAPES)]
        return Reading((*counted, *extra), tuple(p for p in found if p not in counted))

    def best_reading(self, player: Player, win: Win, opts: HandanOptions, faces: Iterable[Tile]) -> Reading | None:
        return _best(self.readings(player, win, opts, tuple(faces)))

    def _readings(self, r: _Round, snap: Snapshot, i: int, win: Win, opts: HandanOptions) -> list[Reading]:
        """:meth:`readings` of win ``i``, worked out once per round."""
        found = r.readings.get(i)
        if found is None:
            found = r.readings[i] = self.readings(snap.players[win.winner], win, opts, r.faces)
        return found

    def kept_draw_seats(self, snap: Snapshot) -> frozenset[int]:
        """004:35: after two kongs, a kong on the 倒数第17张 draws one tile from the bottom; no
        win on it is 黄庄 with no discard, so the konger may end holding it (the round's third
        kong or later; the last drawer when given)."""
        if snap.wins or sum(len(p.kongs) for p in snap.players) < 3:
            return frozenset()
        seats = [p.seat for p in snap.players if p.kongs]
        if snap.last_drawer is not None:
            seats = [s for s in seats if s == snap.last_drawer]
        return frozenset(seats)

    def _waits(self, r: _Round, p: Player, opts: HandanOptions) -> tuple[Tile, ...]:
        """A player's waits, worked out once per round (none for a hand holding its last draw)."""
        if len(p.hand) + 3 * len(p.melds) > self.hand_size:
            return ()
        found = r.waits.get(p.seat)
        if found is None:
            found = r.waits[p.seat] = tuple(self.waits_of(p, self.hand_rules(None, opts), r.tileset))
        return found

    # -- validation -------------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        r = _ROUND.get(snap, opts)
        table = r.table
        errors = [*unused_reveal_errors(snap, self.reveals_used), *single_event_errors(snap), *_multi_win_errors(snap, table)]
        for i, w in enumerate(snap.wins):
            ptr = f"/wins/{i}"
            player = snap.players[w.winner]
            if not self._readings(r, snap, i, w, opts):
                errors.append(RoundError("not_a_win", ptr, self._not_a_win(player, w, opts)))
            errors += win_flag_errors(snap, w, ptr)
        errors += _kong_feeder_errors(snap, table)
        errors += _pao_errors(snap, table)
        errors += self._mingkou_errors(snap, r, opts)
        errors += passed_win_errors(snap, _PASSED_WIN) + passed_pong_errors(snap, _PASSED_PONG)
        kongs = sum(len(p.kongs) for p in snap.players)
        errors += _wall_errors(snap, self.dead_wall(opts, kongs), self.dead_wall(opts, max(0, kongs - 1)), kongs)
        if errors:
            raise InvalidRound(errors)

    def _not_a_win(self, player: Player, w: Win, opts: HandanOptions) -> str:
        text = f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is not a winning hand in handan"
        full = analyse(self.concealed_with(player, w), HandRules(seven_pairs=True, thirteen_orphans=True))
        if not _special_allowed(opts) and full.wins:
            text += "; with 大胡 off, 七小对 and 十三幺 do not win (004:120-121)"
        return text

    def _mingkou_errors(self, snap: Snapshot, r: _Round, opts: HandanOptions) -> list[RoundError]:
        """明扣 (004:47-48, 004:134-135): allowed by the mode, declared at 听牌, self-draw only,
        and only on a wait the shown tiles give away."""
        errors: list[RoundError] = []
        table = r.table
        rules = self.hand_rules(snap, opts)
        for i, p in enumerate(snap.players):
            ptr = f"/players/{i}/flags"
            shown = p.flags.mingkou_tiles
            if p.flags.mingkou and not table.mingkou:
                errors.append(RoundError("flag_not_allowed", f"{ptr}/mingkou",
                                         f"明扣 is not played in {table.mode.zh} ({table.mode.source})"))
            if shown and not p.flags.mingkou:
                errors.append(RoundError("inconsistent_flags", f"{ptr}/mingkou_tiles", "tiles shown without declaring 明扣"))
            if shown and Counter(shown) - Counter(p.hand):
                errors.append(RoundError("mingkou_tiles_not_in_hand", f"{ptr}/mingkou_tiles",
                                         f"the shown tiles {compact(shown)} are not all in the concealed hand {compact(p.hand)}"))
                continue
            if not p.flags.mingkou:
                continue
            waits_now = list(self._waits(r, p, opts))
            visible = shown_waits(p.hand, shown, waits_now, rules)
            mine = [(k, w) for k, w in enumerate(snap.wins) if w.winner == i]
            if not waits_now:
                errors.append(RoundError("mingkou_not_ready", f"/players/{i}/hand",
                                         f"明扣 is declared at 听牌 (004:48) but {compact(p.hand)} waits on nothing"))
            elif shown and not visible:
                errors.append(RoundError("mingkou_no_shown_wait", f"{ptr}/mingkou_tiles",
                                         f"the shown tiles {compact(shown)} give away none of the waits {compact(waits_now)}"))
            for k, w in mine:
                if not w.self_drawn:
                    errors.append(RoundError("mingkou_self_draw_only", f"/wins/{k}/from",
                                             "a 明扣 player may only win by self-draw (004:48)"))
                if w.heavenly:
                    errors.append(RoundError("inconsistent_win", f"/wins/{k}/heavenly",
                                             "天胡 is won on the dealt hand, before anyone could declare 明扣"))
                if shown and w.tile not in visible:
                    errors.append(RoundError("not_a_shown_wait", f"/wins/{k}/tile",
                                             f"{w.tile} is a wait of the hidden tiles only; the shown {compact(shown)} "
                                             f"give away {compact(visible) or 'nothing'} (004:135)"))
        return errors

    # -- settlement -------------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        memo = _ROUND.get(snap, opts)
        table = memo.table
        ledger = Ledger(snap.n)
        found: dict[int, Reading] = {}
        for i, w in enumerate(snap.wins):
            reading = _best(self._readings(memo, snap, i, w, opts))
            assert reading is not None  # validate() rejected every non-win
            found[w.winner] = reading
            _pay_win(snap, table, opts, w, reading, ledger)
        _pay_kongs(snap, table, opts, ledger)
        rules = self.hand_rules(snap, opts)
        hands = []
        for p in snap.players:
            waits_now = self._waits(memo, p, opts)
            extra: dict[str, Any] = {}
            r = found.get(p.seat)
            if r is not None:
                extra["multiplier"] = r.multiplier
                if r.unscored:
                    extra["unscored_patterns"] = [PATTERNS[x].zh for x in r.unscored]
            if p.flags.mingkou and p.flags.mingkou_tiles:
                extra["mingkou_waits"] = list(shown_waits(p.hand, p.flags.mingkou_tiles, list(waits_now), rules))
            names = tuple(PATTERNS[x].zh for x in r.patterns) if r else ()
            hands.append(HandReport(p.seat, r is not None, names, bool(waits_now), waits_now, extra))
        return Settlement(tuple(ledger.items), tuple(hands), _next_dealer(snap), _notes(snap, table))

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """The hand's own worth on ``tile``: 底分 × its patterns (大胡, 明扣), as a plain win
        neither self-drawn nor on a kong replacement; 带庄, 跑 and the mode's payers apart."""
        win = Win(player.seat, None if player.flags.mingkou else (player.seat + 1) % self.players[1], tile)
        n = snap.n if snap is not None else self.players[1]
        reading = self.best_reading(player, win, opts, self.tileset(opts, n).faces)
        if reading is None:
            return None
        return tuple(PATTERNS[p].zh for p in reading.patterns), reading.multiplier * opts.base_points


_SPECIAL_RULES: Final = HandRules(seven_pairs=True, thirteen_orphans=True)
_PLAIN_RULES: Final = HandRules()
"""What completes a hand with 七小对 and 十三幺 allowed, and without (built once)."""


def _best(found: list[Reading]) -> Reading | None:
    """取高: the reading with the highest multiplier, the first of equals."""
    best: Reading | None = None
    best_mult = 0
    for r in found:
        mult = r.multiplier
        if best is None or mult > best_mult:
            best, best_mult = r, mult
    return best


class _Round:
    """What validation and settlement both ask of one round (see rules/variants/_round.py)."""

    def __init__(self, snap: Snapshot, opts: HandanOptions) -> None:
        self.table = Table.of(opts)
        self.tileset = VARIANT.tileset(opts, snap.n)
        self.faces = self.tileset.faces
        self.readings: dict[int, list[Reading]] = {}  # win index → its readings
        self.waits: dict[int, tuple[Tile, ...]] = {}  # seat → its waits


_ROUND: Final[PerRound[_Round]] = PerRound(_Round)


# -- checks ----------------------------------------------------------------------------------------


def _multi_win_errors(snap: Snapshot, table: Table) -> list[RoundError]:
    """Without 一炮多响 only the seat closest after the discarder wins (谁在前面谁胡, 004:40)."""
    groups = snap.win_groups()
    if table.multi_win or not groups or len(groups[0]) < 2:
        return []
    group = groups[0]
    origin = group[0].from_seat
    assert origin is not None  # only discard wins group together
    first = closest_after(origin, [w.winner for w in group], snap.n)
    return [RoundError("multi_win_not_allowed", f"/wins/{k}",
                       f"一炮多响 is not played here ({table.mode.zh}): of the seats winning on seat {origin}'s "
                       f"{w.tile}, seat {first} plays first after the discarder and is the only winner (004:40)")
            for k, w in enumerate(group) if w.winner != first]


def _kong_feeder_errors(snap: Snapshot, table: Table) -> list[RoundError]:
    """Rules where the pong's feeder pays a 明杠 need to know who fed it."""
    if table.kong_rule.added.payers == "others":
        return []
    return [RoundError("missing_field", f"/players/{i}/melds/{j}/from",
                       f"under {table.kong_rule.zh} ({table.kong_rule.source}) the seat that fed the pong pays this 明杠: "
                       "give it as the added kong's from")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds)
            if m.kind == "added" and m.from_seat is None]


def _pao_errors(snap: Snapshot, table: Table) -> list[RoundError]:
    """跑 only where the mode plays it; when the dealer runs nobody else may (004:45)."""
    errors: list[RoundError] = []
    runners = [i for i, p in enumerate(snap.players) if p.flags.pao]
    if runners and not table.pao:
        return [RoundError("flag_not_allowed", f"/players/{i}/flags/pao", f"跑 is not played in {table.mode.zh} ({table.mode.source})")
                for i in runners]
    if snap.dealer in runners:
        errors += [RoundError("pao_excluded", f"/players/{i}/flags/pao",
                              f"the dealer (seat {snap.dealer}) runs, so no other seat may run (004:45)")
                   for i in runners if i != snap.dealer]
    return errors


def shown_waits(hand: Iterable[Tile], shown: Iterable[Tile], candidates: Iterable[Tile], rules: HandRules) -> tuple[Tile, ...]:
    """The waits the 明扣 tiles give away (004:135): ``t`` is one when the shown tiles plus
    ``t`` are whole groups of a winning reading of the hand (sets and/or its pair, or pairs
    of 七小对), the hidden tiles making up the rest. 十三幺 shows only with every tile shown."""
    hand, shown = list(hand), list(shown)
    return tuple(t for t in candidates if _gives_away(hand, shown, t, rules))


def _gives_away(hand: list[Tile], shown: list[Tile], t: Tile, rules: HandRules) -> bool:
    full = [*hand, t]
    if len(shown) == len(hand):
        return True
    target = Counter([*shown, t])
    for d in decompositions(full, HandRules()):
        groups = [Counter(g.faces) for g in d.groups]
        for k in range(1, len(groups) + 1):
            if any(_merged(c) == target for c in combinations(groups, k)):
                return True
    sp = analyse(full, rules).seven_pairs
    return sp is not None and all(c % 2 == 0 for c in target.values())


def _merged(counters: Iterable[Counter[Tile | None]]) -> Counter[Tile | None]:
    out: Counter[Tile | None] = Counter()
    for c in counters:
        out.update(c)
    return out


# -- settlement phases -----------------------------------------------------------------------------


def _pao_applies(snap: Snapshot, opts: HandanOptions, payer: int, winner: int) -> bool:
    """跑 ×2 (004:82) on the money between ``payer`` and ``winner``: a bet against the dealer
    (004:45), so by default only when the dealer is one of the two and one of the two runs."""
    ran = bool(snap.players[payer].flags.pao or snap.players[winner].flags.pao)
    if opts.pao_scope == "runner":
        return ran
    return ran and snap.dealer in (payer, winner)


def _share(snap: Snapshot, table: Table, opts: HandanOptions, w: Win, reading: Reading, payer: int) -> tuple[int, str]:
    """What ``payer`` owes the winner for this win, and the product that makes it."""
    factors: list[tuple[str, int]] = [(f"底分{opts.base_points}", opts.base_points), *reading.factors()]
    if opts.dealer_double and w.winner == snap.dealer:
        factors.append((DEALER[0], 2))
    if opts.dealer_double and opts.dealer_pays_double and payer == snap.dealer:
        factors.append((f"{DEALER[0]}(庄付)", 2))
    if _pao_applies(snap, opts, payer, w.winner):
        factors.append((PAO[0], 2))
    if w.self_drawn and table.self_draw_double:
        factors.append((SELF_DRAW_DOUBLE[0], 2))
    amount = prod(v for _, v in factors)
    return amount, " × ".join(name if name.startswith("底分") else f"{name}×{v}" for name, v in factors) + f" = {amount}"


def _win_kind(w: Win, table: Table) -> tuple[str, str, str]:
    """(中文, English, how) of the win item."""
    if w.self_drawn:
        how = "自摸 from each other seat" + (", 自摸翻倍" if table.self_draw_double else "")
        return ("自摸", "Self-Drawn Win", how)
    pays = table.mode.discard_pays
    how = {"discarder": f"seat {w.from_seat} 点炮 pays", "everyone": "点炮得三家: every other seat pays",
           "discarder_for_all": f"一炮包三家: seat {w.from_seat} pays every other seat's share"}[pays]
    if w.robbing_kong:
        return ("抢杠胡", "Robbing the Kong", f"抢杠 counts as 点炮 (004:90): {how}")
    zh, en = {"discarder": ("点炮", "Win on a Discard"), "everyone": ("点炮得三家", "Discard Win Paid by All"),
              "discarder_for_all": ("一炮包三家", "Discarder Pays for All")}[pays]
    return zh, en, how


def _pay_win(snap: Snapshot, table: Table, opts: HandanOptions, w: Win, reading: Reading, ledger: Ledger) -> None:
    """One win (004:59-66, 004:80-85): each share computed for its payer; under 一炮包三家
    the discarder pays every share (004:116)."""
    zh, en, how = _win_kind(w, table)
    pays = "self" if w.self_drawn else table.mode.discard_pays
    for payer in others(w.winner, snap.n):
        if pays == "discarder" and payer != w.from_seat:
            continue
        amount, working = _share(snap, table, opts, w, reading, payer)
        debtor = w.from_seat if pays == "discarder_for_all" else payer
        assert debtor is not None
        whose = f" (seat {payer}'s share)" if debtor != payer else ""
        ledger.pay(debtor, w.winner, amount, "hu", zh, en, f"{how}{whose} on {w.tile}: {working}", turn=w.turn)


def _pay_kongs(snap: Snapshot, table: Table, opts: HandanOptions, ledger: Ledger) -> None:
    """杠分, paid at the end of the round (004:34) even when nobody wins (黄庄不黄杠, 004:36);
    the dealer, 跑 and the win multipliers do not touch them (庄与杠无关, 004:36)."""
    rule = table.kong_rule
    for p in snap.players:
        for m in p.kongs:
            kind = m.kind or ""
            pay = rule.pay(kind)
            zh, en = KONG_NAMES[kind]
            base = f"{zh} {m.tile} ({rule.zh}, {rule.source})"
            if pay.payers == "others":
                for payer in others(p.seat, snap.n):
                    ledger.pay(payer, p.seat, pay.points * opts.base_points, "kong", zh, en,
                               f"{base}: each other seat {pay.points} × 底分{opts.base_points}", turn=m.turn)
                continue
            assert m.from_seat is not None  # check_common / _kong_feeder_errors
            share = snap.n - 1 if pay.payers == "feeder_for_all" else 1
            points = pay.points * share * opts.base_points
            what = f"{pay.points} × {share} seats" if share > 1 else f"{pay.points}"
            ledger.pay(m.from_seat, p.seat, points, "kong", zh, en,
                       f"{base}: seat {m.from_seat} fed it, pays {what} × 底分{opts.base_points}", turn=m.turn)


def _next_dealer(snap: Snapshot) -> int:
    """The dealer deals again after a dealer win or a drawn round, else the next seat (004:18)."""
    if not snap.wins or snap.dealer in snap.winners():
        return snap.dealer
    return (snap.dealer + 1) % snap.n


def _notes(snap: Snapshot, table: Table) -> tuple[str, ...]:
    notes = [table.describe()]
    if not snap.wins:
        notes.append("荒庄: no win, but 黄庄不黄杠 — kongs are still paid (004:36); the dealer deals again (004:18)")
    return tuple(notes)


def _wall_errors(snap: Snapshot, line: int, line_before: int, kongs: int) -> list[RoundError]:
    """流局 (004:19): with honours the round is drawn when 7 墩 (14 tiles) are left, one 墩
    more for each kong after the first; without them when the wall is empty (不带风打完才算流局).
    ``line``: the line with all the round's kongs (:meth:`Handan.dead_wall`). A kong that
    moves the line past the tiles left draws its replacement from the bottom and ends the
    round (the 倒数第17张 kong, 004:35), so with kongs the wall may stop one tile short of
    the line before the last kong, ``line_before``, and no lower."""
    left = snap.wall_remaining
    if left is None:
        return []
    errors = [RoundError("inconsistent_win", f"/wins/{i}/last_tile", f"海底 is the last tile before the 流局 line "
                         f"({line} left, 004:19), but {left} tiles are left")
              for i, w in enumerate(snap.wins) if w.last_tile and left > line]
    if not snap.wins and left > line:
        return [RoundError("wall_not_exhausted", "/wall_remaining", f"with {kongs} kong(s) the round is drawn with "
                           f"{line} tiles left (004:19), but {left} are left and nobody won")]
    floor = line if kongs == 0 else line_before - 1
    if left < floor:
        why = (f"without a kong the round is drawn when {line} tiles are left" if kongs == 0 else
               f"with {kongs} kong(s) play stops at {line} tiles left, or at {floor} after a last kong drawn from the "
               "bottom (004:35)")
        errors.append(RoundError("inconsistent_wall", "/wall_remaining", f"{why} (004:19): it cannot go on to {left}"))
    return errors


VARIANT: Final[Handan] = Handan()
