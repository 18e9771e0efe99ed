"""二人麻将 Two-player mahjong — 001_a1ce558555b69162.txt lines 492-525.

Two players, the 72 tiles of 万, winds, dragons and eight flowers (001:493-494), chow, pong and
kong (001:495). A hand is scored by a fan list derived from 国标 (001:503-525): the fans found
in its best reading, each excluding (不计) the fans the list names, plus one per flower. The
seed gives no payment, minimum or dealer rule beyond 001:502; the lead's readings (payment:
the loser pays the fan total × 底分; 起和 ``min_fans``, default 8) and every choice are written
down in docs/variants/erren.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete, waits_seen
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..snapshot import Player, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_72, Tile, TileSet, chinese, compact, is_flower, is_honour, is_suited, rank, sort_key, suit
from ..variant import Variant
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from . import _fans as fanlib
from ._fans import Context, Detector, Fan, Reading, Scored
from ._round import PerRound, PerWin

RULES: Final = HandRules(seven_pairs=True)
NINE_GATES: Final = ("1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m")
FLOWERS: Final = frozenset({"huapai"})
"""Fans outside 起和 (花牌 不计在起和分内, 001:505 item 4)."""

_SEVEN: Final = ("qiduizi", "menqianqing", "dandiao", "zimo")
_HEAVEN: Final = ("bianzhang", "kanzhang", "dandiao", "buqiuren", "hejuezhang", "zimo")

# id, 中文, English, 番, 不计, seed line; docs/variants/erren.md explains every detector
FANS: Final[tuple[Fan, ...]] = (
    Fan("yibangao", "一般高", "Pure Double Chow", 1, (), "001:505", "each pair of identical chows"),
    Fan("lianliu", "连六", "Short Straight", 1, (), "001:505", "each pair of chows a, a+3"),
    Fan("laoshaofu", "老少副", "Two Terminal Chows", 1, (), "001:505", "each pair of chows 123 + 789"),
    Fan("huapai", "花牌", "Flower Tiles", 1, (), "001:505", "each flower; not in 起和"),
    Fan("minggang", "明杠", "Exposed Kong", 1, (), "001:505"),
    Fan("bianzhang", "边张", "Edge Wait", 1, (), "001:505", "one wait only (reading 8)"),
    Fan("kanzhang", "坎张", "Closed Wait", 1, (), "001:505", "one wait only (reading 8)"),
    Fan("dandiao", "单钓将", "Single Wait", 1, (), "001:505", "one wait only (reading 8)"),
    Fan("zimo", "自摸", "Self-Drawn", 1, (), "001:505"),
    Fan("menfengke", "门风刻", "Seat Wind Pung", 2, (), "001:507"),
    Fan("quanfengke", "圈风刻", "Prevalent Wind Pung", 2, (), "001:507"),
    Fan("jianke", "箭刻", "Dragon Pung", 2, (), "001:507"),
    Fan("pinghu", "平和", "All Chows", 2, (), "001:507"),
    Fan("siguiyi", "四归一", "Tile Hog", 2, (), "001:507", "each face held four times, not as a kong"),
    Fan("duanyao", "断幺", "All Simples", 2, (), "001:507"),
    Fan("shuanganke", "双暗刻", "Two Concealed Pungs", 2, (), "001:507"),
    Fan("angang", "暗杠", "Concealed Kong", 2, (), "001:507"),
    Fan("menqianqing", "门前清", "Concealed Hand", 2, (), "001:507"),
    Fan("baoting", "报听", "Ready Declared", 2, (), "001:507"),
    Fan("quandaiyao", "全带幺", "Outside Hand", 4, (), "001:509"),
    Fan("buqiuren", "不求人", "Fully Concealed Hand", 4, ("menqianqing", "zimo"), "001:509"),
    Fan("shuangminggang", "双明杠", "Two Exposed Kongs", 4, ("minggang",), "001:509"),
    Fan("hejuezhang", "和绝张", "Last Tile", 4, (), "001:509"),
    Fan("pengpenghu", "碰碰和", "All Pungs", 6, (), "001:511"),
    Fan("hunyise", "混一色", "Half Flush", 6, (), "001:511"),
    Fan("xiaosanfeng", "小三风", "Little Three Winds", 6, (), "001:511"),
    Fan("quanqiuren", "全求人", "Melded Hand", 6, ("dandiao",), "001:511"),
    Fan("shuangangang", "双暗杠", "Two Concealed Kongs", 6, ("shuanganke", "angang"), "001:511"),
    Fan("shuangjianke", "双箭刻", "Two Dragon Pungs", 6, ("jianke",), "001:511"),
    Fan("miaoshouhuichun", "妙手回春", "Last Tile Draw", 8, ("zimo",), "001:513"),
    Fan("haidilaoyue", "海底捞月", "Last Tile Claim", 8, (), "001:513"),
    Fan("gangshangkaihua", "杠上开花", "Out with Replacement Tile", 8, ("zimo",), "001:513"),
    Fan("qiangganghu", "抢杠和", "Robbing the Kong", 8, ("hejuezhang",), "001:513"),
    Fan("qinglong", "清龙", "Pure Straight", 16, ("laoshaofu", "lianliu"), "001:515"),
    Fan("sanbugao", "三步高", "Pure Shifted Chows", 16, (), "001:515"),
    Fan("qingyise", "清一色", "Full Flush", 16, (), "001:515"),
    Fan("santongke", "三同刻", "Triple Pung", 16, (), "001:515", "three suits needed: never found with 万 alone"),
    Fan("sananke", "三暗刻", "Three Concealed Pungs", 16, ("shuanganke",), "001:515"),
    Fan("sizike", "四字刻", "Four Honour Pungs", 24, ("pengpenghu",), "001:517"),
    Fan("dasanfeng", "大三风", "Big Three Winds", 24, ("xiaosanfeng",), "001:517"),
    Fan("santongshun", "三同顺", "Pure Triple Chow", 24, ("sanlianke", "yibangao"), "001:517"),
    Fan("qiduizi", "七对子", "Seven Pairs", 24, ("menqianqing", "dandiao", "zimo"), "001:517"),
    # 不记三同顺 as well (001:517): never both in one reading, and a table may not exclude in a cycle
    Fan("sanlianke", "三连刻", "Pure Shifted Pungs", 24, ("yibangao",), "001:517"),
    Fan("sibugao", "四步高", "Pure Four Shifted Chows", 32, ("sanbugao", "lianliu", "laoshaofu"), "001:519"),
    Fan("hunyaojiu", "混幺九", "All Terminals and Honours", 32, ("pengpenghu", "quandaiyao"), "001:519"),
    Fan("sangang", "三杠", "Three Kongs", 32, ("shuangminggang", "minggang"), "001:519"),
    Fan("tianting", "天听", "Heavenly Ready", 32, ("baoting", "menqianqing"), "001:519"),
    Fan("sitongshun", "四同顺", "Quadruple Chow", 48, ("sanlianke", "yibangao", "siguiyi", "santongshun", "qiduizi"),
        "001:521"),
    Fan("sanyuanqidui", "三元七对子", "Three Dragons Seven Pairs", 48, _SEVEN, "001:521"),
    Fan("sixiqidui", "四喜七对子", "Four Winds Seven Pairs", 48, _SEVEN, "001:521"),
    Fan("silianke", "四连刻", "Four Pure Shifted Pungs", 48, ("sanlianke", "santongshun", "pengpenghu", "yibangao"),
        "001:521"),
    Fan("renhu", "人胡", "Human Win", 64, ("menqianqing",), "001:523"),
    Fan("xiaosixi", "小四喜", "Little Four Winds", 64, ("dasanfeng", "xiaosanfeng", "quanfengke", "menfengke"),
        "001:523"),
    Fan("xiaosanyuan", "小三元", "Little Three Dragons", 64, ("shuangjianke", "jianke"), "001:523"),
    Fan("ziyise", "字一色", "All Honours", 64, ("pengpenghu", "hunyaojiu", "quandaiyao", "sizike"), "001:523"),
    Fan("sianke", "四暗刻", "Four Concealed Pungs", 64, ("menqianqing", "pengpenghu", "sananke", "shuanganke"),
        "001:523"),
    Fan("dasixi", "大四喜", "Big Four Winds", 88, ("dasanfeng", "pengpenghu", "hunyise", "sizike"), "001:525"),
    Fan("dasanyuan", "大三元", "Big Three Dragons", 88, ("jianke", "shuangjianke"), "001:525"),
    Fan("dayuwu", "大于五", "Upper Tiles", 88, ("qingyise", "buqiuren", "menqianqing"), "001:525"),
    Fan("jiulianbaodeng", "九莲宝灯", "Nine Gates", 88, ("qingyise", "buqiuren", "menqianqing"), "001:525"),
    Fan("xiaoyuwu", "小于五", "Lower Tiles", 88, (), "001:525"),
    Fan("daqixing", "大七星", "Big Seven Stars", 88, ("qiduizi", "sanyuanqidui", "sixiqidui", "quandaiyao", "dandiao",
                                                      "menqianqing", "zimo", "ziyise"), "001:525"),
    Fan("sigang", "四杠", "Four Kongs", 88, ("sangang", "shuangminggang", "minggang", "dandiao"), "001:525"),
    Fan("lianqidui", "连七对", "Seven Shifted Pairs", 88, ("qiduizi", "dandiao", "menqianqing", "zimo", "qingyise"),
        "001:525"),
    Fan("tianhu", "天胡", "Heavenly Hand", 88, _HEAVEN, "001:525"),
    Fan("dihu", "地胡", "Earthly Hand", 88, _HEAVEN, "001:525"),
)
PATTERNS: Final = fanlib.fan_table(FANS)


# -- detectors (reading-dependent fans) ---------------------------------------------------------


def _winds(r: Reading) -> int:
    return fanlib.honour_triplets(r, fanlib.WINDS)


def _dragons(r: Reading) -> int:
    return fanlib.honour_triplets(r, fanlib.DRAGONS)


def _all(c: Context, pred: Callable[[Tile], bool]) -> bool:
    return all(pred(t) for t in c.tiles)


def _chow_count_at_least(r: Reading, n: int) -> bool:
    ranks = fanlib.chows(r)
    return any(ranks.count(x) >= n for x in ranks)


def _triplet_ranks(r: Reading) -> list[int]:
    return [rank(b.tile) or 0 for b in fanlib.triplets(r) if is_suited(b.tile)]


def _hog(_r: Reading, c: Context) -> int:
    kongs = {m.tile for m in c.melds if m.type == "kong"}
    return sum(1 for t in set(c.tiles) if c.tiles.count(t) == 4 and t not in kongs)


def _pure_straight(r: Reading, _c: Context) -> int:
    have = set(fanlib.chows(r))
    return int({1, 4, 7} <= have)


def _seven_of(r: Reading, faces: tuple[Tile, ...]) -> int:
    return int(not r.standard and set(faces) <= set(r.pairs))


def _seven_shifted(r: Reading, _c: Context) -> int:
    if r.standard or len(set(r.pairs)) != 7 or not all(is_suited(t) for t in r.pairs):
        return 0
    ranks = sorted(rank(t) or 0 for t in r.pairs)
    return int(len({suit(t) for t in r.pairs}) == 1 and ranks[-1] - ranks[0] == 6)


def _same(a: int, b: int) -> bool:
    return a == b


def _six_in_a_row(a: int, b: int) -> bool:
    return b == a + 3


def _old_and_young(a: int, b: int) -> bool:
    return a == 1 and b == 7


def _upper(t: Tile) -> bool:
    return is_suited(t) and (rank(t) or 0) >= 6


def _lower(t: Tile) -> bool:
    return is_suited(t) and (rank(t) or 0) <= 4


DETECTORS: Final[Mapping[str, Detector]] = {
    "yibangao": lambda r, _c: fanlib.chow_pairs(r, _same),
    "lianliu": lambda r, _c: fanlib.chow_pairs(r, _six_in_a_row),
    "laoshaofu": lambda r, _c: fanlib.chow_pairs(r, _old_and_young),
    "minggang": lambda _r, c: int(fanlib.kongs(c, ("exposed", "added")) >= 1),
    "bianzhang": lambda r, c: int(c.single_wait and r.wait == "edge"),
    "kanzhang": lambda r, c: int(c.single_wait and r.wait == "closed"),
    "dandiao": lambda r, c: int(c.single_wait and r.wait == "single"),
    "menfengke": lambda r, c: fanlib.honour_triplets(r, (c.seat_wind,)),
    "quanfengke": lambda r, c: fanlib.honour_triplets(r, (c.round_wind,)),
    "jianke": lambda r, _c: int(_dragons(r) >= 1),
    "pinghu": lambda r, _c: int(r.standard and all(b.kind == "chow" for b in r.blocks) and is_suited(r.pair or "")),
    "siguiyi": _hog,
    "duanyao": lambda _r, c: int(not any(fanlib.yao(t) for t in c.tiles)),
    "shuanganke": lambda r, _c: int(fanlib.concealed_triplets(r) >= 2),
    "angang": lambda _r, c: int(fanlib.kongs(c, ("concealed",)) >= 1),
    "quandaiyao": lambda r, _c: int(all(any(fanlib.yao(t) for t in g) for g in fanlib.groups_tiles(r))),
    "shuangminggang": lambda _r, c: int(fanlib.kongs(c, ("exposed", "added")) >= 2),
    "pengpenghu": lambda r, _c: int(r.standard and all(b.triplet for b in r.blocks)),
    "hunyise": lambda _r, c: int(len({suit(t) for t in c.tiles if is_suited(t)}) == 1 and any(map(is_honour, c.tiles))),
    "xiaosanfeng": lambda r, _c: int(_winds(r) == 2 and r.pair in fanlib.WINDS),
    "shuangangang": lambda _r, c: int(fanlib.kongs(c, ("concealed",)) >= 2),
    "shuangjianke": lambda r, _c: int(_dragons(r) >= 2),
    "qinglong": _pure_straight,
    "sanbugao": lambda r, _c: int(fanlib.steps(fanlib.chows(r), 3, (1, 2))),
    "qingyise": lambda _r, c: int(_all(c, is_suited) and len({suit(t) for t in c.tiles}) == 1),
    "santongke": lambda r, _c: int(any(_triplet_ranks(r).count(x) >= 3 for x in range(1, 10))),
    "sananke": lambda r, _c: int(fanlib.concealed_triplets(r) >= 3),
    "sizike": lambda r, _c: int(fanlib.honour_triplets(r, (*fanlib.WINDS, *fanlib.DRAGONS)) == 4),
    "dasanfeng": lambda r, _c: int(_winds(r) >= 3),
    "santongshun": lambda r, _c: int(_chow_count_at_least(r, 3)),
    "qiduizi": lambda r, _c: int(not r.standard),
    "sanlianke": lambda r, _c: int(fanlib.steps(_triplet_ranks(r), 3, (1,))),
    "sibugao": lambda r, _c: int(fanlib.steps(fanlib.chows(r), 4, (1, 2))),
    "hunyaojiu": lambda _r, c: int(_all(c, fanlib.yao)),
    "sangang": lambda _r, c: int(fanlib.kongs(c, ("exposed", "added", "concealed")) >= 3),
    "sitongshun": lambda r, _c: int(_chow_count_at_least(r, 4)),
    "sanyuanqidui": lambda r, _c: _seven_of(r, fanlib.DRAGONS),
    "sixiqidui": lambda r, _c: _seven_of(r, fanlib.WINDS),
    "silianke": lambda r, _c: int(fanlib.steps(_triplet_ranks(r), 4, (1,))),
    "xiaosixi": lambda r, _c: int(_winds(r) == 3 and r.pair in fanlib.WINDS),
    "xiaosanyuan": lambda r, _c: int(_dragons(r) == 2 and r.pair in fanlib.DRAGONS),
    "ziyise": lambda _r, c: int(_all(c, is_honour)),
    "sianke": lambda r, _c: int(fanlib.concealed_triplets(r) == 4),
    "dasixi": lambda r, _c: int(_winds(r) == 4),
    "dasanyuan": lambda r, _c: int(_dragons(r) == 3),
    "dayuwu": lambda _r, c: int(_all(c, _upper)),
    "jiulianbaodeng": lambda _r, c: int(not c.melds and tuple(sorted(c.hand, key=sort_key)) == NINE_GATES),
    "xiaoyuwu": lambda _r, c: int(_all(c, _lower)),
    "daqixing": lambda r, _c: int(not r.standard and len(set(r.pairs)) == 7 and all(map(is_honour, r.pairs))),
    "sigang": lambda _r, c: int(fanlib.kongs(c, ("exposed", "added", "concealed")) == 4),
    "lianqidui": _seven_shifted,
}


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: the loser pays the fan total × 底分", minimum=1)
    min_fans: int = option(8, "起和番", "The fewest fans a win needs, flowers not counted (001:505 item 4 "
                           "不计在起和分内; the number is 国标's 8番起和); 0: no minimum", minimum=0)
    round_wind: str = option("E", "圈风", "The prevailing wind (001:500): E for the first 圈, then S, W, N",
                             choices=("E", "S", "W", "N"))


@dataclass(unsafe_hash=True)
class Result:
    """One win as scored: its best reading's fans, the total, the total less flowers."""

    scored: Final[Scored | None]  # None: no reading (not a win)
    without_flowers: Final[int]

    def __init__(self, scored: Scored | None, without_flowers: int) -> None:
        self.scored = scored
        self.without_flowers = without_flowers


