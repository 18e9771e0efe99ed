"""斗地主 payment (R5, R6): one multiple per farmer, paid between it and the landlord.

amount_f = 底分 × 初始 × 2^抢地主 × 明牌 × bombs × 春天 × 加倍(landlord) × 加倍(f) (001:624-631);
the landlord settles with each farmer, so with equal factors it wins or loses twice what a
farmer does (身份系数 农民为1地主为2, 001:625).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...cards import RANKS, card_strings
from ...ledger import Ledger
from ...variant import CardSettlement
from .patterns import FOUR, HARD, LONGEST_BOMB, NONE, PURE, ROCKET, SOFT, WILD
from .round import Bidding, Deal, Replay


@dataclass(frozen=True)
class Row:
    """One multiplier row: a bomb class's name and factor in a mode, or a table factor."""

    id: str
    zh: str
    en: str
    factor: int
    seed: str


_NUMERAL: Final = {4: ("四", "four"), 5: ("五", "five"), 6: ("六", "six"), 7: ("七", "seven"), 8: ("八", "eight")}


def _sky_earth_bombs() -> dict[tuple[str, int], Row]:
    """001:631, highest first: 王炸 6 > 八癞子炸 6 > 八软炸 6 > … > 五癞子炸 6 > 五软炸 6 > 四纯癞子炸 4 >
    四癞子炸 4 > 四硬炸 4 > 四软炸 2 (the order itself: patterns.TIERS)."""
    rows = {(ROCKET, 2): Row(ROCKET, "王炸", "Rocket", 6, "001:631")}
    for n in range(LONGEST_BOMB, FOUR, -1):
        zh, en = _NUMERAL[n]
        rows[WILD, n] = Row(f"{WILD}{n}", f"{zh}癞子炸", f"Wild bomb of {en}", 6, "001:631")
        rows[SOFT, n] = Row(f"{SOFT}{n}", f"{zh}软炸", f"Soft bomb of {en}", 6, "001:631")
    rows[PURE, FOUR] = Row(f"{PURE}4", "四纯癞子炸", "Pure wild bomb of four", 4, "001:631")
    rows[WILD, FOUR] = Row(f"{WILD}4", "四癞子炸", "Wild bomb of four", 4, "001:631")
    rows[HARD, FOUR] = Row(f"{HARD}4", "四硬炸", "Hard bomb of four", 4, "001:631")
    rows[SOFT, FOUR] = Row(f"{SOFT}4", "四软炸", "Soft bomb of four", 2, "001:631")
    return rows


BOMBS: Final[dict[str, dict[tuple[str, int], Row]]] = {
    "classic": {(ROCKET, 2): Row(ROCKET, "王炸", "Rocket", 2, "001:627"),
                (HARD, FOUR): Row(HARD, "炸弹", "Bomb", 2, "001:627")},
    "wild": {(ROCKET, 2): Row(ROCKET, "王炸", "Rocket", 4, "001:629"),
             (PURE, FOUR): Row(PURE, "纯癞子炸弹", "Pure wild bomb", 4, "001:629"),
             (HARD, FOUR): Row(HARD, "硬炸弹", "Hard bomb", 2, "001:629"),
             (SOFT, FOUR): Row(SOFT, "软炸弹", "Soft bomb", 2, "001:629")},
    "sky_earth": _sky_earth_bombs(),
}
"""Each bomb played multiplies by its row (R5), by (class, number of cards); 四带二 is no bomb."""

DOUBLE: Final[dict[str, Row]] = {"none": Row("none", "不加倍", "No double", 1, "001:625"),
                                 "double": Row("double", "加倍", "Double", 2, "001:625"),
                                 "super": Row("super", "超级加倍", "Super double", 4, "001:625")}
ROB: Final = Row("rob", "抢地主", "Rob the landlord", 2, "001:625")
SHOW: Final = Row("show_cards", "明牌", "Show cards", 5, "001:625")  # ×2-5: the largest flag (R5), 5 at most
SPRING: Final = Row("spring", "春天", "Spring", 2, "001:625")
ANTI_SPRING: Final = Row("anti_spring", "反春天", "Anti-spring", 2, "R5")
LANDLORD_WINS: Final = ("地主胜", "Landlord wins")
FARMERS_WIN: Final = ("农民胜", "Farmers win")


def spring(bidding: Bidding, rep: Replay, anti_spring: bool) -> Row | None:
    """春天: the landlord won and no farmer played a card; 反春天 (option): the farmers won and
    the landlord played only its opening lead (R5)."""
    landlord = bidding.landlord
    by_landlord = sum(1 for p in rep.played if p.seat == landlord)
    if rep.winner == landlord:
        return SPRING if by_landlord == len(rep.played) else None
    return ANTI_SPRING if anti_spring and by_landlord == 1 else None


