"""The table's words in the players' language: a ``Message`` looked up in a gettext catalog.

English costs nothing: ``localize`` hands English (and any plain ``str``) back as it is, and
``gettext`` with the catalogs is imported only when another language is chosen. The
catalogs are ``hardware/locale/<lang>/LC_MESSAGES/kaiser.mo``, compiled from the ``.po``
files by ``python -m hardware.i18n.catalogs update``; each entry's msgctxt is the message's
key and its msgid the English text, so a changed English text falls back to English until
it is translated again.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from kaiser_core.cards import Seat, Team
from kaiser_core.errors import KaiserInputError
from kaiser_core.messages import PLURALS, TEXTS, Message, text_of
from kaiser_core.modes import Mode

#: The languages the table speaks, English first.
LANGUAGES = ("en", "it", "pt", "fi", "es", "ru", "fr")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "kaiser"
#: The minus sign each language writes before a negative number (English: the hyphen).
MINUS = {
    "en": "-",
    "it": "-",
    "pt": "\u2212",
    "fi": "\u2212",
    "es": "\u2212",
    "ru": "\u2212",
    "fr": "\u2212",
}


class LanguageError(KaiserInputError):
    """A language the table does not speak."""


class _Catalog(Protocol):
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str: ...


_state: dict[str, Any] = {"language": "en", "catalog": None, "names": None}
#: The special cards' own names in a language under a profile (RULES.md: under ``joffre``
#: French calls 5♥ *le Joffre* and 3♠ *le Kaiser*); elsewhere the cards keep 5♥ and 3♠.
CARD_NAMES: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("fr", "joffre"): (("5♥", "Joffre"), ("3♠", "Kaiser")),
}


def language() -> str:
    """The language the table speaks now (a code of ``LANGUAGES``)."""
    return str(_state["language"])


def set_language(code: str) -> None:
    """Speak ``code`` from now on; raises LanguageError for one not in ``LANGUAGES``."""
    if code not in LANGUAGES:
        raise LanguageError(f"language must be one of {', '.join(LANGUAGES)}, not {code!r}")
    if code == _state["language"]:
        return
    _state["catalog"] = None if code == "en" else _load(code)
    _state["language"] = code
    set_profile(_state.get("profile", "standard"))


def set_profile(profile: str) -> None:
    """The rules profile of the game shown: it may give the special cards their own names
    in the language spoken (``CARD_NAMES``)."""
    _state["profile"] = profile
    _state["names"] = CARD_NAMES.get((language(), profile))


def card_names(text: str, names: tuple[tuple[str, str], ...] | None) -> str:
    """``text`` with the special cards called by ``names`` (None: as it is)."""
    for card, name in names or ():
        text = text.replace(card, name)
    return text


def _load(code: str) -> _Catalog:
    import gettext  # only for a language other than English

    with open(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)


def localize(text: str) -> str:
    """``text`` in the table's language: a Message translated, anything else as it is."""
    catalog = _state["catalog"]
    if catalog is None or not isinstance(text, Message):
        return text
    names = _state["names"]
    words = _translate(catalog, text)
    return card_names(words, names) if names else words


def localize_in(text: str, code: str, profile: str = "standard") -> str:
    """``text`` in the language ``code`` whatever the table speaks (a web page's language);
    ``profile``: the game's, which may name the special cards (``CARD_NAMES``)."""
    if code not in LANGUAGES:
        raise LanguageError(f"language must be one of {', '.join(LANGUAGES)}, not {code!r}")
    if code == "en" or not isinstance(text, Message):
        return text
    return card_names(_translate(_catalog_of(code), text, code), CARD_NAMES.get((code, profile)))


@functools.cache
def _catalog_of(code: str) -> _Catalog:
    return _load(code)


def _translate(catalog: _Catalog, message: Message, code: str | None = None) -> str:
    key = message.key
    params = message.params
    english = TEXTS[key]
    if key in PLURALS:
        name, other = PLURALS[key]
        count = params.get(name, 1)
        n = count if isinstance(count, int) and not isinstance(count, bool) else 2
        template = catalog.npgettext(key, english, other, n)
    else:
        template = catalog.pgettext(key, english)
    values = {name: _value(catalog, name, value, code) for name, value in params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English
        return str(message)


#: Words the core passes as plain strings, by the value's name: their message ids.
_WORDS = {
    "trump": {"NT": "word.nt"},
    "side": {"bidders": "side.bidders", "defenders": "side.defenders"},
    "team": {"NS": "team.NS", "EW": "team.EW"},
    "name": {"NS": "team.NS", "EW": "team.EW"},
}


def _value(catalog: _Catalog, name: str, value: Any, code: str | None = None) -> str:
    if isinstance(value, str) and not isinstance(value, Message):
        key = _WORDS.get(name, {}).get(value)
        return catalog.pgettext(key, TEXTS[key]) if key else value
    if isinstance(value, Message):
        return _translate(catalog, value, code)
    if isinstance(value, (Seat, Team)):
        kind = "seat" if isinstance(value, Seat) else "team"
        return catalog.pgettext(f"{kind}.{value.code}", value.code)
    if isinstance(value, Mode):
        return catalog.pgettext(f"mode.{value.value}", value.label)
    if isinstance(value, int) and not isinstance(value, (bool, enum.Enum)):
        return number(value, code)
    return text_of(value)  # a card's label, a suit's symbol, a name as it is


def number(n: int, code: str | None = None) -> str:
    """A whole number as the table's language (or ``code``) writes it (the minus sign)."""
    return MINUS[code or language()] + str(-n) if n < 0 else str(n)


def system_language(env: Mapping[str, str]) -> str:
    """The system locale's language where it is one of ours, else English.

    As gettext looks: LANGUAGE (a list, a:b:c) first, then the first of LC_ALL,
    LC_MESSAGES and LANG that is set.
    """
    for part in env.get("LANGUAGE", "").split(":"):
        if (code := _code(part)) in LANGUAGES:
            return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            code = _code(env[name])
            return code if code in LANGUAGES else "en"
    return "en"


def _code(locale_name: str) -> str:
    """``pt_BR.UTF-8@euro`` -> ``pt``."""
    return locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
