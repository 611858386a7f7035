"""The voice sink: what a stored change says aloud, handed to the speaker's thread.

A thin adapter over ``hardware.speech``: ``stored(stored)`` makes the utterances of the
stored change from the table's state (``hardware.speech.words``: a few ``Message`` values, no
translation) and queues them (``Speaker.put``: a lock and a list). Words, espeak-ng and
the sound device are the speaker thread's; nothing here waits or raises.

The sink still reads the table (``hardware.speech.words`` predates ``Stored.facts``, which
now carries the totals, names, game over and the hand's score): ``bind(scorer)`` (called
by ``runner.serve`` for a sink that has it) gives it the scorer's table, and registers
``repeat`` for the table's ``SayScore`` request (a long press of A). Wired by one line of
``hardware.boards.SINKS``.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any

from hardware.config import Config
from hardware.i18n.table import table_language
from hardware.sinks import Stored
from hardware.speech.config import VoiceConfig
from hardware.speech.engine import Engine
from hardware.speech.speaker import Speaker
from hardware.speech.words import score, utterances
from kaiser_core.table.requests import SayScore

log = logging.getLogger("kaiser-scorer")
#: Seconds the scorer's stop waits for what is still to be said.
DRAIN = 5.0


class VoiceSink:
    """Says contracts, tricks, results, totals, the game's end and cards read."""

    def __init__(self, speaker: Speaker, say: Collection[str], table: Any = None) -> None:
        self.speaker = speaker
        self.say = frozenset(say)
        self.table = table
        self.on = True

    @classmethod
    def from_config(cls, voice: VoiceConfig) -> VoiceSink:
        """The sink of a ``[voice]`` table: espeak-ng to its speaker or folder."""
        engine = Engine(
            voice.folder or voice.output,
            device=voice.device,
            volume=voice.volume,
            rate=voice.rate,
        )
        log.info("voice on: %s, saying %s", engine.where, ", ".join(voice.say) or "nothing")
        return cls(Speaker(engine), voice.say)

    def bind(self, scorer: Any) -> None:
        """Read the scorer's table; answer its request to say the score, if it has one."""
        self.table = scorer.table
        scorer.on(SayScore, self.repeat)

    def setting(self, on: bool, volume: int | None = None) -> None:
        """The menu's Voice on/off and volume (percent), from the next utterance on; off
        also drops what waits (the seam for the menu's items, see the report of issue 28)."""
        self.on = on
        if volume is not None:
            self.speaker.engine.volume = max(0, min(100, volume))
        if not on:
            self.speaker.clear()

    def stored(self, stored: Stored) -> None:
        """Queue what the stored change says (most changes say nothing); never blocks."""
        change, table = stored.change, self.table
        if table is None or not change.append or not self.on:
            return
        for utterance in utterances(change, table, self.say, table_language(table)):
            self.speaker.put(utterance)

    def repeat(self, request: object = None) -> None:
        """Say the score now (the totals; the winner once the game is over)."""
        if self.table is not None and self.on:
            for utterance in score(self.table, table_language(self.table)):
                self.speaker.put(utterance)

    @property
    def status(self) -> str:
        """ "" while speech works, else why it does not (for the menu)."""
        return self.speaker.status

    def close(self) -> None:
        """Stop speaking: what waits is said first, for up to ``DRAIN`` seconds (a key
        script's last hand reaches its folder; a stopping service is not held long)."""
        self.speaker.close(drain=DRAIN)


def make(cfg: Config) -> VoiceSink | None:
    """The voice of a ``[voice]`` table that is on."""
    return VoiceSink.from_config(cfg.voice) if cfg.voice is not None and cfg.voice.enabled else None
