"""The round snapshot: frozen dataclasses built from the request JSON, with pointers.

The service's marshmallow schema has already checked the JSON's shape when a request
comes over HTTP, but the engine is a library too, so parsing here is defensive: any
wrong type becomes an :class:`~rules.errors.InvalidRound` with a pointer, never a
crash. Variant-specific checks live in the variant; the checks every variant shares
(tile set, seats, meld shapes, hand sizes, tile conservation) live in :func:`check_common`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

from .errors import InvalidRound, RoundError
from .options import declared_fields
from .tiles import ALL_FACES, INDEX, Tile, TileSet, chinese, parse_tile, parse_tiles

# Module constants are ``Final``: compiled, a name that is not is looked up in the module's
# dict at every use (each tile of a hand, each discard), a Final one is a C static.
KONG_KINDS: Final = ("exposed", "added", "concealed")
WIN_FLAGS: Final = ("kong_draw", "robbing_kong", "after_kong_discard", "last_tile", "heavenly", "earthly")


# These frozen dataclasses have their own ``__init__`` (the generated one runs as Python
# even compiled; see rules/ledger.py): same parameters, same ``object.__setattr__`` per field.


@dataclass(frozen=True)
class Meld:
    """碰/杠/吃. ``tiles`` are the physical tiles (3 or 4); ``from_seat`` who fed it.

    ``delayed`` marks a kong made later than it could have been (贵阳 憨包豆);
    ``revealed`` are tiles shown after the kong (安化 开杠).
    """

    type: str
    tiles: tuple[Tile, ...]
    kind: str | None = None
    from_seat: int | None = None
    turn: int | None = None
    delayed: bool = False
    revealed: tuple[Tile, ...] = ()

    def __init__(self, type: str, tiles: tuple[Tile, ...], kind: str | None = None,  # noqa: A002 - the field's name
                 from_seat: int | None = None, turn: int | None = None, delayed: bool = False,
                 revealed: tuple[Tile, ...] = ()) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "delayed", delayed)
        object.__setattr__(self, "revealed", revealed)

    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.type == "kong"


@dataclass(frozen=True)
class Discard:
    tile: Tile
    turn: int | None = None
    claimed_by: int | None = None

    def __init__(self, tile: Tile, turn: int | None = None, claimed_by: int | None = None) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "claimed_by", claimed_by)


@dataclass(frozen=True)
class Player:
    seat: int
    hand: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    discards: tuple[Discard, ...]
    flowers: tuple[Tile, ...]
    ready_declared_turn: int | None
    flags: Any  # the variant's Flags dataclass instance

    def __init__(self, seat: int, hand: tuple[Tile, ...], melds: tuple[Meld, ...], discards: tuple[Discard, ...],
                 flowers: tuple[Tile, ...], ready_declared_turn: int | None, flags: Any) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "ready_declared_turn", ready_declared_turn)
        object.__setattr__(self, "flags", flags)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.is_kong)

    def meld_tiles(self) -> list[Tile]:
        return [t for m in self.melds for t in m.tiles]

    def all_tiles(self, extra: Tile | None = None) -> list[Tile]:
        """Hand + melds (+ a winning tile): every tile this player shows or holds."""
        out = list(self.hand) + self.meld_tiles()
        if extra is not None:
            out.append(extra)
        return out


@dataclass(frozen=True)
class Win:
    winner: int
    from_seat: int | None
    tile: Tile
    turn: int | None = None
    kong_draw: bool = False
    robbing_kong: bool = False
    after_kong_discard: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False

    def __init__(self, winner: int, from_seat: int | None, tile: Tile, turn: int | None = None,
                 kong_draw: bool = False, robbing_kong: bool = False, after_kong_discard: bool = False,
                 last_tile: bool = False, heavenly: bool = False, earthly: bool = False) -> None:
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "kong_draw", kong_draw)
        object.__setattr__(self, "robbing_kong", robbing_kong)
        object.__setattr__(self, "after_kong_discard", after_kong_discard)
        object.__setattr__(self, "last_tile", last_tile)
        object.__setattr__(self, "heavenly", heavenly)
        object.__setattr__(self, "earthly", earthly)

    @property
    def self_drawn(self) -> bool:
        return self.from_seat is None


@dataclass(frozen=True)
class Reveals:
    chicken_flip: Tile | None = None
    birds: tuple[Tile, ...] = ()
    wild_indicator: Tile | None = None

    def __init__(self, chicken_flip: Tile | None = None, birds: tuple[Tile, ...] = (),
                 wild_indicator: Tile | None = None) -> None:
        object.__setattr__(self, "chicken_flip", chicken_flip)
        object.__setattr__(self, "birds", birds)
        object.__setattr__(self, "wild_indicator", wild_indicator)


@dataclass(frozen=True)
class Snapshot:
    variant: str
    round_id: str | None
    dealer: int
    players: tuple[Player, ...]
    wins: tuple[Win, ...]
    reveals: Reveals
    wall_remaining: int | None = None
    last_drawer: int | None = None

    def __init__(self, variant: str, round_id: str | None, dealer: int, players: tuple[Player, ...],
                 wins: tuple[Win, ...], reveals: Reveals, wall_remaining: int | None = None,
                 last_drawer: int | None = None) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "round_id", round_id)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "wins", wins)
        object.__setattr__(self, "reveals", reveals)
        object.__setattr__(self, "wall_remaining", wall_remaining)
        object.__setattr__(self, "last_drawer", last_drawer)

    @cached_property
    def n(self) -> int:
        """The number of players (asked all the time: computed once)."""
        return len(self.players)

    @property
    def drawn(self) -> bool:
        """荒庄/流局: nobody won."""
        return not self.wins

    def winners(self) -> tuple[int, ...]:
        return tuple(w.winner for w in self.wins)

    def win_groups(self) -> list[tuple[Win, ...]]:
        """Wins grouped by event: one discard won by several players is one group."""
        groups: list[list[Win]] = []
        for w in self.wins:
            if groups and not w.self_drawn and any(
                    g.from_seat == w.from_seat and g.turn == w.turn and g.tile == w.tile for g in groups[-1]):
                groups[-1].append(w)
            else:
                groups.append([w])
        return [tuple(g) for g in groups]


# --- parsing --------------------------------------------------------------------


def _obj(v: object, ptr: str) -> Mapping[str, Any]:
    if type(v) is dict:
        return v  # (what JSON gives; the Mapping check is an ABC look-up)
    if not isinstance(v, Mapping):
        raise InvalidRound(RoundError("invalid_type", ptr, "expected an object"))
    return v


def _list(v: object, ptr: str) -> Sequence[Any]:
    if v is None:
        return []
    if not isinstance(v, list | tuple):
        raise InvalidRound(RoundError("invalid_type", ptr, "expected a list"))
    return v


def _int(v: object, ptr: str, *, nullable: bool = True, minimum: int = 0) -> int | None:
    if v is None and nullable:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise InvalidRound(RoundError("invalid_type", ptr, f"expected an integer ≥ {minimum}"))
    return v


def _bool(v: object, ptr: str) -> bool:
    if v is None:
        return False
    if not isinstance(v, bool):
        raise InvalidRound(RoundError("invalid_type", ptr, "expected true or false"))
    return v


def _meld(raw: object, ptr: str) -> Meld:
    d = _obj(raw, ptr)
    mtype = d.get("type")
    if mtype not in ("chow", "pong", "kong"):
        raise InvalidRound(RoundError("invalid_meld", f"{ptr}/type", "type must be chow, pong or kong"))
    from_seat = _int(d.get("from"), f"{ptr}/from")
    turn = _int(d.get("turn"), f"{ptr}/turn")
    if mtype == "chow":
        if "tiles" not in d:
            raise InvalidRound(RoundError("missing_field", f"{ptr}/tiles", "a chow needs its three tiles"))
        tiles = parse_tiles(d["tiles"], f"{ptr}/tiles")
        return Meld("chow", tuple(sorted(tiles, key=INDEX.__getitem__)), None, from_seat, turn)
    if "tile" not in d:
        raise InvalidRound(RoundError("missing_field", f"{ptr}/tile", f"a {mtype} needs its tile"))
    tile = parse_tile(d["tile"], f"{ptr}/tile")
    kind = d.get("kind")
    if mtype == "kong":
        if kind not in KONG_KINDS:
            raise InvalidRound(RoundError("invalid_meld", f"{ptr}/kind", "kong kind must be exposed, added or concealed"))
        return Meld("kong", (tile,) * 4, kind, from_seat, turn, _bool(d.get("delayed"), f"{ptr}/delayed"),
                    parse_tiles(d.get("revealed") or [], f"{ptr}/revealed"))
    return Meld("pong", (tile,) * 3, None, from_seat, turn)


# Fast paths. A round holds ~150 tiles and ~80 discards; building a JSON pointer for each
# (and a frozen dataclass per discard) cost more than settling the round. Requests almost
# always spell tiles canonically and use exact JSON types, so those are read directly and
# anything else takes the careful path above, which builds the pointer only for the value
# it is reading. Both paths give the same snapshot (or the same error).

_CANONICAL: Final[dict[object, Tile]] = {t: t for t in ALL_FACES}
_CACHE_LIMIT: Final = 100_000  # distinct claimed discards / melds remembered (immutable, so shared between rounds)
_CLAIMED: Final[dict[tuple[str, int | None, int], Discard]] = {}
_MELDS: Final[dict[tuple[object, ...], Meld]] = {}
_FLAGS_NONE: Final[dict[type, object]] = {}  # the flags of a player without "flags", by class
_FLAGS_EMPTY: Final[dict[type, object]] = {}  # … with "flags": {}

# Telling a request's tile codes. Its strings are new: a dict look-up hashes each one first
# (~350 instructions with the look-up). Compiled, reading a code's one or two characters
# into a table costs ~100: ~11 k instructions less per round over HTTP for its ~35 hand
# tiles and ~45 discards (callgrind; ~2 k more where the same parsed bodies are settled
# again, their strings already hashed). As Python the dict look-up is quicker, so it stays.
_COMPILED: Final = not __file__.endswith(".py")  # mypyc's build of this module is an extension
_FACES: Final = ALL_FACES
_FACE_NUMBER: Final[dict[object, int]] = {t: i for i, t in enumerate(ALL_FACES)}


def _slot(code: str) -> int:
    """Where ``code`` sits in :data:`_FACE_AT`: one ASCII character, or a digit 1-9 and one
    (every canonical code is); -1 for anything else."""
    if len(code) == 2:
        rank, ch = ord(code[0]) - 49, ord(code[1])
        return 128 + rank * 128 + ch if 0 <= rank < 9 and ch < 128 else -1
    if len(code) == 1:
        ch = ord(code[0])
        return ch if ch < 128 else -1
    return -1


def _face_table() -> list[int]:
    table = [-1] * (10 * 128)
    for i, face in enumerate(ALL_FACES):
        table[_slot(face)] = i
    return table


_FACE_AT: Final = _face_table()  # slot -> index in ALL_FACES (-1: no face has that code)


def _face_number(code: str) -> int:
    """The index in ALL_FACES of the face ``code`` is the canonical code of; -1 if none."""
    at = _slot(code)
    return _FACE_AT[at] if at >= 0 else -1


def _face(code: object) -> Tile:
    """The face ``code`` is the canonical code of; KeyError if it is none."""
    if type(code) is str:
        i = _face_number(code)
        if i >= 0:
            return _FACES[i]
    raise KeyError(code)


def _canonical_list(value: object) -> tuple[Tile, ...] | None:
    """The tiles of a list of canonical codes; ``None`` for anything else (a non-canonical
    spelling, a wrong type: the careful path reads, or rejects, it)."""
    if type(value) is list:
        try:
            return tuple([_face(t) for t in value]) if _COMPILED else tuple([_CANONICAL[t] for t in value])
        except (KeyError, TypeError):
            pass
    return None


def _tiles(value: object, ptr: str) -> tuple[Tile, ...]:
    """:func:`~rules.tiles.parse_tiles`, reading a list of canonical codes without a pointer per tile."""
    tiles = _canonical_list(value)
    return parse_tiles(value, ptr) if tiles is None else tiles


def _tiles_at(value: object, base: str, name: str) -> tuple[Tile, ...]:
    """:func:`_tiles`, building the pointer ``base/name`` only for the careful path."""
    tiles = _canonical_list(value)
    return parse_tiles(value, f"{base}/{name}") if tiles is None else tiles


# Unclaimed discards are remembered (immutable, so shared between rounds) by turn, for turns
# below _TURNS_CACHED (a round has ~100): compiled, then by face, two list indexings; as
# Python, by code in a dict (quicker there). Either is cheaper than building and hashing a
# (tile, turn, claimed_by) key for each of a round's ~80 discards.
_TURNS_CACHED: Final = 512
_BY_TURN: Final[list[list[Discard | None] | None]] = [None] * _TURNS_CACHED  # a turn's row: made when needed
_UNTIMED: Final[list[Discard | None]] = [None] * len(ALL_FACES)  # … of discards without a turn
_BY_TURN_CODE: Final[list[dict[str, Discard]]] = [{} for _ in range(_TURNS_CACHED)]  # (as Python)
_UNTIMED_CODE: Final[dict[str, Discard]] = {}


def _unclaimed(tile: str, turn: int | None) -> Discard | None:
    """The unclaimed discard of ``tile`` at ``turn``, remembered by face; ``None`` if ``tile`` is
    not a canonical code. (Compiled: ~6 k of the ~11 k above.)"""
    face = _face_number(tile)
    if face < 0:
        return None
    if turn is not None and turn >= _TURNS_CACHED:
        return Discard(_FACES[face], turn, None)  # (not remembered)
    row = _UNTIMED if turn is None else _BY_TURN[turn] or _new_row(turn)
    found = row[face]
    if found is None:
        found = row[face] = Discard(_FACES[face], turn, None)  # (the canonical tile object: rules/tiles.py)
    return found


def _new_row(turn: int) -> list[Discard | None]:
    row: list[Discard | None] = [None] * len(_FACES)
    _BY_TURN[turn] = row
    return row


def _count_or_none(v: object) -> bool:
    """What :func:`_int` accepts as nullable with minimum 0, for exact JSON types."""
    return v is None or (type(v) is int and v >= 0)


def _fast_discards(items: Sequence[Any]) -> tuple[Discard, ...] | None:
    """Discards given as canonical tiles or ``{"tile", "turn"?, "claimed_by"?}`` with exact JSON
    types; ``None`` when any is not (the careful path then reads them one by one)."""
    out: list[Discard] = []
    listed: list[Any] = items if type(items) is list else list(items)  # (a list is walked by index, compiled)
    for x in listed:
        if type(x) is dict:
            tile, turn = x.get("tile"), x.get("turn")
            # ``claimed_by`` is looked up only when the dict has room for it: a discard is
            # nearly always exactly {"tile", "turn"} (one dict look-up of five saved)
            by = x.get("claimed_by") if len(x) > (tile is not None) + (turn is not None) else None
            if type(tile) is not str or (turn is not None and (type(turn) is not int or turn < 0)) or (
                    by is not None and (type(by) is not int or by < 0)):
                return None
        elif type(x) is str:
            tile, turn, by = x, None, None
        else:
            return None
        if by is None and _COMPILED:
            found = _unclaimed(tile, turn)
            if found is None:
                return None
        elif by is None:  # (as Python: by turn, then by code, inline)
            cache = _UNTIMED_CODE if turn is None else _BY_TURN_CODE[turn] if turn < _TURNS_CACHED else {}
            found = cache.get(tile)
            if found is None:
                face = _CANONICAL.get(tile)
                if face is None:
                    return None
                found = cache[tile] = Discard(face, turn, None)
        else:
            key = (tile, turn, by)
            found = _CLAIMED.get(key)
            if found is None:
                if tile not in _CANONICAL:
                    return None
                found = Discard(_CANONICAL[tile], turn, by)
                if len(_CLAIMED) < _CACHE_LIMIT:
                    _CLAIMED[key] = found
        out.append(found)
    return tuple(out)


def _discard(x: object, ptr: str) -> Discard:
    if isinstance(x, str):
        return Discard(parse_tile(x, ptr))
    xd = _obj(x, ptr)
    if "tile" not in xd:
        raise InvalidRound(RoundError("missing_field", f"{ptr}/tile", "a discard needs its tile"))
    return Discard(parse_tile(xd.get("tile"), f"{ptr}/tile"), _int(xd.get("turn"), f"{ptr}/turn"),
                   _int(xd.get("claimed_by"), f"{ptr}/claimed_by"))


_MELD_KEYS: Final = frozenset({"type", "tile", "tiles", "kind", "from", "turn"})


def _fast_meld(raw: object) -> Meld | None:
    """A chow, pong or kong without delayed/revealed, in exact JSON types; ``None``: take the careful path."""
    if type(raw) is not dict:
        return None
    for k in raw:
        if k not in _MELD_KEYS:
            return None
    mtype, kind, from_seat, turn = raw.get("type"), raw.get("kind"), raw.get("from"), raw.get("turn")
    if not _count_or_none(from_seat) or not _count_or_none(turn):
        return None
    if mtype == "chow":
        tiles = raw.get("tiles")
        if type(tiles) is not list or len(tiles) != 3:
            return None
        faces = [_CANONICAL.get(t) for t in tiles if type(t) is str]
        if len(faces) != 3 or None in faces:
            return None
        key: tuple[object, ...] = ("chow", *sorted(faces, key=INDEX.__getitem__), from_seat, turn)  # type: ignore[arg-type]
    elif mtype in ("pong", "kong"):
        raw_tile = raw.get("tile")
        tile = _CANONICAL.get(raw_tile) if type(raw_tile) is str else None
        if tile is None or (mtype == "kong") != (kind in KONG_KINDS):
            return None  # (a pong's kind is ignored, as the careful path does)
        key = (mtype, tile, kind if mtype == "kong" else None, from_seat, turn)
    else:
        return None
    found = _MELDS.get(key)
    if found is None:
        if key[0] == "chow":
            found = Meld("chow", key[1:4], None, from_seat, turn)  # type: ignore[arg-type]
        else:
            found = Meld(mtype, (key[1],) * (4 if mtype == "kong" else 3), key[2], from_seat, turn)  # type: ignore[arg-type]
        if len(_MELDS) < _CACHE_LIMIT:
            _MELDS[key] = found
    return found


def _flags(flags_cls: type, raw: object, base: str, parse_flags: Any) -> Any:
    """No flags given (``None`` or ``{}``): the class's defaults, parsed once per class and shared
    (the flags objects are frozen); anything else is parsed (``base``: the player's pointer)."""
    if raw is None or (type(raw) is dict and not raw):
        known = _FLAGS_NONE if raw is None else _FLAGS_EMPTY
        found = known.get(flags_cls)
        if found is None:
            found = parse_flags(flags_cls, raw, f"{base}/flags", "flag")
            if getattr(getattr(flags_cls, "__dataclass_params__", None), "frozen", False):
                known[flags_cls] = found
        return found
    return parse_flags(flags_cls, raw, f"{base}/flags", "flag")


def _flag_tiles(flags: object, base: str) -> list[tuple[Tile, str]]:
    """The tiles a player's flags name (a ``tile`` or ``tiles`` flag, a records key of kind
    ``tile``), with their pointers; none for the shared defaults, which name none."""
    cls = type(flags)
    if flags is _FLAGS_NONE.get(cls) or flags is _FLAGS_EMPTY.get(cls) or not hasattr(cls, "__dataclass_fields__"):
        return []
    out: list[tuple[Tile, str]] = []
    for f in declared_fields(cls).values():
        kind, value, ptr = f.metadata.get("kind"), getattr(flags, f.name), f"{base}/flags/{f.name}"
        if kind == "tile" and value is not None:
            out.append((value, ptr))
        elif kind == "tiles":
            out += [(t, f"{ptr}/{k}") for k, t in enumerate(value)]
        elif kind == "records":
            keys = [key for key, of in f.metadata["fields"].items() if of.rstrip("?") == "tile"]
            out += [(rec[key], f"{ptr}/{j}/{key}") for j, rec in enumerate(value) for key in keys if key in rec]
    return out


def _count(v: object, ptr_base: str, name: str) -> int | None:
    """:func:`_int` (nullable, minimum 0) of ``v``, building its pointer only to reject it."""
    if v is None or (type(v) is int and v >= 0):
        return v
    return _int(v, f"{ptr_base}/{name}")


def _player(raw: object, ptr: str, flags_cls: type, parse_flags: Any) -> Player:
    # the pointers under ``ptr`` are built only where a value is rejected (or read the careful way);
    # a plain dict (what JSON gives) is read as one: its look-ups compile to dict calls
    d: dict[str, Any] = raw if type(raw) is dict else dict(_obj(raw, ptr))
    seat = d.get("seat")
    if type(seat) is not int or seat < 0:
        if "seat" not in d:
            raise InvalidRound(RoundError("missing_field", f"{ptr}/seat", "a player needs its seat"))
        seat = _int(seat, f"{ptr}/seat", nullable=False)
        assert seat is not None
    raw_discards = d.get("discards")
    if type(raw_discards) is not list:
        raw_discards = _list(raw_discards, f"{ptr}/discards")
    discards = _fast_discards(raw_discards)
    if discards is None:
        discards = tuple([_discard(x, f"{ptr}/discards/{i}") for i, x in enumerate(raw_discards)])
    if "hand" not in d:  # a hand left out is named as the service's shape check names it
        raise InvalidRound(RoundError("missing_field", f"{ptr}/hand", "a player needs its hand"))
    hand = _tiles_at(d["hand"], ptr, "hand")  # read before the melds: the first error raised stays the same
    raw_melds = d.get("melds")
    if type(raw_melds) is not list:
        raw_melds = _list(raw_melds, f"{ptr}/melds")
    melds = []
    for i, m in enumerate(raw_melds):
        found_meld = _fast_meld(m)
        melds.append(found_meld if found_meld is not None else _meld(m, f"{ptr}/melds/{i}"))
    flowers = d.get("flowers")
    return Player(
        seat,
        hand,
        tuple(melds),
        discards,
        _tiles_at(flowers, ptr, "flowers") if flowers else (),
        _count(d.get("ready_declared_turn"), ptr, "ready_declared_turn"),
        _flags(flags_cls, d.get("flags"), ptr, parse_flags),
    )


def _win_flag(d: Mapping[str, Any], key: str, ptr: str) -> bool:
    """:func:`_bool` of ``d[key]``, building its pointer only to reject it."""
    v = d.get(key)
    if v is None or v is False:
        return False
    if v is True:
        return True
    return _bool(v, f"{ptr}/{key}")


def _win(raw: object, ptr: str) -> Win:
    d: dict[str, Any] = raw if type(raw) is dict else dict(_obj(raw, ptr))
    winner = d.get("winner")
    if type(winner) is not int or winner < 0:
        winner = _int(winner, f"{ptr}/winner", nullable=False)
        assert winner is not None
    if "tile" not in d:
        raise InvalidRound(RoundError("missing_field", f"{ptr}/tile", "a win needs the winning tile"))
    from_seat = _count(d.get("from"), ptr, "from")
    raw_tile = d["tile"]
    tile = _CANONICAL.get(raw_tile) if type(raw_tile) is str else None
    if tile is None:
        tile = parse_tile(raw_tile, f"{ptr}/tile")
    return Win(winner, from_seat, tile, _count(d.get("turn"), ptr, "turn"),
               _win_flag(d, "kong_draw", ptr), _win_flag(d, "robbing_kong", ptr),
               _win_flag(d, "after_kong_discard", ptr), _win_flag(d, "last_tile", ptr),
               _win_flag(d, "heavenly", ptr), _win_flag(d, "earthly", ptr))


def parse_snapshot(body: Mapping[str, Any], flags_cls: type, parse_flags: Any) -> Snapshot:
    """Build the snapshot (tiles canonical) from a request body."""
    # read as dicts (what JSON gives): their look-ups compile to dict calls, a Mapping's are method calls
    d: dict[str, Any] = body if type(body) is dict else dict(body)
    players_raw = _list(d.get("players"), "/players")
    rev_obj = _obj(d.get("reveals") or {}, "/reveals")
    rev: dict[str, Any] = rev_obj if type(rev_obj) is dict else dict(rev_obj)
    flip = rev.get("chicken_flip")
    ind = rev.get("wild_indicator")
    round_id = d.get("round_id")
    if round_id is not None and not isinstance(round_id, str):
        raise InvalidRound(RoundError("invalid_type", "/round_id", "round_id must be a string"))
    if "dealer" not in d:  # 门风, the dealer's surcharges, 天胡/地胡 and the next dealer all hang on it
        raise InvalidRound(RoundError("missing_field", "/dealer", "give the dealer's seat (庄家)"))
    dealer = _int(d["dealer"], "/dealer", nullable=False)
    assert dealer is not None
    variant = str(d.get("variant"))
    players = tuple([_player(p, f"/players/{i}", flags_cls, parse_flags) for i, p in enumerate(players_raw)])
    wins = tuple([_win(w, f"/wins/{i}") for i, w in enumerate(_list(d.get("wins"), "/wins"))])
    reveals = Reveals(
        None if flip is None else parse_tile(flip, "/reveals/chicken_flip"),
        _tiles(rev.get("birds") or [], "/reveals/birds"),
        None if ind is None else parse_tile(ind, "/reveals/wild_indicator"),
    )
    return Snapshot(variant, round_id, dealer, players, wins, reveals,
                    _count(d.get("wall_remaining"), "", "wall_remaining"),
                    _count(d.get("last_drawer"), "", "last_drawer"))


# --- checks every variant shares ------------------------------------------------------


def _tile_places(snap: Snapshot) -> list[tuple[Tile, str]]:
    """Every physical tile in the snapshot, each once, with a pointer to it."""
    out: list[tuple[Tile, str]] = []
    for i, p in enumerate(snap.players):
        base = f"/players/{i}"
        out += [(t, f"{base}/hand/{k}") for k, t in enumerate(p.hand)]
        for j, m in enumerate(p.melds):
            out += [(t, f"{base}/melds/{j}") for t in m.tiles]
            out += [(t, f"{base}/melds/{j}/revealed/{k}") for k, t in enumerate(m.revealed)]
        out += [(d.tile, f"{base}/discards/{k}") for k, d in enumerate(p.discards) if d.claimed_by is None]
        out += [(t, f"{base}/flowers/{k}") for k, t in enumerate(p.flowers)]
    seen_discards: set[tuple[int | None, int | None, Tile]] = set()
    for i, w in enumerate(snap.wins):
        key = (w.from_seat, w.turn, w.tile)
        if w.self_drawn or key not in seen_discards:
            out.append((w.tile, f"/wins/{i}/tile"))
        if not w.self_drawn:
            seen_discards.add(key)
    r = snap.reveals
    if r.chicken_flip is not None:
        out.append((r.chicken_flip, "/reveals/chicken_flip"))
    out += [(t, f"/reveals/birds/{k}") for k, t in enumerate(r.birds)]
    if r.wild_indicator is not None:
        out.append((r.wild_indicator, "/reveals/wild_indicator"))
    return out


def _tiles_fit(snap: Snapshot, tileset: TileSet) -> bool:
    """Every tile of :func:`_tile_places` is in ``tileset`` and no face has more copies than it:
    the same question, without building a pointer per tile."""
    tiles: list[Tile] = []
    for p in snap.players:
        tiles += p.hand
        for m in p.melds:
            tiles += m.tiles
            tiles += m.revealed
        for d in p.discards:
            if d.claimed_by is None:
                tiles.append(d.tile)
        tiles += p.flowers
    seen_discards: set[tuple[int | None, int | None, Tile]] = set()
    for w in snap.wins:
        key = (w.from_seat, w.turn, w.tile)
        if w.self_drawn or key not in seen_discards:
            tiles.append(w.tile)
        if not w.self_drawn:
            seen_discards.add(key)
    r = snap.reveals
    if r.chicken_flip is not None:
        tiles.append(r.chicken_flip)
    tiles += r.birds
    if r.wild_indicator is not None:
        tiles.append(r.wild_indicator)
    return tileset.holds(tiles)


def unused_reveal_errors(snap: Snapshot, used: frozenset[str]) -> list[RoundError]:
    """A flipped tile the variant has no rule for (birds at a table without 抓鸟, a 翻鸡 where
    nothing is flipped) would be ignored in silence: each one given is ``unexpected_reveal``."""
    r = snap.reveals
    given = (("chicken_flip", r.chicken_flip is not None), ("birds", bool(r.birds)),
             ("wild_indicator", r.wild_indicator is not None))
    return [RoundError("unexpected_reveal", f"/reveals/{name}", f"{snap.variant} flips no tile for {name}: "
                       "it has no rule that reads it") for name, present in given if present and name not in used]


def check_common(snap: Snapshot, tileset: TileSet, players: tuple[int, int], hand_size: int,
                 allows_chow: bool, kept_draw: Callable[[Snapshot], frozenset[int]] | None = None,
                 chow_faces: Mapping[Tile, Tile] | None = None) -> None:
    """Seats, dealer, tile set, meld shapes, hand sizes, tile conservation, win seats.
    A seat in ``kept_draw(snap)`` may hold one tile more (a last draw kept, not discarded);
    it is asked only when a hand is one tile over. ``chow_faces``: tiles that play as another
    face in a chow (财神's 白板 standing in for the 财神's face)."""
    errors: list[RoundError] = []
    lo, hi = players
    if not lo <= snap.n <= hi:
        raise InvalidRound(RoundError("player_count", "/players", f"this variant is played by {lo}-{hi} players, got {snap.n}"))
    for i, p in enumerate(snap.players):
        if p.seat != i:
            errors.append(RoundError("seat_order", f"/players/{i}/seat", f"players must be listed by seat: expected {i}"))
    if snap.dealer >= snap.n:
        errors.append(RoundError("invalid_seat", "/dealer", f"no seat {snap.dealer} at a {snap.n}-player table"))
    if snap.last_drawer is not None and snap.last_drawer >= snap.n:
        errors.append(RoundError("invalid_seat", "/last_drawer", f"no seat {snap.last_drawer}"))
    if not _tiles_fit(snap, tileset):  # only then is a pointer needed for each tile
        places = _tile_places(snap)
        for t, ptr in places:
            if not tileset.has(t):
                errors.append(RoundError("tile_not_in_set", ptr, f"{t} ({chinese(t)}) is not in this variant's {tileset.id}-tile set"))
        if errors:
            raise InvalidRound(errors)
        counts = Counter(t for t, _ in places)
        for t, ptr in reversed(places):
            if counts[t] > tileset.copies[t]:
                errors.append(RoundError("too_many_copies", ptr,
                                         f"{counts[t]} copies of {t} ({chinese(t)}) in the round; the set has {tileset.copies[t]}"))
                counts[t] = -1_000  # report each face once
    elif errors:
        raise InvalidRound(errors)
    errors += [RoundError("tile_not_in_set", ptr, f"{t} ({chinese(t)}) is not in this variant's {tileset.id}-tile set")
               for i, p in enumerate(snap.players) for t, ptr in _flag_tiles(p.flags, f"/players/{i}")
               if not tileset.has(t)]
    kept: frozenset[int] | None = None
    for i, p in enumerate(snap.players):
        errors += _check_melds(p, i, snap.n, allows_chow, chow_faces)
        size = len(p.hand) + 3 * len(p.melds)
        holds_kept_draw = False
        if size == hand_size + 1 and kept_draw is not None:
            kept = kept_draw(snap) if kept is None else kept
            holds_kept_draw = i in kept
        if size != hand_size and not holds_kept_draw:
            errors.append(RoundError("hand_size", f"/players/{i}/hand",
                                     f"{len(p.hand)} concealed tiles and {len(p.melds)} melds make {size}; "
                                     f"a hand here holds {hand_size} (the winning tile is given in wins)"))
        for k, d in enumerate(p.discards):
            if d.claimed_by is not None and (d.claimed_by >= snap.n or d.claimed_by == i):
                errors.append(RoundError("invalid_seat", f"/players/{i}/discards/{k}/claimed_by", "not another seat at this table"))
    if not errors:
        errors += _claim_errors(snap)
    errors += _wall_bound_errors(snap, tileset)
    for i, w in enumerate(snap.wins):
        if w.winner >= snap.n:
            errors.append(RoundError("invalid_seat", f"/wins/{i}/winner", f"no seat {w.winner}"))
        if w.from_seat is not None and (w.from_seat >= snap.n or w.from_seat == w.winner):
            errors.append(RoundError("invalid_seat", f"/wins/{i}/from", "the discarder must be another seat at this table"))
        if w.self_drawn and (w.robbing_kong or w.after_kong_discard):
            errors.append(RoundError("inconsistent_win", f"/wins/{i}/from",
                                     "robbing a kong or winning on a discard after a kong needs the seat it came from"))
        if not w.self_drawn and w.kong_draw:
            errors.append(RoundError("inconsistent_win", f"/wins/{i}/kong_draw", "a win on the kong replacement tile is self-drawn"))
    if errors:
        raise InvalidRound(errors)


def _wall_bound_errors(snap: Snapshot, tileset: TileSet) -> list[RoundError]:
    """No more tiles can be left in the wall than the set holds beyond those the round shows in
    hands, melds, discards, flowers and wins (turned-up tiles, birds and 开杠's shown tiles are not
    counted: a table may report the wall before or after drawing them)."""
    left = snap.wall_remaining
    if left is None:
        return []
    seen = sum(len(p.hand) + sum(len(m.tiles) for m in p.melds) + len(p.flowers)
               + sum(1 for d in p.discards if d.claimed_by is None) for p in snap.players)
    seen += len({(w.from_seat, w.turn, w.tile) if not w.self_drawn else (w.winner, k) for k, w in enumerate(snap.wins)})
    most = tileset.size - seen
    if left <= most:
        return []
    return [RoundError("inconsistent_wall", "/wall_remaining", f"{left} tiles left, but the {tileset.size}-tile set "
                       f"holds {seen} in hands, melds, discards, flowers and wins: at most {max(most, 0)} can be left")]


def _claim_errors(snap: Snapshot) -> list[RoundError]:
    """A claimed discard "is counted once, in the claimer's meld" (DESIGN): each one needs a
    meld of the claimer holding that tile, fed by the discarder (or an added kong, whose
    feeder may be left out). Without one the tile would be counted nowhere."""
    errors: list[RoundError] = []
    used: set[tuple[int, int]] = set()  # (claimer, meld index) already matched
    for s, p in enumerate(snap.players):
        for k, d in enumerate(p.discards):
            c = d.claimed_by
            if c is None:
                continue
            fits = [j for j, m in enumerate(snap.players[c].melds) if (c, j) not in used and m.kind != "concealed"
                     and d.tile in m.tiles and m.from_seat in (s, None)]
            # a meld naming this discarder first: one without a feeder may be another's claim
            fits.sort(key=lambda j: snap.players[c].melds[j].from_seat is None)
            if fits:
                used.add((c, fits[0]))
            else:
                errors.append(RoundError("inconsistent_meld", f"/players/{s}/discards/{k}/claimed_by",
                                         f"seat {c} shows no meld of {d.tile} ({chinese(d.tile)}) claimed from seat {s}; "
                                         "a claimed discard is counted in the claimer's meld"))
    return errors


def _check_melds(p: Player, i: int, n: int, allows_chow: bool,
                 chow_faces: Mapping[Tile, Tile] | None = None) -> list[RoundError]:
    errors: list[RoundError] = []
    for j, m in enumerate(p.melds):
        # (the pointer is built only for a meld with something to report)
        if m.type == "chow":
            if not allows_chow:
                errors.append(RoundError("chow_not_allowed", f"/players/{i}/melds/{j}", "this variant has no chow"))
            elif not _is_run(m.tiles if not chow_faces else tuple([chow_faces.get(t, t) for t in m.tiles])):
                errors.append(RoundError("invalid_meld", f"/players/{i}/melds/{j}/tiles",
                                         "a chow is three consecutive tiles of one suit"))
            if m.from_seat is not None and m.from_seat < n and m.from_seat not in (i, (i - 1) % n):
                errors.append(RoundError("invalid_meld", f"/players/{i}/melds/{j}/from",
                                         f"a chow takes the discard of the 上家, the seat before: seat {(i - 1) % n}"))
        needs_from = m.type in ("chow", "pong") or m.kind == "exposed"
        if needs_from and m.from_seat is None:
            errors.append(RoundError("missing_field", f"/players/{i}/melds/{j}/from",
                                     f"a {m.kind or m.type} {m.type} needs the seat that fed it"))
        if m.from_seat is not None and (m.from_seat >= n or m.from_seat == i):
            errors.append(RoundError("invalid_seat", f"/players/{i}/melds/{j}/from", "must be another seat at this table"))
        if m.kind in ("added", "concealed") and m.from_seat is not None and m.kind == "concealed":
            errors.append(RoundError("invalid_meld", f"/players/{i}/melds/{j}/from", "a concealed kong is fed by nobody"))
    return errors


def _is_run(tiles: tuple[Tile, ...]) -> bool:
    if len(tiles) != 3 or any(len(t) != 2 or t[1] not in "mps" for t in tiles):
        return False
    ranks = sorted(int(t[0]) for t in tiles)
    return len({t[1] for t in tiles}) == 1 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1
