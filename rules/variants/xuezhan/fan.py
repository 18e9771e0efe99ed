"""血战到底 番: the pattern table (001:574-591), the extra fan (001:592-598) and a hand's value.

Counting follows the seed: 一番 is ×1, and every further 番 doubles (两番 ×2, 三番 ×4 …
六番 ×32, 001:575-590). A hand scores exactly one base pattern (the tiers are
alternatives; the bigger one says 不计 of the smaller, 001:586-587) plus every extra
番 that applies (另加番, 001:592-598), each doubling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...hand import Decomposition, HandRules, analyse
from ...patterns import Pattern, PatternTable
from ...snapshot import Meld
from ...tiles import Tile, is_terminal, rank, suit

RULES: Final = HandRules(seven_pairs=True)
"""Standard hands (four sets and a pair) and 七对; no wildcards, any pair (001:576, 581)."""

PATTERNS: Final = PatternTable([
    Pattern("pinghu", "平胡", "Plain Win", 1, note="四坎牌加一对将 (001:575-576)"),
    Pattern("duiduihu", "对对胡", "All Triplets", 2, ("pinghu",), "a pair and four triplets or kongs (001:577-578)"),
    Pattern("qingyise", "清一色", "Pure One Suit", 3, ("pinghu",), "every tile of one suit (001:579-580)"),
    Pattern("qidui", "七对", "Seven Pairs", 3, (), "seven pairs, no pong or kong made (001:581)"),
    Pattern("daiyaojiu", "带幺九", "Terminals in Every Set", 3, ("pinghu",),
            "every set and the pair hold a 1 or a 9 (001:582)"),
    Pattern("jiangdui", "将对", "All 2-5-8 Triplets", 4, ("duiduihu", "pinghu"),
            "对对胡 made only of 2s, 5s and 8s (001:584)"),
    Pattern("qingdadui", "清大对", "Pure All Triplets", 4, ("duiduihu", "qingyise", "pinghu"),
            "清一色 对对胡; the seed writes 清大队 (001:585)"),
    Pattern("longqidui", "龙七对", "Dragon Seven Pairs", 4, ("qidui",),
            "七对 holding four identical tiles; one 根 fewer is counted (001:586)"),
    Pattern("qingqidui", "清七对", "Pure Seven Pairs", 4, ("qingyise", "qidui"), "清一色 七对 (001:587)"),
    Pattern("qingyaojiu", "清幺九", "Pure Terminals in Every Set", 5, ("qingyise", "daiyaojiu", "pinghu"),
            "清一色 带幺九 (001:589)"),
    Pattern("qinglongqidui", "清龙七对", "Pure Dragon Seven Pairs", 6, ("longqidui", "qingqidui", "qingyise", "qidui"),
            "清一色 龙七对; one 根 fewer is counted (001:591)"),
    # 另加番: each one more 番, i.e. ×2 (001:592-598)
    Pattern("gangshanghua", "杠上花", "Win on a Kong Replacement", 1, (), "self-drawn on the kong's replacement tile (001:593)"),
    Pattern("gangshangpao", "杠上炮", "Win on the Discard after a Kong", 1, (),
            "won on the discard the konger made right after the kong (001:594)"),
    Pattern("qiangganghu", "抢杠胡", "Robbing the Kong", 1, (), "won on the tile of another player's added kong (001:595)"),
    Pattern("haidi", "海底花儿", "Last Tile", 1, (), "won on the last tile, self-drawn or discarded (001:596)"),
    Pattern("gen", "根", "Root", 1, (), "each face of which the hand holds all four tiles, melded or not (001:597)"),
    Pattern("jingougou", "金钩钩", "Golden Hook", 1, (), "four melds and a single tile left in hand (001:598)"),
    Pattern("zimojiafan", "自摸加番", "Self-Draw Extra Fan", 1, (), "table option: a self-draw counts one more 番"),
])

BASE_IDS: Final[tuple[str, ...]] = ("pinghu", "duiduihu", "qingyise", "qidui", "daiyaojiu", "jiangdui", "qingdadui",
                             "longqidui", "qingqidui", "qingyaojiu", "qinglongqidui")

REQUIRES: Final[Mapping[str, frozenset[str]]] = MappingProxyType({
    "pinghu": frozenset({"standard"}),
    "duiduihu": frozenset({"standard", "triplets"}),
    "qingyise": frozenset({"pure"}),
    "qidui": frozenset({"pairs"}),
    "daiyaojiu": frozenset({"standard", "terminals"}),
    "jiangdui": frozenset({"standard", "triplets", "258"}),
    "qingdadui": frozenset({"standard", "triplets", "pure"}),
    "longqidui": frozenset({"pairs", "dragon"}),
    "qingqidui": frozenset({"pairs", "pure"}),
    "qingyaojiu": frozenset({"standard", "pure", "terminals"}),
    "qinglongqidui": frozenset({"pairs", "pure", "dragon"}),
})
"""What a reading of the hand must show for each base pattern to apply."""

ROOT_INCLUDED: Final[frozenset[str]] = frozenset({"longqidui", "qinglongqidui"})
"""Patterns whose four identical tiles are already paid for: 结算减一根 (001:586, 591)."""

WIN_EVENTS: Final[tuple[tuple[str, str], ...]] = (
    ("kong_draw", "gangshanghua"), ("after_kong_discard", "gangshangpao"),
    ("robbing_kong", "qiangganghu"), ("last_tile", "haidi"),
)
"""Win flag → the extra 番 it earns."""


_ZH: Final[dict[str, str]] = {p.id: p.zh for p in PATTERNS}
_VALUE: Final[dict[str, int]] = {p.id: p.value for p in PATTERNS}
"""The table's names and values as plain dicts: asked per reading and per line."""


