"""斗地主 (``doudizhu``) over HTTP: the card-game fields of the round, their problems, batch and analyze.

The round used throughout (``SPRING``), classic mode, worked by hand from the seed
(``001_a1ce558555b69162.txt``) and the lead's readings (R-numbers, rules page
``docs/variants/doudizhu.md``):

* the deal (R2, 001:601): seat 0 is dealt ``33 4…Q 2222 BJ RJ`` (17), seat 1
  ``3 444 555 666 777 888 9``, seat 2 ``99 10 10 10 JJJ QQQ KKK AAA``, the 底牌 ``3 K A``:
  54 cards, four of each rank and one of each joker;
* the bidding (R4, 001:625 "每抢地主 *2 /次"): seat 0 (the dealer) calls, seat 1 robs,
  seat 2 passes, seat 0 robs again: landlord seat 0, two robs, ×2² = ×4;
* the plays (R7, R8): seat 0 holds 20 cards and leads 3…A (a 12-card straight, 单顺
  001:611), both farmers pass; leads 2222 (炸弹 001:621), both pass; leads BJ RJ (火箭
  001:620, 王炸 in the multiplier table), both pass; leads 33 (对牌 001:605) and is out: the
  landlord wins and neither farmer played a card (春天, R5);
* the multipliers for each farmer f (R5, R6; 001:624 底分 1, 001:625 抢地主 ×2 each, 明牌
  ×2-5, 加倍 ×2, 超级加倍 ×4, 春天 ×2; 001:627 经典: 王炸 ×2, 炸弹 ×2):
  底分 1 × 初始 1 × 抢地主 4 × 明牌 2 (seat 0 shows at ×2, the table's largest) × 炸弹 4
  (王炸 2 × 炸弹 2) × 春天 2 × 加倍 (地主 ``double`` 2) × (farmer: seat 1 ``none`` 1,
  seat 2 ``super`` 4):
  seat 1 pays 1·1·4·2·4·2·2·1 = **128**, seat 2 pays 128·4 = **512**;
* totals [+640, −128, −512]; the next first bidder is the winner, seat 0 (R6
  ``next_first_bidder`` default ``winner``).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.variants import REGISTRY
from service.fastshape import accepts
from service.problems import INVALID_REQUEST, INVALID_ROUND
from service.schemas import ANALYZE, ROUND, shape_errors
from tests.contract.openapi_tools import codes, contract, errors, post
from tests.golden_cases import GOLDEN, load

pytestmark = pytest.mark.skipif("doudizhu" not in REGISTRY, reason="the doudizhu engine is not registered yet")

BATCH = "/v1/settlements/batch"

SPRING: dict[str, Any] = {
    "variant": "doudizhu",
    "round_id": "ddz/spring",
    "options": {"mode": "classic"},
    "dealer": 0,
    "players": [
        {"seat": 0, "hand": ["3", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "2", "2", "2", "2", "BJ", "RJ"],
         "flags": {"double": "double", "show_cards": 2}},
        {"seat": 1, "hand": "34445556667778889"},  # a compact string (R1)
        {"seat": 2, "hand": ["9", "9", "10", "10", "10", "J", "J", "J", "Q", "Q", "Q", "K", "K", "K", "A", "A", "A"],
         "flags": {"double": "super"}},
    ],
    "bottom": ["3", "K", "A"],
    "bidding": [{"seat": 0, "action": "call"}, {"seat": 1, "action": "rob"}, {"seat": 2, "action": "pass"},
                {"seat": 0, "action": "rob"}],
    "plays": [
        {"seat": 0, "cards": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]},
        {"seat": 1, "cards": []},
        {"seat": 2, "cards": []},
        {"seat": 0, "cards": "2222"},
        {"seat": 1, "cards": []},
        {"seat": 2, "cards": ""},
        {"seat": 0, "cards": ["小王", "大王"]},
        {"seat": 1, "cards": []},
        {"seat": 2, "cards": []},
        {"seat": 0, "cards": ["3", "3"]},
    ],
}
TOTALS = [640, -128, -512]


def a_round(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(SPRING)
    body.update(changes)
    return body


# --- a round settles ----------------------------------------------------------------------


def test_the_round_takes_the_fast_shape_path_and_conforms_to_the_contract() -> None:
    body = a_round()
    assert accepts(ROUND, body)
    assert shape_errors(ROUND, body) == []
    assert errors("SettlementRequest", body) == []


def test_a_spring_with_two_robs_a_bomb_and_the_rocket(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/settlements", a_round())
    assert status == 200, answer
    assert errors("Settlement", answer) == []
    assert [s["total"] for s in answer["scores"]] == TOTALS
    # R6: one item per farmer, the farmer paying the landlord (the landlord's side won)
    assert sorted((it["payer"], it["payee"], it["points"]) for it in answer["items"]) == [(1, 0, 128), (2, 0, 512)]
    assert {it["name"] for it in answer["items"]} == {"地主胜"}
    assert {it["name_en"] for it in answer["items"]} == {"Landlord wins"}
    assert answer["next_dealer"] == 0
    assert answer["round_id"] == "ddz/spring"
    hands = {h["seat"]: h for h in answer["hands"]}
    assert hands[0]["role"] == "landlord" and hands[0]["won"] is True and hands[0]["cards_left"] == []
    assert hands[1]["role"] == hands[2]["role"] == "farmer"
    assert hands[1]["won"] is hands[2]["won"] is False
    # R10: what is left, canonical and ascending (10 after 9, 小王 as BJ)
    assert hands[1]["cards_left"] == ["3", "4", "4", "4", "5", "5", "5", "6", "6", "6", "7", "7", "7", "8", "8", "8", "9"]
    assert hands[2]["cards_left"] == ["9", "9", "10", "10", "10", "J", "J", "J", "Q", "Q", "Q", "K", "K", "K",
                                      "A", "A", "A"]
    assert {"炸弹", "王炸"} <= set(hands[0]["patterns"])  # the bombs were seat 0's (R10)
    for h in answer["hands"]:
        assert "waits" not in h  # a card game has no 听牌


def test_the_same_round_gives_the_same_bytes(client: FlaskClient) -> None:
    first = client.post("/v1/settlements", json=a_round())
    again = client.post("/v1/settlements", json=a_round())
    assert first.status_code == again.status_code == 200
    assert first.data == again.data


def test_expected_totals_are_compared(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/settlements", a_round(expected={"totals": [640, -512, -128]}))
    assert status == 200
    assert answer["mismatches"]["count"] == 2
    assert [(t["seat"], t["difference"]) for t in answer["mismatches"]["totals"]] == [(1, 384), (2, -384)]


# --- problems, each at its pointer -------------------------------------------------------------


def test_an_unknown_card_is_the_engines_422_at_the_card(client: FlaskClient) -> None:
    body = a_round()
    body["players"][2]["hand"][3] = "11"
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert ("/players/2/hand/3", "unknown_card") in codes(problem)


@pytest.mark.parametrize(("change", "pointer", "code"), [
    (lambda b: b["plays"][3].pop("cards"), "/plays/3/cards", "missing_field"),
    (lambda b: b["plays"][3].update(seat="0"), "/plays/3/seat", "invalid_type"),
    (lambda b: b["plays"][3].update(card="2222"), "/plays/3/card", "unknown_field"),
    (lambda b: b["bidding"][1].update(seat=-1), "/bidding/1/seat", "invalid_value"),
    (lambda b: b["bidding"][1].update(action=2), "/bidding/1/action", "invalid_type"),
    (lambda b: b["bidding"][1].pop("action"), "/bidding/1/action", "missing_field"),
    (lambda b: b.update(bidding={"seat": 0, "action": "call"}), "/bidding", "invalid_type"),
    (lambda b: b.update(plays="2222"), "/plays", "invalid_type"),
    (lambda b: b.update(landlord=-1), "/landlord", "invalid_value"),
    (lambda b: b.update(landlord="0"), "/landlord", "invalid_type"),
    (lambda b: b.update(bottom=None), "/bottom", "invalid_type"),
])
def test_a_malformed_card_field_is_a_shape_error_at_its_pointer(client: FlaskClient, change: Any, pointer: str,
                                                                 code: str) -> None:
    body = a_round()
    change(body)
    assert errors("SettlementRequest", body), "the contract forbids it too"
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert problem["type"] == INVALID_REQUEST
    assert codes(problem) == [(pointer, code)]


def test_a_mahjong_round_carrying_plays_is_field_not_used(client: FlaskClient) -> None:
    body = load(GOLDEN / "zhuanzhuan" / "readme-example.json")["request"]
    body["plays"] = [{"seat": 0, "cards": ["3"]}]
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert codes(problem) == [("/plays", "field_not_used")]


@pytest.mark.parametrize("field", ["bottom", "bidding", "wilds", "landlord"])
def test_a_mahjong_round_carrying_any_card_field_is_field_not_used(client: FlaskClient, field: str) -> None:
    body = load(GOLDEN / "zhuanzhuan" / "readme-example.json")["request"]
    body[field] = {"wilds": ["7"], "landlord": 0}.get(field, SPRING.get(field))
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert codes(problem) == [(f"/{field}", "field_not_used")]


def test_a_doudizhu_round_carrying_wins_is_field_not_used(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/settlements", a_round(wins=[{"winner": 0, "tile": "3"}]))
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert codes(problem) == [("/wins", "field_not_used")]


def test_a_doudizhu_player_carrying_discards_is_field_not_used(client: FlaskClient) -> None:
    body = a_round()
    body["players"][1]["discards"] = ["3"]
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert codes(problem) == [("/players/1/discards", "field_not_used")]


def test_a_landlord_the_bidding_does_not_give(client: FlaskClient) -> None:
    """R4: the landlord is the last seat that called or robbed, seat 0 here."""
    status, problem = post(client, "/v1/settlements", a_round(landlord=1))
    assert status == 422
    assert codes(problem) == [("/landlord", "landlord_mismatch")]
    status, answer = post(client, "/v1/settlements", a_round(landlord=0))
    assert status == 200
    assert [s["total"] for s in answer["scores"]] == TOTALS


# --- batch ------------------------------------------------------------------------------------


def test_batch_with_doudizhu_rounds(client: FlaskClient) -> None:
    bad = a_round()
    bad["players"][2]["hand"][3] = "11"
    rounds = [a_round(), a_round(expected={"totals": TOTALS}), bad, a_round(plays="2222")]
    status, answer = post(client, BATCH, {"rounds": rounds})
    assert status == 200
    assert errors("BatchResult", answer) == []
    first, second, third, fourth = answer["results"]
    assert [s["total"] for s in first["scores"]] == TOTALS
    assert second["mismatches"]["count"] == 0
    assert third["status"] == 422 and ("/players/2/hand/3", "unknown_card") in codes(third)
    assert third["instance"] == f"{BATCH}#/rounds/2"
    assert fourth["status"] == 422 and codes(fourth) == [("/plays", "invalid_type")]
    assert answer["summary"] == {"total": 4, "settled": 2, "rejected": 2, "mismatched": 0}
    # each slot is what the single endpoint answers for that round
    status, alone = post(client, "/v1/settlements", rounds[0])
    assert alone == first


# --- analyze ------------------------------------------------------------------------------------


def test_analyze_with_wilds_takes_the_fast_path() -> None:
    body = {"variant": "doudizhu", "hand": "AAA7", "options": {"mode": "wild"}, "wilds": ["7"]}
    assert accepts(ANALYZE, body)
    assert errors("AnalyzeRequest", body) == []


def test_analyze_a_soft_bomb_with_a_wild(client: FlaskClient) -> None:
    """R9, 001:622: with 7 wild, AAA + 7 is a 软炸弹 of A (the 7 stands for an A)."""
    status, answer = post(client, "/v1/hands/analyze",
                          {"variant": "doudizhu", "hand": "AAA7", "options": {"mode": "wild"}, "wilds": ["7"]})
    assert status == 200, answer
    assert errors("CardAnalysis", answer) == []
    bombs = [r for r in answer["readings"] if r["bomb"] != "none"]
    assert [(r["bomb"], r["rank"], r["as"]) for r in bombs] == [("soft", "A", ["A"])]


def test_analyze_four_wilds_is_a_pure_bomb(client: FlaskClient) -> None:
    """R9, 001:619: four wild cards are a 纯癞子炸弹."""
    status, answer = post(client, "/v1/hands/analyze",
                          {"variant": "doudizhu", "hand": ["7", "7", "7", "7"], "options": {"mode": "wild"},
                           "wilds": ["7"]})
    assert status == 200, answer
    assert [r["bomb"] for r in answer["readings"]] == ["pure"]


def test_analyze_classic_has_no_wilds(client: FlaskClient) -> None:
    """R3: classic mode takes no wild rank."""
    status, problem = post(client, "/v1/hands/analyze", {"variant": "doudizhu", "hand": "AAA7", "wilds": ["7"]})
    assert status == 422
    assert [p for p, _ in codes(problem)] == ["/wilds"]
    status, answer = post(client, "/v1/hands/analyze", {"variant": "doudizhu", "hand": "AAA7"})
    assert status == 200
    assert {r["bomb"] for r in answer["readings"]} == {"none"}
    assert {r["rank"] for r in answer["readings"]} == {"A"}  # 三带一 of A (001:609)


def test_analyze_wilds_of_the_wrong_shape(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/hands/analyze",
                           {"variant": "doudizhu", "hand": "AAA7", "options": {"mode": "wild"}, "wilds": 7})
    assert status == 422
    assert [p for p, _ in codes(problem)] == ["/wilds"]


# --- the contract ---------------------------------------------------------------------------------


def test_the_contract_separates_card_and_mahjong_rounds() -> None:
    schemas = contract()["components"]["schemas"]
    card = schemas["Round.doudizhu"]["properties"]
    for name in ("bottom", "bidding", "plays", "wilds", "landlord"):
        assert name in card
    for name in ("wins", "wall_remaining", "last_drawer", "reveals"):
        assert name not in card
    assert set(schemas["Player.doudizhu"]["properties"]) == {"seat", "hand", "flags"}
    for vid in REGISTRY:
        if vid != "doudizhu":
            assert not {"bottom", "bidding", "plays", "wilds", "landlord"} & set(schemas[f"Round.{vid}"]["properties"])
    for name in ("Bid", "Play", "Round.doudizhu", "Player.doudizhu"):
        assert schemas[name]["additionalProperties"] is False, name
