"""``[club]`` in the config: the broker, the event, the table's number and its login."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaiser_core.errors import KaiserInputError
from kaiser_core.numbers import whole

EVENT_ID = re.compile(r"[a-z0-9-]{1,40}")
HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\]")
#: Where the publisher listens for the scorer's wake-ups (its systemd RuntimeDirectory).
WAKE_SOCKET = "/run/kaiser-publisher/wake.sock"
ALLOWED = {"broker", "event", "name", "table", "username", "password", "password_file", "socket"}


class ClubConfigError(KaiserInputError):
    """A mistake in ``[club]``; the message names the key."""


def _error(key: str, /, **params: object) -> ClubConfigError:
    """A ClubConfigError of the message ``key`` (``hardware.i18n.errors``: its words load
    with the first mistake and translate where the line is shown)."""
    from hardware.i18n.errors import error

    return ClubConfigError(error(key, **params))


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
            from hardware.i18n.errors import known

            why = known(err.strerror or str(err))
            raise _error("club.password_file", path=self.password_file, error=why) from None
        return (self.username, text.strip())


def _text(key: str, value: object, low: int, high: int) -> str:
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise _error("club.text", key=key, low=low, high=high)
    return value


def parse_club(data: dict[str, Any]) -> ClubConfig:
    """Check ``[club]``; raises ClubConfigError naming the first bad key."""
    for key in data:
        if key not in ALLOWED:
            allowed = ", ".join(sorted(ALLOWED))
            raise _error("config.not_setting", where=f"club.{key}", allowed=allowed)
    for key in ("broker", "event", "table"):
        if key not in data:
            raise _error("club.missing", key=key)
    broker = _text("broker", data["broker"], 1, 260)
    host, port_text = broker, "1883"
    if broker.count(":") == 1 or broker.startswith("["):  # HOST:PORT, [IPv6]:PORT
        host, _, port_text = broker.rpartition(":")
    port = whole(port_text, 5)
    if not HOST.fullmatch(host) or port is None or not 1 <= port <= 65535:
        raise _error("club.broker", value=repr(broker)[:97])  # the line at most 160
    event = data["event"]
    if not isinstance(event, str) or not EVENT_ID.fullmatch(event):
        raise _error("club.event")
    table = data["table"]
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 999:
        value = repr(table)[:66]  # the line at most 120
        raise _error("config.whole", where="club.table", low=1, high=999, value=value)
    name = _text("name", data.get("name", ""), 0, 60)
    username = password = password_file = None
    if "username" in data:
        username = _text("username", data["username"], 1, 64)
    if "password" in data and "password_file" in data:
        raise _error("club.both_passwords")
    if "password" in data:
        password = _text("password", data["password"], 1, 256)
    if "password_file" in data:
        password_file = _text("password_file", data["password_file"], 1, 4096)
    if username is None and (password is not None or password_file is not None):
        raise _error("club.needs_username")
    socket = _text("socket", data.get("socket", WAKE_SOCKET), 1, 100)
    if not socket.startswith("/"):
        raise _error("club.socket")
    return ClubConfig(
        host.strip("[]"),
        port,
        event,
        table,
        name,
        username,
        password,
        password_file,
        socket,
    )
