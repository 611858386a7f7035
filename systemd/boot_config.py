"""Set ``dtparam`` values in a Raspberry Pi ``config.txt``, editing lines rather than piling up.

Used by ``install.sh`` (standard library only, runs on the Pi's own ``python3``)::

    python3 boot_config.py /boot/firmware/config.txt i2c_arm=on i2c_arm_baudrate=400000

It prints one line per change and writes the file only if something changed (atomically),
so that a second run prints nothing. Rules, for each ``KEY=VALUE``:

1. an active ``dtparam=`` line of the global part (before any ``[filter]`` or under ``[all]``)
   that names KEY, alone or in a comma list, gets VALUE in place (aliases such as
   ``i2c_baudrate`` are renamed to the full key);
2. else a commented-out ``#dtparam=KEY=...`` line of the global part is uncommented;
3. else ``dtparam=KEY=VALUE`` is appended at the end, under an ``[all]`` if the file ends in
   a model-specific section.

>>> set_dtparams("#dtparam=i2c_arm=on\\n", {"i2c_arm": "on"})[0]
'dtparam=i2c_arm=on\\n'
>>> set_dtparams("dtparam=i2c_arm=on,i2c_baudrate=100000\\n", {"i2c_arm_baudrate": "400000"})[0]
'dtparam=i2c_arm=on,i2c_arm_baudrate=400000\\n'
"""

from __future__ import annotations

import os
import re
import sys
import tempfile

# Names that the firmware treats as the same parameter (see the overlays README).
ALIASES = {"i2c": "i2c_arm", "i2c_baudrate": "i2c_arm_baudrate"}

_DTPARAM = re.compile(r"^(?P<indent>\s*)dtparam=(?P<items>[^#]*?)(?P<rest>\s*(#.*)?)$")
_COMMENTED = re.compile(r"^\s*#\s*dtparam=(?P<key>[A-Za-z0-9_]+)(=[^,\s]*)?\s*$")
_SECTION = re.compile(r"^\s*\[(?P<name>[^\]]*)\]")


def _canonical(key: str) -> str:
    return ALIASES.get(key, key)


def _global_lines(lines: list[str]) -> list[bool]:
    """Which lines apply to every Pi: before the first filter, or under ``[all]``."""
    result = []
    applies = True
    for line in lines:
        match = _SECTION.match(line)
        if match:
            applies = match.group("name").strip().lower() == "all"
        result.append(applies)
    return result


def _set_in_line(line: str, key: str, value: str) -> tuple[str, bool]:
    """Give KEY the VALUE in an active ``dtparam=`` line; (line, whether KEY was there)."""
    match = _DTPARAM.match(line.rstrip("\n"))
    if not match:
        return line, False
    items = [item.strip() for item in match.group("items").split(",")]
    found = False
    for index, item in enumerate(items):
        name = item.split("=", 1)[0]
        if _canonical(name) == key:
            items[index] = f"{key}={value}"
            found = True
    if not found:
        return line, False
    newline = "\n" if line.endswith("\n") else ""
    new = f"{match.group('indent')}dtparam={','.join(items)}{match.group('rest')}{newline}"
    return new, True


def set_dtparams(text: str, params: dict[str, str]) -> tuple[str, list[str]]:
    """Return ``text`` with every ``dtparam`` of ``params`` set, and a list of the changes."""
    lines = text.splitlines(keepends=True)
    changes: list[str] = []
    for raw_key, value in params.items():
        key = _canonical(raw_key)
        wanted = f"dtparam={key}={value}"
        is_global = _global_lines(lines)
        done = False
        for index, line in enumerate(lines):
            if not is_global[index]:
                continue
            new, found = _set_in_line(line, key, value)
            if found:
                done = True
                if new != line:
                    changes.append(f"edited: {line.strip()} -> {new.strip()}")
                    lines[index] = new
        if done:
            continue
        for index, line in enumerate(lines):
            match = _COMMENTED.match(line)
            if is_global[index] and match and _canonical(match.group("key")) == key:
                lines[index] = wanted + "\n"
                changes.append(f"uncommented: {line.strip()} -> {wanted}")
                done = True
                break
        if done:
            continue
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        if lines and not is_global[-1]:
            lines.append("[all]\n")
        lines.append(wanted + "\n")
        changes.append(f"added: {wanted}")
    return "".join(lines), changes


def _write_atomically(path: str, text: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o644
    fd, temporary = tempfile.mkstemp(prefix=".config.txt.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main(argv: list[str]) -> int:
    """Command line: ``boot_config.py FILE KEY=VALUE...``; exit 2 on a usage error."""
    if len(argv) < 2 or not all("=" in arg for arg in argv[1:]):
        print("usage: boot_config.py CONFIG_TXT KEY=VALUE...", file=sys.stderr)
        return 2
    path = argv[0]
    params = dict(arg.split("=", 1) for arg in argv[1:])
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except FileNotFoundError:
        text = ""
    new_text, changes = set_dtparams(text, params)
    if changes:
        _write_atomically(path, new_text)
        for change in changes:
            print(f"{path}: {change}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
