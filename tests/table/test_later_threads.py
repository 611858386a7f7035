"""A screen that loads on first use is found by every thread that asks while it loads.

A table's ``Pages`` imports a screen's module when the screen is first asked for
(``kaiser_core.table.screens``). The club bench runs many tables in threads of one
process; two of them asking for the same screen at once must both get its page: the
second waits on Python's lock of the module being imported, then finds its ``PAGES``.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from kaiser_core.table import Page, Pages, Screen

pytestmark = pytest.mark.slow

SLOW_MODULE = """
import time

from kaiser_core.table.desk import Page
from kaiser_core.table.screen import Screen

time.sleep(0.3)  # a slow import: the other thread asks meanwhile
SLOW = Screen("slow-demo")
PAGES = (Page(SLOW, view=lambda desk, state: None),)
"""


def test_two_threads_asking_for_a_loading_screen_both_get_its_page(tmp_path: Path) -> None:
    (tmp_path / "slow_demo_screen.py").write_text(SLOW_MODULE)
    sys.path.insert(0, str(tmp_path))
    screen = Screen("slow-demo")

    def load() -> Sequence[Page[Any]]:
        pages: Sequence[Page[Any]] = importlib.import_module("slow_demo_screen").PAGES
        return pages

    try:
        pages = Pages({screen: load})
        found: list[object] = []
        failed: list[BaseException] = []

        def ask() -> None:
            try:
                found.append(pages[screen].screen)
            except BaseException as err:
                failed.append(err)

        threads = [threading.Thread(target=ask) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert failed == []
        assert found == [screen] * 4
        assert pages.loaded[screen] is pages[screen]  # loaded once, kept
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("slow_demo_screen", None)
