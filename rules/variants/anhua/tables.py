"""安化麻将 data: 王 classes, hand shapes, win events, the six tiers and the seed's hand lists.

Every number here is the seed's (003_30c03b1480dd8d3a.txt); the line is given beside it.

A hand's tier is counted in 大胡 *units*: each element of the hand is worth a number of
units (硬庄 1, 单王 0, 三王 1, 四王 2, 六王 2, 七王 3; 清一色 1, 小七对 1; 杠上花 / 抢杠胡 /
杠上炮 1) and the tier is 小胡 (0 units) … 双大豪华胡 (5 units), each tier twice the one
below (003:129-139). This sum reproduces every one of the 40 hands the seed lists in
4.3-4.8 (003:29-121; ``tests/rules/variants/test_anhua.py`` checks it); the lists
themselves are kept as :data:`LISTED` for their names, their seed lines and the
``tier_rule = "listed"`` option.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...patterns import Pattern, PatternTable


@dataclass(frozen=True)
class WildClass:
    """王的分类 (003:19): what the 王 held make of a hand, and what that allows."""

    id: str
    zh: str
    en: str
    units: int  # 大胡 units the class brings
    claims: frozenset[str]  # win events on another player's tile this class may make (003:21)


HARD: Final = WildClass("hard", "硬庄", "Hard Hand (no 王)", 1,
                 frozenset({"discard", "robbing_kong", "after_kong_discard"}))
SINGLE: Final = WildClass("single", "单王", "Single 王", 0, frozenset({"robbing_kong", "after_kong_discard"}))
THREE: Final = WildClass("three", "三王", "Three 王", 1, frozenset())
FOUR: Final = WildClass("four", "四王", "Four 王", 2, frozenset())
SIX: Final = WildClass("six", "六王", "Six 王", 2, frozenset())
SEVEN: Final = WildClass("seven", "七王", "Seven 王", 3, frozenset())
CLASSES: Final = (HARD, SINGLE, THREE, FOUR, SIX, SEVEN)

CLASS_BY_HOLDINGS: Final = MappingProxyType({
    (): SINGLE, (3,): THREE, (4,): FOUR, (3, 3): SIX, (3, 4): SEVEN,
})
"""003:19 classes a hand by the 王 faces it holds three or four of (本王): none → 单王
(1, 12, 1122 …), one face ×3 → 三王 (111, 11122 …), the next face ×4 → 四王 (2222,
222211 …), both faces ×3 → 六王 (111222), ×3 and ×4 → 七王 (1112222). Key: the sorted
counts ≥ 3. A hand without 王 is 硬庄."""

CONTAINS: Final = MappingProxyType({
    "hard": ("hard",), "single": ("single",), "three": ("three", "single"),
    "four": ("four", "three", "single"), "six": ("six", "three", "single"),
    "seven": ("seven", "six", "four", "three", "single"),
})
"""For ``tier_rule = "listed"``: the classes whose entries a hand of this class also
meets (a hand holding 2222 also holds three 本王 …)."""


@dataclass(frozen=True)
class Shape:
    """胡牌矩阵 (003:25): how the concealed tiles complete, and the 大胡 units the shape brings."""

    id: str
    zh: str
    en: str
    units: int
    seed: str


PINGHU: Final = Shape("pinghu", "平胡", "Plain Hand", 0, "003:25,31")  # sets + a 2/5/8 pair
QINGYISE: Final = Shape("qingyise", "清一色", "Pure One Suit", 1, "003:37")  # one suit, 乱将
XIAOQIDUI: Final = Shape("xiaoqidui", "小七对", "Seven Pairs", 1, "003:43")  # no melds, 乱将
QING_QIDUI: Final = Shape("qingyise_xiaoqidui", "清一色小七对", "Pure One Suit Seven Pairs", 2, "003:89,97")
SHAPES: Final = (QING_QIDUI, QINGYISE, XIAOQIDUI, PINGHU)  # best first


@dataclass(frozen=True)
class Event:
    """How the winning tile came: the 大胡 units it brings and where the rule is."""

    id: str
    zh: str
    en: str
    units: int
    seed: str


SELF_DRAW: Final = Event("self_draw", "自摸", "Self-draw", 0, "003:123")
DISCARD: Final = Event("discard", "点炮", "Win on a discard", 0, "003:21")
KONG_DRAW: Final = Event("kong_draw", "杠上花", "Win on a Kong Reveal", 1, "003:45")
ROBBING_KONG: Final = Event("robbing_kong", "抢杠胡", "Robbing the Kong", 1, "003:47")
AFTER_KONG: Final = Event("after_kong_discard", "杠上炮", "Win on a Kong Reveal Discard", 1, "003:49")
EVENTS: Final = MappingProxyType({e.id: e for e in (SELF_DRAW, DISCARD, KONG_DRAW, ROBBING_KONG, AFTER_KONG)})


@dataclass(frozen=True)
class Tier:
    """胡牌等级 and its points per payer before birds (003:129-139)."""

    units: int
    zh: str
    en: str
    points: int
    seed: str


TIERS: Final = (
    Tier(0, "小胡", "Small Win", 2, "003:129"),
    Tier(1, "大胡", "Big Win", 4, "003:131"),
    Tier(2, "双大胡", "Double Big Win", 8, "003:133"),
    Tier(3, "豪华胡", "Luxury Win", 16, "003:135"),
    Tier(4, "大豪华胡", "Grand Luxury Win", 32, "003:137"),
    Tier(5, "双大豪华胡", "Double Grand Luxury Win", 64, "003:139"),
)
TOP_TIER: Final = len(TIERS) - 1


@dataclass(frozen=True)
class Listed:
    """One hand of the seed's lists 4.3-4.8: its name, its elements and the tier it is in."""

    seed: str
    zh: str
    cls: str
    shape: str
    event: str | None
    tier: int  # index into TIERS


