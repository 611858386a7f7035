"""The table's screens drawn in the language it speaks now (the menu's, else the config's)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from hardware.i18n import LanguageError, language, set_language, set_profile
from kaiser_core.table import Table, menu

log = logging.getLogger("kaiser-scorer")


def table_language(table: Table) -> str:
    """The language the table speaks: the menu's choice, else the config's."""
    return menu.language(table)


def speaking(table: Table, render: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``render`` that first switches to the table's language (English if it cannot) and
    tells it the game's profile (the special cards' names)."""

    failed: set[str] = set()

    def draw(view: Any) -> Any:
        wanted = table_language(table)
        wanted = "en" if wanted in failed else wanted
        if wanted != language():
            try:
                set_language(wanted)
            except (LanguageError, OSError) as err:  # a catalog missing: one log line
                log.warning("language %s: %s; English instead", wanted, err)
                failed.add(wanted)
                set_language("en")
        set_profile(table.rules.profile)  # French names the Joffre's specials (joffre)
        return render(view)

    return draw
