"""Recomputing days of rounds on Dask: JSONL shards in, JSONL results and a summary out.

    python -m service.recompute 'rounds/2026-11-*.jsonl' out/ [--workers N] [--scheduler ADDRESS]

QA replays whole days after a rule change. ``mjsettle batch`` uses every core of one
machine; this job runs the same engine behind the same checks
(:func:`service.offline.settle_checked_line`, so results are byte for byte what the batch
mode and ``POST /v1/settlements`` answer) as a
:mod:`dask.bag` with one element per shard:

- without ``--scheduler`` on a local cluster of ``--workers`` processes (default: every
  core), one thread each: settling is pure Python, so processes, not threads, add speed;
- with ``--scheduler tcp://host:8786`` on a running Dask cluster, whose workers must
  have this package installed at the same version and see the input and output paths
  (a shared file system, or any URL ``fsspec`` reads and writes, e.g. ``s3://``).

Each input shard ``NAME.jsonl`` (one round per line, optionally with ``expected``)
becomes ``OUT_DIR/NAME.results.jsonl``: one result per non-blank line, in order, with
its line number and round id (``status`` 200 with the settlement, 422 with the errors,
400 for a line that is not JSON or not UTF-8). ``OUT_DIR/problems.jsonl`` lists every
rejected or mismatched round (shard, line, round id, errors or mismatches) and
``OUT_DIR/summary.json`` the counts, per shard and in total, and the rate. A shard is
the unit of parallelism: cut days into shards of some 10,000-100,000 rounds.

Exit status: 0 every round settled as expected, 1 some were rejected or mismatched,
2 bad usage (no input, unreadable output directory, two shards with the same name).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import posixpath
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.batch import Summary, is_mismatched

from .offline import settle_checked_line


def dumps(data: Any) -> str:
    """One JSONL line, as ``mjsettle batch`` writes it: compact, keys sorted, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def output_name(shard: str) -> str:
    """``days/2026-11-30.jsonl`` → ``2026-11-30.results.jsonl``."""
    base = posixpath.basename(shard.replace("\\", "/"))
    stem = base.removesuffix(".jsonl")
    return f"{stem}.results.jsonl"


def _lines(raw: bytes) -> Iterator[tuple[int, str | None]]:
    """(line number, text) of each non-blank line; text ``None`` for a line that is not UTF-8."""
    for number, chunk in enumerate(raw.split(b"\n"), start=1):
        try:
            text = chunk.decode("utf-8")  # as mjsettle batch reads: a BOM is not JSON either
        except UnicodeDecodeError:
            yield number, None
            continue
        if text.strip():
            yield number, text


def _not_utf8(number: int) -> dict[str, Any]:
    return {"line": number, "status": 400, "errors": [{"code": "malformed_json", "pointer": "",
                                                       "detail": f"line {number}: not UTF-8 text"}]}


def _problem(shard: str, result: dict[str, Any]) -> dict[str, Any]:
    out = {"shard": shard, "line": result["line"], "round_id": result.get("round_id"), "status": result["status"]}
    if result["status"] == 200:
        out["mismatches"] = result["settlement"]["mismatches"]
    else:
        out["errors"] = result["errors"]
    return out


def settle_shard(shard: str, out_dir: str) -> dict[str, Any]:
    """Settle one JSONL shard into ``out_dir``; runs on a Dask worker.

    Returns the shard's counts and its problems (rejected or mismatched rounds), which
    are small; the settlements themselves stay in the output file.
    """
    import fsspec  # a dask dependency; read and write wherever the cluster can

    with fsspec.open(shard, "rb") as f:
        raw = f.read()
    summary = Summary()
    problems: list[dict[str, Any]] = []
    target = posixpath.join(out_dir, output_name(shard))
    with fsspec.open(target, "w", encoding="utf-8") as out:
        for number, text in _lines(raw):
            result = _not_utf8(number) if text is None else settle_checked_line(text, number)
            summary.add(result)
            if result["status"] != 200 or is_mismatched(result):
                problems.append(_problem(shard, result))
            out.write(dumps(result) + "\n")
    return {"shard": shard, "output": target, **summary.to_dict(), "problems": problems}


def local_cluster(workers: int, threads_per_worker: int = 1, *, processes: bool = True) -> Any:
    """A ``distributed.LocalCluster`` on this machine, without a dashboard, its ports chosen
    free (two jobs at once, or a test beside a job, never fight over 8786/8787)."""
    import distributed

    cluster_class: Any = distributed.LocalCluster
    return cluster_class(n_workers=workers, threads_per_worker=threads_per_worker, processes=processes,
                         dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})


def _import_engine() -> None:
    import rules.variants  # noqa: F401 - importing builds every variant's tables


