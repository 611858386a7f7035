"""NOT SAVED is said in the table's language: a French table whose card is full.

The storage fills for real (a small tmpfs and a filler file); the key goes through the
real main loop's handler and the real screens, and the frame drawn is compared with the
same view saying the English words.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from typing import Any

import pytest

from hardware.i18n import LANGUAGES, localize_in, set_language
from hardware.i18n.table import speaking, table_language
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import commit, resume
from hardware.scorer import NOT_SAVED, Event, Scorer
from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Table

from .conftest import fill, key_script

ENGLISH = "NOT SAVED: storage error"


@pytest.mark.slow
def test_not_saved_is_drawn_in_the_tables_language(small_disk: Any) -> None:
    disk = small_disk(1024)
    journal = Journal(disk.path / "kaiser.db", exclusive=True)
    try:
        table = Table(Rules(), choose_seat=lambda: Seat.N)
        resume(journal, table)
        table.choose(language="fr")
        commit(journal, Change(ui=True), table)  # the language is stored, as the menu does
        draw = speaking(table, render)  # as the app draws: in the table's language
        scorer = Scorer(table, journal, Display(dummy_factory()), draw)
        fill(disk.path)  # the card is full
        for name in key_script(400, seed=5):  # the WAL's free pages first, then full
            event = Event.key(name)
            scorer.handle(event)
            if event.error:
                break
        assert event.error, "400 keys were stored on a full card"
        view = table.view()
        assert table_language(table) == "fr"  # what is stored: the language is
        assert view.message == NOT_SAVED  # its English, for the log and the tests
        said = localize_in(view.message, "fr")
        assert said != ENGLISH, f"the French table says {said!r}"
        english = dataclasses.replace(view, message=ENGLISH)
        assert draw(view).tobytes() != draw(english).tobytes(), "drawn in English"
    finally:
        set_language("en")
        with contextlib.suppress(sqlite3.Error):
            journal.close()


def test_not_saved_has_words_in_every_language() -> None:
    for code in LANGUAGES:
        if code != "en":
            assert localize_in(NOT_SAVED, code) != ENGLISH, code
