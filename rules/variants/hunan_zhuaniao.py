"""湖南抓鸟麻将 Hunan bird-catching mahjong — 002_683f88db9c0b8605.txt, whole.

108 suited tiles (2 players play without 筒, 002:9), pong and kong, no chow (002:47).
小胡 平胡 wins by self-draw only (002:127); the 大胡 stack by doubling (002:303-307);
报听 doubles the hand score (002:139, 283); birds (飞鸟 or 平鸟, 002:163-203) double the
hand score per hit; 杠上开花 and 海底捞 add 2 outside the birds (002:291-295, 311);
抢杠胡: the robbed player pays for everyone (002:287). Kong money is not doubled
(002:219). Every reading chosen where the text is loose is in docs/variants/hunan-zhuaniao.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..birds import bird_hits, bird_hits_four_seat, share_hits
from ..errors import InvalidRound, RoundError
from ..hand import HandRules, analyse, count_tiles, decompositions, is_complete, waits_seen
from ..ledger import HandReport, Ledger, Settlement
from ..options import option, parse_options
from ..passes import claimed_turns, drew_between
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Snapshot, Win, _list, _meld, parse_snapshot, unused_reveal_errors
from ..tiles import SET_108, SET_108_NO_PIN, Tile, TileSet, compact, rank, suit
from ..variant import Variant, seats_after
from ..win_checks import drawn_round_wall_errors, single_event_errors, win_flag_errors
from ._round import PerRound

SEED: Final = "002_683f88db9c0b8605.txt"


@dataclass(frozen=True)
class Options:
    bird_mode: str = option("fei", "飞鸟/平鸟", "Birds: fei (飞鸟, a bird hits the seat its face points at) or ping "
                            "(平鸟, only the drawer's own faces 159/147/13579 hit) (002:163-203)", choices=("fei", "ping"))
    bird_count: int = option(2, "鸟牌数", "Birds drawn after a win that draws birds (chosen at the table, 002:167)",
                             minimum=0, maximum=10)
    bird_stacking: str = option("double", "中鸟翻倍方式", "Several hits: double (each hit doubles, 2 hits ×4, 3 hits ×8) "
                                "or linear (×2 per hit: 2 hits ×4, 3 hits ×6) — 002:179 gives only 1 and 2 hits",
                                choices=("double", "linear"))
    two_player_fei: str = option("odd_even", "二人飞鸟", "飞鸟 at 2 players: odd_even (13579 the drawer, 2468 the "
                                 "opponent, as 平鸟's 13579 of 002:191) or four_seat (the 4-player faces, 002:9: 3/7 hit "
                                 "nobody)", choices=("odd_even", "four_seat"))
    haidilao: bool = option(True, "海底捞（+2）", "海底捞 adds 2 to each payment, outside the birds (002:295, 311)")
    kong_bloom: bool = option(True, "杠上开花（+2）", "杠上开花 adds 2 to each payment, outside the birds (002:291, 311)")
    small_win_robbing_kong: bool = option(False, "小胡可抢杠胡", "A 小胡 may rob a kong (002:215); no birds for it")
    menqing_pinghu_points: int = option(2, "平胡门清番数", "Points of 平胡门清: the seed prints no number (002:239)",
                                        minimum=1)
    jiangjiang_any_shape: bool = option(True, "将将胡不需成牌型", "将将胡 wins with every tile a 2/5/8 whatever the "
                                        "shape (otherwise it needs sets + a pair or 七小对)")
    quanqiuren_self_draw: bool = option(False, "全求人可自摸", "碰碰胡全求人 also on a self-drawn tile (default: only "
                                        "on another player's tile)")
    menqing_small_special_birds: bool = option(False, "门清小胡杠上开花/抢杠抓鸟", "A 门清 小胡 on a kong replacement or a "
                                               "robbed kong draws birds (default: 002:211/215 say 小胡 there draws none)")
    kong_exposed_points: int = option(1, "明杠分", "明杠 (接杠): the seat that fed it pays this; 002 gives no number, the "
                                      "default is 001:15's 直杠", minimum=0)
    kong_added_points: int = option(1, "公杠分", "公杠 (a pong made a kong): every other seat pays this (default 001:15)",
                                    minimum=0)
    kong_concealed_points: int = option(2, "暗杠分", "暗杠: every other seat pays this (default 001:15)", minimum=0)
    kong_on_draw: bool = option(True, "荒庄算杠分", "Kong money is paid on a drawn round too (as 001:16)")


@dataclass(frozen=True)
class Flags:
    passed_wins: tuple[Mapping[str, Any], ...] = option(
        (), "过胡", "Wins this player declined (002:143): each {tile, turn, value?}; value = that win's 牌型分, computed "
        "from the final hand when absent. Checked against a later win on another player's tile.",
        kind="records", fields={"tile": "tile", "turn": "turn", "value": "integer?"})


PATTERNS: Final = PatternTable([
    Pattern("pinghu", "平胡", "Plain Win", 2, note="小胡: self-draw only, no birds (002:111, 127, 239)"),
    Pattern("menqing_pinghu", "平胡门清", "Concealed Plain Win", 2, ("pinghu",),
            "小胡 with no claimed meld (暗杠 allowed, 002:135): draws birds; value an option (002:239)"),
    Pattern("pengpenghu", "碰碰胡", "All Pongs", 5, note="大胡 (002:247)"),
    Pattern("menqing_pengpenghu", "门清碰碰胡", "Concealed All Pongs", 8, ("pengpenghu",), "002:247"),
    Pattern("quanqiuren", "碰碰胡全求人", "All Pongs, All Claimed", 10, ("pengpenghu",),
            "every set claimed, 单吊 on another player's tile: 5×2 (002:259)"),
    Pattern("jiangjianghu", "将将胡", "All 2-5-8", 5, note="every tile a 2, 5 or 8 (002:251)"),
    Pattern("menqing_jiangjianghu", "门清将将胡", "Concealed All 2-5-8", 8, ("jiangjianghu",), "002:251"),
    Pattern("qingyise", "清一色", "Pure One Suit", 5, note="002:255"),
    Pattern("menqing_qingyise", "门清清一色", "Concealed Pure One Suit", 8, ("qingyise",), "002:255"),
    Pattern("qixiaodui", "七小对", "Seven Pairs", 8, note="002:263"),
    Pattern("haohua_qixiaodui", "豪华七小对", "Luxury Seven Pairs", 16, ("qixiaodui",), "one four-of-a-kind: 8×2 (002:267)"),
    Pattern("shuang_haohua_qixiaodui", "双豪华七小对", "Double Luxury Seven Pairs", 32, ("haohua_qixiaodui",),
            "two: 8×2×2 (002:271)"),
    Pattern("san_haohua_qixiaodui", "三豪华七小对", "Triple Luxury Seven Pairs", 64, ("shuang_haohua_qixiaodui",),
            "three: 8×2×2×2 (002:275)"),
    Pattern("baoting", "报听", "Declared Ready", 2, note="×2 on the hand score (002:139, 283)"),
    Pattern("qiangganghu", "抢杠胡", "Robbing the Kong", 0, note="the robbed player pays every share (002:287)"),
    Pattern("gangshang_kaihua", "杠上开花", "Win on a Kong Replacement", 2, note="+2 per payment, not doubled (002:291)"),
    Pattern("haidilao", "海底捞", "Last Tiles", 2, note="+2 per payment, not doubled (002:295)"),
])

_MENQING: Final = {"pengpenghu": "menqing_pengpenghu", "jiangjianghu": "menqing_jiangjianghu", "qingyise": "menqing_qingyise"}
"""大胡 with a 门清 value (002:247-255)."""

_SEVEN_PAIRS: Final = ("qixiaodui", "haohua_qixiaodui", "shuang_haohua_qixiaodui", "san_haohua_qixiaodui")
"""七小对 by the number of four-of-a-kinds in it (002:263-275)."""

_JIANG: Final = frozenset({2, 5, 8})

KONGS: Final[Mapping[str, tuple[str, str, str, bool]]] = {
    "exposed": ("明杠", "Exposed Kong", "kong_exposed_points", False),
    "added": ("公杠", "Added Kong", "kong_added_points", True),
    "concealed": ("暗杠", "Concealed Kong", "kong_concealed_points", True),
}
"""Kong kind → 中文, English, the option holding its points, whether every other seat pays (002:63-71)."""


@dataclass(frozen=True)
class ZhuaniaoRules(HandRules):
    """Winning shapes here: sets + a pair, 七小对, and (an option) 将将胡 in any shape."""

    jiangjiang_any_shape: bool = True

    # its own __init__, as its base's (mypyc builds a subclass's generated one wrongly over it)
    def __init__(self, wild: frozenset[Tile] = frozenset(), pair_ranks: frozenset[int] | None = None,
                 seven_pairs: bool = False, thirteen_orphans: bool = False, jiangjiang_any_shape: bool = True) -> None:
        super().__init__(wild, pair_ranks, seven_pairs, thirteen_orphans)
        object.__setattr__(self, "jiangjiang_any_shape", jiangjiang_any_shape)


_FREE_JIANG_RULES: Final = ZhuaniaoRules(seven_pairs=True, jiangjiang_any_shape=True)
_SHAPED_JIANG_RULES: Final = ZhuaniaoRules(seven_pairs=True, jiangjiang_any_shape=False)
""":meth:`HunanZhuaniao.hand_rules` by the 将将胡 option (built once)."""


# HandScore and Birds are dataclasses with their own ``__init__`` and ``Final`` fields, as the
# core's value classes (rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.


@dataclass(unsafe_hash=True)
class HandScore:
    """One reading of a winning hand: its patterns (ids, highest value first) and 牌型分."""

    patterns: Final[tuple[str, ...]]
    value: Final[int]
    big: Final[bool]  # 大胡
    menqing: Final[bool]  # no claimed meld (002:135)

    def __init__(self, patterns: tuple[str, ...], value: int, big: bool, menqing: bool) -> None:
        self.patterns = patterns
        self.value = value
        self.big = big
        self.menqing = menqing

    def names(self) -> tuple[str, ...]:
        return tuple(PATTERNS[p].zh for p in self.patterns)


@dataclass(unsafe_hash=True)
class Birds:
    """How a win meets the birds: ``draw`` (drawn and counted), ``all`` (海底: every bird a
    hit on the winner, none drawn), ``none``."""

    mode: Final[str]
    why: Final[str]

    def __init__(self, mode: str, why: str) -> None:
        self.mode = mode
        self.why = why


# -- hand evaluation -----------------------------------------------------------------------


def _table(opts: Any) -> PatternTable:
    return PATTERNS.with_values(menqing_pinghu=opts.menqing_pinghu_points)


def _stack(table: PatternTable, ids: list[str], menqing: bool) -> HandScore:
    """每个大胡都会翻番 (002:307): the highest 大胡 value, ×2 for every further 大胡."""
    if not ids:
        small = "menqing_pinghu" if menqing else "pinghu"
        return HandScore((small,), table.value(small), False, menqing)
    ordered = sorted(ids, key=lambda p: -table.value(p))
    return HandScore(tuple(ordered), table.value(ordered[0]) * 2 ** (len(ordered) - 1), True, menqing)


def _is_menqing(player: Player) -> bool:
    return all(m.kind == "concealed" for m in player.melds)


def _all_claimed(player: Player, self_drawn: bool, opts: Any) -> bool:
    """全求人: four claimed sets (no 暗杠), one tile left, won on another player's tile."""
    return (len(player.hand) == 1 and all(m.kind != "concealed" for m in player.melds)
            and (not self_drawn or opts.quanqiuren_self_draw))


