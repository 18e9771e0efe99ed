#!/usr/bin/env bash
# Install (first run only) and run every check: ruff, mypy, then the whole pytest suite
# (engine, golden cases, properties, HTTP service, contract, schemathesis and the support
# page in a real browser).
# Extra arguments go to pytest, e.g. `scripts/test.sh -x -k golden`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv test

# The support page test drives Debian's chromium with playwright (`playwright install`
# is never used: it downloads browsers). Installed once; later runs skip this at once.
CHROMIUM=/usr/bin/chromium
CJK_FONT=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc  # so screenshots show 中文, not boxes
if [[ ! -x "$CHROMIUM" || ! -e "$CJK_FONT" ]]; then
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "==> installing Debian's chromium and a CJK font (for the support page test)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  elif [[ ! -x "$CHROMIUM" ]]; then
    echo "warning: $CHROMIUM is missing and cannot be installed here (not root, or no apt-get)." >&2
    echo "         Install it with 'sudo apt-get install -y chromium', or skip the browser test:" >&2
    echo "         bash scripts/test.sh -m 'not browser'" >&2
  fi
fi

echo "==> ruff check"
.venv/bin/ruff check .
echo "==> mypy"
.venv/bin/mypy
echo "==> compiling the engine (mypyc; skipped when build/compiled matches rules/)"
.venv/bin/python scripts/compile_engine.py --if-stale
echo "==> pytest, whole suite, compiled engine (what production runs)"
SETTLE_ENGINE=compiled .venv/bin/python -m pytest "$@"
echo "==> pytest, engine and HTTP tests again on the pure-Python engine (the same source, interpreted)"
SETTLE_ENGINE=pure .venv/bin/python -m pytest -q -m "not browser" "$@" \
  tests/rules tests/test_golden_engine.py tests/test_properties.py tests/service/test_golden_http.py
