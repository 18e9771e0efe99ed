#!/usr/bin/env bash
# Install (first run only) and start the service on http://127.0.0.1:8000 (API, /docs, /).
# Extra arguments go to gunicorn, e.g. `scripts/serve.sh --workers 2`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv
exec .venv/bin/gunicorn -c gunicorn.conf.py "$@" 'service:create_app()'
