"""虫草花麻将's payments: the win (台 + 2 and 交子 from each loser, 001:348, 419-420), 包牌 (001:349-350)
and 花数 between every pair of players (001:395-418).

Readings C4 (花数), C5 (paying the win) and C6 (包牌) of .helpers/chongcao-readings.md. 下杠 (001:421-491)
pays alike with its own lines, one 花数 table (X4) and 包牌 a-d without 乱吐 (X6): its :class:`Ruleset`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from ...errors import RoundError
from ...ledger import Ledger
from ...snapshot import Meld, Player, Snapshot, Win
from ...tiles import Tile, chinese, is_honour, is_suited, rank, suit
from ...variant import seats_after
from .._caishen import Hua
from .table import GREEN, RED, SMALL_ROWS, Ruleset, Setup, Tai

BONUS: Final = 2
"""胡牌者都在总条数上直接+2条 (001:420a; 下杠 001:491a): 2 from each loser (C5)."""
LIABLE_PLAYERS: Final = 3
"""二人没有包牌，三人、四人才有 (001:349)."""
BEAUTIES: Final = frozenset({"sanmeiren", "simeiren"})
"""点炮成明翻 (001:350c): the rows whose 中 and 发 melds are looked at (C6 c)."""

# -- 包牌 (001:349-350) ------------------------------------------------------------------------


@dataclass(frozen=True)
class Liable:
    """The seat that pays every loser's 台 line, and which case of 001:350 made it so."""

    seat: int
    case: str  # the case's letter at this table: a-e (虫草花), a-d (下杠)
    name: str
    why: str


CASE_NAMES: Final[Mapping[str, str]] = {
    "single_honour": "单吊字牌", "single_suited": "单吊序数牌", "beauty": "点炮成明翻", "spat": "乱吐",
    "four_hands": "吃碰杠四手",
}
"""The 包牌 cases by kind (001:350; 下杠's 001:437 has no 乱吐): Ruleset.cases orders them a, b, …"""
Found = tuple[int, str] | None
"""A case that applies: the liable seat, and why."""


def _on_discard(w: Win) -> bool:
    """A win on a discard (抢杠胡 is on a kong's tile, no discard)."""
    return w.from_seat is not None and not w.robbing_kong


def _claimed(m: Meld) -> bool:
    """吃、碰、杠 from another seat: a chow, a pong, an exposed kong, or an added kong — the pong it grew
    from was claimed, from its ``from`` seat (C6 c, e; as 软硬双翻's 承包 counts it)."""
    return m.type in ("chow", "pong") or m.kind in ("exposed", "added")


def _feeders(melds: tuple[Meld, ...]) -> tuple[Counter[int], list[int]]:
    """The claims per feeding seat, and the added kongs whose feeder is not given (their indexes)."""
    fed = Counter(m.from_seat for m in melds if _claimed(m) and m.from_seat is not None)
    return fed, [j for j, m in enumerate(melds) if m.kind == "added" and m.from_seat is None]


def _single_last(snap: Snapshot, w: Win) -> tuple[int, Tile] | None:
    """A win on a discard by a 单吊 hand: the discarder, and the winner's last discard (made as it went 单吊)."""
    p = snap.players[w.winner]
    if not _on_discard(w) or len(p.hand) != 1 or not p.discards or w.from_seat is None:
        return None
    return w.from_seat, p.discards[-1].tile


def _single_honour(snap: Snapshot, w: Win, _t: Tai) -> Found:
    """a) 单吊字牌 (001:350a): the winner went 单吊 discarding an honour, and won that face's discard."""
    found = _single_last(snap, w)
    if found is None or not (is_honour(w.tile) and found[1] == w.tile):
        return None
    return found[0], f"seat {w.winner} went 单吊 discarding {chinese(found[1])}, seat {found[0]} discarded it too"


def _single_suited(snap: Snapshot, w: Win, _t: Tai) -> Found:
    """b) 单吊序数牌 (001:350b): the winner went 单吊 discarding a suited tile, and won a discard of its suit
    within ±2 of it."""
    found = _single_last(snap, w)
    if found is None:
        return None
    x, last = found
    r, q = rank(w.tile), rank(last)
    if is_suited(w.tile) and is_suited(last) and suit(w.tile) == suit(last) and r is not None and q is not None \
            and abs(r - q) <= 2:
        return x, f"seat {w.winner} went 单吊 discarding {chinese(last)}, seat {x} discarded {chinese(w.tile)}, within two of it"
    return None


