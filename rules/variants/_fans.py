"""番种 machinery for fan-list variants (二人麻将 ``erren``, 国标麻将 ``guobiao``).

A fan list scores a complete hand by adding the fans (番) it shows, each excluding (不计) the
smaller ones it contains. Most fans depend on how the hand is read (which tiles form which
sets), so the hand is read every way it can be: each standard decomposition (four sets and a
pair, the melds being sets of their own) with the won tile in each group that may have
received it, seven pairs, and where the variant plays them 十三幺, 全不靠 and 组合龙
(:mod:`rules.variants._knitted`). A variant keeps its fan table as data (:class:`Fan` rows turned
into a :class:`~rules.patterns.PatternTable`) and one detector per fan, a function of a
:class:`Reading` and the win's :class:`Context` returning how many times the fan is found
(0: not found); :func:`best` scores every reading and keeps the highest total. The detectors
and the win's own fans (:func:`win_events`) that both lists share live here, each fan list
mapping its ids to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from ..hand import HandRules, decompositions, group_wait
from ..patterns import Pattern, PatternTable
from ..snapshot import Meld, Player, Snapshot, Win
from ..tiles import Tile, is_honour, is_suited, is_terminal, rank, sort_key, suit
from . import _knitted

WINDS: Final = ("E", "S", "W", "N")
DRAGONS: Final = ("C", "F", "P")


@dataclass(frozen=True)
class Fan:
    """One row of a fan table: id, 中文, English, 番, what it excludes (不计), seed line, note."""

    id: str
    zh: str
    en: str
    value: int
    excludes: tuple[str, ...]
    seed: str
    note: str = ""

    def __init__(self, id: str, zh: str, en: str, value: int, excludes: tuple[str, ...],  # noqa: A002 - the field's name
                 seed: str, note: str = "") -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "zh", zh)
        object.__setattr__(self, "en", en)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "excludes", excludes)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "note", note)


def fan_table(rows: Iterable[Fan]) -> PatternTable:
    """The rows as a pattern table (the note names the seed line)."""
    return PatternTable([Pattern(f.id, f.zh, f.en, f.value, f.excludes, f"{f.seed}{': ' + f.note if f.note else ''}")
                         for f in rows])


@dataclass(frozen=True)
class Block:
    """One set of a reading: ``kind`` chow / pung / kong, its lowest ``tile``; ``concealed``: an
    暗刻 or 暗杠 (a triplet of the hand not completed by a discard, a concealed kong);
    ``exposed``: a meld shown (吃, 碰, 明杠, 加杠); ``kong`` the kong's kind."""

    kind: str
    tile: Tile
    concealed: bool
    exposed: bool
    kong: str | None = None

    def __init__(self, kind: str, tile: Tile, concealed: bool, exposed: bool, kong: str | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "exposed", exposed)
        object.__setattr__(self, "kong", kong)

    @property
    def triplet(self) -> bool:
        """刻子 or 杠."""
        return self.kind != "chow"

    def faces(self) -> tuple[Tile, ...]:
        if self.kind == "chow":
            r, s = rank(self.tile) or 0, suit(self.tile)
            return (self.tile, f"{r + 1}{s}", f"{r + 2}{s}")
        return (self.tile,)


STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
KNITTED: Final = "knitted"
KNITTED_STANDARD: Final = "knitted_standard"


@dataclass(frozen=True)
class Reading:
    """One way to read a complete hand. ``shape``: ``standard`` (four ``blocks`` and a
    ``pair``), ``seven_pairs`` (七对: seven ``pairs``, a four-of-a-kind twice),
    ``thirteen_orphans`` (十三幺), ``knitted`` (全不靠) — these two with no blocks and no pair
    — or ``knitted_standard`` (组合龙's nine tiles, which are no block, beside one block and a
    ``pair``). ``wait``: the won tile's role here — ``rules.hand.group_wait``'s single
    (completing the pair), edge (边张), closed (坎张), open (两面), double_pong (双碰); ``None``
    in 七对, 十三幺, 全不靠, and when the won tile went to 组合龙's nine."""

    blocks: tuple[Block, ...]
    pair: Tile | None
    pairs: tuple[Tile, ...]
    wait: str | None
    shape: str = STANDARD

    def __init__(self, blocks: tuple[Block, ...], pair: Tile | None, pairs: tuple[Tile, ...], wait: str | None,
                 shape: str = STANDARD) -> None:
        object.__setattr__(self, "blocks", blocks)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "pairs", pairs)
        object.__setattr__(self, "wait", wait)
        object.__setattr__(self, "shape", shape)

    @property
    def standard(self) -> bool:
        """Four sets and a pair."""
        return self.shape == STANDARD

    @property
    def seven_pairs(self) -> bool:
        return self.shape == SEVEN_PAIRS


