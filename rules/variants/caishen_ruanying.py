"""财神麻将·软硬双翻 Caishen mahjong, Soft, Hard and Double — 001_a1ce558555b69162.txt lines 24-41.

136 tiles (128 without 红中 and 发财, 001:39), 2-4 players, chow, pong and kong, a 16-tile hand
(the dealer 17: the family's 001:191). The tile turned up at the start is the 财神 (001:30):
its other three copies stand in for any tile of a winning hand, are never discarded and never
melded, and 白板 plays as the 财神's own face. Five sets and a pair win (001:34-35), and so do
八对, three 财神 drawn and 清一色 (001:37). A win is paid at one tier, the highest its patterns
reach: 软牌 ×1, 硬牌 ×2, 双翻 ×4 (001:37), times the stake between payer and winner (底分,
买底, 顶底: 001:28-29). The dealer's 上家 fed three times pays for every 闲家 when the dealer
wins (承包 001:31, 三背 001:40); a wind followed round the table costs its leader (跟风 001:41);
kongs pay the family's prices (001:40 names 杠分). The lead's readings R1-R12 behind each
choice are in docs/variants/caishen-ruanying.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete, waits
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..patterns import Pattern, PatternTable
from ..snapshot import Discard, Player, Reveals, Snapshot, Win, unused_reveal_errors
from ..tiles import SET_136, SUITED, WINDS, Tile, TileSet, chinese, compact, sort_key, suit
from ..variant import seats_after
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, one_win_errors, win_flag_errors
from ._caishen import (
    WHITE,
    CaishenTable,
    analyze_face,
    check_copies,
    dealer_after_round,
    less,
    next_dealer_option,
    pairs_with_wild,
    playing,
    sets_and_lone_wild,
    sets_only,
    white_chow_faces,
    wild_discard_errors,
    wild_face,
    wild_meld_errors,
)
from ._kongs import KongRule, kong_payers
from ._round import PerRound, PerWin
from ._shapes import all_triplets

WILD: Final[Tile] = WHITE
"""The wildcard in :func:`~._caishen.playing`'s tiles: the 财神 and 白板 swap faces (001:30), so the
财神 copies read as 白板 and every 白板 as the 财神's face; with 白板 the 财神, nothing swaps."""
SOFT: Final = 1
HARD: Final = 2
DOUBLE: Final = 4
TIERS: Final[Mapping[int, str]] = MappingProxyType({SOFT: "软牌", HARD: "硬牌", DOUBLE: "双翻"})
"""软牌（1倍） 硬牌（2倍） 双翻（4倍） (001:37): the multiplier of a win, by its name."""

