"""What 红中麻将 (001:221-262) and 红中麻将·扎码 (001:263-293) share: the 红中 wildcard,
the kong payments, the checks on wins and reveals, and the hand reports."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from ...errors import RoundError
from ...hand import HandRules
from ...ledger import HandReport, Ledger
from ...snapshot import Snapshot, Win
from ...tiles import SET_112, Tile, TileSet, chinese
from ...variant import Variant
from ...win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from .._kongs import KongRule, kong_payers

HONGZHONG: Final[Tile] = "C"
"""红中: the wildcard of both games, "用来在胡牌时替代任何牌，相当于赖子" (001:226, 001:268)."""

WILD: Final = frozenset({HONGZHONG})
TILES: Final[TileSet] = SET_112
"""112 tiles: 万、条、筒 36 each and 4 红中赖子 (001:223, 001:265)."""


def pay_kongs(snap: Snapshot, table: Mapping[str, KongRule], ledger: Ledger) -> None:
    """杠分: paid for every kong on the table, win or 流局, between any two seats."""
    for p in snap.players:
        for m in p.kongs:
            rule = table[m.kind or ""]
            who = "每人" if rule.from_everyone else f"放杠 seat {m.from_seat}"
            for payer in kong_payers(p.seat, m, rule, snap.n):
                ledger.pay(payer, p.seat, rule.points, "kong", rule.zh, rule.en,
                           f"{rule.zh} {chinese(m.tile)}: {who} 付 {rule.points} ({rule.source})", turn=m.turn)


def red_count(tiles: Iterable[Tile]) -> int:
    return sum(1 for t in tiles if t == HONGZHONG)


def hand_rules(seven_pairs: bool) -> HandRules:
    return HandRules(wild=WILD, seven_pairs=seven_pairs)


def win_order(snap: Snapshot) -> tuple[Win, ...]:
    """The wins in the order they are settled: several on one discard (or one robbed kong)
    from the seat after the discarder onwards, the order the 码 are drawn in."""
    if len(snap.wins) < 2 or snap.wins[0].from_seat is None:
        return snap.wins
    origin = snap.wins[0].from_seat
    return tuple(sorted(snap.wins, key=lambda w: (w.winner - origin) % snap.n))


def check_wins(snap: Snapshot) -> list[RoundError]:
    """One win event (一炮多响 counts as one) and win flags that can have happened.

    ``earthly`` keeps the snapshot's general meaning (a non-dealer's win on the dealer's
    first discard or on its own first draw); what it scores is the variant's business.
    """
    errors = single_event_errors(snap)
    for i, w in enumerate(snap.wins):
        errors += win_flag_errors(snap, w, f"/wins/{i}", earthly_self_draw=True)
        errors += last_tile_wall_errors(snap, w, f"/wins/{i}")
    return errors


def check_drawn_round(snap: Snapshot) -> list[RoundError]:
    """流局 is "抓完所有牌而没有人胡牌" (001:231): the wall must be empty."""
    return drawn_round_wall_errors(snap, "a round without a win ends only when every tile has been drawn (流局, 001:231)")


def check_no_reveals(snap: Snapshot, *, birds_allowed: bool) -> list[RoundError]:
    """Neither game flips a 鸡 or a wildcard indicator; only 扎码 draws birds."""
    r = snap.reveals
    errors = []
    if r.chicken_flip is not None:
        errors.append(RoundError("unexpected_reveal", "/reveals/chicken_flip", "no tile is flipped for 鸡 in this game"))
    if r.wild_indicator is not None:
        errors.append(RoundError("unexpected_reveal", "/reveals/wild_indicator", "the wildcard is always 红中 here"))
    if r.birds and not birds_allowed:
        errors.append(RoundError("unexpected_birds", "/reveals/birds/0", "this game draws no birds (码)"))
    return errors


def next_dealer_after_win(snap: Snapshot) -> int:
    """The winner deals; several winners on one discard (or one robbed kong): the seat that
    fed them deals (一炮多响时点炮玩家成为下局庄家, 001:228)."""
    if len(snap.wins) > 1 and snap.wins[0].from_seat is not None:
        return snap.wins[0].from_seat
    return snap.wins[0].winner


def hand_reports(variant: Variant, snap: Snapshot, rules: HandRules, found: Mapping[int, tuple[str, ...]],
                 extra: Mapping[int, Mapping[str, object]] | None = None) -> tuple[HandReport, ...]:
    """Winners with their patterns; everyone else with their waits (for the record only)."""
    out = []
    for p in snap.players:
        more = dict((extra or {}).get(p.seat, {}))
        if p.seat in found:
            out.append(HandReport(p.seat, True, found[p.seat], extra=more))
            continue
        waits = tuple(variant.waits_of(p, rules, TILES))
        out.append(HandReport(p.seat, False, (), bool(waits), waits, more))
    return tuple(out)
