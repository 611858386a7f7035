"""The speaker: one thread that says the utterances the table hands it, in turn.

The key path only calls ``put``: a lock held for a few list operations, never a process,
a translation or a wait. What waits is bounded (``limit``): a newer score (a contract,
a result, the totals, the game's end) replaces an older one of its kind not yet said,
and past the limit the oldest waiting card or trick goes (a card read a minute ago helps
nobody; the scores, one of each kind at most, stay). The thread translates
(``hardware.i18n.localize_in``) and runs the engine.

A missing ``espeak-ng``, a sound device that is not there or fails, a folder that cannot
be written: one log line and a ``status`` (for the menu), the utterance dropped, and the
next one tried after a pause that doubles from ``RETRY`` up to ``RETRY_MOST`` seconds;
a line again when speech works. Never an exception to the caller.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from hardware.speech.engine import Engine, NotInstalled, SpeechError
from hardware.speech.words import REPLACEABLE, Utterance
from kaiser_core.messages import Message

log = logging.getLogger("kaiser-scorer")

#: At most this many utterances wait to be said.
LIMIT = 8
#: Seconds before trying again after a failure (doubling up to ``RETRY_MOST``).
RETRY, RETRY_MOST = 2.0, 60.0


def words_in(utterance: Utterance) -> tuple[str, str]:
    """The utterance's words in its language, and that language (English, with a log
    line, when the language has no catalog here)."""
    code = utterance.language
    if code == "en":
        return str(utterance.words), "en"
    from hardware.i18n import LanguageError, localize_in

    try:
        return localize_in(utterance.words, code), code
    except (LanguageError, OSError) as err:
        if code not in _told:
            _told.add(code)
            log.warning("voice: no words for language %s (%s): speaking English", code, err)
        return str(utterance.words), "en"


_told: set[str] = set()


def _said(err: SpeechError) -> Message | None:
    """The table's words for ``err`` where it has some (a program not installed); a
    program's own line (a sound device's error) is shown as it is."""
    if isinstance(err, NotInstalled):
        return Message("voice.not_installed", program=err.program)
    return None


class Speaker:
    """A bounded queue of utterances and the thread that says them through ``engine``."""

    def __init__(
        self,
        engine: Engine,
        *,
        limit: int = LIMIT,
        retry: float = RETRY,
        retry_most: float = RETRY_MOST,
        words: Callable[[Utterance], tuple[str, str]] = words_in,
    ) -> None:
        self.engine = engine
        self.limit = limit
        self.retry = retry
        self.retry_most = retry_most
        self.words = words
        #: "" while speech works (or before the first utterance), else why it does not.
        self.status = ""
        #: Told each new ``status`` (on the speaker's thread, or in ``check``): the voice
        #: sink posts it to the table for the menu.
        self.on_status: Callable[[str | Message], object] = lambda status: None
        self.spoken = 0
        self.failed = 0  # utterances that could not be said
        self.replaced = 0  # older scores a newer one replaced before they were said
        self.dropped = 0  # utterances pushed out past the limit
        self.most_waiting = 0  # the longest the queue has been
        self.last: Path | None = None  # the folder's last WAV
        self._waiting: deque[Utterance] = deque()
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, utterance: Utterance) -> None:
        """Queue ``utterance`` (the key path: returns at once, never raises)."""
        with self._cond:
            if self._closed:
                return
            waiting = self._waiting
            if utterance.topic in REPLACEABLE:
                older = [u for u in waiting if u.topic == utterance.topic]
                for u in older:
                    waiting.remove(u)
                self.replaced += len(older)
            while len(waiting) >= self.limit:  # a card or a trick goes first, then the oldest
                waiting.remove(next((u for u in waiting if u.topic not in REPLACEABLE), waiting[0]))
                self.dropped += 1
            waiting.append(utterance)
            self.most_waiting = max(self.most_waiting, len(waiting))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
                self._thread.start()
            self._cond.notify()

    def check(self) -> None:
        """Find out now whether a program is missing (the menu shows it before anything is
        said); what else fails (the sound device, the folder) shows with the first words."""
        missing = self.engine.missing()
        reason = NotInstalled(missing) if missing else None
        if reason is not None and str(reason) != self.status:
            log.warning("voice: %s; the game goes on without speech", reason)
            self._tell(str(reason), _said(reason))

    def clear(self) -> None:
        """Drop what waits (what is being said ends on its own)."""
        with self._cond:
            self._waiting.clear()
            self._cond.notify_all()

    @property
    def waiting(self) -> int:
        """Utterances queued and not yet begun."""
        with self._cond:
            return len(self._waiting)

    def idle(self, timeout: float) -> bool:
        """Wait until nothing waits and nothing is being said; False after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._waiting or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self, drain: float = 0.0, timeout: float = 5.0) -> None:
        """Say nothing more: what still waits after ``drain`` seconds (none while speech
        fails) is dropped, what is being said then is killed."""
        with self._cond:
            if drain > 0 and self._thread is not None:
                self._cond.wait_for(
                    lambda: not (self._waiting or self._busy) or bool(self.status), drain
                )
            self._closed = True
            self._waiting.clear()
            self._cond.notify_all()
            thread = self._thread
        self.engine.stop()
        if thread is not None:
            thread.join(timeout)

    # -- the thread -----------------------------------------------------------------------
    def _run(self) -> None:
        pause = self.retry
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()  # idle() may be waiting
                while not self._waiting and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                utterance = self._waiting.popleft()
                self._busy = True
            try:
                text, code = self.words(utterance)
                self.last = self.engine.say(text, code) or self.last
            except SpeechError as err:
                if self._closed:  # killed by close(): not a fault
                    return
                self._failed(str(err), pause, _said(err))
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
                    if self._cond.wait_for(lambda: self._closed, timeout=pause):
                        return
                pause = min(pause * 2, self.retry_most)
                continue
            except Exception as err:  # a bug must not end the thread: the next one is tried
                self._failed(f"{type(err).__name__}: {err}", pause)
                continue
            pause = self.retry
            self.spoken += 1
            if self.status:
                log.warning("voice works again (%s)", self.engine.where)
                self._tell("")

    def _failed(self, reason: str, pause: float, said: Message | None = None) -> None:
        self.failed += 1
        if reason != self.status:  # one line per new reason, not one per utterance
            log.warning(
                "voice: %s; the game goes on without speech, trying again in %g s",
                reason,
                pause,
            )
            self._tell(reason, said)

    def _tell(self, status: str, said: Message | None = None) -> None:
        """A new status: kept (the log's words), and told (``said``, the words in the
        table's language, when there are some; a listener that fails is a log line, never
        the thread's end)."""
        self.status = status
        try:
            self.on_status(status if said is None else said)
        except Exception as err:
            log.warning("voice: telling the table its status failed: %s", err)