def _l(line: int, zh: str, cls: str, shape: str, event: str | None, tier: int) -> Listed:
    return Listed(f"003:{line}", zh, cls, shape, event, tier)


LISTED: Final = (
    _l(31, "平胡", "single", "pinghu", None, 0),
    _l(37, "清一色", "single", "qingyise", None, 1),
    _l(39, "硬庄", "hard", "pinghu", None, 1),
    _l(41, "三王", "three", "pinghu", None, 1),
    _l(43, "小七对", "single", "xiaoqidui", None, 1),
    _l(45, "杠上花", "single", "pinghu", "kong_draw", 1),
    _l(47, "抢杠胡", "single", "pinghu", "robbing_kong", 1),
    _l(49, "杠上炮", "single", "pinghu", "after_kong_discard", 1),
    _l(53, "三王清一色", "three", "qingyise", None, 2),
    _l(55, "三王小七对", "three", "xiaoqidui", None, 2),
    _l(57, "三王杠上花", "three", "pinghu", "kong_draw", 2),
    _l(59, "四王平胡", "four", "pinghu", None, 2),
    _l(61, "六王平胡", "six", "pinghu", None, 2),
    _l(63, "硬庄小七对", "hard", "xiaoqidui", None, 2),
    _l(65, "硬庄清一色", "hard", "qingyise", None, 2),
    _l(67, "硬庄杠上花", "hard", "pinghu", "kong_draw", 2),
    _l(69, "硬庄抢杠胡", "hard", "pinghu", "robbing_kong", 2),
    _l(71, "硬庄杠上炮", "hard", "pinghu", "after_kong_discard", 2),
    _l(73, "小七对杠上炮", "single", "xiaoqidui", "after_kong_discard", 2),
    _l(75, "清一色抢杠胡", "single", "qingyise", "robbing_kong", 2),
    # 003:77's body repeats 4.5.11's "成牌七对"; its title (清一色杠上炮) is the hand
    _l(77, "清一色杠上炮", "single", "qingyise", "after_kong_discard", 2),
    _l(79, "清一色杠上花", "single", "qingyise", "kong_draw", 2),
    _l(83, "四王清一色", "four", "qingyise", None, 3),
    _l(85, "四王杠上花", "four", "pinghu", "kong_draw", 3),
    _l(87, "四王小七对", "four", "xiaoqidui", None, 3),
    _l(89, "三王清一色小七对", "three", "qingyise_xiaoqidui", None, 3),
    _l(91, "三王清一色杠上花", "three", "qingyise", "kong_draw", 3),
    _l(93, "六王清一色", "six", "qingyise", None, 3),
    _l(95, "六王小七对", "six", "xiaoqidui", None, 3),
    _l(97, "硬庄清一色小七对", "hard", "qingyise_xiaoqidui", None, 3),
    _l(99, "硬庄清一色杠上花", "hard", "qingyise", "kong_draw", 3),
    _l(101, "硬庄清一色杠上炮", "hard", "qingyise", "after_kong_discard", 3),
    _l(103, "硬庄清一色抢杠胡", "hard", "qingyise", "robbing_kong", 3),
    _l(107, "七王清一色", "seven", "qingyise", None, 4),
    _l(109, "七王小七对", "seven", "xiaoqidui", None, 4),
    _l(111, "硬庄清一色杠上炮小七对", "hard", "qingyise_xiaoqidui", "after_kong_discard", 4),
    _l(113, "四王清一色小七对", "four", "qingyise_xiaoqidui", None, 4),
    _l(115, "四王清一色杠上花", "four", "qingyise", "kong_draw", 4),
    _l(117, "六王清一色小七对", "six", "qingyise_xiaoqidui", None, 4),
    _l(121, "七王清一色小七对", "seven", "qingyise_xiaoqidui", None, 5),
)
"""The seed's hand lists, 4.3 小胡 … 4.8 双大豪华胡, in the seed's order."""

