"""The reference for HTTP figures: a bare Flask endpoint that parses the same JSON
body and returns it, with no schema, no engine. Run under the same gunicorn config."""

from __future__ import annotations

import json

from flask import Flask, Response, request


def create_app() -> Flask:
    app = Flask(__name__)

    @app.post("/v1/settlements")
    def echo() -> Response:
        body = request.get_json()
        return Response(json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
                        mimetype="application/json")

    return app
