#!/usr/bin/env bash
# Install (first run only) and start the service on http://127.0.0.1:8000 (API, /docs, /).
# Extra arguments go to gunicorn, e.g. `scripts/serve.sh --workers 2`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv compiled
# The engine runs compiled (mypyc, ~2x faster; rules/_native.py): built on the first start
# and again whenever rules/ changed (10-15 minutes with GCC, which compiles it twice: the
# second time guided by a profile run, scripts/compile_engine.py). SETTLE_ENGINE=pure skips it.
if [[ "${SETTLE_ENGINE:-auto}" != "pure" ]]; then
  .venv/bin/python scripts/compile_engine.py --if-stale
fi
exec .venv/bin/gunicorn -c gunicorn.conf.py "$@" 'service:create_app()'
