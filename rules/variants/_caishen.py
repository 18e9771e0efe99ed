"""What the 财神麻将 tables share: 三财神 (``caishen-sancaishen``, 001:188-220), 台数
(``caishen-taishu``, 001:77-131), 台数胡数 (``caishen-hushu``, 001:132-187) and 软硬双翻
(``caishen-ruanying``, 001:24-41).

Both play the 136 tiles, 2-4 players, chow, pong and kong, a 16-tile hand (the dealer is
dealt 17: 001:191, 001:82). One tile turned up at the start is the 财神: its face is
``reveals.wild_indicator``, that copy stays on show, so three 财神 are in play; they stand
in for any tile of a winning hand and are never part of a chow, pong or kong. Both have
过胡不胡 / 过碰不碰 as the shared records of rules/passes.py, and neither seed says who deals
after a win (option ``next_dealer``). Each function takes the seed lines its variant
cites, so each variant's messages name its own text.

三财神 (under ``white_stands_in``) and 软硬双翻 (always) read a hand with 白板 as the 财神's face
(001:30): :func:`playing` swaps the two faces, and both ask whether a hand is whole sets and a
lone 财神 (财神吊 / 财神牛: :func:`sets_and_lone_wild`).

台数 and 台数胡数 also share the readings of a winning hand (every way its 财神 may stand, 归位
included: :func:`readings`), the 财神 checks of a round (never discarded, not a flower), the
wall's kept-back tiles, the checks of an analyze request and the shape of its answer, who
deals next and the waits of a hand; :class:`CaishenLines` holds what each cites.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any, Final

from ..errors import InvalidRound, RoundError, is_object
from ..hand import Group, HandRules, analyse, group_wait, is_complete, waits_seen
from ..options import option
from ..passes import PassRule, passed_kong_errors, passed_pong_errors, passed_win_errors
from ..snapshot import Player, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_136, SUITED, Tile, TileSet, chinese, parse_tile, sort_key
from ..variant import Variant, closest_after, seat_wind
from ..win_checks import one_win_errors
from ._fan_rounds import flower_errors, refuse_flowers

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


def wild_meld_errors(snap: Snapshot, face: Tile, line: str, *, four_concealed: bool = False) -> list[RoundError]:
    """A chow, pong or kong holding the 财神 (``wild_melded``): 财神 are never melded (``line``).
    ``four_concealed``: but the concealed kong of all four is (虫草花's 四财神暗杠, 001:390)."""
    return [RoundError("wild_melded", f"/players/{i}/melds/{j}", f"the 财神 {chinese(face)} is never part of a chow, "
                       f"pong or kong ({line})")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds)
            if face in m.tiles and not (four_concealed and m.kind == "concealed")]


def passed_claim_errors(snap: Snapshot, face: Tile, win: PassRule, pong: PassRule,
                        kong: PassRule | None = None) -> list[RoundError]:
    """过胡不胡 and 过碰不碰 (and 三财神's 过杠不杠), checked on the shared records (rules/passes.py);
    a record naming the 财神 ``face`` cannot be: a 财神 is never discarded, so nobody let one go."""
    errors = [RoundError("inconsistent_pass", f"/players/{s}/flags/{field}/{k}/tile", f"a 财神 ({chinese(face)}) is "
                         "never discarded: nobody can have let a claim on one go")
              for s, p in enumerate(snap.players) for field in ("passed_wins", "passed_pongs", "passed_kongs")
              for k, rec in enumerate(getattr(p.flags, field, ())) if rec.get("tile") == face]
    errors += [*passed_win_errors(snap, win), *passed_pong_errors(snap, pong)]
    if kong is not None:
        errors += passed_kong_errors(snap, kong)
    return errors


def analyze_face(body: Mapping[str, Any], tileset: TileSet = SET_136) -> Tile | None:
    """The 财神 an analyze request names in ``reveals.wild_indicator`` (虫草花: the 明牌), a face of
    ``tileset``; ``None`` without one."""
    rev = body.get("reveals") or {}
    if not is_object(rev):
        raise InvalidRound(RoundError("invalid_type", "/reveals", "expected an object"))
    raw = rev.get("wild_indicator")
    if raw is None:
        return None
    face = parse_tile(raw, "/reveals/wild_indicator")
    if not tileset.has(face):  # as a round's check_common says it
        raise InvalidRound(RoundError("tile_not_in_set", "/reveals/wild_indicator",
                                      f"{face} ({chinese(face)}) is not in this variant's {tileset.id}-tile set"))
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


