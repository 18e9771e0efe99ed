"""虫草花麻将 Chongcao (Cordyceps Flowers) mahjong — 001_a1ce558555b69162.txt lines 334-420.

136 tiles, and the eight flowers 1f-8f only under the 虫草花 configuration (001:336-337); 2-4
players, chow (unless 只碰不吃, 001:344), pong and kong, the dealer dealt 17 and a 闲家 16
(001:338). A tile is turned up, the 明牌 (001:340, ``reveals.wild_indicator``); the 财神 is its face
+ 1, cycling, the honours in the order 东南西北中发白 (001:341-342): its four copies stand in for
any tile, are never discarded and never melded but in a concealed kong of all four (001:390).
Drawn, the flowers, the 明牌's three other copies (杠头) and 白板 (红中 when 白板 is the 财神) are set
aside and replaced (补牌, 001:343). Five sets and a pair win (001:352-353), one win per round
(截胡, 001:347). Only the winner counts 台 (001:355-394), over every reading of its 财神, the 1台
rows through the 6台 rule (001:394); every loser pays it 台 + 2 (001:420) and 交子 (001:348), and
under 包牌 (001:349-350) one seat pays every loser's 台. Every player counts 花 (001:395-418) and
every pair settles the difference, on a drawn round too. The round is drawn at 16 tiles left (or
8, or none: 001:345), the dealer dealing again (001:346).

The lead's readings C1-C8 behind each choice are in .helpers/chongcao-readings.md (the rules page
is docs/variants/chongcao.md). The table, the 明牌 and the 台 rows are in :mod:`.table`; the
payments (the win, 包牌, 花数) in :mod:`.pay`. Its sister 下杠麻将 (001:421-491) is this class with
another :class:`~.table.Ruleset`: :mod:`.xiagang`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ...errors import InvalidRound, RoundError
from ...hand import HandRules, waits_seen
from ...ledger import HandReport, Ledger, Settlement
from ...snapshot import Player, Reveals, Snapshot, Win, unused_reveal_errors
from ...tiles import SET_136, SET_144, Tile, TileSet, chinese, compact
from ...variant import seat_wind
from ...win_checks import one_win_errors, win_flag_errors
from .._caishen import (
    CaishenTable,
    analyze_face,
    dealer_after_round,
    wall_errors,
    wild_analysis,
    wild_discard_errors,
    wild_meld_errors,
)
from .._fan_rounds import flower_errors, refuse_flowers
from .._round import PerRound, PerWin
from .pay import BONUS, flower_count, liability_questions, liable, pay_flowers, pay_win
from .table import CHONGCAO, FLOWER_SET, PLAYING, Held, Lines, Options, Ruleset, Setup, Tai, best, held, names, option_errors, setup


def _mingpai(snap: Snapshot, lines: Lines) -> Tile:
    face = snap.reveals.wild_indicator
    if face is None:
        raise InvalidRound(RoundError("missing_field", "/reveals/wild_indicator", "give the 明牌, the tile turned up "
                                      f"at the start ({lines.mingpai}): the 财神 is its face + 1 ({lines.caishen})"))
    return face


_WAIT_FACES: dict[frozenset[Tile], tuple[Tile, ...]] = {}


def wait_faces(s: Setup) -> tuple[Tile, ...]:
    """The faces a hand may wait on: every face but those set aside when drawn (one tuple per set,
    kept: rules.hand remembers waits by the tuple)."""
    found = _WAIT_FACES.get(s.aside)
    if found is None:
        found = _WAIT_FACES[s.aside] = tuple(f for f in PLAYING if f not in s.aside)
    return found


def hand_waits(p: Player, s: Setup) -> tuple[Tile, ...]:
    """听牌: the faces that complete the hand, its 财神 filling in (the 财神 itself while a copy is left)."""
    return tuple(waits_seen(p.hand, HandRules(wild=s.wild), wait_faces(s), p.meld_tiles()))


@dataclass(frozen=True)
class Round:
    """A round's 明牌 and what follows from it, and each win's facts: worked out once, validation and
    settlement both asking."""

    setup: Setup
    wins: PerWin[Won]


@dataclass(frozen=True)
class Won:
    """A win's facts and its best count (``None``: not five sets and a pair), worked out once per
    round for validation and settlement both."""

    held: Held
    tai: Tai | None


class Chongcao(CaishenTable):
    """2-4 players, chow, a 16-tile hand (庄家分得17张牌，闲家16张, 001:338): :class:`CaishenTable`,
    the wildcard being the 财神 after the 明牌 (001:341), not the 明牌 itself. What 下杠 plays otherwise
    is the class's ``rules`` (:class:`~.table.Ruleset`)."""

    id = "chongcao"
    name = "虫草花麻将"
    name_en = "Chongcao Mahjong (Cordyceps Flowers)"
    rules_version = "chongcao/1"
    source = "001_a1ce558555b69162.txt:334-420"
    Options: ClassVar[type] = Options
    rules: ClassVar[Ruleset] = CHONGCAO
    patterns = CHONGCAO.tables[CHONGCAO.tiers[0]]
    # the generator puts the eight flowers in the wall when the tile set has them (虫草花); what a
    # round sets aside besides depends on its 明牌 (set_aside_for)
    set_aside = FLOWER_SET

    def __init__(self) -> None:
        # each win's facts and readings, worked out once per round: validation and settlement both ask
        self._round: PerRound[Round] = PerRound(self._round_facts)

    def _round_facts(self, snap: Snapshot, opts: Any) -> Round:
        s = setup(_mingpai(snap, self.rules.lines), opts, self.rules)

        def of_win(p: Player, w: Win, o: Any) -> Won:
            h = held(p, w, s, seat_wind(p.seat, snap.dealer, snap.n))
            return Won(h, best(h, o.tier) if h.readings else None)
        return Round(s, PerWin(snap, opts, of_win))

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        """共144张牌 with the 虫草花 (勾选虫草花配置的时候才有, 001:336-337; 下杠 always, 001:423), else the 136."""
        return SET_144 if self.rules.flowers_in(opts) else SET_136

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """流局 at 16 tiles left, or 8, or none (001:345)."""
        return int(opts.draw_at)

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        """The 财神 (明牌 + 1) is the wildcard; without a snapshot or a 财神 (a flower 明牌), none."""
        face = snap.reveals.wild_indicator if snap is not None else None
        return HandRules() if face is None else HandRules(wild=setup(face, opts, self.rules).wild)

    def set_aside_for(self, reveals: Reveals, opts: Any) -> frozenset[Tile]:
        """The flowers (虫草花 only), the 杠头 and the 白板 role of the 明牌 turned up (001:343, C1), and
        下杠's 下杠 (001:431, X1)."""
        face = reveals.wild_indicator
        return self.set_aside if face is None else setup(face, opts, self.rules).aside

    def chows(self, opts: Any) -> bool:
        """只碰不吃 (001:344): no chow."""
        return not opts.pong_only

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        rs, lines = self.rules, self.rules.lines
        if bad := option_errors(opts, rs):
            raise InvalidRound(bad)
        facts = self._round.get(snap, opts)
        s = facts.setup
        aside = f"a tile of {s.names()}"
        errors = [*unused_reveal_errors(snap, self.reveals_used),
                  *flower_errors(snap, lines.set_aside, s.aside, s.names(), what=aside), *_chow_errors(snap, opts, lines)]
        if s.caishen is not None:
            errors += [*wild_meld_errors(snap, s.caishen, lines.wild, four_concealed=True),
                       *wild_discard_errors(snap, s.caishen, lines.wild)]
        said = f"{lines.drawn_said}: {opts.draw_at}, {lines.drawn}"
        errors += [*one_win_errors(snap, f"截胡：一局只能有一个胡牌玩家 ({lines.one_win}): one win per round"),
                   *wall_errors(snap, opts.draw_at, said, lines.drawn)]
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, facts.wins(i), opts)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        facts = self._round.get(snap, opts)
        s = facts.setup
        ledger = Ledger(snap.n)
        won: dict[int, Tai] = {}
        notes: list[str] = []
        for i, w in enumerate(snap.wins):
            t = facts.wins(i).tai
            assert t is not None  # validate() refused a hand out of shape
            won[w.winner] = t
            notes += pay_win(snap, w, t, liable(snap, w, t, opts), opts, ledger)
        if snap.wins or opts.draw_pays_flowers:
            by_seat = {w.winner: w for w in snap.wins}
            pay_flowers([flower_count(p, by_seat.get(p.seat), s, opts) for p in snap.players], opts, ledger, self.rules)
        hands = []
        for p in snap.players:
            if p.seat in won:
                hands.append(HandReport(p.seat, True, names(won[p.seat])))
            else:
                waits = hand_waits(p, s)
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        notes += _notes(snap, s, opts)
        # 流局: 庄家继续做庄 (001:346; 下杠 001:433); a win: option next_dealer (C7)
        return Settlement(ledger.items, tuple(hands), dealer_after_round(snap, opts.next_dealer), tuple(notes))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """As 买花's (C8): without ``reveals.wild_indicator`` the base analysis (no 财神; a flower in the
        hand refused); with the 明牌, the hand read as the dealer's (seat 0, 门风 东) with nothing set
        aside and no win flags: a waiting hand gets its waits, each priced as a self-draw — its 台
        rows and ``value`` = 台 + 2 + 交子, what each loser pays (001:420, 348) — marked
        ``self_draw_only`` for the 财神 (never discarded); a complete hand its rows and value as a
        self-draw of its last tile. ``wild_indicator`` echoes the 明牌, ``wilds`` names the 财神."""
        if bad := option_errors(opts, self.rules):
            raise InvalidRound(bad)
        lines = self.rules.lines
        mingpai = analyze_face(body, self.tileset(opts, self.players[1]))  # the 明牌
        player, _ = self.analyze_input(body, opts)
        if mingpai is None:
            refuse_flowers(player.hand, lines.set_aside, FLOWER_SET)
            return super().analyze(body, opts)
        s = setup(mingpai, opts, self.rules)
        _check_analyzed(player, s, lines)

        def price(p: Player, w: Win, east: Tile) -> dict[str, Any] | None:
            h = held(p, w, s, east)
            if not h.readings:
                return None
            t = best(h, opts.tier)
            return {"patterns": list(names(t)), "value": t.total + BONUS + opts.jiaozi}
        # with no 财神 (a flower 明牌) the flower stands in its place: no hand holds it, no wait is it
        out = wild_analysis(self.id, player, s.caishen or mingpai, lambda p, _f: hand_waits(p, s), price,
                            {"patterns": [], "value": None})
        out["wild_indicator"] = mingpai
        out["wilds"] = sorted(s.wild)
        return out


