"""The config file (TOML): game rules, team names, board, pins, display, reader.

Every value is checked; a mistake is one clear line naming the key (``ConfigError``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hardware.i18n import LANGUAGES, system_language
from kaiser_core.cards import Seat, Team
from kaiser_core.entries import Mode
from kaiser_core.errors import KaiserError, KaiserInputError
from kaiser_core.rules import Rules

if TYPE_CHECKING:  # the club's config is read only when the file has a [club] table
    from hardware.club.config import ClubConfig
    from hardware.speech.config import VoiceConfig

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


class ConfigError(KaiserInputError):
    """A mistake in the config file; the message names the key."""


def _error(key: str, /, **params: object) -> ConfigError:
    """A ConfigError whose line is the message ``key`` (``hardware.i18n.errors``: its words
    load with the first mistake, and translate where a player reads the line)."""
    from hardware.i18n.errors import error

    return ConfigError(error(key, **params))


def _said(key: str, /, **params: object) -> str:
    """The message ``key``, a part of a ConfigError's line."""
    from hardware.i18n.errors import error

    return error(key, **params)


def _user(key: str, label: str) -> str:
    """What uses a pin (the display's I2C SDA, its DC pin), for a clash's line."""
    return _said(key, **{"line" if key == "config.bus_line" else "label": label})


def _core(err: BaseException) -> str:
    """A core error (a rule option's) as a part of a ConfigError's line."""
    from hardware.i18n.errors import core_error

    return core_error(err)


def _inner(err: BaseException) -> str:
    """An error's line as a value of another message (its Message, or its text)."""
    from hardware.i18n.errors import message

    return message(err)


#: The longest team or player name, and the most players a roster lists.
MAX_NAME, MAX_ROSTER = 24, 64
#: A config file is a few hundred bytes; anything this big is not one.
MAX_CONFIG_BYTES = 1 << 20
#: Pins a display interface uses (BCM): keys may not sit on them.
BUS_PINS = {
    ("i2c", 0): {0: "I2C0 SDA", 1: "I2C0 SCL"},
    ("i2c", 1): {2: "I2C SDA", 3: "I2C SCL"},
    ("spi", 0): {7: "SPI CE1", 8: "SPI CE0", 9: "SPI MISO", 10: "SPI MOSI", 11: "SPI SCLK"},
    ("spi", 1): {
        16: "SPI1 CE2",
        17: "SPI1 CE1",
        18: "SPI1 CE0",
        19: "SPI1 MISO",
        20: "SPI1 MOSI",
        21: "SPI1 SCLK",
    },
}


