"""deploy/: the Kubernetes manifests agree with the app, the gunicorn config and the Dockerfile."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def _docs() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(DEPLOY.glob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if doc:
                assert doc["kind"] not in out, f"one {doc['kind']} only"
                out[doc["kind"]] = doc
    return out


@pytest.fixture(scope="module")
def docs() -> dict[str, dict[str, Any]]:
    return _docs()


@pytest.fixture(scope="module")
def container(docs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    [c] = docs["Deployment"]["spec"]["template"]["spec"]["containers"]
    return c


def _env(container: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container["env"]}


def _gunicorn_settings(env: dict[str, str]) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("SETTLE_", "GUNICORN_", "WEB_CONCURRENCY", "PROMETHEUS_MULTIPROC_DIR"))}
    done = subprocess.run([sys.executable, "-m", "gunicorn", "--print-config", "-c", "gunicorn.conf.py",
                           "service:create_app()"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True, env={**base, **env})
    return {m[1]: m[2].strip() for m in re.finditer(r"^(\w+)\s+=\s(.*)$", done.stdout, re.MULTILINE)}


def test_every_manifest_is_listed_once_in_the_kustomization(docs: dict[str, dict[str, Any]]) -> None:
    kustomization = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text(encoding="utf-8"))
    files = {p.name for p in DEPLOY.glob("*.yaml")} - {"kustomization.yaml"}
    assert sorted(kustomization["resources"]) == sorted(files)
    assert set(docs) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}


def test_probes_point_at_the_health_endpoints(container: dict[str, Any]) -> None:
    assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["startupProbe"]["httpGet"]["path"] == "/readyz"
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        port = container[probe]["httpGet"]["port"]
        assert port in ports or port in ports.values(), probe


def test_the_container_port_is_where_gunicorn_listens(container: dict[str, Any], docs: dict[str, dict[str, Any]]) -> None:
    env = _env(container)
    bind = _gunicorn_settings({"SETTLE_BIND": env["SETTLE_BIND"]})["bind"]
    host, port = re.fullmatch(r"\['(.+):(\d+)'\]", bind).groups()  # type: ignore[union-attr]
    assert host == "0.0.0.0"  # noqa: S104 - in a pod the service must listen beyond loopback
    [container_port] = container["ports"]
    assert container_port["containerPort"] == int(port)
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(rf"^ENV SETTLE_BIND=0\.0\.0\.0:{port}$", dockerfile, re.MULTILINE)
    assert re.search(rf"^EXPOSE {port}$", dockerfile, re.MULTILINE)
    annotations = docs["Deployment"]["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == port
    assert annotations["prometheus.io/path"] == "/metrics"
    [service_port] = docs["Service"]["spec"]["ports"]
    assert service_port["targetPort"] in (container_port["name"], container_port["containerPort"])


def test_shutdown_fits_in_the_grace_period(container: dict[str, Any], docs: dict[str, dict[str, Any]]) -> None:
    """preStop sleep, then SIGTERM and gunicorn's graceful drain, all before the SIGKILL."""
    pod = docs["Deployment"]["spec"]["template"]["spec"]
    sleep = container["lifecycle"]["preStop"]["exec"]["command"]
    assert sleep[0] == "sleep"
    graceful = int(_gunicorn_settings({})["graceful_timeout"])
    assert int(sleep[1]) + graceful < pod["terminationGracePeriodSeconds"]


def test_runs_as_the_images_non_root_user_locked_down(container: dict[str, Any], docs: dict[str, dict[str, Any]]) -> None:
    pod = docs["Deployment"]["spec"]["template"]["spec"]
    uid = re.search(r"useradd .*--uid (\d+)", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    assert uid
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == int(uid[1])
    sc = container["securityContext"]
    assert sc["allowPrivilegeEscalation"] is False
    assert sc["readOnlyRootFilesystem"] is True
    assert sc["capabilities"]["drop"] == ["ALL"]
    assert pod["automountServiceAccountToken"] is False


def test_writable_places_are_memory_volumes(container: dict[str, Any], docs: dict[str, dict[str, Any]]) -> None:
    """A read-only root: the metrics directory and gunicorn's heartbeat dir are emptyDirs in memory."""
    volumes = {v["name"]: v for v in docs["Deployment"]["spec"]["template"]["spec"]["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    metrics_dir = _env(container)["PROMETHEUS_MULTIPROC_DIR"]
    for path in (metrics_dir, "/dev/shm", "/tmp"):  # noqa: S108 - mount points, not temp files
        assert path in mounts, path
        assert volumes[mounts[path]]["emptyDir"]["medium"] == "Memory"


def test_resources_and_workers_follow_the_cpu_limit(container: dict[str, Any]) -> None:
    resources = container["resources"]
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(resources[kind]), kind
    assert resources["requests"]["cpu"] == resources["limits"]["cpu"]  # CPU-bound: a guaranteed share
    workers = _env(container)["SETTLE_WORKERS"]["resourceFieldRef"]
    assert workers == {"containerName": container["name"], "resource": "limits.cpu", "divisor": "1"}


def test_selectors_match_the_pods(docs: dict[str, dict[str, Any]]) -> None:
    deployment = docs["Deployment"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert docs["Service"]["spec"]["selector"].items() <= labels.items()
    assert docs["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    target = docs["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])


def test_scaling_keeps_capacity_through_disruptions(docs: dict[str, dict[str, Any]]) -> None:
    hpa = docs["HorizontalPodAutoscaler"]["spec"]
    assert hpa["minReplicas"] >= 2
    assert hpa["maxReplicas"] > hpa["minReplicas"]
    [metric] = hpa["metrics"]
    assert metric["resource"]["name"] == "cpu"
    pdb = docs["PodDisruptionBudget"]["spec"]
    assert pdb.get("maxUnavailable", 0) < hpa["minReplicas"] or pdb.get("minAvailable", 0) >= 1
    assert docs["Deployment"]["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
