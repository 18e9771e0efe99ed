"""过胡 / 过碰: claims a player declined, and what they forbid until the player's hand changes.

Most variants forbid winning (or ponging) again on what a player just let pass, until its
next draw: 湖南 过胡 (002:143), 安化 漏胡 (003:125), 贵阳 过胡/过碰限制 (000:183-185),
红中 过胡不胡/过碰不碰 (001:229-230), 扎码 过碰不碰 (001:272), 转转 (001:9, 11), 邯郸
同圈过牌 (004:21-23). A snapshot records a declined claim in the player's flags as
``{tile, turn}``: the turn of the discard (or added kong) that was let pass. The texts
differ only in what a declined win closes (that tile, its suit, or every wait) and whether
a pong or kong of one's own lifts the ban as a draw does; :class:`PassRule` says which, per
variant. 转转's 过杠不杠 (001:12) closes a tile's exposed and added kongs for the rest of the
round. Every record is also checked against the round itself (none after the win that
ended it; one of another seat's tiles played at its turn). 湖南 adds a higher-score
exception and checks its own records with :func:`drew_between`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .errors import RoundError
from .options import option
from .snapshot import Meld, Player, Snapshot
from .tiles import Tile, suit

_CLAIMS: Final = ("pong", "chow")  # melds made on a discard without a draw of one's own
RECORD_FIELDS: Final = {"tile": "tile", "turn": "turn"}


def passed_wins_flag(source: str, closes: str, until: str = "its next draw", zh: str = "过胡") -> Any:
    """The ``passed_wins`` flag field, for a variant's Flags dataclass."""
    return option((), zh, f"Wins on another player's tile this player declined ({source}): each {{tile, turn}}. "
                  f"Until {until} it may not win {closes} from another player.", kind="records",
                  fields=RECORD_FIELDS)


def passed_pongs_flag(source: str, until: str = "its next draw") -> Any:
    """The ``passed_pongs`` flag field: pongs declined, each closing that tile for a while."""
    return option((), "过碰", f"Pongs this player declined ({source}): each {{tile, turn}}. Until {until} "
                  "it may not pong that tile.", kind="records", fields=RECORD_FIELDS)


def passed_kongs_flag(source: str) -> Any:
    """The ``passed_kongs`` flag field: exposed or added kongs declined, each closing that tile
    for the rest of the round."""
    return option((), "过杠", f"Exposed or added kongs this player declined ({source}): each {{tile, turn}}, "
                  "including a pong made where a 直杠 was possible. For the rest of the round it may not make an "
                  "exposed or added kong of that tile; a concealed kong is never closed.", kind="records",
                  fields=RECORD_FIELDS)


class PassRule:
    """One variant's 过胡/过碰 (built like the core's value classes, rules/ledger.py).

    ``closes``: what a declined win forbids — ``"tile"`` (that tile), ``"suit"`` (tiles of
    its suit, 红中's 同类的牌) or ``"waits"`` (every tile the hand waits on). ``by_claim``:
    a pong or kong of the player's own lifts the ban too (贵阳 碰杠, 邯郸 碰). ``robbed``: the
    kongs a win may be taken from (抢杠), so declined on — added ones, and in 安化 exposed
    ones too (直杠可以抢杠胡, 003:47); with discards and the tiles a kong shows they make
    ``declined_on``, what a declined win's record must match."""

    name: Final[str]
    source: Final[str]
    closes: Final[str]
    by_claim: Final[bool]
    declined_on: Final[frozenset[str]]

    def __init__(self, name: str, source: str, closes: str, by_claim: bool = False,
                 robbed: tuple[str, ...] = ("added",)) -> None:
        self.name = name
        self.source = source
        self.closes = closes
        self.by_claim = by_claim
        self.declined_on = frozenset({"discard", "revealed", *robbed})

    def forbids(self, passed: Tile, tile: Tile) -> bool:
        if self.closes == "tile":
            return passed == tile
        if self.closes == "suit":
            return passed == tile or suit(passed) == suit(tile) != "z"
        return True  # "waits": a win's tile is one of the waits, and all were closed


def drew_between(player: Player, ptr: str, after: int, before: int, own_draw: bool, rule: str,
                 claimed: tuple[int, ...] = ()) -> bool | RoundError:
    """Whether ``player`` drew a tile between two turns: a discard of theirs in between that
    does not follow a pong or chow (a claim's discard comes without a draw), or a kong (its
    replacement). A pass on the player's ``own_draw`` is followed by that draw's discard,
    which shows no new draw: then it takes a second one. Every discard's and claimed meld's
    turn is needed (``rule`` names the check in the ``missing_field`` message; ``ptr`` is
    the player's pointer). ``claimed``: more claim turns (see :func:`claimed_turns`)."""
    turns = []
    for k, d in enumerate(player.discards):
        if d.turn is None:
            return RoundError("missing_field", f"{ptr}/discards/{k}/turn", f"{rule} is checked by turn: give every discard's turn")
        turns.append(d.turn)
    for j, m in enumerate(player.melds):  # a claim or kong moves the player's draws: its turn decides
        if m.turn is None and (m.type in _CLAIMS or m.is_kong):
            return RoundError("missing_field", f"{ptr}/melds/{j}/turn",
                              f"{rule} is checked by turn: give every pong's and kong's turn")
    claims = [*(m.turn for m in player.melds if m.type in _CLAIMS and m.turn is not None), *claimed]
    draws = sum(1 for m in player.melds if m.is_kong and m.turn is not None and after < m.turn < before)
    previous = after
    for at in sorted(turns):
        # a claim at the pass's own turn (the declined discard, ponged) counts: hence <=
        if after < at < before and not any(previous <= t < at for t in claims):
            draws += 1
        previous = max(previous, at)
    return draws > (1 if own_draw else 0)


