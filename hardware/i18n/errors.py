"""The words of what went wrong: fault screens and one-line errors, in the player's language.

A config mistake, a bad key script line, a damaged database: the one line a player reads
at the table (on the display or on stderr) is a ``Message`` of these ids, so it prints as
English (``str(err)``, the log, a developer's line) and translates with ``said`` or
``localize_in``. The ids join ``TEXTS`` when this module is first imported, which is only
when something went wrong (nothing here is on the start-up path); the catalogs' ``update``
imports it too. The core's own English errors (a rule option, a key name) are read back as
messages by ``core_error`` (``hardware.i18n.english``), or kept in English when unknown;
``known`` reads back the database's, a game record's and the OS's lines the same way, and
``say`` prints a command's one line (``export``, ``score``, ``recover``) in the language.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from kaiser_core.messages import PLURALS, TEXTS, Message

ERROR_TEXTS = {
    # what the display says of a database it cannot use (the log has the full line; a
    # no-break space keeps ``journalctl -u`` on one line)
    "fault.damaged": (
        "DATABASE DAMAGED: nothing more is saved. Run: kaiser-scorer recover (see the log)"
    ),
    "fault.read_only": (
        "DATABASE READ-ONLY: nothing can be saved. Make the storage writable (see the log)"
    ),
    "fault.full": "STORAGE FULL: nothing can be saved. Free some space (see the log)",
    "fault.unusable": (
        "DATABASE ERROR: nothing can be saved (see the log: journalctl\u00a0-u kaiser-scorer)"
    ),
    "fault.config": "CONFIG ERROR: {error}",
    # the config file's one-line mistakes (setting names stay as the file writes them)
    "config.at": "{where}: {error}",
    "config.big_number": "a number of {count} digit",
    "config.string": "{where} must be a string, not {value}",
    "config.string_of": "{where} must be a string ({choices}), not {value}",
    "config.whole": "{where} must be a whole number from {low} to {high}, not {value}",
    "config.number": "{where} must be a number from {low} to {high}, not {value}",
    "config.table": "[{where}] must be a table",
    "config.not_setting": "{where} is not a setting (allowed: {allowed})",
    "config.entry": "game.entry must be per-trick, per-hand or card-reader, not {value}",
    "config.board": (
        "board.name must be bonnet, waveshare or custom (or mock, for a demo), not {value}"
    ),
    "config.custom_pins": "board.pins must give every key for a custom board: {keys}",
    "config.not_key": "board.pins.{key} is not a key ({keys})",
    "config.pin": "board.pins.{key} must be a BCM GPIO number 0 to 27, not {value}",
    "config.shared_pin": "board.pins: two keys share a pin",
    "config.rotate": "display.rotate must be 0 or 180, not {value}",
    "config.bool": "{where} must be true or false, not {value}",
    "config.port": "reader.port must be a device path or a pyserial URL",
    "config.name": "{where} must be a name of 1 to {most} character",
    "config.roster": "names.roster must be a list of 4 to {most} name",
    "config.roster_twice": "names.roster names a player twice",
    "config.profile_name": "profiles: {profile} must be a name of 1 to {most} character",
    "config.driver": (
        "display.driver must be ssd1306 or sh1106 (or ssd1309, ssd1315), not {value}"
    ),
    "config.interface": "display.interface must be i2c or spi, not {value}",
    "config.bus_line": "the display's {line}",
    "config.bus_pin": "the display's {label} pin",
    "config.display_pin": "display.{key} = {pin} is {used} (GPIO {pin})",
    "config.key_pin": "board.pins.{key} = {pin} is {used} (GPIO {pin}): choose another pin",
    # [voice] (hardware/speech/config.py)
    "config.say": "voice.say must be a list of {choices}, not {value}",
    "config.output": (
        'voice.output must be "speaker", "i2s" or an absolute folder path, not {value}'
    ),
    "config.device": "voice.device must be an ALSA device name (like default), not {value}",
    "config.i2s_pin": (
        '{where} = {pin} is the I2S amplifier\'s {line} (GPIO {pin}, voice.output = "i2s"): '
        "choose another pin"
    ),
    "config.i2s_spi1": (
        'display.port = 1 is SPI1, on the I2S amplifier\'s pins (voice.output = "i2s")'
    ),
    "config.too_big": "a config file must not be larger than {mib} MiB",
    "config.not_utf8": "not UTF-8 text (byte {byte})",
    "config.utf16": "not UTF-8 text (byte {byte}) (it looks like UTF-16: save it as UTF-8)",
    "config.not_toml": "not valid TOML: {error}",
    "config.too_deep": "nested too deeply",
    # the key script of run --board mock --keys FILE
    "keys.empty": "--keys needs a file name (it was empty)",
    "keys.too_big": "a key script must not be larger than {mib} MiB",
    "keys.line": "{path}:{line}: {error}",
    "keys.needs_mock": "--keys needs --board mock",
    # the core's English errors a config or a key script can meet, read back by pattern
    "core_error.unknown_key": "unknown key {key} (keys are {keys})",
    "core_error.unknown_option": "unknown option {option}",
    "core_error.unknown_profile": "unknown rules profile {profile} (one of {profiles})",
    "core_error.option_bool": "option {option} must be true or false, not {value}",
    "core_error.option_one_of": "option {option} must be one of {choices}, not {value}",
    "core_error.option_whole": "option {option} must be a whole number, not {value}",
    "core_error.option_range": "option {option} must be from {low} to {high}, not {value}",
    # lang12d: the emulator's, the club's and the commands' one-line mistakes
    "board.no_desktop": (
        "--display window needs a graphical desktop (DISPLAY and WAYLAND_DISPLAY are not set): "
        "use --display terminal"
    ),
    "board.no_terminal": "the emulator needs a terminal (or use --board mock --keys FILE)",
    "board.too_small": (
        "this terminal is {columns}x{rows}; the scorer needs {need_columns}x{need_rows}: "
        "make it larger; keys wait until the picture fits (q quits)"
    ),
    "config.toml_at": "not valid TOML: {error} (at line {line}, column {column})",
    "config.toml_end": "not valid TOML: {error} (at end of document)",
    "club.text": "club.{key} must be a string of {low} to {high} character",
    "club.missing": "club.{key} is missing (club needs broker, event and table)",
    "club.broker": "club.broker must be HOST or HOST:PORT (port 1 to 65535), not {value}",
    "club.event": "club.event must be the event's id: a-z, 0-9 and -, 1 to 40 characters",
    "club.both_passwords": "club: give password or password_file, not both",
    "club.needs_username": "club: a password needs club.username",
    "club.socket": "club.socket must be an absolute path",
    "club.password_file": "club.password_file {path}: {error}",
    "club.none": "{path}: no [club] table: this scorer is not in a club event",
    "export.no_game": "the database holds no game yet",
    "score.game": "{path}: game {number}: {error}",
    "score.record": "{path}: {error}",
    "export.damaged_game": (
        "{path}: game {number} is damaged ({reason}) and cannot be read; "
        "kaiser-scorer recover --db {path} keeps what still reads"
    ),
    # where the database is without --db (hardware.stored), and a reader that may be behind
    "state.not_absolute": (
        "no folder for the database: {name}={value} is not an absolute path; give --db PATH"
    ),
    "state.no_home": (
        "no folder for the database: HOME is not set and user {uid} has no home; "
        "give --db PATH or set XDG_STATE_HOME"
    ),
    "read.behind": (
        "{path}: its last changes, in {wal}, cannot be read here: what is shown may be "
        "behind what the scorer stored"
    ),
    "read.changing": (
        "{path}: the database kept changing while it was read: what is shown may be behind "
        "what the scorer stored"
    ),
    "recover.exists": "{path} exists already: give --out a new file",
    "recover.no_database": "{path}: no such database and no archive",
    "recover.cannot_write": (
        "{path} cannot be written there: give --out a new file on storage this user can write"
    ),
    # the OS's words for a file, as its English strerror says them (read back)
    "os.ENOENT": "No such file or directory",
    "os.EACCES": "Permission denied",
    "os.EISDIR": "Is a directory",
    "os.ENOTDIR": "Not a directory",
    "os.EROFS": "Read-only file system",
    "os.ENOSPC": "No space left on device",
    # the database's English lines (hardware.storage, hardware.journal), read back
    "journal_error.missing": "{path}: no such database",
    "journal_error.not_sqlite": (
        "{path}: not a Kaiser scorer database (not an SQLite file); it was left untouched"
    ),
    "journal_error.foreign": "{path}: not a Kaiser scorer database; it was left untouched",
    "journal_error.not_file": "{path}: not a file",
    "journal_error.full": (
        "{path}: the storage is full: nothing can be saved until some space is freed; "
        "export still works"
    ),
    "journal_error.not_ours": (
        "{path}: not a regular file (the scorer keeps its own file there): move it away"
    ),
    "journal_error.folder": (
        "{path}: permission denied: the folder {folder} cannot be read by this user"
    ),
    "journal_error.in_use_by": (
        "{path}: another scorer is using this database (process {pid}); stop it first "
        "(export works meanwhile)"
    ),
    "journal_error.in_use": (
        "{path}: another scorer is using this database; stop it first (export works meanwhile)"
    ),
    "journal_error.lock": (
        "{path}: cannot make the lock file {file} ({error}): the scorer needs writable "
        "storage; export still works"
    ),
    "journal_error.wal_file": (
        "{path}: user {user} cannot write it (owner {owner}, mode {mode}): the scorer cannot "
        "store games. Run as root: {command}"
    ),
    "journal_error.damaged": (
        "{path}: the database is damaged ({reason}); nothing more is written to it. "
        "Run: kaiser-scorer recover --db {db}"
    ),
    # a game record's English refusals (kaiser_core.record, record_json), read back
    "record_error.too_big": "{where}: a record must not be larger than {mib} MiB",
    "record_error.utf8": "{where}: not UTF-8 text (byte {byte})",
    "record_error.json": "{where}: invalid JSON at line {line} column {column}: {detail}",
    "record_error.not_object": "a game record must be a JSON object, not {kind}",
    "record_error.unknown_field": "unknown field {field}",
    "record_error.format": "format must be {expected}, not {kind}",
    "record_error.no_hands": "hands is missing (a list, empty for a game not yet started)",
    "record_error.hands": "hands must be a list, not {kind}",
    "record_error.deep": "{where}: invalid JSON: nested too deeply",
    "record_error.duplicate": "{field}: duplicate key {key}",
    "record_error.not_allowed": "{field}: {value} is not allowed",
    "record_error.rules": "rules: {error}",
    "record_error.hand": "hand {hand}: {error}",
    "record_error.seat": "{name} must be a seat (N, E, S or W), not {kind}",
    "record_error.seat_or_team": "{name} must be a seat or a team (N E S W, NS EW), not {kind}",
    "record_error.won": (
        "the game was already won by {winner} (after {count} played hands); no hand may follow"
    ),
    "record_error.names": "names must be an object, not {kind}",
    "record_error.names_key": "names has {key}, which is not a seat or a team",
    "record_error.name": "names.{key} must be a name of 1 to {most} characters",
    "record_error.hand_object": "a hand must be an object, not {kind}",
    "record_error.redealt": "all four passed: the hand is redealt and has no {key}",
    "record_error.contract": "contract must be an object, not {kind}",
    "record_error.contract_field": "contract has an unknown field {key}",
    "record_error.bid_whole": "contract.bid must be a whole number, not {kind}",
    "record_error.trump": "trump must be S, H, D or C (or null with no-trump), not {kind}",
    "record_error.low": "low must be true or false, not {kind}",
    "record_error.captured": "{name} is missing: who captured it?",
    "record_error.no_trick": "{name} names {seat}, which took no trick",
    "record_error.tricks_count": "tricks has {have} winners, not {count}",
    "record_error.auction_call": "auction call {call} ({seat}): {error}",
    "record_error.auction_list": "auction must be a list of the 4 calls from the dealer's left",
    "record_error.bid_range": "{bid} is out of range: a bid is {low} to {high}",
    "record_error.nt_range": "{bid} is out of range: a no-trump bid is {low} to {high}",
    "record_error.low_range": "{bid} is out of range: a low no-trump bid is {low} to {high}",
    "record_error.outrank": "{bid} does not outrank the highest bid {high}",
    "record_error.dealer_must": (
        "{dealer} deals and the others passed: the dealer must bid at least {low}"
    ),
    "record_error.needs_low_bid": "{bid} is not a bid under these rules (it needs low_bid bid)",
    "record_error.contract_bid": "contract.bid {error}",
    "record_error.disagrees": (
        "contract {contract} disagrees with the auction, which gives {auction}"
    ),
    "record_error.low_disagrees": "low {word} disagrees with the auction's {bid}",
    "record_error.plays_trick": "plays: trick {trick}: {error}",
    "record_error.not_in_pack": "{card} is not in the {size}-card pack",
    "record_error.played_twice": "{card} was already played in trick {trick}",
    "record_error.taken_sum": "taken adds up to {have} tricks, not {count}",
    "record_error.team_no_trick": "{name} names {who}, but {side} took no trick",
    "record_error.not_with_plays": "{special} is not allowed with plays: the cards tell",
    "record_error.plays_trump": "a suit contract given as plays needs its trump (S, H, D or C)",
    "record_error.first_lead_option": 'trump "first-lead" needs the trump_by_first_lead option',
    "record_error.first_lead_nt": 'trump "first-lead" with a no-trump contract: leave it out',
    # the JSON parser's own details (Python's json module), read back
    "json.value": "Expecting value",
    "json.name": "Expecting property name enclosed in double quotes",
    "json.colon": "Expecting ':' delimiter",
    "json.comma": "Expecting ',' delimiter",
    "json.extra": "Extra data",
    "json.unterminated": "Unterminated string starting at",
    "json.control": "Invalid control character at",
    "json.escape": "Invalid \\escape",
    "json.unicode": "Invalid \\uXXXX escape",
    # what a record's value was, in those refusals (read back)
    "kind.null": "null",
    "kind.boolean": "a boolean",
    "kind.number": "a number",
    "kind.fraction": "a fractional number",
    "kind.string": "the string {value}",
    "kind.long_string": "a long string",
    "kind.list": "a list",
    "kind.object": "an object",
}
ERROR_PLURALS = {
    "config.big_number": ("count", "a number of {count} digits"),
    "config.name": ("most", "{where} must be a name of 1 to {most} characters"),
    "config.roster": ("most", "names.roster must be a list of 4 to {most} names"),
    "config.profile_name": ("most", "profiles: {profile} must be a name of 1 to {most} characters"),
    "club.text": ("high", "club.{key} must be a string of {low} to {high} characters"),
}
TEXTS.update(ERROR_TEXTS)
PLURALS.update(ERROR_PLURALS)


def error(key: str, /, **params: object) -> Message:
    """The error message ``key`` with these values (its English is its ``str``)."""
    return Message(key, **params)


def core_error(err: BaseException) -> str:
    """A core error's text as a Message where it is one of ours, else its English text."""
    from hardware.i18n.english import message_of

    text = str(err)
    return message_of(text, "core_error.") or text


