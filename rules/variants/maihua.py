"""买花麻将 Maihua (Buying Flowers) — 001_a1ce558555b69162.txt lines 294-333.

144 tiles: the 136 and eight flowers, red 春夏秋冬 and black 梅兰竹菊 (001:295); 2-4 players,
chow, pong and kong, the dealer dealt 17 and a 闲家 16 (001:297). Flowers are set aside when
drawn (补花), but a seat may keep its own red flower in the hand as a wildcard, the 花财神
(001:295). The 正财神 (001:325-327) is the family's 财神, the face of the tile turned up: its
three copies in play stand in for any tile, are never discarded and never melded. Five sets
and a pair win; three 正财神 (001:326) or four red or four black flowers (001:328) win
whatever the shape, by self-draw. A win is counted in 台 (001:316-332) over every reading of
its 财神, doubled from 6台 (六台翻, 001:306); every other player pays 台 + 1 (胡倒得分, 001:333),
a line with the dealer one more (001:333), doubled under 坐庄翻 (001:304); 包牌 makes the
discarder pay for everyone (001:302-303). Every pair of players settles its difference in 花
(花分, 001:308-315, 001:333), on a drawn round too. The lead's readings M1-M8 behind each
choice are in docs/variants/maihua.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete, waits_seen
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..patterns import Pattern, PatternTable
from ..snapshot import Meld, Player, Reveals, Snapshot, Win, unused_reveal_errors
from ..tiles import FLOWERS, SET_144, Tile, TileSet, chinese, compact, sort_key
from ..variant import seat_wind, seats_after
from ..win_checks import one_win_errors, win_flag_errors
from ._caishen import (
    NEXT_DEALER,
    WHITE,
    CaishenTable,
    Hua,
    Part,
    Reading,
    analyze_face,
    check_copies,
    dealer_after_win,
    indicator_errors,
    playing,
    readings,
    wall_errors,
    white_chow_faces,
    wild_analysis,
    wild_discard_errors,
    wild_face,
    wild_meld_errors,
    wild_of,
)
from ._fan_rounds import flower_errors, refuse_flowers
from ._round import PerRound, PerWin

FLOWER_SET: Final = frozenset(FLOWERS)
RED: Final = frozenset(FLOWERS[:4])
"""春夏秋冬 (001:295 红花)."""
BLACK: Final = frozenset(FLOWERS[4:])
"""梅兰竹菊 (001:295 黑花)."""
FLOWER_LINE: Final = "001:295"
FLOWER_NAMES: Final = "春夏秋冬梅兰竹菊"
WILD_LINE: Final = "001:325-327 正财神, the family's 财神 (001:84)"
KEPT_BACK: Final = 16
"""剩16张牌…流局 (001:298): the last 16 tiles are never drawn."""
KEPT_SAID: Final = "剩16张牌每人胡牌则流局, 001:298"
DOUBLE_AT: Final = 6
"""六台翻 (001:306) and 六花翻 (001:305): 6 or more are doubled."""
LIABLE_WALL: Final = range(KEPT_BACK, KEPT_BACK + 4)
"""流局前最后4张牌 (001:303a): a discard won with 16-19 tiles left."""
ONE_WIN: Final = ("一炮多响时，顺序在前的玩家优先胡牌 (001:297): the first in turn order wins alone, one win per "
                  "round")
_PLAYING: Final[tuple[Tile, ...]] = SET_144.faces
"""The 34 faces in play (no flower): what a 财神 may stand for, what a hand may wait on."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every line (win and 花分) is multiplied by it (the seed "
                              "names none)", minimum=1)
    flower_caishen: bool = option(True, "花财神", "A seat may keep its own red flower in its hand as a wildcard "
                                  "(对应风位的红花可以做花财神, 001:295); off: every flower is set aside")
    white_stands_in: bool = option(False, "白板代替", "白板 plays as the 正财神's face (001:321 白板不替代财神时生效 "
                                   "presumes tables where it does; the family's 001:30); a 白板 triplet is then no "
                                   "中发白刻")
    six_tai_double: bool = option(True, "六台翻", "A win of 6台 or more doubles its 台 and the winner's 花 (001:306, "
                                  "默认)")
    six_flower_double: bool = option(False, "六花翻", "A player with 6花 or more doubles its 花 (001:305, 可选); a "
                                     "player's 花 are doubled once at most")
    buy_caishen: bool = option(False, "买财神", "Each 正财神 in a player's concealed hand adds 1花 (001:309, 可选)")
    dealer_double: bool = option(False, "坐庄翻", "A win line the dealer pays or is paid is doubled (001:304, 可选)")
    liability: bool = option(False, "包牌", "The discarder pays every player's line of a win on the last four tiles "
                             "or from a hand not ready after its discard, and the winner gains 1花 (001:302-303, 可选)")
    next_dealer: str = option("rotate", "下一局庄家", "Who deals after a win (the seed says only 连庄 and the drawn "
                              "round, 001:298): rotate (the dealer stays when it wins, else its 下家) or winner",
                              choices=NEXT_DEALER)


