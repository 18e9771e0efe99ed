"""国标麻将·大众番种 Chinese Official Mahjong (popular fans) — 001_a1ce558555b69162.txt lines 526-561.

Two to four players (001:527), the 144 tiles: three suits, winds, dragons and eight flowers
(001:528); chow, pong and kong (001:529). A hand is scored by the seed's fan list (001:539-561):
the fans found in its best reading, each excluding (不计) the fans its line names, plus one per
flower. Besides four sets and a pair and 七对 a hand may be 十三幺, 全不靠 or 组合龙 beside a set
and a pair (rules/variants/_knitted.py). The seed gives no payment and no minimum: the lead's
readings (the Chinese Official rules' payment with option ``payment``; 8番起和 ``min_fans``) and
every choice are written down in docs/variants/guobiao.md; the fan machinery is shared with
二人麻将 (rules/variants/_fans.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, waits_seen
from ..ledger import Ledger, Settlement
from ..options import option
from ..snapshot import Meld, Player, Snapshot, Win, unused_reveal_errors
from ..tiles import HONOURS, SET_144, Tile, TileSet, chinese, compact, is_honour, is_suited, is_terminal, rank, suit
from ..variant import Variant, seat_wind, seats_after
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, one_win_errors, win_flag_errors
from . import _fans as fanlib
from . import _knitted
from ._fan_rounds import declaration_errors, fan_settlement, flower_errors, min_fans_errors, refuse_flowers
from ._fans import Context, Detector, Fan, Reading, Result, Scored
from ._round import PerRound, PerWin

RULES: Final = HandRules(seven_pairs=True, thirteen_orphans=True)
FACES: Final = SET_144.faces
FLOWERS: Final = frozenset({"huapai"})
"""Fans outside 起和 (花牌 不计在起和分内, 001:539 item 2)."""
FLOWER_LINE: Final = "001:539 item 2"
UNLISTED: Final = frozenset({"duanyao", "shuanganke", "shuangtongke", "angang", "siguiyi"})
"""Fans the seed names only in 不计 clauses: scored under option ``unlisted_fans`` (reading 7)."""
SOFT: Final = frozenset({"buqiuren"})
"""不求人 is the self-drawn 门前清: a fan excluding it (七对, 十三幺 …) leaves 自摸 counted (reading 8)."""
NO_FANS: Final = "wufanhu"
NO_FANS_VALUE: Final = 8

# id, 中文, English, 番, 不计, seed line and item, note; docs/variants/guobiao.md explains every detector
FANS: Final[tuple[Fan, ...]] = (
    Fan("baoting", "报听", "Ready Declared", 1, (), "001:539 item 1", "declared before the win"),
    Fan("huapai", "花牌", "Flower Tiles", 1, (), "001:539 item 2", "each flower; not in 起和"),
    Fan("zimo", "自摸", "Self-Drawn", 1, (), "001:539 item 3"),
    Fan("erwubajiang", "258做将", "2-5-8 Pair", 1, (), "001:539 item 4", "the pair a suited 2, 5 or 8"),
    Fan("dandiao", "单钓将", "Single Wait", 1, (), "001:539 item 5", "one wait only (reading 10)"),
    Fan("kanzhang", "坎张", "Closed Wait", 1, (), "001:539 item 6", "one wait only (reading 10)"),
    Fan("bianzhang", "边张", "Edge Wait", 1, (), "001:539 item 7", "one wait only (reading 10)"),
    Fan("wuzi", "无字", "No Honours", 1, (), "001:539 item 8"),
    Fan("queyimen", "缺一门", "One Voided Suit", 1, (), "001:539 item 9", "exactly one suit absent"),
    Fan("minggang", "明杠", "Exposed Kong", 1, (), "001:539 item 10", "once"),
    Fan("yaojiuke", "幺九刻", "Pung of Terminals or Honours", 1, (), "001:539 item 11",
        "each triplet of a suited 1/9 or of a wind neither 圈风 nor 门风"),
    Fan("laoshaofu", "老少副", "Two Terminal Chows", 1, (), "001:539 item 12", "each pair of chows 123 + 789 of a suit"),
    Fan("lianliu", "连六", "Short Straight", 1, (), "001:539 item 13", "each pair of chows a, a+3 of a suit"),
    Fan("xixiangfeng", "喜相逢", "Mixed Double Chow", 1, (), "001:539 item 14",
        "each pair of chows of one number in two suits"),
    Fan("yibangao", "一般高", "Pure Double Chow", 1, (), "001:539 item 15", "each pair of identical chows"),
    Fan("jianke", "箭刻", "Dragon Pung", 2, (), "001:541 items 1, 9", "once"),
    Fan("quanfengke", "圈风刻", "Prevalent Wind Pung", 2, (), "001:541 items 2, 8"),
    Fan("menfengke", "门风刻", "Seat Wind Pung", 2, (), "001:541 items 3, 7"),
    Fan("menqianqing", "门前清", "Concealed Hand", 2, (), "001:541 items 4, 6", "concealed, won on a discard"),
    Fan("pinghu", "平和", "All Chows", 2, (), "001:541 item 5"),
    Fan("duanyao", "断幺", "All Simples", 2, (), "001:551 item 4", "not in the list: only with unlisted_fans"),
    Fan("shuanganke", "双暗刻", "Two Concealed Pungs", 2, (), "001:545 item 6", "not in the list: only with unlisted_fans"),
    Fan("shuangtongke", "双同刻", "Double Pung", 2, (), "001:551 item 5",
        "not in the list: only with unlisted_fans; each number"),
    Fan("angang", "暗杠", "Concealed Kong", 2, (), "001:555 item 2", "not in the list: only with unlisted_fans; once"),
    Fan("siguiyi", "四归一", "Tile Hog", 2, (), "001:557 item 1", "not in the list: only with unlisted_fans; each face"),
    Fan("quandaiyao", "全带幺", "Outside Hand", 4, (), "001:543 item 1"),
    Fan("buqiuren", "不求人", "Fully Concealed Hand", 4, ("menqianqing", "zimo"), "001:543 item 2",
        "excluded itself, it leaves 自摸 counted (reading 8)"),
    Fan("shuangminggang", "双明杠", "Two Exposed Kongs", 4, ("minggang",), "001:543 item 3"),
    Fan("hejuezhang", "和绝张", "Last Tile", 4, (), "001:543 item 4"),
    Fan("pengpenghu", "碰碰和", "All Pungs", 6, (), "001:545 item 1"),
    Fan("hunyise", "混一色", "Half Flush", 6, (), "001:545 item 2"),
    Fan("sansesanbugao", "三色三步高", "Mixed Shifted Chows", 6, (), "001:545 item 3"),
    Fan("wumenqi", "五门齐", "All Types", 6, (), "001:545 item 4"),
    Fan("quanqiuren", "全求人", "Melded Hand", 6, ("dandiao",), "001:545 item 5"),
    Fan("shuangangang", "双暗杠", "Two Concealed Kongs", 6, ("shuanganke", "angang"), "001:545 item 6"),
    Fan("shuangjianke", "双箭刻", "Two Dragon Pungs", 6, ("jianke",), "001:545 item 7"),
    Fan("hualong", "花龙", "Mixed Straight", 8, (), "001:547 item 1"),
    Fan("tuibudao", "推不倒", "Reversible Tiles", 8, ("queyimen",), "001:547 item 2"),
    Fan("sansesantongshun", "三色三同顺", "Mixed Triple Chow", 8, ("xixiangfeng",), "001:547 item 3"),
    Fan("sansesanjiegao", "三色三节高", "Mixed Shifted Pungs", 8, (), "001:547 item 4"),
    Fan("wufanhu", "无番和", "Chicken Hand", 8, (), "001:547 item 5", "nothing else but flowers"),
    Fan("miaoshouhuichun", "妙手回春", "Last Tile Draw", 8, ("zimo",), "001:547 item 6"),
    Fan("haidilaoyue", "海底捞月", "Last Tile Claim", 8, (), "001:547 item 7"),
    Fan("gangshangkaihua", "杠上开花", "Out with Replacement Tile", 8, ("zimo",), "001:547 item 8",
        "a kong's replacement, not a flower's"),
    Fan("qiangganghu", "抢杠和", "Robbing the Kong", 8, ("hejuezhang",), "001:547 item 9"),
    Fan("quanbukao", "全不靠", "Lesser Honours and Knitted Tiles", 12, ("wumenqi", "buqiuren", "menqianqing"),
        "001:549 item 1"),
    Fan("zuhelong", "组合龙", "Knitted Straight", 12, (), "001:549 item 2", "in 全不靠 or beside a set and a pair"),
    Fan("dayuwu", "大于五", "Upper Four", 12, ("wuzi",), "001:549 item 3"),
    Fan("xiaoyuwu", "小于五", "Lower Four", 12, ("wuzi",), "001:549 item 4"),
    Fan("sanfengke", "三风刻", "Big Three Winds", 12, ("yaojiuke",), "001:549 item 5"),
    Fan("qinglong", "清龙", "Pure Straight", 16, ("laoshaofu", "lianliu"), "001:551 item 1"),
    Fan("sanseshuanglonghui", "三色双龙会", "Three-Suited Terminal Chows", 16,
        ("xixiangfeng", "laoshaofu", "wuzi", "pinghu", "erwubajiang"), "001:551 item 2"),
    Fan("yisesanbugao", "一色三步高", "Pure Shifted Chows", 16, (), "001:551 item 3"),
    Fan("quandaiwu", "全带五", "All Fives", 16, ("duanyao", "wuzi", "erwubajiang"), "001:551 item 4"),
    Fan("santongke", "三同刻", "Triple Pung", 16, ("shuangtongke",), "001:551 item 5"),
    Fan("sananke", "三暗刻", "Three Concealed Pungs", 16, ("shuanganke",), "001:551 item 6"),
    Fan("qidui", "七对", "Seven Pairs", 24, ("buqiuren", "dandiao", "menqianqing", "erwubajiang"), "001:553 item 1"),
    Fan("qixingbukao", "七星不靠", "Greater Honours and Knitted Tiles", 24,
        ("wumenqi", "buqiuren", "quanbukao", "menqianqing"), "001:553 item 2"),
    Fan("quanshuang", "全双", "All Even Pungs", 24, ("pengpenghu", "duanyao", "wuzi"), "001:553 item 3"),
    Fan("qingyise", "清一色", "Full Flush", 24, ("wuzi",), "001:553 item 4"),
    Fan("yisesantongshun", "一色三同顺", "Pure Triple Chow", 24, ("yisesanjiegao", "yibangao"), "001:553 item 5"),
    # 不计一色三同顺 as well (001:553 item 6): never both in one reading, and a table may not exclude in a cycle
    Fan("yisesanjiegao", "一色三节高", "Pure Shifted Pungs", 24, (), "001:553 item 6"),
    Fan("quanda", "全大", "Upper Tiles", 24, ("wuzi", "dayuwu"), "001:553 item 7"),
    Fan("quanzhong", "全中", "Middle Tiles", 24, ("duanyao", "wuzi"), "001:553 item 8"),
    Fan("quanxiao", "全小", "Lower Tiles", 24, ("wuzi", "xiaoyuwu"), "001:553 item 9"),
    Fan("yisesibugao", "一色四步高", "Pure Four Shifted Chows", 32,
        ("pinghu", "laoshaofu", "lianliu", "yisesanbugao", "queyimen"), "001:555 item 1"),
    Fan("sangang", "三杠", "Three Kongs", 32, ("shuangangang", "shuangminggang", "angang", "minggang"),
        "001:555 item 2"),
    Fan("hunyaojiu", "混幺九", "All Terminals and Honours", 32, ("pengpenghu", "quandaiyao", "yaojiuke"),
        "001:555 item 3"),
    Fan("yisesitongshun", "一色四同顺", "Quadruple Chow", 48,
        ("yisesanjiegao", "yisesantongshun", "yibangao", "siguiyi", "pinghu"), "001:557 item 1"),
    Fan("yisesijiegao", "一色四节高", "Four Pure Shifted Pungs", 48, ("yisesantongshun", "yisesanjiegao", "pengpenghu"),
        "001:557 item 2"),
    Fan("qingyaojiu", "清幺九", "All Terminals", 64, ("pengpenghu", "wuzi", "yaojiuke", "quandaiyao", "hunyaojiu"),
        "001:559 item 1"),
    Fan("xiaosixi", "小四喜", "Little Four Winds", 64, ("sanfengke", "yaojiuke"), "001:559 item 2"),
    Fan("xiaosanyuan", "小三元", "Little Three Dragons", 64, ("shuangjianke", "jianke", "yaojiuke"), "001:559 item 3"),
    Fan("ziyise", "字一色", "All Honours", 64, ("pengpenghu", "yaojiuke", "quandaiyao", "hunyaojiu"), "001:559 item 4"),
    Fan("sianke", "四暗刻", "Four Concealed Pungs", 64,
        ("menqianqing", "pengpenghu", "sananke", "shuanganke", "buqiuren"), "001:559 item 5"),
    Fan("yiseshuanglonghui", "一色双龙会", "Pure Terminal Chows", 64,
        ("pinghu", "qidui", "qingyise", "yibangao", "laoshaofu", "erwubajiang", "wuzi"), "001:559 item 6",
        "158做将 read as 258做将"),
    Fan("dasixi", "大四喜", "Big Four Winds", 88,
        ("xiaosixi", "quanfengke", "menfengke", "sanfengke", "pengpenghu", "yaojiuke"), "001:561 item 1"),
    Fan("dasanyuan", "大三元", "Big Three Dragons", 88, ("xiaosanyuan", "shuangjianke", "jianke", "yaojiuke"),
        "001:561 item 2"),
    Fan("lvyise", "绿一色", "All Green", 88, ("hunyise",), "001:561 item 3", "without 发 清一色 still counts"),
    Fan("jiulianbaodeng", "九莲宝灯", "Nine Gates", 88, ("qingyise", "wuzi"), "001:561 item 4"),
    Fan("sigang", "四杠", "Four Kongs", 88,
        ("pengpenghu", "sangang", "shuangangang", "shuangminggang", "minggang", "angang", "dandiao"), "001:561 item 5"),
    Fan("lianqidui", "连七对", "Seven Shifted Pairs", 88,
        ("qingyise", "buqiuren", "qidui", "dandiao", "menqianqing", "wuzi", "erwubajiang"), "001:561 item 6"),
    Fan("shisanyao", "十三幺", "Thirteen Orphans", 88,
        ("buqiuren", "dandiao", "menqianqing", "wumenqi", "hunyaojiu", "quandaiyao"), "001:561 item 7"),
)
PATTERNS: Final = fanlib.fan_table(FANS)


# -- detectors (reading-dependent fans) ---------------------------------------------------------
# (the fans 二人 has too are the shared detectors, rules/variants/_fans.py)

_SUITS: Final = ("m", "p", "s")
_ORDERS: Final = tuple(permutations(_SUITS))
REVERSIBLE: Final = frozenset(["1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P"])
"""推不倒's tiles (001:547 item 2): 1234589筒, 245689条, 白."""
GREEN: Final = frozenset(["2s", "3s", "4s", "6s", "8s", "F"])
"""绿一色's tiles (001:561 item 3): 23468条, 发."""