def claimed_turns(snap: Snapshot, seat: int) -> tuple[int, ...]:
    """The turns of the discards ``seat`` ponged and later made into added kongs: the pong's
    own turn is gone with it, but its discard still says when the claim was."""
    added = {m.tile for m in snap.players[seat].melds if m.kind == "added"}
    return tuple(d.turn for p in snap.players for d in p.discards
                 if d.claimed_by == seat and d.turn is not None and d.tile in added)


def _lifted(snap: Snapshot, seat: int, ptr: str, after: int, before: int, rule: PassRule) -> bool | RoundError:
    player = snap.players[seat]
    claimed = claimed_turns(snap, seat)
    drew = drew_between(player, ptr, after, before, False, rule.name, claimed)
    if drew is not False or not rule.by_claim:
        return drew
    melds = (m.turn for m in player.melds if m.type == "pong" or m.is_kong)
    return any(t is not None and after <= t < before for t in (*melds, *claimed))


_ON_DISCARDS: Final = frozenset({"discard"})
"""A pong is declined on a discard (a win: :attr:`PassRule.declined_on`; a 补杠, ``passed_kongs``,
on one's own draw, with nothing to match)."""


def _record_errors(snap: Snapshot, field: str, kinds: frozenset[str]) -> tuple[list[RoundError], set[tuple[int, int]]]:
    """Each record of ``flags.<field>`` against the round: none after the win that ended it
    (at it only a win let go on that very tile), and, when discards or kongs carry its turn,
    one of another seat of its tile and of one of ``kinds``. Returns the errors
    (``inconsistent_pass``) and the (seat, index) of the records at fault."""
    errors: list[RoundError] = []
    bad: set[tuple[int, int]] = set()
    ends = [w.turn for w in snap.wins if w.turn is not None]
    end = max(ends) if ends else None
    for s, player in enumerate(snap.players):
        for k, rec in enumerate(getattr(player.flags, field)):
            rptr = f"/players/{s}/flags/{field}/{k}"
            if end is not None and rec["turn"] >= end and not (field == "passed_wins" and _let_go(snap, s, rec, end)):
                errors.append(RoundError("inconsistent_pass", f"{rptr}/turn", "a declined claim comes before the win "
                                         "that ended the round (or, at it, is a win let go on the tile won)"))
            elif kinds and (played := _played_at(snap, rec["turn"])) and not any(
                    seat != s and tile == rec["tile"] and kind in kinds for seat, tile, kind in played):
                shown = ", ".join(f"seat {seat} {tile} ({kind})" for seat, tile, kind in played)
                errors.append(RoundError("inconsistent_pass", f"{rptr}/tile", f"at turn {rec['turn']} the snapshot shows "
                                         f"{shown}: seat {s} cannot have declined another player's {rec['tile']} then"))
            elif field == "passed_pongs" and (other := _other_set_of(snap, s, rec["tile"])) is not None:
                errors.append(RoundError("inconsistent_pass", f"{rptr}/tile", f"seat {other} holds a pong or kong of "
                                         f"{rec['tile']}: with the pair seat {s} needed to pong it, five copies"))
            else:
                continue
            bad.add((s, k))
    return errors, bad


def _other_set_of(snap: Snapshot, seat: int, tile: Tile) -> int | None:
    """Another seat holding a pong or kong of ``tile`` (three or four copies), if any."""
    for c, p in enumerate(snap.players):
        if c != seat and any(m.tile == tile for m in p.melds if m.type == "pong" or m.is_kong):
            return c
    return None


def _let_go(snap: Snapshot, seat: int, rec: Mapping[str, Any], end: int) -> bool:
    """Whether ``seat`` let go a win on the tile another player won the round on (a multi-win
    declined, or given way): a win at ``end`` on that tile, from a seat other than ``seat``,
    and no win of ``seat``'s own then."""
    last = [w for w in snap.wins if w.turn == end]
    return rec["turn"] == end and all(w.winner != seat for w in last) and any(
        w.tile == rec["tile"] and w.from_seat is not None and w.from_seat != seat for w in last)


