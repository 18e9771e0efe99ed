"""Pattern tables: each pattern's value, names (中文/English) and exclusions (不计) as data."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

_DERIVED_LIMIT = 256  # tables remembered per table by with_values


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern: id, 中文 name, English name, value, and what it excludes."""

    id: str
    zh: str
    en: str
    value: int
    excludes: tuple[str, ...] = ()
    note: str = ""


class PatternTable:
    """An immutable table of patterns; options derive new tables with :meth:`with_values`."""

    def __init__(self, patterns: Iterable[Pattern]) -> None:
        table = {p.id: p for p in patterns}
        self._table: Mapping[str, Pattern] = MappingProxyType(table)
        self._check()
        # tables derived by with_values, by the values asked (a variant asks per round, the
        # same few values every time; tables are immutable, so each is made and checked once)
        self._derived: dict[tuple[tuple[str, int], ...], PatternTable] = {}

    def _check(self) -> None:
        for p in self._table.values():
            for x in p.excludes:
                if x not in self._table:
                    raise ValueError(f"{p.id} excludes unknown pattern {x}")
        # no cycles: a pattern may not (transitively) exclude itself
        for start in self._table:
            stack, seen = list(self._table[start].excludes), set()
            while stack:
                x = stack.pop()
                if x == start:
                    raise ValueError(f"exclusion cycle through {start}")
                if x not in seen:
                    seen.add(x)
                    stack.extend(self._table[x].excludes)

    def __getitem__(self, pid: str) -> Pattern:
        return self._table[pid]

    def __contains__(self, pid: object) -> bool:
        return pid in self._table

    def __iter__(self) -> Iterator[Pattern]:
        return iter(self._table.values())

    def __len__(self) -> int:
        return len(self._table)

    def value(self, pid: str) -> int:
        return self._table[pid].value

    def apply_exclusions(self, found: Iterable[str]) -> tuple[str, ...]:
        """Drop every pattern excluded (不计) by another pattern found, keep order."""
        found = list(dict.fromkeys(found))
        dropped = {x for pid in found for x in self._table[pid].excludes}
        return tuple(pid for pid in found if pid not in dropped)

    def with_values(self, **values: int) -> PatternTable:
        """A new table with some values changed (an option never mutates a table)."""
        key = tuple(values.items())
        found = self._derived.get(key)
        if found is None:
            found = PatternTable(
                dataclasses.replace(p, value=values[p.id]) if p.id in values else p for p in self._table.values()
            )
            if len(self._derived) >= _DERIVED_LIMIT:
                self._derived.clear()
            self._derived[key] = found
        return found

    def describe(self) -> list[dict[str, object]]:
        return [
            {"id": p.id, "zh": p.zh, "en": p.en, "value": p.value, "excludes": list(p.excludes),
             **({"note": p.note} if p.note else {})}
            for p in self._table.values()
        ]