def _suits(c: Context) -> set[str]:
    return {suit(t) for t in c.tiles if is_suited(t)}


def _ranked(lo: int, hi: int, c: Context) -> bool:
    """Every tile a suited lo-hi (大于五, 全中 …)."""
    return all(is_suited(t) and lo <= (rank(t) or 0) <= hi for t in c.tiles)


def _three_suits(by_suit: dict[str, list[int]], ranks: tuple[int, int, int]) -> bool:
    """The three suits, in some order, hold ``ranks`` (花龙 123/456/789, 三色三步高 a/a+1/a+2 …)."""
    return any(all(r in by_suit.get(s, ()) for s, r in zip(order, ranks, strict=True)) for order in _ORDERS)


def _pair_rank(r: Reading) -> int:
    """The rank of the reading's pair (0: none, or an honour)."""
    if r.pair is None or not is_suited(r.pair):
        return 0
    return rank(r.pair) or 0


def _terminal_or_guest_wind(b: fanlib.Block, c: Context) -> bool:
    """幺九刻's triplets: a suited 1/9, or a wind that is neither 圈风 nor 门风 (001:539 item 11)."""
    return is_terminal(b.tile) or (b.tile in fanlib.WINDS and b.tile not in (c.seat_wind, c.round_wind))


def _mixed_double_chows(r: Reading, _c: Context) -> int:
    """喜相逢: each pair of chows of one number in two different suits."""
    chows = [(suit(b.tile), rank(b.tile) or 0) for b in r.blocks if b.kind == "chow"]
    return sum(1 for i in range(len(chows)) for j in range(i + 1, len(chows))
               if chows[i][1] == chows[j][1] and chows[i][0] != chows[j][0])


