"""Hand analysis shared by every variant: winning shapes, decompositions, waits.

Everything works on the *concealed* tiles (exposed melds are already fixed groups).
A hand is complete when its concealed tiles form ``k`` sets (triplets or sequences)
and one pair, any number of them filled by wildcards; seven pairs and thirteen
orphans are separate shapes a variant switches on in its :class:`HandRules`.

Cost stays bounded with many wildcards because the yes/no question ("can this be
completed with W wildcards?") is answered per suit from a memoised table of the
fewest wildcards each suit's count vector needs; full enumeration (for scoring) is
pruned by the same table so it never explores a dead end.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar, Token
from dataclasses import dataclass, field, fields
from functools import lru_cache
from itertools import product
from typing import Any, Final, Literal

from .tiles import ALL_FACES, INDEX, SUITS, Tile

_INF = 99
_HONOUR_FACES: tuple[Tile, ...] = ("E", "S", "W", "N", "P", "F", "C")
_BLOCKS: tuple[tuple[str, tuple[Tile, ...]], ...] = tuple(
    (s, tuple([sys.intern(f"{r}{s}") for r in range(1, 10)])) for s in SUITS  # (the tile objects: rules/tiles.py)
) + (("z", _HONOUR_FACES),)


_HAND_RULES_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True)  # (a variant may derive its own frozen rules from it, with a generated __init__)
class HandRules:
    """What counts as a complete hand in a variant.

    ``wild``: faces whose tiles are wildcards (红中, 财神, 王 …).
    ``pair_ranks``: when set, the pair must be a suited tile of one of these ranks
    (2-5-8 将); honours cannot be that pair.
    ``seven_pairs`` / ``thirteen_orphans``: special shapes allowed (14-tile hands only).
    """

    wild: frozenset[Tile] = frozenset()
    pair_ranks: frozenset[int] | None = None
    seven_pairs: bool = False
    thirteen_orphans: bool = False

    # its own __init__, as the other frozen classes below (built a few times a round: see
    # rules/ledger.py); a subclass writes its own too (mypyc miscompiles a generated one over it)
    def __init__(self, wild: frozenset[Tile] = frozenset(), pair_ranks: frozenset[int] | None = None,
                 seven_pairs: bool = False, thirteen_orphans: bool = False) -> None:
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "pair_ranks", pair_ranks)
        object.__setattr__(self, "seven_pairs", seven_pairs)
        object.__setattr__(self, "thirteen_orphans", thirteen_orphans)

    # Rules key every remembered analysis and wait. These are the dataclass's own __eq__ and
    # __hash__ (field values compared and hashed as one tuple), compiled: the generated ones
    # run as Python. A subclass compares and hashes all of its fields, as its own would.
    def _values(self) -> tuple[object, ...]:
        cls = type(self)
        if cls is HandRules:
            return (self.wild, self.pair_ranks, self.seven_pairs, self.thirteen_orphans)
        names = _HAND_RULES_FIELDS.get(cls)
        if names is None:
            names = _HAND_RULES_FIELDS[cls] = tuple(f.name for f in fields(self) if f.compare)
        return tuple([getattr(self, name) for name in names])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, HandRules)
        return self is other or self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def relaxed(self) -> HandRules:
        """The same rules without the pair restriction (乱将 hands)."""
        return HandRules(self.wild, None, self.seven_pairs, self.thirteen_orphans)


_DEFAULT_RULES = HandRules()  # the default of every ``rules`` parameter (one shared instance, as before)

_KIND_ORDER = {"pair": 0, "sequence": 1, "triplet": 2}  # alphabetical, as the kinds' names sort


def _faces_code(faces: tuple[Tile | None, ...]) -> int:
    """Up to three faces as 6-bit fields (face index + 2; 1 for ``None``, 0 after the end), so
    that comparing codes compares the tuples of face indices; -1 for anything else."""
    if len(faces) > 3:
        return -1
    code = 0
    for k in range(3):
        code <<= 6
        if k < len(faces):
            f = faces[k]
            i = -1 if f is None else INDEX.get(f, -2)
            if i == -2:
                return -1
            code |= i + 2
    return code


# The other frozen dataclasses have their own ``__init__`` (the generated one runs as Python
# even compiled; see rules/ledger.py): same parameters, same ``object.__setattr__`` per field.


@dataclass(frozen=True)
class Group:
    """One set or the pair in a decomposition.

    ``faces`` are the faces the group stands for (wildcards replaced by the face they
    stand in for); ``None`` faces mean a group made of wildcards only, free to be any
    face. ``wild_faces`` lists the faces that wildcards stand in for in this group.
    """

    kind: str  # "pair" | "triplet" | "sequence"
    faces: tuple[Tile | None, ...]
    wild_faces: tuple[Tile | None, ...] = ()
    # (kind, face indices, wild face indices) as one integer: what a decomposition's groups are
    # sorted by (-1 for a shape no decomposition makes); not part of the value
    _order: int = field(init=False, repr=False, compare=False)

    def __init__(self, kind: str, faces: tuple[Tile | None, ...], wild_faces: tuple[Tile | None, ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "wild_faces", wild_faces)
        rank, of_faces, of_wilds = _KIND_ORDER.get(kind, -1), _faces_code(faces), _faces_code(wild_faces)
        object.__setattr__(self, "_order", -1 if rank < 0 or of_faces < 0 or of_wilds < 0
                           else rank << 36 | of_faces << 18 | of_wilds)

    @property
    def face(self) -> Tile | None:
        """The lowest face (the face of a triplet or pair)."""
        return self.faces[0]

    @property
    def is_free(self) -> bool:
        """Made of wildcards only: may stand for any set (or pair)."""
        return self.faces[0] is None

    @property
    def wilds(self) -> int:
        return len(self.wild_faces)


@dataclass(frozen=True)
class Decomposition:
    """A complete hand's concealed tiles as sets plus one pair."""

    pair: Group
    sets: tuple[Group, ...]
    # the pair and the sets (every scorer asks, often more than once: built once); not part of the value
    _groups: tuple[Group, ...] = field(init=False, repr=False, compare=False)

    def __init__(self, pair: Group, sets: tuple[Group, ...]) -> None:
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "_groups", (pair, *sets))

    @property
    def groups(self) -> tuple[Group, ...]:
        return self._groups

    @property
    def wilds(self) -> int:
        return sum(g.wilds for g in self.groups)

    def all_triplets(self) -> bool:
        """Every concealed set can be a triplet (free wild sets count as triplets)."""
        return all(g.kind == "triplet" or g.is_free for g in self.sets)

    def wild_stand_ins(self) -> tuple[Tile | None, ...]:
        return tuple(f for g in self.groups for f in g.wild_faces)


