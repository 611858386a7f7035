"""Key scripts for ``run --board mock --keys FILE``: key names, ``#`` comments, capped size."""

from __future__ import annotations

from hardware.config import ConfigError
from hardware.textio import InputTooLarge, read_file_capped
from kaiser_core.errors import KaiserError
from kaiser_core.table import Key

#: A script is typed or generated; 1 MiB is some 200,000 keys.
MAX_SCRIPT = 1 << 20


def read_key_script(path: str) -> list[str]:
    """Key names from a script file; raises ConfigError (file and line) for a mistake."""
    if not path.strip():
        raise ConfigError("--keys needs a file name (it was empty)")
    try:
        text = read_file_capped(path, MAX_SCRIPT).decode("utf-8")
    except InputTooLarge as err:
        raise ConfigError(f"{path}: a key script must not be {err}") from None
    except UnicodeDecodeError as err:
        raise ConfigError(f"{path}: not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise ConfigError(f"{path}: {err.strerror or err}") from None
    keys = []
    for number, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].split():
            try:
                Key.from_name(word)
            except KaiserError as err:
                raise ConfigError(f"{path}:{number}: {err}") from None
            keys.append(word)
    return keys
