"""红中麻将 (可点炮) Red Dragon mahjong — 001_a1ce558555b69162.txt lines 221-262.

112 tiles with 4 红中 wildcards that may be discarded but never ponged or konged
(001:226); pong and kong, no chow; a win on a discard (一炮多响 allowed) or self-drawn
only, by option (001:227, 236). The win pays 底分 × the product of the 牌型倍数
(001:244-260): the discarder (or the robbed seat) alone, or on a self-draw every
other player with 底分 + 1 (001:261-262). Kongs pay on their own, even on a 流局
(001:238-243). The readings behind each choice are in docs/variants/hongzhong.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...errors import InvalidRound, RoundError
from ...hand import HandRules
from ...ledger import Ledger, Settlement
from ...options import option
from ...passes import PassRule, passed_pong_errors, passed_pongs_flag, passed_win_errors, passed_wins_flag
from ...patterns import Pattern, PatternTable
from ...snapshot import Player, Snapshot, Win
from ...tiles import Tile, TileSet, chinese, compact, suit
from ...variant import Variant, seats_after
from .._kongs import KongRule
from .._round import PerRound, PerWin
from .._shapes import all_triplets, seven_pairs, standard
from .shared import (
    HONGZHONG,
    TILES,
    WILD,
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


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake of a win: 底分 × 牌型倍数 (001:261-262); kong points are fixed",
                              minimum=1)
    win_on_discard: bool = option(
        True, "可点炮胡", "Wins on a discard (点炮胡, 一炮多响) and 抢杠胡 are allowed; off: 自摸胡 only (001:227, 236)")
    self_draw_base: str = option(
        "plus_one", "自摸底分", "自摸 底分: 底分 + 1 ('自摸底分加1分', 001:261) or 底分 × 2", choices=("plus_one", "double"))
    wild_in_pure_suit: bool = option(
        True, "红中算清一色", "红中 in the hand stand in for the suit, so 清一色 may hold them (001:236 item 7)")
    wild_quads: bool = option(
        True, "红中可凑豪华", "红中 may complete the four-of-a-kind of a 豪华七对 (001:236 items 11-13)")
    win_on_discarded_hongzhong: bool = option(
        False, "可胡打出的红中", "A player may win on a discarded 红中 (a discarded 红中 cannot be ponged or konged, 001:226)")


PATTERNS: Final = PatternTable([
    Pattern("pinghu", "平胡", "Plain Win", 1, note="basic shape, counted when nothing else applies (001:247)"),
    Pattern("tianhu", "天胡", "Heavenly Win", 2, ("pinghu",), "dealer wins on the dealt 14 tiles (001:236, 248)"),
    Pattern("dihu", "地胡", "Earthly Win", 2, ("pinghu",), "won on the dealer's first discard (001:236, 249)"),
    Pattern("qiangganghu", "抢杠胡", "Robbing the Kong", 2, ("pinghu",), "won on another's added kong tile (001:236, 250)"),
    Pattern("gangshangpao", "杠上炮", "Discard after a Kong", 2, ("pinghu",), "won on the konger's next discard (001:236, 251)"),
    Pattern("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", 2, ("pinghu",),
            "self-drawn on one's own kong replacement (001:236, 252)"),
    Pattern("duiduihu", "对对胡", "All Triplets", 2, ("pinghu",), "four triplets (pongs and kongs count) and a pair (001:236, 253)"),
    Pattern("qingyise", "清一色", "Pure One Suit", 2, ("pinghu",), "every tile of one suit (001:236, 254)"),
    Pattern("dandiao", "单吊", "Single Wait", 2, ("pinghu",),
            "one concealed tile left after pongs and kongs, won by pairing it; stacks with 对对胡 (001:236, 255)"),
    Pattern("haidilaoyue", "海底捞月", "Last Tile Draw", 2, ("pinghu",), "self-drawn on the wall's last tile (001:236, 256)"),
    Pattern("qidui", "七对", "Seven Pairs", 2, ("pinghu",), "14 concealed tiles as seven pairs (001:236, 257)"),
    Pattern("haohua", "豪华七对", "Luxury Seven Pairs", 4, ("qidui", "pinghu"),
            "seven pairs with one unkonged four-of-a-kind (001:236, 258)"),
    Pattern("shuanghaohua", "双豪华七对", "Double Luxury Seven Pairs", 8, ("haohua", "qidui", "pinghu"),
            "two unkonged fours-of-a-kind (001:236, 259)"),
    Pattern("sanhaohua", "三豪华七对", "Triple Luxury Seven Pairs", 16, ("shuanghaohua", "haohua", "qidui", "pinghu"),
            "three unkonged fours-of-a-kind (001:236, 260)"),
])
"""牌型倍数 (001:244-260); they multiply ("牌型倍数可以叠加（相乘）", 001:244)."""

_EVENT_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    ("heavenly", "tianhu"), ("earthly", "dihu"), ("robbing_kong", "qiangganghu"),
    ("after_kong_discard", "gangshangpao"), ("kong_draw", "gangshangkaihua"),
)
"""Win flag → the pattern it scores (海底捞月 needs a self-draw as well, see :func:`_events`)."""

_SEVEN_PAIRS_LADDER: Final = ("qidui", "haohua", "shuanghaohua", "sanhaohua")


def kong_table(n_players: int) -> dict[str, KongRule]:
    """杠分 (001:239-243). 直杠: "有几位闲家放杠者付几分" — every player but the konger is a
    闲家 to that kong, so the feeder pays one point per other player."""
    return {
        "added": KongRule("补杠", "Added Kong", 1, True, "001:241"),
        "exposed": KongRule("直杠", "Exposed Kong", n_players - 1, False, "001:242"),
        "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:243"),
    }


_KONG_TABLES: Final = {n: kong_table(n) for n in range(2, 5)}
"""The kong tables of 2-4 players (built once)."""

_VALUE: Final[dict[str, int]] = {p.id: p.value for p in PATTERNS}


@dataclass(frozen=True)
class Flags:
    """过胡不胡 / 过碰不碰 (001:229-230): what a player let pass."""

    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag("001:230 过胡不胡", "a tile of that suit (同类的牌)")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("001:229 过碰不碰")


# 听3万/5万/9筒，放弃3万，5万同样不可以胡牌，9筒可胡 … 直到其再次摸牌 (001:230)
_PASSED_WIN: Final = PassRule("过胡不胡", "001:230", "suit")
_PASSED_PONG: Final = PassRule("过碰不碰", "001:229", "tile")  # 本轮摸牌结束后可碰


@dataclass(unsafe_hash=True)
class Reading:
    """One way to score a win: the patterns found (after 不计) and their product (built like the
    core's value classes, rules/ledger.py: a frozen dataclass is ~15x as dear to build compiled)."""

    patterns: Final[tuple[str, ...]]

    def __init__(self, patterns: tuple[str, ...]) -> None:
        self.patterns = patterns

    @property
    def multiplier(self) -> int:
        out = 1
        for p in self.patterns:
            out *= _VALUE[p]
        return out

    def names(self) -> tuple[str, ...]:
        return tuple(PATTERNS[p].zh for p in self.patterns)


class Hongzhong(Variant):
    id = "hongzhong"
    name = "红中麻将"
    name_en = "Red Dragon Mahjong"
    rules_version = "hongzhong/1"
    source = "001_a1ce558555b69162.txt:221-262"
    players = (2, 4)
    Options = Options
    Flags = Flags
    patterns = PATTERNS

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return TILES

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return _RULES  # 七小对 is a winning shape (001:236 item 10)

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*_check_melds(snap), *check_no_reveals(snap, birds_allowed=False), *check_wins(snap),
                  *check_drawn_round(snap), *passed_win_errors(snap, _PASSED_WIN), *passed_pong_errors(snap, _PASSED_PONG)]
        readings = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += self._check_win(snap, w, i, opts, readings)
        if errors:
            raise InvalidRound(errors)

    def _check_win(self, snap: Snapshot, w: Win, i: int, opts: Any, readings: PerWin[list[Reading]]) -> list[RoundError]:
        ptr = f"/wins/{i}"
        errors = []
        if not w.self_drawn and not opts.win_on_discard:
            why = "抢杠胡" if w.robbing_kong else "a win on a discard"
            errors.append(RoundError("win_not_allowed", f"{ptr}/from",
                                     f"{why} is not allowed when the table plays 自摸胡 only (001:227, 236 item 3)"))
        if not w.self_drawn and w.tile == HONGZHONG and not opts.win_on_discarded_hongzhong:
            errors.append(RoundError("win_not_allowed", f"{ptr}/tile",
                                     "a discarded 红中 cannot be claimed (不可碰、杠打出, 001:226); "
                                     "set win_on_discarded_hongzhong to allow winning on one"))
        player = snap.players[w.winner]
        if not readings(i):
            errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} "
                                     "is not a winning hand in hongzhong (001:233-236)"))
        return errors

    # -- scoring ----------------------------------------------------------------------

    def readings(self, player: Player, win: Win, opts: Any) -> list[Reading]:
        """Every way the win can be scored (standard shape, seven pairs); empty when it is no win."""
        concealed = self.concealed_with(player, win)
        common = ["pinghu", *_events(win), *(["qingyise"] if _pure_suit(player, win, opts) else [])]
        shapes: list[list[str]] = []
        # yes/no questions about the shapes: the enumeration of the decompositions places every
        # 红中 every way it fits (validate+settle: 283k → 193k instructions a round compiled)
        if standard(concealed, _RULES):
            shape = []
            if all_triplets(concealed, WILD):
                shape.append("duiduihu")  # melds are only pongs and kongs here (no chow, 001:227)
            if len(player.hand) == 1:
                shape.append("dandiao")
            shapes.append(shape)
        sp = seven_pairs(concealed, WILD)  # 七小对 is a winning shape here (_RULES)
        if sp is not None:
            quads = sp.max_quads if opts.wild_quads else sp.natural_quads
            shapes.append(list(_SEVEN_PAIRS_LADDER[:1 + min(quads, 3)]))
        return [Reading(PATTERNS.apply_exclusions(common + shape)) for shape in shapes]

    def best_reading(self, player: Player, win: Win, opts: Any) -> Reading:
        """取高: the reading with the highest product (the first on a tie, standard shape first)."""
        return max(self.readings(player, win, opts), key=lambda r: r.multiplier)

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        found: dict[int, tuple[str, ...]] = {}
        readings = _ROUND.get(snap, opts)
        index = {id(w): i for i, w in enumerate(snap.wins)}
        for w in win_order(snap):
            reading = max(readings(index[id(w)]), key=_multiplier)
            found[w.winner] = reading.names()
            _pay_win(snap, w, reading, opts, ledger)
        pay_kongs(snap, _KONG_TABLES.get(snap.n) or kong_table(snap.n), ledger)
        hands = hand_reports(self, snap, self.hand_rules(snap, opts), found)
        next_dealer = next_dealer_after_win(snap) if snap.wins else snap.dealer  # 流局: the dealer stays (001:231)
        return Settlement(ledger.items, hands, next_dealer, _notes(snap))

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """What a win on ``tile`` pays each payer: on a discard (底分 × 倍数) when the table
        allows it and the tile may be claimed, otherwise as a self-draw ((底分+1) × 倍数)."""
        by_discard = opts.win_on_discard and (tile != HONGZHONG or opts.win_on_discarded_hongzhong)
        n = self.players[1] if snap is None else snap.n
        win = Win(player.seat, (player.seat + 1) % n if by_discard else None, tile)
        readings = self.readings(player, win, opts)
        if not readings:
            return None
        best = max(readings, key=lambda r: r.multiplier)
        base = opts.base_points if by_discard else _self_draw_base(opts)
        return best.names(), base * best.multiplier


