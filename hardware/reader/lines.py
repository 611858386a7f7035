"""Line assembly: a byte stream from the reader, split anywhere, cut into bounded lines."""

from __future__ import annotations

from hardware.reader.protocol import EXCERPT, MAX_LINE, Rejected


class LineAssembler:
    """Cut byte chunks into lines; memory stays under ``max_line + 2`` bytes.

    Lines come out without their ``\\n`` or ``\\r\\n``. A line longer than ``max_line`` is
    dropped up to the next newline and comes out as a ``Rejected("too_long")`` instead.

    >>> lines = LineAssembler()
    >>> lines.feed(b'{"type": "he') + lines.feed(b'llo"}\\r\\n# x\\n{"t')
    [b'{"type": "hello"}', b'# x']
    >>> lines.pending
    3
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._buf = bytearray()
        self._dropping = False
        self._dropped = 0
        self._excerpt = b""

    @property
    def pending(self) -> int:
        """Bytes held for the unfinished line: at most ``max_line + 1``."""
        return len(self._buf)

    def feed(self, chunk: bytes) -> list[bytes | Rejected]:
        """Add a chunk; return the lines it completed, in order."""
        out: list[bytes | Rejected] = []
        start, size = 0, len(chunk)
        while start < size:
            newline = chunk.find(b"\n", start)
            end = size if newline < 0 else newline
            self._take(chunk[start:end])
            if newline < 0:
                break
            out.append(self._finish())
            start = newline + 1
        return out

    def reset(self) -> bytes:
        """Forget the unfinished line (e.g. after the port was lost) and return what it held."""
        partial = b"" if self._dropping else bytes(self._buf)
        self._buf.clear()
        self._dropping, self._dropped = False, 0
        return partial

    def _take(self, piece: bytes) -> None:
        if self._dropping:
            self._dropped += len(piece)
        elif len(self._buf) + len(piece) > self.max_line + 1:  # + 1: room for a '\r'
            self._dropping, self._dropped = True, len(self._buf) + len(piece)
            self._excerpt = bytes((self._buf + piece[:EXCERPT])[:EXCERPT])
            self._buf.clear()
        else:
            self._buf += piece

    def _finish(self) -> bytes | Rejected:
        if self._dropping:
            dropped, self._dropping, self._dropped = self._dropped, False, 0
            return Rejected(
                "too_long", f"line of {dropped} bytes (over {self.max_line})", self._excerpt
            )
        line = bytes(self._buf)
        self._buf.clear()
        if line.endswith(b"\r"):
            line = line[:-1]
        if len(line) > self.max_line:
            return Rejected(
                "too_long", f"line of {len(line)} bytes (over {self.max_line})", line[:EXCERPT]
            )
        return line
