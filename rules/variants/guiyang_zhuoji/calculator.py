"""贵阳捉鸡麻将 Guiyang "catch the chicken" mahjong — seed 000_3c064d3c0991bdb9.txt, whole.

112 tiles (108 suited + 4 红中 as a plain honour), 2-4 players, pong and kong, no chow.
Score = 鸡分 + 豆分 + 胡牌分 + 其他分 (000:199), every part its own line: the win
(pattern + 名堂, hu.py), the kongs (豆, dou.py), the chickens (鸡, chickens.py); a drawn
round pays only 查叫 (draw.py). The next dealer follows 坐庄规则 (dealer.py). Readings
of unclear clauses are in docs/variants/guiyang-zhuoji.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...errors import InvalidRound
from ...hand import HandRules
from ...ledger import HandReport, Ledger, Settlement
from ...passes import PassRule, passed_pong_errors, passed_win_errors
from ...snapshot import Player, Snapshot
from ...tiles import SET_112, Tile, TileSet
from ...variant import Variant
from . import checks, facts
from .chickens import chicken_lines, full_of_flipped
from .dealer import next_dealer
from .dou import dou_lines
from .draw import best_wait, chajiao_lines
from .facts import Facts, Line
from .hu import bonuses, win_lines
from .options import Flags, Options
from .patterns import ALL_PATTERNS, BONUSES, RULES, evaluate

# 再未更换手牌的时候（碰杠，上牌），同一轮内不能点炮同一张牌 / 不能碰同一张牌 (000:183-185)
_PASSED_WIN: Final = PassRule("过胡限制", "000:183", "tile", by_claim=True)
_PASSED_PONG: Final = PassRule("过碰限制", "000:185", "tile", by_claim=True)


class GuiyangZhuoji(Variant):
    id = "guiyang-zhuoji"
    name = "贵阳捉鸡麻将"
    name_en = "Guiyang Chicken Mahjong"
    rules_version = "guiyang-zhuoji/1"
    source = "000_3c064d3c0991bdb9.txt:1-209"
    players = (2, 4)
    Options = Options
    Flags = Flags
    patterns = ALL_PATTERNS
    reveals_used = frozenset({"chicken_flip"})
    marks_delayed_kongs = True  # 憨包豆 (000:57)
    declares_ready = True  # 报听 (000:157)

    def tileset(self, opts: Any, n_players: int) -> TileSet:
        return SET_112  # 条万筒 + 红中, at any table size (000:3-5)

    def hand_rules(self, snap: Snapshot | None, opts: Any) -> HandRules:
        return RULES

    def validate(self, snap: Snapshot, opts: Any) -> None:
        errors = [*checks.round_errors(facts.build(snap, opts)), *passed_win_errors(snap, _PASSED_WIN),
                  *passed_pong_errors(snap, _PASSED_PONG)]
        if errors:
            raise InvalidRound(errors)

    def settle(self, snap: Snapshot, opts: Any) -> Settlement:
        f = facts.build(snap, opts)
        notes: list[str] = []
        if snap.wins:
            lines = [line for w in snap.wins for line in win_lines(f, w)]
            dou, dou_notes = dou_lines(f)
            lines += _burn(f, dou + chicken_lines(f), notes)
            notes = dou_notes + notes
        else:
            lines = chajiao_lines(f)
            notes.append("荒庄: no 豆 or 鸡 is scored, no 包冲锋鸡 or 包鸡, no 连庄分 (000:189-195)")
        ledger = Ledger(snap.n)
        base: int = opts.base_points
        scale = f" ×底分{base}" if base != 1 else ""
        for line in lines:
            ledger.pay(line.payer, line.payee, line.points * base, line.kind, line.name, line.name_en, line.note + scale)
        return Settlement(ledger.items, self._hands(f), next_dealer(snap, f.ready, opts), tuple(notes))

    def _hands(self, f: Facts) -> tuple[HandReport, ...]:
        won = {w.winner: w for w in f.snap.wins}
        out = []
        for s, p in enumerate(f.snap.players):
            extra: dict[str, Any] = {"ready_declared": f.declared[s], "pass": bool(p.kongs)}
            names: tuple[str, ...] = ()
            value = f.values[s]
            if s in won and value is not None:
                ids = bonuses(f, won[s])
                if f.opts.full_chicken_pure_suit and full_of_flipped(f, s) and value.value < BONUSES["manji"].value:
                    ids.append("manji")
                names = (value.pattern.zh, *(BONUSES[b].zh for b in ids))
                extra["pattern_value"] = value.value
            elif f.ready[s]:
                best = best_wait(p, f.waits[s])
                if best is not None:
                    extra["best_wait"] = {"tile": best.tile, "pattern": best.value.pattern.zh, "value": best.value.value}
            out.append(HandReport(s, s in won, names, f.ready[s], f.waits[s], extra))
        return tuple(out)

    def value_of_wait(self, player: Player, tile: Tile, snap: Snapshot | None, opts: Any) -> tuple[tuple[str, ...], int] | None:
        """The best 牌型 a win on ``tile`` would score, without 名堂: what 查叫 charges (000:189)."""
        v = evaluate(player.hand, player.melds, tile)
        return None if v is None else ((v.pattern.zh,), v.value)

    def analyze(self, body: Mapping[str, Any], opts: Any) -> dict[str, Any]:
        out = super().analyze(body, opts)
        priced = [w for w in out.get("waits", []) if "value" in w]
        if priced:
            best = max(priced, key=lambda w: w["value"])  # first of the highest, in tile order
            out["best_wait"] = {"tile": best["tile"], "patterns": best["patterns"], "value": best["value"]}
        return out


def _burn(f: Facts, lines: list[Line], notes: list[str]) -> list[Line]:
    """烧豆/烧鸡: the robbed player (options, 000:167-169) and the player fed into by 热炮
    (000:171-173) collect no 豆/鸡 points but still pay."""
    burned: dict[str, dict[int, str]] = {"dou": {}, "chicken": {}}
    for w in f.snap.wins:
        if w.from_seat is None:
            continue
        if w.after_kong_discard:
            burned["dou"][w.from_seat] = "热炮烧豆 (000:171)"
            burned["chicken"][w.from_seat] = "热炮烧鸡 (000:173)"
        if w.robbing_kong and f.opts.robbed_kong_burns_dou:
            burned["dou"][w.from_seat] = "抢杠烧豆 (000:167)"
        if w.robbing_kong and f.opts.robbed_kong_burns_chicken:
            burned["chicken"][w.from_seat] = "抢杠烧鸡 (000:169)"
    kept = []
    for line in lines:
        rule = burned[line.kind].get(line.payee)
        if rule is None:
            kept.append(line)
        else:
            notes.append(f"{rule}: {line.name} {line.points} from seat {line.payer} to seat {line.payee} "
                         f"is not scored ({line.note})")
    return kept


VARIANT: Final[GuiyangZhuoji] = GuiyangZhuoji()
