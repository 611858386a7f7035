"""Large type (issue 27): every screen for reading across a table, in every language.

A reference PNG per sample and language in ``tests/screens/reference/large/<lang>/``
(``KAISER_UPDATE_SCREENS=1`` writes them; look, then commit); random whole games played
in large type in every language: nothing cut short that is not a name, nothing outside
the frame, no word smaller than 6x12, and every screen's hint (its first step) drawn whole.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PIL import Image

from hardware import i18n
from hardware.screens import SIZE, paint, painter_of, render
from hardware.screens.fonts import Font, fonts
from hardware.screens.parts import hint_parts
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table import Key, Table
from kaiser_core.table.screen import Screen
from kaiser_core.views import View

from .pictures import check_picture, same
from .samples import SAMPLES
from .test_every_view import EW_NAME, NS_NAME, VIEWS, cut_outside_a_name
from .test_screens import DOC_PICTURES, DOCS, REFERENCE

LANGUAGES = i18n.LANGUAGES
LARGE_REFERENCE = REFERENCE / "large"


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(str(request.param))
    try:
        yield str(request.param)
    finally:
        i18n.set_language("en")


def test_every_view_has_a_large_type_painter() -> None:
    from hardware.screens.paint import LARGE

    # the table's own views (kaiser_core.views); a new screen's view (ARCHITECTURE.md's
    # recipe: in its kaiser_core.table module) is drawn by its ordinary painter until it
    # gets a large one
    kinds = {type(v) for v in [*SAMPLES.values(), *VIEWS.values()]}
    kinds = {k for k in kinds if k.__module__.startswith("kaiser_core.views.")}
    assert len(kinds) >= 16
    for kind in kinds:
        painter_of(kind)
    assert kinds - set(LARGE) == set()


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_large_screen_matches_its_reference_in_each_language(name: str, language: str) -> None:
    image = render(SAMPLES[name], large=True)
    check_picture(LARGE_REFERENCE / language / f"{name}.png", image)
    from hardware.screens.paint import LARGE

    if type(SAMPLES[name]) in LARGE:  # large type is not the normal screen
        assert not same(image, render(SAMPLES[name])), name


@pytest.mark.parametrize("name", DOC_PICTURES)
def test_the_readme_shows_each_picture_in_large_type_too(name: str) -> None:
    """docs/screens/large/NAME.png beside docs/screens/NAME.png (4x, nearest)."""
    image = render(SAMPLES[name], large=True).convert("L")
    check_picture(
        DOCS / "large" / f"{name}.png", image.resize((512, 256), Image.Resampling.NEAREST)
    )


def test_every_language_has_a_large_reference_for_each_sample_and_no_other() -> None:
    for lang in LANGUAGES:
        assert {p.stem for p in (LARGE_REFERENCE / lang).glob("*.png")} == set(SAMPLES), lang


# -- what a painter draws in large type -------------------------------------------------------
def drawn(view: View) -> list[tuple[str, Font]]:
    """Every text drawn for ``view`` in large type with its font (the frame checked too)."""
    texts: list[tuple[str, Font]] = []
    original = Pen.text

    def recording(self: Pen, x: int, y: int, text: str, font: Font, fill: int = 255) -> int:
        texts.append((i18n.localize(text), font))
        return original(self, x, y, text, font, fill)

    canvas = Image.new("1", (SIZE[0] + 64, SIZE[1] + 64))
    Pen.text = recording  # type: ignore[method-assign]
    try:
        paint(view, canvas, (32, 32), SIZE, large=True)
    finally:
        Pen.text = original  # type: ignore[method-assign]
    box = canvas.getbbox()
    assert box is not None
    assert box[0] >= 32 and box[1] >= 32, f"drawn outside the frame {box}: {view!r}"
    assert box[2] <= 32 + SIZE[0] and box[3] <= 32 + SIZE[1], f"outside {box}: {view!r}"
    return texts


def faults(view: View) -> list[str]:
    """What is wrong with ``view`` in large type: a text cut short that is not a name, a
    word in the 5x8 font, its hint's first step not drawn whole."""
    texts = drawn(view)
    tiny = fonts()[0]
    out = [f"cut: {t!r}" for t, _ in texts if cut_outside_a_name(t)]
    out += [f"5x8: {t!r}" for t, font in texts if font is tiny and t.strip()]
    hint = getattr(view, "hint", ())
    hint = (hint,) if isinstance(hint, str) and hint else hint
    if hint:
        key, what = hint_parts(tuple(hint))[0]
        words = " ".join(t for t, _ in texts)
        if i18n.localize(what).split()[0] not in words.split() or (key and key not in words):
            out.append(f"hint {i18n.localize(hint[0])!r} not drawn")
        # the whole of it, over one row or two
        if " ".join(i18n.localize(what).split()) not in " ".join(words.split()):
            out.append(f"hint {i18n.localize(what)!r} not whole")
    return out


# -- random whole games -------------------------------------------------------------------------
DIRECTIONS = (Key.UP, Key.RIGHT, Key.DOWN, Key.LEFT)


