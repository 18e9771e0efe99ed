"""A random legal round generator: deal from a shuffled wall and play random moves.

Used by property tests, benchmarks and load tests. The play is generic (draw,
concealed/added kong, discard, pong/exposed kong claims, the 下家's chow where the
variant allows it, self-draw and discard wins, 一炮多响, 抢杠胡 on an added kong, 天胡/地胡
flagged when they happen, 报听/明扣/推倒 where the variant has them); variants steer it
through class attributes and hooks of :class:`rules.variant.Variant` (``sequential_wins``,
``self_draw_only``, ``allows_chow``, ``reveals_used``, ``kong_shows`` and ``kong_min_wall``
for 开杠, ``marks_delayed_kongs`` for 憨包豆, ``declares_ready`` for 报听, ``declares_open``
for 明扣, ``pushes_down`` for 推倒, ``dead_wall`` for 邯郸's 流局 line, ``birds_to_draw``, ``simulate_flags``, ``may_win``,
``discard_first``, ``may_win_on`` and ``wins_unshaped`` for 财神's self-draw-only hands and
推倒胡, ``set_aside`` for 补花 of faces that are flowers at one table, 台数's 中发白, and
``set_aside_for`` where they depend on the tile turned up, 虫草花's; ``chows`` where an option
turns 吃 off). Rounds the
variant still rejects (a rule the generic play does not know) are discarded and dealt again,
so what :func:`generate` returns always settles.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .api import settle
from .errors import InvalidRound
from .hand import HandRules, is_complete, tiles_short, waits, waits_seen
from .options import parse_options
from .snapshot import Meld, Player, Reveals, Snapshot, Win
from .tiles import Tile, is_flower, is_suited, sorted_tiles, suit
from .variant import Variant
from .variants import REGISTRY


@dataclass
class _Seat:
    hand: list[Tile]
    melds: list[dict[str, Any]] = field(default_factory=list)
    discards: list[dict[str, Any]] = field(default_factory=list)
    won: bool = False
    flowers: list[Tile] = field(default_factory=list)  # set aside (补花): the variant's ``set_aside`` faces


@dataclass
class _Table:
    variant: Variant
    opts: Any
    rules: HandRules
    rng: random.Random
    wall: list[Tile]
    seats: list[_Seat]
    dealer: int
    turn: int = 0
    wins: list[dict[str, Any]] = field(default_factory=list)
    last_drawer: int | None = None
    flags: list[dict[str, Any]] = field(default_factory=list)
    faces: tuple[Tile, ...] = ()  # of the tile set: what a hand may wait on
    frozen: set[int] = field(default_factory=set)  # seats whose hand 开杠 or 报听 froze
    passed_kongs: set[tuple[int, Tile]] = field(default_factory=set)  # (seat, tile) of kongs passed up
    declared: dict[int, int] = field(default_factory=dict)  # seat -> turn of its 报听
    open_hands: set[int] = field(default_factory=set)  # seats that declared 明扣: self-draw wins only
    reveals: Reveals = field(default_factory=Reveals)
    replaced_flower: bool = False  # the last draw replaced a flower set aside (补花)
    set_aside: frozenset[Tile] = frozenset()  # the faces this round sets aside (Variant.set_aside_for)

    def tick(self) -> int:
        self.turn += 1
        return self.turn

    def live_wall(self) -> int:
        """Tiles that may still be drawn: the wall less what the variant leaves at a draw (邯郸's 墩)."""
        kongs = sum(1 for s in self.seats for m in s.melds if m["type"] == "kong")
        return len(self.wall) - self.variant.dead_wall(self.opts, kongs)

    def draw(self, seat: int) -> Tile | None:
        """The seat's next tile from the wall; a face the variant sets aside (补花) is put in the
        seat's flowers and replaced by the next (``replaced_flower``), as long as the wall lasts."""
        self.replaced_flower = False
        while self.live_wall() > 0:
            self.last_drawer = seat
            tile = self.wall.pop()
            if tile not in self.set_aside:
                return tile
            self.seats[seat].flowers.append(tile)
            self.replaced_flower = True
        return None

    def live(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.won]


def _wins(t: _Table, seat_no: int, tile: Tile, *, taken: bool = False) -> bool:
    """Whether the seat may win on ``tile``: drawn, or ``taken`` from another player."""
    seat = t.seats[seat_no]
    if taken and not t.variant.may_win_on(seat.hand, tile, t.reveals, t.opts):
        return False
    if not is_complete([*seat.hand, tile], t.rules) and (
            taken or not t.variant.wins_unshaped([*seat.hand, tile], t.reveals, t.opts)):
        return False
    held = [*seat.hand, tile, *(x for m in seat.melds for x in _meld_tiles(m))]
    if not t.variant.may_win(held, _flags(t, seat_no)):
        return False
    return t.variant.may_win_scored(_player(t, seat_no), Win(seat_no, (seat_no + 1) % len(t.seats) if taken else None,
                                                             tile), t.dealer, t.opts)


def _player(t: _Table, seat_no: int) -> Player:
    """The seat's concealed tiles and melds as a :class:`~rules.snapshot.Player` (what
    ``may_win_scored`` reads; the won tile apart)."""
    seat = t.seats[seat_no]
    melds = tuple(Meld(m["type"], tuple(_meld_tiles(m)), m.get("kind"), m.get("from")) for m in seat.melds)
    return Player(seat_no, tuple(seat.hand), melds, (), (), None, t.variant.Flags())


def _meld_tiles(meld: dict[str, Any]) -> list[Tile]:
    if meld["type"] == "chow":
        return list(meld["tiles"])
    return [meld["tile"]] * (4 if meld["type"] == "kong" else 3)


def _flags(t: _Table, seat_no: int) -> dict[str, Any]:
    return t.flags[seat_no] if t.flags else {}


def _play(t: _Table, p_win: float) -> None:
    """Play until a win ends the round (or one player is left), or the wall is empty."""
    n = len(t.seats)
    current = t.dealer
    pending: Tile | None = t.seats[current].hand.pop()  # the dealer's 14th tile, as if drawn
    kong_draw = skip_draw = False
    while True:
        seat = t.seats[current]
        if not skip_draw:
            if pending is None:
                pending, kong_draw = t.draw(current), False
                if pending is None:
                    return  # 荒庄
            pushed = _maybe_push_down(t, current, pending, kong_draw)
            if pushed is not None or (_wins(t, current, pending) and t.rng.random() < p_win):
                if pushed is not None:
                    t.flags[current][pushed] = True
                t.wins.append({"winner": current, "from": None, "tile": pending, "turn": t.tick(),
                               "kong_draw": kong_draw, "last_tile": t.live_wall() <= 0,
                               "heavenly": t.turn == 1 and current == t.dealer})
                if current != t.dealer and not seat.discards and _no_melds_yet(t):
                    t.wins[-1]["earthly"] = True  # 地胡 on the first draw (only when true: other rounds as before)
                seat.won = True
                if _over(t):
                    return
                current, pending = _next_live(t, current), None
                continue
            seat.hand.append(pending)
            pending = None
            kong = None if current in t.frozen else _maybe_self_kong(t, current)
            if kong is not None:
                # 抢杠胡 undoes the kong; 开杠's shown tiles are won on or discarded: either way the next seat plays
                won = _robbed(t, current, *kong, p_win) or (t.variant.kong_shows > 0 and _open_kong(t, current, kong[0], p_win))
                if won and _over(t):
                    return
                if won or t.variant.kong_shows:
                    current = _next_live(t, current)
                    continue
                pending = t.draw(current)
                kong_draw = not t.replaced_flower  # a flower's replacement is not the kong's
                if pending is None:
                    return
                continue
        after_kong, skip_draw = kong_draw, False
        # a hand 开杠 or 报听 froze lets its drawn tile go at once
        tile = seat.hand[-1] if current in t.frozen else _choose_discard(t, seat.hand, _flags(t, current))
        seat.hand.remove(tile)
        turn = t.tick()
        winners = [s for s in _order_after(current, n) if not t.seats[s].won and s not in t.open_hands
                   and _wins(t, s, tile, taken=True) and t.rng.random() < p_win]
        if winners and not t.variant.self_draw_only:
            earthly = current == t.dealer and not seat.discards and _no_melds_yet(t)  # 地胡 on the dealer's first discard
            for w in winners:
                t.wins.append({"winner": w, "from": current, "tile": tile, "turn": turn,
                               "after_kong_discard": after_kong, "last_tile": t.live_wall() <= 0})
                if earthly:
                    t.wins[-1]["earthly"] = True
                t.seats[w].won = True
            if _over(t):
                return
            current = _next_live(t, current)
            continue
        if t.variant.declares_ready and not seat.discards:
            _maybe_declare(t, current, turn)
        if current not in t.frozen and t.variant.declares_open(t.opts):
            _maybe_open(t, current)
        discard: dict[str, Any] = {"tile": tile, "turn": turn}
        seat.discards.append(discard)
        claimer = _maybe_claim(t, current, tile)
        if claimer is None:
            current = _next_live(t, current)
            continue
        discard["claimed_by"] = claimer
        current = claimer
        if t.seats[claimer].melds[-1]["type"] == "kong" and t.variant.kong_shows:
            if _open_kong(t, claimer, t.seats[claimer].melds[-1], p_win) and _over(t):
                return
            current = _next_live(t, claimer)
        elif t.seats[claimer].melds[-1]["type"] == "kong":
            pending = t.draw(claimer)
            kong_draw = not t.replaced_flower  # a flower's replacement is not the kong's
            if pending is None:
                return
        else:  # after a pong the claimer discards without drawing
            skip_draw, kong_draw = True, False


def _maybe_declare(t: _Table, seat_no: int, turn: int) -> None:
    """报听 with the seat's first discard, nobody having won on it, when the hand left is ready
    (贵阳 000:157, 湖南 002:139); the hand is frozen from then on (no pong or kong)."""
    if waits(t.seats[seat_no].hand, t.rules, t.faces) and t.rng.random() < 0.5:
        t.declared[seat_no] = turn
        t.frozen.add(seat_no)


def _maybe_push_down(t: _Table, seat_no: int, drawn: Tile, kong_draw: bool) -> str | None:
    """推倒 (安化 四王/七王, 003:33): at the seat's first draw, before any meld or discard of its
    own, a dealt hand the variant lets lay down wins at once, half the time: the flag to set."""
    seat = t.seats[seat_no]
    if kong_draw or seat.melds or seat.discards:
        return None
    dealt = [*seat.hand, drawn] if seat_no == t.dealer else list(seat.hand)  # a non-dealer's draw was not dealt
    flag = t.variant.pushes_down(dealt, t.reveals, t.opts)
    return flag if flag is not None and t.rng.random() < 0.5 else None


def _maybe_open(t: _Table, seat_no: int) -> None:
    """明扣 (邯郸 004:47-48): after a discard nobody won on, a ready hand is laid open; from then
    on it wins by self-draw only and is frozen. The shown tiles (004:135) are the whole hand,
    which gives every wait away, or not given."""
    seat = t.seats[seat_no]
    hand = seat.hand
    # a face whose four copies the seat holds (its melds too) is no wait: the engine agrees
    if t.rng.random() < 0.3 and waits_seen(hand, t.rules, t.faces, [x for m in seat.melds for x in _meld_tiles(m)]):
        t.flags[seat_no]["mingkou"] = True
        if t.rng.random() < 0.5:
            t.flags[seat_no]["mingkou_tiles"] = sorted(hand)
        t.frozen.add(seat_no)
        t.open_hands.add(seat_no)


def _over(t: _Table) -> bool:
    """After a win: whether the round ends (it goes on only in 血战 while two seats are left)."""
    return not t.variant.sequential_wins or len(t.live()) <= 1


def _no_melds_yet(t: _Table) -> bool:
    """No seat has melded yet: 地胡 is still possible (a claim or a kong ends the first go-round)."""
    return not any(s.melds for s in t.seats)


def _order_after(seat: int, n: int) -> list[int]:
    return [(seat + k) % n for k in range(1, n)]


def _next_live(t: _Table, seat: int) -> int:
    n = len(t.seats)
    for s in _order_after(seat, n):
        if not t.seats[s].won:
            return s
    return seat


def _choose_discard(t: _Table, hand: list[Tile], flags: dict[str, Any]) -> Tile:
    """Mostly the discard that leaves the hand closest to complete, sometimes a random one."""
    forced = [x for x in t.variant.discard_first(hand, flags) if x not in t.rules.wild]  # a wildcard is never forced out
    if forced:
        return t.rng.choice(sorted(forced))
    plain = [x for x in hand if x not in t.rules.wild] or hand
    if t.rng.random() < 0.15:
        return t.rng.choice(plain)
    best: list[Tile] = []
    best_short = 99
    for x in sorted(set(plain)):
        rest = list(hand)
        rest.remove(x)
        short = tiles_short(rest, t.rules)
        if short < best_short:
            best, best_short = [x], short
        elif short == best_short:
            best.append(x)
    return t.rng.choice(best)


def _maybe_self_kong(t: _Table, seat_no: int) -> tuple[dict[str, Any], int | None] | None:
    """A concealed or added kong the seat declares, if it declares one: its meld, and the
    turn of the pong an added kong grew from."""
    seat = t.seats[seat_no]
    counts = Counter(seat.hand)
    quads = [x for x, c in counts.items() if c == 4 and x not in t.rules.wild and _may_kong(t, seat.hand, x, 4)]
    if quads and t.rng.random() < 0.6:
        tile = quads[0]
        for _ in range(4):
            seat.hand.remove(tile)
        meld = {"type": "kong", "kind": "concealed", "tile": tile, "turn": t.tick()}
        seat.melds.append(meld)
        return _late(t, seat_no, meld), None
    t.passed_kongs.update((seat_no, x) for x in quads)
    for m in seat.melds:
        if m["type"] == "pong" and m["tile"] in seat.hand and _may_kong(t, seat.hand, m["tile"], 1):
            if t.rng.random() >= 0.6:
                t.passed_kongs.add((seat_no, m["tile"]))
                continue
            seat.hand.remove(m["tile"])
            pong_turn = m.get("turn")
            m.update({"type": "kong", "kind": "added", "turn": t.tick()})
            return _late(t, seat_no, m), pong_turn
    return None


def _late(t: _Table, seat_no: int, meld: dict[str, Any]) -> dict[str, Any]:
    """Marks a kong the seat passed up when it first could make it, where the variant scores
    that apart (贵阳 憨包豆: 上手四张一样 not konged at once, 000:57)."""
    if t.variant.marks_delayed_kongs and (seat_no, meld["tile"]) in t.passed_kongs:
        meld["delayed"] = True
    return meld


def _robbed(t: _Table, konger: int, meld: dict[str, Any], pong_turn: int | None, p_win: float) -> bool:
    """抢杠胡: whether seats win on the tile of an added kong (each in turn order after the
    kong's seat, as on a discard). When any does, the kong is undone: the seat keeps its pong
    (the snapshot's convention for a robbed kong, rules/win_checks.py) and the tile is the
    winners'."""
    if meld["kind"] != "added" or t.live_wall() <= 0:  # (no kong at all on an empty wall: nothing to rob)
        return False
    tile = meld["tile"]
    robbers = [s for s in _order_after(konger, len(t.seats)) if not t.seats[s].won and s not in t.open_hands
               and _wins(t, s, tile, taken=True) and t.rng.random() < p_win]
    if not robbers:
        return False
    del meld["kind"]
    meld.pop("delayed", None)
    meld["type"] = "pong"
    if pong_turn is None:
        del meld["turn"]
    else:
        meld["turn"] = pong_turn
    turn = t.tick()
    for w in robbers:
        t.wins.append({"winner": w, "from": konger, "tile": tile, "turn": turn, "robbing_kong": True})
        t.seats[w].won = True
    return True


def _may_kong(t: _Table, hand: list[Tile], tile: Tile, copies: int) -> bool:
    """Whether a kong taking ``copies`` of ``tile`` from ``hand`` may be declared: always, unless
    the variant plays 开杠, which needs enough wall and a hand still ready after it (003:13, 27)."""
    if not t.variant.kong_shows:
        return True
    rest = list(hand)
    for _ in range(copies):
        rest.remove(tile)
    return t.live_wall() >= t.variant.kong_min_wall and bool(waits(rest, t.rules, t.faces))


def _open_kong(t: _Table, konger: int, meld: dict[str, Any], p_win: float) -> bool:
    """开杠 (安化, 003:13, 27): the kong shows wall tiles, listed in the meld's ``revealed``; the
    konger may win on one (杠上开花), else the first seat after it that can (杠上炮, one winner
    only); the won tile is the win's and the meld lists the others. The konger's hand is frozen
    from now on. Whether a win ended the round."""
    shown = [t.wall.pop() for _ in range(t.variant.kong_shows)]
    t.frozen.add(konger)
    turn = t.tick()
    win: dict[str, Any] | None = None
    for x in shown:
        if _wins(t, konger, x) and t.rng.random() < p_win:
            win = {"winner": konger, "from": None, "tile": x, "turn": turn, "kong_draw": True,
                   "last_tile": t.live_wall() <= 0, "heavenly": False}
            break
    if win is None and not t.variant.self_draw_only:
        win = next(({"winner": s, "from": konger, "tile": x, "turn": turn, "after_kong_discard": True,
                     "last_tile": t.live_wall() <= 0}
                    for s in _order_after(konger, len(t.seats)) if not t.seats[s].won
                    for x in shown if _wins(t, s, x, taken=True) and t.rng.random() < p_win), None)
    if win is not None:
        shown.remove(win["tile"])
        t.wins.append(win)
        t.seats[win["winner"]].won = True
    meld["revealed"] = shown
    return win is not None


def _maybe_claim(t: _Table, discarder: int, tile: Tile) -> int | None:
    if tile in t.rules.wild:
        return None
    for s in _order_after(discarder, len(t.seats)):
        seat = t.seats[s]
        if seat.won or s in t.frozen or t.variant.discard_first([tile], _flags(t, s)):
            continue
        have = seat.hand.count(tile)
        if have >= 3 and t.live_wall() > 0 and _may_kong(t, seat.hand, tile, 3) and t.rng.random() < 0.5:
            for _ in range(3):
                seat.hand.remove(tile)
            seat.melds.append({"type": "kong", "kind": "exposed", "tile": tile, "from": discarder, "turn": t.tick()})
            return s
        if have >= 2 and t.rng.random() < 0.35:
            for _ in range(2):
                seat.hand.remove(tile)
            seat.melds.append({"type": "pong", "tile": tile, "from": discarder, "turn": t.tick()})
            return s
    return _maybe_chow(t, discarder, tile) if t.variant.chows(t.opts) else None


def _maybe_chow(t: _Table, discarder: int, tile: Tile) -> int | None:
    """吃: the 下家 takes the discard into a sequence with two tiles of its own, none of them a
    wildcard (王 never form 吃碰杠, 003:17), after every seat has passed on a pong or kong."""
    s = (discarder + 1) % len(t.seats)
    seat = t.seats[s]
    if seat.won or s in t.frozen or not is_suited(tile):
        return None
    r, of = int(tile[0]), suit(tile)
    plain = [x for x in seat.hand if x not in t.rules.wild]
    pairs = [(a, b) for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2))
             if a >= 1 and b <= 9 and f"{a}{of}" in plain and f"{b}{of}" in plain]
    if not pairs or t.rng.random() >= 0.2:
        return None
    a, b = t.rng.choice(pairs)
    taken = [f"{a}{of}", f"{b}{of}"]
    for x in taken:
        seat.hand.remove(x)
    seat.melds.append({"type": "chow", "tiles": sorted_tiles([*taken, tile]), "from": discarder, "turn": t.tick()})
    return s


