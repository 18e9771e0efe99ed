"""双扣 payment (001:70-76; readings S3, S7-S11, S13): 单局得分 = 基准分 × 炸弹翻倍数 + 贡献分.

Two kinds of item: the result (the losers pay 基准分 × the round's 炸弹翻倍数; none on a 抄底 round)
and the contributions (贡献分, each player paid for its stacked bombs by the others), both paid
whoever won.
"""

from __future__ import annotations

import math
from typing import Any

from ...cards import card_strings
from ...ledger import Ledger
from ...variant import CardSettlement
from .bases import TEAMS, base_by_cards_left, ending, partner
from .lines import MODES, Bomb, Mode, Stacked, contribution, doubling, doubling_row, hand_bombs, stack
from .record import Record


def _payers(receiver: int, n: int, opts: Any) -> list[int]:
    """S7: every other player, or (``opponents``, four players) the other team's two."""
    if n == TEAMS and opts.contribution_from == "opponents":
        return [s for s in range(n) if s % 2 != receiver % 2]
    return [s for s in range(n) if s != receiver]


def paid_lines(stacked: Stacked, opts: Any) -> tuple[int, ...]:
    """S6, S7: the 线数 a player is paid for: its highest, or (``each``) every bomb left after stacking."""
    return stacked.left if opts.contributions == "each" else stacked.left[:1]


def points(stacked: Stacked, opts: Any, full: bool) -> int:
    """贡献分 per other player of a stacked set of bombs (S7)."""
    return sum(contribution(lines, full) for lines in paid_lines(stacked, opts))


def contribution_stack(rec: Record, bombs: tuple[tuple[Bomb, ...], ...], seat: int, opts: Any) -> Stacked:
    """S7, S9: the bombs a player is paid for, stacked: those it played (with (g) and on a 抄底
    round those in its hand too), or with (e) those dealt to it when they pay more."""
    s = rec.seats[seat]
    counted: list[int] = [b.lines for b in bombs[seat]]
    if opts.unplayed_bombs_count or rec.chaodi is not None:
        counted += [b.lines for b in hand_bombs(s.hand.cards, opts.four_jokers_lines)]
    found = stack(counted)
    if s.dealt is not None:
        dealt = stack(b.lines for b in hand_bombs(s.dealt.cards, opts.four_jokers_lines))
        full = MODES[opts.mode].full
        # a bomb split up (拆相) still contributes (S9 e): the set that pays more, compared by its points
        # (by 线数 alone, splitting more bombs could pay more under ``each``: a review's finding)
        if points(dealt, opts, full) > points(found, opts, full):
            found = dealt
    return found


def _row_name(stacked: Stacked) -> str:
    """炸弹翻倍 row name of a player's played bombs (for its ``patterns``)."""
    row = doubling_row(stacked)
    return f"炸弹翻倍 {row.zh}" if row is not None else ""


def pay(rec: Record, bombs: tuple[tuple[Bomb, ...], ...], opts: Any) -> CardSettlement:
    """单局得分 (001:71): the result (none on a 抄底 round) and every player's 贡献分, as items."""
    n = rec.n
    mode: Mode = MODES[opts.mode]
    played = [stack(b.lines for b in bombs[s]) for s in range(n)]
    rows = [doubling(p, mode.doubling) for p in played]
    multiple = max(rows) if opts.doubling == "highest" else math.prod(rows)  # S8
    ledger = Ledger(n)
    notes: list[str] = []
    won = [False] * n
    place: list[int | None] = [None] * n
    if rec.finish_order is None:
        notes.append(f"seat {rec.chaodi} 抄底: the round ends at the deal, no result; 贡献分 from the bombs in every "
                     "hand (001:44 a)")
    else:
        for k, s in enumerate(rec.finish_order):
            place[s] = k + 1
        notes += _result(rec, rec.finish_order, multiple, ledger, won)
        notes.append(f"炸弹翻倍 ×{multiple} ({'highest row' if opts.doubling == 'highest' else 'product of the rows'}: "
                     + ", ".join(f"seat {s} ×{rows[s]}" for s in range(n)) + ")")
    paid: list[list[str]] = [[] for _ in range(n)]
    counted = [contribution_stack(rec, bombs, s, opts) for s in range(n)]
    for s in range(n):
        payers = _payers(s, n, opts)
        for lines in paid_lines(counted[s], opts):
            each = contribution(lines, mode.full)  # from each payer
            if not each:
                continue  # below 6线: the table pays nothing (S7)
            name = f"贡献分 {lines}线"
            paid[s].append(name)
            note = f"{lines}线, {mode.zh} column: {each} from each of seats {', '.join(map(str, payers))}"
            for payer in payers:
                ledger.pay(payer, s, each, "contribution", name, f"Bomb contribution ({lines} lines)", note)
    hands = tuple(_hand(s, rec, bombs[s], played[s], counted[s], rows[s], won[s], place[s], paid[s])
                  for s in range(n))
    return CardSettlement(ledger.items, hands, _next_dealer(rec, opts), tuple(notes))


def _result(rec: Record, order: tuple[int, ...], multiple: int, ledger: Ledger, won: list[bool]) -> list[str]:
    """S3, S8: who lost, each loser's 基准分, and the payment of 基准分 × 炸弹翻倍数."""
    n = rec.n
    head = order[0]
    if n == TEAMS:
        mate = partner(head)
        base = ending(order)
        assert base is not None  # record.end_errors refused any other order
        for s in (head, mate):
            won[s] = True
        amount = base.points * multiple
        note = f"基准分 {base.points} × 炸弹翻倍 {multiple}"
        for loser in (s for s in range(n) if not won[s]):
            # S8: each loser pays its 下家, a winner: each winner is paid once, each loser pays once
            ledger.pay(loser, (loser + 1) % n, amount, "result", base.zh, base.en, note)
        return [f"头游 seat {head}, partner seat {mate}: {base.zh}, 基准分 {base.points} (001:71)"]
    won[head] = True
    notes = [f"头游 seat {head}"]
    for loser in (s for s in range(n) if s != head):
        left = len(rec.seats[loser].hand.cards)
        base = base_by_cards_left(left)
        ledger.pay(loser, head, base.points * multiple, "result", base.zh, base.en,
                   f"{left} cards left: 基准分 {base.points} × 炸弹翻倍 {multiple}")
        notes.append(f"seat {loser}: {left} cards left, {base.zh}, 基准分 {base.points} (001:72-76)")
    return notes


def _next_dealer(rec: Record, opts: Any) -> int:
    """S10: the 头游 (``winner``; after a 抄底, the dealer again) or the seat after the dealer."""
    if opts.next_dealer == "next_seat":
        return (rec.dealer + 1) % rec.n
    return rec.finish_order[0] if rec.finish_order else rec.dealer


def _hand(seat: int, rec: Record, bombs: tuple[Bomb, ...], played: Stacked, counted: Stacked, row: int, won: bool,
          place: int | None, paid: list[str]) -> dict[str, Any]:
    """S11: one seat's report; ``patterns`` names the 贡献分 it is paid and its 炸弹翻倍 row."""
    patterns = [*paid, _row_name(played)] if row > 1 else paid
    return {"seat": seat, "won": won, "team": seat % 2 if rec.n == TEAMS else None, "place": place,
            "cards_left": card_strings(rec.seats[seat].hand.cards),
            "bombs": [b.report() for b in bombs],
            "lines": counted.lines, "doubling": row, "patterns": patterns}
