"""A mistake the service cannot play past: the line on the display, then wait for a fix.

A broken config file, a damaged or read-only database. Under systemd an exit would be
restarted every two seconds with a blank display (or, with ``RestartPreventExitStatus=2``,
not at all). Instead the service shows what happened and what to do (and logs the full
line, in English), tells systemd it is ready and keeps the watchdog fed, and checks once a
second whether the file changed (the config file; the database, its ``-damaged`` mark or
whether it can be written): then it exits 0, and systemd (``Restart=always``) starts the
scorer again on the new file.

The screen speaks the player's language in the project's bitmap fonts (Spleen, with
Terminus and misc-fixed for Cyrillic: ``hardware.screens.fonts``), in the biggest size
in which every word fits the 128x64 panel, broken between words (a word wider than the
panel, a path, at a ``/``). The language: the config's (a database fault: the config was
read); for a config error, the file's own ``language = "xx"`` line if it has one,
else the system locale's, else English (``hardware.i18n.errors.config_language``).
"""

from __future__ import annotations

import logging
import os
import queue
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from hardware import notify, startup
from hardware.i18n.errors import error as _message
from hardware.oled import Display
from hardware.screenshots import Screenshots
from hardware.storage import ARCHIVE_SUFFIX as ARCHIVE
from hardware.storage import (
    DatabaseDamaged,
    ReadOnlyDatabase,
    StorageFull,
    beside,
    no_room,
    wal_trouble,
    why_not_writable,
)

if TYPE_CHECKING:
    from hardware.screens.fonts import Font

log = logging.getLogger("kaiser-scorer")
POLL = 1.0
WIDTH, HEIGHT = 128, 64
#: What the display says; the log has the full line (English, for a developer).
DAMAGED = _message("fault.damaged")
READ_ONLY = _message("fault.read_only")
FULL = _message("fault.full")
UNUSABLE = _message("fault.unusable")


def fault_screen(err: BaseException) -> str:
    """The display's words for a database error: what happened and what to do."""
    if isinstance(err, DatabaseDamaged):
        return DAMAGED
    if isinstance(err, ReadOnlyDatabase):
        return READ_ONLY
    if isinstance(err, StorageFull):
        return FULL
    return UNUSABLE


def config_screen(error_line: str) -> str:
    """The display's words for a config file it cannot read (``error_line``: a Message)."""
    return _message("fault.config", error=error_line)


_SPACES = re.compile(r"[^\S\u00a0]+")  # any white space but the no-break space