def _mixed_shifted_chows(r: Reading, _c: Context) -> int:
    by_suit = fanlib.chows_by_suit(r)
    return int(any(_three_suits(by_suit, (a, a + 1, a + 2)) for a in range(1, 6)))


def _mixed_triple_chow(r: Reading, _c: Context) -> int:
    by_suit = fanlib.chows_by_suit(r)
    return int(any(_three_suits(by_suit, (a, a, a)) for a in range(1, 8)))


def _mixed_shifted_pungs(r: Reading, _c: Context) -> int:
    by_suit = fanlib.triplets_by_suit(r)
    return int(any(_three_suits(by_suit, (a, a + 1, a + 2)) for a in range(1, 8)))


def _double_pungs(r: Reading, _c: Context) -> int:
    """双同刻: each number with triplets in two suits."""
    ranks = [x for found in fanlib.triplets_by_suit(r).values() for x in found]
    return sum(1 for x in set(ranks) if ranks.count(x) >= 2)


def _knitted_straight(r: Reading, c: Context) -> int:
    """组合龙: the nine tiles beside a set and a pair, or inside 全不靠 (its nine suited tiles all there)."""
    if r.shape == fanlib.KNITTED_STANDARD:
        return 1
    return int(r.shape == fanlib.KNITTED and sum(1 for t in c.tiles if is_suited(t)) == 9)


