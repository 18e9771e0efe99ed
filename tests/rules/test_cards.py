"""Cards (rules/cards.py): notation, parsing, the 54-card deck, order, copies.

Every expectation is from the seed's deck (001:601, 一副牌 54 张) and the 斗地主 readings'
notation (R1: canonical strings, aliases, compact strings, the order).
"""

from __future__ import annotations

import pytest

from rules.cards import (
    BLACK_JOKER,
    DECK_54,
    RANKS,
    RED_JOKER,
    card_pointers,
    card_strings,
    counts_of,
    excess_errors,
    parse_card,
    parse_cards,
)
from rules.errors import InvalidRound


def test_ranks_run_3_to_red_joker() -> None:
    # R1: 3 < 4 < … < 10 < J < Q < K < A < 2 < BJ < RJ
    assert RANKS == ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ")
    assert parse_card("2", "") > parse_card("A", "") > parse_card("K", "")
    assert parse_card("BJ", "") == BLACK_JOKER < parse_card("RJ", "") == RED_JOKER


@pytest.mark.parametrize(("text", "canonical"), [
    ("3", "3"), ("10", "10"), ("T", "10"), ("t", "10"), ("j", "J"), ("q", "Q"), ("k", "K"), ("a", "A"),
    ("bj", "BJ"), ("rj", "RJ"), ("小王", "BJ"), ("大王", "RJ"), ("2", "2"),
])
def test_every_accepted_spelling_reads_as_its_canonical_card(text: str, canonical: str) -> None:
    # R1: "T" for 10, lower case, 小王 / 大王
    assert RANKS[parse_card(text, "/x")] == canonical


def test_a_compact_string_is_a_list_of_cards() -> None:
    # R1's example: "333JQKA10BJ" is 3 3 3 J Q K A 10 BJ
    assert card_strings(parse_cards("333JQKA10BJ", "/x")) == ["3", "3", "3", "10", "J", "Q", "K", "A", "BJ"]
    assert [RANKS[r] for r in parse_cards("333JQKA10BJ", "/x")] == ["3", "3", "3", "J", "Q", "K", "A", "10", "BJ"]
    assert [RANKS[r] for r in parse_cards("tT10rjBJ小王大王", "/x")] == ["10", "10", "10", "RJ", "BJ", "BJ", "RJ"]
    assert parse_cards("", "/x") == ()


@pytest.mark.parametrize("value", [["3", "1", "4"], ["3", "B", "4"], ["3", 5, "4"], ["3", None, "4"]])
def test_an_unknown_card_in_a_list_is_422_at_its_index(value: list[object]) -> None:
    # R1: unknown_card at the card's pointer
    with pytest.raises(InvalidRound) as caught:
        parse_cards(value, "/players/0/hand")
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("unknown_card", "/players/0/hand/1")]


def test_every_unknown_card_of_a_list_is_reported() -> None:
    with pytest.raises(InvalidRound) as caught:
        parse_cards(["X", "3", "11"], "/bottom")
    assert [e.pointer for e in caught.value.errors] == ["/bottom/0", "/bottom/2"]


@pytest.mark.parametrize("text", ["331", "33B", "3 3", "1J", "W"])
def test_an_unknown_card_in_a_compact_string_is_422_at_the_string(text: str) -> None:
    # R1: the list's pointer for a compact string
    with pytest.raises(InvalidRound) as caught:
        parse_cards(text, "/players/2/hand")
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("unknown_card", "/players/2/hand")]


def test_neither_a_list_nor_a_string_is_a_type_error() -> None:
    with pytest.raises(InvalidRound) as caught:
        parse_cards({"3": 1}, "/bottom")
    assert [(e.code, e.pointer) for e in caught.value.errors] == [("invalid_type", "/bottom")]


def test_card_strings_are_canonical_and_ascending() -> None:
    # R1: answers use the canonical strings; R10: cards_left ascending
    assert card_strings(parse_cards(["RJ", "t", "2", "a", "3", "bj"], "")) == ["3", "10", "A", "2", "BJ", "RJ"]


def test_the_deck_is_54_cards() -> None:
    # 001:601 一副牌 54 张: four of each of 13 ranks (52) and one of each joker (R1)
    assert DECK_54.size == 54
    assert DECK_54.copies == (4,) * 13 + (1, 1)
    assert counts_of(DECK_54.cards()) == list(DECK_54.copies)
    assert DECK_54.describe()["size"] == 54


def test_a_fifth_copy_or_a_second_joker_is_422_at_the_first_card_that_exceeds() -> None:
    # R2: too_many_copies at the first card that exceeds; each rank once
    places = [(0, "/a/0"), (0, "/a/1"), (0, "/a/2"), (0, "/a/3"), (BLACK_JOKER, "/a/4"), (0, "/b/0"), (0, "/b/1"),
              (BLACK_JOKER, "/b/2")]
    assert [(e.code, e.pointer) for e in excess_errors(places, DECK_54)] == [
        ("too_many_copies", "/b/0"), ("too_many_copies", "/b/2")]
    assert excess_errors(places[:5], DECK_54) == []


def test_card_pointers_index_a_list_and_name_a_string() -> None:
    assert card_pointers(["3", "4"], "/bottom", 2) == ["/bottom/0", "/bottom/1"]
    assert card_pointers("34", "/bottom", 2) == ["/bottom", "/bottom"]
