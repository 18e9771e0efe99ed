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
from playwright.sync_api import BrowserContext, Locator, Page, expect, sync_playwright
from werkzeug.serving import make_server

from rules.game_fields import SHUANGKOU_FIELDS, SHUANGKOU_PLAYER_FIELDS
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


# --- 斗地主 (doudizhu): a card game, with its own round shape (bottom, bidding, plays; no wins) ----------
# The contract's example for doudizhu is the first golden case (by file name) that settles
# (service/contract.py, _first_golden_request): 01-landlord-wins-plain.
DDZ_CASE = load(GOLDEN / "doudizhu" / "01-landlord-wins-plain.json")
DDZ_ROUND = DDZ_CASE["request"]
# Its deal with one card that does not exist: seat 1's A (index 16) written '11' (001:601 lists
# the 54 cards: 3-10 J Q K A 2 and the two jokers).
DDZ_BAD_CASE = load(GOLDEN / "doudizhu" / "e34-unknown-card.json")
# Case 01 by hand: the deal is 17 cards a seat + 3 bottom cards (001:601). Seat 0 calls, 1 and 2
# pass, so seat 0 is 地主 and takes the bottom (20 cards); seats 1 and 2 are 农民.
DDZ_ROLES = ["地主 landlord", "农民 farmer", "农民 farmer"]
DDZ_LANDLORD_BADGE = ["Seat 0 地主", "Seat 1", "Seat 2"]
# Cards left: seat 0 plays 12 + 1 + 2 + 5 = 20, i.e. all it holds, and wins; seat 1 plays 9 and
# 33 out of its 17 (3 3 3 4 5 5 6 6 7 7 8 8 9 9 J Q A); seat 2 passes every time and keeps its 17.
DDZ_CARDS_LEFT = [
    [],
    ["3", "4", "5", "5", "6", "6", "7", "7", "8", "8", "9", "J", "Q", "A"],
    ["4", "5", "6", "7", "8", "9", "10", "J", "J", "Q", "Q", "K", "A", "A", "2", "BJ", "RJ"],
]
# Per farmer 底分 1 (001:624) × 初始 1 × no rob, show, bomb, spring or double = 1, paid to the
# landlord by each farmer (身份系数 农民 1, 地主 2: 001:625) → [2, -1, -1]: the case's hand-worked
# expect.totals, which these tests read from the case.
DDZ_TOTALS: list[int] = DDZ_CASE["expect"]["totals"]


def chip_codes(cell: Locator) -> list[str]:
    """The cards a cell shows, by code: each chip's label ends with '(code)'."""
    titles: list[str] = cell.locator(".tile").evaluate_all("els => els.map(e => e.title)")
    return [t[t.rindex("(") + 1:-1] for t in titles]


