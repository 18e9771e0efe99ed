"""转转麻将 Zhuanzhuan mahjong — 001_a1ce558555b69162.txt lines 3-23.

108 suited tiles (112 with the 红中赖子 option), 2-4 players, pong and kong, no chow,
一炮多响. A win pays 胡牌分 = the 牌型分 combined by multiplication or addition (an
option, 001:20) × 接炮 1 / 自摸 2 (001:18); kongs pay by kind (001:15) even on a drawn
round (001:16); 扎鸟 pays per bird on 1/5/9/红中, 一鸟全中 the bird's face + 1 (001:23).
Every amount is multiplied by the table's 底分. The readings behind each choice are in
docs/variants/zhuanzhuan.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from math import prod
from typing import Any, Final

from ..birds import draws_from_short_wall, face_hits, pip_value, rank_faces, tiles_left_after
from ..errors import InvalidRound, RoundError
from ..hand import HandRules, analyse
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..passes import (
    PassRule,
    passed_kong_errors,
    passed_kongs_flag,
    passed_pong_errors,
    passed_pongs_flag,
    passed_win_errors,
    passed_wins_flag,
)
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_108, SET_112, Tile, TileSet, compact, suit
from ..variant import Variant, seats_after
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from ._kongs import KongRule, kong_payers
from ._round import PerRound, PerWin
from ._shapes import all_triplets, seven_pairs, standard

RED: Final[Tile] = "C"
"""红中: the wildcard when 红中赖子 is on (001:22); not in the tile set otherwise (001:5)."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every amount (win, kong, bird) is multiplied by it", minimum=1)
    pattern_scoring: str = option(
        "multiply", "牌型分计算", "How several 牌型分 combine (001:20): multiply (乘法算分) or add (加法算分)",
        choices=("multiply", "add"))
    hongzhong_wild: bool = option(
        False, "红中赖子", "Add 4 红中 as wildcards; they cannot be discarded, ponged or konged; 4 红中 推倒胡 (001:22)")
    zha_niao: bool = option(False, "扎鸟", "The winner draws birds; each 1/5/9/红中 bird is worth 1 point (001:23)")
    bird_count: int = option(2, "扎鸟数量", "Birds drawn per round when 扎鸟 is on (ignored under 一鸟全中)",
                             minimum=1, maximum=10)
    one_bird_all: bool = option(
        False, "一鸟全中", "扎鸟 with one bird whose face value + 1 is the bird score, whatever its face (001:23)")
    one_bird_red_face: int = option(1, "一鸟全中红中点数", "Face value of a 红中 bird under 一鸟全中", choices=(1, 10))


PATTERNS: Final = PatternTable([
    Pattern("pinghu", "平胡", "Plain Win", 1, note="基础牌型: counted only when no other pattern applies (001:18)"),
    Pattern("qixiaodui", "七小对", "Seven Pairs", 3, ("pinghu",), "14 concealed tiles, all pairs (001:18)"),
    Pattern("daduizi", "大队子", "All Triplets", 2, ("pinghu",), "four triplets/kongs and a pair (001:18)"),
    Pattern("qingyise", "清一色", "Pure One Suit", 3, ("pinghu",), "every tile of one suit; 红中赖子 stand in (001:18)"),
    Pattern("haoqidui", "豪七对", "Luxury Seven Pairs", 6, ("qixiaodui", "pinghu"),
            "seven pairs holding a concealed four-of-a-kind (001:18)"),
    Pattern("tianhu", "天胡", "Heavenly Win", 6, ("pinghu",), "dealer wins on the dealt hand; each pays 6, not doubled (001:18)"),
    Pattern("dihu", "地胡", "Earthly Win", 6, ("pinghu",), "won on the dealer's first discard; the dealer pays (001:18)"),
    Pattern("gangshangpao", "杠上炮", "Discard after a Kong", 2, ("pinghu",), "the konger's next discard is won (001:18)"),
    Pattern("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", 3, ("pinghu",),
            "self-drawn on the kong replacement; each pays 3, not doubled (001:18)"),
    Pattern("qiangganghu", "抢杠胡", "Robbing the Kong", 3, ("pinghu",), "won on an added kong's tile; the robbed pays (001:18)"),
    Pattern("tuidaohu", "推倒胡", "Four Red Dragons", 1, ("pinghu",),
            "4 红中 in hand under 红中赖子: paid as a plain self-draw (001:22)"),
])

