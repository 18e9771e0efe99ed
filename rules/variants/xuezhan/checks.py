"""血战到底 validation beyond rules.snapshot.check_common: a round that cannot have happened → 422."""

from __future__ import annotations

from typing import Final

from ...errors import RoundError
from ...hand import is_complete
from ...snapshot import Player, Snapshot, Win
from ...tiles import Tile, compact
from ...timeline import Timeline, check_sequential_wins, missing_turns
from ...win_checks import last_tile_wall_errors
from .fan import RULES, WIN_EVENTS, flower_pig_reason
from .options import Options

NOT_HERE: Final = "血战到底 (001:562-598) has no"


def turns_needed(snap: Snapshot, groups: list[tuple[Win, ...]] | None = None) -> bool:
    """Order matters as soon as a win can be before or after another win or a kong."""
    if not snap.wins:
        return False
    if groups is None:
        groups = snap.win_groups()
    # several wins on one discarder's tile without turns may be one discard (一炮多响) or two in
    # turn: the next dealer differs, so the turns must say which
    return (len(groups) > 1 or any(len(g) > 1 and g[0].turn is None for g in groups)
            or any(m.is_kong for p in snap.players for m in p.melds))


def foreign_fields(snap: Snapshot) -> list[RoundError]:
    """Fields of other variants: rejected, not silently ignored."""
    errors = []
    r = snap.reveals
    if r.chicken_flip is not None:
        errors.append(RoundError("not_in_variant", "/reveals/chicken_flip", f"{NOT_HERE} chicken flip"))
    if r.birds:
        errors.append(RoundError("not_in_variant", "/reveals/birds", f"{NOT_HERE} birds"))
    if r.wild_indicator is not None:
        errors.append(RoundError("not_in_variant", "/reveals/wild_indicator", f"{NOT_HERE} wildcards"))
    for i, w in enumerate(snap.wins):
        if w.heavenly:
            errors.append(RoundError("not_in_variant", f"/wins/{i}/heavenly", f"{NOT_HERE} 天胡/地胡"))
        if w.earthly:
            errors.append(RoundError("not_in_variant", f"/wins/{i}/earthly", f"{NOT_HERE} 天胡/地胡"))
    for s, p in enumerate(snap.players):
        if p.ready_declared_turn is not None:
            errors.append(RoundError("not_in_variant", f"/players/{s}/ready_declared_turn", f"{NOT_HERE} 报听"))
        for j, m in enumerate(p.melds):
            if m.delayed:
                errors.append(RoundError("not_in_variant", f"/players/{s}/melds/{j}/delayed", f"{NOT_HERE} delayed kongs"))
            if m.revealed:
                errors.append(RoundError("not_in_variant", f"/players/{s}/melds/{j}/revealed", f"{NOT_HERE} 开杠 reveals"))
    return errors


def winning_hands(snap: Snapshot) -> list[RoundError]:
    """Every win is a complete hand (001:576-591) that lacks a suit and holds no 定缺 tile (001:568, 571)."""
    errors = []
    for i, w in enumerate(snap.wins):
        p = snap.players[w.winner]
        why = flower_pig_reason([*p.all_tiles(), w.tile], p.flags.dingque)
        if why is not None:
            code = "holds_three_suits" if "three" in why else "holds_dingque_suit"
            errors.append(RoundError(code, f"/wins/{i}", f"seat {w.winner} {why}: a 花猪 cannot win (001:568, 571)"))
        elif not _wins(p, w.tile):
            errors.append(RoundError("not_a_win", f"/wins/{i}",
                                     f"seat {w.winner}'s hand {compact(p.hand)} with {w.tile} is not a winning hand in xuezhan"))
    return errors


def _wins(p: Player, tile: Tile) -> bool:
    """Whether the concealed tiles and ``tile`` read as a winning hand: what ``hand_value(...) is not
    None`` says, without working out every decomposition (settle() prices the winners once)."""
    return is_complete([*p.hand, tile], RULES)


def last_kong_before(snap: Snapshot, seat: int, turn: int | None) -> int | None:
    """Index in ``seat``'s melds of its latest kong before ``turn`` (any kong when turns are unknown)."""
    best: tuple[int, int] | None = None
    for j, m in enumerate(snap.players[seat].melds):
        if m.is_kong and (turn is None or m.turn is None or m.turn < turn):
            key = (m.turn if m.turn is not None else -1, j)
            if best is None or key > best:
                best = key
    return None if best is None else best[1]


