"""红中麻将·扎码 Red Dragon mahjong with 码 — 001_a1ce558555b69162.txt lines 263-293.

112 tiles with 4 红中 wildcards; only 红中 itself may be ponged or konged (001:268);
no chow. No win on a discard: a self-draw, 抢杠胡, or 4 红中 推倒胡 (001:270). Every
win pays 2 from each other player; then 扎码: the winner draws N tiles (one more when
it holds no 红中, fewer when the wall runs short) and each 码 on 1/5/9 (or 1/6/9, an
option) or 红中 makes each other player pay 2 more (001:273-274, 286); 一码全中 draws
one 码 worth its face + 1 (001:275). Kongs pay by the table for 4, 3 and 2 players
(001:281-293). The readings behind each choice are in docs/variants/hongzhong-zhama.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ...birds import draws_from_short_wall, face_hits, pip_value, rank_faces, split_draws, tiles_left_after
from ...errors import InvalidRound, RoundError
from ...hand import HandRules, count_tiles, is_complete
from ...ledger import Ledger, Settlement
from ...options import option
from ...passes import PassRule, passed_pong_errors, passed_pongs_flag
from ...patterns import Pattern, PatternTable
from ...snapshot import Player, Snapshot, Win
from ...tiles import Tile, TileSet, chinese, compact, parse_tile, parse_tiles
from ...variant import Variant, seats_after
from .._kongs import KongRule
from .._round import PerRound
from .shared import (
    HONGZHONG,
    TILES,
    check_drawn_round,
    check_no_reveals,
    check_wins,
    hand_reports,
    hand_rules,
    next_dealer_after_win,
    pay_kongs,
    red_count,
    win_order,
)

DEFAULT_MA_COUNT: Final = 4


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: 胡牌分 and 扎码分 are multiplied by it; kong points are fixed",
                              minimum=1)
    ma_count: int = option(DEFAULT_MA_COUNT, "扎码数量", "码 drawn after a win, chosen when the room is made (001:274); one more when "
                           "the winner holds no 红中", minimum=0, maximum=10)
    ma_faces: str = option("159", "中码牌面", "Faces that hit: 1/5/9 as in the sister games (001:23) or 1/6/9 as printed "
                           "here (001:273); 红中 counts as 1 either way", choices=("159", "169"))
    one_ma_all: bool = option(False, "一码全中", "Draw one 码; each other player pays its face + 1, 红中 = 1 (001:275); "
                              "ma_count is then unused")
    robbing_kong_payment: str = option(
        "all", "抢杠胡付分", "抢杠胡: the robbed seat pays what every other player would pay on a self-draw (all) "
        "or one player's share (single)", choices=("all", "single"))
    melded_hongzhong_counts: bool = option(
        False, "碰杠红中算持有", "A ponged or konged 红中 counts as holding 红中, so it takes away the extra 码 (001:274)")
    seven_pairs: bool = option(False, "七对可胡", "Seven pairs is a winning shape (not listed in 001:277-278)")


PATTERNS: Final = PatternTable([
    Pattern("zimo", "自摸胡", "Self-drawn Win", 2, note="每人出2分 (001:286)"),
    Pattern("qiangganghu", "抢杠胡", "Robbing the Kong", 2, note="won on another's added kong; paid as a self-draw (001:270, 286)"),
    Pattern("sihongzhong", "四红中推倒胡", "Four Red Dragons", 2, ("zimo",),
            "4 红中 drawn into the hand win whatever the shape (001:270); paid as a self-draw (001:286)"),
])
"""胡牌分 per paying player (001:286): every win is worth the same."""

MA_POINTS: Final = 2
"""中1个码，则每人多出2分 (001:286)."""

_UNSCORED_FLAGS: Final = ("heavenly", "earthly", "kong_draw", "last_tile")
"""Win flags the snapshot may carry that score nothing here."""

RED_FACE: Final = 1
"""红中算1 (001:273)."""

KONG_TABLE: Final[MappingProxyType[int, dict[str, KongRule]]] = MappingProxyType({
    4: {"exposed": KongRule("明杠", "Exposed Kong", 3, False, "001:283"),
        "added": KongRule("补杠", "Added Kong", 1, True, "001:284"),
        "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:285")},
    3: {"exposed": KongRule("明杠", "Exposed Kong", 2, False, "001:287"),
        "added": KongRule("补杠", "Added Kong", 1, True, "001:288"),
        "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:289")},
    2: {"exposed": KongRule("明杠", "Exposed Kong", 1, False, "001:291"),
        "added": KongRule("补杠", "Added Kong", 1, True, "001:292"),
        "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:293")},
})
"""杠分 by the number of players (001:281-293): 放杠 pays the exposed kong alone; 补杠 and
暗杠 are paid by every other player."""


@dataclass(frozen=True)
class Flags:
    """过碰不碰 (001:272). There is no 过胡: nobody wins on a discard here (001:270)."""

    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("001:272 过碰不碰")


_PASSED_PONG: Final = PassRule("过碰不碰", "001:272", "tile")  # 本轮摸牌结束后可碰


class HongzhongZhama(Variant):
    id = "hongzhong-zhama"
    name = "红中麻将·扎码"
    name_en = "Red Dragon Mahjong with Ma"
    rules_version = "hongzhong-zhama/1"
    source = "001_a1ce558555b69162.txt:263-293"
    players = (2, 4)
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    self_draw_only = True  # 不能点炮胡 (001:270)
    reveals_used = frozenset({"birds"})

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return TILES

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return _PAIRS_RULES if opts.seven_pairs else _SETS_RULES

    def birds_to_draw(self, body: Mapping[str, Any], opts: Any) -> int:
        """Generator hook: the 码 due to the winners of a generated round (001:274-275)."""
        total = 0
        for w in body.get("wins") or []:
            if opts.one_ma_all:
                total += 1
                continue
            raw = body["players"][w["winner"]]
            tiles = [*parse_tiles(raw.get("hand", []), "/hand"), parse_tile(w["tile"], "/tile")]
            if opts.melded_hongzhong_counts:
                tiles += [str(m["tile"]) for m in raw.get("melds") or [] if "tile" in m]
            total += int(opts.ma_count) + (0 if red_count(tiles) else 1)
        return total

    def wins_with(self, player: Player, win: Win, rules: HandRules) -> bool:
        """A complete hand, or 4 红中 drawn into the hand (推倒胡, 001:270)."""
        return _four_red(player, win) or is_complete(self.concealed_with(player, win), rules)

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        """听牌, counting the 4th 红中 as a wait (推倒胡) and everything as a wait with 4 in hand."""
        reds = red_count(player.hand)
        if reds >= 4:
            held = count_tiles(player.hand, player.meld_tiles())
            return [f for f in tileset.faces if held.get(f, 0) < 4]
        found = super().waits_of(player, rules, tileset)
        if reds == 3 and HONGZHONG not in found and red_count(player.all_tiles()) < 4:
            found.append(HONGZHONG)
        return found

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """As the base, but a complete-size hand holding 4 红中 is complete (推倒胡, 001:270)."""
        out = super().analyze(body, opts)
        if "complete" in out and red_count(out["hand"]) >= 4:
            out["complete"] = True
        return out

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*check_no_reveals(snap, birds_allowed=True), *check_wins(snap), *check_drawn_round(snap),
                  *passed_pong_errors(snap, _PASSED_PONG)]
        rules = self.hand_rules(snap, opts)
        for i, w in enumerate(snap.wins):
            ptr = f"/wins/{i}"
            if not w.self_drawn and not w.robbing_kong:
                errors.append(RoundError("win_not_allowed", f"{ptr}/from",
                                         "不能点炮胡: only a self-draw, 抢杠胡 or 4 红中 推倒胡 wins here (001:270)"))
            player = snap.players[w.winner]
            if not self.wins_with(player, w, rules):
                errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} "
                                         "is not a winning hand in hongzhong-zhama (001:270, 277-278)"))
        if not snap.wins and snap.last_drawer is None:
            errors.append(RoundError("missing_field", "/last_drawer",
                                     "流局: the last player to draw deals next (001:271); say who it was"))
        errors += _check_birds(snap, opts)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        found: dict[int, tuple[str, ...]] = {}
        extra: dict[int, dict[str, object]] = {}
        order = win_order(snap)
        for w, draw in zip(order, _bird_draws(snap, opts), strict=True):
            pid = _pattern(snap.players[w.winner], w)
            found[w.winner] = (PATTERNS[pid].zh,)
            shares = _shares(snap, w, opts)
            _pay_win(w, pid, shares, opts, ledger)
            extra[w.winner] = _pay_ma(w, draw, shares, opts, ledger)
        pay_kongs(snap, KONG_TABLE[snap.n], ledger)
        hands = hand_reports(self, snap, self.hand_rules(snap, opts), found, extra)
        if snap.wins:
            next_dealer = next_dealer_after_win(snap)
        else:
            assert snap.last_drawer is not None  # validate() requires it on a 流局
            next_dealer = snap.last_drawer  # 流局时最后摸牌的人成为下局庄家 (001:271)
        return Settlement(ledger.items, hands, next_dealer, _notes(snap, opts))

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """What a self-drawn win on ``tile`` pays each other player before 码: 2 × 底分 (001:286)."""
        win = Win(player.seat, None, tile)
        if not self.wins_with(player, win, self.hand_rules(snap, opts)):
            return None
        pid = _pattern(player, win)
        return (PATTERNS[pid].zh,), PATTERNS.value(pid) * opts.base_points


# -- helpers ------------------------------------------------------------------------------


_SETS_RULES: Final = hand_rules(seven_pairs=False)
_PAIRS_RULES: Final = hand_rules(seven_pairs=True)
""":meth:`HongzhongZhama.hand_rules` by the 七对 option (built once)."""


def _four_red(player: Player, win: Win) -> bool:
    """推倒胡: 4 红中 among the concealed tiles with the drawn tile ("摸到4红中", 001:270)."""
    return win.self_drawn and red_count([*player.hand, win.tile]) >= 4


def _pattern(player: Player, win: Win) -> str:
    if win.robbing_kong:
        return "qiangganghu"
    return "sihongzhong" if _four_red(player, win) else "zimo"


def _holds_red(player: Player, win: Win, opts: Any) -> bool:
    """若胡牌玩家手中无红中 (001:274): the concealed tiles and the winning tile, and the
    melds too under ``melded_hongzhong_counts``."""
    tiles = [*player.hand, win.tile, *(player.meld_tiles() if opts.melded_hongzhong_counts else ())]
    return red_count(tiles) > 0


def _ma_wanted(player: Player, win: Win, opts: Any) -> int:
    if opts.one_ma_all:
        return 1  # 扎一个码 (001:275)
    return int(opts.ma_count) + (0 if _holds_red(player, win, opts) else 1)


def _ma_plan(snap: Snapshot, opts: Any) -> tuple[list[int], list[int] | None]:
    """The 码 each winner asks for (settling order) and how many each really drew from
    ``reveals.birds`` (``None`` when the count cannot be right); worked out once per round
    (validation and settlement both ask, see rules/variants/_round.py)."""
    return _PLAN.get(snap, opts)


def _plan(snap: Snapshot, opts: Any) -> tuple[list[int], list[int] | None]:
    wanted = [_ma_wanted(snap.players[w.winner], w, opts) for w in win_order(snap)]
    if not snap.wins:
        return wanted, draws_from_short_wall(wanted, len(snap.reveals.birds), snap.wall_remaining)
    first = snap.wins[0]  # wins on one kong share its flags
    return wanted, draws_from_short_wall(wanted, len(snap.reveals.birds), snap.wall_remaining,
                                         min_left=tiles_left_after(first), last_tile=first.last_tile)


def _bird_draws(snap: Snapshot, opts: Any) -> list[tuple[Tile, ...]]:
    """The 码 of each winner, in settling order, cut from ``reveals.birds``."""
    _, drawn = _ma_plan(snap, opts)
    assert drawn is not None  # validate() rejects a wrong count
    return split_draws(snap.reveals.birds, drawn)


def _check_birds(snap: Snapshot, opts: Any) -> list[RoundError]:
    birds = snap.reveals.birds
    if not snap.wins:
        return [RoundError("unexpected_birds", "/reveals/birds/0", "nobody won, so no 码 are drawn (001:273)")] if birds else []
    wanted, drawn = _ma_plan(snap, opts)
    if drawn is not None:
        return []
    parts = " + ".join(f"seat {w.winner}: {k}" for w, k in zip(win_order(snap), wanted, strict=True))
    return [RoundError("bird_count", "/reveals/birds",
                       f"{sum(wanted)} 码 are drawn here ({parts}; 001:274-275), got {len(birds)}; "
                       "fewer only when the wall ran out (wall_remaining 0), at least one after a self-draw that "
                       "was not the last tile, none after the last tile (last_tile)")]


def _shares(snap: Snapshot, w: Win, opts: Any) -> list[tuple[int, int]]:
    """(payer, how many players' shares it pays): each other player one share on a self-draw;
    抢杠胡: the robbed seat pays every share (``all``) or one (``single``)."""
    if w.from_seat is None:
        return [(s, 1) for s in seats_after(w.winner, snap.n)]
    return [(w.from_seat, snap.n - 1 if opts.robbing_kong_payment == "all" else 1)]


def _pay_win(w: Win, pid: str, shares: list[tuple[int, int]], opts: Any, ledger: Ledger) -> None:
    pat = PATTERNS[pid]
    per = pat.value * opts.base_points
    for payer, k in shares:
        who = f"{k} players' shares (被抢杠者包付)" if k > 1 else "1 share"
        note = f"{pat.zh}: 2 × 底分{opts.base_points} = {per} per player (001:286); {who}"
        ledger.pay(payer, w.winner, per * k, "hu", pat.zh, pat.en, note, turn=w.turn)


def _pay_ma(w: Win, draw: tuple[Tile, ...], shares: list[tuple[int, int]], opts: Any, ledger: Ledger) -> dict[str, object]:
    """扎码分 (001:273-275, 286); returns what the hand report shows about the 码."""
    if opts.one_ma_all:
        face = pip_value(draw[0], {HONGZHONG: RED_FACE}) if draw else None
        per = 0 if face is None else (face + 1) * opts.base_points
        name, name_en = "一码全中", "One Ma Counts All"
        how = "no 码 left in the wall" if face is None else \
            f"码 {chinese(draw[0])}: 点数{face} + 1 = {face + 1} × 底分{opts.base_points} = {per} per player (001:275)"
        hits: list[Tile] = list(draw)
    else:
        ranks = tuple(int(c) for c in opts.ma_faces)
        hit = _MA_HITS.get(ranks)
        if hit is None:
            hit = rank_faces(ranks, (HONGZHONG,))
        hits = face_hits(draw, hit)
        per = len(hits) * MA_POINTS * opts.base_points
        name, name_en = "扎码", "Ma"
        faces = "/".join(opts.ma_faces)
        how = (f"码 {compact(draw) or 'none'}: 中 {len(hits)} on {faces}/红中 ({compact(hits) or 'none'}) × 2 × "
               f"底分{opts.base_points} = {per} per player (001:273, 286)")
    for payer, k in shares:
        ledger.pay(payer, w.winner, per * k, "bird", name, name_en, how + (f"; {k} players' shares" if k > 1 else ""),
                   turn=w.turn)
    return {"ma": list(draw), "ma_hits": hits}


_PLAN: Final[PerRound[tuple[list[int], list[int] | None]]] = PerRound(_plan)
_MA_HITS: Final[dict[tuple[int, ...], Callable[[Tile], bool]]] = {
    ranks: rank_faces(ranks, (HONGZHONG,)) for ranks in ((1, 5, 9), (1, 6, 9))}
"""The 码 faces that hit, by ``ma_faces`` (built once)."""


def _notes(snap: Snapshot, opts: Any) -> tuple[str, ...]:
    notes = []
    if not snap.wins:
        notes.append("流局: only 杠分 is paid; the last player to draw deals next (001:271)")
    if len(snap.wins) > 1:
        notes.append("several players robbed one kong: each draws its own 码 in turn order from the robbed seat; "
                     "the robbed seat deals next")
    flagged = sorted({f for w in snap.wins for f in _UNSCORED_FLAGS if getattr(w, f)})
    if flagged:
        notes.append(f"{', '.join(flagged)}: this game has no 天胡/地胡/杠上开花/海底 patterns; "
                     "every win pays the same (001:276-286)")
    if opts.one_ma_all and opts.ma_count != DEFAULT_MA_COUNT:
        notes.append("一码全中 draws one 码; ma_count is not used")
    return tuple(notes)


VARIANT: Final[HongzhongZhama] = HongzhongZhama()
