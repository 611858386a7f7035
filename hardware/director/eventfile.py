"""Read the event file (TOML) and the broker's credentials.

Credentials: ``[broker]`` ``username`` and ``password`` in the event file, overridden by the
environment variables ``KAISER_BROKER_USERNAME`` and ``KAISER_BROKER_PASSWORD``; none given:
anonymous.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kaiser_core.club.errors import EventError
from kaiser_core.club.event import Event, parse_event
from kaiser_core.club.season import Season, parse_season
from kaiser_core.numbers import whole

if TYPE_CHECKING:
    from hardware.director.store import Store

DEFAULT_PORT = 1883


@dataclass(frozen=True)
class Broker:
    """Where the broker is and how to log in (no username: anonymous)."""

    host: str
    port: int = DEFAULT_PORT
    username: str | None = None
    password: str | None = None


def read_event(path: Path) -> tuple[Event, dict[str, object]]:
    """The event and its ``[broker]`` table; EventError (one line) for any mistake."""
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except OSError as err:
        raise EventError(f"{path}: {err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise EventError(f"{path}: invalid TOML: {err}") from None
    except UnicodeDecodeError:
        raise EventError(f"{path}: not UTF-8 text") from None
    try:
        event = parse_event(data)
    except EventError as err:
        raise EventError(f"{path}: {err}") from None
    broker = data.get("broker", {})
    if not isinstance(broker, dict):
        raise EventError(f"{path}: [broker] must be a table")
    return event, broker


def _toml(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as err:
        raise EventError(f"{path}: {err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise EventError(f"{path}: invalid TOML: {err}") from None
    except UnicodeDecodeError:
        raise EventError(f"{path}: not UTF-8 text") from None


def read_seasons(paths: list[Path]) -> dict[str, Season]:
    """The season files, by id; EventError (one line, naming the file) for any mistake."""
    seasons: dict[str, Season] = {}
    for path in paths:
        data = _toml(path)
        try:
            season = parse_season(data)
        except EventError as err:
            raise EventError(f"{path}: {err}") from None
        if season.id in seasons:
            raise EventError(f"{path}: season {season.id!r} is given twice")
        seasons[season.id] = season
    return seasons


def keep_seasons(store: Store, seasons: Mapping[str, Season]) -> None:
    """Keep the season files' data in the database (the static site and later runs)."""
    for season in seasons.values():
        store.save_season(season.id, json.dumps(season.summary(), ensure_ascii=False))


def parse_broker(
    where: str, table: Mapping[str, object], env: Mapping[str, str] | None = None
) -> Broker:
    """``HOST[:PORT]`` plus the credentials of the event file or the environment."""
    env = os.environ if env is None else env
    host, _, port_text = where.rpartition(":") if ":" in where else (where, "", "")
    if not host:
        raise EventError(f"--broker {where!r}: give HOST or HOST:PORT")
    port = DEFAULT_PORT
    if port_text:
        number = whole(port_text, 5)
        if number is None or not 0 < number < 65536:
            raise EventError(f"--broker {where[:80]!r}: the port must be 1 to 65535")
        port = number
    unknown = set(table) - {"username", "password"}
    if unknown:
        raise EventError(f"unknown key broker.{sorted(unknown)[0]} (username, password)")
    user = env.get("KAISER_BROKER_USERNAME") or table.get("username")
    password = env.get("KAISER_BROKER_PASSWORD") or table.get("password")
    if user is not None and not isinstance(user, str):
        raise EventError("broker.username must be text")
    if password is not None and not isinstance(password, str):
        raise EventError("broker.password must be text")
    return Broker(host, port, user or None, password)
