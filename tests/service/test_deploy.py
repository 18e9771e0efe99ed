"""What ships around the app: the gunicorn config, the Dockerfile, the two README commands."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = "service:create_app()"


def _gunicorn(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("SETTLE_", "GUNICORN_", "WEB_CONCURRENCY"))}
    return subprocess.run([sys.executable, "-m", "gunicorn", *args, "-c", "gunicorn.conf.py", APP],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
                          env={**base, **(env or {})})


def _settings(out: str) -> dict[str, str]:
    return {m[1]: m[2].strip() for m in re.finditer(r"^(\w+)\s+=\s(.*)$", out, re.MULTILINE)}


def test_gunicorn_check_config_passes() -> None:
    done = _gunicorn("--check-config")
    assert done.returncode == 0, done.stderr


def test_gunicorn_defaults() -> None:
    done = _gunicorn("--print-config")
    assert done.returncode == 0, done.stderr
    s = _settings(done.stdout)
    assert s["bind"] == "['127.0.0.1:8000']"
    assert s["preload_app"] == "True"
    assert int(s["workers"]) >= 1  # one per usable CPU: tests/ops/test_gunicorn_config.py
    assert s["timeout"] == "30"


def test_gunicorn_settings_follow_the_environment() -> None:
    done = _gunicorn("--print-config", env={"SETTLE_BIND": "127.0.0.1:9123", "SETTLE_WORKERS": "2"})
    assert done.returncode == 0, done.stderr
    s = _settings(done.stdout)
    assert s["bind"] == "['127.0.0.1:9123']"
    assert s["workers"] == "2"


def test_dockerfile_runs_that_config_as_non_root_with_a_healthcheck() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"^FROM python:3\.11-slim\b", text, re.MULTILINE)
    user = re.findall(r"^USER (\S+)", text, re.MULTILINE)
    assert user, "the image must not run as root"
    assert user[-1] not in ("root", "0")
    assert re.search(r"^HEALTHCHECK .*", text, re.MULTILINE)
    assert "/livez" in text
    assert 'CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]' in text
    for copied in ("pyproject.toml", "rules", "service", "gunicorn.conf.py"):
        assert re.search(rf"^COPY .*\b{re.escape(copied)}\b", text, re.MULTILINE), copied


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = re.search(r"```(?:sh|bash|console)?\n(.*?)```", readme, re.DOTALL)
    assert first_block, "README.md opens with a code block"
    commands = [line.strip() for line in first_block[1].splitlines()
                if line.strip() and not line.strip().startswith("#")]
    assert commands == ["bash scripts/serve.sh", "bash scripts/test.sh"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^bash scripts/test\.sh$", ci, re.MULTILINE)
    assert "set -euo pipefail" in ci
