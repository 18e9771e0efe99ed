"""``mjsettle``: the engine from the command line.

    mjsettle settle FILE|-            one round → its answer (exit 2 if rejected)
    mjsettle batch IN.jsonl OUT.jsonl one round per line, in parallel; a summary at the end
    mjsettle analyze FILE|-           a hand → complete? waits and their value
    mjsettle variants                 the variants this build settles
    mjsettle serve [gunicorn args]    the HTTP service under the shipped gunicorn.conf.py

Exit codes: 0 all good; 1 a batch had rejected or mismatched rounds; 2 bad usage,
an unreadable file or a rejected single round. Never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from itertools import islice
from pathlib import Path
from typing import Any, TextIO

from rules import api
from rules.batch import Summary, is_mismatched
from rules.errors import InvalidRound

from .jsonio import loads
from .offline import settle_checked, settle_checked_line

CHUNK = 256


class CliError(Exception):
    """A problem to report in one line and exit 2."""


def _read_json(path: str) -> Any:
    text = _read_text(path)
    try:
        return loads(text)  # as a request body is read: 3.0 is 3
    except ValueError as e:
        raise CliError(f"{path}: not valid JSON ({e})") from None


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path}: {e}") from None


def _print(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def _rejected(e: InvalidRound) -> int:
    for err in e.errors:
        sys.stderr.write(f"rejected: {err.pointer or '/'}: {err.detail} [{err.code}]\n")
    return 2


def cmd_settle(args: argparse.Namespace) -> int:
    try:
        _print(settle_checked(_read_json(args.file)))
    except InvalidRound as e:
        return _rejected(e)
    return 0


def cmd_analyze(args: argparse.Namespace) -> int:
    try:
        _print(api.analyze(_read_json(args.file)))
    except InvalidRound as e:
        return _rejected(e)
    return 0


def cmd_variants(_: argparse.Namespace) -> int:
    for v in api.list_variants():
        sys.stdout.write(f"{v['id']:<20} {v['name']}  {v['name_en']}  ({v['players']['min']}-{v['players']['max']} players)\n")
    return 0


def _settle_chunk(chunk: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [settle_checked_line(line, number) for number, line in chunk]


def _chunks(lines: Iterator[tuple[int, str]]) -> Iterator[list[tuple[int, str]]]:
    while chunk := list(islice(lines, CHUNK)):
        yield chunk


class _Progress:
    """A one-line progress bar on a terminal; silent otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.on = stream.isatty()
        self.start = time.monotonic()

    def advance(self, k: int) -> None:
        self.done += k
        if self.on:
            frac = self.done / self.total if self.total else 1.0
            bar = "#" * int(frac * 30)
            rate = self.done / max(time.monotonic() - self.start, 1e-9)
            self.stream.write(f"\r[{bar:<30}] {self.done}/{self.total} rounds, {rate:,.0f}/s")
            self.stream.flush()

    def close(self) -> None:
        if self.on:
            self.stream.write("\n")


def cmd_batch(args: argparse.Namespace) -> int:
    try:
        src = sys.stdin if args.input == "-" else open(args.input, encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as e:
        raise CliError(f"cannot read {args.input}: {e}") from None
    try:
        lines = [(n, line) for n, line in enumerate(src, start=1) if line.strip()]
    except UnicodeDecodeError as e:
        raise CliError(f"{args.input}: not UTF-8 text ({e})") from None
    finally:
        if src is not sys.stdin:
            src.close()
    try:
        out = open(args.output, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as e:
        raise CliError(f"cannot write {args.output}: {e}") from None
    summary = Summary()
    progress = _Progress(len(lines), sys.stderr)
    workers = args.workers or os.cpu_count() or 1
    with out:
        results: Iterator[list[dict[str, Any]]]
        if workers == 1:
            results = map(_settle_chunk, _chunks(iter(lines)))
            _write_all(results, out, summary, progress)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                _write_all(pool.map(_settle_chunk, _chunks(iter(lines))), out, summary, progress)
    progress.close()
    sys.stderr.write(json.dumps({"summary": summary.to_dict()}) + "\n")
    return 1 if summary.rejected or summary.mismatched else 0


def _write_all(results: Iterator[list[dict[str, Any]]], out: TextIO, summary: Summary, progress: _Progress) -> None:
    for chunk in results:
        for r in chunk:
            summary.add(r)
            if r["status"] != 200:
                first = r["errors"][0]
                where = f"{first['pointer']}: " if first["pointer"] else ""
                detail = first["detail"].removeprefix(f"line {r['line']}: ")
                sys.stderr.write(f"line {r['line']}: {where}{detail} [{first['code']}]\n")
            elif is_mismatched(r):
                sys.stderr.write(f"line {r['line']}: settled, but {r['settlement']['mismatches']['count']} mismatches\n")
            out.write(json.dumps(r, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
        progress.advance(len(chunk))


def gunicorn_config() -> Path:
    """The shipped gunicorn settings: the repository's ``gunicorn.conf.py``, which the
    package carries as ``service/gunicorn.conf.py`` (a symlink in the source tree, a copy
    in a wheel), so an installed ``mjsettle serve`` runs exactly what the Dockerfile runs."""
    config = Path(str(resources.files("service").joinpath("gunicorn.conf.py")))
    if not config.is_file():
        raise CliError(f"the shipped gunicorn config is missing ({config}); reinstall the package")
    return config


def cmd_serve(gunicorn_args: Sequence[str]) -> int:
    """Replace this process with gunicorn running the app under the shipped config."""
    argv = [sys.executable, "-m", "gunicorn", "-c", str(gunicorn_config()), *gunicorn_args, "service:create_app()"]
    os.execv(sys.executable, argv)  # noqa: S606 - replacing this process with gunicorn is the point
    return 0  # pragma: no cover


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mjsettle", description="Mahjong round settlement from the command line.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("settle", help="settle one round (JSON file or - for stdin)")
    s.add_argument("file")
    s.set_defaults(run=cmd_settle)
    b = sub.add_parser("batch", help="settle rounds one per line (JSONL) into OUT.jsonl")
    b.add_argument("input")
    b.add_argument("output")
    b.add_argument("--workers", type=int, default=0, help="processes (default: every CPU core)")
    b.set_defaults(run=cmd_batch)
    a = sub.add_parser("analyze", help="analyse a hand: {variant, hand, melds, options}")
    a.add_argument("file")
    a.set_defaults(run=cmd_analyze)
    v = sub.add_parser("variants", help="list the variants")
    v.set_defaults(run=cmd_variants)
    # listed for --help; main() hands everything after `serve` to gunicorn untouched
    sub.add_parser("serve", help="run the HTTP service under gunicorn with the shipped config; "
                                 "other arguments go to gunicorn (e.g. --bind, --workers, --check-config)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["serve"]:
            return cmd_serve(argv[1:])
        args = parser().parse_args(argv)
        code: int = args.run(args)
    except CliError as e:
        sys.stderr.write(f"mjsettle: {e}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