def _show(value: object) -> str:
    """A value for an error message, cut short (a 4,000-digit number is not printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        from hardware.i18n.errors import error

        return error("config.big_number", count=len(str(abs(value))))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _string(where: str, value: object, choices: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or (choices is not None and value not in choices):
        if choices:
            raise _error(
                "config.string_of", where=where, choices=", ".join(choices), value=_show(value)
            )
        raise _error("config.string", where=where, value=_show(value))
    return value


def _int(where: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _error("config.whole", where=where, low=low, high=high, value=_show(value))
    return value


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
    large: bool = False  # [display] large = true: large type (the menu's item, once chosen, wins)
    reader_enabled: bool = False
    reader_port: str = "/dev/ttyACM0"
    club: ClubConfig | None = None  # [club]: this table plays in a club event
    # language = "fi": the table's words (default: the system locale's, where it is ours)
    language: str = field(default_factory=lambda: system_language(os.environ))
    seats: dict[Seat, str] = field(default_factory=dict)  # [names] N E S W
    roster: tuple[str, ...] = ()  # [names] roster: the players NEW GAME offers per seat
    profiles: dict[str, Rules] = field(default_factory=dict)  # [profiles.NAME]: for the menu
    voice: VoiceConfig | None = None  # [voice]: what the table says aloud


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise _error("config.table", where=name)
    return value


def _only(section: str, data: dict[str, Any], allowed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            where, choices = f"{section}.{key}", ", ".join(sorted(allowed))
            raise _error("config.not_setting", where=where, allowed=choices)


def _number(where: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _error("config.number", where=where, low=low, high=high, value=_show(value))
    return float(value)


def parse_config(data: dict[str, Any]) -> Config:
    """Check a decoded config; raises ConfigError naming the bad key."""
    cfg = Config()
    _only(
        "config",
        data,
        {"game", "names", "board", "display", "reader", "club", "language", "profiles", "voice"},
    )
    if "language" in data:
        cfg.language = _string("language", data["language"], LANGUAGES)
    game = _table(data, "game")
    _only("game", game, {"rules", "entry", "options"})
    _string("game.rules", game.get("rules", "standard"))
    _table(game, "options")
    try:
        cfg.rules = Rules.from_spec(
            {"profile": game.get("rules", "standard"), "options": game.get("options", {})}
        )
    except KaiserError as err:
        raise _error("config.at", where="game", error=_core(err)) from None
    entry = game.get("entry", "per-trick")
    _string("game.entry", entry)
    try:
        cfg.entry = Mode(entry)
    except ValueError:
        raise _error("config.entry", value=repr(entry)) from None
    _names(cfg, _table(data, "names"))
    _profiles(cfg, _table(data, "profiles"))
    if isinstance(data.get("board"), str):  # board = "bonnet" is short for [board] name = ...
        data = {**data, "board": {"name": data["board"]}}
    board = _table(data, "board")
    _only("board", board, {"name", "pins", "hold_time", "bounce_time"})
    raw_name = _string("board.name", board.get("name", "bonnet"))
    name = ALIASES.get(raw_name, raw_name)
    if name not in (*BOARDS, "custom", "mock"):  # mock: gpiozero's mock pins, luma's dummy
        raise _error("config.board", value=repr(name))
    cfg.board = name
    preset = BOARDS.get(name, BOARDS["bonnet"])
    cfg.pins = dict(preset["pins"])
    cfg.display = dict(preset["display"])
    pins = _table(board, "pins")
    if name == "custom" and set(pins) != set(KEYS):
        raise _error("config.custom_pins", keys=" ".join(KEYS))
    for key, pin in pins.items():
        if key not in KEYS:
            raise _error("config.not_key", key=key, keys=" ".join(KEYS))
        if isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= 27:
            raise _error("config.pin", key=key, value=_show(pin))
        cfg.pins[key] = pin
    if len(set(cfg.pins.values())) != len(cfg.pins):
        raise _error("config.shared_pin")
    cfg.hold_time = _number("board.hold_time", board.get("hold_time", 0.8), 0.05, 5)
    cfg.bounce_time = _number("board.bounce_time", board.get("bounce_time", 0.02), 0, 0.5)
    display = _table(data, "display")
    _only(
        "display",
        display,
        {
            "driver",
            "interface",
            "port",
            "address",
            "device",
            "dc",
            "rst",
            "rotate",
            "dim_after",
            "large",
        },
    )
    for key in ("driver", "interface", "port", "address", "device", "dc", "rst"):
        if key in display:
            cfg.display[key] = display[key]
    cfg.rotate = _display(cfg)
    rotate = display.get("rotate", 0)
    if isinstance(rotate, bool) or rotate not in (0, 180):
        raise _error("config.rotate", value=_show(rotate))
    cfg.rotate = int(rotate)
    cfg.dim_after = _number("display.dim_after", display.get("dim_after", 300), 0, 86400)
    large = display.get("large", False)
    if not isinstance(large, bool):
        raise _error("config.bool", where="display.large", value=_show(large))
    cfg.large = large
    reader = _table(data, "reader")
    _only("reader", reader, {"enabled", "port"})
    enabled = reader.get("enabled", False)
    if not isinstance(enabled, bool):
        raise _error("config.bool", where="reader.enabled", value=_show(enabled))
    cfg.reader_enabled = enabled
    port = reader.get("port", "/dev/ttyACM0")
    if not isinstance(port, str) or not port:
        raise _error("config.port")
    cfg.reader_port = port
    if "club" in data:
        from hardware.club.config import ClubConfigError, parse_club

        try:
            cfg.club = parse_club(_table(data, "club"))
        except ClubConfigError as err:
            raise ConfigError(_inner(err)) from None
    if "voice" in data:
        from hardware.speech.config import VoiceConfigError, parse_voice

        try:
            cfg.voice = parse_voice(_table(data, "voice"), cfg.pins, cfg.display)
        except VoiceConfigError as err:
            raise ConfigError(_inner(err)) from None
    return cfg


def _name(where: str, name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise _error("config.name", where=where, most=MAX_NAME)
    return name.strip()


def _names(cfg: Config, names: dict[str, Any]) -> None:
    """[names]: NS and EW (the teams), N E S W (the seats), roster (a list of players)."""
    _only("names", names, {"NS", "EW", "N", "E", "S", "W", "roster"})
    for code, name in names.items():
        if code in ("NS", "EW"):
            cfg.names[Team(code)] = _name(f"names.{code}", name)
        elif code != "roster":
            cfg.seats[Seat(code)] = _name(f"names.{code}", name)
    if "roster" not in names:
        return
    roster = names["roster"]
    if not isinstance(roster, list) or not 4 <= len(roster) <= MAX_ROSTER:
        raise _error("config.roster", most=MAX_ROSTER)
    players = tuple(_name(f"names.roster[{i}]", n) for i, n in enumerate(roster, 1))
    if len({p.casefold() for p in players}) != len(players):
        raise _error("config.roster_twice")
    cfg.roster = players


def _profiles(cfg: Config, profiles: dict[str, Any]) -> None:
    """[profiles.NAME]: named house rules (rules = a profile, options) the menu offers."""
    for name, spec in profiles.items():
        if not name.strip() or len(name) > MAX_NAME:
            raise _error("config.profile_name", profile=_show(name), most=MAX_NAME)
        where = f"profiles.{name}"
        if not isinstance(spec, dict):
            raise _error("config.table", where=where)
        _only(where, spec, {"rules", "options"})
        _string(f"{where}.rules", spec.get("rules", "standard"))
        _table(spec, "options")
        try:
            cfg.profiles[name] = Rules.from_spec(
                {"profile": spec.get("rules", "standard"), "options": spec.get("options", {})}
            )
        except KaiserError as err:
            raise _error("config.at", where=where, error=_core(err)) from None


def _display(cfg: Config) -> int:
    """Check the display settings and that no key sits on the display's own pins."""
    d = cfg.display
    driver = d.get("driver")
    if not isinstance(driver, str) or driver not in ("ssd1306", "sh1106", "ssd1309", "ssd1315"):
        raise _error("config.driver", value=_show(driver))
    interface = d.get("interface")
    if not isinstance(interface, str) or interface not in ("i2c", "spi"):
        raise _error("config.interface", value=_show(interface))
    if interface == "i2c":
        port = _int("display.port", d.get("port", 1), 0, 31)
        _int("display.address", d.get("address", 0x3C), 0x03, 0x77)
    else:
        port = _int("display.port", d.get("port", 0), 0, 6)
        _int("display.device", d.get("device", 0), 0, 3)
        d.setdefault("dc", 24)  # luma's defaults
        d.setdefault("rst", 25)
    # the pins the display uses: (message id, its label), the words made only for a clash
    used = {
        pin: ("config.bus_line", line) for pin, line in BUS_PINS.get((interface, port), {}).items()
    }
    for key in ("dc", "rst"):
        if key in d:
            pin = _int(f"display.{key}", d[key], 0, 27)
            if pin in used:
                raise _error("config.display_pin", key=key, pin=pin, used=_user(*used[pin]))
            used[pin] = ("config.bus_pin", key.upper())
    for key, pin in cfg.pins.items():
        if pin in used:
            raise _error("config.key_pin", key=key, pin=pin, used=_user(*used[pin]))
    return cfg.rotate