@dataclass(unsafe_hash=True)
class HandValue:
    """One scored hand: its base pattern, its extra 番 (根 repeated), the 番 and the multiplier.

    Built like the core's value classes (own ``__init__``, ``Final`` fields; see
    rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.
    """

    base: Final[str]
    extras: Final[tuple[str, ...]]
    fan: Final[int]  # before the cap
    multiplier: Final[int]  # 2 ** (fan - 1), at most the cap
    capped: Final[bool]

    def __init__(self, base: str, extras: tuple[str, ...], fan: int, multiplier: int, capped: bool) -> None:
        self.base = base
        self.extras = extras
        self.fan = fan
        self.multiplier = multiplier
        self.capped = capped
        self._described = ""  # describe(), written once (查大叫 writes it in every payer's line)

    def pattern_ids(self) -> tuple[str, ...]:
        return (self.base, *self.extras)

    def names(self) -> tuple[str, ...]:
        zh = _ZH
        return (zh[self.base], *[zh[p] for p in self.extras])

    def describe(self) -> str:
        """E.g. ``清一色3番 + 根×2 + 杠上花 = 6番 → ×32 (封顶)``."""
        if not self._described:
            self._described = self._describe()
        return self._described

    def _describe(self) -> str:
        counts: dict[str, int] = {}
        for e in self.extras:
            counts[e] = counts.get(e, 0) + 1
        parts = [f"{_ZH[self.base]}{_VALUE[self.base]}番"]
        parts += [_ZH[e] + (f"×{c}" if c > 1 else "") for e, c in counts.items()]
        cap = " (封顶)" if self.capped else ""
        total = f" = {self.fan}番" if self.extras else ""
        return f"{' + '.join(parts)}{total} → ×{self.multiplier}{cap}"


def suits_of(tiles: Iterable[Tile]) -> set[str]:
    return {suit(t) for t in tiles}


def flower_pig_reason(tiles: Iterable[Tile], dingque: str | None) -> str | None:
    """花猪: why these tiles could never win here (three suits, 001:571; the 定缺 suit, 001:568), or ``None``."""
    return pig_reason(suits_of(tiles), dingque)


def pig_reason(held: set[str], dingque: str | None) -> str | None:
    """:func:`flower_pig_reason` of tiles holding the suits ``held``."""
    if len(held) >= 3:
        return "holds all three suits"
    if dingque is not None and dingque in held:
        return f"still holds its 定缺 suit {dingque}"
    return None


def base_pattern(features: frozenset[str]) -> str:
    """The one base pattern a reading scores: every pattern it shows, after 不计, the highest."""
    found = [p for p in BASE_IDS if REQUIRES[p] <= features]
    kept = PATTERNS.apply_exclusions(found)
    return max(kept, key=lambda p: (PATTERNS.value(p), -BASE_IDS.index(p)))


def multiplier(fan: int, cap: int | None) -> tuple[int, bool]:
    """一番 ×1, each further 番 ×2 (001:575-590), at most ``cap`` (封顶)."""
    raw = 2 ** (fan - 1)
    if cap is not None and raw > cap:
        return cap, True
    return raw, False


# -- a hand's value --------------------------------------------------------------------------
#
# Each reading of a complete hand shows features: "standard" (sets and a pair) or "pairs"
# (七对), "triplets" (every set a triplet), "terminals" (a 1 or a 9 in every group, melds
# too), "258" (every tile a 2, 5 or 8), "pure" (one suit), "dragon" (七对 with four alike),
# and scores the base pattern base_pattern() gives them. 查大叫 prices every wait of every
# player still in at the end, so a hand's value is asked many times per round: a reading's
# features are bits of an int, its base pattern one look-up of that int (worked out by
# base_pattern() the first time: at most 2**7 of them), and a HandValue is built only for
# the best reading.

_STANDARD: Final = 1
_TRIPLETS: Final = 2
_TERMINALS: Final = 4
_J258: Final = 8
_PURE: Final = 16
_PAIRS: Final = 32
_DRAGON: Final = 64
_FEATURE_BITS: Final = ((_STANDARD, "standard"), (_TRIPLETS, "triplets"), (_TERMINALS, "terminals"), (_J258, "258"),
                        (_PURE, "pure"), (_PAIRS, "pairs"), (_DRAGON, "dragon"))