# -- checks ------------------------------------------------------------------------------


def _chow_errors(snap: Snapshot, opts: Any, lines: Lines) -> list[RoundError]:
    """只碰不吃 (001:344): under ``pong_only`` a chow is refused, as at the tables without chow."""
    if not opts.pong_only:
        return []
    return [RoundError("chow_not_allowed", f"/players/{i}/melds/{j}", f"只碰不吃 ({lines.pong_only}): this table plays "
                       "no chow")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.type == "chow"]


def _win_errors(snap: Snapshot, i: int, w: Win, won: Won, opts: Any) -> list[RoundError]:
    ptr = f"/wins/{i}"
    lines = won.held.setup.rules.lines
    # 地胡: 闲家胡庄家打出的第一张牌 (001:382): on a discard only
    errors = win_flag_errors(snap, w, ptr, earthly_self_draw=False)
    left = snap.wall_remaining
    if w.last_tile and left is not None and left != opts.draw_at:
        errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile", f"海底 is a win on the last tile drawn, "
                                 f"{opts.draw_at} being left at a drawn round ({lines.drawn}): {opts.draw_at} left, not "
                                 f"{left}"))
    if won.tai is None:
        hand = compact(snap.players[w.winner].hand)
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {hand} with {w.tile} is not five sets and "
                                 f"a pair (每把牌一定要有个对子当牛, {lines.shapes})"))
        return errors
    return errors + liability_questions(snap, i, w, won.tai, opts)