def load_config(path: Path | str | None) -> Config:
    """Read the config file (None: every default); raises ConfigError with the file's name."""
    if path is None:
        return Config()
    import tomllib  # only when there is a file to read

    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_CONFIG_BYTES + 1)
    except OSError as err:
        raise _error("config.at", where=str(path), error=err.strerror or str(err)) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise _error("config.at", where=str(path), error=_said("config.too_big", mib=1))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        utf16 = raw[:2] in (b"\xff\xfe", b"\xfe\xff")
        bad = _said("config.utf16" if utf16 else "config.not_utf8", byte=err.start)
        raise _error("config.at", where=str(path), error=bad) from None
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        from hardware.i18n.errors import toml_error  # tomllib's detail, our frame

        why = toml_error(str(err))
        raise _error("config.at", where=str(path), error=why) from None
    except RecursionError:
        why = _said("config.not_toml", error=_said("config.too_deep"))
        raise _error("config.at", where=str(path), error=why) from None
    except ValueError as err:  # int() of a number over 4,300 digits
        why = _said("config.not_toml", error=str(err).split(";")[0])
        raise _error("config.at", where=str(path), error=why) from None
    try:
        return parse_config(data)
    except ConfigError as err:
        raise _error("config.at", where=str(path), error=_inner(err)) from None