def _deal(variant: Variant, opts: Any, n: int, rng: random.Random) -> tuple[_Table, Reveals]:
    tileset = variant.tileset(opts, n)
    # 1f-8f stay out of the wall unless the variant sets them aside when drawn (买花's 补花)
    wall = [x for x, c in tileset.copies.items() if not is_flower(x) or x in variant.set_aside for _ in range(c)]
    rng.shuffle(wall)
    indicator = wall.pop() if "wild_indicator" in variant.reveals_used else None
    reveals = Reveals(wild_indicator=indicator)
    stub = Snapshot(variant.id, None, 0, (), (), reveals)
    rules = variant.hand_rules(stub, opts)
    dealer = rng.randrange(n)
    seats = [_Seat(hand=[wall.pop() for _ in range(variant.hand_size)]) for _ in range(n)]
    seats[dealer].hand.append(wall.pop())
    aside = variant.set_aside_for(reveals, opts)
    if aside:  # 补花 after the deal, the dealer first, then in turn
        for k in range(n):
            seat = seats[(dealer + k) % n]
            while any(x in aside for x in seat.hand):
                flowers = [x for x in seat.hand if x in aside]
                seat.flowers += flowers
                seat.hand = [x for x in seat.hand if x not in aside] + [wall.pop() for _ in flowers]
    return _Table(variant, opts, rules, rng, wall, seats, dealer, faces=tileset.faces, reveals=reveals,
                  set_aside=aside), reveals