@dataclass(frozen=True)
class Context:
    """What a win is, apart from how its hand is read: ``tiles`` every tile of the hand (melds,
    a kong four times, the won tile), ``hand`` the concealed tiles before the win, ``won`` the
    tile won on, ``self_drawn``, ``melds``, the winds (门风 ``seat_wind``, 圈风 ``round_wind``),
    ``single_wait``: the hand before the win waited on the won tile alone."""

    tiles: tuple[Tile, ...]
    hand: tuple[Tile, ...]
    won: Tile
    self_drawn: bool
    melds: tuple[Meld, ...]
    seat_wind: Tile
    round_wind: Tile
    single_wait: bool

    def __init__(self, tiles: tuple[Tile, ...], hand: tuple[Tile, ...], won: Tile, self_drawn: bool,
                 melds: tuple[Meld, ...], seat_wind: Tile, round_wind: Tile, single_wait: bool) -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "self_drawn", self_drawn)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "seat_wind", seat_wind)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "single_wait", single_wait)


Detector = Callable[[Reading, Context], int]
"""How many times a fan is found in a reading (0: not found)."""


# -- readings -------------------------------------------------------------------------------


def meld_block(m: Meld) -> Block:
    if m.type == "chow":
        return Block("chow", min(m.tiles, key=lambda t: rank(t) or 0), False, True)
    if m.type == "pong":
        return Block("pung", m.tile, False, True)
    return Block("kong", m.tile, m.kind == "concealed", m.kind != "concealed", m.kind)