def readings(player: Player, tile: Tile, self_drawn: bool, opts: Any) -> list[HandScore]:
    """Every way ``player`` winning on ``tile`` scores (empty: no win); 取高 takes the best."""
    table = _table(opts)
    concealed = [*player.hand, tile]
    every = player.all_tiles(tile)
    menqing = _is_menqing(player)
    one_suit = len({suit(t) for t in every}) == 1
    all_258 = all(rank(t) in _JIANG for t in every)
    out = []
    decs = decompositions(concealed, _SETS)
    if decs:
        big = []
        if any(d.all_triplets() for d in decs):
            big.append("quanqiuren" if _all_claimed(player, self_drawn, opts) else "pengpenghu")
        big += ["jiangjianghu"] * all_258 + ["qingyise"] * one_suit
        out.append(_stack(table, [_MENQING.get(p, p) if menqing else p for p in big], menqing))
    pairs = analyse(concealed, _PAIRS).seven_pairs if not player.melds else None
    if pairs is not None:
        # 七小对's 8 already is the concealed value: 将将胡/清一色 stack on it plainly (002:303)
        family = _SEVEN_PAIRS[min(pairs.natural_quads, 3)]
        out.append(_stack(table, [family, *["jiangjianghu"] * all_258, *["qingyise"] * one_suit], True))
    if all_258 and opts.jiangjiang_any_shape:
        big = ["jiangjianghu", *["qingyise"] * one_suit]
        out.append(_stack(table, [_MENQING[p] if menqing else p for p in big], menqing))
    return out