@dataclass
class Report:
    """What a run found: totals, per-shard counts, every problem, and how fast it went."""

    shards: list[dict[str, Any]] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)
    total: Summary = field(default_factory=Summary)
    seconds: float = 0.0  # settling and writing, once the cluster is up
    workers: int = 0
    scheduler: str = "local"

    def summary(self) -> dict[str, Any]:
        rate = self.total.total / self.seconds if self.seconds else 0.0
        return {**self.total.to_dict(), "seconds": round(self.seconds, 3), "rounds_per_second": round(rate, 1),
                "workers": self.workers, "scheduler": self.scheduler, "shards": self.shards}


def expand(patterns: Sequence[str]) -> list[str]:
    """Input shards: local patterns are expanded here, URLs (``s3://…/*.jsonl``) by fsspec; each sorted."""
    found: list[str] = []
    for pattern in patterns:
        if "://" in pattern:
            import fsspec

            fs, _, paths = fsspec.core.get_fs_token_paths(pattern)
            found += sorted(fs.unstrip_protocol(p) for p in paths)
        elif glob.has_magic(pattern):
            found += sorted(glob.glob(pattern))
        elif os.path.isfile(pattern):
            found.append(pattern)
        else:
            raise FileNotFoundError(f"no such shard: {pattern}")
    return found


def run(shards: Sequence[str], out_dir: str, *, scheduler: str | None = None, workers: int | None = None,
        threads_per_worker: int = 1, processes: bool = True) -> Report:
    """Settle every shard on Dask and write the results, ``problems.jsonl`` and ``summary.json``.

    ``scheduler``: a running cluster's address; ``None`` starts a local cluster of
    ``workers`` (default: every core) with ``threads_per_worker`` threads each, in
    separate processes unless ``processes`` is false (tests).
    """
    import dask.bag
    import distributed

    # untyped libraries: used through Any, as mypy cannot check them anyway
    db: Any = dask.bag
    Client: Any = distributed.Client  # noqa: N806 - the library's class name

    names = [output_name(s) for s in shards]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"two shards would write the same output {dup[0]}: give shards distinct names")
    if "://" not in out_dir:
        os.makedirs(out_dir, exist_ok=True)
    report = Report(scheduler=scheduler or "local")
    if scheduler:
        client = Client(scheduler)
        cluster = None
    else:
        cluster = local_cluster(workers or os.cpu_count() or 1, threads_per_worker, processes=processes)
        client = Client(cluster)
    try:
        report.workers = len(client.scheduler_info()["workers"])
        client.run(_import_engine)  # workers load the rule tables before the clock starts
        start = time.perf_counter()  # the rate leaves out starting the cluster
        bag = db.from_sequence(list(shards), npartitions=max(1, len(shards)))
        done = bag.map(settle_shard, out_dir).compute()
        report.seconds = time.perf_counter() - start
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    for shard in done:
        problems = shard.pop("problems")
        report.problems += problems
        report.shards.append(shard)
        part = Summary(shard["settled"], shard["rejected"], shard["mismatched"])
        report.total.merge(part)
    _write_report(report, out_dir)
    return report


def _write_report(report: Report, out_dir: str) -> None:
    import fsspec

    with fsspec.open(posixpath.join(out_dir, "problems.jsonl"), "w", encoding="utf-8") as f:
        for p in report.problems:
            f.write(dumps(p) + "\n")
    with fsspec.open(posixpath.join(out_dir, "summary.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(report.summary(), ensure_ascii=False, sort_keys=True, indent=2) + "\n")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m service.recompute",
                                description="Recompute JSONL shards of rounds on Dask (local cluster by default).")
    p.add_argument("inputs", nargs="+", metavar="IN_GLOB", help="JSONL shards: paths, glob patterns or fsspec URLs")
    p.add_argument("out_dir", metavar="OUT_DIR", help="where NAME.results.jsonl, problems.jsonl and summary.json go")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786 "
                   "(default: start a local cluster)")
    p.add_argument("--workers", type=int, default=0, help="local cluster: worker processes (default: every core)")
    p.add_argument("--threads-per-worker", type=int, default=1, help="local cluster: threads per worker (default 1)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        shards = expand(args.inputs)
    except OSError as e:
        sys.stderr.write(f"recompute: {e}\n")
        return 2
    if not shards:
        sys.stderr.write(f"recompute: no shard matches {' '.join(args.inputs)}\n")
        return 2
    try:
        report = run(shards, args.out_dir, scheduler=args.scheduler, workers=args.workers or None,
                     threads_per_worker=args.threads_per_worker)
    except (ValueError, OSError) as e:
        sys.stderr.write(f"recompute: {e}\n")
        return 2
    s = report.summary()
    sys.stdout.write(dumps({k: v for k, v in s.items() if k != "shards"}) + "\n")
    return 1 if report.total.rejected or report.total.mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
