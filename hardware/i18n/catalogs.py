"""The catalogs' one command: ``python -m hardware.i18n.catalogs update`` (needs Babel).

``update`` brings every ``kaiser.po`` in step with the English texts (``TEXTS`` with every
module that adds to it): a new id comes in untranslated, an id whose English changed keeps
its old translation marked fuzzy (its old English as ``#| msgid``), an id gone is dropped;
then it compiles each ``.po`` to its ``.mo`` (fuzzy entries left out: they show English)
and prints, per language, every entry still untranslated or fuzzy. ``check`` only prints
that list and exits 1 when something is left to translate or a ``.mo`` is out of date.
A developer tool: the table itself reads the ``.mo`` with the stdlib ``gettext`` only.
"""

from __future__ import annotations

import datetime
import importlib
import io
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hardware.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from kaiser_core.messages import PLURALS, TEXTS

PROJECT = "kaiser-scorer"
#: Babel's locale for a language where it is not the bare code (Portugal's plural rule).
BABEL_LOCALE = {"pt": "pt_PT"}


def english() -> dict[str, str]:
    """Every message's English text by key, with the ids every core module adds (and the
    hardware's errors)."""
    import kaiser_core

    for module in pkgutil.walk_packages(kaiser_core.__path__, "kaiser_core."):
        importlib.import_module(module.name)
    importlib.import_module("hardware.i18n.errors")  # the fault screens' and errors' words
    importlib.import_module("hardware.speech.words")  # what the table says aloud
    return dict(TEXTS)


def msgid(key: str, text: str) -> str | tuple[str, str]:
    """The catalog's msgid of a key: the English text, with its plural for a plural one."""
    return (text, PLURALS[key][1]) if key in PLURALS else text


def po_path(lang: str) -> Path:
    """Where the ``.po`` of a language lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Any:
    """The language's catalog as it is on disk (an empty one when there is none)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=BABEL_LOCALE.get(lang, lang), domain=DOMAIN, project=PROJECT)
    with path.open("rb") as f:
        return read_po(f, locale=BABEL_LOCALE.get(lang, lang), domain=DOMAIN)


def _by_key(catalog: Any) -> dict[str, Any]:
    return {m.context: m for m in catalog if m.id and m.context}


def updated(lang: str, texts: dict[str, str]) -> Any:
    """A new catalog of ``texts`` that keeps what the old one translated."""
    from babel.messages.catalog import Catalog

    old = _by_key(read(lang))
    locale = BABEL_LOCALE.get(lang, lang)
    new = Catalog(locale=locale, domain=DOMAIN, project=PROJECT, fuzzy=False)
    for key, text in texts.items():
        mid = msgid(key, text)
        before = old.get(key)
        string: Any = "" if isinstance(mid, str) else ("",) * new.num_plurals
        flags: set[str] = set()
        previous = None
        if before is not None and _translated(before.string):
            string = _shaped(before.string, mid, new.num_plurals)
            if before.id != mid:
                flags.add("fuzzy")
                previous = before.id
            elif before.fuzzy:
                flags.add("fuzzy")
                previous = before.previous_id or None
        if "{" in text:
            flags.add("python-brace-format")
        new.add(mid, string, context=key, flags=flags, previous_id=previous or ())
    return new


def _translated(string: Any) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def _shaped(string: Any, mid: str | tuple[str, str], plurals: int) -> Any:
    """An old translation fitted to the new msgid's shape (singular or plural)."""
    forms = string if isinstance(string, tuple) else (string,)
    if isinstance(mid, str):
        return forms[-1] if len(forms) > 1 else forms[0]
    return tuple(forms[min(i, len(forms) - 1)] for i in range(plurals))


def left(catalog: Any, texts: dict[str, str]) -> Iterator[tuple[str, str, str]]:
    """(key, "untranslated" or "fuzzy", English) for every entry still to translate."""
    have = _by_key(catalog)
    for key, text in texts.items():
        m = have.get(key)
        if m is None or not _translated(m.string):
            yield key, "untranslated", text
        elif m.fuzzy or m.id != msgid(key, text):
            yield key, "fuzzy", text


def compiled(catalog: Any) -> bytes:
    """The ``.mo`` bytes of a catalog (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def write(lang: str, catalog: Any) -> None:
    """Write the ``.po`` (no dates: the file changes only when its entries do) and ``.mo``."""
    from babel.messages.pofile import write_po

    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    fixed = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    catalog.creation_date = catalog.revision_date = fixed
    catalog.header_comment = f"# {lang}: the scorer's words ({DOMAIN} domain). Edit the msgstr."
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_previous=True, sort_output=False)
    path.write_bytes(out.getvalue())
    path.with_suffix(".mo").write_bytes(compiled(catalog))


def report(texts: dict[str, str], catalogs: dict[str, Any]) -> int:
    """Print what is left to translate in each language; the number of such entries."""
    total = 0
    for lang, catalog in catalogs.items():
        todo = list(left(catalog, texts))
        total += len(todo)
        print(f"{lang}: {len(texts) - len(todo)}/{len(texts)} translated, {len(todo)} to do")
        for key, why, text in todo:
            print(f"  {lang} {why:12} {key}: {text!r}")
    return total


def main(argv: list[str] | None = None) -> int:
    """``update`` or ``check`` (see the module's docstring)."""
    args = sys.argv[1:] if argv is None else argv
    if args not in (["update"], ["check"]):
        print("usage: python -m hardware.i18n.catalogs update|check", file=sys.stderr)
        return 2
    texts = english()
    langs = [lang for lang in LANGUAGES if lang != "en"]
    if args == ["update"]:
        for lang in langs:
            write(lang, updated(lang, texts))
        catalogs = {lang: read(lang) for lang in langs}
        report(texts, catalogs)
        return 0
    catalogs = {lang: read(lang) for lang in langs}
    todo = report(texts, catalogs)
    stale = [
        lang
        for lang in langs
        if po_path(lang).with_suffix(".mo").read_bytes() != compiled(catalogs[lang])
    ]
    for lang in stale:
        print(f"{lang}: {po_path(lang).with_suffix('.mo').name} is out of date: run update")
    return 1 if todo or stale else 0


if __name__ == "__main__":
    sys.exit(main())
