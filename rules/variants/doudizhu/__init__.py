"""斗地主 Dou Dizhu, Fight the Landlord — 001_a1ce558555b69162.txt lines 599-631.

The project's first card game: 3 players, 54 cards (001:601), bidding for the landlord, plays
replayed and checked against the pattern table (001:604-622), a multiple per farmer
(001:624-629). The lead's readings R1-R11 (docs/variants/doudizhu.md) settle what the seed
leaves open. Modules: ``patterns`` (the table, readings with wild cards, comparison),
``round`` (the request read, the bidding, the replay), ``settle`` (the payment),
``generate`` (random legal rounds); cards themselves are :mod:`rules.cards`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...cards import DECK_54, RANKS, card_pointers, card_strings, excess_errors, parse_cards
from ...errors import InvalidRound, RoundError
from ...game_fields import ANALYZE_MAHJONG_FIELDS
from ...options import option, parse_options
from ...variant import CardSettlement, Variant
from . import patterns
from .generate import generate_round
from .patterns import KIND, as_faces, readings
from .round import MAX_BOMB, deal_errors, follow_bidding, mahjong_field_errors, read_deal, replay, wild_errors
from .settle import describe_rows, settle


@dataclass(frozen=True)
class Options:
    mode: str = option("classic", "玩法", "classic 经典斗地主 (001:626-627), wild 癞子斗地主 (001:602, 628-629), "
                       "sky_earth 天地癞子斗地主 (001:630-631; two wild ranks, bombs of 4 to 8 cards, R3)",
                       choices=("classic", "wild", "sky_earth"))
    base_points: int = option(1, "底分", "Base stake (001:624: 积分赛底分为1, 房卡模式底分可配)", minimum=1)
    initial_multiple: int = option(1, "初始倍数", "The room's starting multiple (001:625: 初始根据房间配置而不同)",
                                   minimum=1)
    anti_spring: bool = option(True, "反春天", "反春天 ×2: the farmers win and the landlord played only its opening "
                               "lead (R5; the seed names only 春天)")
    four_with_two: bool = option(False, "四带二", "Four of a rank with two single cards or two pairs is a pattern, "
                                 "not a bomb (R8; not in the seed's list)")
    next_first_bidder: str = option("winner", "下局先叫", "Who bids first next round (next_dealer): winner, the seat "
                                    "that played out first; next_seat, the seat after dealer (R6)",
                                    choices=("winner", "next_seat"))


@dataclass(frozen=True)
class Flags:
    show_cards: int = option(1, "明牌", "明牌 ×2-5 (001:625): 1 = not shown; the table's factor is the largest (R5)",
                             minimum=1, maximum=5)
    double: str = option("none", "加倍", "加倍 ×2 / 超级加倍 ×4 (001:625) on the settlements this player is part of (R5)",
                         choices=("none", "double", "super"))


class Doudizhu(Variant):
    id = "doudizhu"
    name = "斗地主"
    name_en = "Dou Dizhu (Fight the Landlord)"
    rules_version = "doudizhu/1"
    source = "001_a1ce558555b69162.txt:599-631"
    players = (3, 3)
    hand_size = 17
    Options = Options
    Flags = Flags
    card_game = True

    def settle_round(self, request: dict[str, Any], opts: Any) -> CardSettlement:
        deal = read_deal(request, Flags, parse_options)
        errors = deal_errors(deal, request) + wild_errors(deal.wilds, opts.mode, request.get("wilds"))
        if errors:
            raise InvalidRound(errors)
        bidding = follow_bidding(deal.bids, deal.dealer)
        if deal.landlord is not None and deal.landlord != bidding.landlord:
            raise InvalidRound(RoundError("landlord_mismatch", "/landlord", f"the bidding makes seat {bidding.landlord} "
                                          f"the landlord, not seat {deal.landlord} (R4)"))
        rep = replay(deal, bidding.landlord, frozenset(deal.wilds), opts.four_with_two, MAX_BOMB[opts.mode])
        return settle(deal, bidding, rep, opts)

    def generate_round(self, rng: random.Random, options: dict[str, Any], opts: Any) -> dict[str, Any]:
        return generate_round(rng, options, opts)

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        """R11: the readings of ``hand`` as one play, with the table's ``wilds``."""
        unused = mahjong_field_errors(body, ANALYZE_MAHJONG_FIELDS)
        if unused:
            raise InvalidRound(unused)
        raw = body.get("hand", [])
        hand = parse_cards(raw, "/hand")
        raw_wilds = body.get("wilds")
        wilds = parse_cards(raw_wilds, "/wilds") if raw_wilds is not None else ()
        ptrs = card_pointers(raw, "/hand", len(hand))
        errors = wild_errors(wilds, opts.mode, raw_wilds) + excess_errors(list(zip(hand, ptrs, strict=True)), DECK_54)
        if errors:
            raise InvalidRound(errors)
        wild = frozenset(wilds)
        found = readings(hand, wild, opts.four_with_two, max_bomb=MAX_BOMB[opts.mode]) if hand else ()
        return {"variant": self.id, "hand": card_strings(hand), "wilds": card_strings(wilds),
                "readings": [{"kind": r.kind, "name": KIND[r.kind].zh, "name_en": KIND[r.kind].en, "rank": RANKS[r.rank],
                              "length": r.length, "bomb": r.bomb,
                              "as": [RANKS[f] for f in as_faces(hand, wild, r)]} for r in found]}

    def describe(self, full: bool = True) -> dict[str, Any]:
        d = self.summary()
        if full:
            d.update({
                "card_game": True,
                "hand_size": self.hand_size,
                "bottom_size": 3,
                "cards": DECK_54.describe(),
                **self.settings(),
                "patterns": patterns.describe(),
                "multipliers": describe_rows(),
            })
        return d


VARIANT: Final[Doudizhu] = Doudizhu()
