"""Contact bounce: a key that chatters counts once, on every mock pin factory.

gpiozero's mock pins ignore ``bounce_time``, so these bursts reach ``Buttons`` exactly as
driven: the debounce under test is the project's own. Edges are placed on a hand-wound
clock (``board.edge(..., at=...)``); settle checks run when the clock reaches them.
"""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.buttons import Buttons

from .board import (
    BOUNCE,
    DIRECTIONS,
    FACTORIES,
    HOLDABLE,
    PINS,
    KeyLog,
    board_maker,
    mock_board,
)

KEYS = DIRECTIONS + HOLDABLE
MS = 0.001


@pytest.fixture(scope="module")
def boards():
    """Boards shared by this module's tests, reset for each use."""
    with board_maker() as get:
        yield get


def wait_until(predicate, timeout: float = 3.0) -> bool:
    """Check ``predicate`` every 5 ms until it holds (False after ``timeout``)."""
    pause = threading.Event()
    for _ in range(int(timeout / 0.005)):
        if predicate():
            return True
        pause.wait(0.005)
    return predicate()


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", KEYS)
def test_a_press_that_chatters_counts_once(boards, factory, name):
    board = boards(factory)
    # The contact makes with nine edges 1-3 ms apart, and stays made.
    board.burst(name, [1 * MS, 2 * MS, 1 * MS, 3 * MS, 1 * MS, 2 * MS, 1 * MS, 2 * MS])
    if name in DIRECTIONS:
        assert board.keys == [name]  # a direction counts on its first edge
    # It breaks with chatter too, 200 ms later.
    board.quiet(0.2)
    board.burst(name, [2 * MS, 1 * MS, 1 * MS, 3 * MS], start_pressed=False)
    board.quiet()
    assert board.keys == [name]


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", KEYS)
def test_a_tap_shorter_than_the_bounce_time_counts_once(boards, factory, name):
    board = boards(factory)
    board.burst(name, [3 * MS, 2 * MS, 4 * MS])  # low, high, low, high within 9 ms
    board.quiet()
    assert board.keys == [name]


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", KEYS)
def test_two_presses_farther_apart_than_the_bounce_time_both_count(boards, factory, name):
    board = boards(factory)
    # Clean edges, each 25 ms after the last: two whole presses.
    start = board.clock.now
    for i, pressed in enumerate([True, False, True, False], 1):
        board.edge(name, pressed, at=start + i * 0.025)
    board.quiet()
    assert board.keys == [name, name]
    # Two quick taps (each released within 5 ms), 30 ms apart.
    board.log.clear()
    start = board.clock.now + 1
    for tap in (0.0, 0.030):
        board.edge(name, True, at=start + tap)
        board.edge(name, False, at=start + tap + 5 * MS)
    board.quiet()
    assert board.keys == [name, name]


@pytest.mark.parametrize("factory", FACTORIES)
def test_a_release_that_never_settles_in_time_still_gives_the_short_press(factory):
    """A settle check that runs late: the next press shows the earlier tap ended."""
    with mock_board(factory) as board:
        board.buttons.schedule = lambda delay, fn: None  # the timer never fires
        board.edge("OK", True)
        board.edge("OK", False, at=board.clock.now + 50 * MS)
        assert board.keys == []  # the release is not settled yet
        board.edge("OK", True, at=board.clock.now + 50 * MS)
        assert board.keys == ["OK"]


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", DIRECTIONS)
def test_a_glitch_while_a_direction_is_held_is_no_new_press(boards, factory, name):
    board = boards(factory)
    board.edge(name, True)
    board.quiet(0.3)
    board.burst(name, [1 * MS], start_pressed=False)  # opens for 1 ms, 300 ms in
    board.quiet()
    board.edge(name, False, at=board.clock.now + 0.3)
    board.quiet()
    assert board.keys == [name]


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", HOLDABLE)
def test_a_hold_that_chatters_gives_the_hold_only(boards, factory, name):
    board = boards(factory, hold_time=0.05)
    board.burst(name, [1 * MS, 2 * MS, 1 * MS, 1 * MS])  # makes with chatter, stays made
    board.quiet(0.1)  # past hold_time: the hold timer (an injected schedule) fires
    assert board.keys == [f"HOLD-{name}"]
    board.quiet(1.0)
    board.burst(name, [1 * MS, 2 * MS], start_pressed=False)  # breaks with chatter
    board.quiet()
    assert board.keys == [f"HOLD-{name}"]


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("name", HOLDABLE)
def test_a_glitch_during_a_hold_gives_no_second_key(boards, factory, name):
    board = boards(factory, hold_time=0.05)
    board.edge(name, True)
    board.quiet(0.1)
    assert board.keys == [f"HOLD-{name}"]
    # The contact opens for 2 ms while held: chatter, not a new press, so no second hold.
    board.burst(name, [2 * MS], start_pressed=False)
    board.quiet(0.2)
    board.edge(name, False, at=board.clock.now + 0.5)
    board.quiet()
    assert board.keys == [f"HOLD-{name}"]


