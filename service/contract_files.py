"""The committed contract, read once from the package (works installed or editable)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml


@dataclass(frozen=True)
class Contract:
    yaml_bytes: bytes
    json_bytes: bytes
    doc: dict[str, Any]


def load_contract() -> Contract:
    text = resources.files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")
    doc: dict[str, Any] = yaml.safe_load(text)
    # Unlike the API's answers, the contract keeps its own key order, so /docs renders
    # endpoints and schemas in the order they are written.
    as_json = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Contract(text.encode("utf-8"), as_json, doc)