def seat_wind(seat: int, dealer: int) -> Tile:
    """门风 (001:501): the dealer 东, the other seat 西."""
    return "E" if seat == dealer else "W"


def concealed_hand(p: Player) -> bool:
    """No chow, pong, exposed or added kong (暗杠 keeps the hand concealed)."""
    return all(m.type == "kong" and m.kind == "concealed" for m in p.melds)


def event_fans(snap: Snapshot | None, p: Player, w: Win) -> list[str]:
    """The fans of the win itself, found whatever the reading."""
    found = []
    closed = concealed_hand(p)
    if w.self_drawn:
        found.append("zimo")
        if closed:
            found.append("buqiuren")
    elif closed:
        found.append("menqianqing")
    if p.ready_declared_turn is not None:
        found.append("tianting" if heavenly_ready(p) else "baoting")
    if len(p.melds) == 4 and len(p.hand) == 1 and not w.self_drawn and all(m.kind != "concealed" for m in p.melds):
        found.append("quanqiuren")
    if snap is not None and last_copy(snap, p, w):
        found.append("hejuezhang")
    if w.last_tile:
        found.append("miaoshouhuichun" if w.self_drawn else "haidilaoyue")
    found += [fan for flag, fan in (("kong_draw", "gangshangkaihua"), ("robbing_kong", "qiangganghu"),
                                    ("heavenly", "tianhu")) if getattr(w, flag)]
    if w.earthly:
        found.append("dihu" if w.self_drawn else "renhu")
    return found


