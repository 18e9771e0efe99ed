"""胡牌牌型 and 胡牌名堂 of 贵阳捉鸡 as data, and the hand evaluation (取高, 000:141).

A hand is first read as its *shape* (平胡, 大对子, 七对, 龙七对, 单吊, 暗大对, 合扑七对);
each shape has a 清一色 form (000:121-139). When several readings apply the highest
value is taken ("取牌型分高的", 000:141). 红中 is an honour that never counts as a suit
(000:163), so one suit plus 红中 is still 清一色.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...hand import Analysis, HandRules, analyse
from ...patterns import Pattern, PatternTable
from ...snapshot import Meld
from ...tiles import Tile, is_suited, suit

RULES: Final = HandRules(seven_pairs=True)
"""No wildcard (红中 is a plain honour, 000:163), seven pairs allowed (000:117)."""

SHAPES: Final = PatternTable([
    Pattern("pinghu", "平胡", "Plain Win", 1, note="sets and a pair; needs a 豆 to win on a discard (000:109, 113)"),
    Pattern("daduizi", "大对子", "All Triplets", 5, ("pinghu",), "four triplets/kongs and a pair (000:115)"),
    Pattern("qidui", "七对", "Seven Pairs", 10, (), "seven pairs, no melds (000:117)"),
    Pattern("longqidui", "龙七对", "Dragon Seven Pairs", 20, ("qidui",), "seven pairs holding four of a kind (000:119)"),
    Pattern("qingyise", "清一色", "Pure One Suit", 10, ("pinghu",), "one suit, 红中 not counted (000:121, 163)"),
    Pattern("qingdadui", "清大对", "Pure All Triplets", 15, ("daduizi", "qingyise", "pinghu"), "大对子 + 清一色 (000:123)"),
    Pattern("qingqidui", "清七对", "Pure Seven Pairs", 20, ("qidui", "qingyise"), "七对 + 清一色 (000:125)"),
    Pattern("qinglongbei", "青龙背", "Pure Dragon Seven Pairs", 30, ("longqidui", "qingqidui", "qidui", "qingyise"),
            "龙七对 + 清一色 (000:127)"),
    Pattern("dandiao", "单吊", "Single Wait on Four Melds", 10, ("daduizi", "pinghu"),
            "four pongs/kongs shown, the last tile paired by the win (000:129; 大对子 with 单吊 → 单吊, 000:141)"),
    Pattern("qingdandiao", "清单吊", "Pure Single Wait", 25, ("dandiao", "qingdadui", "daduizi", "qingyise", "pinghu"),
            "清一色 + 单吊 (000:131)"),
    Pattern("andadui", "暗大对", "Concealed All Triplets, Pair Wait", 10, ("daduizi", "pinghu"),
            "four concealed triplets, no pong or kong, the win pairs the single tile (000:133)"),
    Pattern("qingandadui", "清暗大对", "Pure Concealed All Triplets", 25,
            ("andadui", "qingdadui", "daduizi", "qingyise", "pinghu"), "清一色 + 暗大对 (000:135)"),
    Pattern("hepuqidui", "合扑七对", "Linked Seven Pairs", 20, ("qidui",),
            "seven pairs with three pairs in a run, e.g. 11 22 33万 (000:137)"),
    Pattern("hepuqingqidui", "合扑清七对", "Pure Linked Seven Pairs", 30, ("hepuqidui", "qingqidui", "qidui", "qingyise"),
            "清一色 + 合扑七对 (000:139)"),
])
"""胡牌牌型 (000:105-141); the best one applies."""

BONUSES: Final = PatternTable([
    Pattern("gangkai", "杠开", "Win on a Kong Replacement", 1, note="+1 on the pattern (000:145)"),
    Pattern("qianggang", "抢杠", "Robbing the Kong", 10, note="平胡 counts 0 and this 10; others pattern + 10 (000:147)"),
    Pattern("repao", "热炮", "Discard after a Kong", 10, note="平胡 counts 0 and this 10; others pattern + 10 (000:149)"),
    Pattern("tianhu", "天胡", "Heavenly Win", 10, note="平胡 counts 0 and this 10; others pattern + 10 (000:153)"),
    Pattern("dihu", "地胡", "Earthly Win", 10, note="平胡 counts 0 and this 10; others pattern + 10 (000:155)"),
    Pattern("baoting", "报听", "Declared Ready", 10, note="the winner had declared ready (000:157)"),
    Pattern("shating", "杀听", "Killing a Declared Ready", 10,
            note="won on a 报听 player's discard, or self-drawn while another player had declared (000:159)"),
    Pattern("manji", "满鸡清一色", "All Four Flipped Chickens", 10,
            note="option: the pattern counts at least 清一色 10; shown as the difference (000:151)"),
    Pattern("zimo_double", "自摸翻倍", "Self-draw Doubled", 0, note="option: a self-drawn win's 胡牌分 once more (000:165)"),
])
"""胡牌名堂 (000:143-159) and the two options that change the win's amount."""