def _body(t: _Table, reveals: Reveals, options: dict[str, Any], flags: list[dict[str, Any]]) -> dict[str, Any]:
    players = []
    for i, s in enumerate(t.seats):
        p: dict[str, Any] = {"seat": i, "hand": sorted(s.hand), "melds": s.melds, "discards": s.discards}
        if i in t.declared:
            p["ready_declared_turn"] = t.declared[i]
        if flags[i]:
            p["flags"] = flags[i]
        if s.flowers:
            p["flowers"] = s.flowers
        players.append(p)
    rev: dict[str, Any] = {}
    if reveals.wild_indicator is not None:
        rev["wild_indicator"] = reveals.wild_indicator
    body: dict[str, Any] = {"variant": t.variant.id, "options": options, "dealer": t.dealer, "players": players,
                            "wins": t.wins, "wall_remaining": len(t.wall), "last_drawer": t.last_drawer,
                            "reveals": rev}
    if t.wins and "chicken_flip" in t.variant.reveals_used and t.wall:
        rev["chicken_flip"] = t.wall.pop()
    if t.wins:
        k = min(t.variant.birds_to_draw(body, t.opts), len(t.wall))
        if k:
            rev["birds"] = [t.wall.pop() for _ in range(k)]
    body["wall_remaining"] = len(t.wall)
    return body