def heavenly_ready(p: Player) -> bool:
    """天听 (001:519): declared no later than the first discard, with no chow, pong or kong of its
    own before it (发完牌后便报听; the dealer's 暗杠 rules it out too); turns checked present by
    validation."""
    t = p.ready_declared_turn
    if t is None or any(d.turn is not None and d.turn < t for d in p.discards):
        return False
    return not any(m.turn is not None and m.turn <= t for m in p.melds)


def last_copy(snap: Snapshot, p: Player, w: Win) -> bool:
    """和绝张 (001:509): the other three copies shown (桌面已亮明) — unclaimed discards and exposed
    melds of both players, the winner's own included — and none in the winner's hand (手上有牌也不算)."""
    if w.tile in p.hand:
        return False
    shown = sum(1 for q in snap.players for d in q.discards if d.claimed_by is None and d.tile == w.tile)
    shown += sum(m.tiles.count(w.tile) for q in snap.players for m in q.melds if m.kind != "concealed")
    return shown >= 3


def score_win(snap: Snapshot | None, p: Player, w: Win, dealer: int, round_wind: Tile) -> Result:
    hand = list(p.hand)
    single = waits_seen(hand, RULES, SET_72.faces, p.meld_tiles()) == [w.tile]
    tiles = (*hand, w.tile, *p.meld_tiles())
    ctx = Context(tiles, tuple(hand), w.tile, w.self_drawn, p.melds, seat_wind(p.seat, dealer), round_wind, single)
    events = event_fans(snap, p, w)
    flowers = {"huapai": len(p.flowers)}
    found = fanlib.best(fanlib.score(r, ctx, PATTERNS, DETECTORS, events, flowers)
                   for r in fanlib.readings(hand, w.tile, w.self_drawn, p.melds))
    return Result(found, found.without(PATTERNS, FLOWERS) if found else 0)


