"""For attributing the endpoint's cost only, never for serving: the settlement service
with the engine's cost taken out. Each body's answer is worked out by the real engine
the first time it is seen and handed back from memory after that (keyed by the parsed
body written out by orjson, a few µs; never forgotten, as the benchmark sends 160
distinct rounds). Everything else — the body read and parsed, the shape check, the
answer written, metrics, request log — is the real service's. ``bench/run.py
--without-engine`` runs it beside the other two servers: how close it comes to the
bare endpoint says how much of the gap is the engine's.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask

from rules import api
from service import create_app as create_service


def create_app() -> Flask:
    real = api.settle
    answers: dict[bytes, dict[str, Any]] = {}

    def remembered(body: Any) -> dict[str, Any]:
        try:
            key = orjson.dumps(body)
        except TypeError:  # not a JSON value orjson writes: no memory
            return real(body)
        found = answers.get(key)
        if found is None:
            found = answers[key] = real(body)
        return found

    api.settle = remembered  # service.api calls it as engine.settle: this module's attribute
    return create_service()
