"""安化麻将 Anhua mahjong — 003_30c03b1480dd8d3a.txt, whole.

108 suited tiles, 2-4 players, chow (from the 上家 only), pong, kong. 王 wildcards come
from a flipped tile (七王 or 四王, 003:7,17). A hand needs a 2/5/8 pair unless it is
清一色 or 小七对 (乱将, 003:25). Its tier — 小胡 2 … 双大豪华胡 64 per payer (003:129-139) —
follows from its 王 class, shape and how the tile came (see :mod:`.tables`); who may win
on another player's tile depends on the 王 held (003:21). Every kong is 开杠: three tiles
are shown, the konger may win on any (杠上花, the best counts) or they are discarded
(杠上炮 for whoever wins on one, one winner only). Birds (1, 2 or 4) double a payment per
hit (003:123, 129-139); no birds on a 海底 win. The readings behind each choice are in
docs/variants/anhua.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...birds import bird_hits, draws_from_short_wall, share_hits, tiles_left_after
from ...errors import InvalidRound, RoundError, is_object
from ...hand import HandRules, decompositions, seven_pairs_with
from ...ledger import HandReport, Ledger, Settlement
from ...options import option
from ...passes import PassRule, passed_win_errors, passed_wins_flag
from ...snapshot import Meld, Player, Reveals, Snapshot, Win, _list, _meld, unused_reveal_errors
from ...tiles import SET_108, Tile, TileSet, chinese, compact, parse_tile, parse_tiles
from ...variant import Variant, others
from ...win_checks import drawn_round_wall_errors, last_tile_wall_errors, single_event_errors, win_flag_errors
from .._round import PerRound
from .scoring import PAIR_258, Scored, TableRules, best_allowed, best_of, candidates, push_down, waits, wild_faces
from .tables import EVENTS, SELF_DRAW, Event, pattern_table


@dataclass(frozen=True)
class Options:
    wilds: int = option(7, "七王/四王", "How many 王 (003:7,17): 7 = the flipped face's other three copies and the "
                        "four of the next face; 4 = the next face only", choices=(7, 4))
    wild_as_hard: bool = option(False, "王代硬", "A 王 standing for its own face counts as a hard tile, not a 王 (003:9)")
    birds: int = option(1, "抓鸟", "Birds drawn after a win (003:123 B)", choices=(1, 2, 4))
    robbing_kong: bool = option(True, "可抢杠胡", "A 明杠 (added, or 直杠 on a discard) may be robbed; never an 暗杠 (003:9)")
    multi_win: bool = option(False, "一炮多响", "Several players may win on one discard or robbed kong; off: only the "
                             "first in seat order (003:9). Never on a 杠上炮 (003:27)")
    dealer_bonus: bool = option(False, "庄闲分", "+1 on every payment the dealer makes or receives (003:9)")
    tier_rule: str = option("additive", "未列牌型定级", "Tier of a hand the lists 4.3-4.8 leave out: 'additive' = "
                            "its elements add up (what every listed hand does), 'listed' = the best listed hand it "
                            "meets", choices=("additive", "listed"))


@dataclass(frozen=True)
class Flags:
    wild_push_down: bool = option(False, "四王七王推倒", "This winner laid down 四王 or 七王 on the dealt hand at its "
                                  "first draw, without a complete hand: 小胡 自摸 (003:33)")
    passed_wins: tuple[Mapping[str, Any], ...] = passed_wins_flag("003:125", "that tile", zh="漏胡")


_LOUHU: Final = PassRule("漏胡", "003:125", "tile", robbed=("added", "exposed"))  # 直杠可以抢杠胡 (003:47)
"""漏胡: 过胡限制只对该玩家漏胡的那张X牌有效, lifted by the next draw (摸牌后一切正常)."""
_FLAG_EVENTS: Final = ("kong_draw", "robbing_kong", "after_kong_discard")
_BIRD: Final = ("中鸟", "Bird hits")
_DEALER: Final = ("庄闲分", "Dealer point")


def event_of(win: Win) -> Event:
    flag = next((f for f in _FLAG_EVENTS if getattr(win, f)), None)
    if flag is not None:
        return EVENTS[flag]
    return SELF_DRAW if win.self_drawn else EVENTS["discard"]


def held(player: Player, indicator: Tile | None) -> Counter[Tile]:
    """Copies of each face out of this player's reach: its own tiles and the flipped tile
    (so under 七王 at most three of the flipped face can ever be drawn)."""
    out = Counter(player.all_tiles())
    if indicator is not None:
        out[indicator] += 1
    return out


def table_rules(indicator: Tile | None, opts: Any) -> TableRules:
    wild = wild_faces(indicator, opts.wilds) if indicator is not None else frozenset()
    return TableRules(wild, opts.wild_as_hard, opts.tier_rule)


class _Round:
    """What validation and settlement both ask of one round (see rules/variants/_round.py)."""

    def __init__(self, snap: Snapshot, opts: Any) -> None:
        self.tbl = table_rules(snap.reveals.wild_indicator, opts)
        self.candidates: dict[int, list[Scored]] = {}  # win index → the readings on its own tile
        self.scores: dict[int, Scored | None] = {}  # win index → its best allowed reading
        self.waits: dict[int, tuple[Tile, ...]] = {}  # seat → its waits


_ROUND: Final[PerRound[_Round]] = PerRound(_Round)


def konger(win: Win) -> int | None:
    """The seat whose 开杠 showed the tile won on: the winner of a 杠上花, the discarder of a 杠上炮."""
    return win.winner if win.kong_draw else win.from_seat if win.after_kong_discard else None


def _dealt(snap: Snapshot, win: Win) -> list[Tile]:
    """The winner's hand as dealt, what 推倒 is judged on (003:33 发完牌后): the dealer's 14
    tiles (its hand and the tile it names), a non-dealer's 13 (the tile won on is its first draw)."""
    hand = snap.players[win.winner].hand
    return [*hand, win.tile] if win.winner == snap.dealer else list(hand)