SET_128: Final = TileSet("128", MappingProxyType(dict.fromkeys((*SUITED, "E", "S", "W", "N", "P"), 4)))
"""无中发 (001:39): the 136 less the four 红中 and four 发财."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake of a win, before 买底/顶底 (001:28-29); kong points and 跟风 "
                              "are multiplied by it too", minimum=1)
    payment: str = option(
        "everyone", "付款", "Who pays a win (the seed never says): everyone (every other player, on a discard as "
        "on a self-draw), discarder (a discard or robbed kong: the discarder alone, its own share) or "
        "discarder_for_all (the discarder pays every other player's share, 包三家); a self-draw: everyone",
        choices=("everyone", "discarder", "discarder_for_all"))
    liability: str = option(
        "chengbao", "承包", "Who pays for the 闲家 when the dealer wins and its 上家 fed it or its 对家: chengbao "
        "(three pongs or kongs, 001:31), sanbei (pong 1 背, 明杠 2 背, three 背, 001:40) or off",
        choices=("chengbao", "sanbei", "off"))
    follow_wind: str = option(
        "any", "跟风", "A wind discarded and followed by the next three players pays each 1 × 底分 (001:41): any "
        "(any four discards in a row), first_round (the round's first four, the dealer leading) or off",
        choices=("any", "first_round", "off"))
    kong_points: str = option(
        "family", "杠分", "Kong points, named in 001:40 and priced nowhere in this section: family (the sister's "
        "001:209 — 放杠 the feeder 2, 补杠 each 1, 暗杠 each 2, × 底分) or none", choices=("family", "none"))
    eight_pairs: str = option(
        "pairs_and_triplet", "八对", "八对 (001:37 B5, C2) holds 17 tiles: pairs_and_triplet (seven pairs and one "
        "triplet, all concealed) or off (no 八对 hand)", choices=("pairs_and_triplet", "off"))
    flush_any_shape: bool = option(True, "清一色不需牌型", "清一色 wins whatever its shape (不需要符合胡牌牌型, 001:37 C8); "
                                   "off: it must be in shape like every other hand")
    caishenniu: str = option(
        "pair", "财神牛", "Which wins 财神牛's self-draw-only rule closes (001:37 B6): pair (a win whose every reading "
        "pairs a lone 财神 with the tile won) or hand (every discard win of a hand that is sets and a lone 财神, "
        "even one also waiting another way)", choices=("pair", "hand"))
    no_red_green: bool = option(False, "无中发", "红中 and 发财 are removed: 128 tiles (001:39)")
    next_dealer: str = next_dealer_option(
        "Who deals after a win (the seed is silent): winner (the winner) or rotate (the dealer stays when it wins, "
        "else its 下家); a drawn round: the dealer again")


@dataclass(frozen=True)
class Flags:
    """买底 / 顶底 (001:28-29): a stake raised before the round."""

    buy_base: bool = option(False, "买底", "The dealer raises its stake by 1 before drawing (有庄家…操作, 001:28): "
                            "the dealer only")
    counter_base: bool = option(False, "顶底", "A 闲家 raises its stake against the dealer by 1 (有闲家操作, 001:29): "
                                "闲家 only")


# -- the patterns (001:37): one tier per win, the highest found ------------------------------------

_R: Final = ("ruanpai",)  # 软牌 only when nothing else is found (R3)

# id, 中文, English, tier, 不计, note
_TABLE: Final[tuple[tuple[str, str, str, int, tuple[str, ...], str], ...]] = (
    ("ruanpai", "软牌", "Soft Win", SOFT, (), "a 财神 stands in for another tile (001:37 A1)"),
    ("yingpai_zimo", "自摸", "Self-Draw", HARD, _R, "any self-draw, 杠上开花 and 天胡 too (001:37 B1)"),
    ("yingpai", "硬牌", "Hard Win", HARD, _R, "no 财神, or every 财神 as its own face (归位) (001:37 B2)"),
    ("sancaishen_tuidao", "三财神", "Three Gods of Wealth, Any Shape", HARD, _R,
     "three 财神 drawn win whatever the shape, by self-draw (001:37 B3)"),
    ("qiangganghu", "抢杠胡", "Robbing the Kong", HARD, _R, "won on another player's added kong (001:37 B4)"),
    ("ruanbadui", "软八对", "Soft Eight Pairs", HARD, ("yingpai", *_R), "八对 with a 财神 standing in (001:37 B5)"),
    ("caishenniu", "财神牛", "Lone Caishen Wait", HARD, _R,
     "sets and a lone 财神 waiting for its pair, self-drawn (001:37 B6)"),
    ("sancaishen", "三财神(成牌)", "Three Gods of Wealth, in Shape", DOUBLE, ("sancaishen_tuidao", *_R),
     "three 财神 in shape: five sets and a pair, or 八对 (001:37 C1)"),
    ("yingbadui", "硬八对", "Hard Eight Pairs", DOUBLE, ("ruanbadui", "yingpai", *_R),
     "八对 with no 财神, or every 财神 as its own face (001:37 C2)"),
    ("tianhu", "天胡", "Heavenly Win", DOUBLE, _R, "the dealer wins on its dealt 17 (001:37 C3)"),
    ("dihu", "地胡", "Earthly Win", DOUBLE, _R, "a 闲家 wins on the dealer's first discard (001:37 C4)"),
    ("dandiao", "单吊", "Single Wait", DOUBLE, _R, "the concealed hand before the win was one tile (001:37 C5)"),
    ("pengpenghu", "碰碰胡", "All Triplets", DOUBLE, _R, "five triplets (pongs and kongs count) and a pair (001:37 C6)"),
    ("banqing", "半清", "Half Flush", DOUBLE, _R, "one numbered suit and honours, in shape (001:37 C7)"),
    ("qingyise", "清一色", "Full Flush", DOUBLE, ("banqing", *_R), "one numbered suit only (001:37 C8)"),
    ("caishenniudui", "财神牛对", "Caishen Pair", DOUBLE, ("caishenniu", *_R), "the pair is two 财神 (001:37 C9)"),
    ("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", DOUBLE, _R, "won on a kong's replacement (001:37 C10)"),
)

PATTERNS: Final = PatternTable([Pattern(pid, zh, en, tier, excl, f"{TIERS[tier]} ×{tier}: {note}")
                                for pid, zh, en, tier, excl, note in _TABLE])
_ORDER: Final[dict[str, int]] = {row[0]: k for k, row in enumerate(_TABLE)}

_EVENTS: Final = (("robbing_kong", "qiangganghu"), ("heavenly", "tianhu"), ("earthly", "dihu"),
                  ("kong_draw", "gangshangkaihua"))
"""Win flag → the pattern it is (杠上炮 and 海底 have no line in 001:37)."""

# 杠分 is named in 001:40 and priced nowhere here: the family's prices (001:209, reading R9)
KONGS: Final = {
    "added": KongRule("补杠", "Added Kong", 1, True, "001:209"),
    "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:209"),
    "exposed": KongRule("放杠", "Fed Kong", 2, False, "001:209"),
}


# -- what a win is -------------------------------------------------------------------------------


@dataclass(unsafe_hash=True)
class Facts:
    """What one win is (built like the core's value classes, rules/ledger.py)."""

    wins: Final[bool]  # the tiles win in one of the ways of 001:34-37 (三财神 推倒 only when self-drawn)
    wilds: Final[int]  # 财神 among the concealed tiles and the tile won on
    niu: Final[bool]  # 财神牛: the hand before the win is sets and a lone 财神 (self-draw only, 001:37 B6)
    found: Final[tuple[str, ...]]  # after 不计, in table order
    tier: Final[int]  # the highest tier found: what the win is multiplied by

    def __init__(self, wins: bool, wilds: int, niu: bool, found: tuple[str, ...], tier: int) -> None:
        self.wins = wins
        self.wilds = wilds
        self.niu = niu
        self.found = found
        self.tier = tier


def eight_pairs(tiles: list[Tile], wild: Tile | None) -> bool:
    """八对 (001:37 B5, C2, reading R2): 17 concealed tiles as seven pairs and one triplet, the
    财神 (``wild``; ``None``: none) filling in; four of a kind may be two pairs. Each way of
    making the triplet is tried (k real tiles of a face and 3 - k 财神, or three 财神); the 14
    left are seven pairs when the 财神 left can match every odd count."""
    if len(tiles) != 17:
        return False
    counts = Counter(t for t in tiles if t != wild)
    free = len(tiles) - sum(counts.values())
    if _odd(counts) > free + 1:  # the triplet mends one odd count at most, a 财神 each of the others
        return False
    triplets = [(f, k) for f, c in counts.items() for k in range(1, min(c, 3) + 1)] + [("", 0)]
    for f, k in triplets:
        left = free - (3 - k)
        if left < 0:
            continue
        rest = counts.copy()
        rest[f] -= k
        if _odd(rest) <= left:  # (the 财神 left over are then even: they pair each other)
            return True
    return False


def _odd(counts: Counter[Tile]) -> int:
    """How many faces have an odd count: each needs a 财神 (or the triplet) to end in pairs."""
    return sum(c % 2 for c in counts.values())


def _niu(hand: list[Tile], tile: Tile, opts: Any) -> bool:
    """财神牛 (001:37 B6): ``hand`` (as it plays) is sets and a lone 财神; under ``caishenniu``
    ``"pair"`` only when the win with ``tile`` cannot be read another way (a 9p 9p pair waiting on
    7s beside it is an ordinary wait, and 财神牛对 pairs two 财神)."""
    if not sets_and_lone_wild(hand, WILD):
        return False
    return opts.caishenniu == "hand" or pairs_with_wild([*hand, tile], WILD)


def _suits(tiles: list[Tile]) -> tuple[bool, bool]:
    """(清一色, 半清) of ``tiles`` as they play, the 财神 ignored (they stand for anything, R3):
    one numbered suit only, or one numbered suit and honours."""
    suits = {suit(t) for t in tiles if t != WILD}
    numbered = len(suits - {"z"}) == 1
    return numbered and "z" not in suits, numbered and "z" in suits


def facts(player: Player, win: Win, face: Tile, opts: Any) -> Facts:
    """The patterns of 001:37 found in a win, over every reading of its 财神 (R3): a pattern is
    found when some reading has it, and the win is paid at the highest tier found."""
    hand = playing(player.hand, face, True)  # 白板代替财神原来的牌值 (001:30): always, here
    concealed = [*hand, *playing((win.tile,), face, True)]
    melded = playing(player.meld_tiles(), face, True)
    wilds = concealed.count(WILD)
    in_shape = is_complete(concealed, HandRules(wild=frozenset({WILD})))  # AA(牛) and five sets (001:34-35)
    badui = opts.eight_pairs != "off" and not player.melds and eight_pairs(concealed, WILD)
    shaped = in_shape or badui
    # 归位: every 财神 as its own face, so none stands in for another tile (001:37 B2)
    home = [face if t == WILD else t for t in concealed]
    hard = is_complete(home, HandRules())
    hard_badui = badui and eight_pairs(home, None)
    flush, half = _suits([*concealed, *melded])
    flush_wins = flush and (shaped or opts.flush_any_shape)  # 不需要符合胡牌牌型 (001:37 C8)
    wins = shaped or flush_wins or (wilds == 3 and win.self_drawn)  # 三财神 推倒 (001:37 B3)
    found = ["ruanpai"]
    if win.self_drawn:
        found.append("yingpai_zimo")
    if hard or (wilds == 0 and wins):
        found.append("yingpai")
    if wilds == 3 and win.self_drawn:
        found.append("sancaishen_tuidao")
    if badui:
        found.append("ruanbadui")
    niu = _niu(hand, playing((win.tile,), face, True)[0], opts)
    if niu and win.self_drawn:
        found.append("caishenniu")
    if wilds == 3 and shaped:
        found.append("sancaishen")
    if hard_badui:
        found.append("yingbadui")
    found += [pid for flag, pid in _EVENTS if getattr(win, flag)]
    if in_shape and len(player.hand) == 1:  # 通过“吃”和“碰”只剩下一张牌 (001:37 C5)
        found.append("dandiao")
    if in_shape and all(m.type != "chow" for m in player.melds) and all_triplets(concealed, frozenset({WILD})):
        found.append("pengpenghu")
    if half and shaped:
        found.append("banqing")
    if flush_wins:
        found.append("qingyise")
    if in_shape and wilds >= 2 and sets_only(less(concealed, WILD, 2), WILD):  # 两张牛牌都是财神 (001:37 C9)
        found.append("caishenniudui")
    kept = tuple(sorted(PATTERNS.apply_exclusions(found), key=_ORDER.__getitem__))
    return Facts(wins, wilds, niu, kept, max(PATTERNS.value(p) for p in kept))


class CaishenRuanying(CaishenTable):
    """136 tiles, 2-4 players, chow, a 16-tile hand (the dealer 17), the 财神 (the face turned up,
    001:30) the wildcard: :class:`CaishenTable`. 白板 always plays as the 财神's face, so every
    hand is read through :func:`~._caishen.playing`; ``hand_rules`` (the physical faces) is what
    the generator asks, and a hand complete that way is complete as it plays too (a 白板 in a
    pair or triplet is then one of the 财神's face)."""

    id = "caishen-ruanying"
    name = "财神麻将·软硬双翻"
    name_en = "Caishen Mahjong (Soft/Hard/Double)"
    rules_version = "caishen-ruanying/1"
    source = "001_a1ce558555b69162.txt:24-41"
    Options = Options
    Flags = Flags
    patterns = PATTERNS

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        """136 tiles (001:26); 无中发 removes 红中 and 发财 (001:39)."""
        return SET_128 if opts.no_red_green else SET_136

    def chow_faces(self, snap: Snapshot, opts: Any) -> Mapping[Tile, Tile] | None:
        """A 白板 chows as the 财神's face (4万 白板 6万 with 财神 5万, 001:30)."""
        return white_chow_faces(snap, True)

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        face = wild_face(snap, "001:30 掷骰子后确定，并翻出在牌墩上显示")
        errors = [*unused_reveal_errors(snap, self.reveals_used),
                  *wild_meld_errors(snap, face, "001:30 财神不能…用于吃牌"),
                  *wild_discard_errors(snap, face, "001:30"),
                  *one_win_errors(snap, "一炮多响: the nearest player counterclockwise takes the discard, a 双翻 "
                                  "hand before a 硬 one (001:32); the round ends at its one win"),
                  *drawn_round_wall_errors(snap, "a round without a win ends when the wall is drawn out (流局, "
                                           "the family's 001:195)"),
                  *_flag_errors(snap), *_liability_errors(snap, opts), *_follow_turn_errors(snap, opts)]
        found = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, found(i))
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        _pay_kongs(snap, opts, ledger)
        _pay_follow_wind(snap, opts, ledger)
        found = _ROUND.get(snap, opts)
        scored: dict[int, tuple[str, ...]] = {}
        notes: list[str] = []
        for i, w in enumerate(snap.wins):
            f = found(i)
            scored[w.winner] = tuple(PATTERNS[p].zh for p in f.found)
            notes += _pay_win(snap, w, f, opts, ledger)
        face = snap.reveals.wild_indicator
        assert face is not None  # validate() requires it
        tileset = self.tileset(opts, snap.n)
        hands = []
        for p in snap.players:
            if p.seat in scored:
                hands.append(HandReport(p.seat, True, scored[p.seat]))
            else:
                found_waits = _waits(p, face, opts, tileset)
                hands.append(HandReport(p.seat, False, (), bool(found_waits), found_waits))
        return Settlement(ledger.items, tuple(hands), dealer_after_round(snap, opts.next_dealer), (*_notes(snap), *notes))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """Like the base, with the 财神 of ``reveals.wild_indicator`` (without it the hand is read
        with no 财神). A waiting hand: its waits, each priced as a self-draw (the tier × 底分,
        what each other 闲家 pays before 买底/顶底) and marked ``self_draw_only`` when it could not
        be taken from a discard (the 财神 itself, 三财神 推倒, a 财神牛 hand), and ``caishenniu``:
        the hand is sets and a lone 财神 (001:37 B6). A complete hand: complete or not, its
        patterns and value as a self-draw of its last tile."""
        face = analyze_face(body)
        if face is None:
            return super().analyze(body, opts)
        tileset = self.tileset(opts, self.players[1])
        if not tileset.has(face):
            raise InvalidRound(RoundError("tile_not_in_set", "/reveals/wild_indicator", f"{face} ({chinese(face)}) "
                                          f"is not in this table's {tileset.id}-tile set (无中发, 001:39)"))
        player, _ = self.analyze_input(body, opts)
        check_copies(player, face, "001:30")
        for j, m in enumerate(player.melds):
            if face in m.tiles:
                raise InvalidRound(RoundError("wild_melded", f"/melds/{j}", f"the 财神 {chinese(face)} is never part "
                                              "of a chow, pong or kong (001:30)"))
        base = opts.base_points
        out: dict[str, Any] = {"variant": self.id, "hand": list(player.hand), "melds": len(player.melds),
                               "wild_indicator": face}
        if len(player.hand) % 3 == 2:
            f = facts(Player(0, player.hand[:-1], player.melds, (), (), None, player.flags),
                      Win(0, None, player.hand[-1]), face, opts)
            out.update({"complete": f.wins, "patterns": [PATTERNS[p].zh for p in f.found] if f.wins else [],
                        "value": f.tier * base if f.wins else None})
            return out
        priced = []
        for t in _waits(player, face, opts, tileset):
            drawn, taken = facts(player, Win(0, None, t), face, opts), facts(player, Win(0, 1, t), face, opts)
            priced.append({"tile": t, "patterns": [PATTERNS[p].zh for p in drawn.found], "value": drawn.tier * base,
                           "self_draw_only": t == face or not taken.wins or taken.niu})
        niu = sets_and_lone_wild(playing(player.hand, face, True), WILD)
        out.update({"ready": bool(priced), "caishenniu": niu, "waits": priced})
        return out

    # -- the random round generator (rules/generator.py) ---------------------------------

    def wins_unshaped(self, tiles: list[Tile], reveals: Reveals, opts: Any) -> bool:
        """A self-drawn hand the physical faces do not complete may still win as it plays: a
        白板 in a chow, 八对, three 财神 (001:37 B3), or 清一色 of any shape (001:37 C8; asked only
        of a hand without melds, whose every tile is here)."""
        face = reveals.wild_indicator
        if face is None:
            return False
        played = playing(tiles, face, True)
        if played.count(WILD) == 3 or is_complete(played, HandRules(wild=frozenset({WILD}))):
            return True
        if len(played) != 17:
            return False
        return (opts.eight_pairs != "off" and eight_pairs(played, WILD)) or (opts.flush_any_shape and _suits(played)[0])

    def may_win_on(self, hand: list[Tile], tile: Tile, reveals: Reveals, opts: Any) -> bool:
        """No discard win closed by 财神牛 (只能胡自摸, 001:37 B6, as option ``caishenniu`` reads it)
        nor on a 财神 (never discarded)."""
        face = reveals.wild_indicator
        if face is None:
            return True
        return tile != face and not _niu(playing(hand, face, True), playing((tile,), face, True)[0], opts)


