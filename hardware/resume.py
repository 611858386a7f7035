"""Loading what the journal saved into a table, with the table's own methods."""

from __future__ import annotations

from hardware.history import entries_of, past_source
from hardware.journal import Journal
from hardware.storage import DatabaseDamaged
from hardware.stored import Saved
from kaiser_core.errors import KaiserError
from kaiser_core.table import Table


def load_saved(table: Table, saved: Saved, where: str = "the database") -> None:
    """Put a saved game into ``table``; raises DatabaseDamaged when it does not replay."""
    try:
        table.load(saved.rules, saved.entries, saved.ui)
    except KaiserError as err:
        raise DatabaseDamaged(f"{where}: game {saved.game_id} does not replay: {err}") from None
    table.names.update(saved.names)
    table.seat_names.update(saved.seats)
    table.past = list(saved.past)
    table.series = saved.series


def resume(journal: Journal, table: Table) -> Saved:
    """Load the journal's current game into ``table``; returns what was loaded.

    The finished games before it (the menu's History) are read when first needed.
    """
    saved = journal.saved(with_past=False)
    load_saved(table, saved, str(journal.path))
    table.past_later(past_source(journal, saved.game_id))
    table.past_entries = entries_of(journal)
    return saved