def _beauty_meld(snap: Snapshot, w: Win, t: Tai) -> int | None:
    """c)'s meld: 三美人 or 四美人 paid, the later (melds order) of the winner's claimed 中 and 发 melds."""
    if not any(pid in BEAUTIES for pid, _ in t.rows):
        return None
    melds = snap.players[w.winner].melds
    found = {m.tile: j for j, m in enumerate(melds) if m.tile in (RED, GREEN) and m.type != "chow" and _claimed(m)}
    return max(found.values()) if len(found) == 2 else None


def _beauty_feeder(snap: Snapshot, w: Win, t: Tai) -> Found:
    """c) 点炮成明翻 (001:350c): the later of the 中 and the 发 pong or 明杠 claimed from seat X → X."""
    j = _beauty_meld(snap, w, t)
    later = None if j is None else snap.players[w.winner].melds[j]
    if later is None or later.from_seat is None:
        return None
    return later.from_seat, f"seat {later.from_seat} fed seat {w.winner}'s {chinese(later.tile)}, the meld that made its 美人"


def chow_before_win(snap: Snapshot, w: Win) -> tuple[int, int, Meld] | None:
    """d)'s question is asked of a win on seat X's discard where X's last meld is a chow: (X, the
    chow's index, the chow)."""
    if not _on_discard(w) or w.from_seat is None:
        return None
    melds = snap.players[w.from_seat].melds
    if not melds or melds[-1].type != "chow":
        return None
    return w.from_seat, len(melds) - 1, melds[-1]


def _claimed_tile(snap: Snapshot, x: int, chow: Meld) -> Tile | None:
    """The tile the chow took: the discard of its ``from`` seat claimed by X, the latest before the
    chow's turn; ``None`` when the record lists none."""
    if chow.from_seat is None or chow.turn is None:
        return None
    before = [d for d in snap.players[chow.from_seat].discards
              if d.claimed_by == x and d.turn is not None and d.turn < chow.turn]
    return max(before, key=lambda d: d.turn or 0).tile if before else None


def _beyond(chow: Meld, claimed: Tile) -> Tile | None:
    """The face beyond the chow's other end from the claimed tile: claimed 3 into 345 → 6, 5 → 2."""
    low, high = rank(chow.tiles[0]), rank(chow.tiles[2])
    assert low is not None and high is not None  # a chow is suited (rules.snapshot.check_common)
    if claimed == chow.tiles[0]:
        r = high + 1
    elif claimed == chow.tiles[2]:
        r = low - 1
    else:
        return None
    return f"{r}{suit(claimed)}" if 1 <= r <= 9 else None


def _spat(snap: Snapshot, w: Win, _t: Tai) -> Found:
    """d) 乱吐 (001:350d 吃了顺子边的一张牌，不能吐顺子边的另外一张牌): X chowed a tile at one end of its last
    chow, discarded nothing since, and now discards the face beyond the other end → X."""
    found = chow_before_win(snap, w)
    if found is None:
        return None
    x, _, chow = found
    if chow.turn is None or w.turn is None or not chow.turn < w.turn:
        return None
    if any(d.turn is not None and chow.turn < d.turn < w.turn for d in snap.players[x].discards):
        return None
    claimed = _claimed_tile(snap, x, chow)
    if claimed is None or _beyond(chow, claimed) != w.tile:
        return None
    chowed = "".join(chinese(t) for t in chow.tiles)
    return x, f"seat {x} chowed {chinese(claimed)} into {chowed} and discarded {chinese(w.tile)} next"


def _four_hands(snap: Snapshot, w: Win, _t: Tai) -> Found:
    """e) 吃碰杠四手 (001:350e; 下杠's d, 001:437): four melds or more (chow, pong, exposed kong) claimed from
    one seat X → X."""
    fed, _ = _feeders(snap.players[w.winner].melds)
    x = next((s for s, k in fed.items() if k >= 4), None)
    if x is None:
        return None
    return x, f"seat {w.winner} took {fed[x]} chows, pongs and kongs from seat {x}"


CASE_CHECKS: Final[Mapping[str, Callable[[Snapshot, Win, Tai], Found]]] = {
    "single_honour": _single_honour, "single_suited": _single_suited, "beauty": _beauty_feeder, "spat": _spat,
    "four_hands": _four_hands,
}


