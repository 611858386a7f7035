"""What the journal hands back goes into a table through the table's own methods: a
stored game on start (``resume``), the values read back after a commit (``commit``)."""

from __future__ import annotations

from hardware.history import entries_of, past_source
from hardware.journal import Journal
from hardware.storage import DatabaseDamaged
from hardware.stored import Saved
from kaiser_core.errors import KaiserError
from kaiser_core.table import Change, Table
from kaiser_core.table import Saved as Values


def load_saved(table: Table, saved: Saved, where: str = "the database") -> None:
    """Put a saved game into ``table``; raises DatabaseDamaged when it does not replay.

    The journal's values go in through ``Table.resume``: nothing here writes into the table.
    """
    values = Values(
        saved.rules,
        tuple(saved.entries),
        saved.ui,
        saved.names,
        saved.series,
        saved.seats,
        saved.past,
    )
    try:
        table.resume(values)
    except KaiserError as err:
        raise DatabaseDamaged(f"{where}: game {saved.game_id} does not replay: {err}") from None


def resume(journal: Journal, table: Table) -> Saved:
    """Load the journal's current game into ``table``; returns what was loaded.

    The finished games before it (the menu's History) are read when first needed.
    """
    saved = journal.saved(with_past=False)
    load_saved(table, saved, str(journal.path))
    table.read_history(past_source(journal, saved.game_id), entries_of(journal))
    return saved


def commit(
    journal: Journal, change: Change, table: Table, extra: dict[str, str] | None = None
) -> None:
    """Journal ``change`` and hand the table what the journal read back (the scorer's
    store step; raises what ``Journal.store`` raises)."""
    read_back = journal.store(change, table, extra)
    if read_back is not None:
        table.handle(read_back)