_BASE_BY_MASK: Final[dict[int, str]] = {}


def _base_of(mask: int) -> str:
    found = _BASE_BY_MASK.get(mask)
    if found is None:
        found = _BASE_BY_MASK[mask] = base_pattern(frozenset([name for bit, name in _FEATURE_BITS if mask & bit]))
    return found


def _has_terminal(faces: Iterable[Tile | None]) -> bool:
    return any(t is not None and is_terminal(t) for t in faces)


def _every_group_ends(d: Decomposition) -> bool:
    return all(_has_terminal(g.faces) for g in d.groups)


def _hand_facts(concealed: Sequence[Tile], melds: Sequence[Meld]) -> tuple[int, bool, bool]:
    """(the 清一色 bit, every tile a 2/5/8, every meld holding a 1 or a 9): what every reading shares."""
    suits: set[str] = set()
    all_258 = True
    for t in concealed:
        suits.add(suit(t))
        all_258 = all_258 and rank(t) in (2, 5, 8)
    melds_end = True
    for m in melds:
        for t in m.tiles:
            suits.add(suit(t))
            all_258 = all_258 and rank(t) in (2, 5, 8)
        melds_end = melds_end and _has_terminal(m.tiles)
    return (_PURE if len(suits) == 1 else 0), all_258, melds_end


def hand_bases(concealed: Sequence[Tile], melds: Sequence[Meld]) -> list[str]:
    """The base pattern of each reading of a complete hand (its decompositions, then 七对;
    repeats kept: a repeat never changes the best); empty when the hand does not win."""
    a = analyse(concealed, RULES)
    sp = a.seven_pairs
    if not a.decompositions and sp is None:
        return []
    shared, all_258, melds_end = _hand_facts(concealed, melds)
    out: list[str] = []
    for d in a.decompositions:
        mask = _STANDARD | shared
        if d.all_triplets():  # melds here are pongs and kongs only
            mask |= _TRIPLETS
        if melds_end and _every_group_ends(d):
            mask |= _TERMINALS
        if all_258:
            mask |= _J258
        out.append(_base_of(mask))
    if sp is not None:
        out.append(_base_of(_PAIRS | shared | (_DRAGON if sp.natural_quads else 0)))
    return out


def hand_roots(concealed: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """根: faces held four times, concealed, melded or split between the two (001:597)."""
    counts: dict[Tile, int] = {}
    for t in concealed:
        counts[t] = counts.get(t, 0) + 1
    for m in melds:
        for t in m.tiles:
            counts[t] = counts.get(t, 0) + 1
    n = 0
    for c in counts.values():
        if c == 4:
            n += 1
    return n


Priced = tuple[str, int, int, int, bool]
"""A reading priced: base pattern, 根 counted, 番, multiplier, capped."""


def price(bases: Sequence[str], n_roots: int, hook: bool, n_events: int, cap: int | None) -> Priced | None:
    """取高 over the readings ``bases`` (the first of equals), with the 根, 金钩钩 and ``n_events`` extra 番."""
    best: Priced | None = None
    plain = n_events + (1 if hook else 0)
    for base in bases:
        n = max(n_roots - 1 if base in ROOT_INCLUDED else n_roots, 0)
        fan = _VALUE[base] + plain + n
        mult, capped = multiplier(fan, cap)
        if best is None or mult > best[3] or (mult == best[3] and fan > best[2]):
            best = (base, n, fan, mult, capped)
    return best


def priced_value(p: Priced, hook: bool, events: Sequence[str]) -> HandValue:
    """The HandValue of a priced reading: ``events``, then 根 once per root, then 金钩钩."""
    base, n, fan, mult, capped = p
    return HandValue(base, (*events, *("gen",) * n, *(("jingougou",) if hook else ())), fan, mult, capped)


def best_value(bases: Sequence[str], n_roots: int, hook: bool, events: Sequence[str], cap: int | None) -> HandValue | None:
    """取高 over the readings ``bases`` (the first of equals), with the 根, 金钩钩 and ``events``."""
    p = price(bases, n_roots, hook, len(events), cap)
    return None if p is None else priced_value(p, hook, events)


def hand_value(concealed: Sequence[Tile], melds: Sequence[Meld], events: Sequence[str], cap: int | None) -> HandValue | None:
    """The best value of a complete hand (取高 over its readings), or ``None`` if it does not win.

    ``concealed`` includes the winning tile; ``events`` are extra-番 ids the win itself
    earns (杠上花, 杠上炮, 抢杠胡, 海底花儿, 自摸加番).
    """
    bases = hand_bases(concealed, melds)
    if not bases:
        return None
    hook = len(concealed) == 2 and len(melds) == 4
    return best_value(bases, hand_roots(concealed, melds), hook, events, cap)
