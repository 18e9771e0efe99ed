"""财神麻将·三财神 Caishen mahjong, Three Gods of Wealth — 001_a1ce558555b69162.txt lines 188-220.

136 tiles, 2-4 players, chow, pong and kong, a 16-tile hand (the dealer is dealt 17, 001:191).
The tile turned up at the start is the 财神, a wildcard (001:193): its other three copies stand
in for any tile of a winning hand, are never melded, and one discarded is dead. Five sets and
a pair win; three 财神 win whatever the shape (推倒胡), by self-draw only, as does a 财神吊 hand
(001:201-202). Each pattern has a price per payer, one on a discard (点炮) and one on a
self-draw (自摸, from each) (001:210-219); the prices found add up to at most 10 (001:220).
Kongs pay by kind, also on a drawn round (001:209). Every amount is multiplied by 底分. The
readings behind each choice are in docs/variants/caishen-sancaishen.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidRound, RoundError
from ..hand import HandRules, is_complete, waits_seen
from ..ledger import HandReport, Ledger, Settlement
from ..options import option
from ..passes import PassRule, claimed_turns, passed_kongs_flag, passed_pongs_flag, passed_wins_flag
from ..patterns import Pattern, PatternTable
from ..snapshot import Player, Reveals, Snapshot, Win, unused_reveal_errors
from ..tiles import Tile, TileSet, chinese, compact, is_honour, sort_key, suit
from ..variant import seats_after
from ..win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from ._caishen import (
    CaishenTable,
    analyze_face,
    check_copies,
    dealer_after_round,
    next_dealer_option,
    pairs_with_wild,
    passed_claim_errors,
    playing,
    sets_and_lone_wild,
    white_chow_faces,
    wild_face,
    wild_meld_errors,
    wild_of,
)
from ._kongs import KongRule, kong_payers
from ._round import PerRound, PerWin
from ._shapes import all_triplets

CAP: Final = 10
"""牌型分数封顶10分 (001:220): the most one payer pays for a win's patterns, before 底分."""


@dataclass(frozen=True)
class Options:
    base_points: int = option(1, "底分", "Base stake: every amount (win, kong) is multiplied by it", minimum=1)
    discard_win: bool = option(True, "点炮", "A win on a discard is allowed (001:194); off: self-draw only, "
                               "and no 抢杠胡 (001:207 item 5)")
    pattern_stacking: str = option(
        "add", "牌型分叠加", "How the prices of several patterns combine (001:220): add (summed, capped at 10) "
        "or highest (only the highest counts)", choices=("add", "highest"))
    exposed_kong: str = option(
        "feeder", "放杠", "Who pays an exposed kong (001:209): feeder (放杠者 2) or everyone (每家 1 as a 明杠, "
        "the feeder 2)", choices=("feeder", "everyone"))
    white_stands_in: bool = option(False, "白板代替", "白板 plays as the 财神's own face (the sister text 001:30)")
    caishendiao: str = option(
        "hand", "财神吊", "What 财神吊's self-draw-only rule closes (001:201 这种牌型下): hand (every discard "
        "win of a hand that is sets and a lone 财神) or pair (only a win whose every reading pairs a 财神 "
        "with a real tile)", choices=("hand", "pair"))
    dandiao_melds: str = option(
        "any", "单吊", "Which melds may lead to 单吊 (001:207 item 4 经过碰或者杠后): any (chows too) or "
        "pong_kong (pongs and kongs only)", choices=("any", "pong_kong"))
    next_dealer: str = next_dealer_option(
        "Who deals after a win (the seed is silent): winner (the winner; 一炮多响 the winner first after the "
        "discarder) or rotate (the dealer stays when it wins, else its 下家)")


@dataclass(frozen=True)
class Flags:
    """过胡不胡 / 过碰不碰 / 过杠不杠 (001:198-200): what a player let pass."""

    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag("001:199 过胡不胡", "any tile")
    passed_pongs: tuple[Mapping[str, Any], ...] = passed_pongs_flag("001:198 过碰不碰")
    passed_kongs: tuple[Mapping[str, Any], ...] = passed_kongs_flag("001:200 过杠不杠")


# 过胡: 下轮自己摸牌前 … 不可以胡牌 (001:199); 过碰: 本轮摸牌结束后可碰 (001:198); 过杠: 有杠不杠不能再杠，暗杠除外 (001:200)
_PASSED_WIN: Final = PassRule("过胡不胡", "001:199", "waits")
_PASSED_PONG: Final = PassRule("过碰不碰", "001:198", "tile")
_PASSED_KONG: Final = PassRule("过杠不杠", "001:200", "tile")

