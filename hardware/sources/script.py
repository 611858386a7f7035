"""The key script of ``--keys``: gpiozero's mock pins pressed key by key, ``ok N KEY`` out."""

from __future__ import annotations

import json
import threading
import zlib
from functools import partial
from typing import Any

from hardware.buttons import Buttons
from hardware.scorer import Event, Scorer

KEY_TIMEOUT = 15.0


def script_fingerprint(keys: list[str]) -> str:
    """Identifies a key script, so a restart with the same script resumes it."""
    data = " ".join(keys).encode()  # zlib, not hashlib: hashlib loads OpenSSL (3.6 MiB)
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


class ScriptSource:
    """Drives the mock pins like a finger; prints ``ok N KEY`` once each key is stored.

    A restart with the same script resumes after the last key stored. ``failure`` holds
    the first problem (a key not taken or not stored); the scorer stops at the end.
    """

    name = "script"

    def __init__(
        self, keys: list[str], pins: dict[str, int], hold_time: float, pin_factory: Any
    ) -> None:
        self.keys = keys
        self.pins = pins
        self.hold_time = hold_time
        self.pin_factory = pin_factory
        self.failure = ""
        self.buttons: Buttons | None = None
        self._thread: threading.Thread | None = None
        self._current: dict[str, Any] = {}

    def start(self, scorer: Scorer) -> None:
        """Open the mock pins and start pressing from where the script was left."""
        fingerprint = script_fingerprint(self.keys)
        stored = scorer.journal.meta_json("script") or {}
        first = int(stored.get("done", 0)) if stored.get("fp") == fingerprint else 0
        current = self._current

        def on_key(name: str) -> None:
            event = Event.key(name, current.get("done"), current.get("extra"))
            current["seen"], current["event"] = name, event
            scorer.put(event)  # as every key: reader events after it never merge before it

        self.buttons = Buttons(
            self.pins, on_key, hold_time=self.hold_time, pin_factory=self.pin_factory
        )
        self._thread = threading.Thread(
            target=self._drive, args=(scorer, first, fingerprint), name="script", daemon=True
        )
        scorer.call(self._thread.start)  # pressing begins once the main loop runs

    def _drive(self, scorer: Scorer, first: int, fingerprint: str) -> None:
        current, buttons = self._current, self.buttons
        assert buttons is not None
        try:
            for index in range(first, len(self.keys)):
                name = self.keys[index]
                done = threading.Event()
                current.update(
                    done=done,
                    seen=None,
                    extra={"script": json.dumps({"fp": fingerprint, "done": index + 1})},
                )
                ok = buttons.drive(name, partial(done.wait, KEY_TIMEOUT))
                if not ok or current.get("seen") != name:
                    self.failure = f"key {index + 1} ({name}) was not taken by the buttons"
                    break
                if current["event"].error:
                    error = current["event"].error
                    self.failure = f"key {index + 1} ({name}) was not stored: {error}"
                    break
                print(f"ok {index + 1} {name}", flush=True)
        except Exception as err:  # pragma: no cover - reported by the runner
            self.failure = f"scripted play failed: {err}"
        finally:
            scorer.stop()

    def close(self) -> None:
        """Wait for the script's thread, then close the pins."""
        if self._thread is not None and self._thread.ident is not None:  # it was started
            self._thread.join(5)
        if self.buttons is not None:
            self.buttons.close()
