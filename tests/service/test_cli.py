"""The ``mjsettle`` command line (issue 7): settle, batch, analyze, variants; clear errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.api import settle
from service.cli import gunicorn_config, main
from tests.golden_cases import case_files, load

ROOT = Path(__file__).resolve().parents[2]


def _rounds(k: int) -> list[dict[str, Any]]:
    out = [load(p)["request"] for p in case_files() if load(p)["expect"]["status"] == 200]
    if not out:
        pytest.skip("no golden rounds yet")
    return (out * k)[:k]


def test_settle_prints_the_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = _rounds(1)[0]
    f = tmp_path / "round.json"
    f.write_text(json.dumps(body), encoding="utf-8")
    assert main(["settle", str(f)]) == 0
    assert json.loads(capsys.readouterr().out) == settle(body)


def test_unreadable_and_bad_files_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    assert main(["settle", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err
    bad.write_text(json.dumps(dict(_rounds(1)[0], variant="no-such-game")), encoding="utf-8")
    assert main(["settle", str(bad)]) == 2
    assert "/variant" in capsys.readouterr().err


def test_batch_keeps_every_line_and_reports_bad_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rounds = _rounds(6)
    good = [json.dumps(r) for r in rounds]
    wrong_total = dict(rounds[0], expected={"totals": [1] + [0] * (len(rounds[0]["players"]) - 2) + [-1]})
    lines = [good[0], "{broken", good[1], json.dumps({"variant": "x"}), json.dumps(wrong_total), *good[2:]]
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["batch", str(src), str(dst), "--workers", "2"]) == 1
    out = [json.loads(x) for x in dst.read_text(encoding="utf-8").splitlines()]
    assert [r["line"] for r in out] == list(range(1, len(lines) + 1))
    assert [r["status"] for r in out][:4] == [200, 400, 200, 422]
    err = capsys.readouterr().err
    assert "line 2:" in err and "line 4:" in err
    summary = json.loads(err.strip().splitlines()[-1])["summary"]
    assert summary["rejected"] == 2 and summary["total"] == len(lines)
    assert summary["mismatched"] == (1 if settle(rounds[0])["scores"][0]["total"] != 1 else 0)


def test_batch_all_good_exits_zero(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in _rounds(3)) + "\n", encoding="utf-8")
    assert main(["batch", str(src), str(dst), "--workers", "1"]) == 0


def test_variants_lists_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    from rules.variants import REGISTRY
    listed = capsys.readouterr().out
    assert all(vid in listed for vid in REGISTRY)


def test_console_script_runs_as_a_module() -> None:
    r = subprocess.run([sys.executable, "-m", "service.cli", "variants"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr


def _serve(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("SETTLE_", "GUNICORN_", "WEB_CONCURRENCY"))}
    return subprocess.run([sys.executable, "-m", "service.cli", "serve", *args], capture_output=True, text=True,
                          timeout=120, check=False, cwd=cwd, env={**base, **(env or {})})


def test_serve_runs_gunicorn_with_the_shipped_config(tmp_path: Path) -> None:
    # run from an empty directory: the config comes from the package, not from the cwd
    done = _serve(tmp_path, "--check-config")
    assert done.returncode == 0, done.stderr
    done = _serve(tmp_path, "--print-config", env={"SETTLE_BIND": "127.0.0.1:9321"})
    assert done.returncode == 0, done.stderr
    settings = dict(re.findall(r"^(\w+)\s+=\s(.*)$", done.stdout, re.MULTILINE))
    assert settings["bind"].strip() == "['127.0.0.1:9321']"  # SETTLE_BIND is read by gunicorn.conf.py
    assert Path(settings["config"].strip()).samefile(ROOT / "gunicorn.conf.py")


def test_the_package_ships_the_root_gunicorn_config() -> None:
    packaged = gunicorn_config()
    assert packaged.read_bytes() == (ROOT / "gunicorn.conf.py").read_bytes()
    assert '"gunicorn.conf.py"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_serve_passes_its_arguments_to_gunicorn_untouched(tmp_path: Path) -> None:
    done = _serve(tmp_path, "--no-such-gunicorn-flag")
    assert done.returncode != 0
    assert "mjsettle: error" not in done.stderr  # gunicorn, not our parser, judged the flag


def test_settle_and_batch_read_a_round_as_the_http_service_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line holds a round to the contract as POST /v1/settlements does: a
    misspelt field is refused with its pointer (the engine alone would drop it, and its
    point with it), and an integral 3.0 is the integer 3."""
    from service import create_app

    client = create_app().test_client()
    body = _rounds(1)[0]
    typo = dict(body, wins_=[])
    floated = json.dumps(body).replace(f'"dealer": {body["dealer"]}', f'"dealer": {body["dealer"]}.0')
    http_typo = client.post("/v1/settlements", json=typo)
    assert http_typo.status_code == 422
    assert [e["pointer"] for e in http_typo.get_json()["errors"]] == ["/wins_"]
    f = tmp_path / "typo.json"
    f.write_text(json.dumps(typo), encoding="utf-8")
    assert main(["settle", str(f)]) == 2
    assert "/wins_" in capsys.readouterr().err
    f.write_text(floated, encoding="utf-8")
    assert main(["settle", str(f)]) == 0
    assert json.loads(capsys.readouterr().out) == settle(body)
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(typo) + "\n" + floated + "\n", encoding="utf-8")
    assert main(["batch", str(src), str(dst), "--workers", "1"]) == 1
    out = [json.loads(x) for x in dst.read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in out] == [422, 200]
    assert [e["pointer"] for e in out[0]["errors"]] == ["/wins_"]
    assert out[1]["settlement"] == settle(body)

