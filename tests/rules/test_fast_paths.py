"""The engine's fast paths give what the plain definitions give (docs/performance.md).

Each test states the slow, obvious answer and checks the fast one against it on many
random inputs: waits counted lazily, tile counts checked against a set, decompositions in
their canonical order, parsed options and discards reused, hand rules compared by value.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest

from rules.errors import is_object
from rules.hand import Group, HandRules, analyse, count_tiles, decompositions, memo, waits, waits_seen
from rules.ledger import HandReport, Item
from rules.options import option, parse_options
from rules.patterns import Pattern, PatternTable
from rules.snapshot import Discard, _discard, _fast_discards
from rules.tiles import ALL_FACES, INDEX, SET_108, SET_112, SET_136, SET_144, SUITED, next_in_suit, parse_tile
from rules.variants._caishen import Hua
from rules.variants.doudizhu.round import Bid, Play, Played, Verdict
from rules.variants.hunan_zhuaniao import ZhuaniaoRules
from rules.variants.shuangkou.lines import Bomb, Stacked
from rules.variants.shuangkou.record import Cards, Seat

RULES = (HandRules(), HandRules(seven_pairs=True), HandRules(wild=frozenset({"C"}), seven_pairs=True),
         HandRules(pair_ranks=frozenset({2, 5, 8})))


def _hand(rng: random.Random, size: int, faces: tuple[str, ...]) -> list[str]:
    wall = [t for t in faces for _ in range(4)]
    return sorted(rng.sample(wall, size), key=INDEX.__getitem__)


def test_waits_seen_counts_what_waits_counts() -> None:
    rng = random.Random(8)
    faces = SET_136.faces
    for _ in range(400):
        hand = _hand(rng, 13, faces[:27] + ("C",))
        melded = [rng.choice(SUITED)] * 3 if rng.random() < 0.5 else []
        for rules in RULES:
            expected = waits(hand, rules, faces, count_tiles(hand, melded))
            assert waits_seen(hand, rules, faces, melded) == expected
            assert waits(hand, rules, faces) == waits(hand, rules, faces, count_tiles(hand))


def test_tile_set_holds_is_a_count_check() -> None:
    rng = random.Random(3)
    for tileset in (SET_108, SET_112, SET_136, SET_144):
        for _ in range(300):
            tiles = [rng.choice(ALL_FACES) for _ in range(rng.randrange(0, 40))]
            counts = Counter(tiles)
            expected = all(t in tileset.copies and c <= tileset.copies[t] for t, c in counts.items())
            assert tileset.holds(tiles) == expected


def _group_key(g: Group) -> tuple[object, ...]:
    return (g.kind, tuple(INDEX[f] if f else -1 for f in g.faces), tuple(INDEX[f] if f else -1 for f in g.wild_faces))


def test_decompositions_are_distinct_and_in_canonical_order() -> None:
    rng = random.Random(5)
    for _ in range(300):
        wilds = rng.randrange(0, 5)
        hand = _hand(rng, 14 - wilds, SUITED) + ["C"] * wilds
        for d in decompositions(hand, HandRules(wild=frozenset({"C"}))):
            assert d.pair.kind == "pair"
            assert list(d.groups) == sorted(d.groups, key=_group_key)
            assert d.groups == (d.pair, *d.sets)
        found = decompositions(hand, HandRules(wild=frozenset({"C"})))
        assert len({tuple(d.groups) for d in found}) == len(found)


def test_hand_rules_compare_and_hash_by_value_also_in_a_subclass() -> None:
    a, b = HandRules(frozenset({"C"}), None, True), HandRules(frozenset({"C"}), None, True)
    assert a == b and hash(a) == hash(b) == hash((frozenset({"C"}), None, True, False))
    assert a != HandRules(frozenset({"C"}))
    # a variant's own frozen rules (a compiled engine's classes cannot be subclassed here)
    sub = ZhuaniaoRules
    extra = next(f.name for f in dataclasses.fields(sub) if f.name not in {g.name for g in dataclasses.fields(HandRules)})
    x, y = sub(seven_pairs=True, **{extra: True}), sub(seven_pairs=True, **{extra: True})
    z = sub(seven_pairs=True, **{extra: False})
    assert x == y and hash(x) == hash(y)
    assert x != z  # the subclass's own field counts
    assert x != HandRules(seven_pairs=True)  # another class is never equal
    assert len({x: 1, y: 2, z: 3}) == 2


@dataclasses.dataclass(frozen=True)
class _Opts:
    flag: bool = option(False, "开关", "a switch")
    count: int = option(1, "数", "a number", minimum=0)
    names: tuple[str, ...] = option((), "牌", "tiles", kind="tiles")


def test_parsed_options_are_reused_only_for_identical_json() -> None:
    first = parse_options(_Opts, {"flag": True, "count": 2}, "/options")
    assert parse_options(_Opts, {"flag": True, "count": 2}, "/options") is first
    with pytest.raises(Exception, match="boolean"):
        parse_options(_Opts, {"flag": 1, "count": 2}, "/options")  # 1 == True, but not a boolean
    with pytest.raises(Exception, match="integer"):
        parse_options(_Opts, {"flag": True, "count": True}, "/options")
    assert parse_options(_Opts, {"names": ["五万"]}, "/options").names == ("5m",)
    assert parse_options(_Opts, None, "/options") == _Opts()


def test_discards_fast_and_careful_paths_agree() -> None:
    rng = random.Random(2)
    values: list[Any] = [None, 0, 3, 17]
    for _ in range(500):
        raw: dict[str, Any] = {"tile": rng.choice(SUITED)}
        for key in ("turn", "claimed_by"):
            if rng.random() < 0.6:
                raw[key] = rng.choice(values)
        fast = _fast_discards([raw])
        assert fast is not None
        assert fast == (_discard(raw, "/d"),)
        assert fast[0].tile is parse_tile(raw["tile"], "/t")  # the canonical object
    assert _fast_discards([{"tile": "5m", "turn": -1}]) is None  # rejected the careful way
    assert _fast_discards([{"tile": "五万"}]) is None


def test_pattern_table_with_values_is_remembered() -> None:
    table = PatternTable([Pattern("a", "甲", "A", 1), Pattern("b", "乙", "B", 2)])
    derived = table.with_values(a=5)
    assert derived.value("a") == 5 and derived.value("b") == 2 and table.value("a") == 1
    assert table.with_values(a=5) is derived
    assert table.with_values(a=6).value("a") == 6


def test_canonical_tiles_are_one_object_each() -> None:
    for t in ALL_FACES:
        assert parse_tile(t, "/t") is t
        for wrap in (True, False):
            following = next_in_suit(t, wrap=wrap)
            if t in SUITED and t[0] != "9":
                assert following == f"{int(t[0]) + 1}{t[1]}"
            if following is not None:
                assert following is parse_tile(following, "/t")
    assert parse_tile("五万", "/t") is parse_tile("5m", "/t")
    assert next_in_suit("9m") == "1m" and next_in_suit("9m", wrap=False) is None
    assert next_in_suit("N") == "E" and next_in_suit("P") == "C" and next_in_suit("1f") is None


def test_value_objects_stay_frozen() -> None:
    item = Item("hu", "胡", "win", 0, 1, 2)
    with pytest.raises(AttributeError):
        item.points = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Discard("5m").turn = 1  # type: ignore[misc]
    report = HandReport(0, False)
    assert report.extra == {} and report.extra is not HandReport(1, False).extra
    assert dataclasses.replace(item, points=4) == Item("hu", "胡", "win", 0, 1, 4)
    assert repr(Group("pair", ("5m", "5m"))) == "Group(kind='pair', faces=('5m', '5m'), wild_faces=())"


# Classes built per play, bid, bomb, card list or seat, with a written ``__init__`` (the
# generated one runs as Python compiled): each must still be the dataclass it declares.
_WRITTEN_INITS: tuple[tuple[type, dict[str, Any]], ...] = (
    (HandRules, {"wild": frozenset({"C"}), "pair_ranks": frozenset({2, 5, 8}), "seven_pairs": True, "thirteen_orphans": True}),
    (ZhuaniaoRules, {"wild": frozenset(), "pair_ranks": None, "seven_pairs": True, "thirteen_orphans": False,
                     "jiangjiang_any_shape": False}),
    (Bid, {"seat": 1, "action": "rob"}),
    (Play, {"seat": 2, "cards": (3, 3), "faces": None, "index": 7, "listed": True}),
    (Played, {"index": 7, "seat": 2, "cards": (3, 3), "bomb": "none"}),
    (Verdict, {"code": "", "detail": "", "readings": (), "bomb": "hard"}),
    (Bomb, {"cards": (5, 5, 5, 5), "kind": "natural", "lines": 4}),
    (Stacked, {"left": (6, 4), "three_fours": False}),
    (Cards, {"cards": (1, 2), "ptr": "/players/0/hand", "listed": True}),
    (Hua, {"seat": 1, "total": 3, "how": "1 + 2 = 3花"}),  # as 虫草花 counts it
    (Hua, {"seat": 0, "total": 2, "how": "2"}),  # as 买花 does
)


@pytest.mark.parametrize(("cls", "values"), _WRITTEN_INITS, ids=lambda x: getattr(x, "__qualname__", ""))
def test_written_inits_keep_the_dataclass(cls: type, values: dict[str, Any]) -> None:
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    assert names == list(values)  # every declared field, in order
    by_keyword, by_position = cls(**values), cls(*values.values())
    assert by_keyword == by_position and hash(by_keyword) == hash(by_position)
    assert {n: getattr(by_keyword, n) for n in names} == values
    with pytest.raises(AttributeError):
        setattr(by_keyword, names[0], values[names[0]])  # still frozen
    changed = dataclasses.replace(by_keyword, **{names[-1]: values[names[-1]]})
    assert changed == by_keyword
    defaults = {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}
    if defaults:  # the defaults are the declared ones
        required = {n: v for n, v in values.items() if n not in defaults}
        assert {n: getattr(cls(**required), n) for n in defaults} == defaults


def test_seat_record_init_keeps_the_dataclass() -> None:
    hand = Cards((1,), "/players/0/hand", True)
    seat = Seat((), hand, None)
    assert seat == Seat(bombs=(), hand=hand, dealt=None) and seat.hand is hand and seat.dealt is None
    with pytest.raises(AttributeError):
        seat.dealt = hand  # type: ignore[misc]


def test_is_object_is_isinstance_mapping() -> None:
    for value in ({}, {"a": 1}, MappingProxyType({"a": 1}), Counter("ab"), [], (), "x", 1, None):
        assert is_object(value) is isinstance(value, Mapping)


def _analyse_then_fail(hand: list[str]) -> None:
    with memo():
        analyse(hand)
        raise RuntimeError("a round that fails midway")


def test_hand_memo_is_per_block_and_cleared_on_error() -> None:
    hand = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "1p", "2p", "2p"]
    outside = analyse(hand)
    assert analyse(hand) is not outside  # no memory outside a block
    with memo():
        first = analyse(hand)
        assert analyse(hand) is first  # remembered within the block
    with pytest.raises(RuntimeError, match="fails midway"):
        _analyse_then_fail(hand)
    assert analyse(hand) is not analyse(hand)  # the failed block left no memory behind
    with memo():
        assert analyse(hand) is not first  # a new block starts empty