def _waits(player: Player, face: Tile, opts: Any, tileset: TileSet) -> tuple[Tile, ...]:
    """听牌, for the record: the faces that would win drawn (R2) — five sets and a pair, 八对,
    any face holding three 财神, any face of the suit (or a 财神) for a 清一色 of any shape —
    less a face whose copies the player holds or sees on show (the 财神's one)."""
    hand = playing(player.hand, face, True)
    faces = tuple(playing(tileset.faces, face, True))
    if hand.count(WILD) == 3:
        found = set(faces)
    else:
        found = set(waits(hand, HandRules(wild=frozenset({WILD})), faces, held={}))
        # one more tile changes one odd count by one: a hand more than two odd counts past its 财神 is no 八对 wait
        if opts.eight_pairs != "off" and not player.melds and \
                _odd(Counter(t for t in hand if t != WILD)) <= hand.count(WILD) + 2:
            found.update(t for t in faces if eight_pairs([*hand, t], WILD))
        held_as_played = [t for t in [*hand, *playing(player.meld_tiles(), face, True)] if t != WILD]
        flush, _ = _suits(held_as_played)
        if flush and opts.flush_any_shape:
            of = suit(held_as_played[0])
            found.update(t for t in faces if t == WILD or suit(t) == of)
    held = Counter([*player.hand, *player.meld_tiles(), face])
    return tuple(sorted((t for t in playing(list(found), face, True) if held[t] < 4), key=sort_key))