def message(err: BaseException) -> str:
    """What ``err`` says: its Message when it was raised with one, else its text."""
    if len(err.args) == 1 and isinstance(err.args[0], Message):
        return err.args[0]
    return str(err)


def said(err: BaseException | str, language: str) -> str:
    """``err``'s one line in ``language`` (English where there is no translation)."""
    from hardware.i18n import LanguageError, localize_in

    text = err if isinstance(err, str) else message(err)
    try:
        return str(localize_in(text, language))
    except (LanguageError, OSError):  # no such language, or its catalog is missing
        return str(text)


_LANGUAGE_LINE = re.compile(r"""\s*language\s*=\s*(["'])([A-Za-z_-]{2,16})\1\s*(#.*)?""")


def config_language(path: str | os.PathLike[str] | None) -> str:
    """The player's language for an error, even when the config file cannot be read.

    The file's top-level ``language = "xx"`` line where there is one and it names a
    language of ours (a line of the file read as text, not the whole file parsed: the file
    may be the very mistake); else the system locale's language (``system_language``),
    else English. For a file that loads, this is the language ``load_config`` gives.
    """
    from hardware.i18n import LANGUAGES, system_language

    if path is not None:
        try:
            with open(Path(path), "rb") as f:
                head = f.read(64 * 1024).decode("utf-8", "replace")
        except OSError:
            head = ""
        for line in head.removeprefix("\ufeff").splitlines():
            if line.lstrip().startswith("["):
                break  # top-level keys come before the first table
            found = _LANGUAGE_LINE.fullmatch(line)
            if found and found.group(2) in LANGUAGES:
                return found.group(2)
    return system_language(os.environ)