@dataclass(frozen=True)
class Flags:
    repeat_dealer: bool = option(False, "连庄", "The dealer dealt the round before too (连庄时流局不换庄, 001:298): a "
                                 "drawn round keeps it; the dealer only")


# -- the seats' own flowers ----------------------------------------------------------------


def own_flowers(seat: int, dealer: int, n: int) -> tuple[Tile, Tile]:
    """自家花牌 (001:312): the red and the black flower of the seat wind's number, the wind counted
    from the dealer as 门风 is (东 春梅, 南 夏兰, 西 秋竹, 北 冬菊)."""
    k = (seat - dealer) % n
    return FLOWERS[k], FLOWERS[k + 4]


def kept_flower(seat: int, dealer: int, n: int, opts: Any) -> Tile | None:
    """The flower the seat may hold as its 花财神 (its own red flower, 001:295), if the table plays it."""
    return own_flowers(seat, dealer, n)[0] if opts.flower_caishen else None


def played(tiles: tuple[Tile, ...] | list[Tile], face: Tile, white: bool, kept: Tile | None) -> list[Tile]:
    """The tiles as they play: the 花财神 is a 财神 (001:295), so it reads as the 正财神's face, and
    under ``white_stands_in`` the 财神 and 白板 swap faces (rules/variants/_caishen.py ``playing``);
    the wildcard is then ``wild_of(face, white)``."""
    return playing([face if t == kept else t for t in tiles], face, white)


def _stand_ins(face: Tile, white: bool) -> tuple[Tile, ...]:
    """What a 财神 may stand for: any face in play; with 白板 swapped for the 财神, no real tile
    plays as 白板's face any more."""
    wild = wild_of(face, white)
    return _PLAYING if wild == face else tuple(f for f in _PLAYING if f != wild)


# -- one win ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    """What a win is, whatever the reading: the 财神 and flowers held, the shape, the readings."""

    zheng: int  # 正财神 among the concealed tiles and the won tile
    hua: int  # 花财神 among them
    red: int  # red flowers held: set aside, or a 花财神
    black: int
    in_shape: bool
    seat_wind: Tile
    dragons: frozenset[Tile]  # the faces whose triplets are 中发白刻 (001:321)
    win: Win
    readings: tuple[Reading, ...]  # empty: not in shape
    melds: tuple[Part, ...]  # the melds as they play (a kong as its three faces)