def _round_facts(snap: Snapshot, opts: Any) -> PerWin[Facts]:
    face = snap.reveals.wild_indicator or ""  # (validate() asks for it before any win)
    return PerWin(snap, opts, lambda p, w, o: facts(p, w, face, o))


# each win's facts, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[Facts]]] = PerRound(_round_facts)


# -- checks ------------------------------------------------------------------------------


def _win_errors(snap: Snapshot, i: int, w: Win, f: Facts) -> list[RoundError]:
    ptr = f"/wins/{i}"
    # 地胡 is the 闲家's win on the dealer's first discard (庄家打的第一张牌，闲家就胡牌了, 001:37 C4)
    errors = [*win_flag_errors(snap, w, ptr, earthly_self_draw=False), *last_tile_wall_errors(snap, w, ptr)]
    how = "抢杠胡" if w.robbing_kong else "a win on a discard"
    if not f.wins and f.wilds == 3 and not w.self_drawn:
        errors.append(RoundError("win_not_allowed", f"{ptr}/from", f"three 财神 win whatever the shape (001:37 B3) by "
                                 f"self-draw only, not by {how}: out of shape, the hand is no win here"))
    elif not f.wins:
        player = snap.players[w.winner]
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is not "
                                 "five sets and a pair (001:34-35), 八对, three 财神 drawn nor 清一色 (001:37)"))
    elif f.niu and not w.self_drawn:
        errors.append(RoundError("win_not_allowed", f"{ptr}/from", f"a 财神牛 hand (sets and a lone 财神) wins by "
                                 f"self-draw only (此时只能胡自摸, 001:37 B6), not by {how}"))
    return errors