# -- 白板 as the 财神's face (三财神 under ``white_stands_in``, 软硬双翻 always) ---------------------------

WHITE: Final[Tile] = "P"
"""白板: plays as the 财神's own face where it stands in (白板代替财神原来的牌值, 001:30)."""


def playing(tiles: list[Tile] | tuple[Tile, ...], face: Tile, white: bool) -> list[Tile]:
    """The tiles as they play, the wildcard being :func:`wild_of`: under ``white_stands_in`` the
    财神 and 白板 swap faces (白板 is then a plain tile of the 财神's face, 001:30)."""
    if not white or face == WHITE:
        return list(tiles)
    return [WHITE if t == face else face if t == WHITE else t for t in tiles]


def wild_of(face: Tile, white: bool) -> Tile:
    """The face that is the wildcard in :func:`playing`'s tiles."""
    return WHITE if white else face


def white_chow_faces(snap: Snapshot, white: bool) -> Mapping[Tile, Tile] | None:
    """Where 白板 stands in for the 财神's face (``white``; 001:30), it chows as that face (4万 白板
    6万 with 财神 5万): the ``Variant.chow_faces`` of 三财神, 软硬双翻 and 买花."""
    face = snap.reveals.wild_indicator
    if not white or face is None or face == WHITE:
        return None
    return {WHITE: face}


def sets_only(tiles: list[Tile], wild: Tile) -> bool:
    """Whether ``tiles`` form whole sets, their 财神 filling in. Asked as "with two more 财神 and
    no pair holding a real tile allowed (pair_ranks empty), is it complete?": the pair is then
    two 财神, and the rest are sets."""
    return is_complete([*tiles, wild, wild], HandRules(wild=frozenset({wild}), pair_ranks=frozenset()))


def less(tiles: list[Tile], tile: Tile, n: int) -> list[Tile]:
    rest = list(tiles)
    for _ in range(n):
        rest.remove(tile)
    return rest


def sets_and_lone_wild(hand: list[Tile], wild: Tile) -> bool:
    """财神吊 (001:201) / 财神牛 (001:37 B6): ``hand`` less one 财神 forms whole sets (the others
    filling in), so the lone 财神 waits for its pair."""
    return wild in hand and sets_only(less(hand, wild, 1), wild)


def pairs_with_wild(tiles: list[Tile], wild: Tile) -> bool:
    """Whether a complete hand can only be read with a 财神 paired with a real tile (三财神's
    ``caishendiao`` and 软硬双翻's ``caishenniu`` ``"pair"``: only such a win is 财神吊/财神牛): no reading with a pair of two real
    tiles or of two 财神 (each tried as the pair, the rest whole sets)."""
    faces = {t for t in tiles if t != wild and tiles.count(t) >= 2}
    if tiles.count(wild) >= 2:
        faces.add(wild)
    return not any(sets_only(less(tiles, f, 2), wild) for f in faces)


# -- the 财神 checks of a round (台数, 台数胡数) --------------------------------------------------


@dataclass(frozen=True)
class Hua:
    """One player's 花 and how they were counted (虫草花 and 下杠 001:395, 买花 001:308-315)."""

    seat: int
    total: int
    how: str

    # built per seat: its own __init__ (the generated one runs as Python compiled; rules/ledger.py)
    def __init__(self, seat: int, total: int, how: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "how", how)


@dataclass(frozen=True)
class CaishenLines:
    """What a variant's checks cite: its flowers (``flowers_zh`` by name; set aside when drawn:
    ``flower_line``), the 财神's line, the ``kept_back`` tiles never drawn (``kept_said``: the
    seed's words with their line; ``drawn_line``: the 流局's line) and one win per round (``one_win``)."""

    flowers: frozenset[Tile]
    flowers_zh: str
    flower_line: str
    wild_line: str
    kept_back: int
    kept_said: str
    drawn_line: str
    one_win: str