def win_flags(snap: Snapshot, groups: list[tuple[Win, ...]] | None = None) -> list[RoundError]:
    """杠上花, 杠上炮, 抢杠胡 and 海底 must describe something that can have happened (001:593-596)."""
    errors: list[RoundError] = []
    if groups is None:
        groups = snap.win_groups()
    index = 0
    for g, group in enumerate(groups):
        for k, w in enumerate(group):
            ptr = f"/wins/{index + k}"
            errors += _one_win_flags(snap, w, ptr)
            errors += last_tile_wall_errors(snap, w, ptr)
            if k and any(getattr(w, f) != getattr(group[0], f) for f, _ in WIN_EVENTS):
                errors.append(RoundError("inconsistent_win", ptr, "wins on one discard share that discard's flags (一炮多响)"))
            if w.last_tile and g != len(groups) - 1:
                errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile",
                                         "海底 is the last tile: no win can come after it (001:596)"))
        index += len(group)
    return errors


def _one_win_flags(snap: Snapshot, w: Win, ptr: str) -> list[RoundError]:
    errors = []
    if w.robbing_kong and w.after_kong_discard:
        errors.append(RoundError("inconsistent_win", ptr, "a win cannot both rob a kong and be on a discard after a kong"))
    if w.kong_draw and last_kong_before(snap, w.winner, w.turn) is None:
        errors.append(RoundError("inconsistent_win", f"{ptr}/kong_draw", "杠上花 needs a kong by the winner before the win (001:593)"))
    if w.after_kong_discard and w.from_seat is not None and last_kong_before(snap, w.from_seat, w.turn) is None:
        errors.append(RoundError("inconsistent_win", f"{ptr}/after_kong_discard",
                                 "杠上炮 needs a kong by the discarder before the win (001:594)"))
    if w.robbing_kong and w.from_seat is not None and not any(
            m.type == "pong" and m.tile == w.tile and (m.turn is None or w.turn is None or m.turn < w.turn)
            for m in snap.players[w.from_seat].melds):
        errors.append(RoundError("inconsistent_win", f"{ptr}/robbing_kong",
                                 "抢杠胡: the robbed seat keeps its pong of the won tile, made before the win (001:595)"))
    return errors


def round_end(snap: Snapshot, still_in: tuple[int, ...] | None = None) -> list[RoundError]:
    """The round ends when one player is left or the wall is empty (血战到底)."""
    if still_in is None:
        still_in = Timeline.of(snap).still_in_at_end()
    if len(still_in) >= 2 and snap.wall_remaining:
        return [RoundError("round_not_over", "/wall_remaining",
                           f"{len(still_in)} players are still in and the wall is not empty: the round goes on")]
    return []


def flower_pig_pay(snap: Snapshot, opts: Options, still_in: tuple[int, ...] | None = None) -> list[RoundError]:
    """不封顶 leaves 查花猪's amount open (001:571): the table must say it."""
    if opts.cap is not None or opts.flower_pig_multiplier is not None:
        return []
    if still_in is None:
        still_in = Timeline.of(snap).still_in_at_end()
    if len(still_in) < 2:
        return []
    if any(flower_pig_reason(snap.players[s].all_tiles(), snap.players[s].flags.dingque) for s in still_in):
        return [RoundError("missing_option", "/options/flower_pig_multiplier",
                           "a 花猪 pays the cap (封顶倍数, 001:571); with cap null give flower_pig_multiplier")]
    return []


def all_errors(snap: Snapshot, opts: Options, tl: Timeline | None = None,
               groups: list[tuple[Win, ...]] | None = None) -> list[RoundError]:
    """Every check, in an order where later ones may rely on earlier ones having passed
    (``tl`` and ``groups``: the round's timeline and win groups, when already worked out)."""
    if groups is None:
        groups = snap.win_groups()
    errors = foreign_fields(snap)
    if turns_needed(snap, groups):
        errors += missing_turns(snap)
    if errors:
        return errors
    errors = check_sequential_wins(snap)
    if errors:
        return errors
    still_in = (tl or Timeline.of(snap)).still_in_at_end()
    return [*winning_hands(snap), *win_flags(snap, groups), *round_end(snap, still_in), *flower_pig_pay(snap, opts, still_in)]