@dataclass(frozen=True)
class SevenPairs:
    """七对: the hand as seven pairs; a four-of-a-kind counts as two pairs."""

    natural_quads: int  # four identical real tiles (豪华 without wildcards)
    max_quads: int  # quads when wildcards are placed to make as many as possible
    wilds: int

    def __init__(self, natural_quads: int, max_quads: int, wilds: int) -> None:
        object.__setattr__(self, "natural_quads", natural_quads)
        object.__setattr__(self, "max_quads", max_quads)
        object.__setattr__(self, "wilds", wilds)


@dataclass(frozen=True)
class Analysis:
    """Everything a scorer needs about one complete concealed hand."""

    tiles: tuple[Tile, ...]
    n_wild: int
    decompositions: tuple[Decomposition, ...]
    seven_pairs: SevenPairs | None
    thirteen_orphans: bool
    wild_as_self: int = 0  # wildcards counted as their own face in this reading (归位)
    real_tiles: tuple[Tile, ...] = field(default=())

    def __init__(self, tiles: tuple[Tile, ...], n_wild: int, decompositions: tuple[Decomposition, ...],
                 seven_pairs: SevenPairs | None, thirteen_orphans: bool, wild_as_self: int = 0,
                 real_tiles: tuple[Tile, ...] = ()) -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "n_wild", n_wild)
        object.__setattr__(self, "decompositions", decompositions)
        object.__setattr__(self, "seven_pairs", seven_pairs)
        object.__setattr__(self, "thirteen_orphans", thirteen_orphans)
        object.__setattr__(self, "wild_as_self", wild_as_self)
        object.__setattr__(self, "real_tiles", real_tiles)

    @property
    def wins(self) -> bool:
        return bool(self.decompositions) or self.seven_pairs is not None or self.thirteen_orphans


# --- per-suit minimum wildcards -------------------------------------------------


@lru_cache(maxsize=200_000)
def _min_wilds(counts: tuple[int, ...], sequences: bool, pair_mask: int) -> tuple[int, int]:
    """Fewest wildcards to turn ``counts`` into sets (no pair, exactly one pair).

    ``pair_mask`` has bit ``i`` set when position ``i`` may be the pair.
    """
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return (0, _INF)
    best_np, best_p = _INF, _INF
    c = list(counts)
    ci = c[i]
    # triplet of face i (wildcards fill the missing copies)
    use = min(ci, 3)
    c[i] -= use
    np_, p_ = _min_wilds(tuple(c), sequences, pair_mask)
    best_np, best_p = min(best_np, np_ + 3 - use), min(best_p, p_ + 3 - use)
    c[i] += use
    # pair of face i
    if pair_mask >> i & 1:
        use = min(ci, 2)
        c[i] -= use
        np_, _ = _min_wilds(tuple(c), sequences, pair_mask)
        best_p = min(best_p, np_ + 2 - use)
        c[i] += use
    # sequences through i; i is the lowest real tile so lower slots are wildcards
    if sequences:
        for start in (i - 2, i - 1, i):
            if start < 0 or start + 2 >= len(c):
                continue
            need = 0
            taken = []
            for k in range(start, start + 3):
                if k >= i and c[k] > 0:
                    c[k] -= 1
                    taken.append(k)
                else:
                    need += 1
            np_, p_ = _min_wilds(tuple(c), sequences, pair_mask)
            best_np, best_p = min(best_np, np_ + need), min(best_p, p_ + need)
            for k in taken:
                c[k] += 1
    return (best_np, best_p)


def _pair_mask(block: str, faces: tuple[Tile, ...], pair_ranks: frozenset[int] | None) -> int:
    if pair_ranks is None:
        return (1 << len(faces)) - 1
    if block == "z":
        return 0
    return sum(1 << k for k, t in enumerate(faces) if int(t[0]) in pair_ranks)


def _split(tiles: Iterable[Tile], wild: frozenset[Tile]) -> tuple[dict[Tile, int], int]:
    counts: dict[Tile, int] = {}
    n_wild = 0
    for t in tiles:
        if t in wild:
            n_wild += 1
        else:
            counts[t] = counts.get(t, 0) + 1
    return counts, n_wild


def count_tiles(*groups: Iterable[Tile]) -> dict[Tile, int]:
    """Copies of each face over some groups of tiles (a hand, its melds' tiles, …): what
    :func:`waits` takes as ``held``; a plain dict, cheaper to build than a ``Counter``."""
    counts: dict[Tile, int] = {}
    for group in groups:
        for t in group:
            counts[t] = counts.get(t, 0) + 1  # (not a bound ``get``: compiled, that is a Python call per tile)
    return counts