def readings(hand: Iterable[Tile], won: Tile, self_drawn: bool, melds: tuple[Meld, ...],
             seven_pairs: bool = True, special: bool = False) -> list[Reading]:
    """Every reading of ``hand`` + ``won`` with ``melds``: per decomposition, one reading per
    group that may have received the won tile (a triplet completed by a discard is no 暗刻);
    七对 (no melds, every face an even count) when ``seven_pairs``; 十三幺, 全不靠 and 组合龙
    when ``special`` (:func:`special_readings`)."""
    tiles = [*hand, won]
    fixed = tuple(meld_block(m) for m in melds)
    out: list[Reading] = []
    for d in decompositions(tiles, HandRules()):
        pair = d.pair.faces[0]
        assert pair is not None  # no wildcards here
        # a set before the pair: of equal totals the first reading is kept, and 4556 won on 5 is 坎张 (001:505)
        roles = sorted({(k == 0, k, group_wait(g, won)) for k, g in enumerate(d.groups) if won in g.faces})
        for _, k, role in roles:
            sets = tuple(Block("chow" if g.kind == "sequence" else "pung", g.faces[0] or "",
                               g.kind == "triplet" and (self_drawn or j + 1 != k), False)
                         for j, g in enumerate(d.sets))
            out.append(Reading((*fixed, *sets), pair, (), role))
    counts = Counter(tiles)
    if seven_pairs and not melds and len(tiles) == 14 and all(c % 2 == 0 for c in counts.values()):
        pairs = tuple(t for t in sorted(counts) for _ in range(counts[t] // 2))
        out.append(Reading((), None, pairs, None, SEVEN_PAIRS))
    if special:
        out += special_readings(tiles, won, self_drawn, melds)
    return out


def special_readings(tiles: list[Tile], won: Tile, self_drawn: bool, melds: tuple[Meld, ...]) -> list[Reading]:
    """十三幺 and 全不靠 (14 concealed tiles, no melds), and 组合龙 beside one set and a pair
    (at most one meld): the nine knitted tiles are no block; the won tile's role is its role
    in the set or the pair that may have received it (sets first, then the pair), or none when
    it went to the nine. Looked at only when the counts allow: most hands pay nothing here."""
    out: list[Reading] = []
    if len(melds) > 1 or len(tiles) + 3 * len(melds) != 14:
        return out
    if not melds:
        if _knitted.thirteen_orphans(tiles):
            out.append(Reading((), None, (), None, THIRTEEN_ORPHANS))
        if _knitted.honours_and_knitted(tiles):
            out.append(Reading((), None, (), None, KNITTED))
    fixed = tuple(meld_block(m) for m in melds)
    for knit, rest in _knitted.knitted_splits(tiles):
        for d in decompositions(rest, HandRules()):
            pair = d.pair.faces[0]
            assert pair is not None  # no wildcards here
            # (group index receiving the won tile: the sets' 1.., the pair's 0, -1 the nine)
            roles: list[tuple[int, str | None]] = [(k, group_wait(g, won)) for k, g in enumerate(d.groups)
                                                   if k and won in g.faces]
            roles += [(0, group_wait(d.pair, won))] if won == pair else []
            roles += [(-1, None)] if won in knit else []
            for k, role in roles:
                sets = tuple(Block("chow" if g.kind == "sequence" else "pung", g.faces[0] or "",
                                   g.kind == "triplet" and (self_drawn or j + 1 != k), False)
                             for j, g in enumerate(d.sets))
                out.append(Reading((*fixed, *sets), pair, (), role, KNITTED_STANDARD))
    return out


@dataclass(frozen=True)
class Scored:
    """A reading's fans after 不计: ``fans`` (id, times found) in table order, ``total`` 番."""

    fans: tuple[tuple[str, int], ...]
    total: int

    def __init__(self, fans: tuple[tuple[str, int], ...], total: int) -> None:
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "total", total)

    def without(self, table: PatternTable, ids: frozenset[str]) -> int:
        """The total without the fans ``ids`` (花牌 under 起和)."""
        return sum(table.value(f) * n for f, n in self.fans if f not in ids)


def score(r: Reading, c: Context, table: PatternTable, detectors: Mapping[str, Detector],
          events: Iterable[str] = (), counted: Mapping[str, int] | None = None,
          soft: frozenset[str] = frozenset()) -> Scored:
    """The fans of one reading: every detector's, plus ``events`` (fans of the win itself, found
    once) and ``counted`` (fans found a given number of times, 花牌), less 不计, in table order.
    A fan excluded still excludes its own list (``PatternTable.apply_exclusions``), except the
    ``soft`` fans: one of them that another fan found excludes is dropped first, its own list
    with it (国标's 不求人, the self-drawn 门前清: a fan that excludes it leaves 自摸 counted)."""
    times: dict[str, int] = dict.fromkeys(events, 1)
    times.update({f: n for f, n in (counted or {}).items() if n})
    for f, detect in detectors.items():
        n = detect(r, c)
        if n:
            times[f] = n
    if soft:
        excluded = {x for f in times for x in table[f].excludes}
        for f in soft & excluded:
            times.pop(f, None)
    kept = set(table.apply_exclusions(times))
    fans = tuple((p.id, times[p.id]) for p in table if p.id in kept)
    return Scored(fans, sum(table.value(f) * n for f, n in fans))


def best(scored: Iterable[Scored]) -> Scored | None:
    """The highest total (the first of equals)."""
    out: Scored | None = None
    for s in scored:
        if out is None or s.total > out.total:
            out = s
    return out


# -- detectors the fan lists share ---------------------------------------------------------------
#
# Each works on any shape: a fan of sets asks the blocks it needs (碰碰和 four triplets), a fan
# of tiles asks ``Context.tiles`` (every tile of the hand, whatever the reading).


def chows_by_suit(r: Reading) -> dict[str, list[int]]:
    """The lowest rank of each chow, by suit, sorted."""
    out: dict[str, list[int]] = {}
    for b in r.blocks:
        if b.kind == "chow":
            out.setdefault(suit(b.tile), []).append(rank(b.tile) or 0)
    for ranks in out.values():
        ranks.sort()
    return out


def triplets(r: Reading) -> list[Block]:
    return [b for b in r.blocks if b.triplet]


def triplets_by_suit(r: Reading) -> dict[str, list[int]]:
    """The rank of each suited triplet (or kong), by suit."""
    out: dict[str, list[int]] = {}
    for b in r.blocks:
        if b.triplet and is_suited(b.tile):
            out.setdefault(suit(b.tile), []).append(rank(b.tile) or 0)
    return out


def chow_pairs(r: Reading, related: Callable[[int, int], bool]) -> int:
    """How many pairs of chows (of one suit) stand in ``related(low, high)``."""
    n = 0
    for ranks in chows_by_suit(r).values():
        n += sum(1 for i in range(len(ranks)) for j in range(i + 1, len(ranks)) if related(ranks[i], ranks[j]))
    return n


def steps(values: list[int], length: int, gaps: tuple[int, ...]) -> bool:
    """``length`` of the values (distinct) step evenly by one of ``gaps`` (三步高, 三连刻 …)."""
    have = set(values)
    return any(all(v + k * g in have for k in range(length)) for v in have for g in gaps)


def groups_tiles(r: Reading) -> list[tuple[Tile, ...]]:
    """Each set's and the pair's faces (each of 七对's pairs); none for the other shapes."""
    if r.seven_pairs:
        return [(p,) for p in r.pairs]
    if r.standard:
        return [*(b.faces() for b in r.blocks), (r.pair or "",)]
    return []


def yao(t: Tile) -> bool:
    """幺: a suited 1 or 9, or an honour."""
    return is_terminal(t) or is_honour(t)


def concealed_triplets(r: Reading) -> int:
    """暗刻, a concealed kong counting as one."""
    return sum(1 for b in r.blocks if b.triplet and b.concealed)


def kongs(c: Context, kinds: tuple[str, ...]) -> int:
    return sum(1 for m in c.melds if m.type == "kong" and m.kind in kinds)


def honour_triplets(r: Reading, faces: tuple[Tile, ...]) -> int:
    return sum(1 for b in r.blocks if b.triplet and b.tile in faces)


def every_tile(c: Context, pred: Callable[[Tile], bool]) -> bool:
    return all(pred(t) for t in c.tiles)


def winds(r: Reading) -> int:
    return honour_triplets(r, WINDS)


def dragons(r: Reading) -> int:
    return honour_triplets(r, DRAGONS)


def identical_chows(n: int) -> Detector:
    """一色三同顺/一色四同顺 (三同顺/四同顺): ``n`` identical chows of one suit."""
    def found(r: Reading, _c: Context) -> int:
        return int(any(ranks.count(x) >= n for ranks in chows_by_suit(r).values() for x in ranks))
    return found


def shifted_chows(n: int) -> Detector:
    """一色三步高/一色四步高 (三步高/四步高): ``n`` chows of one suit stepping evenly by 1 or by 2."""
    def found(r: Reading, _c: Context) -> int:
        return int(any(steps(ranks, n, (1, 2)) for ranks in chows_by_suit(r).values()))
    return found


def shifted_pungs(n: int) -> Detector:
    """一色三节高/一色四节高 (三连刻/四连刻): ``n`` triplets of one suit, each one number up."""
    def found(r: Reading, _c: Context) -> int:
        return int(any(steps(ranks, n, (1,)) for ranks in triplets_by_suit(r).values()))
    return found


def seven_pairs_fan(r: Reading, _c: Context) -> int:
    """七对 (七对子)."""
    return int(r.seven_pairs)


def _same(a: int, b: int) -> bool:
    return a == b


def _six_in_a_row(a: int, b: int) -> bool:
    return b == a + 3


def _old_and_young(a: int, b: int) -> bool:
    return a == 1 and b == 7


def _hog(_r: Reading, c: Context) -> int:
    """四归一: each face held four times, not as a kong."""
    kong_faces = {m.tile for m in c.melds if m.type == "kong"}
    return sum(1 for t in set(c.tiles) if c.tiles.count(t) == 4 and t not in kong_faces)


def _pure_straight(r: Reading, _c: Context) -> int:
    """清龙: one suit's 123, 456 and 789."""
    return int(any({1, 4, 7} <= set(ranks) for ranks in chows_by_suit(r).values()))


def _outside(r: Reading, _c: Context) -> int:
    """全带幺: every set and the pair (七对: every pair) hold a 幺; no other shape has sets."""
    groups = groups_tiles(r)
    return int(bool(groups) and all(any(yao(t) for t in g) for g in groups))


def _seven_shifted(r: Reading, _c: Context) -> int:
    """连七对: seven different pairs of one suit in a row."""
    if not r.seven_pairs or len(set(r.pairs)) != 7 or not all(is_suited(t) for t in r.pairs):
        return 0
    ranks = sorted(rank(t) or 0 for t in r.pairs)
    return int(len({suit(t) for t in r.pairs}) == 1 and ranks[-1] - ranks[0] == 6)


def _nine_gates(_r: Reading, c: Context) -> int:
    """九莲宝灯: no melds, the 13 tiles before the win 1112345678999 of one suit."""
    if c.melds or len(c.hand) != 13 or not is_suited(c.hand[0]):
        return 0
    s = suit(c.hand[0])
    gates = tuple(f"{r}{s}" for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9))
    return int(tuple(sorted(c.hand, key=sort_key)) == gates)