def _check_analyzed(player: Player, s: Setup, lines: Lines) -> None:
    """An analysed hand holds nothing the table sets aside, and melds no 财神 but as a concealed kong."""
    refuse_flowers(player.hand, lines.set_aside, s.aside)
    for j, m in enumerate(player.melds):
        if any(t in s.aside for t in m.tiles):
            raise InvalidRound(RoundError("flower_in_play", f"/melds/{j}", f"a tile set aside never forms a set "
                                          f"({s.names()}; {lines.set_aside})"))
        if s.caishen is not None and s.caishen in m.tiles and m.kind != "concealed":
            raise InvalidRound(RoundError("wild_melded", f"/melds/{j}", f"the 财神 {chinese(s.caishen)} is never part "
                                          f"of a chow, pong or exposed kong ({lines.wild})"))


def _notes(snap: Snapshot, s: Setup, opts: Any) -> list[str]:
    lines = s.rules.lines
    notes = []
    if s.caishen is None:
        notes.append(f"the 明牌 {chinese(s.mingpai)} is a flower: {lines.no_caishen}")
    if not snap.wins:
        paid = (f"only 花数 is paid, between every pair of players (花与胡牌无关, {lines.hua})" if opts.draw_pays_flowers
                else "nothing is paid (draw_pays_flowers off)")
        notes.append(f"流局 at {opts.draw_at} tiles left ({lines.drawn}): {paid}; the dealer deals again "
                     f"({lines.dealer_again})")
    if any(w.after_kong_discard or w.last_tile for w in snap.wins):
        notes.append(f"杠上炮 and 海底 have no row in the 台 table ({lines.rows}): they score nothing here")
    return notes


VARIANT: Final[Chongcao] = Chongcao()