_TOML_AT = re.compile(r"(?P<error>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)", re.S)
_TOML_END = re.compile(r"(?P<error>.*) \(at end of document\)", re.S)


def toml_error(text: str) -> str:
    """tomllib's refusal framed as ours: its detail stays its English, the place is ours."""
    if found := _TOML_AT.fullmatch(text):
        line, column = int(found["line"]), int(found["column"])
        return error("config.toml_at", error=found["error"], line=line, column=column)
    if found := _TOML_END.fullmatch(text):
        return error("config.toml_end", error=found["error"])
    return error("config.not_toml", error=text)


#: The English lines of other modules read back as messages, tried in this order.
_READ_BACK = ("journal_error.", "record_error.", "core_error.")


def known(err: BaseException | str) -> str:
    """An error's line as a Message where it can be one (raised with one, or an English
    line of ours read back: the database's, a record's, a file's OS error), else its text."""
    from hardware.i18n.english import message_of

    text = err if isinstance(err, str) else message(err)
    if isinstance(text, Message):
        return text
    for prefix in _READ_BACK:
        found = message_of(text, prefix)
        if found is not None:
            return Message(found.key, **{k: _word(v) for k, v in found.params.items()})
    if (os_words := message_of(text, "os.")) is not None:
        return os_words
    where, sep, tail = text.rpartition(": ")
    if sep and (os_words := message_of(tail, "os.")) is not None:
        return error("config.at", where=where, error=os_words)
    return text


def _word(value: object) -> object:
    """A value read back: an OS error's words, a record value's kind, a JSON parser's detail
    or a whole line of ours as their message."""
    if not isinstance(value, str):
        return value
    from hardware.i18n.english import message_of

    words = message_of(value, "os.") or message_of(value, "kind.") or message_of(value, "json.")
    return words or known(value)  # a line within a line: "hand 3: unknown field 'bid'"


def say(err: BaseException | str, language: str | None = None) -> None:
    """Print ``kaiser-scorer: LINE`` on stderr in ``language`` (None: the system's)."""
    import sys

    lang = language or config_language(None)
    line = str(message(err) if isinstance(err, BaseException) else err)
    if lang != "en":
        line = said(known(err), lang)
    print(f"kaiser-scorer: {line}", file=sys.stderr)
