"""One root error, shaped like gpiozero's ``exc.py``: every error of both packages under
:class:`KaiserError` (not a ValueError); bad input also a ValueError, storage that cannot be
used also an OSError, never both: a damaged database is never taken for bad input."""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path

import pytest

from kaiser_core.errors import KaiserError

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("kaiser_core", "hardware")

#: Errors on the OSError side that are not storage: the buttons' GPIO chip.
DEVICE = {"hardware.sources.buttons.GpioError"}
#: Neither input nor storage: the fake panel's model of a driver's bug (tests catch it), and
#: the voice's failure to make a sound (its engine tells the storage's OSError from it).
BUG = {
    "hardware.panel_fake.PanelError",
    "hardware.speech.engine.SpeechError",
    "hardware.speech.engine.NotInstalled",  # a SpeechError: no sound, not the input's fault
}
#: What each side must hold at least (the walk below finds them; a rename fails here).
INPUT = {
    "kaiser_core.errors.IllegalBidError",
    "kaiser_core.errors.IllegalPlayError",
    "kaiser_core.errors.RulesError",
    "kaiser_core.errors.RecordError",
    "kaiser_core.game.GameOverError",
    "kaiser_core.club.errors.ClubError",
    "kaiser_core.club.errors.MessageError",
    "kaiser_core.club.errors.EventError",
    "kaiser_core.table.club_state.RoundError",
    "hardware.config.ConfigError",
    "hardware.club.config.ClubConfigError",
    "hardware.i18n.LanguageError",
    "hardware.reader.protocol.ReaderError",
    "hardware.reader.protocol.BadCommand",
    "hardware.boards.BoardError",
    "hardware.textio.InputTooLarge",
    "hardware.director.state.ActionError",
    "hardware.director.ratings.MethodError",
    "hardware.speech.config.VoiceConfigError",
}
STORAGE = {
    "hardware.storage.JournalError",
    "hardware.storage.DatabaseInUse",
    "hardware.storage.DatabaseDamaged",
    "hardware.storage.ReadOnlyDatabase",
    "hardware.storage.StorageFull",
    "hardware.storage.NotOurFile",
    "hardware.app.GameDamaged",
    "hardware.director.store.StoreError",
    "hardware.textio.OutputError",
}


def _modules() -> list[str]:
    """Every module of both packages by its file (folders without ``__init__.py`` too:
    pkgutil's walk does not enter those)."""
    names = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


def named(name: str) -> type[BaseException]:
    """The class ``module.Class`` (importing that module only)."""
    module, _, attr = name.rpartition(".")
    found: type[BaseException] = getattr(importlib.import_module(module), attr)
    return found


@functools.cache
def errors() -> dict[str, type[BaseException]]:
    """Every exception class defined in a module of either package, by its full name."""
    found: dict[str, type[BaseException]] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, BaseException)
                and obj.__module__ == module.__name__
            ):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


@pytest.mark.slow  # the walks import every module of both packages: about a second
def test_the_walk_sees_every_module_and_the_known_errors() -> None:
    assert set(errors()) >= INPUT | STORAGE | DEVICE | BUG, sorted(
        (INPUT | STORAGE | DEVICE | BUG) - set(errors())
    )
    assert "kaiser_core.table.table" in _modules()  # a module two levels down


def test_every_error_class_is_defined_where_the_walk_sees_it() -> None:
    """An exception class inside a function or a class (indented) would escape the walk."""
    nested = re.compile(r"^[ \t]+class\s+(\w+)\s*\(([^)]*(Error|Exception)[^)]*)\)", re.M)
    hidden = [
        f"{path.relative_to(REPO)}: {m.group(1)}"
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
        for m in nested.finditer(path.read_text(encoding="utf-8"))
    ]
    assert hidden == []
    assert nested.search("def f():\n    class Odd(KaiserError):\n        pass\n")


def test_the_root_is_a_plain_exception() -> None:
    assert KaiserError.__bases__ == (Exception,)
    assert not issubclass(KaiserError, ValueError)
    assert not issubclass(KaiserError, OSError)


@pytest.mark.slow
def test_every_error_of_both_packages_is_under_the_root() -> None:
    outside = sorted(name for name, cls in errors().items() if not issubclass(cls, KaiserError))
    assert outside == []


@pytest.mark.slow
def test_each_error_is_input_or_storage_never_both() -> None:
    from kaiser_core.errors import KaiserInputError, KaiserStorageError

    both = sorted(
        n for n, c in errors().items() if issubclass(c, ValueError) and issubclass(c, OSError)
    )
    assert both == []
    for name, cls in errors().items():
        if issubclass(cls, ValueError):
            assert issubclass(cls, KaiserInputError), name
        if issubclass(cls, OSError) and name not in DEVICE:
            assert issubclass(cls, KaiserStorageError), name
    unsorted = sorted(
        name
        for name, cls in errors().items()
        if cls not in (KaiserError, KaiserInputError, KaiserStorageError)
        and not issubclass(cls, ValueError | OSError)
        and name not in BUG
    )
    assert unsorted == []  # a new error says whose fault it is: the input's or the storage's


@pytest.mark.parametrize("name", sorted(INPUT))
def test_an_input_error_is_a_value_error(name: str) -> None:
    assert issubclass(named(name), ValueError)
    assert not issubclass(named(name), OSError)
    assert issubclass(named(name), KaiserError)


@pytest.mark.parametrize("name", sorted(STORAGE))
def test_a_storage_error_is_an_os_error_not_bad_input(name: str) -> None:
    assert issubclass(named(name), OSError)
    assert not issubclass(named(name), ValueError)
    assert issubclass(named(name), KaiserError)


@pytest.mark.slow
def test_every_journal_error_is_on_the_storage_side() -> None:
    from hardware.storage import JournalError

    family = {n for n, c in errors().items() if issubclass(c, JournalError)}
    assert family <= STORAGE, sorted(family - STORAGE)
    assert len(family) >= 7


def test_a_database_cut_short_is_not_bad_input(tmp_path: Path) -> None:
    """A real file cut in half (a copy the power cut): refused as storage, not as input."""
    from hardware.journal import Journal
    from hardware.storage import DatabaseDamaged

    db = tmp_path / "kaiser.db"
    Journal(db, exclusive=True).close()
    whole = db.read_bytes()
    db.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(KaiserError) as caught:
        try:
            Journal(db, exclusive=True)
        except ValueError:  # what a site that handles bad input catches: not this
            pytest.fail("a damaged database was caught as bad input")
    assert isinstance(caught.value, DatabaseDamaged)
    assert isinstance(caught.value, OSError)
    assert "cut short" in str(caught.value)


def test_a_bad_card_code_is_input_and_under_the_root() -> None:
    from kaiser_core.cards import Card

    with pytest.raises(ValueError) as caught:
        Card.from_code("ZZ")
    assert isinstance(caught.value, KaiserError)
    assert not isinstance(caught.value, OSError)