def fed_kong(snap: Snapshot, win: Win) -> tuple[int, int] | None:
    """(seat, meld index) of the kong whose shown tiles this win used: the konger's kong
    that lists two shown tiles, the third being the tile won on."""
    seat = konger(win)
    if seat is None:
        return None
    js = [j for j, m in enumerate(snap.players[seat].melds) if m.is_kong and len(m.revealed) == 2]
    return (seat, js[-1]) if js else None


class Anhua(Variant):
    id = "anhua"
    name = "安化麻将"
    name_en = "Anhua Mahjong"
    rules_version = "anhua/1"
    source = "003_30c03b1480dd8d3a.txt:1-139"
    players = (2, 4)
    allows_chow = True
    Options = Options
    Flags = Flags
    patterns = pattern_table()
    reveals_used = frozenset({"birds", "wild_indicator"})
    kong_shows = 3  # 开杠 翻三张 (003:13, 27)
    kong_min_wall = 4  # 余牌数≥4才允许杠开 (003:27)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_108

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        """The 2/5/8 shape with 王 (the 清一色 乱将 shape is asked separately in scoring)."""
        ind = snap.reveals.wild_indicator if snap is not None else None
        wild = wild_faces(ind, opts.wilds) if ind is not None else frozenset()
        return HandRules(wild=wild, pair_ranks=PAIR_258.pair_ranks, seven_pairs=True)

    def table_rules(self, indicator: Tile | None, opts: Any) -> TableRules:
        return table_rules(indicator, opts)

    def pushes_down(self, dealt: list[Tile], reveals: Reveals, opts: Any) -> str | None:
        """四王/七王 推倒 (003:33)."""
        found = push_down(dealt, dealt[-1], table_rules(reveals.wild_indicator, opts))
        return None if found is None else "wild_push_down"

    def birds_to_draw(self, body: Mapping[str, Any], opts: Any) -> int:
        return 0 if any(w.get("last_tile") for w in body.get("wins", [])) else int(opts.birds)

    # -- scoring one win ----------------------------------------------------------------

    def win_tiles(self, snap: Snapshot, win: Win) -> tuple[Tile, ...]:
        """The tile won on, then the other tiles shown by the same 开杠 (杠上花/杠上炮)."""
        fed = fed_kong(snap, win)
        return (win.tile,) if fed is None else (win.tile, *snap.players[fed[0]].melds[fed[1]].revealed)

    def score(self, snap: Snapshot, win: Win, opts: Any) -> Scored | None:
        """The win's best allowed reading (``None``: no allowed reading)."""
        player = snap.players[win.winner]
        tbl = self.table_rules(snap.reveals.wild_indicator, opts)
        if player.flags.wild_push_down:
            return push_down(_dealt(snap, win), win.tile, tbl)
        return best_allowed(player.hand, player.melds, self.win_tiles(snap, win), event_of(win), tbl)

    def _candidates(self, r: _Round, snap: Snapshot, i: int, win: Win) -> list[Scored]:
        """The readings of win ``i`` on its own tile, worked out once per round."""
        found = r.candidates.get(i)
        if found is None:
            player = snap.players[win.winner]
            found = r.candidates[i] = candidates(player.hand, player.melds, win.tile, event_of(win), r.tbl)
        return found

    def _score(self, r: _Round, snap: Snapshot, i: int, win: Win) -> Scored | None:
        """:meth:`score` of win ``i``, worked out once per round."""
        if i in r.scores:
            return r.scores[i]
        player = snap.players[win.winner]
        if player.flags.wild_push_down:
            found = push_down(_dealt(snap, win), win.tile, r.tbl)
        else:
            event = event_of(win)
            shown = self.win_tiles(snap, win)[1:]  # the other tiles of a 开杠, after the tile won on
            found = best_of([self._candidates(r, snap, i, win),
                             *[candidates(player.hand, player.melds, t, event, r.tbl) for t in shown]])
        r.scores[i] = found
        return found

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """A self-drawn win on ``tile``: (hand name, tier name) and the points each other player pays before birds."""
        ind = snap.reveals.wild_indicator if snap is not None else None
        if held(player, ind)[tile] >= 4:
            return None  # no copy of it left to draw
        s = best_allowed(player.hand, player.melds, (tile,), SELF_DRAW, self.table_rules(ind, opts))
        return None if s is None else ((s.zh, s.tier.zh), s.points)

    # -- validation -----------------------------------------------------------------------

    def validate(self, snap: Snapshot, opts: Any) -> None:
        if snap.reveals.wild_indicator is None:
            raise InvalidRound(RoundError("missing_field", "/reveals/wild_indicator",
                                          "安化 needs the flipped tile that fixes the 王 (003:17)"))
        errors = [*unused_reveal_errors(snap, self.reveals_used), *_check_chows(snap), *_check_melds_after_kong(snap),
                  *_check_reveals(snap), *_check_birds(snap, opts), *_check_wins(snap, opts)]
        if not snap.wins and snap.last_drawer is None:
            errors.append(RoundError("missing_field", "/last_drawer",
                                     "a drawn round passes the deal to the player who drew the last tile (003:15)"))
        errors += drawn_round_wall_errors(snap, "荒庄 comes when the 海底 tile has been drawn (003:15): tiles are left")
        for i, w in enumerate(snap.wins):
            errors += self._check_win(snap, w, i, opts)
        errors += self._check_flags(snap, opts)
        errors += passed_win_errors(snap, _LOUHU)
        errors += self._check_kongers_ready(snap, opts)
        if errors:
            raise InvalidRound(errors)

    def _check_win(self, snap: Snapshot, w: Win, i: int, opts: Any) -> list[RoundError]:
        ptr = f"/wins/{i}"
        player = snap.players[w.winner]
        r = _ROUND.get(snap, opts)
        if player.flags.wild_push_down:
            return []  # checked with the flags
        found = self._candidates(r, snap, i, w)
        if not found:
            return [RoundError("not_a_win", ptr, f"seat {w.winner}'s hand {compact(player.hand)} with {w.tile} is not a "
                               "winning hand in anhua (sets and a 2/5/8 pair; any pair for 清一色 or 小七对, 003:25)")]
        if self._score(r, snap, i, w) is None:
            cls = found[0].cls
            return [RoundError("win_not_allowed", ptr, f"a {cls.zh} hand cannot win by {event_of(w).zh}: 单王 only by "
                               "抢杠胡 or 杠上炮, 三王 and more never on another player's tile (003:21)")]
        return []

    def _check_flags(self, snap: Snapshot, opts: Any) -> list[RoundError]:
        errors = []
        tbl = _ROUND.get(snap, opts).tbl
        wins = {w.winner: w for w in snap.wins}
        for i, p in enumerate(snap.players):
            if not p.flags.wild_push_down:
                continue
            w = wins.get(i)
            ptr = f"/players/{i}/flags/wild_push_down"
            if w is None or not w.self_drawn or w.kong_draw or p.melds or p.discards:
                errors.append(RoundError("invalid_flag", ptr, "四王/七王 推倒 is a self-drawn win on the player's first draw, "
                                         "before any meld or discard of its own (003:33)"))
            elif push_down(_dealt(snap, w), w.tile, tbl) is None:
                errors.append(RoundError("invalid_flag", ptr, "推倒 needs 四王 or 七王 in the hand as dealt, without a "
                                         "non-dealer's first draw (003:19,33)"))
        return errors

    def _check_kongers_ready(self, snap: Snapshot, opts: Any) -> list[RoundError]:
        """杠后必须听牌 (003:13,27): after 开杠 the hand cannot change, so it must still wait."""
        r = _ROUND.get(snap, opts)
        winners = set(snap.winners())
        errors = []
        for i, p in enumerate(snap.players):
            if p.kongs and i not in winners and not self._waits(r, snap, p):
                j = max(j for j, m in enumerate(p.melds) if m.is_kong)
                errors.append(RoundError("kong_not_ready", f"/players/{i}/melds/{j}",
                                         f"seat {i} kongs but {compact(p.hand)} waits on nothing: 杠后必须听牌 (003:13)"))
        return errors

    # -- settlement -------------------------------------------------------------------------

    def _waits(self, r: _Round, snap: Snapshot, p: Player) -> tuple[Tile, ...]:
        """A player's waits, worked out once per round."""
        found = r.waits.get(p.seat)
        if found is None:
            ind = snap.reveals.wild_indicator
            found = r.waits[p.seat] = waits(p.hand, p.melds, SET_108.faces, r.tbl, seen=() if ind is None else (ind,))
        return found

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        r = _ROUND.get(snap, opts)
        ledger = Ledger(snap.n)
        found: dict[int, Scored] = {}
        for i, w in enumerate(snap.wins):
            s = self._score(r, snap, i, w)
            assert s is not None  # validate() rejected wins without an allowed reading
            found[w.winner] = s
            _pay_win(ledger, snap, w, s, opts)
        hands = []
        for p in snap.players:
            s = found.get(p.seat)
            if s is not None:
                hands.append(HandReport(p.seat, True, (s.zh, s.tier.zh), extra=_report(s)))
                continue
            ws = self._waits(r, snap, p)
            hands.append(HandReport(p.seat, False, (), bool(ws), ws))
        return Settlement(ledger.items, tuple(hands), next_dealer(snap))

    # -- POST /v1/hands/analyze -------------------------------------------------------------

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """Like the base, with the 王 from ``reveals.wild_indicator`` (optional: no 王 without it)
        and each complete hand or wait priced as a self-draw (points per payer, before birds)."""
        rev = body.get("reveals") or {}
        if not is_object(rev):
            raise InvalidRound(RoundError("invalid_type", "/reveals", "expected an object"))
        raw = rev.get("wild_indicator")
        ind = None if raw is None else parse_tile(raw, "/reveals/wild_indicator")
        hand = parse_tiles(body.get("hand", []), "/hand")
        melds = tuple(_meld(m, f"/melds/{i}") for i, m in enumerate(_list(body.get("melds"), "/melds")))
        _check_analyze_tiles(hand, melds, ind, self.hand_size)
        tbl = self.table_rules(ind, opts)
        player = Player(0, hand, melds, (), (), None, self.Flags())
        out: dict[str, Any] = {"variant": self.id, "hand": list(hand), "melds": len(melds),
                               "wild_indicator": ind, "wilds": sorted(tbl.wild)}
        if len(hand) % 3 == 2:
            s = best_allowed(hand[:-1], melds, (hand[-1],), SELF_DRAW, tbl)
            real = [t for t in hand if t not in tbl.wild]
            rules = HandRules(wild=tbl.wild, pair_ranks=PAIR_258.pair_ranks)
            # a 乱将 decomposition is shown only when it wins (清一色)
            ds = decompositions(hand, rules, limit=50) or (decompositions(hand, rules.relaxed(), limit=50) if s else ())
            out.update({"complete": s is not None, "patterns": [s.zh, s.tier.zh] if s else [],
                        "value": s.points if s else None,
                        "seven_pairs": not melds and seven_pairs_with(real, len(hand) - len(real)) is not None,
                        "thirteen_orphans": False,
                        "decompositions": [[{"kind": g.kind, "tiles": [f or "*" for f in g.faces],
                                             "wild_stand_ins": [f or "*" for f in g.wild_faces]} for g in d.groups]
                                           for d in ds]})
            return out
        snap = Snapshot(self.id, None, 0, (player,), (), Reveals(wild_indicator=ind))
        ws = waits(hand, melds, SET_108.faces, tbl, held(player, ind))
        priced = []
        for f in ws:
            v = self.value_of_wait(player, f, snap, opts)
            priced.append({"tile": f, **({"patterns": list(v[0]), "value": v[1]} if v else {})})
        out.update({"ready": bool(ws), "waits": priced})
        return out


