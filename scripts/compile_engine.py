"""Compile the rules engine with mypyc into build/compiled/ (see rules/_native.py).

    .venv/bin/python scripts/compile_engine.py [--out DIR] [--if-stale]

The same source, compiled: mypyc turns the type-hinted modules of ``rules/`` into C
extensions, about twice as fast (docs/performance.md). Nothing in the source tree
changes; the build goes to its own directory with a manifest of the sources it was made
from, and ``rules`` uses it only while that manifest matches (an edited module runs as
Python until the next compile). Needs mypy (the ``test`` or ``compiled`` extra) and a C
compiler with the Python headers.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
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


def compile_engine(out: Path) -> None:
    work = out.with_name(out.name + ".tmp")
    shutil.rmtree(work, ignore_errors=True)
    sources = native.source_digest(SRC)
    for rel in sources:
        dest = work / SRC.name / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SRC / rel, dest)
    modules = [f"{SRC.name}/{rel}" for rel in sources if rel not in native.NOT_COMPILED]
    # its own mypy settings: the repository's (for rules/ and service/) are not for this copy
    (work / "mypy.ini").write_text("[mypy]\nstrict = True\n", encoding="utf-8")
    # mypyc builds with -Werror, and keep it: a "may be used uninitialized" from gcc in its C
    # has been a real mypyc bug here (a Final optional attribute), which crashed at run time
    env = dict(os.environ, MYPYC_OPT_LEVEL=os.environ.get("MYPYC_OPT_LEVEL", "3"))
    start = time.perf_counter()
    # run in the copy: mypyc writes its C sources to ./build and the extensions beside the modules
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *modules],  # noqa: S603 - fixed arguments
                          cwd=work, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"mypyc failed (exit {done.returncode}); the previous build, if any, is left as it was")
    shutil.rmtree(work / "build")
    (work / "mypy.ini").unlink()
    shutil.rmtree(work / ".mypy_cache", ignore_errors=True)
    (work / "MANIFEST.json").write_text(json.dumps({"tag": native.build_tag(), "sources": sources}, indent=1) + "\n",
                                        encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    work.rename(out)
    print(f"compiled {len(modules)} modules of rules/ into {out} in {time.perf_counter() - start:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    ap.add_argument("--if-stale", action="store_true", help="do nothing when the build matches the sources")
    args = ap.parse_args()
    out = args.out.resolve()
    if args.if_stale and native.stale_reason(out, SRC) is None:
        print(f"{out} is up to date")
        return
    compile_engine(out)


if __name__ == "__main__":
    main()