def _upper(t: Tile) -> bool:
    return is_suited(t) and (rank(t) or 0) >= 6


def _lower(t: Tile) -> bool:
    return is_suited(t) and (rank(t) or 0) <= 4


def _half_flush(_r: Reading, c: Context) -> int:
    return int(len({suit(t) for t in c.tiles if is_suited(t)}) == 1 and any(map(is_honour, c.tiles)))


def _full_flush(_r: Reading, c: Context) -> int:
    return int(every_tile(c, is_suited) and len({suit(t) for t in c.tiles}) == 1)


def _terminals_and_honours(_r: Reading, c: Context) -> int:
    """混幺九: every tile a 幺, honours among them (without them it is 清幺九)."""
    return int(every_tile(c, yao) and any(map(is_honour, c.tiles)))


def _triple_pung(r: Reading, _c: Context) -> int:
    """三同刻: three triplets of one number (so in three suits)."""
    ranks = [x for found in triplets_by_suit(r).values() for x in found]
    return int(any(ranks.count(x) >= 3 for x in range(1, 10)))


SHARED: Final[Mapping[str, Detector]] = {
    "yibangao": lambda r, _c: chow_pairs(r, _same),
    "lianliu": lambda r, _c: chow_pairs(r, _six_in_a_row),
    "laoshaofu": lambda r, _c: chow_pairs(r, _old_and_young),
    "minggang": lambda _r, c: int(kongs(c, ("exposed", "added")) >= 1),
    "bianzhang": lambda r, c: int(c.single_wait and r.wait == "edge"),
    "kanzhang": lambda r, c: int(c.single_wait and r.wait == "closed"),
    "dandiao": lambda r, c: int(c.single_wait and r.wait == "single"),
    "menfengke": lambda r, c: honour_triplets(r, (c.seat_wind,)),
    "quanfengke": lambda r, c: honour_triplets(r, (c.round_wind,)),
    "jianke": lambda r, _c: int(dragons(r) >= 1),
    "pinghu": lambda r, _c: int(r.standard and all(b.kind == "chow" for b in r.blocks) and is_suited(r.pair or "")),
    "siguiyi": _hog,
    "duanyao": lambda _r, c: int(not any(yao(t) for t in c.tiles)),
    "shuanganke": lambda r, _c: int(concealed_triplets(r) >= 2),
    "angang": lambda _r, c: int(kongs(c, ("concealed",)) >= 1),
    "quandaiyao": _outside,
    "shuangminggang": lambda _r, c: int(kongs(c, ("exposed", "added")) >= 2),
    "pengpenghu": lambda r, _c: int(r.standard and all(b.triplet for b in r.blocks)),
    "hunyise": _half_flush,
    "shuangangang": lambda _r, c: int(kongs(c, ("concealed",)) >= 2),
    "shuangjianke": lambda r, _c: int(dragons(r) >= 2),
    "qinglong": _pure_straight,
    "qingyise": _full_flush,
    "santongke": _triple_pung,
    "sananke": lambda r, _c: int(concealed_triplets(r) >= 3),
    "hunyaojiu": _terminals_and_honours,
    "sangang": lambda _r, c: int(kongs(c, ("exposed", "added", "concealed")) >= 3),
    "xiaosixi": lambda r, _c: int(winds(r) == 3 and r.pair in WINDS),
    "xiaosanyuan": lambda r, _c: int(dragons(r) == 2 and r.pair in DRAGONS),
    "ziyise": lambda _r, c: int(every_tile(c, is_honour)),
    "sianke": lambda r, _c: int(concealed_triplets(r) == 4),
    "dasixi": lambda r, _c: int(winds(r) == 4),
    "dasanyuan": lambda r, _c: int(dragons(r) == 3),
    "dayuwu": lambda _r, c: int(every_tile(c, _upper)),
    "jiulianbaodeng": _nine_gates,
    "xiaoyuwu": lambda _r, c: int(every_tile(c, _lower)),
    "sigang": lambda _r, c: int(kongs(c, ("exposed", "added", "concealed")) == 4),
    "lianqidui": _seven_shifted,
}
"""The detectors of the fans both lists have, by id (二人 001:505-525, 国标 001:539-561): the
same fan found the same way (a one-suit table such as 二人's sees each suit-wise rule on 万)."""


