"""The USB CDC serial seen from the Pico: non-blocking reads of sys.stdin, raw writes."""

import select
import sys


class HostPort:
    """Poll ``stdin`` without blocking (``select.poll``); write lines without ``\\r`` added."""

    def __init__(self, stdin: object = None, stdout: object = None) -> None:
        stdin = stdin if stdin is not None else sys.stdin
        stdout = stdout if stdout is not None else sys.stdout
        self._in = getattr(stdin, "buffer", stdin)
        # sys.stdout turns "\n" into "\r\n" on the Pico; its .buffer sends bytes unchanged.
        self._out = getattr(stdout, "buffer", stdout)
        self._poll = select.poll()
        self._poll.register(stdin, select.POLLIN)
        self.closed = False

    def read_available(self, limit: int = 256) -> bytes:
        """Return the bytes waiting (at most ``limit``), b"" if none; never blocks."""
        data = bytearray()
        while len(data) < limit and self._poll.poll(0):
            ch = self._in.read(1)  # type: ignore[attr-defined]
            if not ch:
                self.closed = True  # end of input: only seen off the Pico, in tests
                break
            data.extend(ch.encode() if isinstance(ch, str) else ch)
        return bytes(data)

    def write(self, line: str) -> None:
        """Send one protocol line."""
        self._out.write(line.encode())  # type: ignore[attr-defined]