TEN_POINT_BONUSES: Final = ("qianggang", "repao", "tianhu", "dihu", "baoting", "shating")
"""名堂 that turn 平胡 into 10 and add 10 to any other pattern (000:147-159)."""

ALL_PATTERNS: Final = PatternTable([*SHAPES, *BONUSES])

_PURE: Final = MappingProxyType({
    "pinghu": "qingyise", "daduizi": "qingdadui", "qidui": "qingqidui", "longqidui": "qinglongbei",
    "dandiao": "qingdandiao", "andadui": "qingandadui", "hepuqidui": "hepuqingqidui",
})
"""Each shape's 清一色 form."""

_ORDER: Final = {p.id: i for i, p in enumerate(SHAPES)}


@dataclass(unsafe_hash=True)
class HandValue:
    """The best reading of a winning hand: the pattern and every shape that applied (built like
    the core's value classes, rules/ledger.py: a frozen dataclass is ~15x as dear to build compiled)."""

    pattern: Final[Pattern]
    readings: Final[tuple[str, ...]]  # every pattern id that applied, best first

    def __init__(self, pattern: Pattern, readings: tuple[str, ...]) -> None:
        self.pattern = pattern
        self.readings = readings

    @property
    def value(self) -> int:
        return self.pattern.value

    @property
    def is_plain(self) -> bool:
        """平胡: the only pattern that needs a 通行证 on a discard (000:109)."""
        return self.pattern.id == "pinghu"


def cite(pattern: Pattern) -> str:
    """The seed lines a pattern's note ends with, e.g. ``000:121``."""
    return pattern.note[pattern.note.rfind("(000:") + 1:].rstrip(")") if "(000:" in pattern.note else "000"


def one_suit(tiles: Iterable[Tile]) -> bool:
    """清一色: every suited tile of one suit; 红中 is not a suit (000:163)."""
    return len({suit(t) for t in tiles if is_suited(t)}) == 1


def _linked(tiles: Sequence[Tile]) -> bool:
    """合扑: three of the pairs are consecutive faces of one suit (000:137)."""
    counts = Counter(tiles)
    pairs = {t for t, c in counts.items() if c >= 2 and is_suited(t)}
    return any(f"{int(t[0]) + 1}{t[1]}" in pairs and f"{int(t[0]) + 2}{t[1]}" in pairs for t in pairs)


def _shapes(hand: Sequence[Tile], melds: Sequence[Meld], tile: Tile, analysis: Analysis) -> list[str]:
    out: list[str] = []
    if analysis.decompositions:
        out.append("pinghu")
        if any(d.all_triplets() for d in analysis.decompositions):
            out.append("daduizi")
        if len(hand) == 1:  # four pongs/kongs and the last tile paired (000:129); melds are never chows here
            out.append("dandiao")
        if not melds and any(d.all_triplets() and d.pair.face == tile for d in analysis.decompositions):
            out.append("andadui")
    if analysis.seven_pairs is not None:
        out.append("qidui")
        if analysis.seven_pairs.natural_quads:
            out.append("longqidui")
        if _linked(analysis.tiles):
            out.append("hepuqidui")
    return out


def evaluate(hand: Sequence[Tile], melds: Sequence[Meld], tile: Tile) -> HandValue | None:
    """The best pattern of ``hand`` + ``tile`` with ``melds`` shown; ``None`` when it does not win."""
    analysis = analyse([*hand, tile], RULES)
    shapes = _shapes(hand, melds, tile, analysis)
    if not shapes:
        return None
    if one_suit([*hand, tile, *(t for m in melds for t in m.tiles)]):
        shapes = [_PURE[s] for s in shapes]
    ranked = sorted(shapes, key=lambda pid: (-SHAPES.value(pid), _ORDER[pid]))
    return HandValue(SHAPES[ranked[0]], tuple(ranked))