def liable(snap: Snapshot, w: Win, t: Tai, opts: Any) -> Liable | None:
    """The liable seat under ``liability`` at 3-4 players: the first of the table's cases that applies
    (a-e, C6; 下杠's a-d, X6)."""
    if not opts.liability or snap.n < LIABLE_PLAYERS:
        return None
    for letter, kind in zip("abcdefgh", t.rules.cases, strict=False):
        found = CASE_CHECKS[kind](snap, w, t)
        if found is not None:
            return Liable(found[0], letter, CASE_NAMES[kind], found[1])
    return None


FEEDER: Final = "asks who fed the pong this added kong grew from"
TURN: Final = "asks whether the chower discarded anything between its chow and the winning discard: give the turn"


def _added_kong_feeder(snap: Snapshot, _i: int, w: Win, t: Tai) -> list[tuple[str, str]]:
    """c)'s question: the later 美人 meld an added kong without ``from``."""
    j = _beauty_meld(snap, w, t)
    melds = snap.players[w.winner].melds
    return [(f"/players/{w.winner}/melds/{j}/from", FEEDER)] if j is not None and melds[j].from_seat is None else []


def _spat_fields(snap: Snapshot, i: int, w: Win, _t: Tai) -> list[tuple[str, str]]:
    """d) 乱吐's questions (C6 d), for a win on seat X's discard whose last meld is a chow with the tile
    won beyond one of its ends (else d cannot apply): the win's turn, the chow's, X's discards' and
    those X claimed from the chow's ``from`` seat; then the tile the chow took, which that seat's
    discards must list (``claimed_by`` X)."""
    found = chow_before_win(snap, w)
    if found is None:
        return []
    x, j, chow = found
    if w.tile not in (_beyond(chow, chow.tiles[0]), _beyond(chow, chow.tiles[2])):
        return []
    missing = [f"/wins/{i}/turn"] if w.turn is None else []
    missing += [f"/players/{x}/melds/{j}/turn"] if chow.turn is None else []
    missing += [f"/players/{x}/discards/{k}/turn" for k, d in enumerate(snap.players[x].discards) if d.turn is None]
    f = chow.from_seat
    if f is not None and f < snap.n:
        missing += [f"/players/{f}/discards/{k}/turn"
                    for k, d in enumerate(snap.players[f].discards) if d.claimed_by == x and d.turn is None]
    if missing:
        return [(ptr, TURN) for ptr in missing]
    if f is not None and f < snap.n and _claimed_tile(snap, x, chow) is None:
        why = f"asks which tile seat {x}'s last chow took: list seat {f}'s discard it claimed, with claimed_by {x}"
        return [(f"/players/{f}/discards", why)]
    return []


def _four_hands_feeders(snap: Snapshot, _i: int, w: Win, _t: Tai) -> list[tuple[str, str]]:
    """e)'s question: added kongs without ``from`` that could bring a seat to four claims (none when a
    seat fed four already: e) is decided)."""
    fed, unknown = _feeders(snap.players[w.winner].melds)
    if not unknown or any(k >= 4 for k in fed.values()) or not any(k + len(unknown) >= 4 for k in (*fed.values(), 0)):
        return []
    return [(f"/players/{w.winner}/melds/{j}/from", FEEDER) for j in unknown]


Question = Callable[[Snapshot, int, Win, Tai], list[tuple[str, str]]]
"""What a case needs to be judged and the record leaves out: (JSON pointer, why)."""
QUESTIONS: Final[Mapping[str, Question]] = {
    "single_honour": lambda *_: [], "single_suited": lambda *_: [], "beauty": _added_kong_feeder,
    "spat": _spat_fields, "four_hands": _four_hands_feeders,
}


def liability_questions(snap: Snapshot, i: int, w: Win, t: Tai, opts: Any) -> list[RoundError]:
    """The fields 包牌 needs and the record leaves out (``missing_field``): the cases are judged in
    order (C6), so a field is asked only while no earlier case applies — once one does, what the
    later ones would need does not matter."""
    if not opts.liability or snap.n < LIABLE_PLAYERS:
        return []
    rs = t.rules
    for letter, kind in zip("abcdefgh", rs.cases, strict=False):
        if asked := QUESTIONS[kind](snap, i, w, t):
            return [RoundError("missing_field", ptr, f"包牌 {letter}) {CASE_NAMES[kind]} ({rs.lines.cases}{letter}) "
                               f"{why}") for ptr, why in asked]
        if CASE_CHECKS[kind](snap, w, t) is not None:
            return []
    return []


