"""Card codes and the UID -> card table kept in ``cards.json`` on the Pico's flash.

>>> is_card("5H"), is_card("7H"), is_card("5S")
(True, True, False)
"""

import json
import os

RANKS = "AKQJT98753"
SUITS = "SHDC"
# The 32-card Kaiser deck: A K Q J T 9 8 of every suit, 7D, 7C, and 5H / 3S for 7H / 7S.
# (Built with loops: MicroPython has no star-unpacking inside tuple displays.)
_deck = [r + s for s in SUITS for r in "AKQJT98"]
_deck.extend(("7D", "7C", "5H", "3S"))
KAISER_DECK = tuple(_deck)
# A skat pack (34 cards) may be taught whole, so 7H and 7S can be given stickers too.
_deck.extend(("7H", "7S"))
TEACHABLE = tuple(_deck)
del _deck
_ORDER = {code: i for i, code in enumerate(TEACHABLE)}
FORMAT = 1
#: The largest cards.json read: 34 cards take about 1.5 KB; a bigger file is not ours.
MAX_FILE = 16384


def is_card(code: object) -> bool:
    """True if ``code`` (str) names a teachable card: the Kaiser deck plus 7H and 7S."""
    return isinstance(code, str) and code in _ORDER


def card_problem(code: object) -> str | None:
    """Say why ``code`` is not a teachable card, or return None if it is one."""
    if is_card(code):
        return None
    if not isinstance(code, str):
        return f"a card code must be a string like AS, got {json.dumps(code)}"
    if len(code) == 2 and code[0] in RANKS and code[1] in SUITS:
        return f"{code} is not in the Kaiser deck (the low cards are 7D 7C 5H 3S, plus 7H 7S)"
    return (
        f"bad card code {json.dumps(code)}: rank A K Q J T 9 8 7 5 3 (ten is T) then suit S H D C"
    )


def is_uid(text: object) -> bool:
    """True if ``text`` is a 4, 7 or 10 byte UID in upper-case hex."""
    if not isinstance(text, str) or len(text) not in (8, 14, 20):
        return False
    return all(ch in "0123456789ABCDEF" for ch in text)


def uid_hex(uid: bytes) -> str:
    """Format UID bytes as upper-case hex, like ``04A1B2C3D4E5F6``."""
    return "".join(f"{b:02X}" for b in uid)


class CardTable:
    """UIDs (hex) mapped to card codes, one tag per card, saved atomically to ``path``.

    ``fs`` is the module used for ``open`` / ``rename`` (``os`` by default); tests inject one.
    """

    def __init__(self, path: str, fs: object = None) -> None:
        self.path = path
        self._fs = fs if fs is not None else _OsFiles()
        self._cards: dict[str, str] = {}

    @classmethod
    def load(cls, path: str, fs: object = None) -> "tuple[CardTable, str | None]":
        """Read the table from ``path``; return ``(table, problem)``.

        Never raises for a missing or corrupt file: the table is then empty (or keeps the good
        entries) and ``problem`` says what was wrong, else it is None.
        """
        table = cls(path, fs)
        try:
            f = table._fs.open(path, "r")
            try:
                text = f.read(MAX_FILE + 1)  # never the whole of a huge file: the heap is small
            finally:
                f.close()
        except OSError:
            return table, f"{path} not found: the card table is empty, teach the deck"
        except MemoryError:
            text = None
        if text is None or len(text) > MAX_FILE:
            return table, f"{path} is too large (over {MAX_FILE} bytes): the card table is empty"
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            return table, f"{path} is corrupt (not JSON): the card table is empty"
        except MemoryError:
            return table, f"{path} does not fit in memory: the card table is empty"
        cards = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(cards, dict):
            return table, f'{path} has no "cards" object: the card table is empty'
        dropped = 0
        for uid in sorted(cards):
            card = cards[uid]
            if not is_uid(uid) or not is_card(card) or card in table._cards.values():
                dropped += 1
                continue
            table._cards[uid] = card
        if dropped:
            return table, f"{path}: ignored {dropped} bad or duplicate entries"
        return table, None

    def __len__(self) -> int:
        return len(self._cards)

    def card_for(self, uid: str) -> str | None:
        """Return the card code taught to ``uid`` (hex), or None."""
        return self._cards.get(uid)

    def uid_for(self, card: str) -> str | None:
        """Return the UID (hex) taught for ``card``, or None."""
        for uid, code in self._cards.items():
            if code == card:
                return uid
        return None

    def teach(self, uid: str, card: str) -> None:
        """Give ``uid`` to ``card`` (replacing the card's old tag) and save.

        Raises ValueError for a bad card or UID, OSError if the flash write fails.
        """
        problem = card_problem(card)
        if problem:
            raise ValueError(problem)
        if not is_uid(uid):
            raise ValueError(f"bad UID {uid}")
        old = self.uid_for(card)
        if old is not None:
            del self._cards[old]
        self._cards[uid] = card
        self.save()

    def forget(self, card: str | None = None) -> int:
        """Forget ``card``'s tag, or every tag if ``card`` is None; save; return the count."""
        if card is None:
            count = len(self._cards)
            self._cards = {}
        else:
            uid = self.uid_for(card)
            if uid is None:
                return 0
            del self._cards[uid]
            count = 1
        self.save()
        return count

    def dumps(self) -> str:
        """Return the file's text: one entry a line, in deck order."""
        items = sorted(self._cards.items(), key=lambda item: _ORDER[item[1]])
        lines = [f"  {json.dumps(uid)}: {json.dumps(card)}" for uid, card in items]
        body = ",\n".join(lines)
        return '{"format": ' + str(FORMAT) + ', "cards": {\n' + body + "\n}}\n"

    def save(self) -> None:
        """Write a temporary file, then rename it over ``path`` (atomic on littlefs and POSIX).

        Raises OSError if the flash write fails; the old file is then left untouched.
        """
        tmp = self.path + ".tmp"
        f = self._fs.open(tmp, "w")
        try:
            f.write(self.dumps())
        finally:
            f.close()
        # littlefs (the Pico's flash), FAT and POSIX all replace an existing destination.
        self._fs.rename(tmp, self.path)


class _OsFiles:
    """The real file system: builtin ``open`` and ``os.rename``."""

    def open(self, path: str, mode: str) -> "object":
        return open(path, mode)

    def rename(self, src: str, dst: str) -> None:
        os.rename(src, dst)