# -- validation helpers ---------------------------------------------------------------------


def _check_chows(snap: Snapshot) -> list[RoundError]:
    """下家可吃 (003:13): a chow takes the 上家's discard."""
    return [RoundError("invalid_meld", f"/players/{i}/melds/{j}/from", "only the 下家 may chow a discard (003:13)")
            for i, p in enumerate(snap.players) for j, m in enumerate(p.melds)
            if m.type == "chow" and m.from_seat is not None and m.from_seat != (i - 1) % snap.n]


def _check_melds_after_kong(snap: Snapshot) -> list[RoundError]:
    """选择杠开后手牌不能动，只允许胡牌…自己摸到的杠可以继续杠（明杠暗杠），直杠不能杠 (003:27):
    after a player's first 开杠 its only melds are kongs of its own draws (checked by turn,
    where the turns are given)."""
    errors = []
    for i, p in enumerate(snap.players):
        kong_turns = [m.turn for m in p.melds if m.is_kong and m.turn is not None]
        if not kong_turns:
            continue
        first = min(kong_turns)
        errors += [RoundError("meld_after_kaigang", f"/players/{i}/melds/{j}/turn",
                              f"seat {i} made 开杠 at turn {first}; after it the hand cannot change: no chow, pong or "
                              "直杠, only kongs of its own draws (003:27)")
                   for j, m in enumerate(p.melds)
                   if m.turn is not None and m.turn > first and (not m.is_kong or m.kind == "exposed")]
    return errors


