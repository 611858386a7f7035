"""Reads the host never got, seen from the ``seq`` of each read (READER.md, issue 22).

The reader numbers its reads (``card`` and ``unknown``) from 1 since it booted. A number
skipped is a read lost on the way: a line cut on the wire, a tag read while the port was
closed. Pure: no I/O, no clock.
"""

from __future__ import annotations


class ReadCounter:
    """Follows the reads' ``seq`` and says how many were missed before each one.

    >>> reads = ReadCounter()
    >>> [reads.missed(seq) for seq in (17, 18, 20, 20, 1, 3)]
    [0, 0, 1, 0, 0, 1]

    The first read seen tells nothing (the reader may have read tags before the host
    started). A number that goes down means the reader restarted: the reads since its boot
    that the host never got are those before this one. The same number again is one line
    repeated, not a read.
    """

    def __init__(self) -> None:
        self.last: int | None = None

    def missed(self, seq: int) -> int:
        """Reads lost just before the read numbered ``seq`` (0 when none, or unknown)."""
        last, self.last = self.last, seq
        if last is None or seq == last:
            return 0
        if seq < last:  # the reader restarted
            return max(0, seq - 1)
        return seq - last - 1
