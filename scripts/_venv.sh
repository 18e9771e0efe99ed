# Sourced by scripts/serve.sh and scripts/test.sh: make .venv (Python 3.11+) and install
# the package into it, editable, with the given extra. Re-installs only when pyproject.toml
# changed since the last install, so repeated runs start at once.
# usage: ensure_venv [extra]

ensure_venv() {
  local extra="${1:-}"
  local python="${PYTHON:-}"
  if [[ -z "$python" ]]; then
    for candidate in python3.11 python3 python; do
      if command -v "$candidate" >/dev/null 2>&1; then python="$candidate"; break; fi
    done
  fi
  if [[ -z "$python" ]] || ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
    return 1
  fi
  if [[ ! -x .venv/bin/python ]]; then
    echo "==> creating .venv with $("$python" --version)"
    "$python" -m venv .venv
  fi
  local target="."
  [[ -n "$extra" ]] && target=".[$extra]"
  local stamp=".venv/.installed-${extra:-base}"
  local want
  want="$(.venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    echo "==> installing $target into .venv"
    .venv/bin/python -m pip install --quiet -e "$target"
    echo "$want" > "$stamp"
  fi
}
