"""Errors shared by the card reader's firmware modules."""


class ReaderError(Exception):
    """The MFRC522 chip does not answer or misbehaves (wiring, power, reset)."""


class TagError(Exception):
    """A tag answered, but its frames failed a check (BCC, CRC, SAK, a tag that left)."""