_SETS: Final = HandRules()
_PAIRS: Final = HandRules(seven_pairs=True)
"""The two shapes :func:`readings` asks about (built once)."""


def best_reading(player: Player, tile: Tile, self_drawn: bool, opts: Any, small_ok: bool | None = None) -> HandScore | None:
    """取高: the highest reading among those that may win this way (``small_ok``: a 小胡 may,
    by default when self-drawn: 小胡只能自摸, 002:127), else the highest of all (rejected
    later); of equal values a 大胡 (it may draw birds where a 小胡 does not), then the first.
    A hand both 七小对 and 平胡门清 at an equal 平胡门清 value is thus a 七小对, also on a discard."""
    if small_ok is None:
        small_ok = self_drawn
    best: HandScore | None = None
    best_key = (False, 0, False)
    for r in readings(player, tile, self_drawn, opts):
        key = (small_ok or r.big, r.value, r.big)
        if best is None or key > best_key:  # the first of equals, as max() takes
            best, best_key = r, key
    return best


def small_win_ok(w: Win, opts: Any) -> bool:
    """Whether a 小胡 may win this way: self-drawn (002:127), or robbing a kong where 小胡可抢杠胡 (002:215)."""
    return w.self_drawn or (w.robbing_kong and opts.small_win_robbing_kong)