def held(player: Player, win: Win, face: Tile, wind: Tile, kept: Tile | None, white: bool) -> Held:
    """The win's facts: the hand read with the 花财神 ``kept`` and 白板 as ``white_stands_in`` says."""
    wild = wild_of(face, white)
    concealed = [*player.hand, win.tile]
    hua = concealed.count(kept) if kept is not None else 0
    flowers = [*player.flowers, *([kept] * hua if kept is not None else [])]
    melds = tuple(Meld(m.type, tuple(played(m.tiles, face, white, None)), m.kind) for m in player.melds)
    as_played = Player(player.seat, tuple(played(player.hand, face, white, kept)), melds, (), (), None, player.flags)
    won = Win(win.winner, win.from_seat, played((win.tile,), face, white, kept)[0])
    in_shape = is_complete([*as_played.hand, won.tile], HandRules(wild=frozenset({wild})))
    found = tuple(readings(as_played, won, wild, _stand_ins(face, white), False, face)) if in_shape else ()
    # 中发白刻 (001:321): 白 only when 白板 does not stand in; a triplet playing as the 财神's face is then 白板's
    dragons = frozenset({"C", "F", "P"} - ({WHITE, face} if white else set()))
    parts = tuple(Part("chow" if m.type == "chow" else "pong", m.tiles[:3], 0) for m in melds)
    return Held(concealed.count(face), hua, sum(1 for f in set(flowers) if f in RED),
                sum(1 for f in set(flowers) if f in BLACK), in_shape, wind, dragons, win, found, parts)


def wins_unshaped(h: Held) -> bool:
    """三财神推到 (001:326) and 四花推到 (001:328): a win whatever the shape (by self-draw)."""
    return h.zheng == 3 or h.red == 4 or h.black == 4


# -- the 台 table (001:316-332) -------------------------------------------------------------

# id, 中文, English, 台, seed line, note
_ROWS: Final[tuple[tuple[str, str, str, int, str, str], ...]] = (
    ("heihua", "黑花", "Black Flower", 1, "001:319", "each black flower (梅兰竹菊) the winner holds"),
    ("zifengke", "自风刻/杠", "Seat Wind Triplet", 1, "001:320", "a triplet, pong or kong of the seat's wind"),
    ("jianke", "中发白刻/杠", "Dragon Triplet", 1, "001:321",
     "each triplet, pong or kong of 中, 发, 白 (白 only when 白板 does not stand in)"),
    ("zimo", "自摸", "Self-Drawn", 1, "001:322", "a self-draw, 杠上开花 and 天胡 too"),
    ("wucaishen", "无财神", "No God of Wealth", 1, "001:323", "no 财神 (正 or 花) among the concealed tiles and the won"),
    ("caishenguiwei", "财神归位", "God of Wealth in Place", 1, "001:324",
     "one 财神 in the hand, a 正财神, standing as its own face"),
    ("shuangcaishen", "双财神", "Two Gods of Wealth", 1, "001:325", "two 正财神 in the hand"),
    ("sancaishen_tuidao", "三财神推到", "Three Gods of Wealth, Any Shape", 3, "001:326",
     "three 正财神, not in shape, self-drawn"),
    ("sancaishen", "三财神", "Three Gods of Wealth", 4, "001:327", "three 正财神, in shape"),
    ("sihua_tuidao_red", "四花推到", "Four Red Flowers, Any Shape", 3, "001:328",
     "春夏秋冬 all held, not in shape, self-drawn"),
    ("sihua_tuidao_black", "四花推到", "Four Black Flowers, Any Shape", 4, "001:328",
     "梅兰竹菊 all held, not in shape, self-drawn"),
    ("sihuahu_red", "四花胡", "Four Red Flowers in Shape", 4, "001:329", "春夏秋冬 all held, in shape"),
    ("sihuahu_black", "四花胡", "Four Black Flowers in Shape", 5, "001:329", "梅兰竹菊 all held, in shape"),
    ("tianhu", "天胡", "Heavenly Win", 3, "001:330", "heavenly: the dealer wins on its dealt hand"),
    ("dihu", "地胡", "Earthly Win", 2, "001:331", "earthly: a 闲家 wins the dealer's first discard"),
    ("qiangganghu", "抢杠胡", "Robbing the Kong", 1, "001:332", "robbing_kong: won on an added kong's tile"),
)
PATTERNS: Final = PatternTable([Pattern(pid, zh, en, tai, (), f"{seed}: {note}") for pid, zh, en, tai, seed, note in _ROWS])

Detector = Callable[[Reading | None, Held], int]
"""How many times a row counts in a reading (``None``: a hand not in shape, its melds alone)."""


def _triplets(r: Reading | None, h: Held) -> list[Tile]:
    """The faces of the triplets, pongs and kongs: the reading's, or a hand out of shape's melds."""
    parts = r.parts if r is not None else h.melds
    return [p.faces[0] for p in parts if p.kind == "pong"]


