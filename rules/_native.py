"""Run the mypyc-compiled build of this package when a fresh one exists.

``scripts/compile_engine.py`` compiles every module of :mod:`rules` (this same source:
mypyc reads the type hints mypy already checks) into C extensions under
``build/compiled/`` and writes ``MANIFEST.json`` there: a sha256 of every source file it
compiled. ``rules/__init__.py`` hands its ``__path__`` to :func:`package_path`, which puts
the compiled directory first only when the manifest matches the sources on disk, so an
edited ``.py`` is never shadowed by a stale extension: it runs as Python until the next
compile.

``SETTLE_ENGINE`` chooses: ``auto`` (default: compiled when fresh, else pure Python),
``pure``, or ``compiled`` (an ImportError naming the reason when there is no fresh
build: the compiled test stage and benchmarks use it so they never measure the wrong
thing). ``SETTLE_ENGINE_BUILD`` points at another build directory.

This module and ``rules/__init__.py`` are never compiled: they run before the choice.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

MODES = ("auto", "pure", "compiled")
NOT_COMPILED = ("__init__.py", "_native.py")  # relative to the package root; rules/__init__ and this file
_chosen = {"engine": "pure"}  # what this process runs; package_path() records it


def engine() -> str:
    """``"compiled"`` or ``"pure"``: which build of the engine this process runs."""
    return _chosen["engine"]


def source_digest(src: Path) -> dict[str, str]:
    """sha256 of every module of the package under ``src``, by path relative to it."""
    return {p.relative_to(src).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(src.rglob("*.py")) if "__pycache__" not in p.parts}


def build_tag() -> str:
    """What an extension is built for: it only loads into the same interpreter."""
    return f"{sys.implementation.cache_tag}-{sys.platform}-{os.uname().machine if hasattr(os, 'uname') else ''}"


def read_manifest(build: Path) -> dict[str, Any] | None:
    """The ``MANIFEST.json`` of the build in ``build`` (``None``: no readable one)."""
    try:
        manifest: dict[str, Any] = json.loads((build / "MANIFEST.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest


def stale_reason(build: Path, src: Path) -> str | None:
    """Why ``build`` cannot stand in for the sources in ``src`` (``None``: it can)."""
    manifest = read_manifest(build)
    if manifest is None:
        return f"no compiled build in {build} (python scripts/compile_engine.py makes one)"
    if manifest.get("tag") != build_tag():
        return f"the build in {build} is for {manifest.get('tag')}, this interpreter is {build_tag()}"
    if manifest.get("sources") != source_digest(src):
        return f"the build in {build} is older than the sources in {src}: recompile (python scripts/compile_engine.py)"
    return None


def package_path(path: list[str]) -> list[str]:
    """``rules.__path__``: the compiled build first when it is fresh and wanted."""
    mode = os.environ.get("SETTLE_ENGINE", "auto").strip().lower() or "auto"
    if mode not in MODES:
        raise ImportError(f"SETTLE_ENGINE={mode!r}: expected one of {', '.join(MODES)}")
    if mode == "pure":
        return path
    src = Path(path[0])
    build = Path(os.environ.get("SETTLE_ENGINE_BUILD") or src.parent / "build" / "compiled")
    reason = stale_reason(build, src)
    if reason is not None:
        if mode == "compiled":
            raise ImportError(f"SETTLE_ENGINE=compiled: {reason}")
        return path
    # mypyc's shared library is a top-level module next to the package directory
    if str(build) not in sys.path:
        sys.path.append(str(build))
    _chosen["engine"] = "compiled"
    return [str(build / src.name), *path]
