"""gunicorn settings for the settlement service.

Start: ``gunicorn -c gunicorn.conf.py 'service:create_app()'``. Every setting here can
be overridden from the environment (``SETTLE_BIND``, ``SETTLE_WORKERS``, ``SETTLE_TIMEOUT``,
``SETTLE_LOG_LEVEL``), or with gunicorn's own ``GUNICORN_CMD_ARGS``.
"""

from __future__ import annotations

import os


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


# Loopback by default: exposing the service is a deployment decision (the Dockerfile binds 0.0.0.0).
bind = os.environ.get("SETTLE_BIND") or "127.0.0.1:8000"

# Settling is CPU-bound pure Python: one synchronous worker per core (plus one, so a
# worker being recycled never leaves a core idle) uses the machine without thrashing.
workers = _int_env("SETTLE_WORKERS", (os.cpu_count() or 1) + 1)
worker_class = "sync"

# A settlement takes milliseconds; 30 s only catches a stuck worker.
timeout = _int_env("SETTLE_TIMEOUT", 30)
graceful_timeout = 20
keepalive = 5

# Import the app (and the variant registry, the contract) once in the master, then fork.
preload_app = True

# Recycle workers now and then so a slow leak can never grow without bound.
max_requests = 20_000
max_requests_jitter = 2_000

# Request line and headers well above any real client's, well below abuse.
limit_request_line = 4096
limit_request_fields = 100
limit_request_field_size = 8190

accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("SETTLE_LOG_LEVEL", "info")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms rid=%({x-request-id}o)s'

# Heartbeat files in memory when available (containers often have a slow or read-only /tmp).
_SHM = "/dev/shm"  # noqa: S108 - gunicorn's documented place for worker heartbeats, not a temp file
if os.path.isdir(_SHM):
    worker_tmp_dir = _SHM