def _flag_errors(snap: Snapshot) -> list[RoundError]:
    """买底 is the dealer's (有庄家…操作, 001:28), 顶底 a 闲家's (有闲家操作, 001:29)."""
    errors = []
    for i, p in enumerate(snap.players):
        if p.flags.buy_base and i != snap.dealer:
            errors.append(RoundError("flag_not_allowed", f"/players/{i}/flags/buy_base",
                                     f"买底 is the dealer's (seat {snap.dealer}), before it draws (001:28)"))
        if p.flags.counter_base and i == snap.dealer:
            errors.append(RoundError("flag_not_allowed", f"/players/{i}/flags/counter_base",
                                     "顶底 is a 闲家's, against the dealer (001:29)"))
    return errors


def _liability_errors(snap: Snapshot, opts: Any) -> list[RoundError]:
    """An added kong of the dealer's 上家 counts when its pong was fed by the dealer or its 对家
    (R6): when the dealer won and 承包/三背 is played, its ``from`` must be given."""
    if opts.liability == "off" or snap.n < 3 or snap.dealer not in snap.winners():
        return []
    shang = (snap.dealer - 1) % snap.n
    return [RoundError("missing_field", f"/players/{shang}/melds/{j}/from", "the dealer won: whether the dealer's 上家 "
                       "pays for the 闲家 (承包 001:31, 三背 001:40) depends on who fed the pong this kong grew from")
            for j, m in enumerate(snap.players[shang].melds) if m.kind == "added" and m.from_seat is None]


