"""What the 财神麻将 tables share: 三财神 (``caishen-sancaishen``, 001:188-220) and 台数
(``caishen-taishu``, 001:77-131).

Both play the 136 tiles, 2-4 players, chow, pong and kong, a 16-tile hand (the dealer is
dealt 17: 001:191, 001:82). One tile turned up at the start is the 财神: its face is
``reveals.wild_indicator``, that copy stays on show, so three 财神 are in play; they stand
in for any tile of a winning hand and are never part of a chow, pong or kong. Both have
过胡不胡 / 过碰不碰 as the shared records of rules/passes.py, and neither seed says who deals
after a win (option ``next_dealer``). Each function takes the seed lines its variant
cites, so each variant's messages name its own text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules
from ..options import option
from ..passes import PassRule, passed_kong_errors, passed_pong_errors, passed_win_errors
from ..snapshot import Player, Snapshot
from ..tiles import SET_136, Tile, TileSet, chinese, parse_tile
from ..variant import Variant, closest_after

NEXT_DEALER: Final = ("winner", "rotate")
"""The choices of ``next_dealer``: the winner deals, or the dealer stays when it wins, else its 下家."""


class CaishenTable(Variant):
    """The table both variants play: 136 tiles, 2-4 players, chow, a 16-tile hand (庄家17张，
    闲家16张, 001:191, 001:82), the 财神 of ``reveals.wild_indicator`` as the wildcard."""

    players = (2, 4)
    hand_size = 16
    allows_chow = True
    reveals_used = frozenset({"wild_indicator"})

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_136

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        """The 财神 (the face turned up) is the wildcard; without a snapshot, none."""
        face = snap.reveals.wild_indicator if snap is not None else None
        return HandRules(wild=frozenset({face})) if face is not None else HandRules()


def wild_face(snap: Snapshot, lines: str) -> Tile:
    """The 财神's face (``reveals.wild_indicator``), which the round needs: else ``missing_field``
    (``lines``: where the variant's text says how the 财神 is chosen)."""
    face = snap.reveals.wild_indicator
    if face is None:
        raise InvalidRound(RoundError("missing_field", "/reveals/wild_indicator",
                                      f"the 财神 is the tile turned up at the start ({lines}): give its face"))
    return face


def wild_meld_errors(snap: Snapshot, face: Tile, line: str) -> list[RoundError]:
    """A chow, pong or kong holding the 财神 (``wild_melded``): 财神 are never melded (``line``)."""
    return [RoundError("wild_melded", f"/players/{i}/melds/{j}", f"the 财神 {chinese(face)} is never part of a chow, "
                       f"pong or kong ({line})")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds) if face in m.tiles]


def passed_claim_errors(snap: Snapshot, win: PassRule, pong: PassRule, kong: PassRule | None = None) -> list[RoundError]:
    """过胡不胡 and 过碰不碰 (and 三财神's 过杠不杠), checked on the shared records (rules/passes.py)."""
    errors = [*passed_win_errors(snap, win), *passed_pong_errors(snap, pong)]
    if kong is not None:
        errors += passed_kong_errors(snap, kong)
    return errors


def analyze_face(body: Mapping[str, Any]) -> Tile | None:
    """The 财神 an analyze request names in ``reveals.wild_indicator``; ``None`` without one."""
    rev = body.get("reveals") or {}
    if not isinstance(rev, Mapping):
        raise InvalidRound(RoundError("invalid_type", "/reveals", "expected an object"))
    raw = rev.get("wild_indicator")
    if raw is None:
        return None
    face = parse_tile(raw, "/reveals/wild_indicator")
    if not SET_136.has(face):  # as a round's check_common says it
        raise InvalidRound(RoundError("tile_not_in_set", "/reveals/wild_indicator",
                                      f"{face} ({chinese(face)}) is not in this variant's {SET_136.id}-tile set"))
    return face


def check_copies(player: Player, face: Tile, line: str) -> None:
    """An analysed hand and melds hold three of the 财神's face at most: the fourth is on show."""
    if [*player.hand, *player.meld_tiles()].count(face) > 3:
        raise InvalidRound(RoundError("too_many_copies", "/reveals/wild_indicator", f"{face} is on show as the "
                                      f"财神: three more at most are in play ({line})"))


def next_dealer_option(en: str) -> Any:
    """The ``next_dealer`` option (``en``: its description, naming the variant's lines)."""
    return option("winner", "下一局庄家", en, choices=NEXT_DEALER)


def dealer_after_win(snap: Snapshot, rule: str) -> int:
    """Who deals after a won round: ``winner`` — the winner (several on one discard: the winner
    first after the discarder); ``rotate`` — the dealer when it wins, else its 下家."""
    winners = [w.winner for w in snap.wins]
    if rule == "rotate":
        return snap.dealer if snap.dealer in winners else (snap.dealer + 1) % snap.n
    first = snap.wins[0]
    return first.winner if first.from_seat is None else closest_after(first.from_seat, winners, snap.n)