def _terminal_chows(r: Reading, _c: Context) -> int:
    """三色双龙会: two suits each 123 + 789, the third suit's 5 as the pair."""
    if not r.standard or _pair_rank(r) != 5:
        return 0
    by_suit = fanlib.chows_by_suit(r)
    dragons = [s for s in _SUITS if by_suit.get(s) == [1, 7]]
    return int(len(dragons) == 2 and suit(r.pair or "") not in dragons)


def _pure_terminal_chows(r: Reading, _c: Context) -> int:
    """一色双龙会: one suit's 123, 123, 789, 789 and its 5 as the pair."""
    by_suit = fanlib.chows_by_suit(r)
    return int(r.standard and _pair_rank(r) == 5 and by_suit.get(suit(r.pair or "")) == [1, 1, 7, 7])


def _all_fives(r: Reading, _c: Context) -> int:
    """全带五: every set and the pair hold a suited 5."""
    groups = fanlib.groups_tiles(r)
    return int(bool(groups) and all(any(is_suited(t) and rank(t) == 5 for t in g) for g in groups))


DETECTORS: Final[Mapping[str, Detector]] = {
    **{f: d for f, d in fanlib.SHARED.items() if f in PATTERNS and f not in UNLISTED},
    "erwubajiang": lambda r, _c: int(_pair_rank(r) in (2, 5, 8)),
    "wuzi": lambda _r, c: int(not any(map(is_honour, c.tiles))),
    "queyimen": lambda _r, c: int(len(_suits(c)) == 2),
    "yaojiuke": lambda r, c: sum(1 for b in fanlib.triplets(r) if _terminal_or_guest_wind(b, c)),
    "xixiangfeng": _mixed_double_chows,
    "sansesanbugao": _mixed_shifted_chows,
    "wumenqi": lambda _r, c: int(len(_suits(c)) == 3 and any(t in fanlib.WINDS for t in c.tiles)
                                 and any(t in fanlib.DRAGONS for t in c.tiles)),
    "hualong": lambda r, _c: int(_three_suits(fanlib.chows_by_suit(r), (1, 4, 7))),
    "tuibudao": lambda _r, c: int(all(t in REVERSIBLE for t in c.tiles)),
    "sansesantongshun": _mixed_triple_chow,
    "sansesanjiegao": _mixed_shifted_pungs,
    "quanbukao": lambda r, _c: int(r.shape == fanlib.KNITTED),
    "zuhelong": _knitted_straight,
    "sanfengke": lambda r, _c: int(fanlib.winds(r) >= 3),
    "sanseshuanglonghui": _terminal_chows,
    "yisesanbugao": fanlib.shifted_chows(3),
    "quandaiwu": _all_fives,
    "qidui": fanlib.seven_pairs_fan,
    "qixingbukao": lambda r, c: int(r.shape == fanlib.KNITTED and set(HONOURS) <= set(c.tiles)),
    "quanshuang": lambda _r, c: int(all(is_suited(t) and (rank(t) or 1) % 2 == 0 for t in c.tiles)),
    "yisesantongshun": fanlib.identical_chows(3),
    "yisesanjiegao": fanlib.shifted_pungs(3),
    "quanda": lambda _r, c: int(_ranked(7, 9, c)),
    "quanzhong": lambda _r, c: int(_ranked(4, 6, c)),
    "quanxiao": lambda _r, c: int(_ranked(1, 3, c)),
    "yisesibugao": fanlib.shifted_chows(4),
    "yisesitongshun": fanlib.identical_chows(4),
    "yisesijiegao": fanlib.shifted_pungs(4),
    "qingyaojiu": lambda _r, c: int(all(map(is_terminal, c.tiles))),
    "yiseshuanglonghui": _pure_terminal_chows,
    "lvyise": lambda _r, c: int(all(t in GREEN for t in c.tiles)),
    "shisanyao": lambda r, _c: int(r.shape == fanlib.THIRTEEN_ORPHANS),
}
"""The detectors of the listed fans (option ``unlisted_fans`` off)."""
WITH_UNLISTED: Final[Mapping[str, Detector]] = {
    **DETECTORS, **{f: d for f, d in fanlib.SHARED.items() if f in UNLISTED}, "shuangtongke": _double_pungs}