def test_doudizhu_example_settles_with_roles_cards_left_and_totals(page: Page) -> None:
    page.select_option("#variant", "doudizhu")
    expect(page.locator('[data-key="add-play"]')).to_have_count(1)  # the card builder, not the tile one
    expect(page.locator('[data-key="add-win"]')).to_have_count(0)
    page.click("#example")
    expect(page.locator("#status")).to_have_text(f"Example: {DDZ_CASE['title']}")
    expect(page.locator("table.items tbody tr")).to_have_count(len(DDZ_CASE["expect"]["items"]))
    assert json_view(page) == DDZ_ROUND
    assert DDZ_TOTALS == [2, -1, -1]  # the case's hand-worked totals (001:624, :625; see above)
    expect(page.locator("#problems")).to_be_empty()

    hands = page.locator("table.hands tbody tr")
    expect(hands).to_have_count(3)
    expect(page.locator("table.hands thead")).to_contain_text("身份 Role")
    expect(page.locator("table.hands thead")).to_contain_text("余牌 Cards left")
    for seat in range(3):
        row = page.locator(f'table.hands tbody tr[data-seat="{seat}"]')
        expect(row.locator("th")).to_have_text(f"Seat {seat}")
        expect(row.locator("td").nth(0)).to_have_text(DDZ_ROLES[seat])
        expect(row.locator("td").nth(1)).to_have_text("✓ 胜" if seat == 0 else "")  # the landlord played out first
        expect(row.locator("td").nth(3).locator(".tile")).to_have_count(len(DDZ_CARDS_LEFT[seat]))
        assert chip_codes(row.locator("td").nth(3)) == DDZ_CARDS_LEFT[seat], seat
    expect(page.locator('table.hands tbody tr[data-seat="2"] td').nth(3)).to_contain_text("小王")
    expect(page.locator('table.hands tbody tr[data-seat="2"] td').nth(3)).to_contain_text("大王")

    totals = page.locator("table.totals tbody tr")
    expect(totals).to_have_count(3)
    for seat, total in enumerate(DDZ_TOTALS):
        row = page.locator(f'table.totals tbody tr[data-seat="{seat}"]')
        expect(row.locator("th")).to_have_text(DDZ_LANDLORD_BADGE[seat])
        expect(row.locator("td.num").first).to_have_text(f"{total:+d}" if total else "0")
    items = page.locator("table.items tbody tr")
    for k, it in enumerate(DDZ_CASE["expect"]["items"]):
        expect(items.nth(k)).to_contain_text(f"Seat {it['payer']} → Seat {it['payee']}")
        expect(items.nth(k).locator("td").nth(2)).to_have_text(str(it["points"]))
        expect(items.nth(k)).to_contain_text("地主胜")
    expect(page.locator("#zero-sum")).to_contain_text("zero-sum")
    expect(page.locator(".summary")).to_contain_text(f"next dealer Seat {DDZ_CASE['expect']['next_dealer']}")


def test_doudizhu_unknown_card_is_marked_at_its_pointer_and_fixed_with_the_picker(page: Page) -> None:
    page.fill("#json", json.dumps(DDZ_BAD_CASE["request"], ensure_ascii=False))
    expect(page.locator("#variant")).to_have_value("doudizhu")  # the builder followed the pasted round
    hand = page.locator('.zone[data-ptr="/players/1/hand"]')
    expect(hand.locator(".chips .tile")).to_have_count(17)
    bad = page.locator('[data-ptr="/players/1/hand/16"]')
    expect(bad).to_have_class(re.compile(r"\bunknown\b"))  # shown as no card before settling
    page.click("#settle")
    expect(page.locator("#problems")).to_contain_text("422")
    expect(page.locator("#problems")).to_contain_text("/players/1/hand/16")
    expect(page.locator("#problems")).to_contain_text("unknown_card")
    expect(bad).to_have_class(re.compile(r"\bbad\b"))
    expect(hand.locator(".field-error")).to_contain_text("'11' is not a card")
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.locator("table.items")).to_have_count(0)

    # the 11 was seat 1's A (e34's working): out with a click, the A back in with the picker
    bad.click()
    pick(page, "/players/1/hand", ["A"])
    fixed = json_view(page)
    assert fixed["players"][1]["hand"] == DDZ_ROUND["players"][1]["hand"]
    assert {k: v for k, v in fixed.items() if k != "round_id"} == {k: v for k, v in DDZ_ROUND.items() if k != "round_id"}
    page.click("#settle")
    expect(page.locator("table.items tbody tr")).to_have_count(2)
    expect(page.locator("#problems")).to_be_empty()
    expect(page.locator(".field-error")).to_have_count(0)
    for seat, total in enumerate(DDZ_TOTALS):  # now golden case 01's round: its totals
        expect(page.locator(f'table.totals tbody tr[data-seat="{seat}"] td.num').first).to_have_text(
            f"{total:+d}" if total else "0")