def birds_for(score: HandScore, win: Win, opts: Any) -> Birds:
    """Which wins meet the birds (002:167, 211, 215, 295)."""
    if win.last_tile:
        if score.big or score.menqing:
            return Birds("all", "大胡/门清 海底捞: no birds drawn, all count as hits (002:99, 211)")
        return Birds("none", "小胡 海底捞: no birds (002:99, 211)")
    if score.big:
        return Birds("draw", "大胡 draws birds (002:167)")
    if not score.menqing:
        return Birds("none", "普通小胡 draws no birds (002:211, 239)")
    if (win.kong_draw or win.robbing_kong) and not opts.menqing_small_special_birds:
        return Birds("none", "小胡 杠上开花/抢杠胡 draws no birds (002:211, 215)")
    return Birds("draw", "门清小胡 draws birds (002:211, 239)")


def bird_multiplier(hits: int, stacking: str) -> int:
    """中两鸟翻4倍 (002:179): each hit doubles, or (option) ×2 per hit."""
    if stacking == "linear":
        return max(1, 2 * hits)
    doubled: int = 2**hits
    return doubled


# -- the variant -------------------------------------------------------------------------------


class HunanZhuaniao(Variant):
    id = "hunan-zhuaniao"
    name = "湖南抓鸟麻将"
    name_en = "Hunan Bird-Catching Mahjong"
    rules_version = "hunan-zhuaniao/1"
    source = f"{SEED}:1-311"
    players = (2, 4)
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    reveals_used = frozenset({"birds"})
    declares_ready = True  # 报听 (002:139)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_108_NO_PIN if n_players == 2 else SET_108  # 2 人 抽走“筒” (002:9)

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return _FREE_JIANG_RULES if opts.jiangjiang_any_shape else _SHAPED_JIANG_RULES

    def kept_draw_seats(self, snap: Snapshot) -> frozenset[int]:
        """海底 (002:95-99): the last A tiles go one to each player in turn, kept without a
        discard. At a 流局 every seat took one; at a 海底 win, the seats before the winner."""
        if not snap.wins:
            return frozenset(range(snap.n))
        w = snap.wins[0]
        if len(snap.wins) > 1 or not w.last_tile:
            return frozenset()
        start = _haidi_start(snap)
        if start is None:  # the order is unknown without the discards' turns: any other seat
            return frozenset(s for s in range(snap.n) if s != w.winner)
        return frozenset((start + k) % snap.n for k in range((w.winner - start) % snap.n))

    def wins_with(self, player: Player, win: Win, rules: HandRules) -> bool:
        return _completes(player, win.tile, rules)

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        """The faces for which :func:`_completes` holds (and a copy is left), asked of the shared
        :func:`~rules.hand.waits` for the shape and once per face for 将将胡."""
        faces = tileset.faces
        # the shape's waits, a face being no wait once its four copies are held (counted only
        # when some face completes the hand)
        found = set(waits_seen(player.hand, _shape_rules(rules), faces, player.meld_tiles()))
        every = player.all_tiles()
        if isinstance(rules, ZhuaniaoRules) and rules.jiangjiang_any_shape and all(rank(t) in _JIANG for t in every):
            held = count_tiles(every)
            found.update(f for f in faces if rank(f) in _JIANG and held.get(f, 0) < 4)
        return [f for f in faces if f in found]

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """The best 胡牌分 a win on ``tile`` could score from one payer, birds and +2 apart:
        self-drawn or (大胡 only) on a discard, ×2 with 报听."""
        best: HandScore | None = None
        for self_drawn in (True, False):
            r = best_reading(player, tile, self_drawn, opts)
            if r is not None and (self_drawn or r.big) and (best is None or r.value > best.value):
                best = r
        if best is None:
            return None
        if player.ready_declared_turn is not None:
            return (*best.names(), PATTERNS["baoting"].zh), best.value * 2
        return best.names(), best.value

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        out = super().analyze(body, opts)
        if out.get("complete") is False and opts.jiangjiang_any_shape:
            melds = [_meld(m, f"/melds/{i}") for i, m in enumerate(_list(body.get("melds"), "/melds"))]
            every = [*out["hand"], *(t for m in melds for t in m.tiles)]
            out["complete"] = all(rank(t) in _JIANG for t in every)  # 将将胡 needs no shape
        return out

    # -- validation ---------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*unused_reveal_errors(snap, self.reveals_used), *single_event_errors(snap)]
        scores: dict[int, HandScore] = {}
        best = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            score = best(i)
            if score is None:
                errors.append(RoundError("not_a_win", f"/wins/{i}", f"seat {w.winner}'s hand "
                                         f"{compact(snap.players[w.winner].hand)} with {w.tile} is not a winning hand here"))
                continue
            scores[i] = score
            errors += win_flag_errors(snap, w, f"/wins/{i}", earthly_self_draw=True)
            errors += _win_errors(w, score, f"/wins/{i}", opts, snap)
        errors += _ready_errors(snap)
        errors += _haidi_pass_errors(snap, opts)
        if not errors:
            errors += _pass_errors(snap, scores, opts)
            errors += _bird_errors(snap, scores, opts)
        if not snap.wins and snap.last_drawer is None:
            errors.append(RoundError("missing_field", "/last_drawer",
                                     "荒庄: whoever drew the last tile deals next (002:35) — give last_drawer"))
        errors += drawn_round_wall_errors(snap, "流局 comes only after the 海底捞 is over (002:155): tiles are left")
        if errors:
            raise InvalidRound(errors)

    # -- settlement ---------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        found: dict[int, tuple[str, ...]] = {}
        extra: dict[int, dict[str, Any]] = {}
        notes: list[str] = []
        if snap.wins:
            group = snap.win_groups()[0]
            # 一炮多响放炮者抓鸟 (002:227); otherwise the winner draws (002:167)
            drawer = group[0].from_seat if len(group) > 1 and group[0].from_seat is not None else group[0].winner
            hits = self._hits(snap, opts, drawer)
            notes += _bird_notes(snap, opts, drawer, hits)
            best = _ROUND.get(snap, opts)
            for i, w in enumerate(group):  # the first group's wins are the first wins
                player = snap.players[w.winner]
                score = best(i)
                assert score is not None  # validate() rejected non-wins
                birds = birds_for(score, w, opts)
                _pay_win(ledger, snap, opts, w, score, birds, hits, drawer)
                found[w.winner] = _reported_patterns(player, w, score, opts)
                extra[w.winner] = {"hand_value": score.value, "birds": birds.mode, "birds_why": birds.why}
        _pay_kongs(ledger, snap, opts, notes)
        rules = self.hand_rules(snap, opts)
        tileset = self.tileset(opts, snap.n)
        hands = []
        for p in snap.players:
            if p.seat in found:
                hands.append(HandReport(p.seat, True, found[p.seat], None, (), extra[p.seat]))
            elif _kept_haidi_tile(p):  # 14 tiles: waiting on nothing, and not complete (validated)
                hands.append(HandReport(p.seat, False, (), False, (), {"kept_haidi_tile": True}))
            else:
                waits = tuple(self.waits_of(p, rules, tileset))
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        return Settlement(ledger.items, tuple(hands), _next_dealer(snap), tuple(notes))

    def _hits(self, snap: Snapshot, opts: Any, drawer: int) -> Counter[int]:
        """Birds per seat counted from the drawer: 159/26/37/48, 147/258/369 (002:167-171)."""
        if snap.n == 2 and opts.bird_mode == "fei" and opts.two_player_fei == "four_seat":
            return bird_hits_four_seat(snap.reveals.birds, drawer, 2)
        return bird_hits(snap.reveals.birds, drawer, snap.n)

    # -- generator hooks ----------------------------------------------------------------

    def birds_to_draw(self, body: Mapping[str, Any], opts: Any) -> int:
        snap = parse_snapshot(body, Flags, parse_options)
        group = snap.win_groups()[0] if snap.wins else ()
        for w in group:
            score = best_reading(snap.players[w.winner], w.tile, w.self_drawn, opts, small_win_ok(w, opts))
            if score is not None and birds_for(score, w, opts).mode == "draw":
                count: int = opts.bird_count
                return count
        return 0


