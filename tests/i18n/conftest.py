"""Fixtures: the table speaking a language for one test, English again after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hardware import i18n


@pytest.fixture
def russian() -> Iterator[str]:
    i18n.set_language("ru")
    yield "ru"
    i18n.set_language("en")


@pytest.fixture(params=[lang for lang in i18n.LANGUAGES if lang != "en"])
def any_language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
