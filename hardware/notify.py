"""The service's side of systemd's notify protocol (``Type=notify``, ``WatchdogSec=``).

The unit (``systemd/kaiser-scorer.service``) waits for :func:`ready` and kills and restarts a
scorer whose main loop stops calling :func:`watchdog` for ``WatchdogSec``. Every function is
a no-op when ``NOTIFY_SOCKET`` is unset (a desktop run, a test), so callers need no checks:

    notify.ready()
    interval = notify.watchdog_interval() or 5.0   # ping at half of WatchdogSec
    ...
    notify.watchdog()                               # from the main loop, each interval
    notify.stopping()                               # on SIGTERM

The datagrams are sent by ``sdnotify`` (the ``[pi]`` extra: pure Python, also Debian's
``python3-sdnotify``), imported only when ``NOTIFY_SOCKET`` is set. A message that cannot
be sent is logged once and otherwise ignored: the scorer keeps scoring, and if the watchdog
pings stop reaching systemd, the restart that follows is what the watchdog is for.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Protocol

from kaiser_core.numbers import whole

log = logging.getLogger(__name__)
#: The longest wait between pings: a longer WatchdogSec is still pinged hourly (harmless),
#: and no timer gets a timeout past what the threading module takes.
MOST_INTERVAL = 3600.0


class _Notifier(Protocol):
    def notify(self, state: str) -> None: ...


_lock = threading.Lock()
_notifier: _Notifier | None = None
_address: str | None = None
_warned = False


def _get_notifier(address: str) -> _Notifier | None:
    """The notifier connected to ``address``, made on first use (or after the address changed).

    Raises ModuleNotFoundError, saying what to install, if ``sdnotify`` is missing.
    """
    global _notifier, _address, _warned
    if _address == address:
        return _notifier
    try:
        import sdnotify
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            "NOTIFY_SOCKET is set (a systemd service) but sdnotify is not installed: "
            "pip install -e '.[pi]' in the clone (or 'kaiser-scorer[pi]' from a package)"
        ) from error
    _address, _warned = address, False
    try:
        _notifier = sdnotify.SystemdNotifier(debug=True)
    except OSError as error:
        log.warning("cannot reach systemd's notify socket %s: %s", address, error)
        _notifier, _warned = None, True
    return _notifier


def _send(state: str) -> None:
    """Send one notify message; nothing when ``NOTIFY_SOCKET`` is unset."""
    global _warned
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return
    with _lock:
        notifier = _get_notifier(address)
        if notifier is None:
            return
        try:
            notifier.notify(state)
        except OSError as error:
            if not _warned:
                log.warning("cannot notify systemd (%s): %s", state.split("=")[0], error)
                _warned = True


def ready() -> None:
    """Tell systemd the scorer is up (``READY=1``): the first screen is on the display."""
    _send("READY=1")


def watchdog() -> None:
    """Tell systemd the main loop is alive (``WATCHDOG=1``)."""
    _send("WATCHDOG=1")


def status(text: str) -> None:
    """Show ``text`` in ``systemctl status`` (``STATUS=``); line breaks become spaces."""
    _send("STATUS=" + " ".join(text.splitlines()))


def stopping() -> None:
    """Tell systemd the scorer is shutting down in order (``STOPPING=1``)."""
    _send("STOPPING=1")


def watchdog_interval() -> float | None:
    """Seconds between :func:`watchdog` pings: half of ``WatchdogSec``, or None if it is off.

    Like sd_watchdog_enabled(3): None unless ``WATCHDOG_USEC`` is a positive number and
    ``WATCHDOG_PID``, when set, is this process. ``WatchdogSec=15s`` gives 7.5.
    """
    usec = os.environ.get("WATCHDOG_USEC", "")
    pid = os.environ.get("WATCHDOG_PID", "")
    if pid and pid != str(os.getpid()):
        return None
    value = whole(usec, 20)  # systemd's is a 64-bit count of microseconds
    if not value:
        return None
    return min(value / 2_000_000, MOST_INTERVAL)