class _Best:
    """Each win's :func:`best_reading`, worked out once per round (see rules/variants/_round.py):
    validation and settlement both ask."""

    def __init__(self, snap: Snapshot, opts: Any) -> None:
        self.snap = snap
        self.opts = opts
        self.found: dict[int, HandScore | None] = {}

    def __call__(self, i: int) -> HandScore | None:
        if i in self.found:
            return self.found[i]
        w = self.snap.wins[i]
        score = self.found[i] = best_reading(self.snap.players[w.winner], w.tile, w.self_drawn, self.opts,
                                             small_win_ok(w, self.opts))
        return score


_ROUND: Final[PerRound[_Best]] = PerRound(_Best)


def _shape_rules(rules: HandRules) -> HandRules:
    """Plain rules with the shapes of ``rules``: a :class:`ZhuaniaoRules` adds only 将将胡, which
    the shared hand analysis knows nothing of, and plain rules are cheaper to key its memory by."""
    if rules is _FREE_JIANG_RULES or rules is _SHAPED_JIANG_RULES:
        return _PAIRS
    if isinstance(rules, ZhuaniaoRules):
        return HandRules(rules.wild, rules.pair_ranks, rules.seven_pairs, rules.thirteen_orphans)
    return rules


def _completes(player: Player, tile: Tile, rules: HandRules) -> bool:
    if is_complete([*player.hand, tile], rules):
        return True
    free = isinstance(rules, ZhuaniaoRules) and rules.jiangjiang_any_shape
    return free and all(rank(t) in _JIANG for t in player.all_tiles(tile))