def _check_reveals(snap: Snapshot) -> list[RoundError]:
    """开杠 shows three tiles (003:13,27): every kong lists them in ``revealed``, except that
    the tile a 杠上花/杠上炮 was won on is given only as the win's tile (two listed)."""
    errors = []
    fed = {fed_kong(snap, w) for w in snap.wins} - {None}
    for i, p in enumerate(snap.players):
        for j, m in enumerate(p.melds):
            if not m.is_kong:
                continue
            ptr = f"/players/{i}/melds/{j}/revealed"
            if not m.revealed:
                errors.append(RoundError("missing_field", ptr, "开杠 shows three tiles; list them (003:13)"))
            elif len(m.revealed) != (2 if (i, j) in fed else 3):
                errors.append(RoundError("invalid_meld", ptr, "开杠 shows three tiles; only a kong whose shown tile was won "
                                         "on (杠上花/杠上炮) lists the other two (003:13,27)"))
    for i, w in enumerate(snap.wins):
        seat = konger(w)
        # a konger without any kong is win_flag_errors' to report
        if seat is not None and snap.players[seat].kongs and fed_kong(snap, w) is None:
            flag = "kong_draw" if w.kong_draw else "after_kong_discard"
            errors.append(RoundError("inconsistent_win", f"/wins/{i}/{flag}", "a win on a tile shown by 开杠 needs the "
                                     "konger's kong listing the other two shown tiles in revealed (003:27)"))
    return errors