def _vectors(counts: Mapping[Tile, int]) -> list[tuple[str, tuple[Tile, ...], tuple[int, ...]]]:
    return [(b, faces, tuple(counts.get(f, 0) for f in faces)) for b, faces in _BLOCKS]


_BLOCK_POS: dict[Tile, tuple[int, int]] = {f: (b, k) for b, (_, faces) in enumerate(_BLOCKS) for k, f in enumerate(faces)}
_SEQUENCES = tuple(b != "z" for b, _ in _BLOCKS)


@lru_cache(maxsize=64)
def _pair_masks(pair_ranks: frozenset[int] | None) -> tuple[int, ...]:
    return tuple(_pair_mask(b, faces, pair_ranks) for b, faces in _BLOCKS)


def _block_vectors(counts: Mapping[Tile, int]) -> list[list[int]] | None:
    """Counts per block (m, p, s, honours); ``None`` when a flower is among them."""
    vecs = [[0] * 9, [0] * 9, [0] * 9, [0] * 7]
    for t, c in counts.items():
        pos = _BLOCK_POS.get(t)
        if pos is None:
            return None  # flowers never form sets
        vecs[pos[0]][pos[1]] += c
    return vecs


def _combine(per_block: Sequence[tuple[int, int]]) -> int:
    """Fewest wildcards over all blocks, the pair in one block or made of two wildcards."""
    base = sum(np_ for np_, _ in per_block)
    best = base + 2
    for np_, p_ in per_block:
        best = min(best, base - np_ + p_)
    return best


def _standard_min(counts: Mapping[Tile, int], pair_ranks: frozenset[int] | None) -> int:
    """Fewest wildcards for the standard shape (sets + one pair)."""
    vecs = _block_vectors(counts)
    if vecs is None:
        return _INF
    masks = _pair_masks(pair_ranks)
    return _combine([_min_wilds(tuple(v), _SEQUENCES[b], masks[b]) for b, v in enumerate(vecs)])


# --- the fast path: a block's count vector as one integer ----------------------------
#
# Settling a round asks "fewest wildcards?" thousands of times (every non-winner's waits
# try every face), almost always of hands seen before block by block. A block's count
# vector packed into an int (5 bits per face) is built in the same pass that splits the
# tiles, a candidate tile is one addition, and the answer is one dict look-up; a miss
# unpacks the int and asks the memoised recursion :func:`_min_wilds`. The packing holds
# counts up to 31, so hands of more than 31 tiles (never a real hand) take the Counter path.

_FIELD_BITS = 5
_MAX_FAST = (1 << _FIELD_BITS) - 1
_UNIT: dict[Tile, tuple[int, int]] = {f: (b, 1 << (_FIELD_BITS * k)) for f, (b, k) in _BLOCK_POS.items()}
_TABLE_LIMIT = 250_000  # entries per table before it is emptied (bounded memory whatever clients send)
_NO_WILD: frozenset[Tile] = frozenset()


class _Table:
    """One block kind's tables: code → (fewest wildcards without, with the pair), whether
    sequences count, the pair mask, the number of faces, and :func:`_completers` answers
    (a class: its attributes read faster than a tuple's items, compiled)."""

    def __init__(self, sequences: bool, mask: int, n: int) -> None:
        self.mins: Final[dict[int, tuple[int, int]]] = {}
        self.sequences: Final = sequences
        self.mask: Final = mask
        self.n: Final = n
        self.completers: Final[dict[int, int]] = {}


_TABLES: dict[tuple[bool, int], _Table] = {}
_TABLES_BY_RANKS: dict[frozenset[int] | None, tuple[_Table, _Table, _Table, _Table]] = {}


def _tables(pair_ranks: frozenset[int] | None) -> tuple[_Table, _Table, _Table, _Table]:
    """The four blocks' look-up tables under ``pair_ranks`` (shared between rules with the same masks)."""
    found = _TABLES_BY_RANKS.get(pair_ranks)
    if found is None:
        masks = _pair_masks(pair_ranks)
        made = []
        for b, (_, faces) in enumerate(_BLOCKS):
            key = (_SEQUENCES[b], masks[b])
            table = _TABLES.get(key)
            if table is None:
                table = _TABLES[key] = _Table(_SEQUENCES[b], masks[b], len(faces))
            made.append(table)
        found = _TABLES_BY_RANKS[pair_ranks] = (made[0], made[1], made[2], made[3])
    return found


def _mins(table: _Table, code: int) -> tuple[int, int]:
    """Fewest wildcards for a block's sets (without, with the pair): a look-up, the recursion on a miss."""
    found = table.mins.get(code)
    if found is None:
        if len(table.mins) >= _TABLE_LIMIT:
            table.mins.clear()
        found = table.mins[code] = _min_wilds(_unpack(code, table.n), table.sequences, table.mask)
    return found


@lru_cache(maxsize=50_000)
def _unpack(code: int, n: int) -> tuple[int, ...]:
    """The count vector of ``n`` faces packed in ``code``."""
    return tuple(code >> (_FIELD_BITS * k) & _MAX_FAST for k in range(n))


def _completers(table: _Table, code: int, elsewhere: int, budget: int) -> int:
    """Bit ``k`` set when one more tile of face ``k`` lets this block's sets (and the pair,
    here or at the best place elsewhere, which costs ``elsewhere`` more) fit in ``budget``
    wildcards: the waits of a hand, one block at a time."""
    if not (-64 <= elsewhere < 64 and -64 <= budget < 64):
        return _completers_of(table, code, elsewhere, budget)  # (never in a real hand: not remembered)
    key = code << 14 | (elsewhere + 64) << 7 | (budget + 64)  # one int, cheaper to hash than a tuple
    found = table.completers.get(key)
    if found is None:
        found = _completers_of(table, code, elsewhere, budget)
        if len(table.completers) >= _TABLE_LIMIT:
            table.completers.clear()
        table.completers[key] = found
    return found