CARD_ROUND_FIELDS = {"bottom", "bidding", "plays", "wilds", "landlord"}
MAHJONG_ROUND_FIELDS = {"wins", "wall_remaining", "last_drawer", "reveals"}
MAHJONG_PLAYER_FIELDS = {"melds", "discards", "flowers", "ready_declared_turn"}


def choose_variant(page: Page, variant: str) -> None:
    """Pick a variant as a person does: the select takes the focus first (a click or Tab), so a
    field typed in just before commits its value (its change event) before the variant changes."""
    page.focus("#variant")
    page.select_option("#variant", variant)


def test_switching_between_doudizhu_and_mahjong_keeps_only_the_games_own_fields(page: Page) -> None:
    # a full 斗地主 round, with a doudizhu-only option and player flag
    choose_variant(page, "doudizhu")
    page.click("#example")
    expect(page.locator("table.items tbody tr")).to_have_count(2)
    page.locator('[data-key="opt:anti_spring"]').uncheck()
    page.fill('[data-key="flag:0:show_cards"]', "2")  # committed when the focus moves on
    page.focus("#round-id")
    ddz = json_view(page)
    assert ddz["options"] == {"anti_spring": False}
    assert ddz["players"][0]["flags"] == {"show_cards": 2}
    assert set(ddz) >= {"bottom", "bidding", "plays"}, ddz

    # → 转转麻将: nothing of the card game is left; the builder is the tile one
    choose_variant(page, "zhuanzhuan")
    expect(page.locator('[data-key="add-win"]')).to_have_count(1)
    expect(page.locator('[data-key="add-play"]')).to_have_count(0)
    expect(page.locator('[data-key="pal:1m"]')).to_have_count(1)
    expect(page.locator('[data-key="pal:BJ"]')).to_have_count(0)
    mj = json_view(page)
    assert mj["variant"] == "zhuanzhuan"
    assert not CARD_ROUND_FIELDS & set(mj), mj
    assert mj["wins"] == []
    assert "options" not in mj, mj  # the only option set was 斗地主's: none is left, the defaults hold
    expect(page.locator("table.items")).to_have_count(0)  # the 斗地主 answer is gone with its rules
    for p in mj["players"]:
        assert p["hand"] == [], p  # a card hand means nothing in mahjong
        assert "flags" not in p, p  # seat 0's only flag was 斗地主's show_cards

    # a mahjong round for four with every mahjong-only field: win, wall, last drawer, reveal, meld,
    # discard, ready turn, and a mahjong player flag
    page.select_option("#players", "4")
    pick(page, "/players/0/hand", tiles_of("123m456p789s1p"))
    page.click('[data-key="add:/players/0:pong"]')
    page.click('[data-key="pal:5s"]')
    pick(page, "/players/1/discards", ["9m"])
    pick(page, "/players/3/discards", ["9s"])
    page.fill('[data-key="flag:1:passed_wins"]', '[{"tile": "2m", "turn": 1}]')
    page.locator('[data-key="flag:1:passed_wins"]').dispatch_event("change")
    page.fill('[data-key="rd:1"]', "3")
    page.locator('[data-key="rd:1"]').dispatch_event("change")
    page.click('[data-key="add-win"]')
    page.click('[data-key="pal:1p"]')  # the picker points at the new win's tile
    page.fill("#wall", "10")
    page.locator("#wall").dispatch_event("change")
    page.select_option("#last-drawer", "1")
    pick(page, "/reveals/birds", ["1m"])
    mj = json_view(page)
    assert set(mj) >= MAHJONG_ROUND_FIELDS, mj
    assert "melds" in mj["players"][0] and set(mj["players"][1]) >= {"discards", "ready_declared_turn"}, mj
    assert mj["players"][1]["flags"] == {"passed_wins": [{"tile": "2m", "turn": 1}]}
    assert len(mj["players"]) == 4 and "discards" in mj["players"][3], mj

    # ← back to 斗地主: no mahjong field is left, the card game's are back (empty)
    choose_variant(page, "doudizhu")
    expect(page.locator('[data-key="add-play"]')).to_have_count(1)
    expect(page.locator('[data-key="pal:BJ"]')).to_have_count(1)
    back = json_view(page)
    assert back["variant"] == "doudizhu"
    assert not MAHJONG_ROUND_FIELDS & set(back), back
    assert (back["bottom"], back["bidding"], back["plays"]) == ([], [], [])
    assert len(back["players"]) == 3  # 斗地主 is for three (the variant's players min = max = 3)
    for p in back["players"]:
        assert not MAHJONG_PLAYER_FIELDS & set(p), p
        assert "passed_wins" not in (p.get("flags") or {}), p
        assert p["hand"] == [], p

    # and once more to mahjong: no plays (nor bottom or bidding) come along
    choose_variant(page, "zhuanzhuan")
    expect(page.locator('[data-key="add-win"]')).to_have_count(1)
    again = json_view(page)
    assert not CARD_ROUND_FIELDS & set(again), again
    assert again["wins"] == [], again