def _follow_turn_errors(snap: Snapshot, opts: Any) -> list[RoundError]:
    """跟风 (001:41) is read from the order of the discards: when all four copies of a wind are
    discarded, every discard needs its ``turn``."""
    if snap.n != 4 or opts.follow_wind == "off":
        return []
    winds = Counter(d.tile for p in snap.players for d in p.discards if d.tile in WINDS)
    if max(winds.values(), default=0) < 4:
        return []
    for i, p in enumerate(snap.players):
        for k, d in enumerate(p.discards):
            if d.turn is None:
                return [RoundError("missing_field", f"/players/{i}/discards/{k}/turn", "all four copies of a wind "
                                   "were discarded: 跟风 (001:41) needs the order of the discards")]
    return []


# -- scoring phases -----------------------------------------------------------------------


def _pay_kongs(snap: Snapshot, opts: Any, ledger: Ledger) -> None:
    """杠分 (named in 001:40; the family's prices, 001:209), paid whether or not anyone wins."""
    if opts.kong_points == "none":
        return
    base = opts.base_points
    for p in snap.players:
        for m in p.kongs:
            rule = KONGS[m.kind or ""]
            for payer in kong_payers(p.seat, m, rule, snap.n):
                who = "每家" if rule.from_everyone else f"放杠 seat {payer}"
                ledger.pay(payer, p.seat, rule.points * base, "kong", rule.zh, rule.en,
                           f"{rule.zh} {chinese(m.tile)}: {who} {rule.points} × 底分{base} (001:40 杠分, priced as "
                           "001:209)", turn=m.turn)


