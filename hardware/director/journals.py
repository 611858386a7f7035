"""What the director decided about each table's journals, for the page (CLUB.md, issue 26).

CLUB.md's rule (``kaiser_core.club.messages.keep``) takes a journal it has not seen for a
table and round as the table's new one (a spare Pi, a restored database) and ignores a
replaced journal from then on. That is right for a spare, wrong for one stray message: so
every decision shows on the page against the table, with its time, and the director may
pin a table-round to one journal it has heard from (behind the PIN); then that journal's
newest record counts, whatever else arrives.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

#: Notes kept per table (the newest).
NOTES = 8


@dataclass(frozen=True)
class Note:
    """One decision: ``kind`` (the page's text), its round, the journals, when."""

    at: str
    kind: str
    round: int
    journal: str = ""
    other: str = ""
    rev: int = 0
    kept_rev: int = 0

    def json(self) -> dict[str, Any]:
        """As ``/api/tables`` gives it (``text``: the English, for curl)."""
        return {
            "at": self.at,
            "kind": self.kind,
            "round": self.round,
            "journal": self.journal,
            "other": self.other,
            "text": TEXTS[self.kind].format(**self.__dict__),
        }


#: The English of each kind (the page has them in its languages: hardware/web/texts.py).
TEXTS = {
    "replaced": "round {round}: replaced by journal {journal} (journal {other} before)",
    "stale": "round {round}: ignoring a stale record of journal {journal} (rev {rev}, "
    "kept rev {kept_rev})",
    "ignored": "round {round}: ignoring journal {journal}, replaced by journal {other}",
    "pinned": "round {round}: pinned to journal {journal} by the director",
    "not_pinned": "round {round}: ignoring journal {journal}, pinned to journal {other}",
    "late": "round {round}: a record after the round ended changed its score",
    "empty": "round {round}: finished with no hand played",
}


def short(journal: str) -> str:
    """A journal id as the page shows it (its first 8 characters)."""
    return journal[:8]


class TableNotes:
    """The newest notes of each table; a note like the last one is not repeated."""

    def __init__(self) -> None:
        self.notes: dict[int, deque[Note]] = {}

    def add(self, table: int, note: Note) -> None:
        """Note ``note`` against ``table`` (once while it repeats)."""
        notes = self.notes.setdefault(table, deque(maxlen=NOTES))
        last = notes[-1] if notes else None
        if last and (last.kind, last.round, last.journal) == (note.kind, note.round, note.journal):
            notes[-1] = note if note.kind == "stale" else last  # the newest rev, or the first
            return
        notes.append(note)

    def of(self, table: int) -> list[dict[str, Any]]:
        """Table ``table``'s notes, oldest first, as JSON."""
        return [n.json() for n in self.notes.get(table, ())]


__all__ = ["NOTES", "TEXTS", "Note", "TableNotes", "short"]