# --- 双扣 (shuangkou): a card game posted as a record (finish_order, each seat's bombs and cards left) --------
# Not replayed: the builder has no bottom, bidding, plays or wilds, but per seat its cards left and its bombs,
# and the seats in the order they played out (docs/variants/shuangkou.md; the lead's readings S1-S13 in
# .helpers/shuangkou-readings.md). Seed 001_a1ce558555b69162.txt lines 42-76, cited as 001:N.
RECORD_ROUND_FIELDS = set(SHUANGKOU_FIELDS)
RECORD_PLAYER_FIELDS = set(SHUANGKOU_PLAYER_FIELDS)
# Built by hand below: 4 players, seat 0 plays out first (头游) and its partner seat 2 (opposite, S2) second,
# so the round ends there, a 双扣 (S3); seat 0 played one bomb of five 5s; seats 1 and 3 are left with 3 and 2
# cards (a seat not out holds at least one, S3).
SK_ROUND: dict[str, Any] = {
    "variant": "shuangkou", "dealer": 0, "finish_order": [0, 2],
    "players": [
        {"seat": 0, "bombs": [["5", "5", "5", "5", "5"]], "hand": []},
        {"seat": 1, "bombs": [], "hand": ["3", "4", "6"]},
        {"seat": 2, "bombs": [], "hand": []},
        {"seat": 3, "bombs": [], "hand": ["7", "8"]},
    ],
}
# By hand: the five 5s are a 5线 bomb (S4: 线数 = its cards); alone, nothing stacks (001:47), so seat 0's
# 贡献线数 is 5 and its 炸弹翻倍 row ×2 (001:61); nobody else played a bomb (×1), so the round's 炸弹翻倍数
# is 2 (S8 "highest"). 5线 pays no 贡献分: the table starts at 6线 (001:50). 双扣 基准分 3 (001:71), so
# each loser pays 3 × 2 = 6 to its 下家 (S8): seat 1 → seat 2, seat 3 → seat 0.
SK_ITEMS = [(1, 2, 6), (3, 0, 6)]
SK_TOTALS = [6, -6, 6, -6]
SK_PLACES = ["头游 1st out", "—", "二游 2nd out", "—"]  # place = finish_order index + 1; a seat not out has none
SK_TEAMS = ["0 队 seats 0 & 2", "1 队 seats 1 & 3", "0 队 seats 0 & 2", "1 队 seats 1 & 3"]  # partners opposite (S2)


