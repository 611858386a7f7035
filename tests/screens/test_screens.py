"""Every screen drawn and compared pixel for pixel with a reference PNG a person has looked at.

The references live in ``tests/screens/reference/NAME.png`` and the README's pictures (4x,
nearest) in ``docs/screens/NAME.png``. After a deliberate change of a screen, regenerate both
with ``KAISER_UPDATE_SCREENS=1 python -m pytest tests/screens``, look at them, then commit.
Without that variable a missing or different picture fails; nothing is ever skipped.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image

from hardware.screens import SIZE, Pen, fonts, icon, paint, painter_of, render
from hardware.screens.parts import hint_line
from kaiser_core import views
from kaiser_core.cards import Seat, Suit, Team
from kaiser_core.views import View
from kaiser_core.views.base import TeamScore
from kaiser_core.views.contract import BidView, ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.summary import SummaryView

from .pictures import check_picture, same
from .samples import LONG_EW, LONG_NS, SAMPLES, W7NT

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "reference"
DOCS = HERE.parent.parent / "docs" / "screens"

#: The pictures shown in the README, one or two per kind of screen.
DOC_PICTURES = (
    "new_game",
    "score_warnings",
    "score_last",
    "confirm_new",
    "bidder",
    "bid_hearts",
    "bid_nt",
    "tricks_marks",
    "tricks_made",
    "cards",
    "cards_offline",
    "ask_five",
    "quick_set",
    "summary_nt_cap",
    "game_over_skunk",
    "menu_scrolled",
    "list_history",
    "bid_nt_low",
    "score_max_hands",
    "summary_reasons",
    "list_rules_words",
    "new_game_names",
    "new_game_seated",
    "list_games",
    "list_hands",
    "list_profiles",
)


# -- what each screen looks like ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_screen_matches_its_reference(name: str) -> None:
    check_picture(REFERENCE / f"{name}.png", render(SAMPLES[name]))


@pytest.mark.parametrize("name", DOC_PICTURES)
def test_the_readme_picture_matches_the_screen(name: str) -> None:
    image = render(SAMPLES[name]).convert("L")
    check_picture(DOCS / f"{name}.png", image.resize((512, 256), Image.Resampling.NEAREST))


def test_every_reference_belongs_to_a_sample_and_every_sample_has_one() -> None:
    stored = {p.stem for p in REFERENCE.glob("*.png")}
    assert stored == set(SAMPLES), "stale or missing references"
    assert {p.stem for p in DOCS.glob("*.png")} == set(DOC_PICTURES)


def view_types() -> set[type]:
    """Every view of ``kaiser_core.views`` (each module's dataclasses with a ``message``)."""
    found: set[type] = set()
    for info in pkgutil.iter_modules(views.__path__):
        module = importlib.import_module(f"{views.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                names = {f.name for f in dataclasses.fields(value)}
                if dataclasses.is_dataclass(value) and "message" in names:
                    found.add(value)
    return found


def test_every_kind_of_view_has_a_sample_and_a_painter() -> None:
    kinds = view_types()
    assert len(kinds) >= 16
    sampled = {type(v) for v in SAMPLES.values()}
    assert kinds <= sampled  # and the views of screens of their own (samples.screen_samples)
    assert all(painter_of(kind) is not None for kind in sampled)


# -- properties that can fail ------------------------------------------------------------------
def score(ns: int, ew: int, names: tuple[str, str] = ("NS", "EW"), **more: object) -> ScoreView:
    return ScoreView(
        TeamScore(Team.NS, names[0], ns),
        TeamScore(Team.EW, names[1], ew),
        Seat.W,
        Seat.N,
        52,
        1,
        **more,
    )  # type: ignore[arg-type]


EXTREMES: list[View] = [
    *(score(ns, ew) for ns in (-99, -10, 0, 199) for ew in (-99, 9, 199)),
    score(
        -99,
        -99,
        (LONG_NS, LONG_EW),
        warnings=(LONG_NS * 3, "x" * 80),
        series=(99, 99),
        message="a very long message that goes on and on and on and never seems to stop",
    ),
    score(199, 199, ("WWWWWWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMMMMMMMMMM"), series=(0, 999)),
    *(
        BidView(Seat.W, n, t, True, True, 7, message="W" * 60)
        for n in (7, 12)
        for t in (*Suit, None)
    ),
    GameOverView(
        TeamScore(Team.NS, "W" * 40, 199),
        TeamScore(Team.EW, "M" * 40, -99),
        True,
        "W" * 90,
        series=(999, 999),
        message="M" * 90,
    ),
    SummaryView(
        W7NT,
        -3,
        15,
        False,
        -199,
        199,
        ("NS " + "W" * 50, "EW " + "M" * 50),
        TeamScore(Team.NS, "W" * 30, -99),
        TeamScore(Team.EW, "M" * 30, 199),
    ),
]


@pytest.mark.parametrize("view", [*SAMPLES.values(), *EXTREMES], ids=repr)
def test_nothing_is_drawn_outside_the_frame(view: View) -> None:
    """Drawn on a larger canvas at an offset, every lit pixel stays inside the 128x64 frame."""
    canvas = Image.new("1", (SIZE[0] + 64, SIZE[1] + 64))
    paint(view, canvas, (32, 32), SIZE)
    box = canvas.getbbox()
    assert box is not None
    assert box[0] >= 32 and box[1] >= 32, box
    assert box[2] <= 32 + SIZE[0] and box[3] <= 32 + SIZE[1], box


@pytest.mark.parametrize(("ns", "ew"), [(-99, 199), (0, 7), (-1, 11), (52, -10), (188, 0)])
def test_the_totals_are_at_least_20_pixels_tall(ns: int, ew: int) -> None:
    image = render(score(ns, ew))
    for side in ((0, 8, 50, 30), (78, 8, 128, 30)):  # left and right of the target, no line
        box = image.crop(side).getbbox()
        assert box is not None
        assert box[3] - box[1] >= 20, (ns, ew, box)


def test_the_big_digits_font_is_20_pixels_tall() -> None:
    big = fonts()[3]
    for digit in "0123456789":
        box = big.glyph(digit).getbbox()  # type: ignore[union-attr]
        assert box is not None and box[3] - box[1] >= 20, digit


def test_long_names_end_with_an_ellipsis_and_fit() -> None:
    small = fonts()[1]
    fitted = small.fit(LONG_NS, 60)
    assert fitted.endswith("…") and small.width(fitted) <= 60
    assert small.fit("Us", 60) == "Us"


def test_two_different_views_never_render_the_same() -> None:
    pictures = {name: render(view).tobytes() for name, view in SAMPLES.items()}
    assert len(set(pictures.values())) == len(pictures)


def test_each_trump_draws_its_own_icon() -> None:
    pictures = {render(BidView(Seat.N, 8, t, False, False, 7)).tobytes() for t in (*Suit, None)}
    assert len(pictures) == 5
    for size in (5, 7, 9, 18):
        icons = {icon(s.symbol, size).tobytes() for s in Suit}
        assert len(icons) == 4, size


def test_a_screen_is_a_pure_function_of_its_view() -> None:
    for view in SAMPLES.values():
        assert same(render(view), render(view))


def test_every_screen_is_accepted_by_a_luma_device() -> None:
    device = dummy(width=128, height=64, mode="1")
    for name, view in SAMPLES.items():
        image = render(view)
        assert image.mode == device.mode == "1", name
        device.display(image)
        assert same(device.image, image), name


def test_something_not_a_view_is_refused() -> None:
    with pytest.raises(TypeError, match="str is not a view"):
        render("score")  # type: ignore[arg-type]


def test_a_lit_pixel_is_white_and_the_rest_black() -> None:
    """Only 0 and 255 in the image, so convert() and luma's devices see what was meant."""
    for name, view in SAMPLES.items():
        assert set(render(view).convert("L").histogram()[1:255]) == {0}, name


def _hint_row(image: Image.Image) -> bytes:
    return image.crop((0, 55, SIZE[0], SIZE[1])).tobytes()


@pytest.mark.parametrize(
    "name", [n for n, v in sorted(SAMPLES.items()) if isinstance(getattr(v, "hint", None), tuple)]
)
def test_every_screen_draws_its_hint_on_the_bottom_line_and_nothing_else_there(name: str) -> None:
    """The bottom line holds the hint alone, as the shared painter part draws it."""
    view = SAMPLES[name]
    assert view.hint, f"{name} has no hint"  # type: ignore[union-attr]
    alone = Image.new("1", SIZE)
    hint_line(Pen(alone, (0, 0), SIZE), view.hint)  # type: ignore[union-attr]
    drawn = render(view)
    if getattr(view, "reader_online", True):
        assert _hint_row(drawn) == _hint_row(alone), name
    else:  # the card screen shows "reader offline" inverted in its place
        assert _hint_row(drawn) != _hint_row(alone) and drawn.crop((0, 55, 128, 64)).getbbox()