# -- the win's own fans -------------------------------------------------------------------------


def concealed_hand(p: Player) -> bool:
    """No chow, pong, exposed or added kong (暗杠 keeps the hand concealed)."""
    return all(m.type == "kong" and m.kind == "concealed" for m in p.melds)


def last_copy(snap: Snapshot, p: Player, w: Win) -> bool:
    """和绝张 (二人 001:509, 国标 001:543): the other three copies shown (桌面已亮明) — unclaimed
    discards and exposed melds of every player, the winner's own included — and none in the
    winner's hand (手上有牌也不算)."""
    if w.tile in p.hand:
        return False
    shown = sum(1 for q in snap.players for d in q.discards if d.claimed_by is None and d.tile == w.tile)
    shown += sum(m.tiles.count(w.tile) for q in snap.players for m in q.melds if m.kind != "concealed")
    return shown >= 3


def win_events(snap: Snapshot | None, p: Player, w: Win) -> list[str]:
    """The fans of the win itself that both lists have, found whatever the reading: 自摸, and
    不求人 (self-drawn) or 门前清 (on a discard) for a concealed hand; 报听; 全求人 (four shown
    melds, one tile left, won on a discard); 和绝张 (with the round, ``snap``); 妙手回春 /
    海底捞月 (``last_tile`` self-drawn / on a discard); 杠上开花; 抢杠和."""
    found = []
    closed = concealed_hand(p)
    if w.self_drawn:
        found.append("zimo")
        if closed:
            found.append("buqiuren")
    elif closed:
        found.append("menqianqing")
    if p.ready_declared_turn is not None:
        found.append("baoting")
    if len(p.melds) == 4 and len(p.hand) == 1 and not w.self_drawn and all(m.kind != "concealed" for m in p.melds):
        found.append("quanqiuren")
    if snap is not None and last_copy(snap, p, w):
        found.append("hejuezhang")
    if w.last_tile:
        found.append("miaoshouhuichun" if w.self_drawn else "haidilaoyue")
    found += [fan for flag, fan in (("kong_draw", "gangshangkaihua"), ("robbing_kong", "qiangganghu")) if getattr(w, flag)]
    return found


@dataclass(unsafe_hash=True)
class Result:
    """One win as scored: its best reading's fans, the total, the total less flowers."""

    scored: Final[Scored | None]  # None: no reading (not a win)
    without_flowers: Final[int]

    def __init__(self, scored: Scored | None, without_flowers: int) -> None:
        self.scored = scored
        self.without_flowers = without_flowers