# -- checks ---------------------------------------------------------------------------------


def _win_errors(w: Win, score: HandScore, ptr: str, opts: Any, snap: Snapshot) -> list[RoundError]:
    errors = []
    if not score.big and not small_win_ok(w, opts):
        why = "小胡只能自摸 (002:127)" + ("; 小胡可抢杠胡 is off (002:215)" if w.robbing_kong else "")
        errors.append(RoundError("small_win_not_self_drawn", f"{ptr}/from",
                                 f"{'+'.join(score.names())} is a 小胡: {why}"))
    if w.last_tile and not w.self_drawn:
        errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile",
                                 "海底 tiles are drawn one per player and not discarded (002:95-99): a 海底 win is self-drawn"))
    if w.last_tile and w.kong_draw:
        errors.append(RoundError("inconsistent_win", f"{ptr}/kong_draw", "the last A+1 tiles cannot be konged (002:99)"))
    return errors + ([] if snap.wall_remaining is None else _haidi_wall_errors(w, ptr, snap, snap.wall_remaining))


def _haidi_wall_errors(w: Win, ptr: str, snap: Snapshot, left: int) -> list[RoundError]:
    """海底 is the last A tiles, one to each player, not discarded (002:91-95): the wall the
    snapshot reports must agree with the win."""
    before_birds = left + len(snap.reveals.birds)  # the birds came from the wall after the win
    if not w.self_drawn and before_birds < snap.n:
        return [RoundError("inconsistent_win", f"{ptr}/from",
                           f"with {before_birds} tiles left before the birds the 海底 (the last {snap.n}) had begun, "
                           "and 海底 tiles are not discarded (002:91-95)")]
    # a kong is made with at least A+1 tiles left, so its replacement leaves at least A
    if w.kong_draw and before_birds < snap.n:
        return [RoundError("inconsistent_win", f"{ptr}/kong_draw",
                           f"with {before_birds} tiles left before the birds the kong was made within the last "
                           f"{snap.n + 1} tiles, which cannot be konged (002:99)")]
    if w.last_tile and left >= snap.n:  # a 海底 win draws no birds: fewer than A are left after it
        return [RoundError("inconsistent_win", f"{ptr}/last_tile",
                           f"海底 is the last {snap.n} tiles, one to each player (002:91-95), but "
                           f"{left} tiles are left in the wall")]
    return []


def _haidi_start(snap: Snapshot) -> int | None:
    """The first seat to take a 海底 tile: the one after whoever made the round's last
    discard (倒数第A+1张牌发出去，玩家丢牌后, 002:95); None when a discard has no turn."""
    last: tuple[int, int] | None = None
    for p in snap.players:
        for d in p.discards:
            if d.turn is None:
                return None
            if last is None or d.turn > last[0]:
                last = (d.turn, p.seat)
    return None if last is None else (last[1] + 1) % snap.n


def _kept_haidi_tile(player: Player) -> bool:
    return len(player.hand) + 3 * len(player.melds) == 14


def _haidi_pass_errors(snap: Snapshot, opts: Any) -> list[RoundError]:
    """如果可以胡，则不能过胡 (002:95): a player who kept its 海底 tile could not win with it."""
    errors = []
    for i, p in enumerate(snap.players):
        if not _kept_haidi_tile(p) or any(w.winner == i for w in snap.wins):
            continue
        tile = p.hand[-1]
        rest = list(p.hand)
        rest.remove(tile)
        before = Player(p.seat, tuple(rest), p.melds, p.discards, p.flowers, p.ready_declared_turn, p.flags)
        if best_reading(before, tile, True, opts) is not None:
            errors.append(RoundError("haidi_pass", f"/players/{i}/hand", f"seat {i}'s 14 tiles {compact(p.hand)} win "
                                     "as a 海底 self-draw, and 海底 cannot be passed (如果可以胡，则不能过胡, 002:95)"))
    return errors


def _ready_errors(snap: Snapshot) -> list[RoundError]:
    """报听只能暗杠 (002:139): after declaring, only concealed kongs (checked when turns are given)."""
    errors = []
    for i, p in enumerate(snap.players):
        t = p.ready_declared_turn
        if t is None:
            continue
        errors += [RoundError("meld_after_ready", f"/players/{i}/melds/{j}",
                              f"seat {i} declared 报听 at turn {t}; after that only 暗杠 is allowed (002:139)")
                   for j, m in enumerate(p.melds) if m.turn is not None and m.turn > t and m.kind != "concealed"]
        errors += [RoundError("missing_field", f"/players/{i}/melds/{j}/turn", f"seat {i} declared 报听 at turn {t}: "
                              "only 暗杠 may follow (002:139), so a claimed meld's turn decides")
                   for j, m in enumerate(p.melds) if m.turn is None and m.kind != "concealed"]
    return errors


