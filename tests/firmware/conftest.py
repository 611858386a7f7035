"""Fixtures for the firmware tests (helpers live in mpy_support.py, a unique name)."""

from mpy_support import story

__all__ = ["story"]