"""… and of the five fans named only in 不计 clauses (option ``unlisted_fans`` on)."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every payment is counted in it (the seed names no stake)",
                              minimum=1)
    min_fans: int = option(8, "起和番", "The fewest fans a win needs, flowers not counted (001:539 item 2 "
                           "不计在起和分内; the number is 国标's 8番起和, the seed is silent); 0: no minimum", minimum=0)
    round_wind: str = option("E", "圈风", "The prevailing wind (001:534): E for the first 圈, then S, W, N",
                             choices=("E", "S", "W", "N"))
    payment: str = option("official", "付分方式", "official: on a discard the discarder pays (基本分 + fans) × 底分 and "
                          "every other player 基本分 × 底分; self-drawn, every other player pays (基本分 + fans) × 底分 "
                          "(the Chinese Official rules). fans: the discarder alone, or on a self-draw every other "
                          "player, pays fans × 底分. The seed is silent", choices=("official", "fans"))
    base_fan: int = option(8, "基本分", "What every payer adds to the fans under payment official (the Chinese "
                           "Official rules' 8; the seed is silent)", minimum=0)
    unlisted_fans: bool = option(False, "计不列番种", "Also score 断幺, 双暗刻, 双同刻, 暗杠 and 四归一, 2番 each (the "
                                 "Official values): the seed names them only in 不计 clauses (001:545 item 6, "
                                 "001:551 items 4-5, 001:555 item 2, 001:557 item 1), not in its list (reading 7)")


def hand_waits(hand: Sequence[Tile], melds: tuple[Meld, ...], meld_tiles: Sequence[Tile],
               faces: tuple[Tile, ...] = FACES) -> list[Tile]:
    """听牌: the faces completing the hand as sets and a pair, 七对, 十三幺, 全不靠 or 组合龙, a face
    whose four copies the player holds (hand and melds) left out."""
    found = waits_seen(hand, RULES, faces, meld_tiles)
    knitted = _knitted.waits(hand, len(melds), faces)
    if not knitted:
        return found
    more = {f for f in knitted if hand.count(f) + meld_tiles.count(f) < 4}
    every = set(found) | more
    return [f for f in faces if f in every]


def score_win(snap: Snapshot | None, p: Player, w: Win, dealer: int, n: int, opts: Any) -> Result:
    """The win's best reading; 无番和 when it finds nothing but flowers (001:547 item 5)."""
    hand = list(p.hand)
    meld_tiles = p.meld_tiles()
    single = hand_waits(hand, p.melds, meld_tiles) == [w.tile]
    tiles = (*hand, w.tile, *meld_tiles)
    ctx = Context(tiles, tuple(hand), w.tile, w.self_drawn, p.melds, seat_wind(p.seat, dealer, n), opts.round_wind,
                  single)
    events = fanlib.win_events(snap, p, w)
    flowers = {"huapai": len(p.flowers)}
    detectors = WITH_UNLISTED if opts.unlisted_fans else DETECTORS
    found = fanlib.best(fanlib.score(r, ctx, PATTERNS, detectors, events, flowers, SOFT)
                        for r in fanlib.readings(hand, w.tile, w.self_drawn, p.melds, special=True))
    if found is None:
        return Result(None, 0)
    without = found.without(PATTERNS, FLOWERS)
    if without == 0:
        times = dict(found.fans)
        times[NO_FANS] = 1
        found = Scored(tuple((f.id, times[f.id]) for f in PATTERNS if f.id in times), found.total + NO_FANS_VALUE)
        without = NO_FANS_VALUE
    return Result(found, without)


