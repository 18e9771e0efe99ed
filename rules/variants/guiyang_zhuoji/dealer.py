"""坐庄规则: who deals the next round (000:19-45).

Seats are numbered in turn order (seat k+1 plays right after seat k). Play goes
counter-clockwise (逆时针) round the table, so "逆时针最靠近点炮者" (000:29) is the first
seat after the discarder in turn order, and "按照庄家的逆时针顺序，在前者" (000:45) the
first ready seat after the dealer in turn order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...snapshot import Snapshot
from ...variant import closest_after
from .options import Options


def next_dealer(snap: Snapshot, ready: Sequence[bool], opts: Options) -> int:
    if snap.wins:
        return _after_win(snap)
    return _after_draw(snap.n, snap.dealer, ready, opts)


def _after_win(snap: Snapshot) -> int:
    """胡牌坐庄 (000:23-31); 抢杠胡 follows the same rule with the robbed player as discarder (000:31)."""
    winners = [w.winner for w in snap.wins]
    if len(winners) == 1:
        return winners[0]  # 胡牌者坐庄 (000:25)
    discarder = snap.wins[0].from_seat
    assert discarder is not None
    if len(winners) == snap.n - 1:
        return discarder  # 一炮全响，点炮者坐庄 (000:27)
    return closest_after(discarder, winners, snap.n)  # 一炮双响，逆时针最靠近点炮者 (000:29)


def _after_draw(n: int, dealer: int, ready: Sequence[bool], opts: Options) -> int:
    """荒庄坐庄 (000:33-45)."""
    ready_seats = [s for s in range(n) if ready[s]]
    not_ready = [s for s in range(n) if not ready[s]]
    if not ready_seats or not not_ready:
        return dealer  # all ready / none ready: the dealer stays (000:35, 37)
    if len(ready_seats) == 1:
        return ready_seats[0]  # only one ready (000:39); at 2 players this comes before 000:41
    if len(ready_seats) == 2 and dealer in ready_seats:
        # the dealer and one non-dealer ready (000:43); at 3 players 000:41 reads otherwise
        if n == 3 and opts.three_player_draw_dealer == "not_ready":
            return not_ready[0]
        return dealer
    if len(not_ready) == 1:
        return not_ready[0]  # only one not ready (000:41)
    # 4 players, two non-dealers ready, the dealer and one non-dealer not (000:45)
    return closest_after(dealer, ready_seats, n)
