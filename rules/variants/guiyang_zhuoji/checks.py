"""Rounds that cannot have happened under 贵阳捉鸡, each a RoundError with a pointer."""

from __future__ import annotations

from collections import Counter

from ...errors import RoundError
from ...snapshot import Discard, Snapshot, Win
from ...tiles import compact
from ...win_checks import drawn_round_wall_errors, single_event_errors, win_flag_errors
from .chickens import chickens_of, discards_of
from .facts import Facts
from .hu import kills_ready


def round_errors(f: Facts) -> list[RoundError]:
    snap = f.snap
    errors = single_event_errors(snap)
    # 一炮多响 is about a discarded tile (打出一张牌, 000:181); several may always rob one kong (000:147)
    if len(snap.wins) > 1 and not f.opts.multi_win and not snap.wins[0].robbing_kong:
        errors.append(RoundError("multi_win_disabled", "/wins/1", "一炮多响 is off: one discard is won by one player (000:181)"))
    for i, w in enumerate(snap.wins):
        errors += _win_errors(f, i, w)
    errors += _reveal_errors(snap)
    errors += _meld_errors(snap)
    errors += _declaration_errors(f)
    if snap.wins:
        errors += _chicken_history_errors(f)
    errors += drawn_round_wall_errors(snap, "a round without a win ends only when the wall is empty (荒庄, 000:17)")
    return errors


def _win_errors(f: Facts, i: int, w: Win) -> list[RoundError]:
    snap = f.snap
    ptr = f"/wins/{i}"
    # 地胡 here may come on any first-round discard, not only the dealer's (000:155)
    errors = win_flag_errors(snap, _not_earthly(w) if w.earthly else w, ptr)
    if w.earthly and not _earthly_possible(snap, w, f.opts.earthly_after_meld == "table"):
        errors.append(RoundError("inconsistent_win", f"{ptr}/earthly",
                                 "地胡 is a non-dealer's win in its first go-around, before any meld or discard of its own, "
                                 "on a first discard or its own first draw (000:155)"))
    value = f.values[w.winner]
    player = snap.players[w.winner]
    if value is None:
        return [*errors, RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} "
                                    "is not a winning hand in guiyang-zhuoji")]
    if w.robbing_kong and w.from_seat is not None and f.declared[w.from_seat]:
        errors.append(RoundError("meld_after_declaration", f"{ptr}/robbing_kong",
                                 f"seat {w.from_seat} declared 报听 and cannot add a kong to be robbed (000:157)"))
    if value.is_plain and not w.self_drawn and not _has_pass(f, w):
        errors.append(RoundError("no_pass", ptr,
                                 f"seat {w.winner} wins 平胡 on seat {w.from_seat}'s discard without a 通行证: 平胡 needs a "
                                 "豆 (any kong, 憨包豆 included) to win on a discard unless 热炮, 抢杠, 报听, 杀听 or 地胡 "
                                 "(000:49, 109, 147, 149, 155, 157, 159)"))
    return errors


def _not_earthly(w: Win) -> Win:
    """The win with ``earthly`` off (``dataclasses.replace``, spelt out: replace() is slow compiled)."""
    return Win(w.winner, w.from_seat, w.tile, w.turn, w.kong_draw, w.robbing_kong, w.after_kong_discard, w.last_tile,
               w.heavenly, False)


def _has_pass(f: Facts, w: Win) -> bool:
    """通行证: a 豆 of the winner's, or a situation that lifts the need for one."""
    return bool(f.snap.players[w.winner].kongs) or w.after_kong_discard or w.robbing_kong or w.earthly \
        or f.declared[w.winner] or kills_ready(f, w)


def _earthly_possible(snap: Snapshot, w: Win, any_meld_ends_it: bool) -> bool:
    """地胡: before the winner's own first discard, on someone's first discard or its own first
    draw. 碰杠后不算地胡: the round ends at the win, so every meld shown was made before it."""
    winner = snap.players[w.winner]
    if w.winner == snap.dealer or winner.melds or winner.discards or w.robbing_kong:
        return False
    if any_meld_ends_it and any(p.melds for p in snap.players):
        return False
    return w.from_seat is None or not snap.players[w.from_seat].discards


def _reveal_errors(snap: Snapshot) -> list[RoundError]:
    errors = []
    flip = snap.reveals.chicken_flip
    if snap.reveals.birds:
        errors.append(RoundError("unexpected_reveal", "/reveals/birds", "贵阳捉鸡 draws no birds; the flip is chicken_flip"))
    if snap.reveals.wild_indicator is not None:
        errors.append(RoundError("unexpected_reveal", "/reveals/wild_indicator", "贵阳捉鸡 has no wildcard (000:163)"))
    if flip is not None and not snap.wins:
        errors.append(RoundError("unexpected_reveal", "/reveals/chicken_flip",
                                 "荒庄: the wall is empty and no chicken is flipped (000:61, 189)"))
    if flip is not None and any(w.last_tile for w in snap.wins):
        errors.append(RoundError("unexpected_reveal", "/reveals/chicken_flip",
                                 "a win on the last tile leaves no tile to flip (000:63)"))
    # an absent wall_remaining is not an empty wall: without it a missing flip would be a guess
    if flip is None and snap.wins and snap.wall_remaining != 0 and not any(w.last_tile for w in snap.wins):
        errors.append(RoundError("missing_field", "/reveals/chicken_flip",
                                 "a tile is flipped after a win while the wall has tiles (000:61): give chicken_flip "
                                 "(or wall_remaining 0 if the wall was empty)"))
    return errors