def _completers_of(table: _Table, code: int, elsewhere: int, budget: int) -> int:
    found = 0
    for k in range(table.n):
        np_, p_ = _mins(table, code + (1 << (_FIELD_BITS * k)))
        if np_ + min(p_ - np_, elsewhere) <= budget:
            found |= 1 << k
    return found


def _codes(tiles: Iterable[Tile], wild: frozenset[Tile]) -> tuple[list[int] | None, int]:
    """Packed block vectors and the wildcard count; ``None`` codes (and a partial count) when a
    (non-wild) flower is among the tiles."""
    # four int locals rather than a list: native integer adds when compiled
    c0 = c1 = c2 = c3 = 0
    n_wild = 0
    has_wild = bool(wild)
    unit = _UNIT
    for t in tiles:
        if has_wild and t in wild:
            n_wild += 1
            continue
        pos = unit.get(t)
        if pos is None:
            return None, n_wild
        b, u = pos
        if b == 0:
            c0 += u
        elif b == 1:
            c1 += u
        elif b == 2:
            c2 += u
        else:
            c3 += u
    return [c0, c1, c2, c3], n_wild


def _min3(a: int, b: int, c: int) -> int:
    """``min(a, b, c)`` (compiled, two-argument ``min`` is a comparison; more arguments a call)."""
    ab = min(a, b)
    return min(ab, c)


def _min_codes(codes: Sequence[int], tables: tuple[_Table, _Table, _Table, _Table]) -> int:
    """:func:`_standard_min` of packed block vectors (the same sum, pair anywhere or two wildcards)."""
    n0, p0 = _mins(tables[0], codes[0])
    n1, p1 = _mins(tables[1], codes[1])
    n2, p2 = _mins(tables[2], codes[2])
    n3, p3 = _mins(tables[3], codes[3])
    return n0 + n1 + n2 + n3 + _min3(2, min(p0 - n0, p1 - n1), min(p2 - n2, p3 - n3))


def _fast_min(tiles: Sequence[Tile], wild: frozenset[Tile], pair_ranks: frozenset[int] | None) -> tuple[int, int, bool]:
    """(fewest wildcards for the standard shape, wildcards held, a flower among the tiles)."""
    if len(tiles) > _MAX_FAST:
        counts, n_wild = _split(tiles, wild)
        flower = any(t not in _BLOCK_POS for t in counts)
        return (_INF if flower else _standard_min(counts, pair_ranks)), n_wild, flower
    codes, n_wild = _codes(tiles, wild)
    if codes is None:
        return _INF, sum(1 for t in tiles if t in wild), True
    return _min_codes(codes, _tables(pair_ranks)), n_wild, False


def _special(counts: Mapping[Tile, int], n_wild: int, rules: HandRules) -> bool:
    """Seven pairs or thirteen orphans, as far as ``rules`` allow them."""
    if rules.seven_pairs and _seven_pairs(counts, n_wild) is not None:
        return True
    return rules.thirteen_orphans and _thirteen_orphans(counts, n_wild)


