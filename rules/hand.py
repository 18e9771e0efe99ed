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

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from .tiles import ALL_FACES, INDEX, SUITS, Tile

_INF = 99
_HONOUR_FACES: tuple[Tile, ...] = ("E", "S", "W", "N", "P", "F", "C")
_BLOCKS: tuple[tuple[str, tuple[Tile, ...]], ...] = tuple(
    (s, tuple(f"{r}{s}" for r in range(1, 10))) for s in SUITS
) + (("z", _HONOUR_FACES),)


@dataclass(frozen=True)
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

    def relaxed(self) -> HandRules:
        """The same rules without the pair restriction (乱将 hands)."""
        return HandRules(self.wild, None, self.seven_pairs, self.thirteen_orphans)


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

    @property
    def groups(self) -> tuple[Group, ...]:
        return (self.pair, *self.sets)

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


def _split(tiles: Iterable[Tile], wild: frozenset[Tile]) -> tuple[Counter[Tile], int]:
    counts: Counter[Tile] = Counter()
    n_wild = 0
    for t in tiles:
        if t in wild:
            n_wild += 1
        else:
            counts[t] += 1
    return counts, n_wild


def _vectors(counts: Counter[Tile]) -> list[tuple[str, tuple[Tile, ...], tuple[int, ...]]]:
    return [(b, faces, tuple(counts.get(f, 0) for f in faces)) for b, faces in _BLOCKS]


_BLOCK_POS: dict[Tile, tuple[int, int]] = {f: (b, k) for b, (_, faces) in enumerate(_BLOCKS) for k, f in enumerate(faces)}
_SEQUENCES = tuple(b != "z" for b, _ in _BLOCKS)


@lru_cache(maxsize=64)
def _pair_masks(pair_ranks: frozenset[int] | None) -> tuple[int, ...]:
    return tuple(_pair_mask(b, faces, pair_ranks) for b, faces in _BLOCKS)


def _block_vectors(counts: Counter[Tile]) -> list[list[int]] | None:
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


def _standard_min(counts: Counter[Tile], pair_ranks: frozenset[int] | None) -> int:
    """Fewest wildcards for the standard shape (sets + one pair)."""
    vecs = _block_vectors(counts)
    if vecs is None:
        return _INF
    masks = _pair_masks(pair_ranks)
    return _combine([_min_wilds(tuple(v), _SEQUENCES[b], masks[b]) for b, v in enumerate(vecs)])


def _seven_pairs(counts: Counter[Tile], n_wild: int) -> SevenPairs | None:
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


def _thirteen_orphans(counts: Counter[Tile], n_wild: int) -> bool:
    if sum(counts.values()) + n_wild != 14 or any(t not in _ORPHANS for t in counts):
        return False
    missing = sum(1 for t in _ORPHANS if not counts.get(t))
    has_pair = any(c >= 2 for c in counts.values())
    if any(c > 2 for c in counts.values()) or sum(1 for c in counts.values() if c == 2) > 1:
        return False
    return missing + (0 if has_pair else 1) <= n_wild


def tiles_short(tiles: Sequence[Tile], rules: HandRules = HandRules()) -> int:
    """How many more tiles (beyond any wildcards held) the standard shape still needs:
    0 for a complete 3k+2 hand, 1 for a ready 3k+1 hand; a shanten-like distance."""
    counts, n_wild = _split(tiles, rules.wild)
    return max(0, _standard_min(counts, rules.pair_ranks) - n_wild)


def is_complete(tiles: Sequence[Tile], rules: HandRules = HandRules()) -> bool:
    """Whether the concealed tiles (3k+2 of them) form a winning shape."""
    if len(tiles) % 3 != 2:
        return False
    vecs = [[0] * 9, [0] * 9, [0] * 9, [0] * 7]
    n_wild = 0
    wild = rules.wild
    for t in tiles:
        if t in wild:
            n_wild += 1
            continue
        pos = _BLOCK_POS.get(t)
        if pos is None:
            return False  # flowers never form a hand
        vecs[pos[0]][pos[1]] += 1
    masks = _pair_masks(rules.pair_ranks)
    if _combine([_min_wilds(tuple(v), _SEQUENCES[b], masks[b]) for b, v in enumerate(vecs)]) <= n_wild:
        return True
    if not (rules.seven_pairs or rules.thirteen_orphans):
        return False
    counts, n_wild = _split(tiles, rules.wild)
    if rules.seven_pairs and _seven_pairs(counts, n_wild) is not None:
        return True
    return rules.thirteen_orphans and _thirteen_orphans(counts, n_wild)