_EVENTS: Final[tuple[tuple[str, str], ...]] = (
    ("heavenly", "tianhu"), ("earthly", "dihu"), ("after_kong_discard", "gangshangpao"),
    ("kong_draw", "gangshangkaihua"), ("robbing_kong", "qiangganghu"),
)
"""Win flag → the pattern it scores."""

_SELF_PRICED: Final = frozenset({"tianhu", "gangshangkaihua"})
"""Self-drawn patterns whose value is already what each player pays (001:18 "每家出6分",
"每家出3分"): no 自摸 ×2 on them (乘法: on a win that has one; 加法: on their own term)."""


@dataclass(frozen=True)
class Flags:
    """过胡不胡 / 过碰不碰 / 过杠不杠 (001:9, 11, 12): what a player let pass."""

    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag(
        "001:9 过胡不胡", "any tile it waits on", "it gets a tile again (a draw, pong or kong)")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag(
        "001:11 过碰不碰", "its next turn (a draw, pong or kong: 同一圈内)")
    passed_kongs: tuple[Mapping[str, Any], ...] = passed_kongs_flag("001:12 过杠不杠")


# 其他任一玩家打出A的叫牌，A都不能胡牌，直到A玩家重新获得牌 (001:9); 同一圈内不能先过后碰同一张牌 (001:11)
_PASSED_WIN: Final = PassRule("过胡不胡", "001:9", "waits", by_claim=True)
_PASSED_PONG: Final = PassRule("过碰不碰", "001:11", "tile", by_claim=True)
# 补杠要第一时间杠，过杠后就不能再杠了; 直杠不可以先碰后杠 (001:12); 暗杠 may wait
_PASSED_KONG: Final = PassRule("过杠不杠", "001:12", "tile")


KONGS: Final = {
    "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:15 A"),
    "added": KongRule("补杠", "Added Kong", 1, True, "001:15 B"),
    "exposed": KongRule("直杠", "Exposed Kong", 1, False, "001:15 C"),
}
"""The kong table (001:15)."""

BIRD_HIT: Final = rank_faces((1, 5, 9), (RED,))
"""扎鸟 hits: 1、5、9、红中 (001:23)."""


@dataclass(unsafe_hash=True)
class Reading:
    """One way to score a win: the patterns found (after 不计) and what each payer owes per 底分
    (built like the core's value classes, rules/ledger.py: a frozen dataclass is ~15x as dear
    to build compiled)."""

    patterns: Final[tuple[str, ...]]
    combined: Final[int]  # 牌型分 multiplied or added (001:20)
    self_draw_multiplier: Final[int]  # 自摸 2, otherwise 1 (001:18)

    def __init__(self, patterns: tuple[str, ...], combined: int, self_draw_multiplier: int) -> None:
        self.patterns = patterns
        self.combined = combined
        self.self_draw_multiplier = self_draw_multiplier

    @property
    def per_payer(self) -> int:
        return self.combined * self.self_draw_multiplier