# -- paying the win (001:348, 419-420) ----------------------------------------------------------


def _terms(t: Tai, small: bool) -> str:
    table = t.table
    return " + ".join(f"{table[pid].zh}{table.value(pid)}" + (f"×{n}" if n > 1 else "")
                      for pid, n in t.rows if (pid in SMALL_ROWS) == small)


def how_counted(t: Tai) -> str:
    """The 台, row by row: the small rows and the 6台 rule (001:394; none at 下杠), the big rows, the total."""
    lines = t.rules.lines
    if not t.rows:
        return f"屁胡: no row, 0台 ({lines.pihu})"
    parts = []
    small, big = _terms(t, True), _terms(t, False)
    if small:
        rule = (f" ≥ 6: ({t.rules.six_base or t.tier} + {t.small} − 6) × 2 = {t.small_part} (6台起翻, {lines.six})" if t.six
                else f" ({lines.small_added})")
        parts.append(f"small rows {small} = {t.small}{rule}")
    if big:
        parts.append(f"big rows {big} = {t.big} ({t.tier}台起翻 column, {lines.columns})")
    total = f"{t.small_part} + {t.big} = {t.total}" if small and big else f"{t.total}"
    return "; ".join(parts) + f"; 台 = {total}"


def pay_win(snap: Snapshot, w: Win, t: Tai, bao: Liable | None, opts: Any, ledger: Ledger) -> list[str]:
    """Every loser pays the winner its 台 (``hu``), 2 (``hu_bonus``, 001:420) and 交子 (``jiaozi``,
    001:348), a self-draw and a discard alike (C5); under 包牌 the liable seat pays every ``hu``
    line, the +2 and 交子 staying each loser's (只包台数，不包花数、条数, 001:349, C6). 下杠 alike (X5, X6)."""
    lines = t.rules.lines
    name = "、".join(t.table[pid].zh for pid, _ in t.rows) or "屁胡"
    name_en = ", ".join(t.table[pid].en for pid, _ in t.rows) or "Plain Win"
    how = f"{how_counted(t)}, on {chinese(w.tile)} from each loser (只有胡牌玩家计算台数, {lines.winner_only})"
    case = "" if bao is None else f"包牌 {bao.case}) {bao.name} ({lines.cases}{bao.case})"
    for seat in seats_after(w.winner, snap.n):
        payer = seat if bao is None else bao.seat
        note = how if bao is None else f"{how}; {case}: seat {payer} pays seat {seat}'s 台"
        ledger.pay(payer, w.winner, t.total, "hu", name, name_en, note, turn=w.turn)
        ledger.pay(seat, w.winner, BONUS, "hu_bonus", "胡牌+2条", "Win bonus",
                   f"胡牌者都在总条数上直接+2条 ({lines.bonus}): 2 from each loser", turn=w.turn)
        ledger.pay(seat, w.winner, opts.jiaozi, "jiaozi", "交子", "Jiaozi",
                   f"交子 ({lines.jiaozi}): {opts.jiaozi} from each loser, as the table sets it", turn=w.turn)
    if bao is None:
        return []
    return [(f"{case}: {bao.why}; seat {bao.seat} pays every loser's 台 line, the +2 and 交子 staying each loser's, "
             f"花数 untouched (只包台数，不包花数、条数, {lines.liability})")]


# -- 花数 (001:395-418) --------------------------------------------------------------------------


@dataclass(frozen=True)
class Scheme:
    """One 花数 table: 杠头 1-3, 白板 1-4, 财神 1-4 and 虫草 1-8 (none outside 虫草花)."""

    gangtou: tuple[int, ...]
    white: tuple[int, ...]
    caishen: tuple[int, ...]
    chongcao: tuple[int, ...]
    lines: str


