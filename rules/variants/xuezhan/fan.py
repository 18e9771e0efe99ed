"""血战到底 番: the pattern table (001:574-591), the extra fan (001:592-598) and a hand's value.

Counting follows the seed: 一番 is ×1, and every further 番 doubles (两番 ×2, 三番 ×4 …
六番 ×32, 001:575-590). A hand scores exactly one base pattern (the tiers are
alternatives; the bigger one says 不计 of the smaller, 001:586-587) plus every extra
番 that applies (另加番, 001:592-598), each doubling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ...hand import Decomposition, HandRules, analyse
from ...patterns import Pattern, PatternTable
from ...snapshot import Meld
from ...tiles import Tile, is_terminal, rank, suit

RULES = HandRules(seven_pairs=True)
"""Standard hands (four sets and a pair) and 七对; no wildcards, any pair (001:576, 581)."""

PATTERNS = PatternTable([
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

BASE_IDS: tuple[str, ...] = ("pinghu", "duiduihu", "qingyise", "qidui", "daiyaojiu", "jiangdui", "qingdadui",
                             "longqidui", "qingqidui", "qingyaojiu", "qinglongqidui")

REQUIRES: Mapping[str, frozenset[str]] = MappingProxyType({
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

ROOT_INCLUDED: frozenset[str] = frozenset({"longqidui", "qinglongqidui"})
"""Patterns whose four identical tiles are already paid for: 结算减一根 (001:586, 591)."""

WIN_EVENTS: tuple[tuple[str, str], ...] = (
    ("kong_draw", "gangshanghua"), ("after_kong_discard", "gangshangpao"),
    ("robbing_kong", "qiangganghu"), ("last_tile", "haidi"),
)
"""Win flag → the extra 番 it earns."""


@dataclass(frozen=True)
class HandValue:
    """One scored hand: its base pattern, its extra 番 (根 repeated), the 番 and the multiplier."""

    base: str
    extras: tuple[str, ...]
    fan: int  # before the cap
    multiplier: int  # 2 ** (fan - 1), at most the cap
    capped: bool

    def pattern_ids(self) -> tuple[str, ...]:
        return (self.base, *self.extras)

    def names(self) -> tuple[str, ...]:
        return tuple(PATTERNS[p].zh for p in self.pattern_ids())

    def describe(self) -> str:
        """E.g. ``清一色3番 + 根×2 + 杠上花 = 6番 → ×32 (封顶)``."""
        counts = Counter(self.extras)
        parts = [f"{PATTERNS[self.base].zh}{PATTERNS.value(self.base)}番"]
        parts += [PATTERNS[e].zh + (f"×{c}" if c > 1 else "") for e, c in counts.items()]
        cap = " (封顶)" if self.capped else ""
        total = f" = {self.fan}番" if self.extras else ""
        return f"{' + '.join(parts)}{total} → ×{self.multiplier}{cap}"


def suits_of(tiles: Iterable[Tile]) -> set[str]:
    return {suit(t) for t in tiles}


def flower_pig_reason(tiles: Iterable[Tile], dingque: str | None) -> str | None:
    """花猪: why these tiles could never win here (three suits, 001:571; the 定缺 suit, 001:568), or ``None``."""
    held = suits_of(tiles)
    if len(held) >= 3:
        return "holds all three suits"
    if dingque is not None and dingque in held:
        return f"still holds its 定缺 suit {dingque}"
    return None


def _features(d: Decomposition, melds: Sequence[Meld], tiles: Sequence[Tile]) -> set[str]:
    groups = [tuple(f for f in g.faces if f is not None) for g in d.groups] + [m.tiles for m in melds]
    found = {"standard"}
    if d.all_triplets():  # melds here are pongs and kongs only
        found.add("triplets")
    if all(any(is_terminal(t) for t in g) for g in groups):
        found.add("terminals")
    if all(rank(t) in (2, 5, 8) for t in tiles):
        found.add("258")
    return found


def readings(concealed: Sequence[Tile], melds: Sequence[Meld]) -> list[frozenset[str]]:
    """The feature sets of every way to read a complete hand (concealed tiles incl. the winning tile)."""
    tiles = [*concealed, *(t for m in melds for t in m.tiles)]
    shared = {"pure"} if len(suits_of(tiles)) == 1 else set()
    a = analyse(concealed, RULES)
    out = [frozenset(_features(d, melds, tiles) | shared) for d in a.decompositions]
    if a.seven_pairs is not None:
        out.append(frozenset({"pairs", *shared, *(["dragon"] if a.seven_pairs.natural_quads else [])}))
    return list(dict.fromkeys(out))


def base_pattern(features: frozenset[str]) -> str:
    """The one base pattern a reading scores: every pattern it shows, after 不计, the highest."""
    found = [p for p in BASE_IDS if REQUIRES[p] <= features]
    kept = PATTERNS.apply_exclusions(found)
    return max(kept, key=lambda p: (PATTERNS.value(p), -BASE_IDS.index(p)))


def roots(tiles: Iterable[Tile]) -> int:
    """根: faces held four times, concealed, melded or split between the two (001:597)."""
    return sum(1 for c in Counter(tiles).values() if c == 4)


def multiplier(fan: int, cap: int | None) -> tuple[int, bool]:
    """一番 ×1, each further 番 ×2 (001:575-590), at most ``cap`` (封顶)."""
    raw = 2 ** (fan - 1)
    if cap is not None and raw > cap:
        return cap, True
    return raw, False


def hand_value(concealed: Sequence[Tile], melds: Sequence[Meld], events: Sequence[str], cap: int | None) -> HandValue | None:
    """The best value of a complete hand (取高 over its readings), or ``None`` if it does not win.

    ``concealed`` includes the winning tile; ``events`` are extra-番 ids the win itself
    earns (杠上花, 杠上炮, 抢杠胡, 海底花儿, 自摸加番).
    """
    tiles = [*concealed, *(t for m in melds for t in m.tiles)]
    n_roots = roots(tiles)
    hook = ("jingougou",) if len(concealed) == 2 and len(melds) == 4 else ()
    best: HandValue | None = None
    for features in readings(concealed, melds):
        base = base_pattern(features)
        n = max(0, n_roots - (1 if base in ROOT_INCLUDED else 0))
        extras = (*events, *("gen",) * n, *hook)
        fan = PATTERNS.value(base) + len(extras)
        mult, capped = multiplier(fan, cap)
        cand = HandValue(base, tuple(extras), fan, mult, capped)
        if best is None or (cand.multiplier, cand.fan) > (best.multiplier, best.fan):
            best = cand
    return best