def round_errors(snap: Snapshot, reveals_used: frozenset[str], t: CaishenLines) -> tuple[Tile, list[RoundError]]:
    """The 财神's face and what both variants check of a round: the reveals, the 财神 (no flower,
    never melded, never discarded), the flowers set aside, one win and the wall."""
    face = wild_face(snap, f"{t.wild_line} 由庄家掷骰、边家回骰确定产生")
    return face, [*unused_reveal_errors(snap, reveals_used),
                  *indicator_errors(face, t.flowers, t.flower_line, t.wild_line),
                  *flower_errors(snap, t.flower_line, t.flowers, t.flowers_zh), *wild_meld_errors(snap, face, t.wild_line),
                  *wild_discard_errors(snap, face, t.wild_line), *one_win_errors(snap, t.one_win),
                  *wall_errors(snap, t.kept_back, t.kept_said, t.drawn_line)]


def dealer_after_round(snap: Snapshot, rule: str) -> int:
    """流局: the dealer deals again (三财神 001:195, which 软硬双翻 follows); a win:
    :func:`dealer_after_win` by ``rule`` (``next_dealer``)."""
    return dealer_after_win(snap, rule) if snap.wins else snap.dealer


def round_next_dealer(snap: Snapshot, won_rule: str, big_kong: str = "any") -> int:
    """流局: the dealer's 下家 after a kong in the round (``big_kong`` "exposed": an exposed or
    added one), else the dealer; a win: :func:`dealer_after_win` by ``won_rule`` (``next_dealer``)."""
    if not snap.wins:
        if big_kong == "exposed":
            kong = any(m.kind in ("exposed", "added") for p in snap.players for m in p.kongs)
        else:
            kong = any(p.kongs for p in snap.players)
        return (snap.dealer + 1) % snap.n if kong else snap.dealer
    return dealer_after_win(snap, won_rule)


def indicator_errors(face: Tile, flowers: frozenset[Tile], flower_line: str, wild_line: str) -> list[RoundError]:
    """A flower (``flowers``, set aside when drawn: ``flower_line``) is never turned up as the 财神."""
    if face in flowers:
        return [RoundError("invalid_reveal", "/reveals/wild_indicator", f"{face} ({chinese(face)}) is a flower here, "
                           f"set aside (补花, {flower_line}): the 财神 is a tile in play ({wild_line})")]
    return []


def wild_discard_errors(snap: Snapshot, face: Tile, wild_line: str) -> list[RoundError]:
    """财神不能打出去 (``wild_line``): no discard is a 财神, and nobody wins one from another player."""
    why = f"a 财神 ({chinese(face)}) is never discarded (财神不能打出去, {wild_line})"
    errors = [RoundError("wild_discarded", f"/players/{i}/discards/{k}", why)
              for i, p in enumerate(snap.players) for k, d in enumerate(p.discards) if d.tile == face]
    errors += [RoundError("wild_discarded", f"/wins/{i}/tile", f"{why}: nobody wins one from another player")
               for i, w in enumerate(snap.wins) if not w.self_drawn and w.tile == face]
    return errors


def wall_errors(snap: Snapshot, kept: int, said: str, line: str) -> list[RoundError]:
    """The ``kept`` tiles kept back are never drawn; a round without a win ends when they are all
    that is left (流局; ``said``: the seed's words with their line, ``line``: the line)."""
    left = snap.wall_remaining
    if left is None:
        return []
    if left < kept:
        return [RoundError("inconsistent_wall", "/wall_remaining", f"{left} tiles left: the last {kept} are never "
                           f"drawn ({said})")]
    if not snap.wins and left != kept:
        return [RoundError("wall_not_exhausted", "/wall_remaining", f"a round without a win ends when {kept} "
                           f"tiles are left (流局, {line}), not {left}")]
    return []


# -- a reading: the hand with every 财神 placed (台数, 台数胡数) --------------------------------------

RUNS: Final[tuple[tuple[Tile, Tile, Tile], ...]] = tuple(
    (SUITED[b + r], SUITED[b + r + 1], SUITED[b + r + 2]) for b in (0, 9, 18) for r in range(7))
"""Every chow a set of 财神 only may stand for."""