class Guobiao(Variant):
    id = "guobiao"
    name = "国标麻将·大众番种"
    name_en = "Chinese Official Mahjong (Popular Fans)"
    rules_version = "guobiao/1"
    source = "001_a1ce558555b69162.txt:526-561"
    players = (2, 4)
    hand_size = 13
    allows_chow = True
    Options = Options
    patterns = PATTERNS
    declares_ready = True  # 报听 (001:539 item 1)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_144

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return RULES

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        return hand_waits(player.hand, player.melds, player.meld_tiles(), tileset.faces)

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*unused_reveal_errors(snap, self.reveals_used), *one_win_errors(snap, _ONE_WIN),
                  *flower_errors(snap, FLOWER_LINE), *declaration_errors(snap, _AUTO_PLAY, _TURNS_NEEDED),
                  *drawn_round_wall_errors(snap, "a round without a win ends when the wall is drawn out (荒牌, 001:531)")]
        if errors:
            raise InvalidRound(errors)
        found = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, opts, found)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        # 以后则为胡牌的人为庄家,如果荒牌则算庄家的下一家坐庄 (001:536)
        nxt = snap.wins[0].winner if snap.wins else (snap.dealer + 1) % snap.n
        return fan_settlement(snap, _ROUND.get(snap, opts), PATTERNS, lambda w, s, ledger: _pay(snap, w, s, opts, ledger),
                              lambda p: hand_waits(p.hand, p.melds, p.meld_tiles()), nxt,
                              "荒牌: nothing is paid; the dealer's 下家 deals next (001:536)")

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """The base analysis, knowing 全不靠 and 组合龙 (a ``honours_and_knitted`` group of 全不靠's
        14 tiles; a ``knitted`` group of 组合龙's nine beside the pair and the set); a flower in
        the hand is refused (it is set aside, 补花, 001:539 item 2)."""
        player, _ = self.analyze_input(body, opts)
        refuse_flowers(player.hand, FLOWER_LINE)
        out = super().analyze(body, opts)
        if len(player.hand) % 3 == 2:
            knitted = _knitted.shapes(player.hand, len(player.melds))
            if knitted:
                out["complete"] = True
                shown = [[{"kind": kind, "tiles": faces, "wild_stand_ins": []} for kind, faces in groups]
                         for groups in knitted]
                out["decompositions"] = (out["decompositions"] + shown)[:50]
        return out

    # -- the random round generator ---------------------------------------------------

    def may_win_scored(self, player: Player, win: Win, dealer: int, opts: Any) -> bool:
        """起和: the fans the hand shows without the win's other flags (a floor) reach ``min_fans``;
        the seat's 门风 is read at a table of four (the hook is not told the table's size)."""
        r = score_win(None, player, win, dealer, 4, opts)
        return r.scored is not None and r.without_flowers >= opts.min_fans