_SANCAISHEN: Final = ("sancaishen_tuidao", "sancaishen", "sancaishen_pengpenghu", "sancaishen_pengpenghu_gangkai")
_P: Final = ("pinghu",)  # 平胡 counts only when no other pattern is found

# id, 中文, English, 点炮 price (the feeder), 自摸 price (each other player), 不计, note; None: never won that way
_TABLE: Final[tuple[tuple[str, str, str, int | None, int | None, tuple[str, ...], str], ...]] = (
    ("pinghu", "平胡", "Plain Win", 1, 2, (), "点炮家1分，自摸每家2分 (001:210)"),
    ("qiangganghu", "抢杠胡", "Robbing the Kong", 3, None, _P, "被抢杠家3分 (001:211)"),
    ("gangshangkaihua", "杠上开花", "Win on a Kong Replacement", None, 3, _P, "每家3分 (001:211)"),
    ("pengpenghu", "碰碰胡", "All Triplets", 2, 4, _P, "five triplets (pongs and kongs count) and a pair (001:212)"),
    ("gangkai_pengpenghu", "杠开碰碰胡", "All Triplets on a Kong Replacement", None, 6,
     ("gangshangkaihua", "pengpenghu", *_P), "每人出6分 (001:212)"),
    ("dandiao", "单吊", "Single Wait", 3, 6, _P, "the concealed hand before the win was one tile (001:213)"),
    ("hunyise", "混一色", "Half Flush", 3, 3, _P, "one suit plus honours, in shape (001:214)"),
    ("qingyise", "清一色", "Full Flush", 6, 6, _P, "one suit only, in shape (001:215)"),
    ("dihu", "地胡", "Earthly Win", 6, None, _P, "won on the dealer's first discard; the dealer pays (001:216)"),
    ("tianhu", "天胡", "Heavenly Win", None, 6, (*_SANCAISHEN, *_P), "the dealer wins on its dealt 17 (001:217)"),
    ("sancaishen_tuidao", "三财神推倒胡", "Three Gods of Wealth, Any Shape", None, 3, _P, "每人3分 (001:219a)"),
    ("sancaishen", "三财神", "Three Gods of Wealth", None, 6, _P, "三财神符合牌型，每家6分 (001:219b)"),
    ("sancaishen_pengpenghu", "三财神碰碰胡", "Three Gods of Wealth, All Triplets", None, 8,
     ("sancaishen", "pengpenghu", *_P), "每家8分 (001:219c)"),
    ("sancaishen_pengpenghu_gangkai", "三财神碰碰胡杠开", "Three Gods of Wealth, All Triplets on a Kong Replacement",
     None, 10, ("sancaishen_pengpenghu", "sancaishen", "pengpenghu", "gangkai_pengpenghu", "gangshangkaihua", *_P),
     "每家10分 (001:219d)"),
)

PATTERNS: Final = PatternTable([Pattern(pid, zh, en, zimo if zimo is not None else dianpao or 0, excl,
                                        f"点炮 {dianpao if dianpao is not None else '—'} / 自摸 each "
                                        f"{zimo if zimo is not None else '—'}: {note}")
                                for pid, zh, en, dianpao, zimo, excl, note in _TABLE])
PRICES: Final[dict[str, tuple[int, int]]] = {pid: (dianpao or 0, zimo or 0) for pid, _, _, dianpao, zimo, _, _ in _TABLE}
"""Per payer: (点炮, 自摸 each); a pattern is found only where it has a price."""
_ORDER: Final[dict[str, int]] = {row[0]: k for k, row in enumerate(_TABLE)}

_EVENTS: Final = (("robbing_kong", "qiangganghu"), ("kong_draw", "gangshangkaihua"),
                  ("earthly", "dihu"), ("heavenly", "tianhu"))
"""Win flag → the pattern it scores (杠上炮 and 海底 have no line here, 001:209-220)."""


# 明杠/补杠每家1分，暗杠每家2分，放杠点杠者2分 (001:209)
KONGS: Final = {
    "added": KongRule("补杠", "Added Kong", 1, True, "001:209"),
    "concealed": KongRule("暗杠", "Concealed Kong", 2, True, "001:209"),
    "exposed": KongRule("放杠", "Fed Kong", 2, False, "001:209"),
}
_OPEN_KONG: Final = KongRule("明杠", "Exposed Kong", 1, True, "001:209")  # exposed_kong = "everyone": the others' part


