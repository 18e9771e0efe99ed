"""二人麻将 Two-player mahjong — 001_a1ce558555b69162.txt lines 492-525.

Two players, the 72 tiles of 万, winds, dragons and eight flowers (001:493-494), chow, pong and
kong (001:495). A hand is scored by a fan list derived from 国标 (001:503-525): the fans found
in its best reading, each excluding (不计) the fans the list names, plus one per flower. The
seed gives no payment, minimum or dealer rule beyond 001:502; the lead's readings (payment:
the loser pays the fan total × 底分; 起和 ``min_fans``, default 8) and every choice are written
down in docs/variants/erren.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete, waits_seen
from ..ledger import Ledger, Settlement
from ..options import option
from ..snapshot import Player, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_72, Tile, TileSet, chinese, compact, is_honour
from ..variant import Variant
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from . import _fans as fanlib
from ._fan_rounds import declaration_errors, fan_settlement, flower_errors, min_fans_errors, refuse_flowers
from ._fans import Context, Detector, Fan, Reading, Result, Scored
from ._round import PerRound, PerWin

RULES: Final = HandRules(seven_pairs=True)
FLOWERS: Final = frozenset({"huapai"})
"""Fans outside 起和 (花牌 不计在起和分内, 001:505 item 4)."""
FLOWER_LINE: Final = "001:505 item 4"

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
# (the fans 国标 has too are found by the shared detectors, rules/variants/_fans.py; on a table of
# 万 alone each suit-wise rule there is this list's rule)


def _seven_of(r: Reading, faces: tuple[Tile, ...]) -> int:
    return int(r.seven_pairs and set(faces) <= set(r.pairs))


_OWN: Final[Mapping[str, Detector]] = {
    "xiaosanfeng": lambda r, _c: int(fanlib.winds(r) == 2 and r.pair in fanlib.WINDS),
    "sanbugao": fanlib.shifted_chows(3),
    "sizike": lambda r, _c: int(fanlib.honour_triplets(r, (*fanlib.WINDS, *fanlib.DRAGONS)) == 4),
    "dasanfeng": lambda r, _c: int(fanlib.winds(r) >= 3),
    "santongshun": fanlib.identical_chows(3),
    "qiduizi": fanlib.seven_pairs_fan,
    "sanlianke": fanlib.shifted_pungs(3),
    "sibugao": fanlib.shifted_chows(4),
    "sitongshun": fanlib.identical_chows(4),
    "sanyuanqidui": lambda r, _c: _seven_of(r, fanlib.DRAGONS),
    "sixiqidui": lambda r, _c: _seven_of(r, fanlib.WINDS),
    "silianke": fanlib.shifted_pungs(4),
    "daqixing": lambda r, _c: int(r.seven_pairs and len(set(r.pairs)) == 7 and all(map(is_honour, r.pairs))),
}
DETECTORS: Final[Mapping[str, Detector]] = {**{f: d for f, d in fanlib.SHARED.items() if f in PATTERNS}, **_OWN}


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: the loser pays the fan total × 底分", minimum=1)
    min_fans: int = option(8, "起和番", "The fewest fans a win needs, flowers not counted (001:505 item 4 "
                           "不计在起和分内; the number is 国标's 8番起和); 0: no minimum", minimum=0)
    round_wind: str = option("E", "圈风", "The prevailing wind (001:500): E for the first 圈, then S, W, N",
                             choices=("E", "S", "W", "N"))


def seat_wind(seat: int, dealer: int) -> Tile:
    """门风 (001:501): the dealer 东, the other seat 西."""
    return "E" if seat == dealer else "W"


def event_fans(snap: Snapshot | None, p: Player, w: Win) -> list[str]:
    """The fans of the win itself, found whatever the reading: the shared ones (自摸, 门前清,
    报听 …), 报听 as 天听 when it was, and 天胡/地胡/人胡."""
    found = fanlib.win_events(snap, p, w)
    if p.ready_declared_turn is not None and heavenly_ready(p):
        found[found.index("baoting")] = "tianting"
    if w.heavenly:
        found.append("tianhu")
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
        errors = [*unused_reveal_errors(snap, self.reveals_used), *single_event_errors(snap),
                  *flower_errors(snap, FLOWER_LINE), *declaration_errors(snap, "001:507", _TURNS_NEEDED),
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
        nxt = snap.wins[0].winner if snap.wins else 1 - snap.dealer  # 胡牌的人为庄家，荒牌则轮庄 (001:502)
        return fan_settlement(snap, _ROUND.get(snap, opts), PATTERNS, lambda w, s, ledger: _pay(w, s, opts, ledger),
                              lambda p: waits_seen(p.hand, RULES, SET_72.faces, p.meld_tiles()), nxt,
                              "荒牌: nothing is paid; the other seat deals next (轮庄, 001:502)")

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """The base analysis; a flower in the hand is refused (it is set aside, 补花, 001:505)."""
        player, _ = self.analyze_input(body, opts)
        refuse_flowers(player.hand, FLOWER_LINE)
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
    return min_fans_errors(found(i), PATTERNS, FLOWERS, opts.min_fans, ptr, FLOWER_LINE)


def _discard_turn_errors(p: Player) -> list[RoundError]:
    """天听 (001:519) is told from the turns of the declaration and the discards: a declared
    winner needs them (its melds' turns: :func:`rules.variants._fan_rounds.declaration_errors`)."""
    if p.ready_declared_turn is None:
        return []
    return [RoundError("missing_field", f"/players/{p.seat}/discards/{k}/turn", "报听/天听 (001:507, 001:519) "
                       "needs the turn of each of the declared winner's discards") for k, d in enumerate(p.discards)
            if d.turn is None]


_TURNS_NEEDED: Final = ("none may follow the declaration (自动摸打, 001:507), and 天听 has none before it "
                        "(001:519)")
"""Why a 报听 player's melds need their turns (:func:`rules.variants._fan_rounds.declaration_errors`)."""


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