def _round_results(snap: Snapshot, opts: Any) -> PerWin[Result]:
    return PerWin(snap, opts, lambda p, w, o: score_win(snap, p, w, snap.dealer, snap.n, o))


_ROUND: Final[PerRound[PerWin[Result]]] = PerRound(_round_results)


# -- checks ------------------------------------------------------------------------------

_AUTO_PLAY: Final = "001:507, 二人麻将's rule read into 报听 001:539 item 1"
_TURNS_NEEDED: Final = f"none may follow the declaration (自动摸打, {_AUTO_PLAY})"
"""Why a 报听 player's melds need their turns (:func:`rules.variants._fan_rounds.declaration_errors`)."""


_ONE_WIN: Final = ("the round ends at its one win: 一炮多响 is not played, the first player in turn after the "
                   "discarder takes the tile (截和)")
"""One win per round (reading 6)."""


def _win_errors(snap: Snapshot, i: int, w: Win, opts: Any, found: PerWin[Result]) -> list[RoundError]:
    ptr = f"/wins/{i}"
    errors = [*win_flag_errors(snap, w, ptr, earthly_self_draw=True), *last_tile_wall_errors(snap, w, ptr)]
    if errors:
        return errors
    r = found(i)
    if r.scored is None:
        p = snap.players[w.winner]
        return [RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(p.hand)} with {w.tile} is not four "
                           "sets and a pair, seven pairs, 十三幺, 全不靠 nor 组合龙 with a set and a pair")]
    return min_fans_errors(r, PATTERNS, FLOWERS, opts.min_fans, ptr, FLOWER_LINE)