@dataclass(unsafe_hash=True)
class Facts:
    """What one win is: its shape, its 财神, the patterns found (built like the core's value
    classes, rules/ledger.py)."""

    in_shape: Final[bool]
    wilds: Final[int]  # 财神 among the concealed tiles and the tile won on
    diao: Final[bool]  # 财神吊 closes this win taken from another player (001:201); False on a self-draw
    found: Final[tuple[str, ...]]  # after 不计, in table order

    def __init__(self, in_shape: bool, wilds: int, diao: bool, found: tuple[str, ...]) -> None:
        self.in_shape = in_shape
        self.wilds = wilds
        self.diao = diao
        self.found = found


def facts(player: Player, win: Win, face: Tile, white: bool, dandiao_any: bool = True,
          diao_by_hand: bool = True) -> Facts:
    wild = wild_of(face, white)
    rules = HandRules(wild=frozenset({wild}))
    hand = playing(player.hand, face, white)
    concealed = [*hand, *playing((win.tile,), face, white)]
    everything = [*concealed, *playing(player.meld_tiles(), face, white)]
    wilds = concealed.count(wild)
    in_shape = is_complete(concealed, rules)
    pengpeng = in_shape and all(m.type != "chow" for m in player.melds) and all_triplets(concealed, rules.wild)
    suits = {suit(t) for t in everything if t != wild}
    numbered = len(suits - {"z"})
    found = ["pinghu", *(pid for flag, pid in _EVENTS if getattr(win, flag))]
    if pengpeng:
        found += ["pengpenghu", *(["gangkai_pengpenghu"] if win.kong_draw else [])]
    if in_shape and len(player.hand) == 1 and (dandiao_any or all(m.type != "chow" for m in player.melds)):
        found.append("dandiao")  # 经过碰或者杠后，在手上的牌只剩最后一张时胡的 (001:207 item 4)
    if in_shape and numbered == 1:
        found.append("hunyise" if "z" in suits else "qingyise")
    if wilds == 3 and win.self_drawn and not win.heavenly:  # 天胡 不计 the 三财神 lines (001:217)
        if not in_shape:
            found.append("sancaishen_tuidao")
        else:
            found.append("sancaishen")
            if pengpeng:
                found += ["sancaishen_pengpenghu", *(["sancaishen_pengpenghu_gangkai"] if win.kong_draw else [])]
    kept = sorted(PATTERNS.apply_exclusions(found), key=_ORDER.__getitem__)
    # asked only of a win taken from another player: 财神吊 closes nothing on a self-draw
    diao = (not win.self_drawn and sets_and_lone_wild(hand, wild)
            and (diao_by_hand or (in_shape and pairs_with_wild(concealed, wild))))
    return Facts(in_shape, wilds, diao, tuple(kept))


def wins(f: Facts, win: Win) -> bool:
    """A complete hand, or three 财神 drawn (推倒胡, 001:207)."""
    return f.in_shape or (f.wilds == 3 and win.self_drawn)


@dataclass(unsafe_hash=True)
class Reading:
    """What a win is paid: the patterns scored and each one's price, per payer, before 底分."""

    patterns: Final[tuple[str, ...]]
    prices: Final[tuple[int, ...]]
    total: Final[int]  # added or the highest, capped (001:220)

    def __init__(self, patterns: tuple[str, ...], prices: tuple[int, ...], total: int) -> None:
        self.patterns = patterns
        self.prices = prices
        self.total = total


def reading(f: Facts, win: Win, stacking: str) -> Reading:
    side = 1 if win.self_drawn else 0
    priced = [(p, PRICES[p][side]) for p in f.found]
    if stacking == "highest":
        best = max(priced, key=lambda pv: pv[1])  # the first of equals, in table order
        return Reading((best[0],), (best[1],), min(best[1], CAP))
    return Reading(tuple(p for p, _ in priced), tuple(v for _, v in priced), min(sum(v for _, v in priced), CAP))


