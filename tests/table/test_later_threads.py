"""A screen that loads on first use is found by every thread that asks while it loads.

The lazy registry (``kaiser_core.table.desk.later``) imports a screen's module when the
screen is first asked for. The club bench runs many tables in threads of one process;
two of them asking for the same screen at once must both get its page: the second waits
on Python's lock of the module being imported, then finds what it registered.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from kaiser_core.table import PAGES, Screen, unregister
from kaiser_core.table.desk import LATER, later

pytestmark = pytest.mark.slow

SLOW_MODULE = """
import time

from kaiser_core.table.desk import Page, register
from kaiser_core.table.screen import Screen

time.sleep(0.3)  # a slow import: the other thread asks meanwhile
SLOW = Screen("slow-demo")
register(Page(SLOW, press=lambda desk, key: None, view=lambda desk: None))
"""


def test_two_threads_asking_for_a_loading_screen_both_get_its_page(tmp_path: Path) -> None:
    (tmp_path / "slow_demo_screen.py").write_text(SLOW_MODULE)
    sys.path.insert(0, str(tmp_path))
    screen = Screen.define("SLOW_DEMO", "slow-demo")
    try:
        later(screen, "slow_demo_screen")
        found: list[object] = []
        failed: list[BaseException] = []

        def ask() -> None:
            try:
                found.append(PAGES[screen].screen)
            except BaseException as err:
                failed.append(err)

        threads = [threading.Thread(target=ask) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert failed == []
        assert found == [screen] * 4
        assert screen not in LATER  # loaded once, registered
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("slow_demo_screen", None)
        unregister(screen)
        Screen.forget(screen)