def settle(deal: Deal, bidding: Bidding, rep: Replay, opts: Any) -> CardSettlement:
    landlord = bidding.landlord
    rows = BOMBS[opts.mode]
    bombs = [rows[p.bomb, len(p.cards)] for p in rep.played if p.bomb != NONE]
    bomb_factor = 1
    for b in bombs:
        bomb_factor *= b.factor
    show = max(f.show_cards for f in deal.flags)
    sprung = spring(bidding, rep, opts.anti_spring)
    common = opts.base_points * opts.initial_multiple * ROB.factor ** bidding.robs * show * bomb_factor
    common *= sprung.factor if sprung else 1
    landlord_wins = rep.winner == landlord
    name, name_en = LANDLORD_WINS if landlord_wins else FARMERS_WIN
    ledger = Ledger(3)
    d_landlord = DOUBLE[deal.flags[landlord].double].factor
    for f in (s for s in range(3) if s != landlord):
        d_farmer = DOUBLE[deal.flags[f].double].factor
        amount = common * d_landlord * d_farmer
        terms = [f"底分 {opts.base_points}", f"初始 {opts.initial_multiple}",
                 f"抢地主 ×{ROB.factor ** bidding.robs} ({bidding.robs})", f"明牌 ×{show}",
                 f"炸弹 ×{bomb_factor}" + (f" ({', '.join(b.zh for b in bombs)})" if bombs else "")]
        if sprung:
            terms.append(f"{sprung.zh} ×{sprung.factor}")
        terms.append(f"加倍 地主×{d_landlord} 农民×{d_farmer}")
        note = " × ".join(terms) + f" = {amount}"
        payer, payee = (f, landlord) if landlord_wins else (landlord, f)
        ledger.pay(payer, payee, amount, "game", name, name_en, note)
    hands = tuple(_hand(s, deal, bidding, rep, rows, sprung) for s in range(3))
    nxt = rep.winner if opts.next_first_bidder == "winner" else (deal.dealer + 1) % 3
    notes = [f"地主 seat {landlord} (抢地主 {bidding.robs}); seat {rep.winner} played out first: {name}"]
    if deal.wilds:
        notes.append(f"癞子: {', '.join(RANKS[w] for w in deal.wilds)}")
    return CardSettlement(ledger.items, hands, nxt, tuple(notes))


def _hand(seat: int, deal: Deal, bidding: Bidding, rep: Replay, rows: dict[tuple[str, int], Row],
          sprung: Row | None) -> dict[str, Any]:
    """R10: the multiplier rows this seat caused, each named once, in the order of the note."""
    landlord = bidding.landlord
    won = (rep.winner == landlord) == (seat == landlord)
    caused: list[str] = []
    if seat in bidding.robbers:
        caused.append(ROB.zh)
    if deal.flags[seat].show_cards > 1:
        caused.append(SHOW.zh)
    caused += [rows[p.bomb, len(p.cards)].zh for p in rep.played if p.seat == seat and p.bomb != NONE]
    if sprung is not None and seat == rep.winner:
        caused.append(sprung.zh)
    if deal.flags[seat].double != "none":
        caused.append(DOUBLE[deal.flags[seat].double].zh)
    return {"seat": seat, "won": won, "role": "landlord" if seat == landlord else "farmer",
            "cards_left": card_strings(rep.left[seat]), "patterns": list(dict.fromkeys(caused))}


def describe_rows() -> list[dict[str, Any]]:
    """The multiplier table for ``GET /v1/variants/doudizhu``."""
    rows: list[dict[str, Any]] = [
        {"id": "base_points", "zh": "底分", "en": "Base stake", "factor": "option base_points", "seed": "001:624"},
        {"id": "initial_multiple", "zh": "初始倍数", "en": "Room multiple", "factor": "option initial_multiple",
         "seed": "001:625"},
        {"id": ROB.id, "zh": ROB.zh, "en": ROB.en, "factor": f"×{ROB.factor} per rob", "seed": ROB.seed},
        {"id": SHOW.id, "zh": SHOW.zh, "en": SHOW.en, "factor": f"×1-{SHOW.factor}, the largest show_cards flag",
         "seed": SHOW.seed},
        {"id": SPRING.id, "zh": SPRING.zh, "en": SPRING.en, "factor": f"×{SPRING.factor}", "seed": SPRING.seed},
        {"id": ANTI_SPRING.id, "zh": ANTI_SPRING.zh, "en": ANTI_SPRING.en,
         "factor": f"×{ANTI_SPRING.factor} (option anti_spring)", "seed": ANTI_SPRING.seed},
    ]
    for mode, bombs in BOMBS.items():
        rows += [{"id": f"{mode}.{b.id}", "zh": b.zh, "en": b.en, "factor": f"×{b.factor} each played",
                  "mode": mode, "seed": b.seed} for b in bombs.values()]
    rows += [{"id": d.id, "zh": d.zh, "en": d.en, "factor": f"×{d.factor}", "applies": "the settlements of its player",
              "seed": d.seed} for d in DOUBLE.values() if d.factor > 1]
    return rows