def player_key(table: Table, rng: random.Random) -> Key:
    """A key a player at the table might press now: mostly the game's next step, now and
    then a mark, a refused key, the menu, undo."""
    screen = table.ui.screen
    roll = rng.random()
    if roll < 0.02:
        return Key.HOLD_B
    if roll < 0.04:
        return Key.HOLD_OK
    if screen in (Screen.MENU, Screen.LIST, Screen.CONFIRM_NEW, Screen.PROFILE, Screen.TEACH):
        return rng.choice([Key.B, Key.B, Key.UP, Key.DOWN, Key.OK])
    if screen is Screen.BID:
        return rng.choice([*DIRECTIONS, Key.A, Key.OK, Key.OK, Key.OK])
    if screen is Screen.TRICKS:
        return rng.choice([*DIRECTIONS] * 4 + [Key.A, Key.B])
    if screen is Screen.QUICK:
        return rng.choice([Key.UP, Key.DOWN, Key.A, Key.B, Key.OK, Key.OK])
    if screen is Screen.SUMMARY:
        return rng.choice([Key.OK, Key.OK, Key.OK, Key.DOWN, Key.UP])
    if screen is Screen.BIDDER:
        return rng.choice([*DIRECTIONS] * 5 + [Key.A, Key.B])
    if screen in (Screen.NEW_GAME, Screen.ASK_FIVE, Screen.ASK_THREE):
        return rng.choice([*DIRECTIONS, Key.OK])
    return Key.OK


RULES = {
    "standard": Rules(target=32),
    "per hand": Rules(low_allowed=True, target=32),
    "widow": find_profile("widow").replace(target=32),
    "tournament": find_profile("tournament"),
}


def whole_games(rules: Rules, seed: int, games: int = 2) -> Iterator[View]:
    """Every view of random whole games under ``rules`` (QUICK entry for "per hand")."""
    rng = random.Random(seed)
    table = Table(rules, names={Team.NS: NS_NAME, Team.EW: EW_NAME}, choose_seat=lambda: Seat.E)
    table.type_size(True)
    if rules.low_allowed:
        from kaiser_core.modes import Mode

        table.choose(mode=Mode.PER_HAND)
    over = 0
    for _ in range(20000):
        yield table.view()
        was = table.ui.screen
        table.press(player_key(table, rng))
        if was is Screen.GAME_OVER and table.ui.screen is not Screen.GAME_OVER:
            over += 1
            if over == games:
                return
    raise AssertionError(f"{games} games not over in 20000 keys")


def game_views() -> dict[str, View]:
    views: dict[str, View] = {}
    for seed, rules in enumerate(RULES.values()):
        for view in whole_games(rules, seed):
            views.setdefault(repr(view), view)
    return views


GAMES = game_views()


def test_the_games_reach_every_screen_of_a_game() -> None:
    kinds = {type(v).__name__ for v in GAMES.values()}
    wanted = {"ScoreView", "BidderView", "BidView", "TricksView", "AskSpecialView"}
    wanted |= {"QuickView", "SummaryView", "GameOverView", "MenuView", "NewGameView"}
    assert wanted <= kinds, wanted - kinds


def test_every_screen_of_a_game_has_its_hint() -> None:
    bare = {type(v).__name__ for v in GAMES.values() if not getattr(v, "hint", ())}
    assert bare == set()


@pytest.mark.slow
def test_random_whole_games_in_large_type_cut_nothing_in_any_language(language: str) -> None:
    bad: dict[str, View] = {}
    for view in GAMES.values():
        for fault in faults(view):
            bad.setdefault(fault, view)
    assert not bad, "\n".join(f"{f} in {v!r}" for f, v in list(bad.items())[:20])


@pytest.mark.slow
def test_every_reachable_view_in_large_type_cuts_nothing_in_any_language(language: str) -> None:
    """The walks of test_every_view (long names, extreme totals, club mode) in large type."""
    bad: dict[str, View] = {}
    for view in VIEWS.values():
        for fault in faults(view):
            bad.setdefault(fault, view)
    assert not bad, "\n".join(f"{f} in {v!r}" for f, v in list(bad.items())[:20])


def test_a_cut_and_a_missing_hint_are_found() -> None:
    """The check itself: a hint that is not drawn and a 5x8 word are faults."""
    from kaiser_core.views.base import TeamScore
    from kaiser_core.views.contract import BidderView
    from kaiser_core.views.game_over import GameOverView

    bidder = SAMPLES["bidder"]
    assert faults(bidder) == []
    normal = GameOverView(TeamScore(Team.NS, "NS", 52), TeamScore(Team.EW, "EW", 3), False, "")
    assert isinstance(bidder, BidderView)
    from kaiser_core.table.hints import step

    hinted = GameOverView(
        normal.winner, normal.loser, False, "", hint=(step("OK", "hint.new_game"),)
    )
    assert faults(hinted) == []
    import sys

    painting = sys.modules["hardware.screens.paint"]

    saved = painting.LARGE[GameOverView]
    painting.LARGE[GameOverView] = painting.PAINTERS[GameOverView]  # the 5x8 screen
    try:
        assert any(f.startswith("5x8") for f in faults(hinted))
    finally:
        painting.LARGE[GameOverView] = saved
