"""The voice sink: what a stored change says aloud, handed to the speaker's thread.

A thin adapter over ``hardware.speech``: ``stored(stored)`` makes the utterances of the
stored change from the change and its facts (``hardware.speech.words``: a few ``Message``
values, no translation) and queues them (``Speaker.put``: a lock and a list). Words,
espeak-ng and the sound device are the speaker thread's; nothing here waits or raises.

It needs no table: the facts carry the names, the totals, the hand's score, the language,
and the menu's Voice on/off and Volume; a long press of A's ``SayScore`` request reaches it
as a change like any other. What it tells the table back is whether speech works: given
where to post (``report_to``, which ``runner.serve`` calls with ``Scorer.post`` for a sink
that has it), it posts a ``VoiceStatus`` event when that changes, as a source does; the
menu's Voice item shows it. Wired by one line of ``hardware.boards.SINKS``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection

from hardware.config import Config
from hardware.sinks import Facts, Stored
from hardware.speech.config import VoiceConfig
from hardware.speech.engine import Engine
from hardware.speech.speaker import Speaker
from hardware.speech.words import score, utterances
from kaiser_core.table.events import VoiceStatus
from kaiser_core.table.requests import SayScore

log = logging.getLogger("kaiser-scorer")
#: Seconds the scorer's stop waits for what is still to be said.
DRAIN = 5.0


class VoiceSink:
    """Says contracts, tricks, results, totals, the game's end and cards read."""

    def __init__(self, speaker: Speaker, say: Collection[str]) -> None:
        self.speaker = speaker
        self.say = frozenset(say)
        #: The menu's voice and volume as the last facts had them (None: none seen yet).
        self.heard: tuple[bool, int] | None = None

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

    def report_to(self, post: Callable[[VoiceStatus], object]) -> None:
        """Post a ``VoiceStatus`` whenever speech starts failing or works again (from the
        speaker's thread; ``post`` is ``Scorer.post``), and now if a program is missing."""
        self.speaker.on_status = lambda status: post(VoiceStatus(status))
        self.speaker.check()

    def stored(self, stored: Stored) -> None:
        """Queue what the stored change says (most changes say nothing); never blocks."""
        change, facts = stored.change, stored.facts
        if not self._menu(facts):
            return
        if isinstance(change.request, SayScore):
            for utterance in score(facts):
                self.speaker.put(utterance)
        if change.append:
            for utterance in utterances(change, facts, self.say):
                self.speaker.put(utterance)

    def _menu(self, facts: Facts) -> bool:
        """Follow the menu's Voice and Volume: off drops what waits; turned on, or at a new
        volume, the score is said at once (the player hears the level chosen). True while
        the voice is on."""
        now = (facts.voice, max(0, min(100, facts.volume)))
        before, self.heard = self.heard, now
        self.speaker.engine.volume = now[1]  # from the next utterance on (the thread reads it)
        if not facts.voice:
            if before is None or before[0]:
                self.speaker.clear()
            return False
        if before is not None and before != now:
            for utterance in score(facts):
                self.speaker.put(utterance)
        return True

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
