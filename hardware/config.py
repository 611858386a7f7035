"""The config file (TOML): game rules, team names, board, pins, display, reader.

Every value is checked; a mistake is one clear line naming the key (``ConfigError``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaiser_core.cards import Team
from kaiser_core.entries import Mode
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "A", "B")

#: The boards of TABLE.md: display driver, interface and BCM pins of the keys (active low).
BOARDS: dict[str, dict[str, Any]] = {
    "bonnet": {
        "display": {"driver": "ssd1306", "interface": "i2c", "port": 1, "address": 0x3C},
        "pins": {"UP": 17, "DOWN": 22, "LEFT": 27, "RIGHT": 23, "OK": 4, "A": 5, "B": 6},
    },
    "waveshare": {
        "display": {
            "driver": "sh1106",
            "interface": "spi",
            "port": 0,
            "device": 0,
            "dc": 24,
            "rst": 25,
        },
        "pins": {"UP": 6, "DOWN": 19, "LEFT": 5, "RIGHT": 26, "OK": 13, "A": 21, "B": 20},
    },
}


ALIASES = {"adafruit-bonnet": "bonnet", "waveshare-hat": "waveshare"}


class ConfigError(Exception):
    """A mistake in the config file; the message names the key."""


@dataclass
class Config:
    """Everything the config file can say, with the defaults of the standard game and bonnet."""

    rules: Rules = field(default_factory=Rules)
    entry: Mode = Mode.PER_TRICK
    names: dict[Team, str] = field(default_factory=dict)
    board: str = "bonnet"
    pins: dict[str, int] = field(default_factory=lambda: dict(BOARDS["bonnet"]["pins"]))
    hold_time: float = 0.8
    bounce_time: float = 0.02
    display: dict[str, Any] = field(default_factory=lambda: dict(BOARDS["bonnet"]["display"]))
    rotate: int = 0
    dim_after: float = 300.0
    reader_enabled: bool = False
    reader_port: str = "/dev/ttyACM0"


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{name}] must be a table")
    return value


def _only(section: str, data: dict[str, Any], allowed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            raise ConfigError(
                f"{section}.{key} is not a setting (allowed: {', '.join(sorted(allowed))})"
            )


def _number(where: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ConfigError(f"{where} must be a number from {low} to {high}, not {value!r}")
    return float(value)


def parse_config(data: dict[str, Any]) -> Config:
    """Check a decoded config; raises ConfigError naming the bad key."""
    cfg = Config()
    _only("config", data, {"game", "names", "board", "display", "reader"})
    game = _table(data, "game")
    _only("game", game, {"rules", "entry", "options"})
    try:
        cfg.rules = Rules.from_spec(
            {"profile": game.get("rules", "standard"), "options": game.get("options", {})}
        )
    except KaiserError as err:
        raise ConfigError(f"game: {err}") from None
    entry = game.get("entry", "per-trick")
    try:
        cfg.entry = Mode(entry)
    except ValueError:
        raise ConfigError(
            f"game.entry must be per-trick, per-hand or card-reader, not {entry!r}"
        ) from None
    names = _table(data, "names")
    _only("names", names, {"NS", "EW"})
    for code, name in names.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            raise ConfigError(f"names.{code} must be a name of 1 to 24 characters")
        cfg.names[Team(code)] = name.strip()
    if isinstance(data.get("board"), str):  # board = "bonnet" is short for [board] name = ...
        data = {**data, "board": {"name": data["board"]}}
    board = _table(data, "board")
    _only("board", board, {"name", "pins", "hold_time", "bounce_time"})
    raw_name = board.get("name", "bonnet")
    name = ALIASES.get(raw_name, raw_name)
    if name not in (*BOARDS, "custom", "mock"):  # mock: gpiozero's mock pins, luma's dummy
        raise ConfigError(
            f"board.name must be bonnet, waveshare or custom (or mock, for a demo), not {name!r}"
        )
    cfg.board = name
    preset = BOARDS.get(name, BOARDS["bonnet"])
    cfg.pins = dict(preset["pins"])
    cfg.display = dict(preset["display"])
    pins = _table(board, "pins")
    if name == "custom" and set(pins) != set(KEYS):
        raise ConfigError(f"board.pins must give every key for a custom board: {' '.join(KEYS)}")
    for key, pin in pins.items():
        if key not in KEYS:
            raise ConfigError(f"board.pins.{key} is not a key ({' '.join(KEYS)})")
        if isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= 27:
            raise ConfigError(f"board.pins.{key} must be a BCM GPIO number 0 to 27, not {pin!r}")
        cfg.pins[key] = pin
    if len(set(cfg.pins.values())) != len(cfg.pins):
        raise ConfigError("board.pins: two keys share a pin")
    cfg.hold_time = _number("board.hold_time", board.get("hold_time", 0.8), 0.05, 5)
    cfg.bounce_time = _number("board.bounce_time", board.get("bounce_time", 0.02), 0, 0.5)
    display = _table(data, "display")
    _only(
        "display",
        display,
        {"driver", "interface", "port", "address", "device", "dc", "rst", "rotate", "dim_after"},
    )
    for key in ("driver", "interface", "port", "address", "device", "dc", "rst"):
        if key in display:
            cfg.display[key] = display[key]
    if cfg.display.get("driver") not in ("ssd1306", "sh1106", "ssd1309", "ssd1315"):
        raise ConfigError(
            f"display.driver must be ssd1306 or sh1106, not {cfg.display['driver']!r}"
        )
    if cfg.display.get("interface") not in ("i2c", "spi"):
        raise ConfigError("display.interface must be i2c or spi")
    rotate = display.get("rotate", 0)
    if rotate not in (0, 180):
        raise ConfigError(f"display.rotate must be 0 or 180, not {rotate!r}")
    cfg.rotate = int(rotate)
    cfg.dim_after = _number("display.dim_after", display.get("dim_after", 300), 0, 86400)
    reader = _table(data, "reader")
    _only("reader", reader, {"enabled", "port"})
    enabled = reader.get("enabled", False)
    if not isinstance(enabled, bool):
        raise ConfigError("reader.enabled must be true or false")
    cfg.reader_enabled = enabled
    port = reader.get("port", "/dev/ttyACM0")
    if not isinstance(port, str) or not port:
        raise ConfigError("reader.port must be a device path or a pyserial URL")
    cfg.reader_port = port
    return cfg


def load_config(path: Path | str | None) -> Config:
    """Read the config file (None: every default); raises ConfigError with the file's name."""
    if path is None:
        return Config()
    import tomllib  # only when there is a file to read

    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as err:
        raise ConfigError(f"{path}: {err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: not valid TOML: {err}") from None
    try:
        return parse_config(data)
    except ConfigError as err:
        raise ConfigError(f"{path}: {err}") from None