class CaishenSancaishen(CaishenTable):
    """136 tiles, 2-4 players, chow, a 16-tile hand (庄家分得17张牌，闲家16张, 001:191), the 财神
    (the face turned up, 001:193) the wildcard: :class:`CaishenTable`. Under ``white_stands_in``
    the tiles must be read through :func:`playing`; ``hand_rules`` (the physical faces) is what
    the generator and ``analyze`` ask, where 白板 then stays a plain honour."""

    id = "caishen-sancaishen"
    name = "财神麻将·三财神"
    name_en = "Caishen Mahjong (Three Gods of Wealth)"
    rules_version = "caishen-sancaishen/1"
    source = "001_a1ce558555b69162.txt:188-220"
    Options = Options
    Flags = Flags
    patterns = PATTERNS

    def chow_faces(self, snap: Snapshot, opts: Any) -> Mapping[Tile, Tile] | None:
        """Under ``white_stands_in`` a 白板 chows as the 财神's face (4万 白板 6万 with 财神 5万)."""
        return white_chow_faces(snap, bool(opts.white_stands_in))

    # -- validation -------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        face = wild_face(snap, "001:193, 001:30")
        errors = [*unused_reveal_errors(snap, self.reveals_used), *wild_meld_errors(snap, face, "001:193"),
                  *single_event_errors(snap),  # one win, or 一炮多响 on one discard (001:207 注)
                  *drawn_round_wall_errors(snap, "a round without a win ends when the wall is drawn out (流局, 001:195)"),
                  *passed_claim_errors(snap, face, _PASSED_WIN, _PASSED_PONG, _PASSED_KONG), *_kong_after_claim_errors(snap)]
        found = _ROUND.get(snap, opts)
        for i, w in enumerate(snap.wins):
            errors += _win_errors(snap, i, w, found(i), face, opts)
        if errors:
            raise InvalidRound(errors)

    # -- scoring ----------------------------------------------------------------------

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        ledger = Ledger(snap.n)
        _pay_kongs(snap, opts, ledger)
        found = _ROUND.get(snap, opts)
        scored: dict[int, tuple[str, ...]] = {}
        for i, w in enumerate(snap.wins):
            r = reading(found(i), w, opts.pattern_stacking)
            scored[w.winner] = tuple(PATTERNS[p].zh for p in r.patterns)
            _pay_win(snap, w, r, opts, ledger)
        face = snap.reveals.wild_indicator
        assert face is not None  # validate() requires it
        hands = []
        for p in snap.players:
            if p.seat in scored:
                hands.append(HandReport(p.seat, True, scored[p.seat]))
            else:
                waits = _waits(p, face, bool(opts.white_stands_in), self.tileset(opts, snap.n))
                hands.append(HandReport(p.seat, False, (), bool(waits), waits))
        return Settlement(ledger.items, tuple(hands), dealer_after_round(snap, opts.next_dealer), _notes(snap))

    # -- POST /v1/hands/analyze --------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """Like the base, with the 财神 of ``reveals.wild_indicator`` (without it the hand is read
        with no 财神). A waiting hand: its waits (every face for 三财神 or a 财神吊 hand), each
        priced as a self-draw (what each other player pays, × 底分) and marked ``self_draw_only``
        when it could not be taken from a discard (三财神, 财神吊 as the table reads it, a dead
        财神, no 点炮), and ``caishendiao``: the hand is sets and a lone 财神 (001:201). A complete
        hand: complete or not, its patterns and value as a self-draw of its last tile."""
        face = analyze_face(body)
        if face is None:
            return super().analyze(body, opts)
        player, tileset = self.analyze_input(body, opts)
        check_copies(player, face, "001:193")
        score = _facts_of(opts)
        out: dict[str, Any] = {"variant": self.id, "hand": list(player.hand), "melds": len(player.melds),
                               "wild_indicator": face}
        if len(player.hand) % 3 == 2:
            waiting = Player(0, player.hand[:-1], player.melds, (), (), None, player.flags)
            win = Win(0, None, player.hand[-1])
            f = score(waiting, win, face)
            r = reading(f, win, opts.pattern_stacking) if wins(f, win) else None
            out.update({"complete": r is not None, "patterns": [PATTERNS[p].zh for p in r.patterns] if r else [],
                        "value": r.total * opts.base_points if r else None})
            return out
        priced = []
        for t in _waits(player, face, bool(opts.white_stands_in), tileset):
            drawn, fed = Win(0, None, t), Win(0, 1, t)
            r = reading(score(player, drawn, face), drawn, opts.pattern_stacking)
            taken = score(player, fed, face)
            closed = not opts.discard_win or t == face or taken.wilds == 3 or taken.diao or not taken.in_shape
            priced.append({"tile": t, "patterns": [PATTERNS[p].zh for p in r.patterns],
                           "value": r.total * opts.base_points, "self_draw_only": closed})
        diao = sets_and_lone_wild(playing(player.hand, face, bool(opts.white_stands_in)),
                                  wild_of(face, bool(opts.white_stands_in)))
        out.update({"ready": bool(priced), "caishendiao": diao, "waits": priced})
        return out

    # -- the random round generator (rules/generator.py) ---------------------------------

    def discard_first(self, hand: list[Tile], flags: Mapping[str, Any]) -> list[Tile]:
        """风字牌（不成对和不成刻）必须先出 (001:197): lone honours go first."""
        return [t for t in hand if is_honour(t) and hand.count(t) == 1]

    def wins_unshaped(self, tiles: list[Tile], reveals: Reveals, opts: Any) -> bool:
        """三财神推倒胡 (001:207): three 财神 drawn win whatever the shape."""
        return reveals.wild_indicator is not None and tiles.count(reveals.wild_indicator) == 3

    def may_win_on(self, hand: list[Tile], tile: Tile, reveals: Reveals, opts: Any) -> bool:
        """No win on a dead 财神 (001:193), with 点炮 off (001:194), with three 财神 (001:202; the
        generator does not play the 地胡 exception) or a 财神吊 hand (001:201)."""
        face = reveals.wild_indicator
        if not opts.discard_win or face is None:
            return bool(opts.discard_win)
        white = bool(opts.white_stands_in)
        return tile != face and hand.count(face) < 3 and not sets_and_lone_wild(playing(hand, face, white),
                                                                                wild_of(face, white))


def _waits(player: Player, face: Tile, white: bool, tileset: TileSet) -> tuple[Tile, ...]:
    """听牌, for the record: the faces that complete the hand (any, holding three 财神: 推倒胡)."""
    if player.hand.count(face) == 3:
        return tileset.faces
    rules = HandRules(wild=frozenset({wild_of(face, white)}))
    found = waits_seen(playing(player.hand, face, white), rules, tileset.faces,
                       playing(player.meld_tiles(), face, white))
    return tuple(sorted(playing(found, face, white), key=sort_key))  # (the swap is its own inverse)


def _facts_of(opts: Any) -> Callable[[Player, Win, Tile], Facts]:
    """:func:`facts` as the table's options read it."""
    white = bool(opts.white_stands_in)
    dandiao_any = opts.dandiao_melds == "any"
    diao_by_hand = opts.caishendiao == "hand"
    return lambda p, w, face: facts(p, w, face, white, dandiao_any, diao_by_hand)


