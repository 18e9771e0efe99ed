"""gunicorn settings for the settlement service: the single source of them.

Start: ``gunicorn -c gunicorn.conf.py 'service:create_app()'`` (``scripts/serve.sh``, the
Dockerfile and ``mjsettle serve`` all do). Every choice below can be overridden from
the environment, and gunicorn's own ``GUNICORN_CMD_ARGS`` or command-line flags win
over this file:

==========================  =========================================  ==================
variable                    meaning                                    default
==========================  =========================================  ==================
``SETTLE_BIND``             address to listen on                       ``127.0.0.1:8000``
``SETTLE_WORKERS``          worker processes                           CPUs available
``SETTLE_WORKER_CLASS``     a gunicorn worker class                    balanced gthread
``SETTLE_THREADS``          threads per worker                         ``2`` (``1`` for sync)
``SETTLE_TIMEOUT``          seconds a silent worker lives              ``30``
``SETTLE_GRACEFUL_TIMEOUT`` seconds to drain on SIGTERM                ``20``
``SETTLE_KEEPALIVE``        seconds an idle keep-alive connection      ``75``
``SETTLE_MAX_REQUESTS``     requests before a worker is recycled       ``50000`` (0: never)
``SETTLE_CLIENT_TIMEOUT``   seconds a client may stall mid-request     ``10`` (0: no limit)
``SETTLE_LOG_LEVEL``        gunicorn's and the app's log level         ``info``
``SETTLE_ACCESS_LOG``       ``off`` drops the access log               on (stdout, JSON)
==========================  =========================================  ==================

Why these values: docs/operations.md (measured on this project's 2-core machine).
"""

from __future__ import annotations

import atexit
import math
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