class Erren(Variant):
    id = "erren"
    name = "二人麻将"
    name_en = "Two-Player Mahjong"
    rules_version = "erren/1"
    source = "001_a1ce558555b69162.txt:492-525"
    players = (2, 2)
    hand_size = 13
    allows_chow = True
    Options = Options
    patterns = PATTERNS
    declares_ready = True  # 报听 (001:507), 天听 (001:519)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_72

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return RULES

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*unused_reveal_errors(snap, self.reveals_used), *single_event_errors(snap), *_flower_errors(snap),
                  *_declaration_errors(snap),
                  *drawn_round_wall_errors(snap, "a round without a win ends when the wall is drawn out (荒牌, 001:497)")]
        if errors:
            raise InvalidRound(errors)
        found = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, opts, found)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        found = _ROUND.get(snap, opts)
        hands = []
        for i, w in enumerate(snap.wins):
            scored = found(i).scored
            assert scored is not None  # validate() refused a hand without a reading
            _pay(w, scored, opts, ledger)
        won = {w.winner: found(i).scored for i, w in enumerate(snap.wins)}
        for p in snap.players:
            s = won.get(p.seat)
            if s is not None:
                hands.append(HandReport(p.seat, True, tuple(PATTERNS[f].zh for f, _ in s.fans)))
            else:
                waits = tuple(waits_seen(p.hand, RULES, SET_72.faces, p.meld_tiles()))
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        nxt = snap.wins[0].winner if snap.wins else 1 - snap.dealer  # 胡牌的人为庄家，荒牌则轮庄 (001:502)
        notes = () if snap.wins else ("荒牌: nothing is paid; the other seat deals next (轮庄, 001:502)",)
        return Settlement(ledger.items, tuple(hands), nxt, notes)

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """The base analysis; a flower in the hand is refused (it is set aside, 补花, 001:505)."""
        player, _ = self.analyze_input(body, opts)
        for k, t in enumerate(player.hand):
            if is_flower(t):
                raise InvalidRound(RoundError("flower_in_play", f"/hand/{k}", "a flower is set aside (补花) into "
                                              "flowers, never held (001:505 item 4)"))
        return super().analyze(body, opts)

    # -- the random round generator ---------------------------------------------------

    def may_win_scored(self, player: Player, win: Win, dealer: int, opts: Any) -> bool:
        """起和: the fans the hand shows without the win's other flags (a floor) reach ``min_fans``."""
        r = score_win(None, player, win, dealer, opts.round_wind)
        return r.scored is not None and r.without_flowers >= opts.min_fans