SCHEME_TABLES: Final[Mapping[str, Scheme]] = {
    "small": Scheme((1, 2, 6), (1, 2, 3, 8), (1, 2, 6, 10), (), "001:398-402"),
    "big": Scheme((1, 2, 8), (1, 2, 6, 10), (1, 2, 8, 12), (), "001:403-407"),
    "square": Scheme((1, 4, 10), (1, 4, 9, 16), (1, 4, 10, 18), (), "001:408-412"),
    "chongcao": Scheme((1, 4, 10), (1, 4, 9, 16), (1, 4, 10, 18), (1, 4, 6, 8, 10, 15, 20, 30), "001:413-418"),
    # 下杠's one table (001:484-489), 虫草花's chongcao values (X4)
    "xiagang": Scheme((1, 4, 10), (1, 4, 9, 16), (1, 4, 10, 18), (1, 4, 6, 8, 10, 15, 20, 30), "001:484-489"),
}
EXPOSED_KONGS: Final = (1, 4, 8, 16, 32)
"""一明杠1花、2个明杠4花、3个明杠8花、4个明杠16花、5个明杠32花 (every scheme, 001:401 …)."""
CONCEALED_KONGS: Final = (2, 8, 16, 32, 64)
"""一暗杠2花、2个暗杠8花、3个暗杠16花、4个暗杠32花、5个暗杠64花 (every scheme, 001:402 …)."""


def _of(row: tuple[int, ...], n: int) -> int:
    return row[n - 1] if n else 0


def kong_flowers(exposed: int, concealed: int) -> int:
    """明暗杠同时出现的情况按照明暗杠总数的明杠计算+暗杠总数的花数 (001:395): both kinds, 明杠[m + a] + 暗杠[a];
    one kind, its own row (C4)."""
    if exposed and concealed:
        return _of(EXPOSED_KONGS, exposed + concealed) + _of(CONCEALED_KONGS, concealed)
    return _of(EXPOSED_KONGS, exposed) + _of(CONCEALED_KONGS, concealed)


def scheme_of(rs: Ruleset, opts: Any) -> str:
    """The 花数 table: the table's one (下杠's), else the option flower_scheme."""
    return rs.scheme if rs.scheme is not None else str(opts.flower_scheme)


def flower_count(p: Player, win: Win | None, s: Setup, opts: Any) -> Hua:
    """A player's 花 (C4): its 杠头, 白板-role tiles and flowers set aside, its 财神 (concealed, the won
    tile for the winner, the four of a 四财神暗杠), its kongs, each read from the scheme's table. A
    下杠 set aside counts nothing (no 花数 row names it, 下杠 001:484-489, X1)."""
    scheme = SCHEME_TABLES[scheme_of(s.rules, opts)]
    concealed = [*p.hand, *((win.tile,) if win is not None else ())]
    caishen = 0
    if s.caishen is not None:
        caishen = concealed.count(s.caishen) + 4 * any(m.kind == "concealed" and m.tile == s.caishen for m in p.melds)
    g = p.flowers.count(s.gangtou) if s.gangtou is not None else 0
    b = p.flowers.count(s.white) if s.white is not None else 0
    f = sum(1 for t in p.flowers if t in s.flowers)
    m = sum(1 for k in p.kongs if k.kind in ("exposed", "added"))
    a = sum(1 for k in p.kongs if k.kind == "concealed")
    parts = [("杠头", g, _of(scheme.gangtou, g)), ("白板", b, _of(scheme.white, b)),
             ("财神", caishen, _of(scheme.caishen, caishen)), ("虫草", f, _of(scheme.chongcao, f) if scheme.chongcao else 0)]
    kongs = kong_flowers(m, a)
    total = sum(v for _, _, v in parts) + kongs
    how = [f"{name}{n}→{v}" for name, n, v in parts if n]
    if m or a:
        how.append(f"明杠{m}暗杠{a}→{kongs}")
    return Hua(p.seat, total, f"{' + '.join(how) or 'none'} = {total}花")


def pay_flowers(counted: list[Hua], opts: Any, ledger: Ledger, rs: Ruleset) -> None:
    """若玩家A花总数为400花，则从其他三个玩家中各拿400条 (001:395): every player takes its 花 from every
    other, so in every pair the one with fewer 花 pays the difference (C4)."""
    key = scheme_of(rs, opts)
    table = f"{'花数' if rs.scheme is not None else key} {SCHEME_TABLES[key].lines}"
    for x, y in combinations(counted, 2):
        if x.total == y.total:
            continue
        low, high = (x, y) if x.total < y.total else (y, x)
        note = (f"seat {high.seat} {high.how}, seat {low.seat} {low.how}: {high.total - low.total} (花与胡牌无关，每个"
                f"玩家都要计算, {rs.lines.hua}; {table})")
        ledger.pay(low.seat, high.seat, high.total - low.total, "flower", "花数", "Flower count", note)