def _check_birds(snap: Snapshot, opts: Any) -> list[RoundError]:
    n, ptr = len(snap.reveals.birds), "/reveals/birds"
    if not snap.wins:
        return [RoundError("bird_count", ptr, "birds are drawn only after a win (003:123)")] if n else []
    if any(w.last_tile for w in snap.wins):
        return [RoundError("birds_on_last_tile", ptr, "如果胡海底牌，则不抓鸟 (003:123 C)")] if n else []
    left = max(_left_after_kong(snap.wins[0]), tiles_left_after(snap.wins[0]))
    if draws_from_short_wall([opts.birds], n, snap.wall_remaining, min_left=left) is None:
        return [RoundError("bird_count", ptr, f"the table draws {opts.birds} bird(s) (003:123 B); {n} given "
                           f"(fewer only when wall_remaining is 0; the wall held at least {left} tile(s) after this "
                           "win: 开杠 needs 余牌数≥4, 003:27 ①, and a self-draw that was not the 海底 tile leaves one)")]
    return []


def _left_after_kong(w: Win) -> int:
    """Tiles the wall still holds, at the least, after a win on a kong (开杠 needs 余牌数≥4,
    003:27 ①): a robbed kong showed nothing, a 开杠 showed three; 0 for any other win."""
    return 4 if w.robbing_kong else 1 if w.kong_draw or w.after_kong_discard else 0