def _passed_own_draw(snap: Snapshot, seat: int, tile: Tile, turn: int) -> bool | RoundError:
    """Whether a declined win was on the player's own draw: no other seat discarded that
    tile, or made a kong of it (抢杠), at that turn. Such a discard or kong without a turn
    could be the one: its turn is asked for."""
    for p in snap.players:
        if p.seat == seat:
            continue
        for k, d in enumerate(p.discards):
            if d.tile == tile and d.turn is None:
                return RoundError("missing_field", f"/players/{p.seat}/discards/{k}/turn",
                                  "过胡 is checked by turn: was the declined win on this discard? give its turn")
            if d.tile == tile and d.turn == turn:
                return False
        for j, m in enumerate(p.melds):
            if m.is_kong and m.tile == tile and m.turn is None:
                return RoundError("missing_field", f"/players/{p.seat}/melds/{j}/turn",
                                  "过胡 is checked by turn: was the declined win on this kong? give its turn")
            if m.is_kong and m.tile == tile and m.turn == turn:
                return False
    return True


def _pass_errors(snap: Snapshot, scores: Mapping[int, HandScore], opts: Any) -> list[RoundError]:
    """过胡 (002:143): after declining a win a player may not win before drawing again,
    unless the new win scores higher. Self-drawn wins come after a draw, so only wins on
    another player's tile are checked."""
    errors: list[RoundError] = []
    for i, w in enumerate(snap.wins):
        player = snap.players[w.winner]
        passes = player.flags.passed_wins
        if w.self_drawn or not passes:
            continue
        if w.turn is None:
            errors.append(RoundError("missing_field", f"/wins/{i}/turn", "过胡 is checked by turn: give the win's turn"))
            continue
        base = f"/players/{w.winner}"
        for k, rec in enumerate(passes):
            rptr = f"{base}/flags/passed_wins/{k}"
            if rec["turn"] >= w.turn:
                errors.append(RoundError("inconsistent_pass", f"{rptr}/turn",
                                         "a declined win comes before the win that ended the round"))
                continue
            own = _passed_own_draw(snap, w.winner, rec["tile"], rec["turn"])
            if isinstance(own, RoundError):
                errors.append(own)
                continue
            drew = drew_between(player, base, rec["turn"], w.turn, own, "过胡", claimed_turns(snap, w.winner))
            if isinstance(drew, RoundError):
                errors.append(drew)
                continue
            if drew:
                continue
            passed = rec.get("value")
            if passed is None:
                found = best_reading(player, rec["tile"], False, opts) or best_reading(player, rec["tile"], True, opts)
                if found is None:
                    errors.append(RoundError("missing_field", f"{rptr}/value",
                                             f"the final hand does not win on {rec['tile']}: give the declined win's value"))
                    continue
                passed = found.value
            if scores[i].value <= passed:
                errors.append(RoundError("passed_win", f"/wins/{i}",
                                         f"seat {w.winner} declined a win worth {passed} at turn {rec['turn']} and has not drawn "
                                         f"since; a win worth {scores[i].value} (not higher) is not allowed (002:143)"))
    return errors


def _bird_errors(snap: Snapshot, scores: Mapping[int, HandScore], opts: Any) -> list[RoundError]:
    birds = snap.reveals.birds
    drawn = any(birds_for(scores[i], w, opts).mode == "draw" for i, w in enumerate(snap.wins))
    if not drawn:
        if birds:
            return [RoundError("unexpected_birds", "/reveals/birds/0",
                               "no win here draws birds (普通小胡, 海底, or no win: 002:99, 211, 215)")]
        return []
    short_wall = len(birds) < opts.bird_count and snap.wall_remaining == 0  # wall_remaining: left after the birds
    if len(birds) != opts.bird_count and not short_wall:
        return [RoundError("bird_count", "/reveals/birds",
                           f"{opts.bird_count} bird(s) are drawn here, got {len(birds)}; fewer only when the wall ran "
                           "out (wall_remaining 0)")]
    return []


# -- payment phases -----------------------------------------------------------------------


def _share_hits(opts: Any, birds: Birds, hits: Counter[int], winner: int, payer: int, drawer: int) -> int:
    if birds.mode == "none":
        return 0
    if birds.mode == "all":
        return int(opts.bird_count)
    if opts.bird_mode == "ping":
        return hits.get(drawer, 0)  # 平鸟: only the drawer's own faces hit, for every payer (002:191-203)
    return share_hits(hits, winner, payer)  # 飞鸟 (002:179-183)