# -- helpers ------------------------------------------------------------------------------


_RULES: Final = hand_rules(seven_pairs=True)


def _multiplier(r: Reading) -> int:
    return r.multiplier


# each win's readings, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[list[Reading]]]] = PerRound(lambda snap, opts: PerWin(snap, opts, VARIANT.readings))


def _check_melds(snap: Snapshot) -> list[RoundError]:
    """红中 "不可碰、杠" (001:226): no meld of 红中 at all."""
    return [RoundError("wild_melded", f"/players/{i}/melds/{j}", "红中 cannot be ponged or konged in hongzhong (001:226)")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.tile == HONGZHONG]


def _events(win: Win) -> list[str]:
    found = [pid for flag, pid in _EVENT_PATTERNS if getattr(win, flag)]
    if win.earthly and win.self_drawn:
        found.remove("dihu")  # 地胡 is 胡庄家打出的第一张牌 (001:236 item 2), not a first draw
    if win.last_tile and win.self_drawn:
        found.append("haidilaoyue")  # 摸到牌局最后一张牌 (001:236 item 9): a draw, not a discard
    return found


def _pure_suit(player: Player, win: Win, opts: Any) -> bool:
    tiles = [*player.hand, win.tile, *player.meld_tiles()]
    if not opts.wild_in_pure_suit and red_count(tiles):
        return False
    return len({suit(t) for t in tiles if t not in WILD}) == 1


