"""The support page at ``/`` and its assets (``service/static``): plain HTML, CSS and JS.

No CDN and no build step: the files are package data, read once at import, so the page
works offline and from an installed package. The page only calls this service's own
API; the round it shows lives in the page and in its URL fragment, never on the server.
"""

from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response

from .problems import ProblemError

bp = Blueprint("page", __name__)

_STATIC = resources.files("service").joinpath("static")
ASSETS = {"page.js": "text/javascript", "page.css": "text/css"}
_FILES = {name: _STATIC.joinpath(name).read_bytes() for name in ("index.html", *ASSETS)}

# Scripts and styles from this origin only (no inline code), data from this API only.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _send(name: str, mimetype: str) -> Response:
    resp = Response(_FILES[name], mimetype=mimetype)
    resp.headers["Content-Security-Policy"] = CSP
    resp.headers["Cache-Control"] = "no-cache"  # small files; a new release shows at once
    return resp


@bp.get("/")
def home() -> Response:
    return _send("index.html", "text/html")


@bp.get("/assets/<asset>")
def asset(asset: str) -> Response:
    mimetype = ASSETS.get(asset)
    if mimetype is None:
        raise ProblemError(404, "Not Found", f"no asset {asset!r}")
    return _send(asset, mimetype)
