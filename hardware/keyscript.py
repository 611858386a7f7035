"""Key scripts for ``run --board mock --keys FILE``: key names, ``#`` comments, capped size.

Key names are apart by any white space. A ``#`` starts a comment that runs to the end of
its line, and a line ends only at LF (``\\n``; a CRLF file's CR is white space before it),
as a text editor and ``wc -l`` count lines, and as the config file's TOML has it. The
other characters ``str.splitlines`` breaks at (CR alone, VT, FF, FS, GS, RS, NEL, U+2028,
U+2029) are white space between key names but never end a comment: a key after one of
them inside a comment is not pressed, and a mistake's line number is the editor's.
"""

from __future__ import annotations

from hardware.config import ConfigError
from hardware.textio import InputTooLarge, read_file_capped
from kaiser_core.errors import KaiserError
from kaiser_core.table import Key

#: A script is typed or generated; 1 MiB is some 200,000 keys.
MAX_SCRIPT = 1 << 20


def _mistake(key: str, /, **params: object) -> ConfigError:
    """A ConfigError of the message ``key`` (the words load with the first mistake)."""
    from hardware.i18n.errors import error

    return ConfigError(error(key, **params))


def _part(key: str, /, **params: object) -> str:
    """The message ``key``, a part of a mistake's line."""
    from hardware.i18n.errors import error

    return error(key, **params)


def read_key_script(path: str) -> list[str]:
    """Key names from a script file; raises ConfigError (file and line) for a mistake."""
    if not path.strip():
        raise _mistake("keys.empty")
    try:
        text = read_file_capped(path, MAX_SCRIPT).decode("utf-8")
    except InputTooLarge:
        why = _part("keys.too_big", mib=MAX_SCRIPT >> 20)
        raise _mistake("config.at", where=path, error=why) from None
    except UnicodeDecodeError as err:
        why = _part("config.not_utf8", byte=err.start)
        raise _mistake("config.at", where=path, error=why) from None
    except OSError as err:
        raise _mistake("config.at", where=path, error=err.strerror or str(err)) from None
    keys = []
    for number, line in enumerate(text.split("\n"), 1):  # not splitlines(): see above
        for word in line.split("#", 1)[0].split():
            try:
                Key.from_name(word)
            except KaiserError as err:
                from hardware.i18n.errors import core_error

                raise _mistake("keys.line", path=path, line=number, error=core_error(err)) from None
            keys.append(word)
    return keys