def _played_at(snap: Snapshot, turn: int) -> list[tuple[int, Tile, str]]:
    """What was played at ``turn``, as (seat, tile, kind): discards, kongs (by their kind) and
    the tiles a kong shows (``revealed``)."""
    played = [(s, d.tile, "discard") for s, p in enumerate(snap.players) for d in p.discards if d.turn == turn]
    for s, p in enumerate(snap.players):
        for m in p.melds:
            if m.is_kong and m.turn == turn:
                played += [(s, m.tile, m.kind or "kong"), *((s, t, "revealed") for t in m.revealed)]
    return played


def _since(rule: PassRule) -> str:
    return "drawn, ponged or konged" if rule.by_claim else "drawn"


def passed_win_errors(snap: Snapshot, rule: PassRule) -> list[RoundError]:
    """A win on another player's tile that a declined win still forbids (``passed_win``)."""
    errors, bad = _record_errors(snap, "passed_wins", rule.declined_on)
    for i, w in enumerate(snap.wins):
        player = snap.players[w.winner]
        passes = [(k, rec) for k, rec in enumerate(player.flags.passed_wins)
                  if (w.winner, k) not in bad and rule.forbids(rec["tile"], w.tile)]
        if w.self_drawn or not passes:
            continue
        if w.turn is None:
            errors.append(RoundError("missing_field", f"/wins/{i}/turn", f"{rule.name} is checked by turn: give the win's turn"))
            continue
        for _, rec in passes:
            errors += _pass_error(snap, w.winner, rec, w.turn, rule, f"/wins/{i}",
                                  f"seat {w.winner} declined a win on {rec['tile']} at turn {rec['turn']} and has not "
                                  f"{_since(rule)} since, so it may not win {w.tile} from another player "
                                  f"({rule.name}, {rule.source})", "passed_win")
    return errors


def passed_pong_errors(snap: Snapshot, rule: PassRule) -> list[RoundError]:
    """A pong of a tile the player declined to pong, before its next draw (``passed_pong``)."""
    def later(s: int, j: int, rec: Mapping[str, Any], turn: int) -> list[RoundError]:
        return _pass_error(snap, s, rec, turn, rule, f"/players/{s}/melds/{j}",
                           f"seat {s} declined to pong {rec['tile']} at turn {rec['turn']} and has not "
                           f"{_since(rule)} since ({rule.name}, {rule.source})", "passed_pong")
    return _meld_record_errors(snap, "passed_pongs", _ON_DISCARDS, rule, "pong", later)


def passed_kong_errors(snap: Snapshot, rule: PassRule) -> list[RoundError]:
    """An exposed or added kong of a tile whose kong the player declined (``passed_kong``).
    Unlike a declined win or pong, nothing lifts it (转转 过杠后就不能再杠了, 001:12)."""
    def later(s: int, j: int, rec: Mapping[str, Any], _turn: int) -> list[RoundError]:
        return [RoundError("passed_kong", f"/players/{s}/melds/{j}", f"seat {s} declined a kong of {rec['tile']} at turn "
                           f"{rec['turn']}; it may not kong it later in the round ({rule.name}, {rule.source})")]
    return _meld_record_errors(snap, "passed_kongs", frozenset(), rule, "kong", later)


def _closable(m: Meld) -> str | None:
    """What a declined claim can close of this meld: a ``pong``, or an exposed or added
    ``kong`` (a concealed kong is never closed, 暗杠可以不在第一时间杠)."""
    return "pong" if m.type == "pong" else "kong" if m.is_kong and m.kind != "concealed" else None


def _meld_record_errors(snap: Snapshot, field: str, kinds: frozenset[str], rule: PassRule, noun: str,
                        later: Callable[[int, int, Mapping[str, Any], int], list[RoundError]]) -> list[RoundError]:
    """Each record of ``flags.<field>`` (a declined pong or kong) against the player's own
    melds of its tile (``noun``: pongs, or exposed/added kongs): a meld's turn is needed, a
    record at or after it cannot be (the meld holds three or four: no copy is left to decline),
    and one after it is judged by ``later(seat, meld index, record, meld turn)``."""
    errors, bad = _record_errors(snap, field, kinds)
    for s, player in enumerate(snap.players):
        base = f"/players/{s}"
        for k, rec in enumerate(getattr(player.flags, field)):
            for j, m in enumerate(player.melds):
                if (s, k) in bad or m.tile != rec["tile"] or _closable(m) != noun:
                    continue
                if m.turn is None:
                    errors.append(RoundError("missing_field", f"{base}/melds/{j}/turn",
                                             f"{rule.name} is checked by turn: give the {noun}'s turn"))
                elif rec["turn"] >= m.turn:
                    errors.append(RoundError("inconsistent_pass", f"{base}/flags/{field}/{k}/turn",
                                             f"a {noun} is declined only before the player's own {noun} of that tile"))
                else:
                    errors += later(s, j, rec, m.turn)
    return errors


def _pass_error(snap: Snapshot, seat: int, rec: Mapping[str, Any], turn: int, rule: PassRule, ptr: str, why: str,
                code: str) -> list[RoundError]:
    lifted = _lifted(snap, seat, f"/players/{seat}", rec["turn"], turn, rule)
    if isinstance(lifted, RoundError):
        return [lifted]
    return [] if lifted else [RoundError(code, ptr, why)]