def test_shuangkou_round_built_from_blank_settles_with_places_bombs_and_totals(page: Page) -> None:
    # from 斗地主 (plays) to 双扣 (a record): nothing of the replayed round comes along
    choose_variant(page, "doudizhu")
    expect(page.locator('[data-key="add-play"]')).to_have_count(1)
    choose_variant(page, "shuangkou")
    expect(page.locator('[data-key="add-bomb:0"]')).to_have_count(1)
    switched = json_view(page)
    assert not CARD_ROUND_FIELDS & set(switched), switched
    assert switched["finish_order"] == [], switched
    assert switched["players"] == [{"seat": s, "bombs": [], "hand": []} for s in range(3)]  # 斗地主's 3

    page.select_option("#players", "4")  # 2-4 players (the variant's description)
    page.click("#clear")
    assert json_view(page) == {"variant": "shuangkou", "dealer": 0, "finish_order": [],
                               "players": [{"seat": s, "bombs": [], "hand": []} for s in range(4)]}
    for gone in ("add-play", "add-bid", "add-win", "zone:/bottom", "zone:/wilds", "chaodi", "zone:/players/0/dealt"):
        expect(page.locator(f'[data-key="{gone}"]')).to_have_count(0)  # no 斗地主 zones; 抄底 and dealt are options
    expect(page.locator('label[data-ptr="/dealer"]')).to_contain_text("庄家 Dealer")  # 001:44 从庄家开始
    expect(page.locator('[data-key="pal:5"]')).to_have_count(1)
    expect(page.locator('[data-key="pal:5"] .left')).to_have_text("×8")  # two decks: eight 5s (S1)

    # seat 0's bomb: a new bomb takes the picker; five 5s
    page.click('[data-key="add-bomb:0"]')
    expect(page.locator("#target")).to_contain_text("Seat 0 · 炸弹 1 bomb")
    for _ in range(5):
        page.click('[data-key="pal:5"]')
    expect(page.locator('.zone[data-ptr="/players/0/bombs/0"] .chips .tile')).to_have_count(5)
    expect(page.locator('[data-key="pal:5"] .left')).to_have_text("×3")  # a played bomb's cards are out of the deck
    # a bomb added by mistake, removed again: the picker goes back to that seat's cards left
    page.click('[data-key="add-bomb:1"]')
    page.click('[data-key="pal:3"]')
    assert json_view(page)["players"][1]["bombs"] == [["3"]]
    page.click('[data-key="bombx:1:0"]')
    assert json_view(page)["players"][1]["bombs"] == []
    expect(page.locator("#target")).to_contain_text("Seat 1 · 余牌 cards left")

    pick(page, "/players/1/hand", ["3", "4", "6"])
    pick(page, "/players/3/hand", ["7", "8"])
    # the finish order, by clicking the seats; a wrong start cleared
    page.click('[data-key="fo:1"]')
    assert json_view(page)["finish_order"] == [1]
    page.click('[data-key="fo-clear"]')
    page.click('[data-key="fo:0"]')
    page.click('[data-key="fo:2"]')
    expect(page.locator('[data-key="fo:0"]')).to_have_count(0)  # a seat plays out once
    expect(page.locator('fieldset[data-ptr="/players/0"] legend')).to_contain_text("头游 1st out")
    expect(page.locator('fieldset[data-ptr="/players/2"] legend')).to_contain_text("二游 2nd out")
    assert json_view(page) == SK_ROUND

    page.click("#settle")
    expect(page.locator("#problems")).to_be_empty()
    items = page.locator("table.items tbody tr")
    expect(items).to_have_count(len(SK_ITEMS))
    for k, (payer, payee, points) in enumerate(SK_ITEMS):
        expect(items.nth(k)).to_contain_text(f"Seat {payer} → Seat {payee}")
        expect(items.nth(k).locator("td").nth(2)).to_have_text(str(points))
        expect(items.nth(k)).to_contain_text("双扣 Double win")
        expect(items.nth(k)).to_contain_text("基准分 3 × 炸弹翻倍 2")
    for seat, total in enumerate(SK_TOTALS):
        expect(page.locator(f'table.totals tbody tr[data-seat="{seat}"] td.num').first).to_have_text(f"{total:+d}")
    expect(page.locator("#zero-sum")).to_contain_text("zero-sum")
    expect(page.locator(".summary")).to_contain_text("next dealer Seat 0")  # the 头游 deals next (S10 winner)

    head = page.locator("table.hands thead")
    for title in ("队 Team", "名次 Place", "炸弹 Bombs (线数)", "贡献线数 Lines paid", "翻倍 Doubling", "余牌 Cards left"):
        expect(head).to_contain_text(title)
    for seat in range(4):
        cells = page.locator(f'table.hands tbody tr[data-seat="{seat}"] td')
        expect(cells.nth(0)).to_have_text(SK_TEAMS[seat])
        expect(cells.nth(1)).to_have_text(SK_PLACES[seat])
        expect(cells.nth(2)).to_have_text("✓ 胜" if seat in (0, 2) else "")  # 头游's side wins (S3)
        assert chip_codes(cells.nth(7)) == SK_ROUND["players"][seat]["hand"], seat
    seat0 = page.locator('table.hands tbody tr[data-seat="0"] td')
    assert chip_codes(seat0.nth(3)) == ["5"] * 5
    expect(seat0.nth(3)).to_contain_text("5线")  # S4: five cards, 5线
    expect(seat0.nth(4)).to_have_text("5线")  # its 贡献线数: nothing stacks (001:47)
    expect(seat0.nth(5)).to_have_text("×2")  # 001:61
    expect(seat0.nth(6)).to_have_text("炸弹翻倍 5线 Bomb doubling: Bombs of 5 lines")  # no 贡献分 below 6线 (001:50)
    seat1 = page.locator('table.hands tbody tr[data-seat="1"] td')
    expect(seat1.nth(4)).to_have_text("—")
    expect(seat1.nth(5)).to_have_text("×1")  # no bomb: below the table (001:60-68)

    # back to 斗地主: no record field is left, the replayed round's fields are back (empty)
    choose_variant(page, "doudizhu")
    expect(page.locator('[data-key="add-play"]')).to_have_count(1)
    back = json_view(page)
    assert not RECORD_ROUND_FIELDS & set(back), back
    assert (back["bottom"], back["bidding"], back["plays"]) == ([], [], [])
    for p in back["players"]:
        assert not RECORD_PLAYER_FIELDS & set(p) and p["hand"] == [], p


