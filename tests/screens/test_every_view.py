"""No text cut off: every view the table can reach, drawn with the longest names and totals.

The table is driven by real keys (and reader cards) under several rule sets, with team
names as long as the config allows (24 characters); each view it shows is drawn as is and
again with the totals at the extremes (-99 to 199). Every text a painter draws is recorded:
an ellipsis ("…") is allowed only where a name was shortened. Each picture is also drawn on
a larger canvas at an offset, and nothing may be lit outside the 128x64 frame.

The ``language`` fixture is the place to run all of it in each language (issue 12).
"""

from __future__ import annotations

import dataclasses
import random
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from hardware import i18n
from hardware.screens import SIZE, paint
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import TEXTS, Message
from kaiser_core.rules import Deal, Rules, find_profile
from kaiser_core.table import Key, Table, lists, waiting
from kaiser_core.table.club_state import ClubState
from kaiser_core.views import View
from kaiser_core.views.base import TeamScore
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.lists import ListView
from kaiser_core.views.new_game import NewGameView
from kaiser_core.views.summary import SummaryView

from .samples import LONG_EW, LONG_NS, LONG_PLAYER, SAMPLES

LANGUAGES = i18n.LANGUAGES
NAME_LIMIT = 24  # hardware/config.py: names of 1 to 24 characters
NS_NAME = "The Saskatoon Raccoons o"
EW_NAME = "Wolfgang's Wandering Whi"
PLAYERS = ("Annabelle Marchand-Leroy", "Bartholomew Fitzgerald", "Cy", "Dorothea Wojciechowska")
EVENT = "Tuesday Kaiser at the Legion Hall"
NAMES = (
    EVENT,
    NS_NAME,
    EW_NAME,
    LONG_NS,
    LONG_EW,
    LONG_PLAYER,
    *PLAYERS,
    f"{PLAYERS[0]} & {PLAYERS[2]}",
    f"{PLAYERS[1]} & {PLAYERS[3]}",
)
TOTALS = (-99, -10, 0, 45, 51, 199)
RULES = {
    "standard": Rules(),
    "low": Rules(low_allowed=True),
    "low-bid": Rules().replace(low_allowed=True, low_bid="bid"),
    "widow": find_profile("widow"),
    "tournament": find_profile("tournament"),
    "house": Rules(
        max_hands=6,
        losing_total=-30,
        target=40,
        defender_cap_at=30,
        target_after_nt=50,
        cap_follows_target=True,
        three_spades_needs_tricks=2,
    ),
    "kaiser": Rules(kaiser_bid_wins=True, kaiser_bid_alone=True, target=30),
}
#: The keys of a walk, weighted toward play (HOLD-B and the menu now and then).
WALK_KEYS = (
    [Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT] * 6
    + [Key.OK] * 5
    + [Key.A, Key.B] * 2
    + [Key.HOLD_B, Key.HOLD_OK]
)
CARD_CODES = [f"{r}{s}" for r in "AKQJT98765432" for s in "SHDC"] + ["ZZ", "5S"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language the screens are drawn in: each of the table's languages in turn."""
    language = str(request.param)
    assert language in LANGUAGES
    i18n.set_language(language)
    try:
        yield language
    finally:
        i18n.set_language("en")


def walk(
    rules: Rules, seed: int, steps: int = 1200, roster: tuple[str, ...] = ()
) -> Iterator[View]:
    """Every view a table shows under ``rules`` over a seeded walk of keys and cards."""
    rng = random.Random(seed)
    table = Table(
        rules,
        names={Team.NS: NS_NAME, Team.EW: EW_NAME},
        roster=roster,  # with a roster, NEW GAME first seats the players by name
        choose_seat=lambda: Seat.E,
        # a reader hand with the widow can miss a special and crash SUMMARY (reported)
        reader_available=rules.deal is Deal.STANDARD,
    )
    yield table.view()
    for _ in range(steps):
        if table.ui.screen.value == "cards" and rng.random() < 0.7:
            table.read_card(rng.choice(CARD_CODES))
        elif rng.random() < 0.02:
            table.reader_online = not table.reader_online
        else:
            table.press(rng.choice(WALK_KEYS))
        yield table.view()


EXAMPLE = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK"
HAND = [Key.from_name(k) for k in EXAMPLE.split(" ")]


def round_message(number: int, ended: bool) -> dict[str, object]:
    """The director's round message for table 3 (CLUB.md), with long player names."""
    return {
        "round": number,
        "ended": ended,
        "hands_per_round": 2,
        "rules": {"profile": "standard", "options": {"max_hands": 2}},
        "tables": {"3": list(PLAYERS)},
        "sitting_out": [],
    }


def club_walk(seed: int, steps: int = 1200) -> Iterator[View]:
    """Every view of a club table over a walk of keys, round messages and broker changes."""
    rng = random.Random(seed)
    table = Table(Rules(), names={Team.NS: NS_NAME}, choose_seat=lambda: Seat.N)
    table.club = ClubState(EVENT, 3)
    number = 0
    yield table.view()
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.01:
            number += 1
            waiting.receive(table, round_message(number, ended=False))
        elif roll < 0.015:
            waiting.receive(table, round_message(number, ended=True))
        elif roll < 0.02:
            waiting.set_broker(table, rng.random() < 0.5)
        elif table.ui.screen.value == "score" and roll < 0.3:  # TABLE.md's example hand
            for key in HAND:
                table.press(key)
                yield table.view()
        else:
            table.press(rng.choice(WALK_KEYS))
        yield table.view()


def with_totals(view: View) -> Iterator[View]:
    """``view`` and, where it shows totals, the same view at the extreme totals."""
    yield view
    if isinstance(view, (ScoreView, SummaryView)):
        for ns, ew in ((TOTALS[0], TOTALS[-1]), (TOTALS[-1], TOTALS[0]), (199, 199)):
            yield dataclasses.replace(
                view,
                ns=dataclasses.replace(view.ns, total=ns),
                ew=dataclasses.replace(view.ew, total=ew),
            )
    if isinstance(view, GameOverView):
        yield dataclasses.replace(
            view,
            winner=dataclasses.replace(view.winner, total=199),
            loser=dataclasses.replace(view.loser, total=-99),
        )


def reachable() -> dict[str, View]:
    """The distinct views of every walk, by their repr."""
    views: dict[str, View] = {}
    for name, rules in RULES.items():
        for seed in range(2):
            for view in walk(rules, zlib.crc32(name.encode()) + seed):
                for v in with_totals(view):
                    views.setdefault(repr(v), v)
    for view in walk(RULES["standard"], 11, roster=(*PLAYERS, "Ed")):
        views.setdefault(repr(view), view)
    for seed in range(2):
        for view in club_walk(seed):
            views.setdefault(repr(view), view)
    return views


VIEWS = reachable()


def drawn_texts(view: View, language: str) -> list[str]:
    """Every text the painter draws for ``view`` (checking the frame on the way)."""
    assert language == i18n.language()
    texts: list[str] = []
    original = Pen.text

    def recording(self: Pen, x: int, y: int, text: str, font: object, fill: int = 255) -> int:
        texts.append(i18n.localize(text))
        return original(self, x, y, text, font, fill)  # type: ignore[arg-type]

    canvas = Image.new("1", (SIZE[0] + 64, SIZE[1] + 64))
    Pen.text = recording  # type: ignore[method-assign]
    try:
        paint(view, canvas, (32, 32), SIZE)
    finally:
        Pen.text = original  # type: ignore[method-assign]
    box = canvas.getbbox()
    assert box is not None
    assert box[0] >= 32 and box[1] >= 32, f"drawn outside the frame {box}: {view!r}"
    assert box[2] <= 32 + SIZE[0] and box[3] <= 32 + SIZE[1], f"outside {box}: {view!r}"
    return texts


def cut_outside_a_name(text: str) -> bool:
    """True when ``text`` has an ellipsis that is not a shortened name.

    A text may end in a shortened name ("The Saskatoon R…", "E Bartholomew…" is not: draw
    the seat apart), and a list line may shorten a name inside it ("Wolfga… 199: Wolf… won"):
    the words right before each ellipsis, from a word's start, begin a name (3+ characters).
    """
    if "…" not in text:
        return False
    kept = text.rstrip("…").rstrip()
    if text.endswith("…") and any(name.startswith(kept) for name in NAMES if kept):
        return False
    return not all(_after_a_name(text[:i]) for i, c in enumerate(text) if c == "…")


def _after_a_name(before: str) -> bool:
    """True when ``before`` ends in the start of a name, begun at a word's start (or in
    the rest of a name a row above began: the row's first words)."""
    starts = [0] + [i + 1 for i, c in enumerate(before) if c == " "]
    if any(f" {before.rstrip()}" in f" {n}" for n in NAMES if len(before.rstrip()) >= 3):
        return True
    return any(
        len(before) - j >= 3 and any(n.startswith(before[j:].rstrip()) for n in NAMES)
        for j in starts
        if j < len(before)
    )


def test_the_walks_reach_every_screen_of_the_table() -> None:
    kinds = {type(v).__name__ for v in VIEWS.values()}
    wanted = {
        "NewGameView",
        "ScoreView",
        "BidderView",
        "BidView",
        "TricksView",
        "CardsView",
        "AskSpecialView",
        "QuickView",
        "SummaryView",
        "GameOverView",
        "MenuView",
        "ListView",
        "QuestionView",
        "ClubWaitView",
        "ClubRoundView",
        "RoundOverView",
    }
    assert wanted <= kinds, wanted - kinds
    assert any(isinstance(v, NewGameView) and v.picking for v in VIEWS.values())  # names step
    messages = {getattr(v, "message", "") for v in VIEWS.values()} - {""}
    assert len(messages) >= 20, messages


#: The views with the most reachable states: over a quarter of a second each a language.
MANY_STATES = {"CardsView", "ScoreView", "SummaryView", "TricksView"}


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(kind, marks=pytest.mark.slow) if kind in MANY_STATES else kind
        for kind in sorted({type(v).__name__ for v in VIEWS.values()})
    ],
)
def test_no_reachable_view_cuts_a_text_or_leaves_the_frame(kind: str, language: str) -> None:
    views = [v for v in VIEWS.values() if type(v).__name__ == kind]
    cuts = {}
    for view in views:
        for text in drawn_texts(view, language):
            if cut_outside_a_name(text):
                cuts.setdefault(text, view)
    assert not cuts, "\n".join(f"{t!r} in {v!r}" for t, v in cuts.items())


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_no_sample_cuts_a_text_or_leaves_the_frame(name: str, language: str) -> None:
    cut = [t for t in drawn_texts(SAMPLES[name], language) if cut_outside_a_name(t)]
    assert not cut, f"{name}: {cut}"


