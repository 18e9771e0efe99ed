"""Validating JSON against the schemas of the committed contract (jsonschema, 2020-12)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi.yaml"
_BASE_URI = "urn:mahjong-settle:contract"


@cache
def contract() -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(CONTRACT.read_text(encoding="utf-8"))
    return doc


@cache
def validator(schema_name: str) -> Draft202012Validator:
    """A validator for ``#/components/schemas/<schema_name>`` that resolves the contract's $refs."""
    registry: Registry[Any] = Registry().with_resource(_BASE_URI, Resource(contents=contract(), specification=DRAFT202012))
    return Draft202012Validator({"$ref": f"{_BASE_URI}#/components/schemas/{schema_name}"}, registry=registry)


def errors(schema_name: str, instance: Any) -> list[str]:
    """Every way ``instance`` breaks the schema, as readable lines (empty when it conforms)."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in validator(schema_name).iter_errors(instance)]


def post(client: Any, path: str, body: object) -> tuple[int, dict[str, Any]]:
    """POST ``body`` (a Flask test client); a refusal must be problem+json the contract's ``Problem`` allows."""
    resp = client.post(path, json=body)
    answer: dict[str, Any] = json.loads(resp.data)
    if resp.status_code != 200:
        assert resp.mimetype == "application/problem+json", resp.data
        assert errors("Problem", answer) == []
    return resp.status_code, answer


def codes(problem: dict[str, Any]) -> list[tuple[str, str]]:
    """A problem's errors as (pointer, code), in the order given."""
    return [(e["pointer"], e["code"]) for e in problem["errors"]]