def _round_results(snap: Snapshot, opts: Any) -> PerWin[Result]:
    return PerWin(snap, opts, lambda p, w, o: score_win(snap, p, w, snap.dealer, o.round_wind))


_ROUND: Final[PerRound[PerWin[Result]]] = PerRound(_round_results)


# -- checks ------------------------------------------------------------------------------


def _flower_errors(snap: Snapshot) -> list[RoundError]:
    """Flowers are set aside (补花) into ``flowers``; nothing else is: a flower never plays."""
    errors = []
    for i, p in enumerate(snap.players):
        errors += [RoundError("not_a_flower", f"/players/{i}/flowers/{k}", f"{t} ({chinese(t)}) is not a flower "
                              "(春夏秋冬梅兰竹菊, 001:505 item 4)") for k, t in enumerate(p.flowers) if not is_flower(t)]
        errors += [RoundError("flower_in_play", f"/players/{i}/hand/{k}", "a flower is set aside (补花) into flowers, "
                              "never held") for k, t in enumerate(p.hand) if is_flower(t)]
        errors += [RoundError("flower_in_play", f"/players/{i}/discards/{k}", "a flower is set aside (补花), never "
                              "discarded") for k, d in enumerate(p.discards) if is_flower(d.tile)]
        errors += [RoundError("flower_in_play", f"/players/{i}/melds/{j}", "a flower never forms a set")
                   for j, m in enumerate(p.melds) if any(is_flower(t) for t in m.tiles)]
    errors += [RoundError("flower_in_play", f"/wins/{i}/tile", "nobody wins on a flower: it is replaced (补花)")
               for i, w in enumerate(snap.wins) if is_flower(w.tile)]
    return errors


