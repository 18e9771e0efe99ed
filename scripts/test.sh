#!/usr/bin/env bash
# Install (first run only) and run every check: ruff, mypy, then the whole pytest suite
# (engine, golden cases, properties, HTTP service, contract and schemathesis).
# Extra arguments go to pytest, e.g. `scripts/test.sh -x -k golden`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv test

echo "==> ruff check"
.venv/bin/ruff check .
echo "==> mypy"
.venv/bin/mypy
echo "==> pytest"
.venv/bin/python -m pytest "$@"
