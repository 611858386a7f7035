"""The ``kaiser-scorer`` command: ``score``, ``run``, ``export``."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from hardware.startup import started, starting
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message

EXIT_USAGE = 2
#: Modules whose ``add_subcommands(subparsers)`` adds commands besides ``score``, in the
#: order of ``--help``. A new command is one line here and its own module.
SUBCOMMANDS: list[str] = [
    "hardware.app",
    "hardware.web.command",
    "hardware.recover",
    "hardware.director.cli",
    "hardware.club.command",
]
#: Commands parsed with their own module only, the others not imported: ``run`` is the
#: appliance's boot (bench/run.py's startup_ratio). Any other command builds them all.
FAST: dict[str, str] = {"run": "hardware.app"}


def _fail(message: str | Message) -> int:
    from hardware.i18n.errors import say  # in the system's language

    say(message)
    return EXIT_USAGE


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game record (GAME_RECORD.md): result JSON on stdout, or one error line.

    Scoring makes no reference cycles, and a record is at most 8 MiB: the collector's
    passes would only walk the growing record again and again (up to a third of the CPU of
    a 10,000-hand record), so it is off while a record is scored.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _score(args)
    finally:
        if collecting:
            gc.enable()


def _score(args: argparse.Namespace) -> int:
    from hardware.textio import (
        InputTooLarge,
        OutputError,
        read_file_capped,
        write_json,
    )
    from kaiser_core.record import score_record
    from kaiser_core.record_json import MAX_RECORD_BYTES, load_record_bytes

    try:
        data = load_record_bytes(read_file_capped(args.file, MAX_RECORD_BYTES), args.file)
    except InputTooLarge as err:
        return _fail(f"{args.file}: a record must not be {err}")
    except OSError as err:
        return _fail(f"{args.file}: {err.strerror or err}")
    except KaiserError as err:  # most name the source already; a bad spot found later not
        said = str(err)
        return _fail(said if said.startswith(f"{args.file}: ") else _at(args.file, err))
    try:
        if isinstance(data, list):  # export --all: every game, each scored in turn
            result: Any = []
            for number, record in enumerate(data, 1):
                try:
                    result.append(score_record(record))
                except KaiserError as err:
                    from hardware.i18n.errors import error, known

                    return _fail(
                        error("score.game", path=args.file, number=number, error=known(err))
                    )
        else:
            result = score_record(data)
    except KaiserError as err:
        return _fail(_at(args.file, err))
    try:
        write_json(result)
    except OutputError as err:
        return _fail(str(err))
    return 0


def _at(path: str, err: KaiserError) -> Message:
    """A record's refusal with its source first, as every ``score`` line has it."""
    from hardware.i18n.errors import error, known

    return error("score.record", path=path, error=known(err))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (or ``score`` and those of module ``only``)."""
    parser = argparse.ArgumentParser(
        prog="kaiser-scorer", description="A scorekeeper for Kaiser, the prairie card game."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score a game record (JSON) and print the result")
    score.add_argument("file", help="the record's file, or - for standard input (at most 8 MiB)")
    score.set_defaults(func=cmd_score)
    for name in SUBCOMMANDS if only is None else [only]:
        try:
            module = importlib.import_module(name)
        except ImportError:  # pragma: no cover - the table needs the hardware libraries
            continue
        module.add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    starting()  # no collections while importing (hardware.startup)
    try:
        args = build_parser(FAST.get(argv[0]) if argv else None).parse_args(argv)
        if not getattr(args, "ends_start_up", False):
            started()  # run ends its start-up itself, after its first frame
        status: int = args.func(args)
    finally:
        started()  # a command that stopped before then, or a parse error
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