def _win_errors(snap: Snapshot, i: int, w: Win, opts: Any, found: PerWin[Result]) -> list[RoundError]:
    ptr = f"/wins/{i}"
    errors = [*win_flag_errors(snap, w, ptr, earthly_self_draw=True), *last_tile_wall_errors(snap, w, ptr)]
    dealer = snap.players[snap.dealer]
    if w.earthly and dealer.melds and not errors:
        errors.append(RoundError("inconsistent_win", f"{ptr}/earthly", "地胡/人胡: the dealer made no chow, pong or "
                                 "kong (not even a concealed kong) before it (001:523 item 1, 001:525 item 8)"))
    p = snap.players[w.winner]
    errors += _discard_turn_errors(p)
    if errors:
        return errors
    if not is_complete([*p.hand, w.tile], RULES):
        return [RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(p.hand)} with {w.tile} is not four "
                           "sets and a pair, nor seven pairs")]
    r = found(i)
    if r.without_flowers < opts.min_fans:
        s = r.scored
        fans = "、".join(f"{PATTERNS[f].zh}{PATTERNS.value(f) * n}" for f, n in s.fans if f not in FLOWERS) if s else ""
        errors.append(RoundError("below_min_fans", ptr, f"{r.without_flowers}番 ({fans or 'none'}) without flowers is "
                                 f"below the table's 起和 of {opts.min_fans}番 (001:505 item 4)"))
    return errors