def _meld_errors(snap: Snapshot) -> list[RoundError]:
    return [RoundError("invalid_meld", f"/players/{s}/melds/{j}/delayed",
                       "憨包豆 is a concealed or added kong made late (000:57); a kong on a discard cannot be delayed")
            for s, p in enumerate(snap.players) for j, m in enumerate(p.melds) if m.delayed and m.kind == "exposed"]


def _declaration_errors(f: Facts) -> list[RoundError]:
    """报听: the declared hand stays as it is, no pong or kong after (000:157)."""
    errors = []
    win_turns = [w.turn for w in f.snap.wins if w.turn is not None]
    for s, p in enumerate(f.snap.players):
        t = p.ready_declared_turn
        if t is None:
            continue
        ptr = f"/players/{s}/ready_declared_turn"
        if not f.ready[s]:
            errors.append(RoundError("not_ready_after_declaration", ptr,
                                     f"seat {s} declared 报听 but its hand {compact(p.hand)} is not ready: a declared hand "
                                     "cannot change (000:157)"))
        if any(t >= wt for wt in win_turns):
            errors.append(RoundError("inconsistent_declaration", ptr, "报听 is declared before the round's win"))
        # declared with the first discard (000:157); that discard may carry the same turn or the one before
        if any(d.turn is not None and d.turn < t - 1 for d in p.discards):
            errors.append(RoundError("late_declaration", ptr,
                                     f"seat {s} discarded before turn {t - 1}: 报听 is declared with a player's first discard "
                                     "(000:157)"))
        for j, m in enumerate(p.melds):
            if m.turn is None:
                errors.append(RoundError("missing_field", f"/players/{s}/melds/{j}/turn",
                                         "a 报听 player's melds need their turn: none may follow the declaration (000:157)"))
            elif m.turn > t:
                errors.append(RoundError("meld_after_declaration", f"/players/{s}/melds/{j}/turn",
                                         f"seat {s} declared 报听 at turn {t} and cannot pong or kong after it (000:157)"))
    return errors


def _chicken_history_errors(f: Facts) -> list[RoundError]:
    """冲锋鸡/责任鸡 need to know which default chicken was discarded first (000:71-91)."""
    errors: list[RoundError] = []
    for face in sorted(chickens_of(None, f.opts).default):
        found = discards_of(f.snap, face)
        if len({s for s, _, _ in found}) > 1:
            errors += [RoundError("missing_field", f"/players/{s}/discards/{k}/turn",
                                  f"several seats discarded {face}: the first one is 冲锋鸡/责任鸡 (000:71-77), "
                                  "so each needs its turn")
                       for s, k, d in found if d.turn is None]
        errors += _claim_errors(f.snap, face, found)
    return errors


def _claim_errors(snap: Snapshot, face: str, discarded: list[tuple[int, int, Discard]]) -> list[RoundError]:
    """Each pong/exposed/added kong of a default chicken claimed one discard, listed with claimed_by.

    ``discarded``: every discard of ``face`` (:func:`~.chickens.discards_of`)."""
    listed = Counter((s, d.claimed_by) for s, _, d in discarded if d.claimed_by is not None)
    unmatched_any: list[tuple[int, int]] = []
    errors: list[RoundError] = []
    for o, p in enumerate(snap.players):
        for j, m in enumerate(p.melds):
            if m.tile != face or m.kind == "concealed":
                continue
            if m.from_seat is not None:
                if listed[(m.from_seat, o)]:
                    listed[(m.from_seat, o)] -= 1
                else:
                    errors.append(_unlisted(o, j, face, f"seat {m.from_seat}'s"))
            else:
                unmatched_any.append((o, j))
    for o, j in unmatched_any:
        src = next((k for k in listed if k[1] == o and listed[k]), None)
        if src is None:
            errors.append(_unlisted(o, j, face, "any seat's"))
        else:
            listed[src] -= 1
    for s, k, d in discarded:
        if d.claimed_by is None:
            continue
        key = (s, d.claimed_by)
        if listed[key] > 0:
            listed[key] -= 1
            errors.append(RoundError("inconsistent_meld", f"/players/{s}/discards/{k}/claimed_by",
                                     f"seat {d.claimed_by} shows no pong or kong of {face} for this claimed discard"))
    return errors


def _unlisted(seat: int, j: int, face: str, whose: str) -> RoundError:
    return RoundError("inconsistent_meld", f"/players/{seat}/melds/{j}",
                      f"this {face} meld claimed a discard that is not in {whose} discards with claimed_by {seat}; "
                      "冲锋鸡/责任鸡 need every discarded default chicken listed (000:71-77)")