class Zhuanzhuan(Variant):
    id = "zhuanzhuan"
    name = "转转麻将"
    name_en = "Zhuanzhuan Mahjong"
    rules_version = "zhuanzhuan/1"
    source = "001_a1ce558555b69162.txt:3-23"
    players = (2, 4)
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    reveals_used = frozenset({"birds"})

    def birds_to_draw(self, body: Mapping[str, Any], opts: Any) -> int:
        return _birds_wanted(opts)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_112 if opts.hongzhong_wild else SET_108

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return _RED_WILD_RULES if opts.hongzhong_wild else _RULES

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*unused_reveal_errors(snap, self.reveals_used), *_check_options(opts), *_check_red_dragons(snap, opts),
                  *self._check_wins(snap, opts), *_check_birds(snap, opts),
                  *drawn_round_wall_errors(snap, "a round without a win ends only when the wall is exhausted (流局, 001:8)"),
                  *passed_win_errors(snap, _PASSED_WIN), *passed_pong_errors(snap, _PASSED_PONG),
                  *passed_kong_errors(snap, _PASSED_KONG)]
        if errors:
            raise InvalidRound(errors)

    def _check_wins(self, snap: Snapshot, opts: Any) -> list[RoundError]:
        errors = single_event_errors(snap)  # one win, or 一炮多响 on one discard (001:6, 001:10)
        readings = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            ptr = f"/wins/{i}"
            player = snap.players[w.winner]
            if not readings(i):
                errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} "
                                         "is not a winning hand in zhuanzhuan"))
            # 地胡 here is only the win on the dealer's first discard: "庄家出6分" (001:18)
            errors += win_flag_errors(snap, w, ptr, earthly_self_draw=False)
            errors += last_tile_wall_errors(snap, w, ptr)
        return errors

    # -- scoring ----------------------------------------------------------------------

    def _readings(self, player: Player, win: Win, opts: Any) -> list[Reading]:
        """Every way the win can be scored (取高 picks the best); empty when it is no win."""
        rules = self.hand_rules(None, opts)
        concealed = self.concealed_with(player, win)
        events = [pid for flag, pid in _EVENTS if getattr(win, flag)]
        one_suit = ["qingyise"] if _one_suit([*concealed, *player.meld_tiles()], rules.wild) else []
        shapes: list[list[str]] = []
        # melds are only pongs and kongs here, so the concealed sets decide 大队子
        if rules.wild:
            # with 红中赖子 the enumeration places every 红中 every way it fits; yes/no questions
            # answer the same far cheaper (红中麻将's validate+settle: 283k → 193k instructions compiled)
            if standard(concealed, rules):
                shapes.append(["daduizi"] if all_triplets(concealed, rules.wild) else [])
            pairs = seven_pairs(concealed, rules.wild)  # 七小对 is always a winning shape here
        else:
            analysis = analyse(concealed, rules)
            if analysis.decompositions:
                shapes.append(["daduizi"] if any(d.all_triplets() for d in analysis.decompositions) else [])
            pairs = analysis.seven_pairs
        if pairs is not None:
            shapes.append(["qixiaodui", *(["haoqidui"] if pairs.max_quads else [])])
        out = [_price(["pinghu", *shape, *one_suit, *events], win.self_drawn, opts) for shape in shapes]
        if opts.hongzhong_wild and win.self_drawn and concealed.count(RED) == 4:
            out.append(_price(["tuidaohu"], True, opts))  # 推倒胡 = 无特殊牌型的自摸胡 (001:22)
        return out

    def best_reading(self, player: Player, win: Win, opts: Any) -> Reading:
        return max(self._readings(player, win, opts), key=lambda r: r.per_payer)

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        _pay_kongs(snap, opts, ledger)
        found: dict[int, tuple[str, ...]] = {}
        readings = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            reading = _best(readings(i))
            assert reading is not None  # validate() rejected every non-win
            found[w.winner] = tuple(PATTERNS[p].zh for p in reading.patterns)
            payers = _payers(w, snap.n)
            _pay_win(w, reading, payers, opts, ledger)
            if opts.zha_niao:
                _pay_birds(w, snap.reveals.birds, payers, opts, ledger)
        rules = self.hand_rules(snap, opts)
        tileset = self.tileset(opts, snap.n)
        hands = []
        for p in snap.players:
            waits = tuple(self.waits_of(p, rules, tileset))
            hands.append(HandReport(p.seat, p.seat in found, found.get(p.seat, ()), bool(waits), waits))
        return Settlement(tuple(ledger.items), tuple(hands), _next_dealer(snap), _notes(snap, opts))

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """What the discarder would pay for a win on ``tile`` (接炮 ×1, × 底分, birds apart); a
        红中赖子 is never discarded, so a 红中 wait is priced as what each player pays on a self-draw."""
        drawn_only = opts.hongzhong_wild and tile == RED
        win = Win(player.seat, None if drawn_only else (player.seat + 1) % self.players[1], tile)
        readings = self._readings(player, win, opts)
        if not readings:
            return None
        best = max(readings, key=lambda r: r.per_payer)
        return tuple(PATTERNS[p].zh for p in best.patterns), best.per_payer * opts.base_points


