"""血战到底 Xuezhan (Sichuan "bloody battle") — 001_a1ce558555b69162.txt lines 562-598.

108 suited tiles, 4 players, pong and kong, no chow (001:563-565). After each win the
winner leaves and the others play on, until one player is left or the wall is empty;
money moves at each kong (刮风下雨) and each win, paid by the players still in at that
turn (:mod:`rules.timeline`). At a drawn end: 退税, 查花猪, 查大叫 (001:570-572).
Every reading behind a choice is in docs/variants/xuezhan.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...errors import InvalidRound
from ...hand import HandRules, waits_seen
from ...ledger import HandReport, Item, Settlement
from ...snapshot import Player, Snapshot, Win
from ...tiles import SET_108, SUITS, Tile, TileSet, suit
from ...timeline import Timeline
from ...variant import Variant
from .._round import PerRound
from . import settle as phases
from .checks import all_errors, last_kong_before
from .fan import (
    PATTERNS,
    RULES,
    WIN_EVENTS,
    HandValue,
    Priced,
    flower_pig_reason,
    hand_bases,
    hand_value,
    pig_reason,
    price,
    priced_value,
)
from .options import Flags
from .options import Options as XuezhanOptions


class Xuezhan(Variant):
    id = "xuezhan"
    name = "血战到底"
    name_en = "Sichuan Bloody Battle (Xuezhan Daodi)"
    rules_version = "xuezhan/1"
    source = "001_a1ce558555b69162.txt:562-598"
    players = (4, 4)
    Options = XuezhanOptions
    Flags = Flags
    patterns = PATTERNS
    sequential_wins = True

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_108

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return RULES

    def validate(self, snap: Snapshot, opts: Any) -> None:
        o: XuezhanOptions = opts
        r = _ROUND.get(snap, opts)
        errors = all_errors(snap, o, r.timeline, r.groups)
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
        o: XuezhanOptions = opts
        p = snap.players[w.winner]
        events = [pid for flag, pid in WIN_EVENTS if getattr(w, flag)]
        if self_draw and o.self_draw_bonus == "add_fan":
            events.append("zimojiafan")
        value = hand_value([*p.hand, w.tile], p.melds, events, o.cap)
        assert value is not None  # validate() rejected every non-winning hand
        return value

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        """听牌: the faces that complete the hand into one that may win (缺一门, 001:568, 571)."""
        return _ready_faces(player, rules, tileset.faces, _suits(player))

    def best_wait(self, player: Player, opts: Any) -> tuple[Tile, HandValue] | None:
        """最大可能倍数 (001:572): the best plain win among the waits (no 自摸 or situational 番)."""
        o: XuezhanOptions = opts
        return _best_of(player, _ready_faces(player, RULES, SET_108.faces, _suits(player)), o.cap)

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """A plain win on ``tile`` (no 自摸, no situational 番), capped, × 底分: what 查大叫 prices."""
        o: XuezhanOptions = opts
        if flower_pig_reason([*player.all_tiles(), tile], player.flags.dingque) is not None:
            return None
        v = hand_value([*player.hand, tile], player.melds, (), o.cap)
        return None if v is None else (v.names(), v.multiplier * o.base_points)

    # -- settlement ---------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        o: XuezhanOptions = opts
        r = _ROUND.get(snap, opts)
        tl, groups = r.timeline, r.groups
        items: list[Item] = []
        book: dict[phases.KongKey, phases.KongIncome] = {}
        moved: set[phases.KongKey] = set()
        won: dict[int, HandValue] = {}
        for _, kind, a, b in sorted(_events(snap, groups)):
            if kind == 0:
                inc = phases.kong_income(snap, tl, (a, b), o)
                book[inc.key] = inc
                items += phases.pay_kong(inc, snap.n, o)
                continue
            group = groups[a]
            for w in group:
                pay = phases.win_payment(w, tl, _kong_feeder(snap, w, o))
                value = self.win_value(snap, w, o, pay.self_draw)
                won[w.winner] = value
                items += phases.pay_win(w, value, pay, snap.n, o, len(group) > 1)
            items += self._call_transfer(snap, group, book, moved, o)
        still_in = tl.still_in_at_end()
        state, ready_faces = self._end_state(snap, still_in, o)
        if len(still_in) >= 2:
            items += self._end_checks(snap, still_in, state, book, moved, o)
        hands = tuple([self._report(s, won, state, tl, ready_faces) for s in range(snap.n)])
        return Settlement(tuple(items), hands, _next_dealer(snap, groups), _notes(still_in))

    def _call_transfer(self, snap: Snapshot, group: tuple[Win, ...], book: dict[phases.KongKey, phases.KongIncome],
                       moved: set[phases.KongKey], opts: XuezhanOptions) -> tuple[Item, ...]:
        first = group[0]
        if not first.after_kong_discard or first.from_seat is None:
            return ()
        j = last_kong_before(snap, first.from_seat, first.turn)
        assert j is not None  # validate() checked the kong exists
        key = (first.from_seat, j)
        moved.add(key)
        return phases.call_transfer(group, book[key], snap.n, opts)

    def _end_state(self, snap: Snapshot, still_in: tuple[int, ...],
                   opts: XuezhanOptions) -> tuple[phases.EndState, dict[int, tuple[Tile, ...]]]:
        """花猪 and the best wait of each seat still in, and its waits (the hand report shows them)."""
        pig: dict[int, str] = {}
        ready: dict[int, HandValue | None] = {}
        ready_faces: dict[int, tuple[Tile, ...]] = {}
        faces = SET_108.faces
        for s in still_in:
            p = snap.players[s]
            held = _suits(p)
            why = pig_reason(held, p.flags.dingque)
            if why is not None:
                pig[s] = why
                ready[s] = None
                ready_faces[s] = ()  # a 花猪 has no wait (see _ready_faces)
            else:
                ready_faces[s] = ws = tuple(_ready_faces(p, RULES, faces, held))
                best = _best_of(p, ws, opts.cap)
                ready[s] = None if best is None else best[1]
        return phases.EndState(pig, ready), ready_faces

    def _end_checks(self, snap: Snapshot, still_in: tuple[int, ...], state: phases.EndState,
                    book: dict[phases.KongKey, phases.KongIncome], moved: set[phases.KongKey], opts: XuezhanOptions) -> list[Item]:
        items: list[Item] = []
        for s in still_in:
            if state.ready_value[s] is None:
                kept = [book[k] for k in sorted(book) if k[0] == s and k not in moved]
                items += phases.tax_refund(s, kept, snap.n)
        pig_mult = opts.cap if opts.cap is not None else opts.flower_pig_multiplier
        if state.pig:
            assert pig_mult is not None  # validate() asks for flower_pig_multiplier without a cap
            items += phases.flower_pig(state, still_in, pig_mult, snap.n, opts)
        items += phases.ready_check(state, still_in, snap.n, opts)
        return items

    def _report(self, s: int, won: dict[int, HandValue], state: phases.EndState, tl: Timeline,
                ready_faces: dict[int, tuple[Tile, ...]]) -> HandReport:
        if s in won:
            v = won[s]
            return HandReport(s, True, v.names(), None, (), {
                "win_turn": tl.left_at[s], "fan": v.fan, "multiplier": v.multiplier, "capped": v.capped})
        found = ready_faces[s]  # every seat that did not win is still in: _end_state found its waits
        best = state.ready_value.get(s)
        extra: dict[str, Any] = {"flower_pig": s in state.pig}
        if best is not None:
            extra["best_wait"] = {"patterns": list(best.names()), "fan": best.fan, "multiplier": best.multiplier}
        return HandReport(s, False, (), bool(found) and s not in state.pig, found, extra)


class _Round:
    """What validation and settlement both ask of one round (see rules/variants/_round.py)."""

    def __init__(self, snap: Snapshot, opts: Any) -> None:
        self.timeline = Timeline.of(snap)
        self.groups = snap.win_groups()


_ROUND: Final[PerRound[_Round]] = PerRound(_Round)


def _suits(player: Player) -> set[str]:
    """The suits among the player's hand and melds."""
    held = {suit(t) for t in player.hand}
    for m in player.melds:
        for t in m.tiles:
            held.add(suit(t))
    return held