def test_shuangkou_chaodi_seat_and_dealt_hands_follow_their_options(page: Page) -> None:
    choose_variant(page, "shuangkou")
    page.select_option("#players", "4")
    page.click("#clear")
    expect(page.locator('[data-key="chaodi"]')).to_have_count(0)
    page.locator('[data-key="opt:chaodi"]').check()  # (a) 抄底 (001:44): the seat that ended the round at the deal
    expect(page.locator('[data-key="chaodi"]')).to_have_count(1)
    page.select_option('[data-key="chaodi"]', "1")
    chaodi = json_view(page)
    assert chaodi["chaodi"] == 1 and "finish_order" not in chaodi, chaodi  # one end or the other, never both (S9 a)
    expect(page.locator('[data-key="fo:0"]')).to_have_count(0)
    page.select_option('[data-key="chaodi"]', "")
    played = json_view(page)
    assert played["finish_order"] == [] and "chaodi" not in played, played
    expect(page.locator('[data-key="fo:0"]')).to_have_count(1)

    page.locator('[data-key="opt:split_compensation"]').check()  # (e) 拆相补偿: every seat posts its dealt hand (S9)
    expect(page.locator('[data-key^="zone:/players/"][data-key$="/dealt"]')).to_have_count(4)
    pick(page, "/players/2/dealt", ["K", "K"])
    assert json_view(page)["players"][2]["dealt"] == ["K", "K"]
    expect(page.locator('[data-key="pal:K"] .left')).to_have_text("×8")  # a dealt hand is a deal of its own (S1)
