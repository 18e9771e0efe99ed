"""Compile the rules engine with mypyc into build/compiled/ (see rules/_native.py).

    .venv/bin/python scripts/compile_engine.py [--out DIR] [--if-stale] [--no-pgo]

The same source, compiled: mypyc turns the type-hinted modules of ``rules/`` into C
extensions, about twice as fast (docs/performance.md). Nothing in the source tree
changes; the build goes to its own directory with a manifest of the sources it was made
from, and ``rules`` uses it only while that manifest matches (an edited module runs as
Python until the next compile). Needs mypy (the ``test`` or ``compiled`` extra) and a C
compiler with the Python headers.

With GCC the C is compiled twice, profile-guided: once instrumented, which then settles
generated rounds of every variant through the service in a child process (``--train``),
and once more with the branch and call counts that run left. GCC then lays the paths a
settlement takes side by side and moves the error paths out of their way, which is what
a server running the engine between other work needs (docs/performance.md, "The engine
compiled with its profile"). The answers are the same; only the machine code differs.
``--no-pgo`` (or another compiler) compiles once.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "rules"
sys.path.insert(0, str(ROOT))

# rules/_native.py imports nothing from the rest of the package: safe to load on its own
# (importing ``rules`` here would pick the build being replaced)
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("_rules_native", SRC / "_native.py")
if _spec is None or _spec.loader is None:
    raise SystemExit(f"cannot load {SRC / '_native.py'}")
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)

# Calls between the engine's own functions bind inside the library (not through the PLT, so
# GCC may inline them): nothing ever interposes a mypyc symbol.
LOCAL_CALLS = (["-fno-semantic-interposition"], ["-Wl,-Bsymbolic-functions"])
# per variant: ~1,900 generated rounds, ~10 s instrumented; not the seeds bench/ and the tests settle,
# so no benchmark measures rounds the build was trained on
TRAINING_SEEDS = range(900_000, 900_100)


def _mypyc(work: Path, modules: list[str], cflags: list[str], ldflags: list[str]) -> None:
    """Compile ``modules`` in ``work`` (a copy of the sources); the extensions land beside them."""
    # its own mypy settings: the repository's (for rules/ and service/) are not for this copy
    (work / "mypy.ini").write_text("[mypy]\nstrict = True\n", encoding="utf-8")
    env = dict(os.environ, MYPYC_OPT_LEVEL=os.environ.get("MYPYC_OPT_LEVEL", "3"))
    # setuptools adds $CFLAGS and $LDFLAGS to its own: ours go after the caller's
    env["CFLAGS"] = " ".join([os.environ.get("CFLAGS", ""), *cflags]).strip()
    env["LDFLAGS"] = " ".join([os.environ.get("LDFLAGS", ""), *ldflags]).strip()
    # mypyc builds with -Werror, and keep it: a "may be used uninitialized" from gcc in its C
    # has been a real mypyc bug here (a Final optional attribute), which crashed at run time.
    # It runs in the copy: it writes its C sources to ./build and the extensions beside the modules.
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *modules],  # noqa: S603 - fixed arguments
                          cwd=work, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"mypyc failed (exit {done.returncode}); the previous build, if any, is left as it was")
    shutil.rmtree(work / "build")
    (work / "mypy.ini").unlink()
    shutil.rmtree(work / ".mypy_cache", ignore_errors=True)


def _copy_sources(work: Path, sources: dict[str, str]) -> list[str]:
    shutil.rmtree(work, ignore_errors=True)
    for rel in sources:
        dest = work / SRC.name / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SRC / rel, dest)
    return [f"{SRC.name}/{rel}" for rel in sources if rel not in native.NOT_COMPILED]


def _train(build: Path) -> None:
    """Run the instrumented build in a child process; its counts are written when it exits."""
    env = dict(os.environ, SETTLE_ENGINE="compiled", SETTLE_ENGINE_BUILD=str(build))
    done = subprocess.run([sys.executable, __file__, "--train"], cwd=ROOT, env=env, check=False)  # noqa: S603
    if done.returncode != 0:
        raise SystemExit(f"the profile run failed (exit {done.returncode}); the previous build, if any, is left as it was")


def compile_engine(out: Path, gcc: bool, pgo: bool) -> None:
    # Both compiles run in the same directory: GCC finds the counts by the object file's path.
    work = out.with_name(out.name + ".tmp")
    profile = out.with_name(out.name + ".profile")
    sources = native.source_digest(SRC)
    start = time.perf_counter()
    modules = _copy_sources(work, sources)
    cflags, ldflags = LOCAL_CALLS if gcc else ([], [])
    if gcc and pgo:
        shutil.rmtree(profile, ignore_errors=True)
        _mypyc(work, modules, [*cflags, f"-fprofile-generate={profile}", "-fprofile-update=single"],
               [*ldflags, "-fprofile-generate"])
        instrumented = out.with_name(out.name + ".instrumented")
        shutil.rmtree(instrumented, ignore_errors=True)
        _write_manifest(work, sources, "instrumented")
        work.rename(instrumented)
        _train(instrumented)
        shutil.rmtree(instrumented)
        modules = _copy_sources(work, sources)
        # a module the run never imported has no counts: compiled as usual
        cflags = [*cflags, f"-fprofile-use={profile}", "-Wno-missing-profile"]
    _mypyc(work, modules, cflags, ldflags)
    how = compiled_how(gcc, pgo)
    _write_manifest(work, sources, how)
    shutil.rmtree(profile, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    work.rename(out)
    print(f"compiled {len(modules)} modules of rules/ into {out}, {how}, in {time.perf_counter() - start:.0f} s")


def compiled_how(gcc: bool, pgo: bool) -> str:
    """What the manifest's ``compiled`` says of a build made with these choices."""
    return f"profile-guided ({len(TRAINING_SEEDS)} generated rounds of each variant)" if gcc and pgo else "compiled once"