def _self_draw_base(opts: Any) -> int:
    """自摸底分: 底分 + 1 (001:261), or 底分 × 2 under ``self_draw_base = "double"``."""
    return int(opts.base_points) * 2 if opts.self_draw_base == "double" else int(opts.base_points) + 1


def _pay_win(snap: Snapshot, w: Win, r: Reading, opts: Any, ledger: Ledger) -> None:
    """胡牌分 (001:262): (a) 自摸 底分 × 倍数 from each other player; (b) 放炮 and (c) 抢杠
    底分 × 倍数 from the discarder / the robbed seat alone."""
    terms = " × ".join(f"{PATTERNS[p].zh}{PATTERNS.value(p)}" for p in r.patterns)
    if w.self_drawn:
        base = _self_draw_base(opts)
        payers = seats_after(w.winner, snap.n)
        name, name_en, rule = "自摸胡牌分", "Self-drawn win", "自摸: every other player pays (001:262a)"
    else:
        base = opts.base_points
        payers = [w.from_seat] if w.from_seat is not None else []
        if w.robbing_kong:
            name, name_en, rule = "抢杠胡牌分", "Robbing-the-kong win", "抢杠: the robbed seat alone pays (001:262c)"
        else:
            name, name_en, rule = "放炮胡牌分", "Win on a discard", "放炮: the discarder alone pays (001:262b)"
    note = f"底分{base} × {terms} = {base * r.multiplier} on {chinese(w.tile)}; {rule}"
    for payer in payers:
        ledger.pay(payer, w.winner, base * r.multiplier, "hu", name, name_en, note, turn=w.turn)


def _notes(snap: Snapshot) -> tuple[str, ...]:
    notes = []
    if not snap.wins:
        notes.append("流局: only 杠分 is paid (001:231, 238); the dealer deals again")
    if any(w.earthly and w.self_drawn for w in snap.wins):
        notes.append("earthly on a first-draw self-draw: 地胡 is a win on the dealer's first discard (001:236 item 2), not scored")
    if any(w.last_tile and not w.self_drawn for w in snap.wins):
        notes.append("last_tile on a discard win: 海底捞月 is a self-draw of the last tile (001:236 item 9), not scored")
    if len(snap.wins) > 1:
        notes.append("一炮多响: each winner is paid separately; the discarder deals next (001:228, 236)")
    return tuple(notes)


VARIANT: Final[Hongzhong] = Hongzhong()
