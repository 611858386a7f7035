"""The ``kaiser-scorer`` command: ``score``, ``run``, ``export``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from hardware.director.cli import add_director
from kaiser_core.errors import KaiserError
from kaiser_core.record import score_record

EXIT_USAGE = 2


def _fail(message: str) -> int:
    print(f"kaiser-scorer: {message}", file=sys.stderr)
    return EXIT_USAGE


def _read_source(name: str, stdin: TextIO) -> str:
    if name == "-":
        return stdin.read()
    with open(name, encoding="utf-8") as f:
        return f.read()


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game record (GAME_RECORD.md): result JSON on stdout, or one error line."""
    try:
        text = _read_source(args.file, sys.stdin)
    except OSError as err:
        return _fail(f"{args.file}: {err.strerror or err}")
    except UnicodeDecodeError:
        return _fail(f"{args.file}: not UTF-8 text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        where = f"line {err.lineno} column {err.colno}"
        return _fail(f"{args.file}: invalid JSON at {where}: {err.msg}")
    except RecursionError:
        return _fail(f"{args.file}: invalid JSON: nested too deeply")
    try:
        result = score_record(data)
    except KaiserError as err:
        return _fail(str(err))
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="kaiser-scorer", description="A scorekeeper for Kaiser, the prairie card game."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score a game record (JSON) and print the result")
    score.add_argument("file", help="the record's file, or - for standard input")
    score.set_defaults(func=cmd_score)
    add_director(sub)
    try:
        from hardware.app import add_subcommands
    except ImportError:  # pragma: no cover - the table needs the hardware libraries
        pass
    else:
        add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    args = build_parser().parse_args(argv)
    status: int = args.func(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
