"""Joffre in French in both type sizes (issue 29): random whole Joffre games, played key by
key as a table would, draw no text cut short, in the normal size and in large type, with
Quebec's names for the specials on the screens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hardware import i18n
from kaiser_core.rules import find_profile
from kaiser_core.views import View

from .test_every_view import cut_outside_a_name, drawn_texts, walk
from .test_large_type import faults, whole_games


@pytest.fixture
def joffre_french() -> Iterator[None]:
    i18n.set_language("fr")
    i18n.set_profile("joffre")
    try:
        yield
    finally:
        i18n.set_profile("standard")
        i18n.set_language("en")


def joffre_views() -> dict[str, View]:
    """The distinct views of random whole Joffre games and of the table walks under it."""
    rules = find_profile("joffre")
    views: dict[str, View] = {}
    for seed in range(3):
        for view in whole_games(rules, 2900 + seed):
            views.setdefault(repr(view), view)
    for seed in range(2):
        for view in walk(rules, 2950 + seed):
            views.setdefault(repr(view), view)
    return views


@pytest.mark.slow
def test_whole_joffre_games_in_french_cut_nothing_in_either_size(joffre_french: None) -> None:
    views = joffre_views()
    kinds = {type(v).__name__ for v in views.values()}
    wanted = {"ScoreView", "BidderView", "BidView", "TricksView", "SummaryView", "GameOverView"}
    assert wanted <= kinds, wanted - kinds
    said: set[str] = set()
    normal: dict[str, View] = {}
    large: dict[str, View] = {}
    for view in views.values():
        texts = drawn_texts(view, "fr")
        said.update(texts)
        normal.update({t: view for t in texts if cut_outside_a_name(t)})
        large.update({fault: view for fault in faults(view)})
    assert any("Joffre" in text for text in said)  # the Quebec names were on the screens
    assert not normal, "\n".join(f"{t!r} in {v!r}" for t, v in list(normal.items())[:20])
    assert not large, "\n".join(f"{f} in {v!r}" for f, v in list(large.items())[:20])