def waits(tiles: Sequence[Tile], rules: HandRules, faces: Iterable[Tile], held: Counter[Tile] | None = None) -> list[Tile]:
    """The faces that would complete a 3k+1-tile concealed hand (听牌).

    ``faces``: the playing faces of the variant's tile set. ``held``: copies of each
    face the player already has in sight of their own hand and melds; a face all of
    whose four copies are held is no wait.

    Only the block a candidate tile falls in changes, so each candidate costs one
    memoised block lookup; seven pairs and thirteen orphans are checked per candidate
    only when the standard shape fails.
    """
    if len(tiles) % 3 != 1:
        return []
    held = held if held is not None else Counter(tiles)
    counts, n_wild = _split(tiles, rules.wild)
    vecs = _block_vectors(counts)
    masks = _pair_masks(rules.pair_ranks)
    base = [_min_wilds(tuple(v), _SEQUENCES[b], masks[b]) for b, v in enumerate(vecs)] if vecs else []
    # seven pairs needs every odd count but one paired by a wildcard (the new tile may
    # pair the last); thirteen orphans needs only orphan faces: skip both when hopeless
    odd = sum(1 for c in counts.values() if c % 2)
    special = (rules.seven_pairs and len(tiles) == 13 and odd <= n_wild + 1) or (
        rules.thirteen_orphans and len(tiles) == 13 and all(t in _ORPHANS for t in counts))
    out = []
    for f in faces:
        if held.get(f, 0) >= 4:
            continue
        ok = False
        if vecs is not None:
            if f in rules.wild:
                ok = _combine(base) <= n_wild + 1
            elif f in _BLOCK_POS:
                b, k = _BLOCK_POS[f]
                v = vecs[b]
                v[k] += 1
                per = list(base)
                per[b] = _min_wilds(tuple(v), _SEQUENCES[b], masks[b])
                v[k] -= 1
                ok = _combine(per) <= n_wild
        if not ok and special:
            ok = is_complete([*tiles, f], rules)
        if ok:
            out.append(f)
    return out


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