def test_a_cut_text_is_found() -> None:
    """The check itself: a warning cut short is caught, a shortened name is not."""
    assert cut_outside_a_name("NS at 45: no points on d…")
    assert not cut_outside_a_name("The Saskatoon R…")
    assert not cut_outside_a_name("plain words")
    assert not cut_outside_a_name("-99, Wolfga… 199: Wolf… won")
    assert cut_outside_a_name("Wolfga… 199: points on d…")
    assert cut_outside_a_name("NS at 45: Wolfga… no points on d…")
    long = ScoreView(
        TeamScore(Team.NS, "NS", 0),
        TeamScore(Team.EW, "EW", 0),
        Seat.N,
        Seat.E,
        52,
        1,
        message="W" * 200,
    )
    assert any(cut_outside_a_name(t) for t in drawn_texts(long, "en"))


def test_a_past_game_with_long_names_shortens_its_names_only() -> None:
    """History's games list: a line too long for its rows shortens the names in it."""
    game = Message(
        "history.game",
        date="2026-11-28 20:15",
        ns=NS_NAME,
        ns_total=-99,
        ew=EW_NAME,
        ew_total=199,
        winner=EW_NAME,
    )
    now = Message("history.this_game", ns=NS_NAME, ns_total=-99, ew=EW_NAME, ew_total=199)
    hint = lists.hint("history")
    for message in ("", "no hands in this game"):
        view = ListView(Message("history.games_title"), (now, game, game), 1, message, True, hint)
        texts = drawn_texts(view, "en")
        assert any("…" in t for t in texts) and "199:" in " ".join(texts), texts
        assert not [t for t in texts if cut_outside_a_name(t)], texts