_RULES: Final = HandRules(seven_pairs=True)
_RED_WILD_RULES: Final = HandRules(wild=frozenset({RED}), seven_pairs=True)
""":meth:`Zhuanzhuan.hand_rules` without and with 红中赖子 (built once)."""


def _best(found: list[Reading]) -> Reading | None:
    """取高: the reading each payer pays most for, the first of equals."""
    best: Reading | None = None
    for r in found:
        if best is None or r.per_payer > best.per_payer:
            best = r
    return best


# each win's readings, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[list[Reading]]]] = PerRound(lambda snap, opts: PerWin(snap, opts, VARIANT._readings))


# -- checks ------------------------------------------------------------------------------


def _check_options(opts: Any) -> list[RoundError]:
    if opts.one_bird_all and not opts.zha_niao:
        return [RoundError("invalid_option", "/options/one_bird_all", "一鸟全中 is a way of playing 扎鸟: set zha_niao too")]
    return []


def _check_red_dragons(snap: Snapshot, opts: Any) -> list[RoundError]:
    """红中赖子 cannot be discarded, ponged or konged (001:22)."""
    if not opts.hongzhong_wild:
        return []  # 红中 is then outside the 108-tile set, which check_common rejects
    errors = []
    for i, p in enumerate(snap.players):
        errors += [RoundError("wild_discarded", f"/players/{i}/discards/{k}", "红中赖子 cannot be discarded (001:22)")
                   for k, d in enumerate(p.discards) if d.tile == RED]
        errors += [RoundError("wild_melded", f"/players/{i}/melds/{j}", "红中赖子 cannot be ponged or konged (001:22)")
                   for j, m in enumerate(p.melds) if m.tile == RED]
    errors += [RoundError("wild_discarded", f"/wins/{i}/tile", "红中赖子 cannot be discarded, so nobody wins on one (001:22)")
               for i, w in enumerate(snap.wins) if w.tile == RED and not w.self_drawn]
    return errors


def _check_birds(snap: Snapshot, opts: Any) -> list[RoundError]:
    birds = snap.reveals.birds
    if not opts.zha_niao or not snap.wins:
        if birds:
            why = "扎鸟 is off" if not opts.zha_niao else "nobody won, so nobody draws birds"
            return [RoundError("unexpected_birds", "/reveals/birds/0", f"{why} (001:23)")]
        return []
    wanted = _birds_wanted(opts)
    # wall_remaining counts the tiles left after the birds: a wall that ran out gives fewer
    first = snap.wins[0]
    if draws_from_short_wall([wanted], len(birds), snap.wall_remaining, min_left=tiles_left_after(first),
                             last_tile=first.last_tile) is None:
        return [RoundError("bird_count", "/reveals/birds",
                           f"{wanted} bird(s) are drawn here, got {len(birds)} (001:23); fewer only when wall_remaining "
                           "is 0, at least one after a self-draw that was not the last tile, none after the last tile")]
    return []


def _birds_wanted(opts: Any) -> int:
    if not opts.zha_niao:
        return 0
    return 1 if opts.one_bird_all else int(opts.bird_count)


# -- scoring phases -----------------------------------------------------------------------


def _one_suit(tiles: Iterable[Tile], wild: frozenset[Tile]) -> bool:
    return len({suit(t) for t in tiles if t not in wild}) == 1


def _price(found: list[str], self_drawn: bool, opts: Any) -> Reading:
    ids = PATTERNS.apply_exclusions(found)
    values = [PATTERNS.value(p) for p in ids]
    self_priced = self_drawn and not _SELF_PRICED.isdisjoint(ids)
    if opts.pattern_scoring == "multiply":
        return Reading(ids, prod(values), 1 if self_priced or not self_drawn else 2)
    if self_priced:  # 加法: each term at its own per-player price, so an extra pattern never costs the winner
        return Reading(ids, sum(v if p in _SELF_PRICED else 2 * v for p, v in zip(ids, values, strict=True)), 1)
    return Reading(ids, sum(values), 2 if self_drawn else 1)