def _round_facts(snap: Snapshot, opts: Any) -> PerWin[Facts]:
    face = snap.reveals.wild_indicator or ""  # (validate() asks for it before any win)
    of = _facts_of(opts)
    return PerWin(snap, opts, lambda p, w, _o: of(p, w, face))


# each win's facts, worked out once per round: validation and settlement both ask
_ROUND: Final[PerRound[PerWin[Facts]]] = PerRound(_round_facts)


# -- checks ------------------------------------------------------------------------------


def _win_errors(snap: Snapshot, i: int, w: Win, f: Facts, face: Tile, opts: Any) -> list[RoundError]:
    ptr = f"/wins/{i}"
    # 地胡 here is only the win on the dealer's first discard (001:216)
    errors = [*win_flag_errors(snap, w, ptr, earthly_self_draw=False), *last_tile_wall_errors(snap, w, ptr)]
    if not w.self_drawn:
        how = "抢杠胡" if w.robbing_kong else "a win on a discard"
        if w.tile == face:
            errors.append(RoundError("win_not_allowed", f"{ptr}/tile", "a discarded 财神 is dead: nobody may win on it "
                                     "(不可吃、碰、杠、胡, 001:193)"))
        elif not opts.discard_win:
            errors.append(RoundError("win_not_allowed", f"{ptr}/from", f"{how} is not allowed: the table plays "
                                     "without 点炮 (001:194), so there is no 抢杠胡 either (001:207 item 5)"))
        elif f.wilds == 3 and not w.earthly:
            errors.append(RoundError("win_not_allowed", f"{ptr}/from", f"a hand holding three 财神 wins by self-draw "
                                     f"only, not by {how} (001:202); only 地胡 is an exception (001:216)"))
        elif f.diao and not (f.wilds == 3 and w.earthly):  # 地胡 is the three 财神's one discard win (001:216)
            errors.append(RoundError("win_not_allowed", f"{ptr}/from", f"a 财神吊 hand (sets and a lone 财神) wins by "
                                     f"self-draw only, not by {how} (001:201)"))
    if not wins(f, w) and not (f.wilds == 3 and not w.self_drawn and not w.earthly):
        player = snap.players[w.winner]
        errors.append(RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is "
                                 "not five sets and a pair (001:204-205), nor three 财神 drawn (001:207)"))
    return errors


