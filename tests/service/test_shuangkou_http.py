"""双扣 (``shuangkou``) over HTTP: the record fields of the round, their shape and problems, batch,
analyze and the description.

The round used throughout (``WORKED``) is the worked round of the rules page
(docs/variants/shuangkou.md), classic mode, worked by hand from the seed
(``001_a1ce558555b69162.txt``) and the lead's readings (S-numbers):

* four players, partners opposite (S2); seat 0 goes out first, its partner seat 2 second: 双扣,
  基准分 3 (001:71, S3);
* seat 0 played 55555 66666 7777 (5线 5线 4线, S4): 5 5 → 2 + 5 − 1 = 6线 (001:47 ②, S6): 贡献分 2 from
  each other player (001:50, S7), row ×4 (001:62); seat 1 played 8888 9999 TTTT: three 4线, nothing
  stacks (① needs N ≥ 4): row 3个4线 ×2 (001:60); seat 2 played QQQQQQ KKKKKK: 6 6 → 7线: 贡献分 4
  (001:51), ×8 (001:63); seat 3 played nothing: ×1;
* 炸弹翻倍数 = max(4, 2, 8, 1) = 8 (S8): each loser pays its 下家 3 × 8 = 24 (seat 1 → 2, seat 3 → 0);
* totals: seat 0 24 + 3·2 − 4 = 26, seat 1 −24 − 2 − 4 = −30, seat 2 24 + 3·4 − 2 = 34, seat 3 −30;
  next dealer the 头游, seat 0 (S10).
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

pytestmark = pytest.mark.skipif("shuangkou" not in REGISTRY, reason="the shuangkou engine is not registered yet")

BATCH = "/v1/settlements/batch"

WORKED: dict[str, Any] = {
    "variant": "shuangkou",
    "round_id": "sk/worked",
    "dealer": 0,
    "finish_order": [0, 2],
    "players": [
        {"seat": 0, "bombs": ["55555", "66666", ["7", "7", "7", "7"]], "hand": []},
        {"seat": 1, "bombs": ["8888", "9999", "TTTT"], "hand": "344AA2"},  # compact strings (S1)
        {"seat": 2, "bombs": ["QQQQQQ", "KKKKKK"], "hand": []},  # played out: no card left (S2)
        {"seat": 3, "hand": ["3", "3", "J", "J", "J", "J", "J", "J", "2", "RJ"]},  # bombs left out: none
    ],
}
TOTALS = [26, -30, 34, -30]


def a_round(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(WORKED)
    body.update(changes)
    return body


# --- rounds settle ----------------------------------------------------------------------------


def test_the_round_takes_the_fast_shape_path_and_conforms_to_the_contract() -> None:
    body = a_round(chaodi=None)
    assert accepts(ROUND, body)
    assert shape_errors(ROUND, body) == []
    assert errors("SettlementRequest", body) == []


def test_a_double_win(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/settlements", a_round())
    assert status == 200, answer
    assert errors("Settlement", answer) == []
    assert [s["total"] for s in answer["scores"]] == TOTALS
    assert sorted((i["kind"], i["name"], i["payer"], i["payee"], i["points"]) for i in answer["items"]
                  if i["kind"] == "result") == [("result", "双扣", 1, 2, 24), ("result", "双扣", 3, 0, 24)]
    assert answer["next_dealer"] == 0
    assert answer["round_id"] == "sk/worked"
    hands = answer["hands"]
    assert [(h["team"], h["place"], h["won"]) for h in hands] == [(0, 1, True), (1, None, False), (0, 2, True),
                                                                  (1, None, False)]
    assert [(h["lines"], h["doubling"]) for h in hands] == [(6, 4), (4, 2), (7, 8), (0, 1)]
    assert hands[1]["cards_left"] == ["3", "4", "4", "A", "A", "2"]  # canonical, ascending
    assert hands[0]["bombs"][2] == {"cards": ["7", "7", "7", "7"], "lines": 4}
    for h in hands:
        assert "waits" not in h and "role" not in h


def test_two_and_three_players(client: FlaskClient) -> None:
    # 2 players: seat 1 holds 7 cards (单扣 2, 001:75) and played 666666 (6线: ×4 001:62, 贡献分 2 001:50):
    # seat 1 pays 2 × 4 = 8, seat 0 pays seat 1 2 → [6, −6].
    two = {"variant": "shuangkou", "dealer": 1, "finish_order": [0],
           "players": [{"seat": 0, "hand": []}, {"seat": 1, "bombs": ["666666"], "hand": "3456789"}]}
    status, answer = post(client, "/v1/settlements", two)
    assert status == 200, answer
    assert errors("Settlement", answer) == []
    assert [s["total"] for s in answer["scores"]] == [6, -6]
    assert [h["team"] for h in answer["hands"]] == [None, None]
    # 3 players: seat 0 holds 3 (平扣 1, 001:74), seat 1 12 (双扣 3, 001:76); seat 2's 55555 5线 ×2 (001:61):
    # seat 0 pays 2, seat 1 pays 6 → [−2, −6, 8]
    three = {"variant": "shuangkou", "dealer": 0, "finish_order": [2],
             "players": [{"seat": 0, "hand": "3JQ"}, {"seat": 1, "hand": "3456789TJQKA"},
                         {"seat": 2, "bombs": ["55555"], "hand": []}]}
    status, answer = post(client, "/v1/settlements", three)
    assert status == 200, answer
    assert [s["total"] for s in answer["scores"]] == [-2, -6, 8]
    assert len(answer["scores"]) == 3


def test_options_are_echoed_and_change_the_money(client: FlaskClient) -> None:
    # the page's variations: "doubling": "product" → 4 × 2 × 8 × 1 = 64, 3 × 64 = 192 (S8)
    status, answer = post(client, "/v1/settlements", a_round(options={"doubling": "product", "open_partner": True}))
    assert status == 200
    assert [s["total"] for s in answer["scores"]] == [194, -198, 202, -198]
    assert answer["options"]["open_partner"] is True and answer["options"]["mode"] == "classic"


def test_expected_totals_are_compared(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/settlements", a_round(expected={"totals": [26, -30, 30, -26]}))
    assert status == 200
    assert [(t["seat"], t["difference"]) for t in answer["mismatches"]["totals"]] == [(2, 4), (3, -4)]


# --- problems, each at its pointer ------------------------------------------------------------------


def test_a_bomb_that_is_none_is_the_engines_422_at_the_bomb(client: FlaskClient) -> None:
    body = a_round()
    body["players"][1]["bombs"][1] = "9998"
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert codes(problem) == [("/players/1/bombs/1", "not_a_bomb")]  # S4


def test_a_finish_order_that_goes_on_after_a_double_win(client: FlaskClient) -> None:
    body = a_round(finish_order=[0, 2, 1])
    body["players"][1]["hand"] = []
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert codes(problem) == [("/finish_order", "finish_order_invalid")]  # S3: a 双扣 is exactly 2 seats


@pytest.mark.parametrize(("change", "pointer", "code"), [
    (lambda b: b.update(finish_order=[0, "2"]), "/finish_order/1", "invalid_type"),
    (lambda b: b.update(finish_order=[0, -2]), "/finish_order/1", "invalid_value"),
    (lambda b: b.update(finish_order=0), "/finish_order", "invalid_type"),
    (lambda b: b.update(chaodi=-1), "/chaodi", "invalid_value"),
    (lambda b: b.update(chaodi="0"), "/chaodi", "invalid_type"),
    (lambda b: b["players"][0].update(bombs=None), "/players/0/bombs", "invalid_type"),
    (lambda b: b["players"][0].update(dealt=None), "/players/0/dealt", "invalid_type"),
    (lambda b: b["players"][0].update(bomb=["5555"]), "/players/0/bomb", "unknown_field"),
    (lambda b: b["players"][0].pop("hand"), "/players/0/hand", "missing_field"),  # S2: [] once played out
])
def test_a_malformed_record_field_is_a_shape_error_at_its_pointer(client: FlaskClient, change: Any, pointer: str,
                                                                  code: str) -> None:
    body = a_round()
    change(body)
    assert errors("SettlementRequest", body), "the contract forbids it too"
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert problem["type"] == INVALID_REQUEST
    assert codes(problem) == [(pointer, code)]


def test_chaodi_without_the_option(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/settlements", a_round(chaodi=1))
    assert status == 422
    assert problem["type"] == INVALID_ROUND
    assert codes(problem) == [("/chaodi", "field_not_used")]  # S2, S9 a


@pytest.mark.parametrize("field", ["bottom", "plays", "wins"])
def test_a_shuangkou_round_carrying_another_games_field(client: FlaskClient, field: str) -> None:
    status, problem = post(client, "/v1/settlements", a_round(**{field: []}))
    assert status == 422
    assert codes(problem) == [(f"/{field}", "field_not_used")]  # S2


def test_a_mahjong_round_carrying_record_fields_is_field_not_used(client: FlaskClient) -> None:
    body = load(GOLDEN / "zhuanzhuan" / "readme-example.json")["request"]
    body["finish_order"] = [1]
    body["players"][2]["dealt"] = "3333"
    status, problem = post(client, "/v1/settlements", body)
    assert status == 422
    assert codes(problem) == [("/finish_order", "field_not_used"), ("/players/2/dealt", "field_not_used")]


# --- batch ------------------------------------------------------------------------------------------


def test_batch_with_shuangkou_rounds(client: FlaskClient) -> None:
    bad = a_round()
    bad["players"][0]["bombs"].append("555")
    rounds = [a_round(), a_round(expected={"totals": TOTALS}), bad, a_round(finish_order="0")]
    status, answer = post(client, BATCH, {"rounds": rounds})
    assert status == 200
    assert errors("BatchResult", answer) == []
    first, second, third, fourth = answer["results"]
    assert [s["total"] for s in first["scores"]] == TOTALS
    assert second["mismatches"]["count"] == 0
    assert third["status"] == 422 and codes(third) == [("/players/0/bombs/3", "not_a_bomb")]
    assert fourth["status"] == 422 and codes(fourth) == [("/finish_order", "invalid_type")]
    assert answer["summary"] == {"total": 4, "settled": 2, "rejected": 2, "mismatched": 0}


# --- analyze, describe ------------------------------------------------------------------------------


def test_analyze_a_hand(client: FlaskClient) -> None:
    # S12: 555555 (6线) and 66666666 (8线) do not stack (different 线数, S6): 8线, 贡献分 8 (001:52), ×16 (001:64)
    body = {"variant": "shuangkou", "hand": "55555566666666A", "options": {"mode": "baibian"}}
    assert accepts(ANALYZE, body)
    assert errors("AnalyzeRequest", body) == []
    status, answer = post(client, "/v1/hands/analyze", body)
    assert status == 200, answer
    assert errors("CardBombAnalysis", answer) == []
    assert (answer["stacked"], answer["lines"], answer["contribution"], answer["doubling"]) == ([8, 6], 8, 8, 16)


def test_analyze_refuses_wilds(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/hands/analyze", {"variant": "shuangkou", "hand": "5555", "wilds": ["7"]})
    assert status == 422
    assert codes(problem) == [("/wilds", "field_not_used")]


def test_the_description_conforms(client: FlaskClient) -> None:
    resp = client.get("/v1/variants/shuangkou")
    assert resp.status_code == 200
    d = resp.get_json()
    assert errors("CardVariantDetail", d) == []
    assert (d["hand_size"], d["cards"]["size"], d["round_shape"]) == (27, 108, "record")
    assert "shuangkou" in [v["id"] for v in client.get("/v1/variants").get_json()["variants"]]


# --- the contract -----------------------------------------------------------------------------------


def test_the_contract_gives_the_record_shape() -> None:
    schemas = contract()["components"]["schemas"]
    round_ = schemas["Round.shuangkou"]
    assert {"finish_order", "chaodi", "dealer", "players"} <= set(round_["properties"])
    assert not {"bottom", "bidding", "plays", "wilds", "landlord", "wins", "reveals"} & set(round_["properties"])
    assert set(schemas["Player.shuangkou"]["properties"]) == {"seat", "hand", "bombs", "dealt"}
    assert schemas["Player.shuangkou"]["required"] == ["seat", "hand"]  # S2: [] once played out
    assert round_["properties"]["players"]["minItems"] == 2 and round_["properties"]["players"]["maxItems"] == 4
    for name in ("Round.shuangkou", "Player.shuangkou", "AnalyzeHand.shuangkou"):
        assert schemas[name]["additionalProperties"] is False, name
    for vid in REGISTRY:
        if vid != "shuangkou":
            assert not {"finish_order", "chaodi"} & set(schemas[f"Round.{vid}"]["properties"]), vid
