"""双扣 Shuangkou — 001_a1ce558555b69162.txt lines 42-76.

The project's second card game: 2-4 players, two decks (108 cards, 27 each), bombs counted in 线
and stacked (001:46-47), a 贡献分 per stacked bomb (001:48-56), a 炸弹翻倍 per player (001:57-68),
单局得分 = 基准分 × 炸弹翻倍数 + 贡献分 (001:70-76). The seed gives no play rules, so a round is
posted as its record (finishing order, bombs played, hands left) rather than replayed; the lead's
readings S1-S13 (docs/variants/shuangkou.md) settle what the seed leaves open. Modules: ``lines``
(bombs, stacking, the tables), ``record`` (the request read and checked), ``settle`` (the
payment), ``generate`` (random legal rounds); cards themselves are :mod:`rules.cards`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...cards import DECK_108, card_strings
from ...errors import InvalidRound, unused_field_errors
from ...options import option
from ...variant import CardSettlement, Variant
from .bases import BASES, CARDS_LEFT
from .generate import generate_round
from .lines import (
    BOMB_KINDS,
    CONTRIBUTION_ROWS,
    DOUBLING_ROWS,
    MODES,
    SLASH_READS_AS,
    Mode,
    doubling,
    hand_bombs,
    stack,
)
from .record import ANALYZE_UNUSED, HAND_SIZE, card_list, copy_errors, end_errors, read_bombs, read_record
from .settle import pay, points


@dataclass(frozen=True)
class Options:
    """玩法与可选规则: the mode (S5), the seven optional rules (a)-(g) (001:44, S9) and the readings made options (S10)."""

    mode: str = option("classic", "玩法", "classic 经典 (no wild card), baibian 百变 (the two 大王 wild), qianbian 千变 "
                       "and quanzha 全炸 (all four jokers wild); the columns of the tables (001:48, 001:58; S5)",
                       choices=tuple(MODES))
    four_jokers_lines: int = option(6, "天王炸线数", "The 线数 of 天王炸, the four jokers (S4; the seed is silent)",
                                    minimum=4, maximum=12)
    contributions: str = option("highest", "贡献", "highest: a player is paid for its highest bomb after stacking "
                                "(001:47 ③); each: for every bomb of 6线 and up left after stacking (S6)",
                                choices=("highest", "each"))
    contribution_from: str = option("others", "贡献付给", "others: every other player pays 贡献分, the partner included "
                                    "(分数/人, 001:48); opponents: with 4 players only the other team (S7)",
                                    choices=("others", "opponents"))
    doubling: str = option("highest", "翻倍", "highest: the round's 炸弹翻倍数 is the largest player's row; product: the "
                           "product of every player's row (001:71; S8)", choices=("highest", "product"))
    chaodi: bool = option(False, "抄底", "(a) a player without a bomb may end the round at the deal; 贡献分 from the "
                          "bombs in every hand (001:44 a; S9)")
    mixed_chain_bombs: bool = option(False, "连炸张数不一致", "(b) a 连炸 may join bombs of different sizes: what is "
                                     "legal, not money (001:44 b; S9)")
    open_partner: bool = option(False, "双明", "(c) partners see each other's cards: no money (001:44 c; S9)")
    fixed_seats: bool = option(False, "固定座位", "(d) partners stay from round to round: no money (001:44 d; S2, S9)")
    split_compensation: bool = option(False, "拆相补偿", "(e) a bomb dealt and split up still contributes; every player "
                                      "posts dealt (001:44 e; S9)")
    no_card_counter: bool = option(False, "禁用记牌器", "(f) no card counter this round: no money (001:44 f; S9)")
    unplayed_bombs_count: bool = option(False, "炸弹未打有贡献", "(g) the bombs still in a hand at the end contribute "
                                        "(001:44 g; S7, S9)")
    next_dealer: str = option("winner", "下局庄家", "winner: the 头游 deals next (after 抄底 the dealer again); "
                              "next_seat: the seat after dealer (S10)", choices=("winner", "next_seat"))


class Shuangkou(Variant):
    id = "shuangkou"
    name = "双扣"
    name_en = "Shuangkou"
    rules_version = "shuangkou/1"
    source = "001_a1ce558555b69162.txt:42-76"
    players = (2, 4)
    hand_size = HAND_SIZE
    Options = Options
    card_game = True

    def settle_round(self, request: dict[str, Any], opts: Any) -> CardSettlement:
        rec = read_record(request, opts)
        bombs = read_bombs(rec, opts)
        errors = end_errors(rec, opts)
        if errors:
            raise InvalidRound(errors)
        return pay(rec, bombs, opts)

    def generate_round(self, rng: random.Random, options: dict[str, Any], opts: Any) -> dict[str, Any]:
        return generate_round(rng, options, opts)

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """S12: the bombs in ``hand`` (S4), stacked (S6), with their 贡献分 and 炸弹翻倍 row."""
        unused = unused_field_errors(body, ANALYZE_UNUSED, "is not a 双扣 field")
        if unused:
            raise InvalidRound(unused)
        hand = card_list(body.get("hand", []), "/hand")
        errors = copy_errors(hand)
        if errors:
            raise InvalidRound(errors)
        mode = MODES[opts.mode]
        bombs = hand_bombs(hand.cards, opts.four_jokers_lines)
        found = stack(b.lines for b in bombs)
        return {"variant": self.id, "hand": card_strings(hand.cards),
                "bombs": [b.report() for b in bombs],
                "stacked": list(found.left), "lines": found.lines, "three_fours": found.three_fours,
                "contribution": points(found, opts, mode.full), "doubling": doubling(found, mode.doubling)}

    def describe(self, full: bool = True) -> dict[str, Any]:
        d = self.summary()
        if full:
            d.update({
                "card_game": True,
                "round_shape": "record",
                "hand_size": HAND_SIZE,
                "bottom_size": 0,
                "cards": DECK_108.describe(),
                **self.settings(),
                "patterns": [{"id": k.id, "zh": k.zh, "en": k.en, "cards": k.cards, "seed": k.seed} for k in BOMB_KINDS],
                "multipliers": _describe_doubling(),
                "contributions": [{"lines": r.lines, "points": r.partial, "points_quanzha": r.full, "seed": r.seed}
                                  for r in CONTRIBUTION_ROWS],
                "bases": [{"id": b.id, "zh": b.zh, "en": b.en, "points": b.points, "seed": b.seed}
                          for b in BASES],
                "cards_left": [{"least": r.least, "most": r.most if r.most < HAND_SIZE else None, "base": r.base.id,
                                "seed": r.seed} for r in CARDS_LEFT],
            })
        return d


def _describe_doubling() -> list[dict[str, Any]]:
    """The 炸弹翻倍 table (001:57-68) as multiplier rows, one per row and column (S5: the modes reading it)."""
    columns: dict[int, list[Mode]] = {}
    for mode in MODES.values():
        columns.setdefault(mode.doubling, []).append(mode)
    out: list[dict[str, Any]] = []
    for column, modes in columns.items():
        for row in DOUBLING_ROWS:
            factor = row.factors[column]
            shown = f"×{factor}" if factor is not None else f"/ (read as the {SLASH_READS_AS}线 row, S8)"
            en = f"Bombs of {row.lines} lines" if row.lines else "Three bombs of 4 lines"
            out.append({"id": f"{modes[0].id}.{row.id}", "zh": row.zh, "en": en, "factor": shown,
                        "mode": ", ".join(m.id for m in modes), "seed": row.seed,
                        "applies": f"the {'/'.join(m.zh for m in modes)} column"})
    return out


VARIANT: Final[Shuangkou] = Shuangkou()