def _unshaped(h: Held) -> bool:
    return not h.in_shape


# one per row, in table order (the rows add: the seed writes no 不计)
DETECTORS: Final[dict[str, Detector]] = {
    "heihua": lambda _r, h: h.black,
    "zifengke": lambda r, h: int(h.seat_wind in _triplets(r, h)),
    "jianke": lambda r, h: sum(1 for f in _triplets(r, h) if f in h.dragons),
    "zimo": lambda _r, h: int(h.win.self_drawn),
    "wucaishen": lambda _r, h: int(h.zheng + h.hua == 0),
    "caishenguiwei": lambda r, h: int(h.zheng == 1 and h.hua == 0 and r is not None and r.guiwei == 1),
    "shuangcaishen": lambda _r, h: int(h.zheng == 2),
    "sancaishen_tuidao": lambda _r, h: int(h.zheng == 3 and _unshaped(h)),
    "sancaishen": lambda _r, h: int(h.zheng == 3 and h.in_shape),
    "sihua_tuidao_red": lambda _r, h: int(h.red == 4 and _unshaped(h)),
    "sihua_tuidao_black": lambda _r, h: int(h.black == 4 and _unshaped(h)),
    "sihuahu_red": lambda _r, h: int(h.red == 4 and h.in_shape),
    "sihuahu_black": lambda _r, h: int(h.black == 4 and h.in_shape),
    "tianhu": lambda _r, h: int(h.win.heavenly),
    "dihu": lambda _r, h: int(h.win.earthly),
    "qiangganghu": lambda _r, h: int(h.win.robbing_kong),
}


@dataclass(frozen=True)
class Tai:
    """A win's count: the rows kept (each with its times), the 台 before 六台翻 and after it."""

    rows: tuple[tuple[str, int], ...]
    tai: int
    total: int

    @property
    def doubled(self) -> bool:
        return self.total != self.tai

    @property
    def hu(self) -> int:
        """胡倒得分=胡牌台数+1 (001:333)."""
        return self.total + 1


def count(r: Reading | None, h: Held, six_tai_double: bool) -> Tai:
    """The rows found in one reading, added; 6台 or more doubled under 六台翻 (001:306)."""
    rows = tuple((pid, n) for pid, detect in DETECTORS.items() if (n := detect(r, h)))
    tai = sum(PATTERNS.value(pid) * n for pid, n in rows)
    return Tai(rows, tai, tai * 2 if six_tai_double and tai >= DOUBLE_AT else tai)


def best(h: Held, six_tai_double: bool) -> Tai:
    """The reading with the most 台 (after 六台翻, then before it; of equals the first): the
    best reading of the 财神 is paid. A hand out of shape (推到) is read once, by its melds."""
    if not h.readings:
        return count(None, h, six_tai_double)
    found = [count(r, h, six_tai_double) for r in h.readings]
    return max(found, key=lambda t: (t.total, t.tai))


def names(t: Tai) -> tuple[str, ...]:
    """The rows' 中文, each once (the two 四花 rows share a name)."""
    return tuple(dict.fromkeys(PATTERNS[pid].zh for pid, _ in t.rows))


# -- the round's wins, worked out once ----------------------------------------------------------


def _round_held(snap: Snapshot, opts: Any) -> PerWin[Held]:
    face = snap.reveals.wild_indicator or ""  # (validate() asks for it before any win)
    white = bool(opts.white_stands_in)

    def of_win(p: Player, w: Win, o: Any) -> Held:
        return held(p, w, face, seat_wind(p.seat, snap.dealer, snap.n), kept_flower(p.seat, snap.dealer, snap.n, o),
                    white)
    return PerWin(snap, opts, of_win)


_ROUND: Final[PerRound[PerWin[Held]]] = PerRound(_round_held)