def follow_runs(snap: Snapshot, opts: Any) -> list[tuple[int, Tile, int]]:
    """跟风 (001:41, R8): (the leader, the wind, the last follower's turn) of each wind discarded
    and then discarded by the next three players in turn — 下家, 对家, 上家 — as the table's next
    three discards, the first three not claimed. Four players only (it names three followers)."""
    if snap.n != 4 or opts.follow_wind == "off":
        return []
    timed: list[tuple[int, int, Discard]] = sorted(
        ((d.turn, s, d) for s, p in enumerate(snap.players) for d in p.discards if d.turn is not None),
        key=lambda x: (x[0], x[1]))
    starts = 1 if opts.follow_wind == "first_round" else len(timed) - 3
    runs = []
    for k in range(min(starts, len(timed) - 3)):
        four = timed[k:k + 4]
        leader, wind = four[0][1], four[0][2].tile
        if wind not in WINDS or (opts.follow_wind == "first_round" and leader != snap.dealer):
            continue
        if all(d.tile == wind and s == (leader + j) % 4 for j, (_, s, d) in enumerate(four)) and \
                all(d.claimed_by is None for _, _, d in four[:3]):
            runs.append((leader, wind, four[3][0]))
    return runs


def _pay_follow_wind(snap: Snapshot, opts: Any, ledger: Ledger) -> None:
    """跟风钱 (每人1分, 001:41) × 底分: the leader pays each follower; also on a drawn round, never
    raised by 买底/顶底 nor moved by 承包 (001:40 不包括…跟风钱)."""
    base = opts.base_points
    for leader, wind, turn in follow_runs(snap, opts):
        for follower in seats_after(leader, snap.n):
            ledger.pay(leader, follower, base, "follow_wind", "跟风", "Following the Wind",
                       f"seat {leader} led {chinese(wind)} and the next three followed: 1 × 底分{base} to each (001:41)",
                       turn=turn)


