"""The languages the table speaks, each in its own words, and the one it speaks now."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kaiser_core.table.desk import Desk

#: The languages of the menu's Language list (hardware.i18n speaks them).
LANGUAGES = ("en", "it", "pt", "fi", "es", "ru", "fr")

#: Each language in its own words, so a table left in a language it cannot read still
#: finds its own.
OWN_NAMES = {
    "en": "English",
    "it": "Italiano",
    "pt": "Português",
    "fi": "Suomi",
    "es": "Español",
    "ru": "Русский",
    "fr": "Français",
}


def language(desk: Desk) -> str:
    """The language the table speaks: the menu's choice, else the config's (``desk.language``)."""
    chosen = desk.settings.language
    return chosen if chosen in LANGUAGES else desk.language
