"""Checks on ``wins`` that many variants share: one win event per round, and win flags
(天胡, 地胡, 杠上开花, 杠上炮, 抢杠胡) that describe something that can have happened.

Each function returns a list of :class:`~rules.errors.RoundError` so a variant can
collect them with its own checks and raise once.
"""

from __future__ import annotations

from .errors import RoundError
from .snapshot import Snapshot, Win

INCOMPATIBLE_FLAGS: tuple[tuple[str, str], ...] = (
    ("heavenly", "earthly"), ("heavenly", "kong_draw"), ("heavenly", "robbing_kong"),
    ("heavenly", "after_kong_discard"), ("robbing_kong", "after_kong_discard"),
    ("robbing_kong", "earthly"), ("earthly", "kong_draw"),
    # 天胡/地胡 are won on the dealt hand or the first discard/draw: the wall is full, not at its last tile
    ("heavenly", "last_tile"), ("earthly", "last_tile"),
)
"""Pairs of win flags no single win can carry (all of heavenly, earthly, kong_draw, robbing_kong,
after_kong_discard, last_tile: :func:`win_flag_errors` relies on it)."""

SHARED_BY_ONE_DISCARD: tuple[str, ...] = ("robbing_kong", "after_kong_discard", "last_tile")
"""Flags that describe the discard itself, so every win on one discard carries the same.
地胡 is not one of them: it is each winner's own first go-around (贵阳 000:155: a discard
can be one winner's first round and not another's), checked per winner."""


def one_win_errors(snap: Snapshot, why: str) -> list[RoundError]:
    """One win per round, 一炮多响 not played (``why``: the variant's rule and line): a second
    win is ``multiple_wins`` at ``/wins/1``."""
    if len(snap.wins) < 2:
        return []
    return [RoundError("multiple_wins", "/wins/1", why)]


def single_event_errors(snap: Snapshot) -> list[RoundError]:
    """One win per round, or several on one discard (一炮多响 / several robbing one kong).

    For variants where the round ends at the first win (everything but 血战到底-like games).
    """
    errors: list[RoundError] = []
    groups = snap.win_groups()
    if len(groups) > 1:
        errors.append(RoundError("multiple_wins", f"/wins/{len(groups[0])}",
                                 "the round ends at the first win: one self-drawn win, or several wins on one discard"))
    seen: set[int] = set()
    for i, w in enumerate(snap.wins):
        if w.winner in seen:
            errors.append(RoundError("duplicate_winner", f"/wins/{i}/winner", "a seat wins at most once"))
        seen.add(w.winner)
    if groups and len(groups[0]) > 1:
        first = groups[0][0]
        for i, w in enumerate(groups[0][1:], start=1):
            errors += [RoundError("inconsistent_win", f"/wins/{i}/{f}", "wins on one discard share that discard's flags")
                       for f in SHARED_BY_ONE_DISCARD if getattr(w, f) != getattr(first, f)]
    return errors


def win_flag_errors(snap: Snapshot, win: Win, ptr: str, *, earthly_self_draw: bool = True) -> list[RoundError]:
    """Win flags that cannot be true of this win.

    - 天胡 ``heavenly``: the dealer's self-draw, no melds, nobody has discarded yet;
    - 地胡 ``earthly``: a non-dealer without melds, either on the dealer's first discard
      (the dealer has no discards listed; the won tile is not repeated there) or, when
      ``earthly_self_draw``, on the non-dealer's first self-draw (no discards of its own);
    - 杠上开花 ``kong_draw``: the winner has a kong;
    - 杠上炮 ``after_kong_discard``: the discarder has a kong;
    - 抢杠胡 ``robbing_kong``: the robbed seat keeps its pong of the won tile (the snapshot
      convention for a robbed added kong);
    - no pair of :data:`INCOMPATIBLE_FLAGS` (海底 ``last_tile`` with 天胡 or 地胡 among them).
    """
    errors: list[RoundError] = []
    # every incompatible pair is of these six flags: with fewer than two set, none can clash
    # (the common case, without a getattr per pair)
    if win.heavenly + win.earthly + win.kong_draw + win.robbing_kong + win.after_kong_discard + win.last_tile >= 2:
        errors += [RoundError("inconsistent_win", ptr, f"{a} and {b} cannot both be true of one win")
                   for a, b in INCOMPATIBLE_FLAGS if getattr(win, a) and getattr(win, b)]
    winner = snap.players[win.winner]
    if win.heavenly and (win.winner != snap.dealer or not win.self_drawn or winner.melds
                         or any(p.discards for p in snap.players)):
        errors.append(RoundError("inconsistent_win", f"{ptr}/heavenly",
                                 "天胡 is the dealer's self-drawn win on the dealt hand, before any discard or meld"))
    if win.earthly and not _earthly_possible(snap, win, earthly_self_draw):
        how = "on the dealer's first discard" + (" or on its own first draw" if earthly_self_draw else "")
        errors.append(RoundError("inconsistent_win", f"{ptr}/earthly", f"地胡 is a non-dealer's win {how}, without melds"))
    if win.kong_draw and not winner.kongs:
        errors.append(RoundError("inconsistent_win", f"{ptr}/kong_draw", "杠上开花 needs a kong by the winner"))
    if win.after_kong_discard and win.from_seat is not None and not snap.players[win.from_seat].kongs:
        errors.append(RoundError("inconsistent_win", f"{ptr}/after_kong_discard", "杠上炮 needs a kong by the discarder"))
    if win.robbing_kong and win.from_seat is not None and not any(
            m.type == "pong" and m.tile == win.tile for m in snap.players[win.from_seat].melds):
        errors.append(RoundError("inconsistent_win", f"{ptr}/robbing_kong",
                                 "抢杠胡: the robbed seat keeps its pong of the won tile"))
    return errors


def _earthly_possible(snap: Snapshot, win: Win, self_draw_allowed: bool) -> bool:
    winner = snap.players[win.winner]
    if win.winner == snap.dealer or winner.melds:
        return False
    if win.self_drawn:
        return self_draw_allowed and not winner.discards
    # the dealer's first discard comes before any other seat acts: no 闲家 has discarded or melded
    # yet, and the dealer itself may only have made concealed kongs
    return (win.from_seat == snap.dealer and not snap.players[snap.dealer].discards
            and all(m.kind == "concealed" for m in snap.players[snap.dealer].melds)
            and not any(p.discards or p.melds for s, p in enumerate(snap.players) if s != snap.dealer))


def last_tile_wall_errors(snap: Snapshot, win: Win, ptr: str) -> list[RoundError]:
    """海底 (``last_tile``) is a win on the wall's last tile: nothing can be drawn after it, so a
    ``wall_remaining`` above 0 contradicts the flag (for variants whose 海底 is the one last
    tile; 湖南's is the last A tiles)."""
    if win.last_tile and snap.wall_remaining:
        return [RoundError("inconsistent_win", f"{ptr}/last_tile",
                           f"海底 is a win on the wall's last tile, but {snap.wall_remaining} tiles are left")]
    return []


def drawn_round_wall_errors(snap: Snapshot, why: str) -> list[RoundError]:
    """A round without a win ends when the wall is drawn out (``why``: the variant's words and
    seed line): ``wall_remaining`` above 0 there is ``wall_not_exhausted``."""
    if snap.wins or not snap.wall_remaining:
        return []
    return [RoundError("wall_not_exhausted", "/wall_remaining", why)]