class Maihua(CaishenTable):
    """144 tiles, 2-4 players, chow, a 16-tile hand (开局庄家17张牌，闲家16张牌, 001:297), the
    正财神 of ``reveals.wild_indicator`` the wildcard (:class:`CaishenTable`); flowers set aside,
    the seat's own red flower kept as a 花财神 where the table plays it (001:295)."""

    id = "maihua"
    name = "买花麻将"
    name_en = "Maihua Mahjong (Buying Flowers)"
    rules_version = "maihua/1"
    source = "001_a1ce558555b69162.txt:294-333"
    Options = Options
    Flags = Flags
    patterns = PATTERNS
    set_aside = FLOWER_SET  # 补花 (the generator deals the eight flowers into the wall)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        """共144张牌 (001:295)."""
        return SET_144

    def dead_wall(self, opts: Any, kongs: int) -> int:
        """剩16张牌…流局 (001:298): 16 tiles are never drawn."""
        return KEPT_BACK

    def chow_faces(self, snap: Snapshot, opts: Any) -> Mapping[Tile, Tile] | None:
        """Under ``white_stands_in`` a 白板 chows as the 正财神's face."""
        return white_chow_faces(snap, bool(opts.white_stands_in))

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        face = wild_face(snap, "001:325-327 正财神; the family's 001:84")
        errors = [*unused_reveal_errors(snap, self.reveals_used),
                  *indicator_errors(face, FLOWER_SET, FLOWER_LINE, WILD_LINE), *_flower_errors(snap, opts),
                  *wild_meld_errors(snap, face, WILD_LINE), *wild_discard_errors(snap, face, WILD_LINE),
                  *one_win_errors(snap, ONE_WIN), *wall_errors(snap, KEPT_BACK, KEPT_SAID, "001:298"),
                  *_flag_errors(snap), *_liability_field_errors(snap, opts)]
        found = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, found(i))
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        face = snap.reveals.wild_indicator
        assert face is not None  # validate() requires it
        ledger = Ledger(snap.n)
        found = _ROUND.get(snap, opts)
        won: dict[int, Tai] = {}
        liable: dict[int, bool] = {}
        notes: list[str] = []
        for i, w in enumerate(snap.wins):
            t = best(found(i), bool(opts.six_tai_double))
            won[w.winner] = t
            liable[w.winner] = is_liable(snap, w, face, opts)
            notes += _pay_win(snap, w, t, liable[w.winner], opts, ledger)
        counted = [flower_count(snap, p, face, opts, won.get(p.seat), liable.get(p.seat, False)) for p in snap.players]
        _pay_flowers(counted, opts, ledger)
        hands = []
        for p in snap.players:
            if p.seat in won:
                hands.append(HandReport(p.seat, True, names(won[p.seat])))
            else:
                waits = hand_waits(p, face, bool(opts.white_stands_in), kept_flower(p.seat, snap.dealer, snap.n, opts))
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        notes += _notes(snap)
        return Settlement(ledger.items, tuple(hands), next_dealer(snap, opts), tuple(notes))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """As 台数's: without ``reveals.wild_indicator`` the base analysis (no 财神; a flower in
        the hand is refused); with it, the hand read as the dealer's (门风 东, its 花财神 春 ``1f``)
        with no flowers set aside and no win flags: a waiting hand gets its waits, each priced
        as a self-draw — its 台 rows and ``value`` = 胡倒得分 (台 after 六台翻 + 1, 001:333) ×
        底分, what each 闲家 pays before the dealer's +1 and 坐庄翻 — and marked ``self_draw_only``
        for the 正财神 itself or a win only out of shape (推到, self-draw only: 001:326, M2); a
        complete hand its rows and value as a self-draw of its last tile."""
        face = analyze_face(body)
        if face is None:
            player, _ = self.analyze_input(body, opts)
            refuse_flowers(player.hand, FLOWER_LINE, FLOWER_SET)
            return super().analyze(body, opts)
        player = _analyze_player(self, body, opts, face)
        kept = kept_flower(0, 0, 4, opts)
        white = bool(opts.white_stands_in)

        def price(p: Player, w: Win, east: Tile) -> dict[str, Any] | None:
            h = held(p, w, face, east, kept, white)
            if not h.in_shape and not wins_unshaped(h):
                return None
            t = best(h, bool(opts.six_tai_double))
            # 推到 wins out of shape by self-draw only (三财神推到 必须自摸 001:326, 四花推到 M2)
            return {"patterns": list(names(t)), "value": t.hu * opts.base_points, "self_draw_only": not h.in_shape}
        return wild_analysis(self.id, player, face, lambda p, f: hand_waits(p, f, white, kept), price,
                             {"patterns": [], "value": None})

    # -- the random round generator (rules/generator.py) ---------------------------------

    def wins_unshaped(self, tiles: list[Tile], reveals: Reveals, opts: Any) -> bool:
        """三财神推到 (001:326): three 正财神 drawn win whatever the shape. (四花推到 needs the
        seat's flowers, which this hook is not told: the generator does not play it.)"""
        return reveals.wild_indicator is not None and tiles.count(reveals.wild_indicator) == 3