def cpu_count() -> int:
    """CPUs this process may really use: its affinity mask, capped by a cgroup CPU quota
    (a Kubernetes CPU limit), never less than 1. ``os.cpu_count()`` would count the whole
    node and start 64 workers in a 2-CPU pod."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    quota = _cgroup_quota(Path("/sys/fs/cgroup"))
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def _cgroup_quota(root: Path) -> float | None:
    """CPUs allowed by the cgroup under ``root`` (``None``: no limit or no cgroup)."""
    try:  # cgroup v2: "max 100000" or "200000 100000"
        limit, period = (root / "cpu.max").read_text().split()[:2]
        return None if limit == "max" else int(limit) / int(period)
    except (OSError, ValueError):
        pass
    try:  # cgroup v1
        limit_us = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period_us = int((root / "cpu" / "cpu.cfs_period_us").read_text())
        return None if limit_us <= 0 else limit_us / period_us
    except (OSError, ValueError):
        return None


# --- where and how many ---------------------------------------------------------------

# Loopback by default: exposing the service is a deployment decision (the Dockerfile binds 0.0.0.0).
bind = os.environ.get("SETTLE_BIND") or "127.0.0.1:8000"

# Settling is CPU-bound pure Python, so one process per CPU: more only adds context
# switches (measured: docs/operations.md). Threaded workers rather than sync because they
# keep connections alive (game servers reuse theirs) and a slow client occupies one
# thread, not the whole worker; 2 threads let a worker read one request while it
# computes another. service.gworker's gthread accepts only while a thread is free, so
# connections opened together spread over the workers instead of piling on one.
# SETTLE_WORKER_CLASS takes any gunicorn worker class: sync, gthread (gunicorn's own), ...
worker_class = os.environ.get("SETTLE_WORKER_CLASS") or "service.gworker.BalancedThreadWorker"
workers = _int_env("SETTLE_WORKERS", cpu_count())
threads = _int_env("SETTLE_THREADS", 1 if worker_class == "sync" else 2)  # sync with threads > 1 IS gthread

# Kubernetes: the pod gets terminationGracePeriodSeconds = 30 (deploy/deployment.yaml):
# 5 s preStop (endpoints stop sending) + 20 s graceful drain here + 5 s margin before SIGKILL.
# A settlement takes milliseconds: 30 s of worker silence means it is stuck, not busy.
timeout = _int_env("SETTLE_TIMEOUT", 30)
graceful_timeout = _int_env("SETTLE_GRACEFUL_TIMEOUT", 20)
# Longer than any load balancer's idle timeout in front (60 s is the usual), so the
# server never closes a connection the balancer is about to reuse.
keepalive = _int_env("SETTLE_KEEPALIVE", 75)

# A client that stops sending its body (or stops reading its answer) for this long is
# answered 408 and dropped instead of holding a worker thread: see pre_request below.
_CLIENT_TIMEOUT = _int_env("SETTLE_CLIENT_TIMEOUT", 10)
_FIRST_BYTE_WAIT = 0.25  # seconds a gthread thread waits for a new connection's first byte

# Import the app (variant registry, rule tables, contract) and warm it once in the
# master, then fork: workers share those pages and start in milliseconds.
preload_app = True

# No runtime control socket (gunicornc): nothing here uses it, and its default path is under $HOME,
# which a container user may not have and which several servers on one host would share.
control_socket_disable = True

# Recycle workers now and then so a slow leak can never grow without bound (the soak in
# docs/operations.md shows none); the jitter keeps workers from recycling together.
max_requests = _int_env("SETTLE_MAX_REQUESTS", 50_000)
max_requests_jitter = max_requests // 10

# Request line and headers well above any real client's, well below abuse.
limit_request_line = 4096
limit_request_fields = 100
limit_request_field_size = 8190

# --- logs: JSON lines, access log on stdout, everything else on stderr -------------------

logger_class = "service.logging_json.GunicornLogger"
accesslog = None if os.environ.get("SETTLE_ACCESS_LOG", "").lower() in ("off", "0", "false", "no") else "-"
errorlog = "-"
loglevel = os.environ.get("SETTLE_LOG_LEVEL", "info")

# --- memory-backed scratch space ------------------------------------------------------------

# Heartbeat files in memory when available (containers often have a slow or read-only /tmp).
_SHM = "/dev/shm"  # noqa: S108 - gunicorn's documented place for worker heartbeats, not a temp file
worker_tmp_dir = _SHM if os.path.isdir(_SHM) and os.access(_SHM, os.W_OK) else None

# Prometheus multiprocess mode: every worker writes its counters to files in this
# directory and /metrics adds them up. It must be in the environment before the app (and
# prometheus_client) is imported, which preload_app does right after reading this file.
_METRICS_ENV = "PROMETHEUS_MULTIPROC_DIR"
if not os.environ.get(_METRICS_ENV):
    _owner = os.getpid()
    _made = tempfile.mkdtemp(prefix="mahjong-settle-metrics-", dir=worker_tmp_dir)
    os.environ[_METRICS_ENV] = _made

    def _remove_metrics_dir(path: str = _made, owner: int = _owner) -> None:
        if os.getpid() == owner:  # workers inherit atexit hooks; only the master cleans up
            shutil.rmtree(path, ignore_errors=True)

    atexit.register(_remove_metrics_dir)
else:
    os.makedirs(os.environ[_METRICS_ENV], exist_ok=True)


# --- hooks ---------------------------------------------------------------------------------


def on_starting(server: Any) -> None:
    from rules._native import engine
    from service import metrics

    metrics.clear_dir(os.environ[_METRICS_ENV])  # a given directory may hold an earlier run's values
    server.log.info("settings", extra={"workers": server.num_workers, "worker_class": server.cfg.worker_class_str,
                                       "threads": server.cfg.threads, "bind": server.cfg.bind,
                                       "metrics_dir": os.environ[_METRICS_ENV],
                                       "engine": engine()})  # compiled or pure: rules/_native.py


def post_worker_init(_worker: Any) -> None:
    from service import health

    health.drain_on_sigterm()  # SIGTERM: /readyz says 503 while gunicorn drains in-flight requests
    _park_quiet_connections()


def _park_quiet_connections() -> None:
    """gthread hands each new connection to a thread that waits up to 5 s for its first
    byte before parking it in the poller; ten connections that send nothing would hold
    every thread of a worker for seconds. Real clients send at once, so wait a quarter
    second: a later request is still served, from the poller, without holding a thread.
    (gunicorn also bounds draining a body the app did not read, after a 413, by it.)"""
    from gunicorn.workers import gthread

    if hasattr(gthread, "DEFAULT_WORKER_DATA_TIMEOUT"):
        gthread.DEFAULT_WORKER_DATA_TIMEOUT = _FIRST_BYTE_WAIT


def pre_request(_worker: Any, req: Any) -> None:
    # gunicorn reads the body on demand, from a blocking socket with no timeout; bound
    # each read (and write) so a stalled client cannot pin a thread. The worker resets
    # the socket to blocking for the next request on the connection.
    sock = getattr(getattr(req, "unreader", None), "sock", None)
    if sock is not None and _CLIENT_TIMEOUT > 0:
        sock.settimeout(_CLIENT_TIMEOUT)


def child_exit(_server: Any, worker: Any) -> None:
    from service import metrics

    metrics.worker_exited(worker.pid)