def _counts(player: Player) -> dict[Tile, int]:
    """Copies of each face in the player's hand and melds (``count_tiles``, spelt out for tuples)."""
    counts: dict[Tile, int] = {}
    for t in player.hand:
        counts[t] = counts.get(t, 0) + 1
    for m in player.melds:
        for t in m.tiles:
            counts[t] = counts.get(t, 0) + 1
    return counts


def _ready_faces(player: Player, rules: HandRules, faces: tuple[Tile, ...], held: set[str]) -> list[Tile]:
    """:meth:`Xuezhan.waits_of` of a player holding tiles of the suits ``held``."""
    # 花猪 depends only on the suits held, and a tile adds only its suit: a 花猪 stays one
    # whatever it draws (no wait), and a face may complete a hand that may win only in a
    # suit it may still hold
    dingque: str | None = player.flags.dingque
    if pig_reason(held, dingque) is not None:
        return []
    found = waits_seen(player.hand, rules, faces, player.meld_tiles())
    if len(held) < 2:
        return [f for f in found if suit(f) != dingque]
    return [f for f in found if suit(f) in held]


def _best_of(player: Player, faces: Sequence[Tile], cap: int | None) -> tuple[Tile, HandValue] | None:
    """The best plain win among the waits ``faces`` (the first of equals): :func:`hand_value` of each, but
    the 根 of the hand counted once and a HandValue built only for the best."""
    if not faces:
        return None
    counts = _counts(player)
    roots = sum(1 for c in counts.values() if c == 4)
    hook = len(player.hand) == 1 and len(player.melds) == 4  # the winning tile makes the pair
    best: Priced | None = None
    best_tile = ""
    for f in faces:
        held = counts.get(f, 0)  # the wait makes a 根 of three held, or unmakes one of four
        p = price(hand_bases([*player.hand, f], player.melds), roots + (held == 3) - (held == 4), hook, 0, cap)
        if p is not None and (best is None or p[3] > best[3] or (p[3] == best[3] and p[2] > best[2])):
            best, best_tile = p, f
    return None if best is None else (best_tile, priced_value(best, hook, ()))


def _kong_feeder(snap: Snapshot, w: Win, opts: XuezhanOptions) -> int | None:
    """点杠花 paid as 点炮 (option): the seat that fed the 直杠 this 杠上花 was drawn on."""
    if not w.kong_draw or opts.dian_gang_hua != "discard":
        return None
    j = last_kong_before(snap, w.winner, w.turn)
    m = None if j is None else snap.players[w.winner].melds[j]
    return m.from_seat if m is not None and m.kind == "exposed" else None


def _events(snap: Snapshot, groups: list[tuple[Win, ...]]) -> list[tuple[int, int, int, int]]:
    """Kongs (kind 0) and win groups (kind 1) keyed by turn, for replay in time order."""
    out = [(m.turn if m.turn is not None else -1, 0, s, j)
           for s, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.is_kong]
    out += [(g[0].turn if g[0].turn is not None else -1, 1, i, 0) for i, g in enumerate(groups)]
    return out


def _next_dealer(snap: Snapshot, groups: list[tuple[Win, ...]]) -> int:
    """The first winner deals next; after a first win by 一炮多响, the discarder; no win: the dealer stays."""
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


VARIANT: Final[Xuezhan] = Xuezhan()