# -- checks ------------------------------------------------------------------------------


def _flower_errors(snap: Snapshot, opts: Any) -> list[RoundError]:
    """Flowers are set aside (补花), never held, discarded, melded or won on — but a seat's 花财神
    (its own red flower, 001:295) may be held, and drawn as the winning tile of a self-draw."""
    held = {i: f for i in range(snap.n) if (f := kept_flower(i, snap.dealer, snap.n, opts)) is not None}
    return flower_errors(snap, FLOWER_LINE, FLOWER_SET, FLOWER_NAMES, held)


def _flag_errors(snap: Snapshot) -> list[RoundError]:
    """连庄 (001:298) is the dealer's."""
    return [RoundError("flag_not_allowed", f"/players/{i}/flags/repeat_dealer", f"seat {i} is not the dealer: 连庄 "
                       "(the dealer dealt the round before too, 001:298) is the dealer's flag")
            for i, p in enumerate(snap.players) if p.flags.repeat_dealer and i != snap.dealer]


def _liability_field_errors(snap: Snapshot, opts: Any) -> list[RoundError]:
    """包牌 a) (001:303a) asks how many tiles were left at a discard win."""
    if opts.liability and snap.wall_remaining is None and any(
            not w.self_drawn and not w.robbing_kong for w in snap.wins):
        return [RoundError("missing_field", "/wall_remaining", "包牌 (001:303a 流局前最后4张牌) needs the tiles left "
                           "at a win on a discard")]
    return []


def _win_errors(snap: Snapshot, i: int, w: Win, h: Held) -> list[RoundError]:
    ptr = f"/wins/{i}"
    # 地胡 is 庄家打出第一张牌后…马上胡牌 (001:331): on the dealer's first discard only
    errors = win_flag_errors(snap, w, ptr, earthly_self_draw=False)
    left = snap.wall_remaining
    if w.last_tile and left is not None and left != KEPT_BACK:
        errors.append(RoundError("inconsistent_win", f"{ptr}/last_tile", f"海底 is a win on the last tile drawn, "
                                 f"{KEPT_BACK} being kept back (001:298): {KEPT_BACK} left, not {left}"))
    if h.in_shape:
        return errors
    if not wins_unshaped(h):
        hand = compact(snap.players[w.winner].hand)
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {hand} with {w.tile} is not five sets "
                                 "and a pair, nor three 正财神 (001:326) nor four red or four black flowers (001:328)"))
    elif not w.self_drawn:
        errors.append(RoundError("win_not_allowed", f"{ptr}/from", "a hand out of shape wins only by self-draw: "
                                 "三财神推到 必须自摸 (001:326), 四花推到 on its own draw, the flower replaced (001:328, M2)"))
    return errors


# -- 包牌 (001:302-303) ---------------------------------------------------------------------


def is_liable(snap: Snapshot, w: Win, face: Tile, opts: Any) -> bool:
    """包牌 (under ``liability``): a win on a discard (not 抢杠胡) on the last four tiles before the
    drawn round (001:303a), or from a discarder whose hand after the discard is not ready (亏张,
    001:303b; ready, it is no 包)."""
    if not opts.liability or w.from_seat is None or w.robbing_kong:
        return False
    if snap.wall_remaining in LIABLE_WALL:
        return True
    p = snap.players[w.from_seat]
    return not hand_waits(p, face, bool(opts.white_stands_in), kept_flower(p.seat, snap.dealer, snap.n, opts))


