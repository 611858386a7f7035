"""Reference pictures: compare a rendered image with its PNG, or write it when updating.

``KAISER_UPDATE_SCREENS=1`` writes the pictures that changed; look at them, then commit.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

UPDATE = os.environ.get("KAISER_UPDATE_SCREENS") == "1"


def same(a: Image.Image, b: Image.Image) -> bool:
    """Pixel for pixel equal (same size, same lit pixels)."""
    if a.size != b.size:
        return False
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def check_picture(path: Path, image: Image.Image) -> None:
    """Compare ``image`` with the PNG at ``path``, or write it when updating."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or not same(Image.open(path), image):
            image.save(path)
        return
    assert path.exists(), f"{path.name} is missing: run with KAISER_UPDATE_SCREENS=1 and look"
    with Image.open(path) as stored:
        assert same(stored, image), f"{path.name} differs: look, then KAISER_UPDATE_SCREENS=1"