def generate(variant_id: str, seed: int, *, n_players: int | None = None, options: dict[str, Any] | None = None,
             p_win: float = 0.85, attempts: int = 200) -> dict[str, Any]:
    """A request body for a legal random round of ``variant_id`` that the engine settles.
    Options the variant refuses (alone or together) raise its :class:`InvalidRound` at once."""
    variant = REGISTRY[variant_id]
    rng = random.Random(seed)  # noqa: S311 - reproducible play, not cryptography
    options = dict(options or {})
    opts: Any = parse_options(variant.Options, options, "/options")
    last: InvalidRound | None = None
    for _ in range(attempts):
        if variant.card_game:  # its own deal and play (斗地主: rules/variants/doudizhu/generate.py)
            body = variant.generate_round(rng, options, opts)
            try:
                settle(body)
            except InvalidRound as e:
                if any(err.pointer.startswith("/options") for err in e.errors):
                    raise
                last = e
                continue
            return body
        n = n_players or rng.randint(*variant.players)
        table, reveals = _deal(variant, opts, n, rng)
        flags = [variant.simulate_flags(i, list(s.hand), opts, rng) for i, s in enumerate(table.seats)]
        table.flags = flags
        _play(table, p_win)
        body = _body(table, reveals, options, flags)
        try:
            settle(body)
        except InvalidRound as e:
            if any(err.pointer.startswith("/options") for err in e.errors):
                raise  # the table's settings, not the deal: no other deal would settle
            last = e
            continue
        return body
    raise RuntimeError(f"no legal {variant_id} round in {attempts} deals; last rejection: {last}")