def _check_wins(snap: Snapshot, opts: Any) -> list[RoundError]:
    errors = single_event_errors(snap)
    group = snap.win_groups()[0] if snap.wins else ()
    if len(group) > 1 and group[0].after_kong_discard:
        errors.append(RoundError("multi_win_not_allowed", "/wins/1", "杠上炮 has one winner, the first in seat order (003:27)"))
    elif len(group) > 1 and not opts.multi_win:
        errors.append(RoundError("multi_win_not_allowed", "/wins/1", "一炮多响 is off: the first in seat order wins (003:9)"))
    for i, w in enumerate(snap.wins):
        ptr = f"/wins/{i}"
        errors += [e for e in win_flag_errors(snap, w, ptr) if e.pointer != f"{ptr}/robbing_kong"]
        if w.robbing_kong:
            errors += _check_robbing(snap, w, ptr, opts)
        errors += _check_last_tile(snap, w, ptr)
    return errors


def _check_last_tile(snap: Snapshot, w: Win, ptr: str) -> list[RoundError]:
    """海底 (``last_tile``) is the wall's last tile; it draws no birds (003:123 C), so a wrong
    flag would change the payout."""
    if not w.last_tile:
        return []
    if _left_after_kong(w):
        return [RoundError("inconsistent_win", f"{ptr}/last_tile", "开杠 needs 余牌数≥4 (003:27 ①): a win on a robbed "
                           "kong or on a tile 开杠 showed leaves tiles in the wall, so it is not the 海底 tile")]
    return last_tile_wall_errors(snap, w, ptr)  # a 海底 win draws no birds (003:123 C): nothing is drawn after it


def _check_robbing(snap: Snapshot, w: Win, ptr: str, opts: Any) -> list[RoundError]:
    """抢杠胡 (003:9,47): a 明杠 only — an added kong (the robbed pong stays a pong) or a 直杠
    (the robbed player still holds the three tiles it was konging with)."""
    if not opts.robbing_kong:
        return [RoundError("robbing_kong_not_allowed", f"{ptr}/robbing_kong", "可抢杠胡 is off at this table (003:9)")]
    assert w.from_seat is not None  # check_common: robbing needs the robbed seat
    robbed = snap.players[w.from_seat]
    if any(m.type == "pong" and m.tile == w.tile for m in robbed.melds) or robbed.hand.count(w.tile) >= 3:
        return []
    return [RoundError("inconsistent_win", f"{ptr}/robbing_kong", f"seat {w.from_seat} holds no pong (加杠) nor three "
                       f"concealed {w.tile} ({chinese(w.tile)}, 直杠) to be robbed; an 暗杠 cannot be robbed (003:47)")]