# -- payment ------------------------------------------------------------------------------


def _pay(snap: Snapshot, w: Win, s: Scored, opts: Any, ledger: Ledger) -> None:
    """payment official: the discarder (on a self-draw every other player) pays (基本分 + total) ×
    底分, and on a discard every other player 基本分 × 底分; payment fans: the same payers pay
    total × 底分 and nobody else pays (reading 4). Flowers are in the total (001:539 item 2)."""
    terms = " + ".join(f"{PATTERNS[f].zh}{PATTERNS.value(f)}{f'×{n}' if n > 1 else ''}" for f, n in s.fans)
    how = "自摸" if w.self_drawn else ("抢杠" if w.robbing_kong else "点炮")
    on = chinese(w.tile)
    bp = opts.base_points
    base = opts.base_fan if opts.payment == "official" else 0
    name, name_en = "、".join(PATTERNS[f].zh for f, _ in s.fans), ", ".join(PATTERNS[f].en for f, _ in s.fans)
    others = seats_after(w.winner, snap.n)
    payers = others if w.from_seat is None else [w.from_seat]
    for payer in payers:
        if opts.payment == "official":
            note = f"{terms} = {s.total}番; (基本分{base} + {s.total}) × 底分{bp}: {how}, from seat {payer} (on {on})"
        else:
            note = f"{terms} = {s.total}番 × 底分{bp}: {how}, from seat {payer} (on {on})"
        ledger.pay(payer, w.winner, (base + s.total) * bp, "hu", name, name_en, note, turn=w.turn)
    if w.from_seat is not None and base:
        for payer in others:
            if payer != w.from_seat:
                ledger.pay(payer, w.winner, base * bp, "hu", "底分", "Base",
                           f"基本分{base} × 底分{bp}: {how} by seat {w.from_seat}, every other player pays the base "
                           f"(on {on})", turn=w.turn)


VARIANT: Final[Guobiao] = Guobiao()