def _pay_kongs(snap: Snapshot, opts: Any, ledger: Ledger) -> None:
    """杠分 (001:15), paid whether or not anyone wins (001:16)."""
    for p in snap.players:
        for m in p.kongs:
            rule = KONGS[m.kind or ""]
            amount = rule.points * opts.base_points
            for payer in kong_payers(p.seat, m, rule, snap.n):
                ledger.pay(payer, p.seat, amount, "kong", rule.zh, rule.en,
                           f"{rule.zh} {m.tile}: {rule.points} × 底分{opts.base_points}", turn=m.turn)


def _payers(w: Win, n: int) -> list[int]:
    """自摸: every other player; 接炮 (杠上炮, 地胡) and 抢杠胡: the discarder / the robbed seat (001:18)."""
    return seats_after(w.winner, n) if w.from_seat is None else [w.from_seat]


def _pay_win(w: Win, r: Reading, payers: list[int], opts: Any, ledger: Ledger) -> None:
    adding = opts.pattern_scoring == "add"
    each_doubled = (adding and w.self_drawn and r.self_draw_multiplier == 1  # see _price
                    and not _SELF_PRICED.issuperset(r.patterns))
    terms = (" + " if adding else " × ").join(
        f"{PATTERNS[p].zh}{PATTERNS.value(p)}{'×2' if each_doubled and p not in _SELF_PRICED else ''}"
        for p in r.patterns)
    if not w.self_drawn:
        how = ("抢杠" if w.robbing_kong else "接炮") + f" ×1 from seat {w.from_seat}"
    elif r.self_draw_multiplier == 2:
        how = "自摸 ×2 from each"
    elif each_doubled:
        how = "自摸: 天胡/杠上开花 at their per-player price, the other patterns ×2, from each"
    else:
        how = "自摸, priced per player (no ×2), from each"
    note = f"{terms} = {r.combined}, {how}, × 底分{opts.base_points} (on {w.tile})"
    name = "、".join(PATTERNS[p].zh for p in r.patterns)
    name_en = ", ".join(PATTERNS[p].en for p in r.patterns)
    for payer in payers:
        ledger.pay(payer, w.winner, r.per_payer * opts.base_points, "hu", name, name_en, note, turn=w.turn)


def _pay_birds(w: Win, birds: tuple[Tile, ...], payers: list[int], opts: Any, ledger: Ledger) -> None:
    """扎鸟 (001:23): whoever pays the win pays the birds too."""
    if not birds:
        return
    if opts.one_bird_all:
        face = pip_value(birds[0], {RED: opts.one_bird_red_face}) or 0
        points, name, name_en = face + 1, "一鸟全中", "One Bird Counts All"
        note = f"bird {birds[0]}: face {face} + 1 = {points}, × 底分{opts.base_points}"
    else:
        hits = face_hits(birds, BIRD_HIT)
        points, name, name_en = len(hits), "扎鸟", "Bird"
        note = f"{len(hits)} of {len(birds)} birds on 1/5/9/红中 ({compact(hits) or 'none'}), × 底分{opts.base_points}"
    for payer in payers:
        ledger.pay(payer, w.winner, points * opts.base_points, "bird", name, name_en, note, turn=w.turn)


def _next_dealer(snap: Snapshot) -> int:
    """Draw: the dealer stays; one winner deals; 一炮多响: the discarder deals (001:10)."""
    if not snap.wins:
        return snap.dealer
    if len(snap.wins) > 1 and snap.wins[0].from_seat is not None:
        return snap.wins[0].from_seat
    return snap.wins[0].winner


def _notes(snap: Snapshot, opts: Any) -> tuple[str, ...]:
    notes = []
    if not snap.wins:
        notes.append("流局: only kong points are paid (001:16); the dealer deals again")
    if snap.wins and opts.zha_niao and len(snap.wins) > 1:
        notes.append("一炮多响: every winner counts the same birds against the discarder")
    return tuple(notes)


VARIANT: Final[Zhuanzhuan] = Zhuanzhuan()