def decompositions(tiles: Sequence[Tile], rules: HandRules = HandRules(), limit: int = 20_000) -> tuple[Decomposition, ...]:
    """Every distinct standard decomposition of 3k+2 concealed tiles.

    Wildcards left over after covering the real tiles become free groups (faces
    ``None``): a free pair and/or free triplets.
    """
    if len(tiles) % 3 != 2:
        return ()
    counts, n_wild = _split(tiles, rules.wild)
    if _standard_min(counts, rules.pair_ranks) > n_wild:
        return ()
    blocks = [(b, faces, list(vec), _pair_mask(b, faces, rules.pair_ranks)) for b, faces, vec in _vectors(counts)]
    seen: set[tuple[Group, ...]] = set()
    out: list[Decomposition] = []

    def walk(k: int, acc: tuple[Group, ...], wilds: int, pair_used: bool) -> None:
        if len(out) >= limit:
            return
        if k == len(blocks):
            free: list[Group] = []
            left = wilds
            if not pair_used:
                if left < 2:
                    return
                free.append(Group("pair", (None, None), (None, None)))
                left -= 2
            if left % 3:
                return
            free.extend(Group("triplet", (None,) * 3, (None,) * 3) for _ in range(left // 3))
            groups = acc + tuple(free)
            key = tuple(sorted(groups, key=_group_key))
            if key in seen:
                return
            seen.add(key)
            pair = next(g for g in key if g.kind == "pair")
            sets = list(key)
            sets.remove(pair)
            out.append(Decomposition(pair, tuple(sets)))
            return
        b, faces, vec, mask = blocks[k]
        for groups, used, p in _enumerate(vec, faces, b != "z", mask, wilds, not pair_used):
            walk(k + 1, acc + groups, wilds - used, pair_used or p)

    walk(0, (), n_wild, False)
    return tuple(out)


def _group_key(g: Group) -> tuple[object, ...]:
    return (g.kind, tuple(INDEX[f] if f else -1 for f in g.faces), tuple(INDEX[f] if f else -1 for f in g.wild_faces))


def analyse(tiles: Sequence[Tile], rules: HandRules = HandRules(), *, wild_as_self: int = 0) -> Analysis:
    """Decompositions, seven pairs and thirteen orphans of a 3k+2 concealed hand."""
    counts, n_wild = _split(tiles, rules.wild)
    real = tuple(t for t in tiles if t not in rules.wild)
    return Analysis(
        tiles=tuple(tiles),
        n_wild=n_wild,
        decompositions=decompositions(tiles, rules),
        seven_pairs=_seven_pairs(counts, n_wild) if rules.seven_pairs else None,
        thirteen_orphans=rules.thirteen_orphans and _thirteen_orphans(counts, n_wild),
        wild_as_self=wild_as_self,
        real_tiles=real,
    )


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


def wild_splits(tiles: Sequence[Tile], wild: frozenset[Tile]) -> Iterator[WildSplit]:
    """Each way of letting some wildcards of ``tiles`` stand as their own face (归位).

    The same splits as :func:`wild_as_self_readings`, in the same order (the first keeps
    every wildcard wild), but nothing is analysed: a caller that needs only yes/no
    answers asks :func:`is_complete_with` / :func:`seven_pairs_with` per split, which
    stays cheap however many wildcards there are (copies + 1 splits per wild face).
    """
    wild_counts = Counter(t for t in tiles if t in wild)
    faces = sorted(wild_counts, key=INDEX.__getitem__)
    others = tuple(t for t in tiles if t not in wild)

    def splits(k: int) -> Iterator[tuple[tuple[Tile, int], ...]]:
        if k == len(faces):
            yield ()
            return
        for n in range(wild_counts[faces[k]] + 1):
            for rest in splits(k + 1):
                yield ((faces[k], n), *rest)

    for split in splits(0):
        as_self = tuple(f for f, n in split for _ in range(n))
        as_wild = tuple(f for f, n in split for _ in range(wild_counts[f] - n))
        yield WildSplit(others + as_self, as_wild)


def is_complete_with(real: Sequence[Tile], n_wild: int, rules: HandRules = HandRules()) -> bool:
    """Whether ``real`` tiles plus ``n_wild`` wildcards form a winning shape under ``rules``.

    ``real`` tiles are never wild here, whatever ``rules.wild`` says: this is the
    question a 归位 split asks (see :func:`wild_splits`).
    """
    if (len(real) + n_wild) % 3 != 2:
        return False
    counts = Counter(real)
    if _standard_min(counts, rules.pair_ranks) <= n_wild:
        return True
    if rules.seven_pairs and _seven_pairs(counts, n_wild) is not None:
        return True
    return rules.thirteen_orphans and _thirteen_orphans(counts, n_wild)


def seven_pairs_with(real: Sequence[Tile], n_wild: int) -> SevenPairs | None:
    """七对 of ``real`` tiles (never wild) plus ``n_wild`` wildcards; ``None`` when not seven pairs."""
    return _seven_pairs(Counter(real), n_wild)


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
        if g.kind == "pair":
            out.add("single")
        elif g.kind == "triplet":
            out.add("double_pong")
        else:
            out.add(_sequence_wait(g.faces, tile))
    return frozenset(out)


def _sequence_wait(faces: tuple[Tile | None, ...], tile: Tile) -> WaitShape:
    low, mid, _ = faces
    if tile == mid:
        return "closed"
    rank = int(tile[0])
    if tile == low:
        return "edge" if rank == 7 else "open"
    return "edge" if rank == 3 else "open"