def wrapped(text: str, font: Font, width: int = WIDTH) -> list[str]:
    """``text`` in lines of ``width`` pixels, broken between words (a longer word: after a
    ``/`` in its second half, else a ``.``, ``_`` or ``-``, else where the line ends)."""
    lines: list[str] = []
    line = ""
    for word in _SPACES.split(text):  # a no-break space (U+00A0) keeps two words together
        if not word:
            continue
        joined = f"{line} {word}" if line else word
        if font.width(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        while font.width(word) > width:
            cut = max(1, width // font.advance)
            while cut > 1 and font.width(word[:cut]) > width:
                cut -= 1
            mark = word.rfind("/", 0, cut)
            if mark < cut // 2:
                mark = max(word.rfind(ch, 0, cut) for ch in "._-")
            cut = mark + 1 if mark >= cut // 2 else cut
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return [*lines, line] if line else lines


def layout(text: str) -> tuple[Font, list[str]]:
    """The biggest font in which all of ``text`` fits the panel, and its lines.

    Small (6x12, five lines), else tiny (5x8, eight lines); text longer than that (a very
    long config error) ends its last line with an ellipsis: the log has the whole line.
    """
    from hardware.screens.fonts import fonts

    tiny, small = fonts()[:2]
    for font in (small, tiny):
        lines = wrapped(text, font)
        if len(lines) * font.height <= HEIGHT:
            return font, lines
    rows = HEIGHT // tiny.height
    lines = wrapped(text, tiny)
    return tiny, [*lines[: rows - 1], tiny.fit(" ".join(lines[rows - 1 :]), WIDTH)]


def message_image(text: str, language: str | None = None) -> Image.Image:
    """``text`` (a Message) in ``language`` (None: the table's now) on a 128x64 picture."""
    from hardware.i18n import language as speaking
    from hardware.i18n.errors import said
    from hardware.screens.pen import Pen

    words = said(text, language or speaking())
    font, lines = layout(words)
    image = Image.new("1", (WIDTH, HEIGHT))
    pen = Pen(image, (0, 0), (WIDTH, HEIGHT))
    pitch = max(font.height, min(font.height + 3, HEIGHT // max(1, len(lines))))
    for row, line in enumerate(lines):
        pen.text(0, row * pitch, line, font)
    return image


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime_ns / 1e9
    except OSError:
        return None


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _odd(path: Path) -> bool:
    """True when something else than a regular file is at ``path`` (a FIFO, a symlink)."""
    try:
        return not stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def database_state(path: Path) -> object:
    """What changes when a database is fixed: the file, its damage mark, its writability
    (its -wal's and -shm's too), whether a FIFO or a symlink is in the place of its files
    (not the lock file itself: ``recover`` makes it and writes its pid there), and whether
    its disk has room."""
    try:
        writable = why_not_writable(path, path.exists())
    except OSError as err:
        writable = str(err)
    own = tuple(_odd(beside(path, s)) for s in ("-damaged", "-lock", ARCHIVE))
    wal = str(wal_trouble(path))  # a -wal or -shm it cannot write, or not a file
    return (_stat(path), _stat(beside(path, "-damaged")), writable, own, wal, no_room(path))


def watch(scorer: Any, path: Path, every: float = POLL) -> None:
    """Stop ``scorer`` (to be started again) once the database at ``path`` changes."""
    seen = database_state(path)

    def look() -> None:
        if database_state(path) != seen:
            log.info("the database changed: starting again on it")
            scorer.stop("the database changed")

    scorer.every(every, look)


class _Waiter:
    """What StopSignals needs of a scorer: ``stop(reason)``, safe from a signal handler."""

    def __init__(self) -> None:
        self.events: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.stop_reason = ""

    def stop(self, reason: str = "") -> None:
        self.stop_reason = self.stop_reason or reason
        self.events.put("stop")


def wait_for_config(
    path: str | os.PathLike[str] | None,
    error: str,
    display_factory: Callable[[], Any],
    *,
    poll: float = POLL,
    screenshots: Path | None = None,
) -> int:
    """Show ``error`` until the config file at ``path`` changes (0) or a signal stops us (0).

    ``error`` is the ConfigError's Message (a plain ``str`` stays English); the screen is in
    ``config_language(path)``: the file's ``language`` line, else the system locale's.
    """
    from hardware.i18n.errors import config_language

    log.error("config: %s; waiting for a fixed config file", error)
    file = Path(path) if path is not None else None
    return wait_for_fix(
        config_screen(error),
        f"config error: {error}",
        display_factory,
        (lambda: _mtime(file)) if file is not None else (lambda: None),
        "the config file changed",
        poll=poll,
        screenshots=screenshots,
        language=config_language(path),
    )


def wait_for_database(
    path: Path,
    err: BaseException,
    display_factory: Callable[[], Any],
    *,
    rotate: int = 0,
    poll: float = POLL,
    screenshots: Path | None = None,
    language: str = "en",
) -> int:
    """A damaged or read-only database at start: say so (in ``language``) until the database
    changes (0)."""
    log.error("%s; waiting for the database to be fixed", err)
    return wait_for_fix(
        fault_screen(err),
        str(err),
        display_factory,
        lambda: database_state(path),
        "the database changed",
        rotate=rotate,
        poll=poll,
        screenshots=screenshots,
        language=language,
    )


def database_fault(board: str, cfg: Any, args: Any, path: Path, err: BaseException) -> int | None:
    """A database error at the start of a service board (``board``): on its display until
    fixed (0); None for a database another scorer holds (it owns the display too)."""
    from hardware.oled import dummy_factory, luma_factory
    from hardware.storage import DatabaseInUse

    if isinstance(err, DatabaseInUse):
        return None
    print(f"kaiser-scorer: {err}", file=sys.stderr)
    factory = dummy_factory() if board == "mock" else luma_factory(cfg.display)
    shots = getattr(args, "screenshots", None)
    shots_dir = Path(shots) if shots else None
    return wait_for_database(
        path, err, factory, rotate=cfg.rotate, screenshots=shots_dir, language=cfg.language
    )


def wait_for_fix(
    screen: str,
    status: str,
    display_factory: Callable[[], Any],
    state: Callable[[], object],
    changed: str,
    *,
    rotate: int = 0,
    poll: float = POLL,
    screenshots: Path | None = None,
    language: str = "en",
) -> int:
    """Show ``screen`` in ``language`` until ``state()`` changes (0, logging ``changed``) or
    a signal (0)."""
    from hardware.signals import StopSignals

    waiter = _Waiter()
    signals = StopSignals(waiter)  # before the frame: a stop right after it is answered
    display = Display(display_factory, rotate=rotate)
    try:
        image = message_image(screen, language)
        if display.show(image):
            Screenshots(screenshots).save(image)
        notify.status(status)
        notify.ready()
        startup.started()  # the fault on the display: start-up is over (hardware.startup)
        seen = state()
        interval = notify.watchdog_interval()
        while True:
            notify.watchdog()
            try:
                waiter.events.get(timeout=min(poll, interval) if interval else poll)
            except queue.Empty:
                pass
            else:
                log.info("stopping (%s)", waiter.stop_reason)
                return 0
            if state() != seen:
                log.info("%s: starting again on it", changed)
                return 0
    finally:
        notify.stopping()
        signals.restore()
        display.close()
