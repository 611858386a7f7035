"""The ``web`` subcommand: argument parsing and serving; Starlette loads only when it runs."""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

from kaiser_core.numbers import whole

EXIT_USAGE = 2


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6); raises ValueError with a clear message."""
    host, sep, port_text = text.rpartition(":")
    port = whole(port_text, 5)
    if not sep or not host or port is None or not 0 < port < 65536:
        raise ValueError(f"--listen {text[:80]!r}: expected HOST:PORT, e.g. 127.0.0.1:8080")
    return host.strip("[]"), port


def serve(app: Any, host: str, port: int, ready: str = "") -> int:
    """Serve ``app`` with uvicorn (h11, guarded: hardware.web.guard); 2 when it cannot listen.
    ``ready`` is printed once the socket listens (a connection from then on waits in the
    backlog until uvicorn accepts it), never for a port it could not have."""
    from hardware.web.guard import BACKLOG
    from hardware.web.guard import serve as serve_guarded

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)  # uvicorn listens again with the same backlog
    except OSError as err:
        sock.close()
        print(f"kaiser-scorer: cannot listen on {host}:{port}: {err.strerror}", file=sys.stderr)
        return EXIT_USAGE
    if ready:
        print(ready, flush=True)
    try:
        serve_guarded(app, sock)
    except KeyboardInterrupt:  # Ctrl-C: uvicorn stopped in order, then raised it again
        print("kaiser-scorer: stopped", file=sys.stderr)
    return 0


def cmd_web(args: argparse.Namespace) -> int:
    """``kaiser-scorer web``: serve one journal's games read-only."""
    try:
        from hardware.web.home import create_home_app, open_read_only
    except ImportError as err:
        print(
            "kaiser-scorer: web needs the web extra (in a clone: pip install -e '.[web]'; "
            f"installed from a package: pip install 'kaiser-scorer[web]'): {err}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from hardware.journal import JournalError
    from hardware.storage import check_folder
    from hardware.stored import db_path_of

    try:
        host, port = parse_listen(args.listen)
    except ValueError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    try:
        db_path = db_path_of(args.db)
        if not check_folder(db_path):  # a folder that cannot be read: one line
            raise JournalError(f"{db_path}: no such database")
        open_read_only(db_path).close()
    except JournalError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    said = f"kaiser-scorer: serving {db_path} read-only on http://{args.listen}/"
    return serve(create_home_app(db_path), host, port, said)


def add_subcommands(sub: Any) -> None:
    """Add ``web`` to the command line."""
    web = sub.add_parser("web", help="serve one journal's games, sheets and statistics (read-only)")
    web.add_argument("--db", help="the database file (default: the state folder)")
    web.add_argument("--listen", default="127.0.0.1:8080", help="HOST:PORT (127.0.0.1:8080)")
    web.set_defaults(func=cmd_web)


__all__ = ["add_subcommands", "cmd_web", "parse_listen", "serve"]