def hand_waits(player: Player, face: Tile, white: bool, kept: Tile | None) -> tuple[Tile, ...]:
    """听牌: the faces in play that complete the hand, its 财神 (正 and 花) filling in; any face
    with three 正财神 (三财神推到 on any self-draw, 001:326)."""
    if player.hand.count(face) == 3:
        return _PLAYING
    rules = HandRules(wild=frozenset({wild_of(face, white)}))
    found = waits_seen(played(player.hand, face, white, kept), rules, _PLAYING,
                       played(player.meld_tiles(), face, white, None))
    return tuple(sorted(playing(found, face, white), key=sort_key))  # (the swap is its own inverse)


# -- payment -----------------------------------------------------------------------------


def _pay_win(snap: Snapshot, w: Win, t: Tai, liable: bool, opts: Any, ledger: Ledger) -> list[str]:
    """Every other player's line: 胡倒得分 (台 + 1, 001:333), +1 with the dealer on either side
    (庄家结算需要额外加1分, 001:333), ×2 then under 坐庄翻 (001:304), × 底分; a self-draw and a
    discard alike. 包牌: the discarder pays every line (001:302)."""
    base = opts.base_points
    rows = "、".join(names(t)) or "胡倒"
    rows_en = ", ".join(dict.fromkeys(PATTERNS[pid].en for pid, _ in t.rows)) or "Win"
    terms = " + ".join(f"{PATTERNS[pid].zh}{PATTERNS.value(pid)}" + (f"×{n}" if n > 1 else "") for pid, n in t.rows)
    how = f"{terms or 'no row'} = {t.tai}台"
    if t.doubled:
        how += f" ≥ {DOUBLE_AT}: 六台翻 ×2 = {t.total}台 (001:306)"
    how += f"; 胡倒得分 {t.total}+1 = {t.hu} (001:333)"
    for seat in seats_after(w.winner, snap.n):
        payer = w.from_seat if liable and w.from_seat is not None else seat
        points, why = _line(snap, w.winner, seat, t.hu, opts)
        bao = f"; 包牌: seat {payer} pays seat {seat}'s line (001:302)" if payer != seat else ""
        note = f"{how}{why}, × 底分{base} (on {chinese(w.tile)}){bao}"
        ledger.pay(payer, w.winner, points * base, "hu", rows, rows_en, note, turn=w.turn)
    if not liable:
        return []
    note = f"包牌 (001:302-303): seat {w.from_seat} pays every line of seat {w.winner}'s win, and seat {w.winner} gains 1花"
    return [note]


def _line(snap: Snapshot, winner: int, seat: int, hu: int, opts: Any) -> tuple[int, str]:
    """One line before 底分, and how it was counted: the dealer's +1 (001:333) and 坐庄翻 (001:304)."""
    if snap.dealer not in (winner, seat):
        return hu, ""
    points, why = hu + 1, f"; 庄家 +1 = {hu + 1} (001:333)"
    if opts.dealer_double:
        points, why = points * 2, f"{why}; 坐庄翻 ×2 = {points * 2} (001:304)"
    return points, why


