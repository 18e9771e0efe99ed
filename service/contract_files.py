"""The committed contract, read once from the package (works installed or editable)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from .encoding import encode


@dataclass(frozen=True)
class Contract:
    yaml_bytes: bytes
    json_bytes: bytes
    doc: dict[str, Any]


def load_contract() -> Contract:
    text = resources.files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")
    doc: dict[str, Any] = yaml.safe_load(text)
    return Contract(text.encode("utf-8"), encode(doc), doc)