def _write_manifest(work: Path, sources: dict[str, str], how: str) -> None:
    (work / "MANIFEST.json").write_text(
        json.dumps({"tag": native.build_tag(), "sources": sources, "compiled": how}, indent=1) + "\n", encoding="utf-8")


def train() -> None:
    """The profile run: generated rounds of every variant posted to the service in this process
    (the shape check is compiled with the engine), every answer a settlement."""
    from rules import _native
    from rules.generator import generate
    from rules.variants import REGISTRY
    from service import create_app

    if _native.engine() != "compiled":
        raise SystemExit("the profile run must run the instrumented build")
    client = create_app().test_client()
    for vid in sorted(REGISTRY):
        for seed in TRAINING_SEEDS:
            answer = client.post("/v1/settlements", json=generate(vid, seed))
            if answer.status_code != 200:
                raise SystemExit(f"profile run: {vid} seed {seed} answered {answer.status}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    ap.add_argument("--if-stale", action="store_true", help="do nothing when the build matches the sources")
    ap.add_argument("--no-pgo", action="store_true", help="compile once, without the profile run")
    ap.add_argument("--train", action="store_true", help=argparse.SUPPRESS)  # the profile run itself
    args = ap.parse_args()
    if args.train:
        train()
        return
    out = args.out.resolve()
    gcc = _is_gcc()
    # up to date: the same sources, compiled the way this run would compile them
    same_way = (native.read_manifest(out) or {}).get("compiled") == compiled_how(gcc, not args.no_pgo)
    if args.if_stale and same_way and native.stale_reason(out, SRC) is None:
        print(f"{out} is up to date")
        return
    if not gcc:
        print("the C compiler is not GCC: compiling once, with its usual flags")
    compile_engine(out, gcc=gcc, pgo=not args.no_pgo)


def _is_gcc() -> bool:
    """Whether setuptools compiles with GCC (the profile flags are GCC's)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        version = subprocess.run([*cc, "--version"], capture_output=True, text=True, check=False).stdout  # noqa: S603
    except OSError:
        return False
    return "Free Software Foundation" in version and "clang" not in version


if __name__ == "__main__":
    main()