def _stake(snap: Snapshot, share: int, winner: int, base: int) -> tuple[int, str]:
    """What a win is staked at between ``share`` (whose share it is) and ``winner`` (R5): 底分,
    + 1 when the dealer is one of them and bought (买底, 001:28), + 1 when the 闲家 of them
    countered (顶底, 001:29). Two 闲家: 底分 alone."""
    parts = [("底分", base)]
    if snap.dealer in (share, winner):
        xian = winner if share == snap.dealer else share
        if snap.players[snap.dealer].flags.buy_base:
            parts.append(("买底", 1))
        if snap.players[xian].flags.counter_base:
            parts.append(("顶底", 1))
    stake = sum(v for _, v in parts)
    said = " + ".join(f"{zh}{v}" for zh, v in parts)
    return stake, said if len(parts) == 1 else f"{said} = {stake}"


def liable_seat(snap: Snapshot, opts: Any) -> tuple[int, int] | None:
    """(the seat, its count) when the dealer's 上家 pays for the 闲家 on the dealer's win (R6):
    its pongs and kongs fed by the dealer or the dealer's 对家 — 承包 counts each 1 (碰或杠…3次以上,
    001:31), 三背 a pong 1 and a 明杠 2 (001:40), an added kong as the pong it grew from — three
    or more. Two players: the 上家 pays everything anyway (None)."""
    if opts.liability == "off" or snap.n < 3:
        return None
    shang = (snap.dealer - 1) % snap.n
    feeders = {snap.dealer, (snap.dealer + 2) % snap.n} if snap.n == 4 else {snap.dealer}
    count = 0
    for m in snap.players[shang].melds:
        if m.from_seat in feeders and (m.type == "pong" or m.kind == "added"):
            count += 1
        elif m.from_seat in feeders and m.kind == "exposed":
            count += 2 if opts.liability == "sanbei" else 1
    return (shang, count) if count >= 3 else None


def _pay_win(snap: Snapshot, w: Win, f: Facts, opts: Any, ledger: Ledger) -> list[str]:
    """The win (R4): each share stake × tier; a self-draw (and under ``everyone`` any win) from
    every other player, a discard (抢杠胡: the robbed seat) from the discarder under
    ``discarder`` (its own share) or ``discarder_for_all`` (every share). On the dealer's win
    a liable 上家 pays every share (R6). The notes it adds."""
    if w.self_drawn or opts.payment == "everyone":
        shares = [(s, s) for s in seats_after(w.winner, snap.n)]  # (payer, whose share)
    elif opts.payment == "discarder":
        assert w.from_seat is not None
        shares = [(w.from_seat, w.from_seat)]
    else:
        assert w.from_seat is not None
        shares = [(w.from_seat, s) for s in seats_after(w.winner, snap.n)]
    liable = liable_seat(snap, opts) if w.winner == snap.dealer else None
    rule = "承包 (001:31)" if opts.liability == "chengbao" else "三背 (001:40)"
    name = "、".join(PATTERNS[p].zh for p in f.found)
    name_en = ", ".join(PATTERNS[p].en for p in f.found)
    tier = f"{TIERS[f.tier]}{f.tier}"
    moved = []
    for fed_by, share in shares:
        stake, said = _stake(snap, share, w.winner, opts.base_points)
        who = f"seat {share}" if fed_by == share else f"seat {fed_by} for seat {share} (包三家)"
        payer = fed_by
        if liable is not None and fed_by != liable[0]:
            payer = liable[0]
            who += f", paid by seat {payer} ({rule})"
            moved.append(share)
        ledger.pay(payer, w.winner, stake * f.tier, "hu", name, name_en,
                   f"{who}: {said} × {tier} = {stake * f.tier} (on {chinese(w.tile)}, 001:37)", turn=w.turn)
    if not moved:
        return []
    assert liable is not None
    whom = ", ".join(map(str, sorted(set(moved))))
    note = (f"{rule}: the dealer won and its 上家 seat {liable[0]} ({liable[1]} from the dealer or its 对家) pays the "
            f"win for seat(s) {whom}; kong points and 跟风 are not moved (001:40)")
    return [note]


def _notes(snap: Snapshot) -> tuple[str, ...]:
    notes = []
    if not snap.wins:
        notes.append("流局: only kong points (001:40) and 跟风 (001:41) are paid; the dealer deals again")
    if any(w.after_kong_discard or w.last_tile for w in snap.wins):
        notes.append("杠上炮 and 海底 have no line in 001:37: they score nothing here")
    return tuple(notes)


VARIANT: Final[CaishenRuanying] = CaishenRuanying()
