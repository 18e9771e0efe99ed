"""The committed contract: valid OpenAPI 3.1, up to date with the registry, matching the routes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from openapi_spec_validator import validate

from rules import api
from rules.variants import REGISTRY
from service import contract as generator
from tests.contract.openapi_tools import CONTRACT, ROOT, contract, errors

PACKAGE_COPY = ROOT / "service" / "openapi.yaml"


def test_contract_is_valid_openapi_31() -> None:
    doc = contract()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_committed_contract_is_regenerated() -> None:
    """Fails when a variant (or the base template) changed without `python -m service.contract`."""
    expected = generator.render(generator.build())
    for path in (CONTRACT, PACKAGE_COPY):
        assert path.read_text(encoding="utf-8") == expected, (
            f"{path.relative_to(ROOT)} is stale: run `.venv/bin/python -m service.contract` and commit the result")


def test_check_mode_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert generator.main(["--check"]) == 0
    capsys.readouterr()


def test_root_and_package_copies_are_identical() -> None:
    assert CONTRACT.read_bytes() == PACKAGE_COPY.read_bytes()


def _flask_path(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def test_every_route_is_documented_and_every_documented_path_exists(app: Flask) -> None:
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        methods = set(rule.methods or ()) - {"HEAD", "OPTIONS"}
        routes.setdefault(_flask_path(rule.rule), set()).update(m.lower() for m in methods)
    documented = {path: {m for m in item if m in ("get", "post", "put", "patch", "delete")}
                  for path, item in contract()["paths"].items()}
    assert routes == documented


def test_every_variant_has_its_request_schema() -> None:
    schemas = contract()["components"]["schemas"]
    for vid in REGISTRY:
        d = api.describe_variant(vid)
        assert schemas[f"Options.{vid}"]["properties"] == d["options_schema"]["properties"]
        assert schemas[f"Flags.{vid}"]["properties"] == d["flags_schema"]["properties"]
        assert schemas[f"Round.{vid}"]["properties"]["variant"]["const"] == vid


def _walk(node: object, path: str = "") -> list[tuple[str, dict[str, object]]]:
    out: list[tuple[str, dict[str, object]]] = []
    if isinstance(node, dict):
        out.append((path, node))
        for k, v in node.items():
            out += _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _walk(v, f"{path}/{i}")
    return out


def test_request_objects_reject_unknown_fields() -> None:
    """Every object a client sends is closed (`additionalProperties: false`), so a typo is a 422, not lost."""
    schemas = contract()["components"]["schemas"]
    request_side = [n for n in schemas if n.split(".")[0] in {
        "Chow", "Pong", "Kong", "Win", "Reveals", "Player", "Round", "AnalyzeHand", "Options", "Flags"}]
    assert request_side
    for name in request_side:
        assert schemas[name].get("additionalProperties") is False, name
    discard_object = schemas["Discard"]["oneOf"][1]
    assert discard_object["additionalProperties"] is False


def test_numbers_in_the_contract_are_integers() -> None:
    """Points, seats and turns are integers: no `type: number` anywhere (fractions are rejected)."""
    for where, node in _walk(contract()):
        assert node.get("type") != "number", where


@pytest.mark.parametrize("name", ["listVariants", "describeVariant", "settleRound", "analyzeHand", "livez",
                                  "readyz", "contractYaml", "contractJson", "docs", "home"])
def test_every_operation_is_described(name: str) -> None:
    ops = {op["operationId"]: op for item in contract()["paths"].values() for op in item.values()}
    op = ops[name]
    assert op["summary"]
    assert "200" in op["responses"]


def test_examples_are_real_rounds_that_conform() -> None:
    """The settlement examples settle (200) and both request and answer conform to the schemas."""
    media = contract()["paths"]["/v1/settlements"]["post"]["requestBody"]["content"]["application/json"]
    examples = media.get("examples", {})
    if REGISTRY and any((ROOT / "tests" / "golden" / vid).glob("*.json") for vid in REGISTRY):
        assert examples, "a variant with golden cases should give the contract an example"
    answers = contract()["paths"]["/v1/settlements"]["post"]["responses"]["200"]["content"]["application/json"]
    for vid, ex in examples.items():
        assert errors("SettlementRequest", ex["value"]) == [], vid
        answer = api.settle(ex["value"])
        assert answers["examples"][vid]["value"] == answer
        assert errors("Settlement", answer) == [], vid


def test_contract_file_is_inside_the_package_data() -> None:
    text = Path(ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"openapi.yaml"' in text
    assert '"static/*"' in text
