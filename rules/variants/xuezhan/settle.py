"""血战到底 settlement phases, in time order (001:562-598).

Money moves when things happen: each kong pays at once (刮风下雨) and each win pays at
once, only by the players still in the round at that turn (:mod:`rules.timeline`);
呼叫转移 moves a kong's income at the 杠上炮 that follows it. When the wall runs out with
two or more players still in, the end checks run in the seed's order: 退税 (001:570),
查花猪 (001:571), 查大叫 (001:572). Each phase is a function returning its ledger lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...ledger import Item, Ledger
from ...snapshot import Meld, Snapshot, Win
from ...timeline import Timeline
from .fan import PATTERNS, HandValue
from .options import Options

KongKey = tuple[int, int]
"""(seat, index of the kong in that seat's melds)."""


@dataclass(frozen=True)
class KongName:
    zh: str
    en: str
    kind_zh: str


KONG_NAMES: Final = {
    "exposed": KongName("刮风", "Kong Money: Wind (exposed kong)", "直杠"),
    "added": KongName("刮风", "Kong Money: Wind (added kong)", "补杠"),
    "concealed": KongName("下雨", "Kong Money: Rain (concealed kong)", "暗杠"),
}
"""刮风 = the open kongs, 下雨 = the concealed kong, as Sichuan players name 刮风下雨 (001:570, 595)."""


# The classes built per round are dataclasses with their own ``__init__`` and ``Final`` fields,
# as the core's (rules/ledger.py): a frozen dataclass costs ~15x as much to build compiled.


@dataclass(unsafe_hash=True)
class KongIncome:
    """What one kong earned when it was made: who paid how much."""

    key: Final[KongKey]
    meld: Final[Meld]
    payments: Final[tuple[tuple[int, int], ...]]

    def __init__(self, key: KongKey, meld: Meld, payments: tuple[tuple[int, int], ...]) -> None:
        self.key = key
        self.meld = meld
        self.payments = payments

    @property
    def total(self) -> int:
        return sum(p for _, p in self.payments)


@dataclass
class EndState:
    """Each seat still in at the end: 花猪 or not, and its best wait's value per payer (None: not ready)."""

    pig: Final[dict[int, str]]  # seat → why it is a 花猪
    ready_value: Final[dict[int, HandValue | None]]

    def __init__(self, pig: dict[int, str], ready_value: dict[int, HandValue | None]) -> None:
        self.pig = pig
        self.ready_value = ready_value


# -- kongs ------------------------------------------------------------------------------


def kong_income(snap: Snapshot, tl: Timeline, key: KongKey, opts: Options) -> KongIncome:
    """直杠: the discarder pays; 补杠 and 暗杠: every other player still in at that turn pays."""
    seat, j = key
    m = snap.players[seat].melds[j]
    if m.kind == "exposed":
        assert m.from_seat is not None  # check_common requires the feeder of an exposed kong
        return KongIncome(key, m, ((m.from_seat, opts.kong_exposed * opts.base_points),))
    per = (opts.kong_added if m.kind == "added" else opts.kong_concealed) * opts.base_points
    return KongIncome(key, m, tuple((p, per) for p in tl.seats_in_at(m.turn, exclude=(seat,))))


def pay_kong(inc: KongIncome, n: int, opts: Options) -> tuple[Item, ...]:
    ledger = Ledger(n)
    name = KONG_NAMES[inc.meld.kind or ""]
    seat = inc.key[0]
    unit = inc.payments[0][1] // opts.base_points if inc.payments else 0
    who = f"fed by seat {inc.meld.from_seat}" if inc.meld.kind == "exposed" else "from each player still in"
    note = f"{name.kind_zh} {inc.meld.tile} at turn {inc.meld.turn}, {who}: {unit} × 底分{opts.base_points}"
    for payer, points in inc.payments:
        ledger.pay(payer, seat, points, "kong", name.zh, name.en, note, phase="kong", turn=inc.meld.turn)
    return ledger.items


# -- wins -------------------------------------------------------------------------------


@dataclass(unsafe_hash=True)
class WinPayment:
    """Who pays a win and how: as a self-draw (every player still in, 自摸 bonus) or as a discard."""

    payers: Final[tuple[int, ...]]
    self_draw: Final[bool]
    how: Final[str]

    def __init__(self, payers: tuple[int, ...], self_draw: bool, how: str) -> None:
        self.payers = payers
        self.self_draw = self_draw
        self.how = how


def win_payment(w: Win, tl: Timeline, kong_feeder: int | None) -> WinPayment:
    """自摸: every other player still in at that turn; 点炮: the discarder; 抢杠胡: the robbed seat.

    ``kong_feeder``: under 点杠花 = 点炮, the seat that fed the 直杠 a 杠上花 was drawn on.
    """
    if w.from_seat is not None:
        how = "抢杠胡, the robbed seat pays" if w.robbing_kong else "点炮, the discarder pays"
        return WinPayment((w.from_seat,), False, how)
    if kong_feeder is not None:
        return WinPayment((kong_feeder,), False, f"点杠花: paid as a discard by seat {kong_feeder}, who fed the 直杠")
    return WinPayment(tl.seats_in_at(w.turn, exclude=(w.winner,)), True, "自摸, every player still in pays")


def pay_win(w: Win, value: HandValue, pay: WinPayment, n: int, opts: Options, multi: bool) -> tuple[Item, ...]:
    base = opts.base_points
    bonus = base if pay.self_draw and opts.self_draw_bonus == "add_base" else 0
    per = value.multiplier * base + bonus
    how = pay.how + (" (一炮多响)" if multi else "")
    extra = f" + 自摸加底{bonus}" if bonus else ""
    note = f"{value.describe()} × 底分{base}{extra} = {per} on {w.tile}; {how}"
    ledger = Ledger(n)
    pattern = PATTERNS[value.base]
    for payer in pay.payers:
        ledger.pay(payer, w.winner, per, "hu", pattern.zh, pattern.en, note, phase="win", turn=w.turn)
    return ledger.items


def call_transfer(group: tuple[Win, ...], inc: KongIncome, n: int, opts: Options) -> tuple[Item, ...]:
    """呼叫转移 (001:573): the konger's income from that kong goes to the 杠上炮 winner(s)."""
    discarder = inc.key[0]
    winners = sorted((w.winner for w in group), key=lambda s: (s - discarder) % n)
    total = inc.total
    if opts.call_transfer_multi == "first" or len(winners) == 1:
        shares = [(winners[0], total)]
    else:
        q, r = divmod(total, len(winners))
        shares = [(s, q + (1 if k < r else 0)) for k, s in enumerate(winners)]
    note = (f"杠上炮: seat {discarder}'s {KONG_NAMES[inc.meld.kind or ''].kind_zh} {inc.meld.tile} "
            f"(turn {inc.meld.turn}) earned {total}")
    if len(winners) > 1:
        note += f", {'split among' if opts.call_transfer_multi == 'split' else 'all to the nearest of'} the winners"
    ledger = Ledger(n)
    for seat, pts in shares:
        ledger.pay(discarder, seat, pts, "transfer", "呼叫转移", "Call Transfer", note,
                   phase="call_transfer", turn=group[0].turn)
    return ledger.items


# -- the end of the round -----------------------------------------------------------------


def tax_refund(seat: int, kongs: list[KongIncome], n: int) -> tuple[Item, ...]:
    """退税 (001:570): a player not ready at the end gives back every kong's income."""
    ledger = Ledger(n)
    for inc in kongs:
        kind = KONG_NAMES[inc.meld.kind or ""].kind_zh
        for payer, pts in inc.payments:
            ledger.pay(seat, payer, pts, "refund", "退税", "Kong Money Refund",
                       f"not ready at the end: returns {kind} {inc.meld.tile} (turn {inc.meld.turn}) income",
                       phase="tax_refund")
    return ledger.items


def flower_pig(state: EndState, still_in: tuple[int, ...], mult: int, n: int, opts: Options) -> tuple[Item, ...]:
    """查花猪 (001:571): each 花猪 pays the cap to each player still in who is not a 花猪."""
    ledger = Ledger(n)
    for pig, why in state.pig.items():
        for other in still_in:
            if other not in state.pig:
                ledger.pay(pig, other, mult * opts.base_points, "penalty", "查花猪", "Flower Pig Check",
                           f"花猪 ({why}): 封顶 ×{mult} × 底分{opts.base_points}", phase="flower_pig")
    return ledger.items


def ready_check(state: EndState, still_in: tuple[int, ...], n: int, opts: Options) -> tuple[Item, ...]:
    """查大叫 (001:572): each player not ready (花猪 excepted) pays each ready player its best value."""
    ledger = Ledger(n)
    ready = [s for s in still_in if state.ready_value.get(s) is not None]
    for payer in still_in:
        if payer in state.pig or payer in ready:
            continue
        for r in ready:
            v = state.ready_value[r]
            assert v is not None
            ledger.pay(payer, r, v.multiplier * opts.base_points, "penalty", "查大叫", "Ready-Hand Check",
                       f"not ready; seat {r}'s best wait: {v.describe()} × 底分{opts.base_points}", phase="ready_check")
    return ledger.items
