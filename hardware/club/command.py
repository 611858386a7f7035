"""``kaiser-scorer publish``: the club publisher of one table (its own systemd unit)."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from typing import Any

from hardware.config import ConfigError, load_config

EXIT_USAGE = 2


def cmd_publish(args: argparse.Namespace) -> int:
    """Publish this table's rounds until SIGTERM."""
    logging.basicConfig(
        level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        cfg = load_config(args.config)
        if cfg.club is None:
            from hardware.i18n.errors import error

            raise ConfigError(error("club.none", path=str(args.config)))
        cfg.club.login()  # a password file that cannot be read is a mistake to say now
    except (ConfigError, ValueError) as err:
        from hardware.i18n.errors import config_language, say

        say(err, config_language(args.config))  # the organiser's line in the table's language
        return EXIT_USAGE
    try:
        from hardware.club.publisher import Publisher
    except ImportError as err:  # paho, the club extra's
        print(
            "kaiser-scorer: publish needs the club extra (in a clone: pip install -e '.[club]'; "
            f"installed from a package: pip install 'kaiser-scorer[club]'): {err}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from hardware.storage import JournalError
    from hardware.stored import db_path_of

    try:
        db = db_path_of(args.db)
    except JournalError as err:
        from hardware.i18n.errors import say

        say(err)
        return EXIT_USAGE
    publisher = Publisher(cfg.club, db)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: publisher.stop())
    try:
        publisher.run()
    except OSError as err:
        print(f"kaiser-scorer: {cfg.club.socket}: {err.strerror or err}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def add_subcommands(sub: Any) -> None:
    """Add ``publish`` to the command line."""
    pub = sub.add_parser("publish", help="club play: publish this table's games to the broker")
    pub.add_argument("--config", required=True, help="the scorer's config file (with [club])")
    pub.add_argument("--db", help="the scorer's database (read only; default: the state folder)")
    pub.set_defaults(func=cmd_publish)
