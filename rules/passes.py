"""过胡 / 漏胡: wins a player declined, and what they forbid until the player's next draw.

湖南 过胡 (002:143) and 安化 漏胡 (003:125) forbid winning again on what a player just let
pass, until its next draw. A snapshot records a declined win in the player's flags as
``{tile, turn}``: the turn of the discard (or added kong) that was let pass. 安化's check
is :func:`passed_win_errors`; 湖南's (with its higher-score exception) uses
:func:`drew_between`. The other variants' 过胡/过碰 rules are not checked (their pages say so).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .errors import RoundError
from .options import option
from .snapshot import Player, Snapshot

_CLAIMS: Final = ("pong", "chow")  # melds made on a discard without a draw of one's own
RECORD_FIELDS: Final = {"tile": "tile", "turn": "integer"}


def passed_wins_flag(source: str, closes: str, zh: str = "过胡") -> Any:
    """The ``passed_wins`` flag field, for a variant's Flags dataclass."""
    return option((), zh, f"Wins on another player's tile this player declined ({source}): each {{tile, turn}}. "
                  f"Until its next draw it may not win {closes} from another player.", kind="records",
                  fields=RECORD_FIELDS)


class PassRule:
    """A variant's 过胡 that closes the declined tile only (built like the core's value
    classes, rules/ledger.py): its name and seed line, for the messages."""

    name: Final[str]
    source: Final[str]

    def __init__(self, name: str, source: str) -> None:
        self.name = name
        self.source = source


def drew_between(player: Player, ptr: str, after: int, before: int, own_draw: bool, rule: str) -> bool | RoundError:
    """Whether ``player`` drew a tile between two turns: a discard of theirs in between that
    does not follow a pong or chow (a claim's discard comes without a draw), or a kong (its
    replacement). A pass on the player's ``own_draw`` is followed by that draw's discard,
    which shows no new draw: then it takes a second one. Every discard's and claimed meld's
    turn is needed (``rule`` names the check in the ``missing_field`` message; ``ptr`` is
    the player's pointer)."""
    turns = []
    for k, d in enumerate(player.discards):
        if d.turn is None:
            return RoundError("missing_field", f"{ptr}/discards/{k}/turn", f"{rule} is checked by turn: give every discard's turn")
        turns.append(d.turn)
    for j, m in enumerate(player.melds):  # a claim or kong moves the player's draws: its turn decides
        if m.turn is None and (m.type in _CLAIMS or m.is_kong):
            return RoundError("missing_field", f"{ptr}/melds/{j}/turn",
                              f"{rule} is checked by turn: give every pong's and kong's turn")
    claims = [m.turn for m in player.melds if m.type in _CLAIMS and m.turn is not None]
    draws = sum(1 for m in player.melds if m.is_kong and m.turn is not None and after < m.turn < before)
    previous = after
    for at in sorted(turns):
        if after < at < before and not any(previous < t < at for t in claims):
            draws += 1
        previous = max(previous, at)
    return draws > (1 if own_draw else 0)


def passed_win_errors(snap: Snapshot, rule: PassRule) -> list[RoundError]:
    """A win on another player's tile that a declined win still forbids (``passed_win``)."""
    errors: list[RoundError] = []
    for i, w in enumerate(snap.wins):
        player = snap.players[w.winner]
        passes = [(k, rec) for k, rec in enumerate(player.flags.passed_wins) if rec["tile"] == w.tile]
        if w.self_drawn or not passes:
            continue
        if w.turn is None:
            errors.append(RoundError("missing_field", f"/wins/{i}/turn", f"{rule.name} is checked by turn: give the win's turn"))
            continue
        base = f"/players/{w.winner}"
        for k, rec in passes:
            errors += _pass_error(player, base, f"{base}/flags/passed_wins/{k}", rec, w.turn, rule, f"/wins/{i}",
                                  f"seat {w.winner} declined a win on {rec['tile']} at turn {rec['turn']} and has not "
                                  f"drawn since, so it may not win {w.tile} from another player ({rule.name}, {rule.source})")
    return errors


def _pass_error(player: Player, base: str, rptr: str, rec: Mapping[str, Any], turn: int, rule: PassRule, ptr: str,
                why: str) -> list[RoundError]:
    if rec["turn"] >= turn:
        return [RoundError("inconsistent_pass", f"{rptr}/turn", "a declined win comes before the win that ended the round")]
    drew = drew_between(player, base, rec["turn"], turn, False, rule.name)
    if isinstance(drew, RoundError):
        return [drew]
    return [] if drew else [RoundError("passed_win", ptr, why)]