def _seven_pairs(counts: Mapping[Tile, int], n_wild: int) -> SevenPairs | None:
    if sum(counts.values()) + n_wild != 14:
        return None
    singles = sum(1 for c in counts.values() if c % 2)
    if singles > n_wild or any(INDEX[t] >= 34 for t in counts):
        return None
    natural = sum(1 for c in counts.values() if c == 4)
    # three real tiles take the wildcard every odd count needs and are then a quad
    triples = sum(1 for c in counts.values() if c == 3)
    spare = n_wild - singles  # even: wildcards pairing with each other or upgrading pairs
    # a real pair (or a single completed by a wildcard) upgrades to a quad with 2 more;
    # four wildcards left over are a quad of their own
    pairs_only = sum(1 for c in counts.values() if c in (1, 2))
    upgrades = min(pairs_only, spare // 2)
    wild_quads = (spare - 2 * upgrades) // 4
    return SevenPairs(natural_quads=natural, max_quads=natural + triples + upgrades + wild_quads, wilds=n_wild)


_ORPHANS: tuple[Tile, ...] = ("1m", "9m", "1p", "9p", "1s", "9s", *_HONOUR_FACES)


def _thirteen_orphans(counts: Mapping[Tile, int], n_wild: int) -> bool:
    if sum(counts.values()) + n_wild != 14 or any(t not in _ORPHANS for t in counts):
        return False
    missing = sum(1 for t in _ORPHANS if not counts.get(t))
    has_pair = any(c >= 2 for c in counts.values())
    if any(c > 2 for c in counts.values()) or sum(1 for c in counts.values() if c == 2) > 1:
        return False
    return missing + (0 if has_pair else 1) <= n_wild


def tiles_short(tiles: Sequence[Tile], rules: HandRules = _DEFAULT_RULES) -> int:
    """How many more tiles (beyond any wildcards held) the standard shape still needs:
    0 for a complete 3k+2 hand, 1 for a ready 3k+1 hand; a shanten-like distance."""
    need, n_wild, _ = _fast_min(tiles, rules.wild, rules.pair_ranks)
    return max(0, need - n_wild)


def is_complete(tiles: Sequence[Tile], rules: HandRules = _DEFAULT_RULES) -> bool:
    """Whether the concealed tiles (3k+2 of them) form a winning shape."""
    if len(tiles) % 3 != 2:
        return False
    need, n_wild, flower = _fast_min(tiles, rules.wild, rules.pair_ranks)
    if flower:
        return False  # flowers never form a hand
    if need <= n_wild:
        return True
    if not (rules.seven_pairs or rules.thirteen_orphans):
        return False
    counts, n_wild = _split(tiles, rules.wild)
    return _special(counts, n_wild, rules)


def waits(tiles: Sequence[Tile], rules: HandRules, faces: Iterable[Tile], held: Mapping[Tile, int] | None = None) -> list[Tile]:
    """The faces that would complete a 3k+1-tile concealed hand (听牌).

    ``faces``: the playing faces of the variant's tile set. ``held``: copies of each
    face the player already has in sight of their own hand and melds; a face all of
    whose four copies are held is no wait.

    Only the block a candidate tile falls in changes, so each candidate costs one
    table look-up; seven pairs and thirteen orphans are checked per candidate
    only when the standard shape fails. Within :func:`memo` a hand's completing
    faces are worked out once (a settlement asks for a player's waits more than once).
    """
    if len(tiles) % 3 != 1:
        return []
    found = _completing_faces(tiles, rules, faces)
    if not found:
        return []
    if held is None:
        return [f for f in found if tiles.count(f) < 4]
    return [f for f in found if held.get(f, 0) < 4]


def waits_seen(tiles: Sequence[Tile], rules: HandRules, faces: Iterable[Tile], *seen: Sequence[Tile]) -> list[Tile]:
    """:func:`waits` with ``held`` = the copies in ``tiles`` and the ``seen`` groups (a player's
    meld tiles …), counted only for the faces that complete the hand (most hands wait on
    nothing, and then nothing is counted). ``waits_seen(hand, rules, faces, melded)`` is
    ``waits(hand, rules, faces, count_tiles(hand, melded))``."""
    if len(tiles) % 3 != 1:
        return []
    found = _completing_faces(tiles, rules, faces)
    out = []
    for f in found:
        held = tiles.count(f)
        for group in seen:
            held += group.count(f)
        if held < 4:
            out.append(f)
    return out


def _completing_faces(tiles: Sequence[Tile], rules: HandRules, faces: Iterable[Tile]) -> Sequence[Tile]:
    """:func:`_completing`, remembered within :func:`memo` (for the tuples of faces tile sets hand out)."""
    remembered = _MEMO.get()
    if remembered is None or type(faces) is not tuple:
        return _completing(tiles, rules, faces)
    # the faces by identity (hashing ~30 faces per look-up cost more than most look-ups saved);
    # the entry holds the tuple, so its id names no other tuple while the memory lasts
    key = ("waits", tuple(tiles), rules, id(faces))
    found: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None = remembered.get(key)
    if found is None or found[0] is not faces:
        found = remembered[key] = (faces, tuple(_completing(tiles, rules, faces)))
    return found[1]


def _completing(tiles: Sequence[Tile], rules: HandRules, faces: Iterable[Tile]) -> list[Tile]:
    """The faces completing a 3k+1-tile hand, in the order of ``faces``, copies held aside."""
    wild = rules.wild
    if len(tiles) >= _MAX_FAST:
        return [f for f in faces if is_complete([*tiles, f], rules)]
    codes, n_wild = _codes(tiles, wild)
    if codes is None:
        return []  # a flower among the tiles: no candidate completes the hand
    c0, c1, c2, c3 = codes
    t0, t1, t2, t3 = _tables(rules.pair_ranks)
    n0, p0 = _mins(t0, c0)
    n1, p1 = _mins(t1, c1)
    n2, p2 = _mins(t2, c2)
    n3, p3 = _mins(t3, c3)
    base = n0 + n1 + n2 + n3
    g0, g1, g2, g3 = p0 - n0, p1 - n1, p2 - n2, p3 - n3  # what having the pair in a block adds
    # the best place for the pair outside block b (or two wildcards): a candidate in b changes only b
    g01, g23 = min(g0, g1), min(g2, g3)
    # the faces completing each block's sets: a bit mask per block, looked up once per hand
    m0 = _completers(t0, c0, _min3(2, g1, g23), n_wild - base + n0)
    m1 = _completers(t1, c1, _min3(2, g0, g23), n_wild - base + n1)
    m2 = _completers(t2, c2, _min3(2, g01, g3), n_wild - base + n2)
    m3 = _completers(t3, c3, _min3(2, g01, g2), n_wild - base + n3)
    special = False
    if len(tiles) == 13 and (rules.seven_pairs or rules.thirteen_orphans):
        # seven pairs needs every odd count but one paired by a wildcard (the new tile may
        # pair the last); thirteen orphans needs only orphan faces: skip both when hopeless
        odd = ((c0 & _PARITY).bit_count() + (c1 & _PARITY).bit_count() + (c2 & _PARITY).bit_count()
               + (c3 & _PARITY).bit_count())
        special = (rules.seven_pairs and odd <= n_wild + 1) or (
            rules.thirteen_orphans and not (c0 | c1 | c2) & _MIDDLE)
    if not wild and not special:  # the usual case: each face is one bit test
        if not (m0 | m1 | m2 | m3):
            return []  # (most hands wait on nothing)
        masks = (m0, m1, m2, m3)
        return [f for f, b, k in _plan(faces) if masks[b] >> k & 1]
    wild_ok = base + _min3(2, g01, g23) <= n_wild + 1
    counts = _split(tiles, wild)[0] if special else None
    pos_of = _BLOCK_POS
    masks = (m0, m1, m2, m3)
    out = []
    for f in faces:
        if f in wild:
            ok = wild_ok
            if not ok and counts is not None:
                ok = _special(counts, n_wild + 1, rules)
        else:
            pos = pos_of.get(f)
            if pos is None:
                continue  # a flower never completes a hand
            ok = bool(masks[pos[0]] >> pos[1] & 1)
            if not ok and counts is not None:
                grown = dict(counts)
                grown[f] = grown.get(f, 0) + 1
                ok = _special(grown, n_wild, rules)
        if ok:
            out.append(f)
    return out


_PARITY = sum(1 << (_FIELD_BITS * k) for k in range(9))  # the lowest bit of every count: set when it is odd
_MIDDLE = sum(_MAX_FAST << (_FIELD_BITS * k) for k in range(1, 8))  # the counts of ranks 2-8
_PLANS: dict[int, tuple[tuple[Tile, ...], tuple[tuple[Tile, int, int], ...]]] = {}


def _plan(faces: Iterable[Tile]) -> tuple[tuple[Tile, int, int], ...]:
    """(face, block, position) of each face in a block, in the given order (flowers, which never
    complete a hand, left out); remembered for the few tuples of faces the tile sets hand out."""
    if type(faces) is tuple:
        found = _PLANS.get(id(faces))
        if found is not None and found[0] is faces:
            return found[1]
    plan = tuple((f, *_BLOCK_POS[f]) for f in faces if f in _BLOCK_POS)
    if type(faces) is tuple and len(_PLANS) < 256:
        _PLANS[id(faces)] = (faces, plan)
    return plan


# --- full enumeration -----------------------------------------------------------


def _enumerate(counts: list[int], faces: tuple[Tile, ...], sequences: bool, pair_mask: int,
               wilds: int, need_pair: bool) -> Iterator[tuple[tuple[Group, ...], int, bool]]:
    """Yield (groups, wildcards used, pair used) covering every real tile of the block."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        yield (), 0, False
        return
    tup = tuple(counts)
    np_, p_ = _min_wilds(tup, sequences, pair_mask)
    if min(np_, p_ if need_pair else _INF) > wilds:
        return
    ci = counts[i]
    face = faces[i]
    options: list[tuple[Group, list[int], int, bool]] = []
    for use in sorted({min(ci, 3), min(ci, 2), 1}, reverse=True):
        if use == 0:
            continue
        options.append((Group("triplet", (face,) * 3, (face,) * (3 - use)), [i] * use, 3 - use, False))
        if need_pair and pair_mask >> i & 1 and use <= 2:
            options.append((Group("pair", (face,) * 2, (face,) * (2 - use)), [i] * use, 2 - use, True))
    if sequences:
        for start in (i - 2, i - 1, i):
            if start < 0 or start + 2 >= len(counts):
                continue
            took, stand = [], []
            for k in range(start, start + 3):
                if k >= i and counts[k] > 0:
                    took.append(k)
                else:
                    stand.append(faces[k])
            seq = tuple(faces[start:start + 3])
            options.append((Group("sequence", seq, tuple(stand)), took, len(stand), False))
    for group, took, cost, is_pair in options:
        if cost > wilds:
            continue
        for k in took:
            counts[k] -= 1
        for rest, used, pair_used in _enumerate(counts, faces, sequences, pair_mask, wilds - cost,
                                                need_pair and not is_pair):
            yield (group, *rest), used + cost, pair_used or is_pair
        for k in took:
            counts[k] += 1


_BlockOptions = tuple[tuple[tuple[Group, ...], int, bool], ...]


@lru_cache(maxsize=20_000)
def _block_options(b: int, vec: tuple[int, ...], pair_mask: int, wilds: int, need_pair: bool) -> _BlockOptions:
    """:func:`_enumerate` of one block, memoised: hands share blocks, and a hand's blocks are
    walked once per combination of the blocks before them."""
    name, faces = _BLOCKS[b]
    return tuple(_enumerate(list(vec), faces, name != "z", pair_mask, wilds, need_pair))


_OPTIONS: dict[tuple[int, object, int, int, bool], _BlockOptions] = {}
""":func:`_block_options` by (block, packed count code or count vector, pair mask, wildcards,
pair needed): a plain dict look-up of ints, cheaper than the ``lru_cache`` wrapper hashing the
vector each time (the cache is bounded like the other tables)."""


def _options(b: int, code: object, vec: tuple[int, ...], pair_mask: int, wilds: int, need_pair: bool) -> _BlockOptions:
    key = (b, code, pair_mask, wilds, need_pair)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= _TABLE_LIMIT:
            _OPTIONS.clear()
        found = _OPTIONS[key] = _block_options(b, vec, pair_mask, wilds, need_pair)
    return found


_FREE_PAIR = Group("pair", (None, None), (None, None))
_FREE_TRIPLET = Group("triplet", (None,) * 3, (None,) * 3)
_Block = tuple[int, object, tuple[int, ...], int]  # block, its code (or vector), its count vector, its pair mask


def decompositions(tiles: Sequence[Tile], rules: HandRules = _DEFAULT_RULES, limit: int = 20_000) -> tuple[Decomposition, ...]:
    """Every distinct standard decomposition of 3k+2 concealed tiles.

    Wildcards left over after covering the real tiles become free groups (faces
    ``None``): a free pair and/or free triplets.
    """
    if len(tiles) % 3 != 2:
        return ()
    masks = _pair_masks(rules.pair_ranks)
    # a block without tiles has one way, no groups: it is left out of the walk
    blocks: list[_Block] = []
    if len(tiles) <= _MAX_FAST:
        codes, n_wild = _codes(tiles, rules.wild)
        if codes is None or _min_codes(codes, _tables(rules.pair_ranks)) > n_wild:
            return ()
        for b in range(4):
            code = codes[b]
            if code:
                blocks.append((b, code, _unpack(code, len(_BLOCKS[b][1])), masks[b]))
    else:
        need, n_wild, _ = _fast_min(tiles, rules.wild, rules.pair_ranks)
        if need > n_wild:
            return ()
        counts, n_wild = _split(tiles, rules.wild)
        for b, (_, _, vec) in enumerate(_vectors(counts)):
            if any(vec):
                blocks.append((b, vec, vec, masks[b]))
    out: list[Decomposition] = []
    _walk(blocks, 0, (), n_wild, False, set(), out, limit)
    return tuple(out)


def _walk(blocks: list[_Block], k: int, acc: tuple[Group, ...], wilds: int, pair_used: bool,
          seen: set[tuple[int, ...]], out: list[Decomposition], limit: int) -> None:
    """Combine the blocks' options from block ``k`` on; each complete combination (free groups
    added for the wildcards left) is one decomposition, its groups in a canonical order."""
    if len(out) >= limit:
        return
    if k == len(blocks):
        groups = acc
        left = wilds
        if not pair_used:
            if left < 2:
                return
            groups += (_FREE_PAIR,)
            left -= 2
        if left % 3:
            return
        for _ in range(left // 3):
            groups += (_FREE_TRIPLET,)
        # groups sort by (kind, faces, wild faces): by their ``_order`` integers. Equal orders
        # are equal groups, so the sorted integers name the decomposition (seen once)
        orders = sorted([g._order for g in groups])
        key = tuple(orders)
        if key in seen:
            return
        seen.add(key)
        by_order = {g._order: g for g in groups}
        # pairs sort first ("pair" < "sequence" < "triplet") and a decomposition has one
        out.append(Decomposition(by_order[orders[0]], tuple([by_order[o] for o in orders[1:]])))
        return
    b, code, vec, mask = blocks[k]
    for groups_b, used, p in _options(b, code, vec, mask, wilds, not pair_used):
        _walk(blocks, k + 1, acc + groups_b, wilds - used, pair_used or p, seen, out, limit)


_MEMO: ContextVar[dict[tuple[object, ...], Any] | None] = ContextVar("rules.hand analyses", default=None)


class memo:  # noqa: N801 - used as ``with memo():``, as a function would be
    """Within the block, :func:`analyse` and :func:`waits` answer a hand they have seen from memory.

    One settlement asks the same questions more than once (validation finds the winner's
    best reading, settlement prices it again); :func:`rules.api.settle` runs in one block,
    so nothing is remembered from one round to the next. Analyses are immutable, so
    sharing them is safe; the memory is per thread and per task (a context variable).
    """

    # a class, not a @contextmanager generator: that runs four Python calls a round, compiled

    def __init__(self) -> None:
        self._token: Token[dict[tuple[object, ...], Any] | None] | None = None

    def __enter__(self) -> None:
        self._token = _MEMO.set({})

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _MEMO.reset(self._token)
            self._token = None


def analyse(tiles: Sequence[Tile], rules: HandRules = _DEFAULT_RULES, *, wild_as_self: int = 0) -> Analysis:
    """Decompositions, seven pairs and thirteen orphans of a 3k+2 concealed hand."""
    remembered = _MEMO.get()
    if remembered is None:
        return _analyse(tiles, rules, wild_as_self)
    key = (tuple(tiles), rules, wild_as_self)
    found = remembered.get(key)
    if found is None:
        found = remembered[key] = _analyse(tiles, rules, wild_as_self)
    return found


def _analyse(tiles: Sequence[Tile], rules: HandRules, wild_as_self: int) -> Analysis:
    wild = rules.wild
    real = tuple([t for t in tiles if t not in wild]) if wild else tuple(tiles)
    n_wild = len(tiles) - len(real)
    seven: SevenPairs | None = None
    orphans = False
    # both special shapes are 14-tile hands (the first thing each check asks): count only then
    if len(tiles) == 14 and (rules.seven_pairs or rules.thirteen_orphans):
        counts = count_tiles(real)
        seven = _seven_pairs(counts, n_wild) if rules.seven_pairs else None
        orphans = rules.thirteen_orphans and _thirteen_orphans(counts, n_wild)
    return Analysis(tuple(tiles), n_wild, decompositions(tiles, rules), seven, orphans, wild_as_self, real)


def wild_as_self_readings(tiles: Sequence[Tile], rules: HandRules) -> Iterator[Analysis]:
    """Each way of letting some wildcards stand as their own face (归位).

    Yields one :class:`Analysis` per split of the wildcard tiles into "wild" and
    "itself" (at most 5×5 splits for two wild faces); a variant that scores 归位
    picks the best reading.
    """
    wild_counts = Counter(t for t in tiles if t in rules.wild)
    faces = sorted(wild_counts, key=INDEX.__getitem__)
    others = [t for t in tiles if t not in rules.wild]

    def splits(k: int) -> Iterator[list[tuple[Tile, int]]]:
        if k == len(faces):
            yield []
            return
        for n in range(wild_counts[faces[k]] + 1):
            for rest in splits(k + 1):
                yield [(faces[k], n), *rest]

    for split in splits(0):
        as_self = [f for f, n in split for _ in range(n)]
        as_wild = [f for f, n in split for _ in range(wild_counts[f] - n)]
        tagged = others + as_self
        # the tiles standing as themselves must not be read as wild: analyse with
        # those faces removed from the wild set and the wild copies counted apart
        counts, _ = _split(tagged, frozenset())
        n_wild = len(as_wild)
        fake = list(tagged) + ["#"] * n_wild
        sub = HandRules(frozenset({"#"}), rules.pair_ranks, rules.seven_pairs, rules.thirteen_orphans)
        yield Analysis(
            tiles=tuple(tiles),
            n_wild=n_wild,
            decompositions=decompositions(fake, sub),
            seven_pairs=_seven_pairs(counts, n_wild) if rules.seven_pairs else None,
            thirteen_orphans=rules.thirteen_orphans and _thirteen_orphans(counts, n_wild),
            wild_as_self=len(as_self),
            real_tiles=tuple(tagged),
        )


def all_faces() -> tuple[Tile, ...]:
    return ALL_FACES[:34]


# --- cheap 归位 questions (yes/no, no enumeration) ---------------------------------------


@dataclass(frozen=True)
class WildSplit:
    """One 归位 split of a hand: the wildcards read as their own face join the real tiles."""

    real: tuple[Tile, ...]  # the non-wild tiles plus the wildcards standing as themselves
    wild: tuple[Tile, ...]  # the wildcard tiles still wild, by face (so a caller can count them per face)

    def __init__(self, real: tuple[Tile, ...], wild: tuple[Tile, ...]) -> None:
        object.__setattr__(self, "real", real)
        object.__setattr__(self, "wild", wild)


def wild_splits(tiles: Sequence[Tile], wild: frozenset[Tile]) -> Iterator[WildSplit]:
    """Each way of letting some wildcards of ``tiles`` stand as their own face (归位).

    The same splits as :func:`wild_as_self_readings`, in the same order (the first keeps
    every wildcard wild), but nothing is analysed: a caller that needs only yes/no
    answers asks :func:`is_complete_with` / :func:`seven_pairs_with` per split, which
    stays cheap however many wildcards there are (copies + 1 splits per wild face).
    """
    others = tuple([t for t in tiles if t not in wild])
    if len(others) == len(tiles):
        yield WildSplit(others, ())  # no wildcard held: the one split is the hand itself
        return
    wild_counts = count_tiles([t for t in tiles if t in wild])
    faces = sorted(wild_counts, key=INDEX.__getitem__)
    # how many of each wild face stand as themselves: every combination, the first face's
    # count varying slowest (a product, not nested generators: those are slow compiled)
    for split in product(*[range(wild_counts[f] + 1) for f in faces]):
        as_self: list[Tile] = []
        as_wild: list[Tile] = []
        for f, n in zip(faces, split, strict=True):
            as_self += [f] * n
            as_wild += [f] * (wild_counts[f] - n)
        yield WildSplit(others + tuple(as_self), tuple(as_wild))


def is_complete_with(real: Sequence[Tile], n_wild: int, rules: HandRules = _DEFAULT_RULES) -> bool:
    """Whether ``real`` tiles plus ``n_wild`` wildcards form a winning shape under ``rules``.

    ``real`` tiles are never wild here, whatever ``rules.wild`` says: this is the
    question a 归位 split asks (see :func:`wild_splits`).
    """
    if (len(real) + n_wild) % 3 != 2:
        return False
    if _fast_min(real, _NO_WILD, rules.pair_ranks)[0] <= n_wild:
        return True
    if not (rules.seven_pairs or rules.thirteen_orphans):
        return False
    counts, _ = _split(real, _NO_WILD)
    return _special(counts, n_wild, rules)


def seven_pairs_with(real: Sequence[Tile], n_wild: int) -> SevenPairs | None:
    """七对 of ``real`` tiles (never wild) plus ``n_wild`` wildcards; ``None`` when not seven pairs."""
    if len(real) + n_wild != 14:
        return None  # the first thing _seven_pairs checks, before any counting
    return _seven_pairs(_split(real, _NO_WILD)[0], n_wild)


# --- wait shapes (单吊 / 嵌张 / 边张 / 两面 / 双碰) -------------------------------------------

WaitShape = Literal["single", "closed", "edge", "open", "double_pong"]
"""How the winning tile completed its group in one decomposition."""

WAIT_SHAPE_NAMES: dict[WaitShape, tuple[str, str]] = {
    "single": ("单吊", "single wait: the winning tile pairs a lone tile"),
    "closed": ("嵌张", "closed wait: the middle of a sequence (35 waiting 4)"),
    "edge": ("边张", "edge wait: 12 waiting 3 or 89 waiting 7"),
    "open": ("两面", "two-sided wait: either end of two neighbours (23 waiting 1 or 4)"),
    "double_pong": ("双碰", "dual-pong wait: the winning tile makes a triplet of a pair"),
}
"""中文 and English names of each :data:`WaitShape`."""


def wait_shapes(decomposition: Decomposition, tile: Tile) -> frozenset[WaitShape]:
    """单吊/嵌张/边张/两面/双碰: the shapes the winning ``tile`` can have completed here.

    ``decomposition`` is of the concealed tiles *with* the winning tile; each group
    holding a real copy of ``tile`` is one place it may have arrived, so the answer has
    one shape per such group (a scorer that takes the best reading picks among them).
    The shape is that of the group *before* the tile came: 789 completed by 7 was 89 (边张),
    completed by 9 it was 78 (两面). ``tile`` is the real winning face; a group in which
    that face is only a wildcard's stand-in is not a place it arrived.
    """
    out: set[WaitShape] = set()
    for g in decomposition.groups:
        if g.is_free or g.faces.count(tile) <= g.wild_faces.count(tile):
            continue
        out.add(group_wait(g, tile))
    return frozenset(out)


def group_wait(group: Group, tile: Tile) -> WaitShape:
    """The shape ``group`` had before ``tile`` completed it: a pair 单吊, a triplet 双碰, a
    sequence 嵌张/边张/两面 (see :func:`wait_shapes`)."""
    if group.kind == "pair":
        return "single"
    if group.kind == "triplet":
        return "double_pong"
    return _sequence_wait(group.faces, tile)


def _sequence_wait(faces: tuple[Tile | None, ...], tile: Tile) -> WaitShape:
    low, mid, _ = faces
    if tile == mid:
        return "closed"
    rank = int(tile[0])
    if tile == low:
        return "edge" if rank == 7 else "open"
    return "edge" if rank == 3 else "open"