def flower_count(snap: Snapshot, p: Player, face: Tile, opts: Any, t: Tai | None, liable: bool) -> Hua:
    """1花 a flower, 2 one of the seat's own (001:312; a 花财神 in the hand counts as its flower),
    1 a 明杠 (exposed or added, 001:313), 2 an 暗杠 (001:314), 1 the winner (胡倒, 001:315), 1 a
    正财神 held under 买财神 (001:309), 1 a 包牌 winner (包牌胡一花, 001:302); doubled once at most:
    the winner's when 六台翻 doubled its 台 (001:306), anyone's at 6 or more under 六花翻 (001:305)."""
    own = own_flowers(p.seat, snap.dealer, snap.n)
    kept = kept_flower(p.seat, snap.dealer, snap.n, opts)
    win = next((w for w in snap.wins if w.winner == p.seat), None)
    concealed = [*p.hand, *((win.tile,) if win is not None else ())]
    flowers = [*p.flowers, *(t for t in concealed if t == kept)]
    parts = [("花牌", sum(1 for f in flowers if f not in own)), ("自家花牌", 2 * sum(1 for f in flowers if f in own)),
             ("明杠", sum(1 for m in p.kongs if m.kind in ("exposed", "added"))),
             ("暗杠", 2 * sum(1 for m in p.kongs if m.kind == "concealed")), ("胡倒", int(win is not None)),
             ("买财神", concealed.count(face) if opts.buy_caishen else 0), ("包牌", int(liable))]
    raw = sum(n for _, n in parts)
    how = " + ".join(f"{name}{n}" for name, n in parts if n) or "none"
    if t is not None and t.doubled:
        return Hua(p.seat, 2 * raw, f"{how} = {raw}, 六台翻 ×2 = {2 * raw}")
    if opts.six_flower_double and raw >= DOUBLE_AT:
        return Hua(p.seat, 2 * raw, f"{how} = {raw}, 六花翻 ×2 = {2 * raw}")
    return Hua(p.seat, raw, f"{how} = {raw}")


def _pay_flowers(counted: list[Hua], opts: Any, ledger: Ledger) -> None:
    """花分所有玩家之间都要计算 (001:333): in every pair the one with fewer 花 pays the difference × 底分."""
    base = opts.base_points
    for a, b in combinations(counted, 2):
        if a.total == b.total:
            continue
        low, high = (a, b) if a.total < b.total else (b, a)
        note = (f"seat {high.seat} {high.how}花, seat {low.seat} {low.how}花: {high.total - low.total} × 底分{base} "
                "(001:308-315, 001:333)")
        ledger.pay(low.seat, high.seat, (high.total - low.total) * base, "flower", "花分", "Flower points", note)


def next_dealer(snap: Snapshot, opts: Any) -> int:
    """流局: the dealer stays when it dealt the round before too (连庄时流局不换庄), else its 下家
    (初次坐庄时流局庄的下家上庄, 001:298); a win: option ``next_dealer``."""
    if not snap.wins:
        again = snap.players[snap.dealer].flags.repeat_dealer
        return snap.dealer if again else (snap.dealer + 1) % snap.n
    return dealer_after_win(snap, opts.next_dealer)


def _notes(snap: Snapshot) -> list[str]:
    notes = []
    if not snap.wins:
        notes.append("流局 at 16 tiles left (001:298): only 花分 is paid, between every pair of players (001:333)")
    if any(w.after_kong_discard or w.last_tile for w in snap.wins):
        notes.append("杠上炮 and 海底 have no row in the 台 table (001:316-332): they score nothing here")
    return notes


# -- POST /v1/hands/analyze --------------------------------------------------------------------


def _analyze_player(variant: Maihua, body: Mapping[str, Any], opts: Any, face: Tile) -> Player:
    """The analysed hand (seat 0, the dealer): the 正财神 no flower, no flower in a meld, a
    flower in the hand only as the 花财神 春 (under ``flower_caishen``), three 正财神 at most,
    none melded."""
    errors = indicator_errors(face, FLOWER_SET, FLOWER_LINE, WILD_LINE)
    if errors:
        raise InvalidRound(errors)
    player, _ = variant.analyze_input(body, opts)
    kept = kept_flower(0, 0, 4, opts)
    refuse_flowers(player.hand, FLOWER_LINE, FLOWER_SET - {kept} if kept is not None else FLOWER_SET)
    for j, m in enumerate(player.melds):
        if any(f in FLOWER_SET for f in m.tiles):
            raise InvalidRound(RoundError("flower_in_play", f"/melds/{j}", f"a flower never forms a set ({FLOWER_LINE})"))
        if face in m.tiles:
            raise InvalidRound(RoundError("wild_melded", f"/melds/{j}", f"the 正财神 {chinese(face)} is never part of "
                                          f"a chow, pong or kong ({WILD_LINE})"))
    check_copies(player, face, WILD_LINE)
    return player


VARIANT: Final[Maihua] = Maihua()
