"""血战到底 Xuezhan (Sichuan "bloody battle") — 001_a1ce558555b69162.txt lines 562-598.

108 suited tiles, 4 players, pong and kong, no chow (001:563-565). After each win the
winner leaves and the others play on, until one player is left or the wall is empty;
money moves at each kong (刮风下雨) and each win, paid by the players still in at that
turn (:mod:`rules.timeline`). At a drawn end: 退税, 查花猪, 查大叫 (001:570-572).
Every reading behind a choice is in docs/variants/xuezhan.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import InvalidRound
from ...hand import HandRules
from ...ledger import HandReport, Item, Settlement
from ...snapshot import Player, Snapshot, Win
from ...tiles import SET_108, SUITS, Tile, TileSet, suit
from ...timeline import Timeline
from ...variant import Variant
from . import settle as phases
from .checks import all_errors, last_kong_before
from .fan import PATTERNS, RULES, WIN_EVENTS, HandValue, flower_pig_reason, hand_value
from .options import Flags, Options


class Xuezhan(Variant):
    id = "xuezhan"
    name = "血战到底"
    name_en = "Sichuan Bloody Battle (Xuezhan Daodi)"
    rules_version = "xuezhan/1"
    source = "001_a1ce558555b69162.txt:562-598"
    players = (4, 4)
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    sequential_wins = True

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_108

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return RULES

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = all_errors(snap, opts)
        if errors:
            raise InvalidRound(errors)

    # -- the random round generator (rules/generator.py) -----------------------------------

    def simulate_flags(self, seat: int, hand: list[Tile], opts: Any, rng: Any) -> dict[str, Any]:
        """定缺: the suit the dealt hand holds least of, as players choose it (001:568)."""
        counts = {s: sum(1 for t in hand if suit(t) == s) for s in SUITS}
        fewest = min(counts.values())
        return {"dingque": rng.choice([s for s in SUITS if counts[s] == fewest])}

    def may_win(self, tiles: list[Tile], flags: Mapping[str, Any]) -> bool:
        return flower_pig_reason(tiles, flags.get("dingque")) is None

    def discard_first(self, hand: list[Tile], flags: Mapping[str, Any]) -> list[Tile]:
        """游戏中需优先打出该花色的牌 (001:568): the 定缺 suit goes first."""
        return [t for t in hand if suit(t) == flags.get("dingque")]

    # -- values -------------------------------------------------------------------------

    def win_value(self, snap: Snapshot, w: Win, opts: Any, self_draw: bool) -> HandValue:
        """What the win is worth per payer before 底分: base pattern, extra 番, cap."""
        p = snap.players[w.winner]
        events = [pid for flag, pid in WIN_EVENTS if getattr(w, flag)]
        if self_draw and opts.self_draw_bonus == "add_fan":
            events.append("zimojiafan")
        value = hand_value([*p.hand, w.tile], p.melds, events, opts.cap)
        assert value is not None  # validate() rejected every non-winning hand
        return value

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        """听牌: the faces that complete the hand into one that may win (缺一门, 001:568, 571)."""
        faces = super().waits_of(player, rules, tileset)
        # 花猪 depends only on the suits held: one tile of each suit stands for the hand
        held = tuple({suit(t): t for t in player.all_tiles()}.values())
        return [f for f in faces if flower_pig_reason([*held, f], player.flags.dingque) is None]

    def best_wait(self, player: Player, opts: Any) -> tuple[Tile, HandValue] | None:
        """最大可能倍数 (001:572): the best plain win among the waits (no 自摸 or situational 番)."""
        best: tuple[Tile, HandValue] | None = None
        for f in self.waits_of(player, RULES, SET_108):
            v = hand_value([*player.hand, f], player.melds, (), opts.cap)
            if v is not None and (best is None or (v.multiplier, v.fan) > (best[1].multiplier, best[1].fan)):
                best = (f, v)
        return best

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """A plain win on ``tile`` (no 自摸, no situational 番), capped, × 底分: what 查大叫 prices."""
        if flower_pig_reason([*player.all_tiles(), tile], player.flags.dingque) is not None:
            return None
        v = hand_value([*player.hand, tile], player.melds, (), opts.cap)
        return None if v is None else (v.names(), v.multiplier * opts.base_points)

    # -- settlement ---------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        tl = Timeline.of(snap)
        items: list[Item] = []
        book: dict[phases.KongKey, phases.KongIncome] = {}
        moved: set[phases.KongKey] = set()
        won: dict[int, HandValue] = {}
        groups = snap.win_groups()
        for _, kind, a, b in sorted(_events(snap)):
            if kind == 0:
                inc = phases.kong_income(snap, tl, (a, b), opts)
                book[inc.key] = inc
                items += phases.pay_kong(inc, snap.n, opts)
                continue
            group = groups[a]
            for w in group:
                pay = phases.win_payment(w, tl, _kong_feeder(snap, w, opts))
                won[w.winner] = self.win_value(snap, w, opts, pay.self_draw)
                items += phases.pay_win(w, won[w.winner], pay, snap.n, opts, len(group) > 1)
            items += self._call_transfer(snap, group, book, moved, opts)
        still_in = tl.still_in_at_end()
        state = self._end_state(snap, still_in, opts)
        if len(still_in) >= 2:
            items += self._end_checks(snap, still_in, state, book, moved, opts)
        hands = tuple(self._report(snap, s, won, state, tl) for s in range(snap.n))
        return Settlement(tuple(items), hands, _next_dealer(snap), _notes(still_in))

    def _call_transfer(self, snap: Snapshot, group: tuple[Win, ...], book: dict[phases.KongKey, phases.KongIncome],
                       moved: set[phases.KongKey], opts: Any) -> tuple[Item, ...]:
        first = group[0]
        if not first.after_kong_discard or first.from_seat is None:
            return ()
        j = last_kong_before(snap, first.from_seat, first.turn)
        assert j is not None  # validate() checked the kong exists
        key = (first.from_seat, j)
        moved.add(key)
        return phases.call_transfer(group, book[key], snap.n, opts)

    def _end_state(self, snap: Snapshot, still_in: tuple[int, ...], opts: Any) -> phases.EndState:
        pig: dict[int, str] = {}
        ready: dict[int, HandValue | None] = {}
        for s in still_in:
            p = snap.players[s]
            why = flower_pig_reason(p.all_tiles(), p.flags.dingque)
            if why is not None:
                pig[s] = why
                ready[s] = None
            else:
                best = self.best_wait(p, opts)
                ready[s] = None if best is None else best[1]
        return phases.EndState(pig, ready)

    def _end_checks(self, snap: Snapshot, still_in: tuple[int, ...], state: phases.EndState,
                    book: dict[phases.KongKey, phases.KongIncome], moved: set[phases.KongKey], opts: Any) -> list[Item]:
        items: list[Item] = []
        for s in still_in:
            if state.ready_value[s] is None:
                kept = [book[k] for k in sorted(book) if k[0] == s and k not in moved]
                items += phases.tax_refund(s, kept, snap.n)
        pig_mult = opts.cap if opts.cap is not None else opts.flower_pig_multiplier
        if state.pig:
            items += phases.flower_pig(state, still_in, pig_mult, snap.n, opts)
        items += phases.ready_check(state, still_in, snap.n, opts)
        return items

    def _report(self, snap: Snapshot, s: int, won: dict[int, HandValue], state: phases.EndState, tl: Timeline) -> HandReport:
        if s in won:
            v = won[s]
            return HandReport(s, True, v.names(), None, (), {
                "win_turn": tl.left_at[s], "fan": v.fan, "multiplier": v.multiplier, "capped": v.capped})
        p = snap.players[s]
        waits = tuple(self.waits_of(p, RULES, SET_108))
        best = state.ready_value.get(s)
        extra: dict[str, Any] = {"flower_pig": s in state.pig}
        if best is not None:
            extra["best_wait"] = {"patterns": list(best.names()), "fan": best.fan, "multiplier": best.multiplier}
        return HandReport(s, False, (), bool(waits) and s not in state.pig, waits, extra)


def _kong_feeder(snap: Snapshot, w: Win, opts: Any) -> int | None:
    """点杠花 paid as 点炮 (option): the seat that fed the 直杠 this 杠上花 was drawn on."""
    if not w.kong_draw or opts.dian_gang_hua != "discard":
        return None
    j = last_kong_before(snap, w.winner, w.turn)
    m = None if j is None else snap.players[w.winner].melds[j]
    return m.from_seat if m is not None and m.kind == "exposed" else None


def _events(snap: Snapshot) -> list[tuple[int, int, int, int]]:
    """Kongs (kind 0) and win groups (kind 1) keyed by turn, for replay in time order."""
    out = [(m.turn if m.turn is not None else -1, 0, s, j)
           for s, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.is_kong]
    out += [(g[0].turn if g[0].turn is not None else -1, 1, i, 0) for i, g in enumerate(snap.win_groups())]
    return out


def _next_dealer(snap: Snapshot) -> int:
    """The first winner deals next; after a first win by 一炮多响, the discarder; no win: the dealer stays."""
    groups = snap.win_groups()
    if not groups:
        return snap.dealer
    first = groups[0]
    if len(first) > 1 and first[0].from_seat is not None:
        return first[0].from_seat
    return first[0].winner


def _notes(still_in: tuple[int, ...]) -> tuple[str, ...]:
    if len(still_in) >= 2:
        return (f"the wall ran out with seats {list(still_in)} still in: 退税, 查花猪, 查大叫 (001:570-572)",)
    return (f"seat {still_in[0]} is the last player left: the round is over, no end checks",) if still_in else ()


VARIANT = Xuezhan()
