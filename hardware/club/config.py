"""``[club]`` in the config: the broker, the event, the table's number and its login."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaiser_core.errors import KaiserError

EVENT_ID = re.compile(r"[a-z0-9-]{1,40}")
HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\]")
#: Where the publisher listens for the scorer's wake-ups (its systemd RuntimeDirectory).
WAKE_SOCKET = "/run/kaiser-publisher/wake.sock"
ALLOWED = {"broker", "event", "name", "table", "username", "password", "password_file", "socket"}


class ClubConfigError(KaiserError, ValueError):
    """A mistake in ``[club]``; the message names the key."""


@dataclass(frozen=True)
class ClubConfig:
    """Where the table's publisher connects and what it publishes as."""

    host: str
    port: int
    event: str
    table: int
    name: str = ""
    username: str | None = None
    password: str | None = None
    password_file: str | None = None
    socket: str = WAKE_SOCKET

    @property
    def title(self) -> str:
        """The event's name for the screen (its id when no name is given)."""
        return self.name or self.event

    def login(self) -> tuple[str, str | None] | None:
        """(username, password), the password read from ``password_file`` if given."""
        if self.username is None:
            return None
        if self.password_file is None:
            return (self.username, self.password)
        try:
            text = Path(self.password_file).read_text(encoding="utf-8")
        except OSError as err:
            raise ClubConfigError(
                f"club.password_file {self.password_file}: {err.strerror or err}"
            ) from None
        return (self.username, text.strip())


def _text(key: str, value: object, low: int, high: int) -> str:
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise ClubConfigError(f"club.{key} must be a string of {low} to {high} characters")
    return value


def parse_club(data: dict[str, Any]) -> ClubConfig:
    """Check ``[club]``; raises ClubConfigError naming the first bad key."""
    for key in data:
        if key not in ALLOWED:
            raise ClubConfigError(
                f"club.{key} is not a setting (allowed: {', '.join(sorted(ALLOWED))})"
            )
    for key in ("broker", "event", "table"):
        if key not in data:
            raise ClubConfigError(f"club.{key} is missing (club needs broker, event and table)")
    broker = _text("broker", data["broker"], 1, 260)
    host, port_text = broker, "1883"
    if broker.count(":") == 1 or broker.startswith("["):  # HOST:PORT, [IPv6]:PORT
        host, _, port_text = broker.rpartition(":")
    if not HOST.fullmatch(host) or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ClubConfigError(
            f"club.broker must be HOST or HOST:PORT (port 1 to 65535), not {broker!r}"[:160]
        )
    event = data["event"]
    if not isinstance(event, str) or not EVENT_ID.fullmatch(event):
        raise ClubConfigError(
            "club.event must be the event's id: a-z, 0-9 and -, 1 to 40 characters"
        )
    table = data["table"]
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 999:
        raise ClubConfigError(
            f"club.table must be a whole number from 1 to 999, not {table!r}"[:120]
        )
    name = _text("name", data.get("name", ""), 0, 60)
    username = password = password_file = None
    if "username" in data:
        username = _text("username", data["username"], 1, 64)
    if "password" in data and "password_file" in data:
        raise ClubConfigError("club: give password or password_file, not both")
    if "password" in data:
        password = _text("password", data["password"], 1, 256)
    if "password_file" in data:
        password_file = _text("password_file", data["password_file"], 1, 4096)
    if username is None and (password is not None or password_file is not None):
        raise ClubConfigError("club: a password needs club.username")
    socket = _text("socket", data.get("socket", WAKE_SOCKET), 1, 100)
    if not socket.startswith("/"):
        raise ClubConfigError("club.socket must be an absolute path")
    return ClubConfig(
        host.strip("[]"),
        int(port_text),
        event,
        table,
        name,
        username,
        password,
        password_file,
        socket,
    )
