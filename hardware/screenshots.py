"""``--screenshots DIR``: each new frame as ``frame-NNNN.png``, never at the game's cost.

The pictures are a developer's aid; the keys are what matters. A folder that cannot take
a frame (a regular file in its place, a full disk, no permission) is one log line, then no
more screenshots: the game goes on and every key is stored as before. A frame is encoded
in memory and written in one go, so a full disk leaves no half-written picture behind.
"""

from __future__ import annotations

import contextlib
import io
import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("kaiser-scorer")


class Screenshots:
    """Saves frames in ``folder`` (None: saves nothing) until one cannot be saved."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.saved = 0

    def save(self, image: Any) -> None:
        """Write ``image`` as the next frame; on an OSError log it once and stop saving."""
        folder = self.folder
        if folder is None:
            return
        path = folder / f"frame-{self.saved + 1:04d}.png"
        data = io.BytesIO()
        image.save(data, format="PNG")
        opened = False
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as f:
                opened = True
                f.write(data.getbuffer())
        except OSError as err:
            if opened:
                with contextlib.suppress(OSError):
                    path.unlink()  # what a full disk took of it
            self.folder = None
            why = err.strerror or str(err)
            if isinstance(err, FileExistsError):  # from mkdir: a file has the folder's name
                why = f"{folder} is not a folder"
            log.error("screenshots stopped: cannot save %s (%s); the game goes on", path, why)
            return
        self.saved += 1


__all__ = ["Screenshots"]