@dataclass(unsafe_hash=True)
class Part:
    """One set of a reading: a ``chow``, a triplet (``pong``: a pong, a concealed triplet or a
    kong) or ``kan`` (台数's 三财神做坎: three 财神 that are no tile at all, 001:118)."""

    kind: Final[str]
    faces: Final[tuple[Tile, ...]]  # what it plays as (() for 做坎)
    guiwei: Final[int]  # 财神 in it standing as their own face (归位)

    def __init__(self, kind: str, faces: tuple[Tile, ...], guiwei: int) -> None:
        self.kind = kind
        self.faces = faces
        self.guiwei = guiwei


@dataclass(unsafe_hash=True)
class Reading:
    """The winning hand with each 财神 given a face (or the three as 做坎) and the won tile placed."""

    parts: Final[tuple[Part, ...]]  # the five sets: the concealed ones, then the melds in their order
    pair: Final[Tile]
    pair_wilds: Final[int]  # 财神 in the pair
    guiwei: Final[int]  # 财神 standing as their own face, in all
    wait: Final[str]  # what the won tile completed: a rules.hand WaitShape, or "kan"

    def __init__(self, parts: tuple[Part, ...], pair: Tile, pair_wilds: int, guiwei: int, wait: str) -> None:
        self.parts = parts
        self.pair = pair
        self.pair_wilds = pair_wilds
        self.guiwei = guiwei
        self.wait = wait

    def faces(self) -> list[Tile]:
        return [f for p in self.parts for f in p.faces] + [self.pair]


_Placed = tuple[Part, tuple[Tile, ...], tuple[Tile, ...]]
"""A concealed set or the pair as it plays: the part, its real tiles' faces, its 财神's stand-ins."""
_PART_KIND: Final = {"sequence": "chow", "triplet": "pong", "pair": "pair"}  # rules.hand Group kind → Part kind
_GROUP_KIND: Final = {"chow": "sequence", "pong": "triplet", "pair": "pair"}


def _group_options(g: Group, face: Tile, stand_ins: tuple[Tile, ...], kan: bool) -> list[_Placed]:
    """A decomposition's group as the parts it may be: itself, or — made of 财神 only — any
    triplet or chow (or pair) of ``stand_ins``, or (``kan``) 三财神做坎. ``face``: the face a
    财神 stands as to be 归位."""
    kind = _PART_KIND[g.kind]
    if not g.is_free:
        faces = tuple(f for f in g.faces if f is not None)
        stand = tuple(f for f in g.wild_faces if f is not None)
        real = list(faces)
        for f in stand:
            real.remove(f)
        return [(Part(kind, faces, stand.count(face)), tuple(real), stand)]
    if kind == "pair":
        return [(Part("pair", (f, f), 2 * (f == face)), (), (f, f)) for f in stand_ins]
    out: list[_Placed] = [(Part("kan", (), 0), (), ())] if kan else []  # 三个财神组成刻子不当做任何牌 (001:118)
    out += [(Part("pong", (f, f, f), 3 * (f == face)), (), (f, f, f)) for f in stand_ins]
    out += [(Part("chow", run, int(face in run)), (), run) for run in RUNS]
    return out


def _waits_of(placed: tuple[_Placed, ...], tile: Tile, face: Tile) -> set[str]:
    """Where the won tile may have arrived: a set or the pair holding a real copy of it, or —
    a 财神 won — any 财神 of the hand, by the face it stands for (rules.hand.group_wait)."""
    out: set[str] = set()
    for part, real, stand in placed:
        if tile == face:
            if part.kind == "kan":
                out.add("kan")
            for f in set(stand):
                out.add(_wait(part, f))
        elif tile in real:
            out.add(_wait(part, tile))
    return out


def _wait(part: Part, tile: Tile) -> str:
    return group_wait(Group(_GROUP_KIND[part.kind], part.faces), tile)


def readings(player: Player, win: Win, face: Tile, stand_ins: tuple[Tile, ...], kan: bool,
             home: Tile | None = None) -> list[Reading]:
    """Every reading of the winning hand: each decomposition of the concealed tiles with the won
    one (the 财神 filling in), a set or pair of 财神 only as any of ``stand_ins`` (or, ``kan``,
    三财神做坎), and each place the won tile may have arrived in; the melds as they are (a kong
    as its three faces). None: not five sets and a pair. ``home``: the face a 财神 stands as
    to be 归位 when the tiles are read with another face as the wildcard (买花's 白板 swap); by
    default ``face``."""
    concealed = [*player.hand, win.tile]
    melds = tuple(Part("chow" if m.type == "chow" else "pong", m.tiles[:3], 0) for m in player.melds)
    at_home = face if home is None else home
    out: list[Reading] = []
    for d in analyse(concealed, HandRules(wild=frozenset({face}))).decompositions:
        options = [_group_options(g, at_home, stand_ins, kan) for g in (d.pair, *d.sets)]
        for placed in product(*options):
            pair = placed[0][0]
            parts = tuple(p for p, _, _ in placed[1:]) + melds
            guiwei = sum(p.guiwei for p, _, _ in placed)
            out.extend(Reading(parts, pair.faces[0], len(placed[0][2]), guiwei, wait)
                       for wait in sorted(_waits_of(placed, win.tile, face)))
    return out


