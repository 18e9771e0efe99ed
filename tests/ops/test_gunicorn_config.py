"""gunicorn.conf.py: the settings a platform team relies on, checked through gunicorn itself."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = "service:create_app()"


def _gunicorn(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("SETTLE_", "GUNICORN_", "WEB_CONCURRENCY", "PROMETHEUS_MULTIPROC_DIR"))}
    return subprocess.run([sys.executable, "-m", "gunicorn", *args, "-c", "gunicorn.conf.py", APP],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
                          env={**base, **(env or {})})


def _settings(env: dict[str, str] | None = None) -> dict[str, str]:
    done = _gunicorn("--print-config", env=env)
    assert done.returncode == 0, done.stderr
    return {m[1]: m[2].strip() for m in re.finditer(r"^(\w+)\s+=\s(.*)$", done.stdout, re.MULTILINE)}


def _cpus_available() -> int:
    """This process's CPUs: affinity, capped by a cgroup v2 quota (what a pod's CPU limit sets)."""
    cpus = len(os.sched_getaffinity(0))
    cpu_max = Path("/sys/fs/cgroup/cpu.max")
    if cpu_max.exists():
        limit, period = cpu_max.read_text().split()[:2]
        if limit != "max":
            cpus = min(cpus, max(1, math.ceil(int(limit) / int(period))))
    return cpus


def test_check_config_passes() -> None:
    done = _gunicorn("--check-config")
    assert done.returncode == 0, done.stderr


def test_production_settings() -> None:
    s = _settings()
    assert s["bind"] == "['127.0.0.1:8000']"  # loopback unless the deployment says otherwise
    assert s["workers"] == str(_cpus_available())  # CPU-bound: one process per usable CPU
    assert s["worker_class"] == "service.gworker.BalancedThreadWorker"  # chosen by measurement: docs/operations.md
    assert s["threads"] == "2"
    assert s["preload_app"] == "True"  # rule tables loaded once, in the master
    assert s["timeout"] == "30"
    assert s["graceful_timeout"] == "20"  # + 5 s preStop < terminationGracePeriodSeconds 30
    assert s["keepalive"] == "75"  # longer than a load balancer's usual 60 s idle timeout
    assert s["max_requests"] == "50000"
    assert s["max_requests_jitter"] == "5000"
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):  # noqa: S108 - checking the config's choice
        assert s["worker_tmp_dir"] == "/dev/shm"  # noqa: S108
    assert s["logger_class"] == "service.logging_json.GunicornLogger"  # JSON access and error logs
    assert s["accesslog"] == "-"
    assert s["errorlog"] == "-"
    assert s["control_socket_disable"] == "True"
    # the hooks (on_starting, post_worker_init, pre_request, child_exit) are tested by what
    # they do: test_readiness.py, test_metrics.py, test_faults.py


def test_settings_follow_the_environment() -> None:
    s = _settings({"SETTLE_BIND": "127.0.0.1:9123", "SETTLE_WORKERS": "3", "SETTLE_WORKER_CLASS": "sync",
                   "SETTLE_THREADS": "4", "SETTLE_TIMEOUT": "12", "SETTLE_GRACEFUL_TIMEOUT": "7",
                   "SETTLE_KEEPALIVE": "9", "SETTLE_MAX_REQUESTS": "0", "SETTLE_ACCESS_LOG": "off",
                   "SETTLE_LOG_LEVEL": "warning"})
    assert s["bind"] == "['127.0.0.1:9123']"
    assert s["workers"] == "3"
    assert s["worker_class"] == "sync"
    assert s["threads"] == "4"
    # sync means one thread unless told otherwise (gunicorn runs "sync" with threads > 1 as gthread)
    assert _settings({"SETTLE_WORKER_CLASS": "sync"})["threads"] == "1"
    assert s["timeout"] == "12"
    assert s["graceful_timeout"] == "7"
    assert s["keepalive"] == "9"
    assert s["max_requests"] == "0"
    assert s["max_requests_jitter"] == "0"
    assert s["accesslog"] == "None"
    assert s["loglevel"] == "warning"


def test_config_loading_leaves_no_metrics_directory_behind(tmp_path: Path) -> None:
    """Each start makes its own PROMETHEUS_MULTIPROC_DIR (several servers on one host never
    mix counts) and the master removes it when it exits; a given directory is kept."""
    shm = Path("/dev/shm")  # noqa: S108 - where the config puts it
    before = set(shm.glob("mahjong-settle-metrics-*")) if shm.is_dir() else set()
    assert _gunicorn("--check-config").returncode == 0
    after = set(shm.glob("mahjong-settle-metrics-*")) if shm.is_dir() else set()
    assert after <= before
    given = tmp_path / "metrics"
    assert _gunicorn("--check-config", env={"PROMETHEUS_MULTIPROC_DIR": str(given)}).returncode == 0
    assert given.is_dir()


@pytest.mark.parametrize(("cpu_max", "expected"), [("max 100000", None), ("200000 100000", 2.0),
                                                    ("150000 100000", 1.5), ("50000 100000", 0.5)])
def test_cgroup_quota_is_read(tmp_path: Path, cpu_max: str, expected: float | None) -> None:
    """cpu.max as a Kubernetes CPU limit writes it; a fractional limit rounds up to a worker."""
    (tmp_path / "cpu.max").write_text(cpu_max + "\n")
    script = ("import runpy, sys; from pathlib import Path; "
              "ns = runpy.run_path('gunicorn.conf.py'); print(ns['_cgroup_quota'](Path(sys.argv[1])))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SETTLE_")}
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=True, env=env)
    assert done.stdout.strip() == str(expected)