LISTED_BY_KEY: Final = MappingProxyType({(e.cls, e.shape, e.event): e for e in LISTED})

PUSH_DOWN_SEED: Final = "003:33"
"""四王/七王 on the dealt hand: won at once, without a complete hand, as 小胡 自摸."""

_CLASS_BY_ID: Final = MappingProxyType({c.id: c for c in CLASSES})
_SHAPE_BY_ID: Final = MappingProxyType({s.id: s for s in SHAPES})


def wild_class(cid: str) -> WildClass:
    return _CLASS_BY_ID[cid]


def shape(sid: str) -> Shape:
    return _SHAPE_BY_ID[sid]


def additive_units(cls: WildClass, shp: Shape, event: Event) -> int:
    """大胡 units of a hand: the sum of its elements, at most the top tier."""
    return min(cls.units + shp.units + event.units, TOP_TIER)


def hand_name(cls: WildClass, shp: Shape, event: Event) -> tuple[str, str]:
    """中文 and English name: the seed's where it lists the hand, else built from its elements
    the way the seed builds its names (class, shape, event; 单王 unnamed; 平胡 when nothing else)."""
    ev = event if event.units else None
    listed = LISTED_BY_KEY.get((cls.id, shp.id, ev.id if ev else None))
    head = [] if cls is SINGLE else [(cls.zh, cls.en)]
    body = ([] if shp is PINGHU else [(shp.zh, shp.en)]) + ([(ev.zh, ev.en)] if ev else [])
    if not body and cls is not HARD:
        body = [(PINGHU.zh, PINGHU.en)]
    parts = head + body
    zh = listed.zh if listed else "".join(z for z, _ in parts)
    return zh, " ".join(e for _, e in parts)


PUSH_DOWN_NAMES: Final = MappingProxyType({
    "four": ("四王推倒", "Four 王 Knock-down"), "seven": ("七王推倒", "Seven 王 Knock-down"),
})


def pattern_table() -> PatternTable:
    """The listed hands as the variant's published pattern table (value = points per payer)."""
    rows = []
    for e in LISTED:
        cls, shp = wild_class(e.cls), shape(e.shape)
        ev = EVENTS[e.event] if e.event else SELF_DRAW
        tier = TIERS[e.tier]
        pid = "+".join(x for x in (e.cls, e.shape, e.event) if x)
        rows.append(Pattern(pid, e.zh, hand_name(cls, shp, ev)[1], tier.points,
                            note=f"{tier.zh} {e.seed}"))
    rows += [Pattern(f"push_down+{k}", zh, en, TIERS[0].points, note=f"小胡 自摸 {PUSH_DOWN_SEED}")
             for k, (zh, en) in PUSH_DOWN_NAMES.items()]
    return PatternTable(rows)