@pytest.mark.parametrize("factory", FACTORIES)
def test_without_a_bounce_time_every_edge_counts(factory):
    """``bounce_time=None`` (scripted play): presses back to back all count, at once."""
    with mock_board(factory, bounce_time=None) as board:
        for _ in range(5):
            board.edge("UP", True)
            board.edge("UP", False)
            board.edge("OK", True)
            board.edge("OK", False)
        assert board.keys == ["UP", "OK"] * 5
        board.quiet(10)  # the hold timers of the OK presses find them released
        assert board.keys == ["UP", "OK"] * 5


def test_the_default_timer_settles_a_tap_by_itself():
    """Real clock and timer threads: a tap of microseconds gives OK once, soon after."""
    log = KeyLog()
    buttons = Buttons(PINS, log, hold_time=5, bounce_time=BOUNCE, pin_factory=MockFactory())
    try:
        pin = buttons.pin("OK")
        for _ in range(4):
            pin.drive_low()
            pin.drive_high()
        assert log.wait_for(lambda keys: keys == ["OK"], timeout=2)
        buttons.pin("LEFT").drive_low()
        assert log.keys == ["OK", "LEFT"]
        buttons.pin("LEFT").drive_high()
    finally:
        buttons.close()


def test_settle_checks_after_close_do_nothing():
    with mock_board() as board:
        board.edge("OK", True)
        board.edge("OK", False, at=board.clock.now + 1 * MS)
        board.buttons.close()
        board.quiet()
        assert board.keys == []


# -- the property: bursts of edges closer than the bounce time ----------------------------
# A burst: edges closer together than the bounce time (gaps in 0.1 ms units, < 20 ms);
# bursts are farther apart than the bounce time. A burst that starts from the released
# level is one press; one that starts pressed (release chatter, a glitch) is none.
BURSTS = st.lists(
    st.tuples(
        st.integers(201, 3000),  # the quiet gap before the burst
        st.lists(st.integers(1, 199), max_size=7),  # gaps inside the burst
    ),
    min_size=1,
    max_size=6,
)


def plan_edges(bursts: list[tuple[int, list[int]]], start: float) -> tuple[list, int]:
    """The bursts as (time, pressed) edges from ``start``, ending released; and the presses
    they must count."""
    edges, level, presses, at = [], False, 0, start
    for quiet, gaps in bursts:
        presses += 0 if level else 1
        at += quiet * 1e-4
        for gap in [0, *gaps]:
            at += gap * 1e-4
            level = not level
            edges.append((at, level))
    if level:
        edges.append((at + 0.1, False))
    return edges, presses


def drive(board, edges: list[tuple[float, str, bool]]) -> None:
    """Drive edges of any pins in time order, then let the board settle."""
    for at, name, pressed in sorted(edges):
        board.edge(name, pressed, at=at)
    board.quiet()


@pytest.mark.parametrize("factory", FACTORIES)
@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(KEYS), bursts=BURSTS)
def test_bursts_count_once_each_and_never_twice(boards, factory, name, bursts):
    board = boards(factory)
    edges, presses = plan_edges(bursts, board.clock.now)
    drive(board, [(at, name, pressed) for at, pressed in edges])
    assert board.keys == [name] * presses
    assert not board.buttons.buttons[name].is_active


@settings(max_examples=30, deadline=None)
@given(
    names=st.lists(st.sampled_from(KEYS), min_size=2, max_size=3, unique=True),
    bursts=st.lists(BURSTS, min_size=3, max_size=3),
)
def test_each_pin_is_debounced_on_its_own(boards, names, bursts):
    """Chatter on one key, at the same time, never swallows or doubles another's presses."""
    board = boards()
    edges, expected = [], {}
    for name, plan in zip(names, bursts, strict=False):
        planned, expected[name] = plan_edges(plan, board.clock.now)
        edges += [(at, name, pressed) for at, pressed in planned]
    drive(board, edges)
    assert {name: board.keys.count(name) for name in names} == expected
    assert len(board.keys) == sum(expected.values())