def hand_waits(player: Player, face: Tile, playing: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """听牌, for the record: the faces of ``playing`` (the tiles in play, no flower) that complete
    the hand (the 财神 while a copy is left to draw: one is on show, three in play)."""
    found = waits_seen(player.hand, HandRules(wild=frozenset({face})), playing, player.meld_tiles())
    return tuple(sorted((t for t in found if t != face or player.hand.count(face) < 3), key=sort_key))


# -- POST /v1/hands/analyze (台数, 台数胡数) --------------------------------------------------------

Price = Callable[[Player, Win, Tile], dict[str, Any] | None]
"""A variant's price of a self-drawn win (the hand before it, the win, the seat's wind): the
answer's fields from ``patterns`` to ``value``; ``None``: no win."""


def analyze_request(variant: Variant, body: Mapping[str, Any], opts: Any, t: CaishenLines) -> tuple[Tile | None, Player]:
    """An analyze request's 财神 (``None`` without one) and hand, refused with a flower as the
    财神, in the hand or in a meld, and — with a 财神 — a fourth copy of it or one melded."""
    face = analyze_face(body)
    if face is not None:
        errors = indicator_errors(face, t.flowers, t.flower_line, t.wild_line)
        if errors:
            raise InvalidRound(errors)
    player, _ = variant.analyze_input(body, opts)
    refuse_flowers(player.hand, t.flower_line, t.flowers)
    for j, m in enumerate(player.melds):
        if any(f in t.flowers for f in m.tiles):
            raise InvalidRound(RoundError("flower_in_play", f"/melds/{j}", f"a flower never forms a set ({t.flower_line})"))
    if face is None:
        return None, player
    check_copies(player, face, t.wild_line)
    for j, m in enumerate(player.melds):
        if face in m.tiles:
            raise InvalidRound(RoundError("wild_melded", f"/melds/{j}", f"the 财神 {chinese(face)} is never part of "
                                          f"a chow, pong or kong ({t.wild_line})"))
    return face, player


def wild_analysis(variant_id: str, player: Player, face: Tile, waits: Callable[[Player, Tile], tuple[Tile, ...]],
                  price: Price, no_win: Mapping[str, Any]) -> dict[str, Any]:
    """The analysis of a hand with its 财神, read as the dealer's (门风 东) with no flowers and no
    win flags: a complete hand its ``price`` as a self-draw of its last tile (``no_win``'s fields
    when it is none); a waiting hand its ``waits``, each priced as a self-draw and marked
    ``self_draw_only`` for the 财神 itself (财神不能打出去), or when ``price`` says so (its
    ``self_draw_only`` field: a win only out of shape, 买花's 推到)."""
    east = seat_wind(0, 0, 4)
    out: dict[str, Any] = {"variant": variant_id, "hand": list(player.hand), "melds": len(player.melds),
                           "wild_indicator": face}
    if len(player.hand) % 3 == 2:
        waiting = Player(0, player.hand[:-1], player.melds, (), (), None, player.flags)
        fields = price(waiting, Win(0, None, player.hand[-1]), east)
        if fields is not None:
            fields.pop("self_draw_only", None)
        out.update({"complete": fields is not None, **(no_win if fields is None else fields)})
        return out
    priced = []
    for t in waits(player, face):
        fields = price(player, Win(0, None, t), east)
        if fields is None:
            continue  # (the waits found it complete: never so)
        only = bool(fields.pop("self_draw_only", False))
        priced.append({"tile": t, **fields, "self_draw_only": t == face or only})
    out.update({"ready": bool(priced), "waits": priced})
    return out
