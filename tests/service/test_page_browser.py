"""The support page in a real browser: Debian's chromium driven by playwright (issue 7).

The app runs in a thread (werkzeug, 127.0.0.1, a free port); chromium is
``/usr/bin/chromium`` (``scripts/test.sh`` installs it), never a browser playwright
downloads. The round is golden case ``zhuanzhuan/readme-example``: seat 1 wins seat
0's 4s with 七小对, so seat 0 pays seat 1 three points (3 × 接炮 1 × 底分 1,
001_a1ce558555b69162.txt:18, :20).

``UPDATE_SCREENSHOT=1`` also writes the settled page to ``docs/support-page.png`` (the
README's picture); otherwise the screenshot goes to a temporary directory only, so a
test run never dirties the working tree.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect, sync_playwright
from werkzeug.serving import make_server

from service import create_app
from tests.golden_cases import GOLDEN, load

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
CASE = load(GOLDEN / "zhuanzhuan" / "readme-example.json")
ROUND = CASE["request"]  # hands as compact strings; the picker builds them tile by tile


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = make_server("127.0.0.1", 0, create_app({"TESTING": True}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/test.sh` (it installs Debian's chromium) "
                    "or `apt-get install -y chromium`; deselect with -m 'not browser'")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1366, "height": 900})
        yield context
        context.close()


@pytest.fixture
def page(browser: BrowserContext, base_url: str) -> Iterator[Page]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a 4xx answer is logged by chromium as a failed resource; only script errors count here
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    page.goto(base_url + "/")
    expect(page.locator("#variant option")).not_to_have_count(0)
    yield page
    page.close()
    assert errors == [], errors


def tiles_of(compact: str) -> list[str]:
    """'113355m22s' → ['1m', '1m', '3m', …]: the README round's hands, tile by tile."""
    out: list[str] = []
    digits = ""
    for ch in compact:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def pick(page: Page, zone: str, tiles: list[str]) -> None:
    page.click(f'[data-key="zone:{zone}"]')
    for t in tiles:
        page.click(f'[data-key="pal:{t}"]')


def json_view(page: Page) -> dict[str, Any]:
    return json.loads(page.input_value("#json"))  # type: ignore[no-any-return]


def build_readme_round(page: Page) -> None:
    page.select_option("#variant", "zhuanzhuan")
    expect(page.locator("#options")).to_contain_text("扎鸟")
    page.fill("#round-id", ROUND["round_id"])
    for p in ROUND["players"]:
        pick(page, f"/players/{p['seat']}/hand", tiles_of(p["hand"]))
    page.click('[data-key="add-win"]')  # the picker now points at the new win's tile
    win = ROUND["wins"][0]
    page.click(f'[data-key="pal:{win["tile"]}"]')
    page.select_option('[data-key="ww:0"]', str(win["winner"]))
    page.select_option('[data-key="wf:0"]', str(win["from"]))


def test_build_settle_compare_and_share(page: Page, tmp_path: Path) -> None:
    build_readme_round(page)

    # both views hold the same round: the JSON is the README's, hands as tile lists
    built = json_view(page)
    assert built["variant"] == "zhuanzhuan"
    assert [p["hand"] for p in built["players"]] == [tiles_of(p["hand"]) for p in ROUND["players"]]
    assert built["wins"] == ROUND["wins"]
    assert built["round_id"] == ROUND["round_id"]

    # copy as curl: the command posts exactly the round on screen
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=page.url.split("/#")[0])
    page.click("#copy-curl")
    expect(page.locator("#status")).to_have_text("Copied curl command.")
    command = page.evaluate("navigator.clipboard.readText()")
    assert command.startswith(f"curl -s {page.url.split('/#')[0]}/v1/settlements -H 'Content-Type: application/json' -d '")
    assert json.loads(command.split(" -d '", 1)[1][:-1]) == built

    page.click("#settle")
    items = page.locator("table.items tbody tr")
    expect(items).to_have_count(1)
    row = items.first
    expect(row).to_contain_text("Seat 0 → Seat 1")
    expect(row.locator("td").nth(2)).to_have_text("3")
    expect(row).to_contain_text("七小对")
    expect(row).to_contain_text("Seven Pairs")
    totals = page.locator("table.totals tbody tr")
    expect(totals.nth(0).locator("td.num").first).to_have_text("-3")
    expect(totals.nth(1).locator("td.num").first).to_have_text("+3")
    expect(page.locator("#zero-sum")).to_contain_text("zero-sum")
    expect(page.locator(".summary")).to_contain_text("next dealer Seat 1")
    expect(page.locator("table.hands")).to_contain_text("七小对 Seven Pairs")

    # recorded payouts that are wrong: seat 0 paid 5 and seat 2 got 2 → differences +2 and -2
    for seat, total in enumerate([-5, 3, 2, 0]):
        page.fill(f"#recorded-{seat}", str(total))
    page.locator("#recorded-3").dispatch_event("change")
    expect(page.locator("#mismatch-banner")).to_contain_text("2 differences")
    mismatched = page.locator("table.totals tbody tr.mismatch")
    expect(mismatched).to_have_count(2)
    expect(mismatched.nth(0).locator("td.diff")).to_have_text("+2")
    expect(mismatched.nth(1).locator("td.diff")).to_have_text("-2")
    assert json_view(page)["expected"] == {"totals": [-5, 3, 2, 0]}

    shot = tmp_path / "support-page.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOT") == "1":
        shutil.copyfile(shot, ROOT / "docs" / "support-page.png")

    # the share link reproduces the page: same round, settled again, same differences
    link = page.input_value("#share")
    assert "#round=" in link
    other = page.context.new_page()
    other.goto(link)
    expect(other.locator("table.items tbody tr")).to_have_count(1)
    assert json_view(other) == json_view(page)
    expect(other.locator("#mismatch-banner")).to_contain_text("2 differences")
    expect(other.locator("#recorded-0")).to_have_value("-5")
    other.close()