def _discard_turn_errors(p: Player) -> list[RoundError]:
    """天听 (001:519) is told from the turns of the declaration and the discards: a declared
    winner needs them (its melds' turns: :func:`_declaration_errors`)."""
    if p.ready_declared_turn is None:
        return []
    return [RoundError("missing_field", f"/players/{p.seat}/discards/{k}/turn", "报听/天听 (001:507, 001:519) "
                       "needs the turn of each of the declared winner's discards") for k, d in enumerate(p.discards)
            if d.turn is None]


def _declaration_errors(snap: Snapshot) -> list[RoundError]:
    """报听 (001:507): declared before the win, then 自动摸打 — no chow, pong or kong after it;
    a declared player's melds need their turns (天听, 001:519, needs none before it)."""
    errors = []
    win_turns = [w.turn for w in snap.wins if w.turn is not None]
    for s, p in enumerate(snap.players):
        t = p.ready_declared_turn
        if t is None:
            continue
        if any(t >= wt for wt in win_turns):
            errors.append(RoundError("inconsistent_declaration", f"/players/{s}/ready_declared_turn",
                                     "报听 is declared before the round's win"))
        for j, m in enumerate(p.melds):
            if m.turn is None:
                errors.append(RoundError("missing_field", f"/players/{s}/melds/{j}/turn", "a 报听 player's melds need "
                                         "their turn: none may follow the declaration (自动摸打, 001:507), and 天听 "
                                         "has none before it (001:519)"))
            elif m.turn > t:
                errors.append(RoundError("meld_after_declaration", f"/players/{s}/melds/{j}/turn",
                                         f"seat {s} declared 报听 at turn {t}: after it the game draws and discards "
                                         "for it (自动摸打, 001:507), no chow, pong or kong"))
    return errors


# -- payment ------------------------------------------------------------------------------


def _pay(w: Win, s: Scored, opts: Any, ledger: Ledger) -> None:
    """The other player pays the fan total × 底分, on a self-draw and on a discard alike."""
    loser = 1 - w.winner
    terms = " + ".join(f"{PATTERNS[f].zh}{PATTERNS.value(f)}{f'×{n}' if n > 1 else ''}" for f, n in s.fans)
    how = "自摸" if w.self_drawn else ("抢杠" if w.robbing_kong else "点炮")
    note = (f"{terms} = {s.total}番 × 底分{opts.base_points}: {how}, from seat {loser} "
            f"(on {chinese(w.tile)})")
    ledger.pay(loser, w.winner, s.total * opts.base_points, "hu", "、".join(PATTERNS[f].zh for f, _ in s.fans),
               ", ".join(PATTERNS[f].en for f, _ in s.fans), note, turn=w.turn)


VARIANT: Final[Erren] = Erren()