def _pay_win(ledger: Ledger, snap: Snapshot, opts: Any, w: Win, score: HandScore, birds: Birds,
             hits: Counter[int], drawer: int) -> None:
    """胡牌分 per payer: 牌型分 ×2 (报听) × 中鸟 + 2 (杠上开花/海底捞)."""
    table = _table(opts)
    v = score.value
    top, *rest = score.patterns
    formula = f"{table[top].zh} {table.value(top)}" + "".join(f" ×2 ({table[p].zh})" for p in rest)
    name = "+".join(score.names())
    name_en = " + ".join(PATTERNS[p].en for p in score.patterns)
    ready = snap.players[w.winner].ready_declared_turn is not None
    bonuses = [p for p, on in (("gangshang_kaihua", w.kong_draw and opts.kong_bloom),
                               ("haidilao", w.last_tile and opts.haidilao)) if on]
    shares = seats_after(w.winner, snap.n) if w.self_drawn or w.robbing_kong else [w.from_seat]
    for share in shares:
        assert share is not None
        payer = w.from_seat if w.robbing_kong else share
        assert payer is not None
        how = (f"抢杠胡 {w.tile}: seat {payer} pays seat {share}'s share (包赔, 002:287)" if w.robbing_kong
               else f"自摸 {w.tile}" if w.self_drawn else f"接炮 {w.tile} from seat {payer}")
        ledger.pay(payer, w.winner, v, "hu", name, name_en, f"{formula} = {v}; {how}", turn=w.turn)
        if ready:
            ledger.pay(payer, w.winner, v, "hu", "报听", "Declared Ready", f"报听 ×2: another {v} (002:283)", turn=w.turn)
        k = _share_hits(opts, birds, hits, w.winner, share, drawer)
        mult = bird_multiplier(k, opts.bird_stacking)
        scored = v * (2 if ready else 1)
        if mult > 1:
            ledger.pay(payer, w.winner, scored * (mult - 1), "bird", "中鸟", "Bird Hits",
                       f"{k} hit(s) → ×{mult} on {scored}: +{scored * (mult - 1)}; {birds.why}", turn=w.turn)
        for b in bonuses:
            ledger.pay(payer, w.winner, PATTERNS.value(b), "hu", PATTERNS[b].zh, PATTERNS[b].en,
                       f"+{PATTERNS.value(b)} outside the bird doubling (002:311)", turn=w.turn)


def _pay_kongs(ledger: Ledger, snap: Snapshot, opts: Any, notes: list[str]) -> None:
    """杠分 by kind; never doubled by birds (002:219)."""
    if snap.drawn and not opts.kong_on_draw:
        if any(p.kongs for p in snap.players):
            notes.append("荒庄: kong money is not paid (kong_on_draw off)")
        return
    for p in snap.players:
        for m in p.kongs:
            zh, en, field, everyone = KONGS[m.kind or ""]
            points = getattr(opts, field)
            payers = seats_after(p.seat, snap.n) if everyone else [m.from_seat]
            for payer in payers:
                assert payer is not None  # check_common requires an exposed kong's feeder
                ledger.pay(payer, p.seat, points, "kong", zh, en, f"{zh} {m.tile}: {points} (not doubled by birds, 002:219)",
                           turn=m.turn)


def _reported_patterns(player: Player, w: Win, score: HandScore, opts: Any) -> tuple[str, ...]:
    extra = [("baoting", player.ready_declared_turn is not None), ("qiangganghu", w.robbing_kong),
             ("gangshang_kaihua", w.kong_draw and opts.kong_bloom), ("haidilao", w.last_tile and opts.haidilao)]
    return score.names() + tuple(PATTERNS[p].zh for p, on in extra if on)


def _bird_notes(snap: Snapshot, opts: Any, drawer: int, hits: Counter[int]) -> list[str]:
    birds = snap.reveals.birds
    if not birds:
        return []
    mode = "飞鸟" if opts.bird_mode == "fei" else "平鸟"
    per_seat = ", ".join(f"seat {s}: {hits[s]}" for s in sorted(hits)) or "none"
    return [f"{mode}: seat {drawer} drew {compact(birds)}; counted from seat {drawer}, hits {per_seat}"]


def _next_dealer(snap: Snapshot) -> int:
    """1.2: the winner deals; 一炮多响: the discarder (002:39); 荒庄: the last drawer (002:35)."""
    if not snap.wins:
        assert snap.last_drawer is not None  # validate() asks for it
        return snap.last_drawer
    group = snap.win_groups()[0]
    if len(group) > 1 and group[0].from_seat is not None:
        return group[0].from_seat
    return group[0].winner


VARIANT: Final[HunanZhuaniao] = HunanZhuaniao()
