"""The compiled engine (rules/_native.py, scripts/compile_engine.py): used only while fresh,
chosen by SETTLE_ENGINE, and giving the pure engine's bytes."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rules
from rules import _native
from rules.api import settle
from rules.generator import generate
from rules.variants import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def _fake_build(tmp: Path, src: Path, **manifest: object) -> Path:
    build = tmp / "build"
    (build / src.name).mkdir(parents=True)
    data = {"tag": _native.build_tag(), "sources": _native.source_digest(src), **manifest}
    (build / "MANIFEST.json").write_text(json.dumps(data), encoding="utf-8")
    return build


@pytest.fixture
def src(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(_native._chosen, "engine", _native.engine())  # package_path() records its choice
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "sub" / "mod.py").write_text("X = 1\n", encoding="utf-8")
    return pkg


def test_a_fresh_build_is_put_first(src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _fake_build(tmp_path, src)
    monkeypatch.setenv("SETTLE_ENGINE", "auto")
    monkeypatch.setenv("SETTLE_ENGINE_BUILD", str(build))
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert _native.stale_reason(build, src) is None
    assert _native.package_path([str(src)]) == [str(build / "pkg"), str(src)]
    assert str(build) in sys.path  # where mypyc's shared library lives


def test_an_edited_source_makes_the_build_stale(src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _fake_build(tmp_path, src)
    (src / "sub" / "mod.py").write_text("X = 2\n", encoding="utf-8")
    monkeypatch.setenv("SETTLE_ENGINE_BUILD", str(build))
    assert "older than the sources" in (_native.stale_reason(build, src) or "")
    monkeypatch.setenv("SETTLE_ENGINE", "auto")
    assert _native.package_path([str(src)]) == [str(src)]  # auto: the sources, as Python
    monkeypatch.setenv("SETTLE_ENGINE", "compiled")
    with pytest.raises(ImportError, match="older than the sources"):
        _native.package_path([str(src)])


def test_a_new_module_makes_the_build_stale(src: Path, tmp_path: Path) -> None:
    build = _fake_build(tmp_path, src)
    (src / "sub" / "new.py").write_text("", encoding="utf-8")
    assert _native.stale_reason(build, src) is not None


def test_a_build_for_another_interpreter_is_not_used(src: Path, tmp_path: Path) -> None:
    build = _fake_build(tmp_path, src, tag="cpython-312-linux-x86_64")
    assert "is for cpython-312" in (_native.stale_reason(build, src) or "")


def test_no_build_and_the_modes(src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SETTLE_ENGINE_BUILD", str(tmp_path / "nothing"))
    monkeypatch.setenv("SETTLE_ENGINE", "pure")
    assert _native.package_path([str(src)]) == [str(src)]
    monkeypatch.setenv("SETTLE_ENGINE", "compiled")
    with pytest.raises(ImportError, match="no compiled build"):
        _native.package_path([str(src)])
    monkeypatch.setenv("SETTLE_ENGINE", "fast")
    with pytest.raises(ImportError, match="expected one of auto, pure, compiled"):
        _native.package_path([str(src)])


def test_this_process_runs_the_build_it_was_asked_for() -> None:
    wanted = os.environ.get("SETTLE_ENGINE", "auto")
    if wanted in ("pure", "compiled"):
        assert _native.engine() == wanted
    compiled_modules = [m for m in ("rules.hand", "rules.api", "rules.variants.xuezhan")
                        if not sys.modules[m].__file__.endswith(".py")]  # type: ignore[union-attr]
    assert bool(compiled_modules) == (_native.engine() == "compiled")
    assert (rules.__path__[0].endswith("compiled/rules")) == (_native.engine() == "compiled")


def test_compiled_and_pure_engines_give_the_same_bytes() -> None:
    """Every variant, 15 generated rounds each, settled by the other build in a fresh
    process: the answers must be byte-identical (the compiled stage of scripts/test.sh
    runs this with the compiled build in this process)."""
    build = Path(os.environ.get("SETTLE_ENGINE_BUILD") or ROOT / "build" / "compiled")
    if _native.engine() == "pure" and _native.stale_reason(build, ROOT / "rules") is not None:
        pytest.skip("no fresh compiled build to compare with (scripts/test.sh compiles one first)")
    other = "pure" if _native.engine() == "compiled" else "compiled"
    bodies = [generate(vid, 700 + seed) for vid in sorted(REGISTRY) for seed in range(15)]
    script = ("import json, sys\nfrom rules.api import settle\nfrom rules.canonical import dumps\n"
              "for line in sys.stdin: print(dumps(settle(json.loads(line))))\n")
    done = subprocess.run([sys.executable, "-c", script], input="".join(json.dumps(b) + "\n" for b in bodies),
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env=dict(os.environ, SETTLE_ENGINE=other))
    theirs = done.stdout.splitlines()
    ours = [json.dumps(settle(b), ensure_ascii=False, sort_keys=True, separators=(",", ":")) for b in bodies]
    assert len(theirs) == len(bodies) == 15 * len(REGISTRY)
    assert [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b] == []


def _compile_script() -> Any:
    spec = importlib.util.spec_from_file_location("compile_engine", ROOT / "scripts" / "compile_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_in_use_says_how_it_was_compiled() -> None:
    """With GCC the build is profile-guided (scripts/compile_engine.py): the manifest says so,
    so a benchmark or a bug report can tell which machine code it ran."""
    if _native.engine() != "compiled":
        pytest.skip("this process runs the pure engine")
    build = Path(os.environ.get("SETTLE_ENGINE_BUILD") or ROOT / "build" / "compiled")
    how = (_native.read_manifest(build) or {}).get("compiled")
    if _compile_script()._is_gcc():
        assert how == "profile-guided (100 generated rounds of each variant)"
    else:
        assert how == "compiled once"


def test_the_profile_run_refuses_the_pure_engine() -> None:
    """Counting branches in the interpreted engine would leave no profile: the run says so."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile_engine.py"), "--train"], cwd=ROOT,
                          capture_output=True, text=True, check=False, env=dict(os.environ, SETTLE_ENGINE="pure"))
    assert done.returncode == 1
    assert "the profile run must run the instrumented build" in done.stderr