# -- every message the table says on its bar, with its longest values --------------------------
SAID = re.compile(r'say\(\s*Message\(\s*"([a-z_.]+)"')
LONGEST = {
    "seat": Seat.N,
    "dealer": Seat.N,
    "bidder": Seat.N,
    "team": Team.NS,
    "name": NS_NAME,
    "card": "10♥",
    "wanted": "10♥",
    "next": "10♥",
    "suit": "♦",
    "number": 12,
    "trick": 8,
    "tricks": 8,
    "count": 52,
    "cap": 199,
    "total": -199,
    "points": 199,
    "bid": "12NT low",
    "side": "defenders",
    "mode": "card reader",
    "state": "off",
    "what": "contract N 12NT",
    "target": 199,
    "why": "expected round 2, not 3",  # free text from the network (waiting.py cuts it at 60)
    "language": "English",
    "rules": Message("rules.title_house", profile="open-defense", count=12),
    "uid": "04A1B2",  # teach.py says the last 6 hex digits of the tag's UID
    "volume": 100,  # the menu's Volume, percent
}


def said_keys() -> list[str]:
    """The message ids the table's modules ``say`` on the bar."""
    root = Path(__file__).resolve().parents[2] / "kaiser_core" / "table"
    keys: set[str] = set()
    for path in root.glob("*.py"):
        keys.update(SAID.findall(path.read_text(encoding="utf-8")))
    return sorted(k for k in keys if k in TEXTS)


@pytest.mark.parametrize("key", said_keys())
def test_every_message_fits_its_bar_whole(key: str, language: str) -> None:
    fields = re.findall(r"{(\w+)}", TEXTS[key])
    missing = [f for f in fields if f not in LONGEST]
    assert not missing, f"give {missing} a longest value in LONGEST"
    message = Message(key, **{f: LONGEST[f] for f in fields})
    for view in (
        ScoreView(
            TeamScore(Team.NS, "NS", 0),
            TeamScore(Team.EW, "EW", 0),
            Seat.N,
            Seat.E,
            52,
            1,
            message=message,
        ),
    ):
        cut = [t for t in drawn_texts(view, language) if cut_outside_a_name(t)]
        assert not cut, f"{key}: {cut}"
