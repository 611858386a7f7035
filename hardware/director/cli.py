"""``kaiser-scorer director``: the club's director (CLUB.md)."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from kaiser_core.club.errors import ClubError
from kaiser_core.numbers import whole

log = logging.getLogger("kaiser-director")
EXIT_USAGE = 2


def add_subcommands(sub: Any) -> None:
    """Register the ``director`` subcommand on the CLI's subparsers."""
    p = sub.add_parser("director", help="run a club event's director (CLUB.md)")
    p.add_argument("--event", type=Path, help="the event file (TOML)")
    p.add_argument("--db", type=Path, help="the director's SQLite database")
    p.add_argument("--broker", help="the MQTT broker, HOST[:PORT] (port 1883)")
    p.add_argument("--listen", help="where to serve HTTP, HOST:PORT")
    p.add_argument("--export", type=Path, metavar="DIR", help="write the exports and exit")
    p.add_argument(
        "--season", type=Path, action="append", default=[], help="a season file (repeatable)"
    )
    p.set_defaults(func=cmd_director)
    inner = p.add_subparsers(dest="director_command", metavar="export-site")
    site = inner.add_parser(
        "export-site", help="write the league as a static site (seasons, nights, players)"
    )
    site.add_argument("--db", required=True, type=Path, help="the director's SQLite database")
    site.add_argument("--out", required=True, type=Path, help="the site's folder")
    site.add_argument(
        "--season", type=Path, action="append", default=[], help="a season file (repeatable)"
    )
    site.add_argument("--url", default="", help="the site's address once put on a web host")
    site.set_defaults(func=cmd_export_site)


def _fail(message: str) -> int:
    print(f"kaiser-scorer director: {message}", file=sys.stderr)
    return EXIT_USAGE


def _listen(text: str) -> tuple[str, int]:
    host, _, port_text = text.rpartition(":")
    port = whole(port_text, 5)
    if not host or port is None or not 0 <= port < 65536:
        raise ClubError(f"--listen {text[:80]!r}: give HOST:PORT")
    return host, port


def cmd_director(args: argparse.Namespace) -> int:
    """Run the director until SIGTERM/SIGINT, or write the exports with ``--export``."""
    try:
        from hardware.director.eventfile import keep_seasons, parse_broker, read_event, read_seasons
        from hardware.director.state import Director
        from hardware.director.store import Store, StoreError
    except ImportError as err:  # pragma: no cover - without the club extra
        return _fail(f"needs the club extra (in a clone: pip install -e '.[club]'): {err}")
    if args.event is None or args.db is None:
        return _fail("give --event FILE and --db PATH (or: director export-site --db --out)")
    if args.export is None:
        try:  # serving: the club extra's MQTT client and HTTP server, before a file is made
            import uvicorn  # noqa: F401

            from hardware.director import mqtt, web  # noqa: F401
        except ImportError as err:
            return _fail(f"needs the club extra (in a clone: pip install -e '.[club]'): {err}")
    try:
        event, broker_table = read_event(args.event)
        seasons = read_seasons(args.season)
        director = Director(event)
        if args.export is None:
            if not args.broker or not args.listen:
                return _fail("give --broker HOST[:PORT] and --listen HOST:PORT (or --export DIR)")
            broker = parse_broker(args.broker, broker_table)
            listen = _listen(args.listen)
        store = Store(args.db, event.id, lock=args.export is None)
        keep_seasons(store, seasons)
    except (ClubError, StoreError) as err:
        return _fail(str(err))
    if args.export is not None:
        from hardware.director.export import write_all
        from hardware.director.service import Service

        service = Service(director, store)
        try:
            for path in write_all(service.director, args.export):
                print(path)
        except OSError as err:
            return _fail(f"{args.export}: {err.strerror or err}")
        return 0
    import asyncio  # here: the scorer's own commands start without it (bench: startup_ratio)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(_serve(director, store, broker, listen, seasons))
    return 0


def cmd_export_site(args: argparse.Namespace) -> int:
    """Write the league (every night in the database, the seasons) as a static site."""
    try:
        from hardware.director.eventfile import keep_seasons, read_seasons
        from hardware.director.site import write_site
        from hardware.director.store import Store, StoreError
    except ImportError as err:  # pragma: no cover - without the club extra
        return _fail(f"needs the club extra (in a clone: pip install -e '.[club]'): {err}")
    try:
        seasons = read_seasons(args.season)
        store = Store(args.db, "", create=False, lock=False)  # beside a running director
    except (ClubError, StoreError) as err:
        return _fail(str(err))
    try:
        keep_seasons(store, seasons)
        count = len(write_site(store, seasons, args.out, args.url))
    except StoreError as err:  # an OSError too: before the output folder's
        return _fail(str(err))
    except OSError as err:
        return _fail(f"{args.out}: {err.strerror or err}")
    finally:
        store.close()
    print(f"{count} files in {args.out}")
    return 0


async def _serve(
    director: Any, store: Any, broker: Any, listen: tuple[str, int], seasons: Any
) -> None:
    import asyncio

    import uvicorn

    from hardware.director.mqtt import Link
    from hardware.director.pin import PinGuard
    from hardware.director.service import Service
    from hardware.director.web import build_app
    from hardware.web.guard import guarded_config, quiet_loop

    service = Service(director, store)
    loop = asyncio.get_running_loop()
    link = Link(broker, director.event.id, loop, store.client_id())
    link.handler = service.message
    link.round_heard = service.round_heard
    link.checked = service.round_check
    link.on_state = service.link_state
    service.publish_round = link.publish_round
    app = build_app(service, PinGuard(director.event.pin), seasons)
    quiet_loop(loop)
    config = guarded_config(app, host=listen[0], port=listen[1], timeout_graceful_shutdown=2)
    link.start()
    log.info("event %s: round %d; HTTP on %s:%d", director.event.id, director.current, *listen)
    try:
        await uvicorn.Server(config).serve()
    finally:
        link.stop()
        store.close()
