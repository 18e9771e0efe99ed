"""The variant interface: what every calculator declares and the hooks it implements."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import InvalidRound, RoundError
from .hand import HandRules, is_complete, waits_seen
from .ledger import Item, Settlement
from .options import NoOptions, describe_options, options_schema
from .patterns import PatternTable
from .snapshot import Player, Reveals, Snapshot, Win
from .tiles import SET_108, WINDS, Tile, TileSet


@dataclass(frozen=True)
class CardSettlement:
    """A card game's answer for one round, before the API adds ids, scores and digest: its
    ``hands`` are the game's own reports (斗地主: role, cards left), ready as JSON."""

    items: tuple[Item, ...]
    hands: tuple[dict[str, Any], ...]
    next_dealer: int | None
    notes: tuple[str, ...] = ()


class Variant:
    """Base class of every calculator; a subclass sets the class attributes and
    implements :meth:`settle` (and usually :meth:`hand_rules` and :meth:`validate`).

    Instances are stateless and shared between requests.
    """

    id: ClassVar[str]
    name: ClassVar[str]  # 中文
    name_en: ClassVar[str]
    rules_version: ClassVar[str]
    source: ClassVar[str]  # seed file and lines
    players: ClassVar[tuple[int, int]] = (2, 4)
    hand_size: ClassVar[int] = 13
    allows_chow: ClassVar[bool] = False
    Options: ClassVar[type] = NoOptions
    Flags: ClassVar[type] = NoOptions
    patterns: ClassVar[PatternTable] = PatternTable(())
    # How the random round generator (rules/generator.py) plays this variant:
    # 血战: play on after a win (its own history check, rules.timeline.check_sequential_wins); every
    # other round ends at its win, and rules.api checks nothing follows it (check_single_win_turns)
    sequential_wins: ClassVar[bool] = False
    self_draw_only: ClassVar[bool] = False  # no win on a discard (an option may refine this)
    reveals_used: ClassVar[frozenset[str]] = frozenset()  # of chicken_flip, birds, wild_indicator
    # 开杠: a kong shows this many wall tiles instead of one replacement draw, the hand must
    # stay ready and is frozen after it, and the wall must hold kong_min_wall tiles (安化)
    kong_shows: ClassVar[int] = 0
    kong_min_wall: ClassVar[int] = 0
    marks_delayed_kongs: ClassVar[bool] = False  # 贵阳 憨包豆: a self kong passed up once is made "delayed"
    declares_ready: ClassVar[bool] = False  # 报听 (ready_declared_turn) with a first discard, the hand then frozen
    # 补花 of faces that are flowers at this table though not 1f-8f (台数's 中发白): dealt or drawn, they
    # are set aside into the player's ``flowers`` and replaced from the wall (1f-8f stay out of the wall
    # unless listed here: 买花 sets its eight flowers aside)
    set_aside: ClassVar[frozenset[Tile]] = frozenset()
    # A card game (斗地主) has its own request shape (DESIGN.md): rules.api sends it to
    # settle_round and the generator to generate_round; none of the mahjong hooks apply
    card_game: ClassVar[bool] = False

    # -- hooks ------------------------------------------------------------------

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        """The tiles in play (may depend on options and the number of players)."""
        return SET_108

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """Tiles left in the wall when the round is drawn, after ``kongs`` kongs (generated
        rounds stop drawing there). 0: the wall is played out."""
        return 0

    def kept_draw_seats(self, snap: Snapshot) -> frozenset[int]:
        """Seats whose hand may hold one tile more than ``hand_size``: a tile drawn at the very
        end of the round and kept without a discard (湖南's 海底). None by default."""
        return frozenset()

    def chow_faces(self, snap: Snapshot, opts: Any) -> Mapping[Tile, Tile] | None:
        """Tiles that play as another face in a chow (财神's 白板 under ``white_stands_in``);
        ``None``: every tile is its own face."""
        return None

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        """What completes a hand here (wildcards may depend on the reveals)."""
        return HandRules()

    def validate(self, snap: Snapshot, opts: Any) -> None:
        """Variant checks beyond :func:`rules.snapshot.check_common`.

        The default checks that every winner's tiles complete a hand.
        """
        rules = self.hand_rules(snap, opts)
        errors = []
        for i, w in enumerate(snap.wins):
            if not self.wins_with(snap.players[w.winner], w, rules):
                errors.append(RoundError("not_a_win", f"/wins/{i}",
                                         f"seat {w.winner}'s hand with {w.tile} is not a winning hand in {self.id}"))
        if errors:
            raise InvalidRound(errors)

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        raise NotImplementedError

    def settle_round(self, request: dict[str, Any], opts: Any) -> CardSettlement:
        """A card game's round, read from the request, checked and settled (``card_game``)."""
        raise NotImplementedError

    def generate_round(self, rng: random.Random, options: dict[str, Any], opts: Any) -> dict[str, Any]:
        """A card game's random legal round as a request body (``card_game``; generator hook)."""
        raise NotImplementedError

    def birds_to_draw(self, body: Mapping[str, Any], opts: Any) -> int:
        """How many bird/码 tiles the round reveals after its win(s) (generator hook)."""
        return 0

    def simulate_flags(self, seat: int, hand: list[Tile], opts: Any, rng: Any) -> dict[str, Any]:
        """Per-player flags a generated round declares at the start (generator hook)."""
        return {}

    def declares_open(self, opts: Any) -> bool:
        """Whether a ready player may lay its hand open (邯郸 明扣, ``flags.mingkou``), to win by
        self-draw only with the hand frozen from then on (generator hook)."""
        return False

    def pushes_down(self, dealt: list[Tile], reveals: Reveals, opts: Any) -> str | None:
        """The player flag under which a hand as dealt (the dealer's 14 tiles, the 14th last; a
        non-dealer's 13) may be laid down as a win at the first draw without being complete
        (安化 四王/七王 推倒), else ``None`` (generator hook)."""
        return None

    def may_win(self, tiles: list[Tile], flags: Mapping[str, Any]) -> bool:
        """Whether a complete hand may be declared won, beyond its shape (generator hook).

        ``tiles``: every tile the player holds, melds included, with the winning tile;
        ``flags``: what :meth:`simulate_flags` declared (血战: 缺一门).
        """
        return True

    def may_win_scored(self, player: Player, win: Win, dealer: int, opts: Any) -> bool:
        """Whether a complete hand scores enough to be declared won (起和, a fan minimum), judged
        from ``player`` (concealed ``hand`` without the won tile, ``melds``; no discards, flowers
        or declaration) and ``win`` (whose, the tile, self-drawn or not — ``from_seat`` is then
        some other seat, not necessarily the discarder; no other flag): a floor of the real score
        (generator hook; the rounds it lets through that still fall short are dealt again)."""
        return True

    def discard_first(self, hand: list[Tile], flags: Mapping[str, Any]) -> list[Tile]:
        """Tiles of ``hand`` that must be discarded before any other, never claimed (generator hook; 血战 定缺)."""
        return []

    def wins_unshaped(self, tiles: list[Tile], reveals: Reveals, opts: Any) -> bool:
        """Whether a self-drawn hand wins without a complete shape (财神 三财神推倒胡); ``tiles``:
        the concealed tiles with the one drawn (generator hook)."""
        return False

    def set_aside_for(self, reveals: Reveals, opts: Any) -> frozenset[Tile]:
        """The faces set aside when dealt or drawn (补花) in a round with these ``reveals``: by default
        ``set_aside``; 虫草花's depend on the tile turned up (its 杠头 and 白板) (generator hook)."""
        return self.set_aside

    def chows(self, opts: Any) -> bool:
        """Whether a table with these options plays 吃: by default ``allows_chow``; 虫草花's 只碰不吃
        turns it off (generator hook)."""
        return self.allows_chow

    def may_win_on(self, hand: list[Tile], tile: Tile, reveals: Reveals, opts: Any) -> bool:
        """Whether a hand that wins on ``tile`` may take it from another player (a discard, a
        robbed kong), beyond ``self_draw_only`` (财神: 财神吊, 三财神, a dead 财神, the table's 点炮
        setting); ``hand``: the concealed tiles without ``tile`` (generator hook)."""
        return True

    # -- helpers shared by calculators ------------------------------------------------

    @staticmethod
    def concealed_with(player: Player, win: Win) -> list[Tile]:
        """The concealed tiles plus the winning tile."""
        return [*player.hand, win.tile]

    def wins_with(self, player: Player, win: Win, rules: HandRules) -> bool:
        return is_complete(self.concealed_with(player, win), rules)

    def waits_of(self, player: Player, rules: HandRules, tileset: TileSet) -> list[Tile]:
        """听牌: faces that would complete this player's hand."""
        return waits_seen(player.hand, rules, tileset.faces, player.meld_tiles())

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """The patterns and value a win on ``tile`` would score (what 查叫 uses); ``None`` when
        the variant does not price a hypothetical win."""
        return None

    def analyze_input(self, body: Mapping[str, Any], opts: Any) -> tuple[Player, TileSet]:
        """The analyze request's hand and melds as a player (seat 0), checked against the tile
        set and the hand size, and the tile set."""
        from .snapshot import _list, _meld
        from .tiles import parse_tiles

        hand = parse_tiles(body.get("hand", []), "/hand")
        melds = tuple(_meld(m, f"/melds/{i}") for i, m in enumerate(_list(body.get("melds"), "/melds")))
        tileset = self.tileset(opts, self.players[1])
        for i, t in enumerate(hand):
            if not tileset.has(t):
                raise InvalidRound(RoundError("tile_not_in_set", f"/hand/{i}", f"{t} is not in this variant's tile set"))
        if (len(hand) + 3 * len(melds)) not in (self.hand_size, self.hand_size + 1):
            raise InvalidRound(RoundError("hand_size", "/hand", f"give {self.hand_size} tiles (a waiting hand) or "
                                          f"{self.hand_size + 1} (a complete hand), melds counting 3"))
        seen = Counter(t for m in melds for t in m.tiles)
        for i, t in enumerate(hand):  # a fifth copy cannot be held (the melds' tiles counted first)
            seen[t] += 1
            if seen[t] > tileset.copies.get(t, 0):
                raise InvalidRound(RoundError("too_many_copies", f"/hand/{i}", f"more than {tileset.copies.get(t, 0)} "
                                              f"{t} in the hand and melds"))
        return Player(0, hand, melds, (), (), None, self.Flags()), tileset

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """``POST /v1/hands/analyze``: a 3k+1 hand's waits, or a 3k+2 hand's decompositions."""
        from .hand import analyse

        player, tileset = self.analyze_input(body, opts)
        hand, melds = player.hand, player.melds
        rules = self.hand_rules(None, opts)
        out: dict[str, Any] = {"variant": self.id, "hand": list(hand), "melds": len(melds)}
        if len(hand) % 3 == 2:
            a = analyse(hand, rules)
            out["complete"] = a.wins
            out["decompositions"] = [
                [{"kind": g.kind, "tiles": [f or "*" for f in g.faces], "wild_stand_ins": [f or "*" for f in g.wild_faces]}
                 for g in d.groups] for d in a.decompositions[:50]]
            out["seven_pairs"] = a.seven_pairs is not None
            out["thirteen_orphans"] = a.thirteen_orphans
            return out
        faces = self.waits_of(player, rules, tileset)
        priced = []
        for f in faces:
            entry: dict[str, Any] = {"tile": f}
            v = self.value_of_wait(player, f, None, opts)
            if v is not None:
                entry["patterns"], entry["value"] = list(v[0]), v[1]
            priced.append(entry)
        out["ready"] = bool(faces)
        out["waits"] = priced
        return out

    # -- description ---------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The description's head, the whole of ``GET /v1/variants``'s entry (every game, cards too)."""
        return {"id": self.id, "name": self.name, "name_en": self.name_en,
                "players": {"min": self.players[0], "max": self.players[1]},
                "rules_version": self.rules_version, "source": self.source}

    def settings(self) -> dict[str, Any]:
        """The options and per-player flags with their JSON schemas, as every full description gives them."""
        return {"options": describe_options(self.Options), "options_schema": options_schema(self.Options),
                "flags": describe_options(self.Flags), "flags_schema": options_schema(self.Flags)}

    def describe(self, full: bool = True) -> dict[str, Any]:
        d = self.summary()
        if full:
            d.update({
                "hand_size": self.hand_size,
                "chow": self.allows_chow,
                "tile_sets": {str(n): self.tileset(self.Options(), n).describe()
                              for n in range(self.players[0], self.players[1] + 1)},
                **self.settings(),
                "patterns": self.patterns.describe(),
            })
        return d


def seat_wind(seat: int, dealer: int, n: int) -> Tile:
    """门风 by the seat's place after the dealer: 庄家东, 下家南, 对家西, 上家北 (国标 001:535); a
    smaller table keeps the order (three seats 东南西, two 东南)."""
    return WINDS[(seat - dealer) % n]


def seats_after(seat: int, n: int) -> list[int]:
    """The other seats in turn order starting with ``seat``'s 下家."""
    return [(seat + k) % n for k in range(1, n)]


def closest_after(origin: int, seats: list[int] | tuple[int, ...], n: int) -> int:
    """Of ``seats``, the one that plays soonest after ``origin`` (截胡 order)."""
    return min(seats, key=lambda s: (s - origin) % n)


def others(seat: int, n: int) -> list[int]:
    return [s for s in range(n) if s != seat]


def tally(items: Mapping[str, int]) -> int:
    return sum(items.values())
