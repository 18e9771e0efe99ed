"""邯郸麻将 properties on generated rounds (rules/generator.py): zero-sum, determinism,
seat rotation, and relations between options that hold for every round."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import api
from rules.generator import generate
from tests.support import rotate

MODES = ("dianpao_yijia", "dianpao_sanjia", "mingkou", "yipao_baosanjia")
SEEDS = st.integers(min_value=0, max_value=10_000)


def totals(body: dict[str, Any]) -> list[int]:
    return [s["total"] for s in api.settle(body)["scores"]]


def by_kind(body: dict[str, Any], kind: str) -> list[int]:
    return [s["by_kind"].get(kind, 0) for s in api.settle(body)["scores"]]




@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, mode=st.sampled_from(MODES), n=st.integers(min_value=2, max_value=4), k=st.integers(min_value=1, max_value=3))
def test_zero_sum_deterministic_and_rotation(seed: int, mode: str, n: int, k: int) -> None:
    body = generate("handan", seed, n_players=n, options={"mode": mode})
    answer = api.settle(body)
    assert sum(s["total"] for s in answer["scores"]) == 0
    assert all(isinstance(i["points"], int) and i["points"] > 0 and i["payer"] != i["payee"] for i in answer["items"])
    assert api.settle(body) == answer
    before = [s["total"] for s in answer["scores"]]
    after = totals(rotate(body, k % n))
    assert [after[(s + k) % n] for s in range(n)] == before
    nd = answer["next_dealer"]
    assert nd == body["dealer"] or (body["wins"] and nd == (body["dealer"] + 1) % n)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, mode=st.sampled_from(MODES))
def test_base_points_scale_everything(seed: int, mode: str) -> None:
    body = generate("handan", seed, options={"mode": mode})
    five = copy.deepcopy(body)
    five["options"] = {**body["options"], "base_points": 5}
    assert totals(five) == [5 * t for t in totals(body)]


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, mode=st.sampled_from(MODES))
def test_self_draw_double_doubles_only_self_draws(seed: int, mode: str) -> None:
    body = generate("handan", seed, options={"mode": mode})
    on, off = copy.deepcopy(body), copy.deepcopy(body)
    on["options"] = {**body["options"], "self_draw_double": True}
    off["options"] = {**body["options"], "self_draw_double": False}
    self_drawn = bool(body["wins"]) and body["wins"][0].get("from") is None
    factor = 2 if self_drawn else 1
    assert by_kind(on, "hu") == [factor * x for x in by_kind(off, "hu")]
    assert by_kind(on, "kong") == by_kind(off, "kong")


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_baosanjia_pays_what_all_would_pay(seed: int) -> None:
    """一炮包三家 (004:116) moves every share of a discard win onto the discarder: the winner
    gets the same as under 点炮得三家, the discarder pays the sum."""
    same = {"kong_rule": "rule3", "self_draw_double": True, "multi_win": False}
    body = generate("handan", seed, options={"mode": "dianpao_sanjia", **same})
    bao = copy.deepcopy(body)
    bao["options"] = {**body["options"], "mode": "yipao_baosanjia"}
    everyone, covered = by_kind(body, "hu"), by_kind(bao, "hu")
    wins = body["wins"]
    if not wins or wins[0].get("from") is None:
        assert covered == everyone
        return
    winner, discarder = wins[0]["winner"], wins[0]["from"]
    assert covered[winner] == everyone[winner]
    assert covered[discarder] == -everyone[winner]
    assert all(covered[s] == 0 for s in range(len(covered)) if s not in (winner, discarder))


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, mode=st.sampled_from(MODES))
def test_drawn_rounds_pay_only_kongs(seed: int, mode: str) -> None:
    body = generate("handan", seed, options={"mode": mode}, p_win=0.0)
    answer = api.settle(body)
    assert {i["kind"] for i in answer["items"]} <= {"kong"}
    assert answer["next_dealer"] == body["dealer"]  # 荒庄: the dealer stays (004:18)


def test_generated_rounds_stop_at_the_draw_line() -> None:
    """流局要求 (004:19): without a kong the round is drawn with 7 墩 (14 tiles) left, or with
    the wall empty when 不带风. Generated rounds keep that line, in both kinds of table."""
    seen = {"drawn": 0, "won": 0, "drawn_no_honours": 0}
    for seed in range(60):
        for honours in (True, False):
            body = generate("handan", seed, options={"with_honours": honours})
            if any(m["type"] == "kong" for p in body["players"] for m in p.get("melds", [])):
                continue  # each kong after the first moves the line: not asserted here
            left = body["wall_remaining"]
            if not honours:
                if not body["wins"]:
                    assert left == 0, (seed, left)
                    seen["drawn_no_honours"] += 1
            elif body["wins"]:
                assert left >= 14, (seed, left)
                seen["won"] += 1
            else:
                assert left == 14, (seed, left)
                seen["drawn"] += 1
            api.settle(body)  # and the engine accepts every one
    assert all(seen.values()), seen  # each case was really generated
