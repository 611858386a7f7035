"""The display at the table: unplugged, failing, coming back, dimming, turned, and thrifty."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from luma.core.error import DeviceNotFoundError
from luma.core.interface.serial import noop
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from hardware import oled
from hardware.config import parse_config
from hardware.oled import BRIGHT, DIM, NOP, Display, luma_factory
from hardware.panel import DRIVERS
from hardware.scorer import Call, Event, Scorer
from hardware.screens import render
from kaiser_core.table.events import ReaderPresent

from .conftest import TABLE_MD_EXAMPLE, Bench, Clock, press, same_image


def warnings_from_the_display(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "hardware.oled" and r.levelno >= logging.WARNING
    ]


def run_while(scorer: Scorer, story: Callable[[], None]) -> None:
    """Run the main loop here (it owns the database) while ``story`` plays in a thread.

    The loop stops when the story ends; the story's failure is raised here.
    """
    failure: list[BaseException] = []

    def play() -> None:
        try:
            story()
        except BaseException as err:
            failure.append(err)
        finally:
            scorer.stop()

    thread = threading.Thread(target=play, name="story", daemon=True)
    thread.start()
    scorer.run()
    thread.join(5)
    assert not thread.is_alive()
    if failure:
        raise failure[0]


def key(scorer: Scorer, name: str) -> Event:
    """A key through the queue, as the buttons send it; returns once it is handled."""
    done = threading.Event()
    event = Event.key(name, done)
    scorer.events.put(event)
    assert done.wait(5), f"{name} was not handled"
    return event


# -- a display that is missing or failing ---------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("permission", [False, True], ids=["not-found", "no-permission"])
def test_a_display_missing_at_start_is_logged_once_the_game_goes_on_and_it_comes_back(
    bench: Bench,
    make_scorer: Any,
    journal: Any,
    caplog: pytest.LogCaptureFixture,
    permission: bool,
) -> None:
    bench.missing, bench.permission = 10**6, permission  # unplugged
    with caplog.at_level(logging.INFO):
        scorer = make_scorer(retry_every=0.05)

        def story() -> None:
            for name in ["UP", "OK", "RIGHT"]:  # N deals; the bid goes to E
                assert key(scorer, name).error == ""
            made = bench.made
            threading.Event().wait(0.3)  # several periodic retries go by
            assert bench.made > made + 2, "the display is retried every retry_every seconds"
            assert bench.frames == []
            bench.missing = 0  # plugged back in: the current screen shows without a key
            assert bench.wait_frames(1)

        run_while(scorer, story)
    assert scorer.keys_stored == 3
    assert len(journal.entries(journal.current_game().id)) == 1  # the deal is stored
    assert same_image(bench.frames[-1], render(scorer.table.view()))
    warnings = warnings_from_the_display(caplog)
    assert len(warnings) == 1, warnings
    expected = "DevicePermissionError" if permission else "DeviceNotFoundError"
    assert "display not available" in warnings[0] and expected in warnings[0]
    assert any(r.getMessage() == "the display is back" for r in caplog.records)


@pytest.mark.slow
def test_a_display_whose_writes_fail_for_a_while_is_logged_once_and_shows_the_screen_again(
    bench: Bench, make_scorer: Any, journal: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        scorer = make_scorer(retry_every=0.05)

        def story() -> None:
            assert bench.wait_frames(1)  # NEW GAME
            bench.broken = True  # I2C writes fail: OSError EREMOTEIO
            for name in TABLE_MD_EXAMPLE[:8]:  # the deal, the contract, a trick
                assert key(scorer, name).error == ""
            threading.Event().wait(0.3)
            assert len(bench.frames) == 1
            assert scorer.display.failing
            bench.broken = False
            assert bench.wait_frames(2)  # without a key

        run_while(scorer, story)
    assert scorer.keys_stored == 8
    assert same_image(bench.frames[-1], render(scorer.table.view()))
    assert len(journal.entries(journal.current_game().id)) == 3  # start, contract, trick
    warnings = warnings_from_the_display(caplog)
    assert len(warnings) == 1 and "display write failed: OSError" in warnings[0], warnings


def test_a_failing_display_is_retried_on_the_next_frame_too(bench: Bench, make_scorer: Any):
    scorer = make_scorer()  # retried every 5 s: the key comes first
    scorer.refresh()
    bench.broken = True
    press(scorer, "UP")
    assert scorer.display.failing and len(bench.frames) == 1
    bench.broken = False
    press(scorer, "OK")
    assert not scorer.display.failing
    assert same_image(bench.frames[-1], render(scorer.table.view()))


def test_a_failing_display_makes_the_loop_wait_not_spin(bench: Bench, make_scorer: Any):
    clock = Clock()
    bench.missing = 10**6
    scorer = make_scorer(dim_after=300, clock=clock, retry_every=5)
    scorer.refresh()
    assert scorer.next_wait() == pytest.approx(5)
    clock.advance(301)
    scorer.tick()  # the retry and dimming are both due
    assert scorer.display.dimmed
    assert scorer.next_wait() == pytest.approx(5)  # the next retry, never 0 again
    bench.missing = 0
    clock.advance(5)
    scorer.tick()
    assert not scorer.display.failing
    assert bench.contrasts == [DIM]  # the display that came back is dimmed too
    assert scorer.next_wait() is None  # nothing left to do: block until a key


# -- the real luma devices ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "driver", "interface", "settings"),
    [
        ("adafruit-bonnet", ssd1306, "i2c", {"port": 1, "address": 0x3C}),
        ("waveshare-hat", sh1106, "spi", {"port": 0, "device": 0, "gpio_DC": 24, "gpio_RST": 25}),
    ],
)
def test_luma_factory_makes_the_boards_panel_with_the_configs_settings(
    monkeypatch: pytest.MonkeyPatch,
    board: str,
    driver: type,
    interface: str,
    settings: dict[str, int],
) -> None:
    import luma.core.interface.serial as serial_module

    made: list[dict[str, Any]] = []
    wire = mock.Mock(unsafe=True)  # the bus, as luma's own tests mock it

    def serial(**kwargs: Any) -> Any:
        made.append(kwargs)
        return wire

    monkeypatch.setattr(serial_module, interface, serial)
    cfg = parse_config({"board": board})
    device = luma_factory(cfg.display)()
    assert isinstance(device, driver) and type(device) is DRIVERS[driver.__name__]
    assert (device.width, device.height, device.mode) == (128, 64, "1")
    assert made == [settings]
    commands = [c.args for c in wire.command.call_args_list]
    if interface == "i2c":
        assert commands[0] == (NOP,), "an I2C panel is probed before the device is made"
        commands = commands[1:]
    assert commands[0][0] == 0xAE  # luma's init: display off first
    display = Display(luma_factory(cfg.display))
    assert display.show(Image.new("1", (128, 64), 1))
    assert wire.data.called  # the frame went down the bus


def test_luma_factory_with_a_noop_serial_and_custom_settings() -> None:
    cfg = parse_config(
        {"board": "custom" and "bonnet", "display": {"driver": "sh1106", "address": 0x3D}}
    )
    seen: list[dict[str, Any]] = []

    def make_serial(display: dict[str, Any]) -> Any:
        seen.append(dict(display))
        return noop()

    device = luma_factory(cfg.display, make_serial)()
    assert isinstance(device, sh1106) and type(device) is DRIVERS["sh1106"]
    assert seen[0]["address"] == 0x3D and seen[0]["interface"] == "i2c"
    device.display(Image.new("1", (128, 64)))


def test_an_i2c_panel_that_does_not_answer_costs_no_device_and_closes_the_bus(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    wire = mock.Mock(unsafe=True)
    wire.command.side_effect = DeviceNotFoundError("I2C device not found on address: 0x3C")
    made = mock.Mock(side_effect=AssertionError("no device is made"))
    monkeypatch.setitem(DRIVERS, "ssd1306", made)
    cfg = parse_config({})
    factory = luma_factory(cfg.display, lambda display: wire)
    with pytest.raises(DeviceNotFoundError):
        factory()
    assert wire.cleanup.call_count == 1
    with caplog.at_level(logging.WARNING, logger="hardware.oled"):
        display = Display(factory, retry_every=5)
        for _ in range(3):
            assert not display.show(Image.new("1", (128, 64), 1))
    assert wire.cleanup.call_count == 5
    assert len(warnings_from_the_display(caplog)) == 1


def test_a_device_dropped_after_a_failure_is_released_without_writing_to_it(bench: Bench):
    display = Display(bench.factory)
    first = display.device
    bench.broken = True
    assert not display.show(Image.new("1", (128, 64), 1))
    assert display.device is None and first.persist  # luma's exit hook will not write to it
    assert bench.hidden == 0


# -- dimming ----------------------------------------------------------------------------------
def test_the_display_dims_after_dim_after_idle_seconds_and_any_key_wakes_it(
    bench: Bench, make_scorer: Any
) -> None:
    clock = Clock()
    scorer = make_scorer(dim_after=300, clock=clock)
    scorer.refresh()
    assert bench.contrasts == [BRIGHT]
    assert scorer.next_wait() == pytest.approx(300)
    clock.advance(299)
    scorer.tick()
    assert not scorer.display.dimmed and scorer.next_wait() == pytest.approx(1)
    clock.advance(1)
    scorer.tick()
    assert scorer.display.dimmed and bench.contrasts == [BRIGHT, DIM]
    assert scorer.next_wait() is None  # dimmed and nothing else due: sleep until a key
    frames = len(bench.frames)
    press(scorer, "UP")  # wakes, and still counts: N deals
    assert bench.contrasts == [BRIGHT, DIM, BRIGHT]
    assert scorer.keys_stored == 1 and len(bench.frames) == frames + 1
    assert scorer.next_wait() == pytest.approx(300)  # idle time counts from the key
    clock.advance(200)
    scorer.handle(Event(ReaderPresent(True)))  # not a person: does not hold off dimming
    clock.advance(100)
    scorer.tick()
    assert scorer.display.dimmed


def test_dimming_through_the_real_loop_with_an_injected_clock(bench: Bench, make_scorer: Any):
    clock = Clock()
    scorer = make_scorer(dim_after=60, clock=clock)

    def story() -> None:
        assert bench.wait_frames(1)
        clock.advance(61)
        done = threading.Event()
        scorer.events.put(Event(Call(lambda: None), done))  # wakes the loop, as time would
        assert done.wait(5)
        for _ in range(100):
            if scorer.display.dimmed:
                break
            threading.Event().wait(0.01)
        assert scorer.display.dimmed and bench.contrasts[-1] == DIM
        key(scorer, "LEFT")
        assert not scorer.display.dimmed and bench.contrasts[-1] == BRIGHT

    run_while(scorer, story)


# -- no wasted work -----------------------------------------------------------------------------
def test_a_frame_is_pushed_only_when_the_picture_changed(bench: Bench, make_scorer: Any):
    scorer = make_scorer()
    scorer.refresh()
    scorer.refresh()
    assert len(bench.frames) == 1
    pushed = []
    script = ["A", "B", "UP", "UP", "A", "LEFT", *TABLE_MD_EXAMPLE[1:], "UP", "B", "LEFT"]
    for name in script:
        before = len(bench.frames)
        picture = render(scorer.table.view())
        press(scorer, name)
        changed = not same_image(picture, render(scorer.table.view()))
        pushed.append(len(bench.frames) - before)
        assert len(bench.frames) - before == (1 if changed else 0), name
    # NEW GAME ignores A and B; SCORE ignores everything but OK (UP, A, LEFT, B): no frame.
    assert pushed[:2] == [0, 0] and pushed[2] == 1 and pushed[3:6] == [0, 0, 0]
    assert pushed[-3:] == [0, 0, 0]
    assert sum(pushed) == len(bench.frames) - 1
    scorer.tick()
    assert len(bench.frames) == 1 + sum(pushed)


@pytest.mark.slow
def test_an_idle_main_loop_blocks_instead_of_polling(bench: Bench, make_scorer: Any):
    calls = []

    def clock() -> float:
        import time

        calls.append(1)
        return time.monotonic()

    scorer = make_scorer(dim_after=300, clock=clock)

    def story() -> None:
        assert bench.wait_frames(1)
        start = len(calls)
        threading.Event().wait(0.5)
        assert len(calls) - start == 0, "the loop woke up with nothing to do"

    run_while(scorer, story)


def test_the_watchdog_is_pinged_at_its_interval_not_per_key(bench: Bench, make_scorer: Any):
    clock = Clock()
    pings: list[float] = []
    scorer = make_scorer(clock=clock)
    scorer.tick_interval = 7.5
    scorer.on_tick = lambda: pings.append(clock.now)

    def story() -> None:
        assert bench.wait_frames(1)
        for name in ["UP", "OK", "RIGHT", "B", "B"]:
            key(scorer, name)
        assert len(pings) == 1  # the first, at the start; keys do not ping
        clock.advance(7.5)
        key(scorer, "OK")  # any wake-up finds the ping due
        for _ in range(100):
            if len(pings) == 2:
                break
            threading.Event().wait(0.01)
        assert pings == [1000.0, 1007.5]

    run_while(scorer, story)


# -- rotation -----------------------------------------------------------------------------------
def flip_from_the_menu(scorer: Scorer) -> None:
    items = [item.value for item in scorer.table.menu_items()]
    down = "UP" if scorer.table.ui.flipped else "DOWN"  # flipped, the joystick turns too
    press(scorer, "HOLD-OK", *[down] * items.index("Flip display"), "OK")


@pytest.mark.parametrize("rotate", [0, 180])
def test_rotate_and_the_menus_flip_turn_the_picture(
    bench: Bench, make_scorer: Any, rotate: int
) -> None:
    scorer = make_scorer(rotate=rotate)
    scorer.refresh()

    def shown_turned() -> bool:
        drawn = render(scorer.table.view())
        if same_image(bench.frames[-1], drawn):
            return False
        assert same_image(bench.frames[-1], drawn.transpose(Image.Transpose.ROTATE_180))
        return True

    assert shown_turned() is (rotate == 180)
    flip_from_the_menu(scorer)
    assert shown_turned() is (rotate == 0)
    press(scorer, "B", "UP")  # back to NEW GAME, N deals: the flip stays
    assert shown_turned() is (rotate == 0)
    flip_from_the_menu(scorer)
    assert shown_turned() is (rotate == 180)


def test_the_flip_is_stored_and_comes_back_after_a_restart(
    bench: Bench, make_scorer: Any, journal: Any
) -> None:
    scorer = make_scorer(rotate=180)
    scorer.refresh()
    flip_from_the_menu(scorer)
    assert scorer.table.ui.flipped
    again = make_scorer(rotate=180)
    again.refresh()
    assert again.table.ui.flipped and again.display.angle == 0
    assert same_image(bench.frames[-1], render(again.table.view()))


def test_the_display_module_names_its_levels() -> None:
    assert (oled.BRIGHT, oled.DIM) == (255, 1)
