"""The reader's behaviour: reads to messages, host commands to actions; no hardware here.

``Firmware`` talks to a reader object with ``init()``, ``check()`` and
``read_uid() -> bytes | None`` (``mfrc522.MFRC522`` on the Pico, a fake in tests), writes
protocol lines through ``write(str)``, and takes the clock as ``ticks_ms`` / ``ticks_diff``.
"""

import protocol
from cards import CardTable, uid_hex
from debounce import Debouncer
from errors import ReaderError, TagError

DEBOUNCE_MS = 1500
RETRY_MS = 2000  # reopen a failed reader, and check a working one, this often


class Firmware:
    """One card reader: boot greeting, reads, debounce, teach / forget, errors."""

    def __init__(
        self,
        reader: object,
        table: CardTable,
        write: object,
        ticks_ms: object,
        ticks_diff: object,
        load_problem: str | None = None,
    ) -> None:
        self.reader = reader
        self.table = table
        self._write = write
        self._now = ticks_ms
        self._diff = ticks_diff
        self._load_problem = load_problem
        self._debounce = Debouncer(DEBOUNCE_MS, ticks_diff)
        self._lines = protocol.LineBuffer()
        self.seq = 0
        self.teaching: str | None = None
        self.reader_ok = False
        self._reported_down = False
        self._last_attempt = 0

    def _send(self, line: str) -> None:
        self._write(line)  # type: ignore[operator]

    def start(self) -> None:
        """Say hello, report a bad ``cards.json``, and open the reader."""
        self._send(protocol.hello(len(self.table)))
        if self._load_problem:
            self._send(protocol.error("cards_file", self._load_problem))
        self._open_reader()

    def _open_reader(self) -> None:
        self._last_attempt = self._now()  # type: ignore[operator]
        try:
            self.reader.init()  # type: ignore[attr-defined]
        except ReaderError as exc:
            self._reader_failed(str(exc))
            return
        self.reader_ok = True
        self._reported_down = False
        describe = getattr(self.reader, "describe", None)
        self._send(protocol.debug("reader ready: " + (describe() if describe else "ok")))

    def _reader_failed(self, message: str) -> None:
        # One error per outage; the retries every 2 s only leave debug lines.
        self.reader_ok = False
        self._last_attempt = self._now()  # type: ignore[operator]
        if self._reported_down:
            self._send(protocol.debug("reader still failing: " + message))
        else:
            self._reported_down = True
            self._send(protocol.error("reader", message))

    # --- the card side ---

    def step(self) -> None:
        """Poll the reader once and report what it saw; reopen it every 2 s while it fails."""
        now = self._now()  # type: ignore[operator]
        if self._diff(now, self._last_attempt) >= RETRY_MS:  # type: ignore[operator]
            if not self.reader_ok:
                self._open_reader()
                return
            self._last_attempt = now
            try:
                self.reader.check()  # type: ignore[attr-defined]
            except ReaderError as exc:
                self._reader_failed(str(exc))
                return
        if not self.reader_ok:
            return
        try:
            uid = self.reader.read_uid()  # type: ignore[attr-defined]
        except TagError as exc:
            self._send(protocol.debug("tag: " + str(exc)))
            return
        except ReaderError as exc:
            self._reader_failed(str(exc))
            return
        if uid:
            self.on_uid(bytes(uid))

    def on_uid(self, uid: bytes) -> None:
        """Handle a tag seen now: debounce, then teach it or report it."""
        hex_uid = uid_hex(uid)
        if not self._debounce.is_new(hex_uid, self._now()):  # type: ignore[operator]
            return
        code = self.table.card_for(hex_uid)
        if code is None and self.teaching is not None:
            card, self.teaching = self.teaching, None
            try:
                self.table.teach(hex_uid, card)
            except OSError as exc:
                self._send(protocol.error("storage", f"could not save {card}: {exc}"))
            self._send(protocol.taught(card, hex_uid))
            return
        self.seq += 1
        if code is None:
            self._send(protocol.unknown(hex_uid, self.seq))
        else:
            self._send(protocol.card(code, hex_uid, self.seq))

    # --- the host side ---

    def feed(self, data: bytes) -> None:
        """Take bytes from the host; answer every complete line."""
        for line in self._lines.feed(data):
            if line is None:
                self._send(
                    protocol.error(
                        "too_long", f"host line longer than {protocol.MAX_LINE} bytes ignored"
                    )
                )
                continue
            try:
                command = protocol.decode(line)
            except protocol.ProtocolError as exc:
                self._send(protocol.error(exc.code, exc.message))
                continue
            if command is not None:
                self.on_command(command)

    def on_command(self, command: dict) -> None:
        """Carry out a decoded host command."""
        kind = command["type"]
        if kind == "hello":
            self._send(protocol.hello(len(self.table)))
        elif kind == "teach":
            self.teaching = command["card"]
            self._send(protocol.debug(f"teach {self.teaching}: waiting for a tag not in the table"))
        elif kind == "forget":
            card = command.get("card")
            if card is None or card == self.teaching:
                self.teaching = None
            try:
                count = self.table.forget(card)
            except OSError as exc:
                self._send(protocol.error("storage", f"could not save the table: {exc}"))
                return
            self._send(protocol.debug(f"forgot {count} tag(s), {len(self.table)} left"))