def test_pasted_json_fills_the_builder_and_errors_sit_next_to_their_field(page: Page) -> None:
    bad = json.loads(json.dumps(ROUND))
    bad["wins"][0]["tile"] = "4x"
    bad["players"][2]["hand"] = "123456789p119s"  # 12 tiles
    page.fill("#json", json.dumps(bad, ensure_ascii=False))
    expect(page.locator('[data-ptr="/players/3/hand"] .chips .tile')).to_have_count(13)  # the builder followed
    expect(page.locator("#variant")).to_have_value("zhuanzhuan")
    page.click("#settle")
    expect(page.locator("#problems")).to_contain_text("422")
    win_tile = page.locator('.zone[data-ptr="/wins/0/tile"] .field-error')
    expect(win_tile).to_contain_text("'4x' is not a tile")
    expect(page.locator('.zone[data-ptr="/wins/0/tile"] button.pick')).to_have_class(re.compile(r"\bbad\b"))
    expect(page.locator("table.items")).to_have_count(0)

    pick(page, "/wins/0/tile", ["4s"])  # fixed with the picker; now the short hand is found
    assert json_view(page)["wins"][0]["tile"] == "4s"
    page.click("#settle")
    hand = page.locator('.zone[data-ptr="/players/2/hand"] .field-error')
    expect(hand).to_contain_text("12 concealed tiles")
    expect(page.locator(".field-error")).to_have_count(1)  # the fixed tile's message is gone
    expect(page.locator("#problems")).to_contain_text("hand_size")


def test_a_bad_tile_in_a_hand_is_marked_where_it_is_and_fixed_with_the_picker(page: Page) -> None:
    body = json.loads(json.dumps(ROUND))
    hand = tiles_of(body["players"][0]["hand"])
    body["players"][0]["hand"] = [*hand[:3], "9x", *hand[4:]]
    page.fill("#json", json.dumps(body))
    expect(page.locator('[data-ptr="/players/0/hand"] .chips .tile')).to_have_count(13)
    page.click("#settle")
    bad = page.locator('[data-ptr="/players/0/hand/3"]')
    expect(bad).to_have_class(re.compile(r"\bbad\b"))
    expect(page.locator('.zone[data-ptr="/players/0/hand"] .field-error')).to_contain_text("'9x' is not a tile")
    bad.click()  # a click takes the tile out; the picker puts the right one back (at the end)
    pick(page, "/players/0/hand", [hand[3]])
    page.click("#settle")
    expect(page.locator("table.items tbody tr")).to_have_count(1)
    expect(page.locator("#problems")).to_be_empty()


def test_an_unknown_option_is_shown_in_the_options_form(page: Page) -> None:
    body = dict(ROUND, options={"zha_niao": True, "no_such_option": 1})
    page.fill("#json", json.dumps(body, ensure_ascii=False))
    expect(page.locator('[data-key="opt:zha_niao"]')).to_be_checked()  # the form follows the JSON
    page.click("#settle")
    expect(page.locator('#options > .field-error')).to_contain_text("no_such_option")
    expect(page.locator("#options [aria-invalid]")).to_have_count(0)  # no innocent option is marked


def test_options_form_follows_the_variant_schema_and_the_keyboard_works(page: Page) -> None:
    page.select_option("#variant", "zhuanzhuan")
    detail = page.request.get(page.url.split("#")[0] + "v1/variants/zhuanzhuan").json()
    fields = page.locator("#options .field")
    expect(fields).to_have_count(len(detail["options"]))
    for o in detail["options"]:
        expect(page.locator(f'#options [data-ptr="/options/{o["name"]}"]')).to_contain_text(o["zh"])
    zha = page.locator('[data-key="opt:zha_niao"]')
    expect(zha).not_to_be_checked()  # the default
    zha.check()
    assert json_view(page)["options"] == {"zha_niao": True}
    zha.uncheck()
    assert "options" not in json_view(page)  # back to the default: out of the JSON

    page.click('[data-key="zone:/players/0/hand"]')
    page.focus('[data-key="pal:5m"]')
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next tile, 6m
    page.keyboard.press("Enter")
    assert json_view(page)["players"][0]["hand"] == ["5m", "6m"]
    expect(page.locator('[data-ptr="/players/0/hand"] .chips .tile').first).to_contain_text("五")


def test_every_variant_loads_its_example_and_settles(page: Page, base_url: str) -> None:
    """Driven by the registry: each variant's form, picker and contract example work unchanged."""
    contract = page.request.get(base_url + "/openapi.json").json()
    examples = contract["paths"]["/v1/settlements"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    answers = contract["paths"]["/v1/settlements"]["post"]["responses"]["200"]["content"]["application/json"]["examples"]
    variants = page.request.get(base_url + "/v1/variants").json()["variants"]
    assert {v["id"] for v in variants} == set(examples)
    for v in variants:
        page.select_option("#variant", v["id"])
        expect(page.locator("#options .field")).to_have_count(len(page.request.get(
            f"{base_url}/v1/variants/{v['id']}").json()["options"]))
        page.click("#example")
        expect(page.locator("table.items tbody tr")).to_have_count(len(answers[v["id"]]["value"]["items"]))
        assert json_view(page) == examples[v["id"]]["value"], v["id"]
        expect(page.locator("#zero-sum")).to_contain_text("zero-sum")
        expect(page.locator("#problems")).to_be_empty()
