"""The HTTP edge: endpoints, problem+json errors, limits, headers, serialisation."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from rules.variants import REGISTRY
from service import create_app
from tests.contract.openapi_tools import errors

needs_variant = pytest.mark.skipif(not REGISTRY, reason="no variant registered yet")


def problem(resp: object) -> dict[str, object]:
    """The body of a problem response, checked against RFC 9457 and the contract."""
    assert resp.mimetype == "application/problem+json", resp.mimetype  # type: ignore[attr-defined]
    body = json.loads(resp.data)  # type: ignore[attr-defined]
    assert body["status"] == resp.status_code  # type: ignore[attr-defined]
    assert errors("Problem", body) == []
    return body  # type: ignore[no-any-return]


def pointers(body: dict[str, object]) -> list[str]:
    return [e["pointer"] for e in body["errors"]]  # type: ignore[attr-defined, index]


def any_variant() -> str:
    return min(REGISTRY)


# --- happy paths -------------------------------------------------------------------


def test_variants_list_matches_registry(client: FlaskClient) -> None:
    resp = client.get("/v1/variants")
    assert resp.status_code == 200
    body = resp.get_json()
    assert [v["id"] for v in body["variants"]] == list(REGISTRY)
    assert errors("VariantList", body) == []


@pytest.mark.parametrize("variant_id", sorted(REGISTRY))
def test_each_variant_is_described(client: FlaskClient, variant_id: str) -> None:
    resp = client.get(f"/v1/variants/{variant_id}")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["id"] == variant_id
    assert errors("VariantDetail", body) == []


def test_unknown_variant_resource_is_404(client: FlaskClient) -> None:
    resp = client.get("/v1/variants/no-such-game")
    assert resp.status_code == 404
    assert "no-such-game" in problem(resp)["detail"]  # type: ignore[operator]


def test_health(client: FlaskClient) -> None:
    assert client.get("/livez").get_json() == {"status": "ok"}
    ready = client.get("/readyz")
    if REGISTRY:
        assert ready.status_code == 200
        assert ready.get_json() == {"status": "ready", "variants": len(REGISTRY)}
    else:
        assert ready.status_code == 503
        problem(ready)


def test_home_links_to_docs(client: FlaskClient) -> None:
    resp = client.get("/")
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    assert b'href="/docs"' in resp.data


def test_docs_page_is_self_contained(client: FlaskClient) -> None:
    resp = client.get("/docs")
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    assert b"/openapi.json" in resp.data
    # no CDN: the page loads nothing from another origin
    for needle in (b"http://", b"https://", b"<script src", b"<link"):
        assert needle not in resp.data, needle
    assert "default-src 'none'" in resp.headers["Content-Security-Policy"]


# --- errors ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/v1/settlements", "/v1/hands/analyze"])
@pytest.mark.parametrize("data", ["{", "", "{'a': 1}", "[1, 2", "NaN", '{"a": NaN}', '{"a": Infinity}', "\ufeff{"])
def test_malformed_json_is_400(client: FlaskClient, path: str, data: str) -> None:
    resp = client.post(path, data=data.encode(), content_type="application/json")
    assert resp.status_code == 400
    assert "JSON" in problem(resp)["detail"]  # type: ignore[operator]


@pytest.mark.parametrize("data", ["[]", "1", '"round"', "null", "true"])
def test_non_object_body_is_400(client: FlaskClient, data: str) -> None:
    resp = client.post("/v1/settlements", data=data, content_type="application/json")
    assert resp.status_code == 400
    assert "JSON object" in problem(resp)["detail"]  # type: ignore[operator]


def test_invalid_utf8_is_400(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", data=b'{"variant": "\xff"}', content_type="application/json")
    assert resp.status_code == 400
    problem(resp)


def test_lone_surrogate_is_400_not_500(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", data=b'{"variant": "x", "round_id": "\\ud800", "dealer": 0, "players": []}',
                       content_type="application/json")
    assert resp.status_code == 400
    problem(resp)


def test_paired_surrogate_escape_is_fine(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", data=b'{"variant": "\\ud83c\\udc04", "dealer": 0, "players": []}',
                       content_type="application/json")
    assert resp.status_code == 422
    assert pointers(problem(resp)) == ["/variant"]


def test_deep_nesting_is_not_a_500(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", data=b"[" * 100_000, content_type="application/json")
    assert resp.status_code == 400
    problem(resp)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", None])
def test_non_json_content_type_is_415(client: FlaskClient, content_type: str | None) -> None:
    kwargs = {"content_type": content_type} if content_type else {}
    resp = client.post("/v1/settlements", data=b'{"variant": "x"}', **kwargs)
    assert resp.status_code == 415
    problem(resp)


@pytest.mark.parametrize(("text", "accepted"), [("3.0", True), ("3e0", True), ("30E-1", True), ("3.5", False),
                                              ("1e-7", False), ("1e2000", False)])
def test_integral_numbers_are_integers(client: FlaskClient, text: str, accepted: bool) -> None:
    """To JSON Schema 3.0 is the integer 3, so the contract accepts it, and so does the service."""
    resp = client.post("/v1/settlements", data=f'{{"variant": "x", "dealer": {text}, "players": []}}'.encode(),
                       content_type="application/json")
    assert resp.status_code == 422
    assert pointers(problem(resp)) == (["/variant"] if accepted else ["/dealer"])


def test_json_suffix_content_type_is_json(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", data=b'{"variant": "x", "dealer": 0, "players": []}',
                       content_type="application/merge-patch+json; charset=utf-8")
    assert resp.status_code == 422


def test_oversized_body_is_413(client: FlaskClient) -> None:
    body = b'{"variant": "x", "round_id": "' + b"x" * (1024 * 1024) + b'"}'
    resp = client.post("/v1/settlements", data=body, content_type="application/json")
    assert resp.status_code == 413
    assert "1048576" in problem(resp)["detail"]  # type: ignore[operator]


def test_body_limit_is_configurable() -> None:
    small = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 100}).test_client()
    resp = small.post("/v1/settlements", json={"variant": "x", "round_id": "y" * 200, "dealer": 0, "players": []})
    assert resp.status_code == 413
    resp = small.post("/v1/settlements", json={"variant": "x", "dealer": 0, "players": []})
    assert resp.status_code == 422


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("delete", "/v1/settlements", {"POST", "OPTIONS"}),
    ("get", "/v1/settlements", {"POST", "OPTIONS"}),
    ("put", "/v1/variants", {"GET", "HEAD", "OPTIONS"}),
    ("post", "/livez", {"GET", "HEAD", "OPTIONS"}),
    ("patch", "/v1/hands/analyze", {"POST", "OPTIONS"}),
])
def test_wrong_method_is_405_with_allow(client: FlaskClient, method: str, path: str, allow: set[str]) -> None:
    resp = getattr(client, method)(path)
    assert resp.status_code == 405
    assert {m.strip() for m in resp.headers["Allow"].split(",")} == allow
    problem(resp)


def test_unknown_path_is_404_problem(client: FlaskClient) -> None:
    resp = client.get("/v2/anything")
    assert resp.status_code == 404
    problem(resp)


def test_unknown_variant_is_422_with_pointer(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", json={"variant": "no-such-game", "dealer": 0, "players": []})
    assert resp.status_code == 422
    body = problem(resp)
    assert pointers(body) == ["/variant"]
    assert body["errors"][0]["code"] == "unknown_variant"  # type: ignore[index]


@needs_variant
def test_unknown_option_is_422_with_pointer(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", json={"variant": any_variant(), "options": {"no_such_option": True},
                                                "dealer": 0, "players": []})
    assert resp.status_code == 422
    body = problem(resp)
    assert pointers(body) == ["/options/no_such_option"]
    assert body["errors"][0]["code"] == "unknown_option"  # type: ignore[index]


def test_shape_errors_are_422_with_pointers(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", json={
        "variant": "x", "dealer": 1.5, "typo_field": 1,
        "players": [{"seat": 0, "hand": "123m", "melds": [{"type": "pong", "tile": "1m", "kind": "exposed"}]},
                    {"seat": True, "hand": []}],
        "wins": [{"winner": 0, "tile": "1m", "kong_draw": "yes"}],
    })
    assert resp.status_code == 422
    body = problem(resp)
    assert body["type"] == "urn:mahjong-settle:problem:invalid-request"
    assert {(e["pointer"], e["code"]) for e in body["errors"]} == {  # type: ignore[attr-defined]
        ("/dealer", "invalid_type"),
        ("/typo_field", "unknown_field"),
        ("/players/0/melds/0/kind", "unknown_field"),
        ("/players/1/seat", "invalid_type"),
        ("/wins/0/kong_draw", "invalid_type"),
    }


def test_missing_required_fields_are_named(client: FlaskClient) -> None:
    resp = client.post("/v1/settlements", json={"players": [{"hand": []}]})
    assert resp.status_code == 422
    # the dealer too: 门风, surcharges and the next dealer hang on it (DESIGN: a field the variant needs)
    assert set(pointers(problem(resp))) == {"/variant", "/dealer", "/players/0/seat"}


def test_analyze_shape_errors(client: FlaskClient) -> None:
    resp = client.post("/v1/hands/analyze", json={"variant": "x", "hand": "123m", "extra": 1})
    assert resp.status_code == 422
    assert pointers(problem(resp)) == ["/extra"]


@needs_variant
def test_unknown_tile_is_422_with_pointer(client: FlaskClient) -> None:
    resp = client.post("/v1/hands/analyze", json={"variant": any_variant(), "hand": ["1m", "2m", "Xm"]})
    assert resp.status_code == 422
    assert pointers(problem(resp)) == ["/hand/2"]


@pytest.mark.parametrize("body", [
    {"variant": "zhuanzhuan", "hand": "11111m234m99p", "melds": [{"type": "pong", "tile": "3s", "from": 1}]},
    {"variant": "caishen-ruanying", "hand": "11111m234m567m99p1234s", "reveals": {"wild_indicator": "5p"}},
    {"variant": "guobiao", "hand": "11111m234m567m99p"},
])
def test_analyze_refuses_a_fifth_copy(client: FlaskClient, body: dict[str, object]) -> None:
    # every tile set holds four of each face (DESIGN: "a fifth copy of a tile" is 422); a review
    # found /v1/hands/analyze answering complete:true for five 1m
    resp = client.post("/v1/hands/analyze", json=body)
    assert resp.status_code == 422
    assert pointers(problem(resp)) == ["/hand/4"]


# --- headers and serialisation ---------------------------------------------------------


def test_request_id_is_echoed(client: FlaskClient) -> None:
    resp = client.get("/livez", headers={"X-Request-ID": "table-7/round-12#abc"})
    assert resp.headers["X-Request-ID"] == "table-7/round-12#abc"
    resp = client.post("/v1/settlements", data="{", content_type="application/json",
                       headers={"X-Request-ID": "on-errors-too"})
    assert resp.headers["X-Request-ID"] == "on-errors-too"


@pytest.mark.parametrize("given", [None, "", "x" * 129, "has space", "tab\there"])
def test_request_id_is_generated_when_absent_or_unusable(client: FlaskClient, given: str | None) -> None:
    headers = {"X-Request-ID": given} if given is not None else {}
    first = client.get("/livez", headers=headers).headers["X-Request-ID"]
    second = client.get("/livez", headers=headers).headers["X-Request-ID"]
    assert first != second
    assert len(first) == 32
    assert first.isalnum()


def test_answers_are_compact_sorted_utf8(client: FlaskClient) -> None:
    resp = client.get("/v1/variants")
    text = resp.data.decode("utf-8")
    assert ": " not in text
    assert ", " not in text.replace("、", "")  # no separator spaces (text inside strings aside)
    assert text == json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    if REGISTRY:
        assert "\\u" not in text  # Chinese names are sent as UTF-8, not escaped


def test_contract_is_served_byte_for_byte(client: FlaskClient) -> None:
    from tests.contract.openapi_tools import CONTRACT, contract

    resp = client.get("/openapi.yaml")
    assert resp.status_code == 200
    assert resp.mimetype == "application/yaml"
    assert resp.data == CONTRACT.read_bytes()
    as_json = client.get("/openapi.json")
    assert as_json.mimetype == "application/json"
    assert as_json.get_json() == contract()


def test_a_bug_is_a_problem_500_without_internals(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The catch-all exists only as a last resort; the fuzz tests make sure nothing reaches it."""
    from service import api as api_module

    def broken(body: object) -> object:
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(api_module.engine, "settle", broken)
    client = create_app({"TESTING": False}).test_client()
    resp = client.post("/v1/settlements", json={"variant": "x", "dealer": 0, "players": []}, headers={"X-Request-ID": "bug-1"})
    assert resp.status_code == 500
    body = problem(resp)
    assert "secret" not in resp.data.decode()
    assert body["type"] == "urn:mahjong-settle:problem:internal-error"
    assert resp.headers["X-Request-ID"] == "bug-1"
    assert any("unhandled error" in r.getMessage() for r in caplog.records)


@needs_variant
def test_pointers_escape_slash_and_tilde(client: FlaskClient) -> None:
    """RFC 6901: a key "a/b~c" is the pointer token "a~1b~0c"."""
    resp = client.post("/v1/settlements", json={"variant": any_variant(), "options": {"a/b~c": 1}, "dealer": 0, "players": []})
    assert pointers(problem(resp)) == ["/options/a~1b~0c"]
    resp = client.post("/v1/settlements", json={"variant": "x", "dealer": 0, "players": [], "odd/key": 1})
    assert pointers(problem(resp)) == ["/odd~1key"]