def _kong_after_claim_errors(snap: Snapshot) -> list[RoundError]:
    """不能碰其他的牌后立即接着杠，必须等下一轮后才能杠 (001:200): a concealed or added kong after
    the player's own pong or chow needs a discard of its own in between (then it has drawn
    again). Checked only where the turns are given."""
    errors = []
    for s, p in enumerate(snap.players):
        if any(d.turn is None for d in p.discards):
            continue
        claims = [*(m.turn for m in p.melds if m.type in ("pong", "chow") and m.turn is not None),
                  *claimed_turns(snap, s)]
        for j, m in enumerate(p.melds):
            if m.kind not in ("concealed", "added") or m.turn is None:
                continue
            kt = m.turn
            before = [c for c in claims if c < kt]
            if not before:
                continue
            last = max(before)
            if not any(d.turn is not None and last < d.turn < kt for d in p.discards):
                errors.append(RoundError("kong_after_claim", f"/players/{s}/melds/{j}",
                                         f"seat {s} claimed a tile at turn {last} and konged at turn {kt} without a "
                                         "draw in between: 不能碰其他的牌后立即接着杠 (001:200)"))
    return errors


# -- scoring phases -----------------------------------------------------------------------


def _pay_kongs(snap: Snapshot, opts: Any, ledger: Ledger) -> None:
    """杠分 (001:209), paid whether or not anyone wins."""
    base = opts.base_points
    for p in snap.players:
        for m in p.kongs:
            rule = KONGS[m.kind or ""]
            if not rule.from_everyone and opts.exposed_kong == "everyone":  # the feeder 2 as 放杠, the others 1 as 明杠
                parts = [(payer, rule if payer == m.from_seat else _OPEN_KONG) for payer in seats_after(p.seat, snap.n)]
            else:
                parts = [(payer, rule) for payer in kong_payers(p.seat, m, rule, snap.n)]
            for payer, r in parts:
                who = "每家" if r.from_everyone else f"放杠 seat {payer}"
                ledger.pay(payer, p.seat, r.points * base, "kong", r.zh, r.en,
                           f"{r.zh} {chinese(m.tile)}: {who} {r.points} × 底分{base} (001:209)", turn=m.turn)


def _pay_win(snap: Snapshot, w: Win, r: Reading, opts: Any, ledger: Ledger) -> None:
    """自摸 (杠上开花, 天胡, 三财神): every other player pays the 自摸 prices; 点炮 and 地胡 the
    discarder, 抢杠胡 the robbed seat, the 点炮 prices (001:210-220)."""
    terms = " + ".join(f"{PATTERNS[p].zh}{v}" for p, v in zip(r.patterns, r.prices, strict=True))
    raw = sum(r.prices)
    how = "highest" if opts.pattern_stacking == "highest" else f"= {raw}"
    capped = f", 封顶{CAP}" if raw > CAP else ""
    if w.self_drawn:
        payers, who = seats_after(w.winner, snap.n), "自摸: from each"
    else:
        assert w.from_seat is not None
        payers, who = [w.from_seat], f"{'抢杠' if w.robbing_kong else '点炮'}: from seat {w.from_seat}"
    note = f"{terms} {how}{capped} → {r.total}, {who}, × 底分{opts.base_points} (on {chinese(w.tile)})"
    name = "、".join(PATTERNS[p].zh for p in r.patterns)
    name_en = ", ".join(PATTERNS[p].en for p in r.patterns)
    for payer in payers:
        ledger.pay(payer, w.winner, r.total * opts.base_points, "hu", name, name_en, note, turn=w.turn)


def _notes(snap: Snapshot) -> tuple[str, ...]:
    notes = []
    if not snap.wins:
        notes.append("流局: only kong points are paid (001:209); the dealer deals again (001:195)")
    if any(w.after_kong_discard or w.last_tile for w in snap.wins):
        notes.append("杠上炮 and 海底 have no line in 001:209-220: they score nothing here")
    if len(snap.wins) > 1:
        notes.append("一炮多响: each winner is paid by the discarder (001:207 注)")
    return tuple(notes)


VARIANT: Final[CaishenSancaishen] = CaishenSancaishen()
