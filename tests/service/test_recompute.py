"""The Dask recompute job (service/recompute.py) on a small in-process LocalCluster.

Every count below follows from how the shards are built (so many good rounds, one
round whose ``expected`` totals are off by one, one line that is not JSON, one that is
not UTF-8, one impossible round), not from running the job.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import LocalCluster

from rules.api import settle
from rules.generator import generate
from rules.variants import REGISTRY
from service import recompute
from service.offline import settle_checked_line

GOOD_PER_SHARD = 8
SHARDS = 3


def _shard_lines(shard: int) -> list[bytes]:
    """8 good rounds (one with matching expected totals), then: expected totals off by one
    (settled, mismatched), a blank line, bad JSON, bad UTF-8, a round with no players."""
    vids = sorted(REGISTRY)
    lines: list[bytes] = []
    for k in range(GOOD_PER_SHARD):
        body = generate(vids[(shard * GOOD_PER_SHARD + k) % len(vids)], 100 * shard + k)
        body["round_id"] = f"day{shard}/{k}"
        if k == 0:
            body["expected"] = {"totals": [s["total"] for s in settle(body)["scores"]]}
        lines.append(json.dumps(body, ensure_ascii=False).encode())
    off = generate("zhuanzhuan", 900 + shard)
    totals = [s["total"] for s in settle(off)["scores"]]
    off["round_id"] = f"day{shard}/off"
    off["expected"] = {"totals": [totals[0] + 1, totals[1] - 1, *totals[2:]]}
    lines.append(json.dumps(off).encode())
    lines += [b"   ", b"{not json", b'{"variant": "zhuanzhuan", "round_id": "\xff\xfe"}',
              json.dumps({"variant": "zhuanzhuan", "round_id": f"day{shard}/empty", "players": []}).encode()]
    # read as POST /v1/settlements reads a body: a misspelt field is refused (not silently
    # dropped), an integral 3.0 is the integer 3
    typo = generate("zhuanzhuan", 950 + shard)
    typo["round_id"], typo["wins_"] = f"day{shard}/typo", []
    lines.append(json.dumps(typo).encode())
    floated = generate("zhuanzhuan", 960 + shard)
    floated["round_id"] = f"day{shard}/float"
    lines.append(json.dumps(floated).replace('"dealer": ' + str(floated["dealer"]), '"dealer": ' + f"{floated['dealer']}.0").encode())
    return lines


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("days")
    paths = []
    for s in range(SHARDS):
        p = root / f"2026-11-{s + 1:02d}.jsonl"
        p.write_bytes(b"\n".join(_shard_lines(s)) + b"\n")
        paths.append(p)
    return paths


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with recompute.local_cluster(2, processes=False) as c:
        yield c


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_local_cluster_run_writes_results_problems_and_summary(shards: list[Path], tmp_path: Path) -> None:
    report = recompute.run([str(p) for p in shards], str(tmp_path), workers=2, processes=False)
    per_shard = GOOD_PER_SHARD + 1 + 4 + 1  # good, mismatched, four rejected (bad JSON, bad UTF-8, no players, typo), 3.0
    assert report.workers == 2
    assert report.total.to_dict() == {"total": SHARDS * per_shard, "settled": SHARDS * (GOOD_PER_SHARD + 2),
                                      "rejected": SHARDS * 4, "mismatched": SHARDS}
    for shard in shards:
        out = tmp_path / shard.name.replace(".jsonl", ".results.jsonl")
        results = _jsonl(out)
        raw = shard.read_bytes().split(b"\n")
        # one result per non-blank line, in order, each exactly what the batch mode computes
        numbered = [(n, line) for n, line in enumerate(raw, start=1) if line.strip()]
        assert [r["line"] for r in results] == [n for n, _ in numbered]
        for (n, line), r in zip(numbered, results, strict=True):
            if r["status"] == 400 and "UTF-8" in r["errors"][0]["detail"]:
                assert line.startswith(b'{"variant": "zhuanzhuan", "round_id": "\xff')
            else:
                assert r == settle_checked_line(line.decode(), n)
        day = int(shard.stem[-2:]) - 1
        assert [r["round_id"] for r in results[:2]] == [f"day{day}/0", f"day{day}/1"]
    problems = _jsonl(tmp_path / "problems.jsonl")
    assert len(problems) == SHARDS * 5
    typos = [p for p in problems if (p.get("round_id") or "").endswith("/typo")]
    assert [e["pointer"] for p in typos for e in p["errors"]] == ["/wins_"] * SHARDS
    mismatched = [p for p in problems if p["status"] == 200]
    assert [p["round_id"] for p in mismatched] == [f"day{s}/off" for s in range(SHARDS)]
    assert all(p["mismatches"]["count"] == 2 for p in mismatched)  # two seats' totals differ by one
    assert sorted({p["status"] for p in problems}) == [200, 400, 422]
    floats = [r for shard in shards for r in _jsonl(tmp_path / shard.name.replace(".jsonl", ".results.jsonl"))
              if (r.get("round_id") or "").endswith("/float")]
    assert [r["status"] for r in floats] == [200] * SHARDS
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["total"] == SHARDS * per_shard and summary["rejected"] == SHARDS * 4
    assert [s["shard"] for s in summary["shards"]] == [str(p) for p in shards]
    assert summary["rounds_per_second"] > 0


def test_cli_on_a_running_scheduler(shards: list[Path], tmp_path: Path, cluster: LocalCluster,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    pattern = str(shards[0].parent / "*.jsonl")
    code = recompute.main([pattern, str(tmp_path / "out"), "--scheduler", cluster.scheduler_address])
    assert code == 1  # rejected and mismatched rounds
    line = json.loads(capsys.readouterr().out)
    assert line["scheduler"] == cluster.scheduler_address
    assert (line["total"], line["mismatched"]) == (SHARDS * (GOOD_PER_SHARD + 6), SHARDS)


def test_cli_all_good_exits_zero(tmp_path: Path, cluster: LocalCluster) -> None:
    shard = tmp_path / "good.jsonl"
    shard.write_text("\n".join(json.dumps(generate("hongzhong", s)) for s in range(3)) + "\n", encoding="utf-8")
    assert recompute.main([str(shard), str(tmp_path / "out"), "--scheduler", cluster.scheduler_address]) == 0
    assert len(_jsonl(tmp_path / "out" / "good.results.jsonl")) == 3
    assert (tmp_path / "out" / "problems.jsonl").read_text(encoding="utf-8") == ""


def test_cli_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert recompute.main([str(tmp_path / "none-*.jsonl"), str(tmp_path / "out")]) == 2
    assert recompute.main([str(tmp_path / "missing.jsonl"), str(tmp_path / "out")]) == 2
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "same.jsonl").write_text("", encoding="utf-8")
    assert recompute.main([str(tmp_path / "*" / "same.jsonl"), str(tmp_path / "out")]) == 2
    assert "same.results.jsonl" in capsys.readouterr().err


def test_output_names() -> None:
    assert recompute.output_name("s3://bucket/days/2026-11-30.jsonl") == "2026-11-30.results.jsonl"
    assert recompute.output_name("shard-7") == "shard-7.results.jsonl"
