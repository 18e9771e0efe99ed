"""The support page's files over HTTP: shipped in the package, self-contained, no CDN (issue 7).

What the page does is tested in a real browser: tests/service/test_page_browser.py.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
from flask.testing import FlaskClient

from service.page import ASSETS
from tests.contract.openapi_tools import contract

FILES = ("index.html", "page.js", "page.css")


def _text(name: str) -> str:
    return resources.files("service").joinpath("static", name).read_text(encoding="utf-8")


def test_home_is_the_support_page(client: FlaskClient) -> None:
    resp = client.get("/")
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    html = resp.get_data(as_text=True)
    assert '<script src="/assets/page.js" defer></script>' in html
    assert '<link rel="stylesheet" href="/assets/page.css">' in html
    assert 'href="/docs"' in html
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "connect-src 'self'" in csp and "unsafe-inline" not in csp


@pytest.mark.parametrize(("name", "mimetype"), sorted(ASSETS.items()))
def test_assets_are_served_from_the_package(client: FlaskClient, name: str, mimetype: str) -> None:
    resp = client.get(f"/assets/{name}")
    assert resp.status_code == 200
    assert resp.mimetype == mimetype
    assert resp.get_data(as_text=True) == _text(name)
    assert resp.headers["Cache-Control"] == "no-cache"


def test_unknown_asset_is_a_404_problem(client: FlaskClient) -> None:
    for name in ("nope.js", "index.html", "..%2Fpage.py"):
        resp = client.get(f"/assets/{name}")
        assert resp.status_code == 404
        assert resp.mimetype == "application/problem+json"


@pytest.mark.parametrize("name", FILES)
def test_nothing_is_loaded_from_elsewhere(name: str) -> None:
    """Works offline: no absolute URL, no protocol-relative URL, no @import or font from a CDN."""
    text = _text(name)
    assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.IGNORECASE), name
    assert "@import" not in text
    assert "innerHTML" not in text  # rounds and answers are shown with textContent only


def test_the_page_calls_only_documented_endpoints() -> None:
    paths = set(contract()["paths"])
    called = set(re.findall(r'api\([`"](/[^`"$]*)', _text("page.js")))
    assert called == {"/v1/variants", "/v1/variants/", "/v1/settlements", "/openapi.json"}
    for path in called:
        assert path in paths or any(p.startswith(path) and "{" in p for p in paths), path


def test_the_contract_documents_the_assets() -> None:
    op = contract()["paths"]["/assets/{asset}"]["get"]
    assert set(op["parameters"][1]["schema"]["enum"]) == set(ASSETS)


def test_the_page_has_a_builder_for_every_round_shape(client: FlaskClient) -> None:
    """A card game's description says how its round is posted (``round_shape``: 双扣's ``record``), else its plays
    are replayed (斗地主); mahjong rounds are tiles. The page's SHAPES table names each, with its own fields."""
    details = [client.get(f"/v1/variants/{v['id']}").get_json() for v in client.get("/v1/variants").get_json()["variants"]]
    shapes = {d.get("round_shape", "plays") if d.get("card_game") else "tiles" for d in details}
    assert {"tiles", "plays", "record"} <= shapes  # mahjong, 斗地主 and 双扣 are all registered
    js = _text("page.js")
    table = js[js.index("const SHAPES = {"):js.index("};", js.index("const SHAPES = {"))]
    assert set(re.findall(r"^  (\w+): \{", table, re.MULTILINE)) == shapes
    for field in ("finish_order", "chaodi", "bombs", "dealt"):  # the record's own fields (docs/variants/shuangkou.md)
        assert f'"{field}"' in js, field