def _check_analyze_tiles(hand: tuple[Tile, ...], melds: tuple[Meld, ...], ind: Tile | None, size: int) -> None:
    errors = [RoundError("tile_not_in_set", f"/hand/{i}", f"{t} is not in the 108-tile set")
              for i, t in enumerate(hand) if not SET_108.has(t)]
    if ind is not None and not SET_108.has(ind):
        errors.append(RoundError("tile_not_in_set", "/reveals/wild_indicator", f"{ind} is not in the 108-tile set"))
    if errors:
        raise InvalidRound(errors)
    counts = Counter([*hand, *(t for m in melds for t in m.tiles), *([ind] if ind else [])])
    over = sorted(t for t, c in counts.items() if c > 4)
    if over:
        raise InvalidRound(RoundError("too_many_copies", "/hand", f"more than four {', '.join(over)}"))
    if len(hand) + 3 * len(melds) not in (size, size + 1):
        raise InvalidRound(RoundError("hand_size", "/hand", f"give {size} tiles (a waiting hand) or {size + 1} "
                                      "(a complete hand, the last tile drawn), melds counting 3"))


# -- settlement helpers ---------------------------------------------------------------------


def with_birds(points: int, hits: int) -> int:
    """中鸟: each hit doubles (003:123 A; the table 003:129-139: 中1鸟 ×2, 中2鸟 ×4, 中4鸟 ×16)."""
    return points * (1 << hits)


def _pay_win(ledger: Ledger, snap: Snapshot, w: Win, s: Scored, opts: Any) -> None:
    """Each payer owes the tier's points, doubled per bird hit on the winner or on that
    payer (003:123 A; 003:129-139), plus 1 when the dealer is either side (庄闲分)."""
    payers = others(w.winner, snap.n) if w.self_drawn else [w.from_seat]
    hits = bird_hits(snap.reveals.birds, w.winner, snap.n)
    # the parts of the notes every payer shares, written once
    basis = s.basis.seed if s.basis else "elements add up"
    head = f"{s.tier.zh} {s.points}分 ({basis}), "
    tail = f"; won on {s.tile} ({chinese(s.tile)})"
    counted = f" beyond the 胡 points (birds {compact(snap.reveals.birds)} counted from seat {w.winner}, 003:123)"
    for p in payers:
        assert p is not None
        how = "自摸 — each player pays" if w.self_drawn else f"{s.event.zh} — seat {p} pays"
        ledger.pay(p, w.winner, s.points, "hu", s.zh, s.en, head + how + tail)
        h = share_hits(hits, w.winner, p)
        if h:
            total, times = with_birds(s.points, h), with_birds(1, h)
            ledger.pay(p, w.winner, total - s.points, "bird", *_BIRD,
                       f"中{h}鸟 ×{times}: {s.points}×{times} = {total}, {total - s.points}" + counted)
        if opts.dealer_bonus and snap.dealer in (p, w.winner):
            ledger.pay(p, w.winner, 1, "dealer", *_DEALER, f"+1: the dealer (seat {snap.dealer}) is in this payment (003:9)")


def _report(s: Scored) -> dict[str, Any]:
    return {"tier": s.tier.zh, "tier_en": s.tier.en, "points": s.points, "wild_class": s.cls.zh,
            "counted_tile": s.tile, "hard_wilds": s.hard_wilds,
            "basis": s.basis.seed if s.basis else ("003:33" if s.push_down else "additive")}


def next_dealer(snap: Snapshot) -> int | None:
    """3.2 (003:15): the winner deals next; 一炮多响 → the discarder; 荒庄 → who drew the last tile."""
    if not snap.wins:
        return snap.last_drawer
    group = snap.win_groups()[0]
    if len(group) > 1:
        return group[0].from_seat
    return group[0].winner


VARIANT: Final[Anhua] = Anhua()
