"""The service's one main loop: events from input sources in, the table, the journal, sinks out.

Data flows one way: source (a gpiozero thread, the reader's thread, the terminal, a timer,
a key script, the club link) -> event queue (typed events: ``kaiser_core.table.events``)
-> table (core: ``Table.handle``) -> journal (SQLite, committed; what it reads back goes
to the table as ``Journaled``) -> sinks (the wake sink, ...) -> view -> pixels (luma). One
thread, the main one, does everything after the queue, so the core needs no locks.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias

from hardware import notify
from hardware.inbox import READER_LIMIT, Inbox, is_noise, is_reader
from hardware.journal import Journal
from hardware.oled import Display
from hardware.resume import commit, resume
from hardware.screenshots import Screenshots
from hardware.sinks import Sink, Stored, facts, scored_entries
from hardware.storage import JournalError, is_full
from kaiser_core.messages import Message
from kaiser_core.table import Change, Key, Table
from kaiser_core.table.events import PERSON, Pressed, TableEvent
from kaiser_core.table.requests import Flip, Request

log = logging.getLogger("kaiser-scorer")

#: What the table says of a key the storage refused, in its language (its English compares).
NOT_SAVED = Message("storage.not_saved")


class Call:
    """Run ``fn`` on the main loop (a source's timer result, a test's probe): never a
    table event, it may only call the table's own methods."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn

    def __repr__(self) -> str:
        return f"Call({self.fn!r})"


class Stop:
    """Ends the main loop (``Scorer.stop``)."""


#: What the queue carries: an event for the table, a call on the main loop, or stop.
Value: TypeAlias = TableEvent | Call | Stop


class Event:
    """The envelope of one value on the scorer's queue, with what its sender waits for.

    A plain class, not a dataclass: one less class to build at start-up (about 1 ms). The
    card reader's inbox may replace ``value`` while the envelope waits (a merged read).
    """

    __slots__ = ("done", "error", "extra", "value")

    def __init__(
        self,
        value: Value,
        done: threading.Event | None = None,
        extra: dict[str, str] | None = None,  # meta values journaled with the key
        error: str = "",  # set by the main loop when the event's change could not be stored
    ) -> None:
        self.value = value
        self.done = done
        self.extra = extra
        self.error = error

    @classmethod
    def key(
        cls, name: str, done: threading.Event | None = None, extra: dict[str, str] | None = None
    ) -> Event:
        """A key by its name (``OK``, ``HOLD-B``); raises KaiserError for another name."""
        return cls(Pressed(Key.from_name(name)), done, extra)

    def __repr__(self) -> str:
        return f"Event({self.value!r})"


class Flag:
    """A flag without locks, safe to set from a signal handler (``threading.Event`` is not)."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        """Raise the flag."""
        self._set = True

    def is_set(self) -> bool:
        """True once :meth:`set` was called."""
        return self._set


#: A trace hook: called with a stage name and ``time.perf_counter()`` (the bench's probe).
Trace = Callable[[str, float], None]
RequestHandler = Callable[[Any], None]


class Scorer:
    """The table, its journal and its display, driven by events from any thread.

    The main loop (:meth:`run`) blocks on the event queue; it wakes only for an event or
    for a timer that is due: the watchdog ping (``tick_interval``), dimming after
    ``dim_after`` idle seconds, bringing back a failing display (``display.retry_every``)
    and the timers of sources (:meth:`every`). Times come from ``clock`` (monotonic
    seconds), injectable for tests. Requests from the table go to the handler registered
    for their type (:meth:`on`); the display handles ``Flip`` (it turns its picture).
    """

    def __init__(
        self,
        table: Table,
        journal: Journal,
        display: Display,
        render: Callable[[Any], Any],
        *,
        screenshots: Path | None = None,
        dim_after: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        reader_limit: int = READER_LIMIT,
    ) -> None:
        self.table = table
        self.journal = journal
        self.display = display
        self.render = render
        self.screenshots = Screenshots(screenshots)
        # SimpleQueue: put() is reentrant, so stop() may be called from a signal handler.
        self.events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self.dim_after = dim_after
        self.clock = clock
        self.last_input = clock()
        self.stopping = Flag()
        self.stop_reason = ""
        display.flipped = table.ui.flipped  # as stored; from here each Flip turns it
        self.handlers: dict[type, RequestHandler] = {Flip: display.flip}
        self.on_request: Callable[[Request], None] = self.dispatch
        self.on_tick: Callable[[], None] = lambda: None  # the watchdog ping
        self.tick_interval: float | None = None
        self.sinks: list[Sink] = []
        self.trace: Trace | None = None
        self.error_line = ""
        #: The screen of a fault that stops all writing (a damaged database), or "".
        self.fault = ""
        #: Keep the loop on the fault screen (a service) instead of ending with the error.
        self.keep_on_fault = False
        self.on_fault: Callable[[str], None] = lambda line: None
        self.keys_stored = 0
        self.changes_stored = 0  # events that wrote to the journal
        self.not_saved = 0  # changes lost to storage errors in the current outage
        self.failures: dict[str, int] = {}  # a sink's or request handler's failures in a row
        #: The card reader's events while they wait: merged, bounded (hardware.inbox).
        self.inbox = Inbox(reader_limit)
        self._timers: list[list[Any]] = []  # [interval, next due, fn]
        self._next_tick: float | None = None
        self._next_retry: float | None = None

    # -- input from any thread ------------------------------------------------------------
    def post(
        self,
        value: Value,
        done: threading.Event | None = None,
        extra: dict[str, str] | None = None,
    ) -> Event | None:
        """Queue ``value`` for the main loop and return its envelope; a card-reader event
        may instead merge into one still waiting, or be dropped past the inbox's room (None)."""
        return self.put(Event(value, done, extra))

    def put(self, event: Event) -> Event | None:
        """Queue ``event`` as :meth:`post` does (a source that keeps the event it queues)."""
        with self.inbox.lock:
            if is_reader(event.value):
                if not self.inbox.admit(event):
                    return None
            else:
                self.inbox.other()
            self.events.put(event)
        return event

    def key(self, name: str) -> None:
        """A key from the buttons or the keyboard, by its name."""
        self.put(Event.key(name))

    def call(self, fn: Callable[[], object], done: threading.Event | None = None) -> None:
        """Run ``fn`` on the main loop, after the events queued before it."""
        self.post(Call(fn), done)

    def stop(self, reason: str = "") -> None:
        """Ask the main loop to end (safe from a signal handler or another thread)."""
        if reason and not self.stop_reason:
            self.stop_reason = reason
        self.stopping.set()
        self.events.put(Event(Stop()))

    # -- requests and timers --------------------------------------------------------------
    def on(self, kind: type, handler: RequestHandler) -> None:
        """Send the table's requests of type ``kind`` (ShutDown, Teach, Flip) to ``handler``."""
        self.handlers[kind] = handler

    def dispatch(self, request: Request) -> None:
        """Hand a request to the handler of its type; one nobody handles is only logged."""
        handler = self.handlers.get(type(request))
        if handler is None:
            log.debug("no handler for %r on this board", request)
        else:
            handler(request)

    def every(self, interval: float, fn: Callable[[], None]) -> None:
        """Call ``fn`` on the main thread every ``interval`` seconds (a source's timer)."""
        self._timers.append([interval, self.clock() + interval, fn])

    # -- the loop -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the current view; push it if it changed; save a screenshot of a new frame."""
        trace = self.trace
        if self.fault:
            from hardware.fault import message_image

            image = message_image(self.fault)
        else:
            view = self.table.view()
            if trace is not None:
                trace("render", time.perf_counter())
            image = self.render(view)
        if trace is not None:
            trace("rendered", time.perf_counter())
        if self.display.show(image):
            self.screenshots.save(image)  # a folder that cannot take it: one log line
        if not self.display.failing:
            self._next_retry = None
        elif self._next_retry is None:
            self._next_retry = self.clock() + self.display.retry_every

    def _store(self, change: Change, extra: dict[str, str] | None, scored: int) -> None:
        trace = self.trace
        if trace is not None:
            trace("store", time.perf_counter())
        commit(self.journal, change, self.table, extra)  # the table takes what it reads back
        if trace is not None:
            trace("stored", time.perf_counter())
        if (change.stored or extra or change.request is not None) and self.sinks:
            stored = Stored(change, facts(self.table, scored))  # values: no sink reads the table
            for sink in self.sinks:
                self._after_commit(type(sink).__name__, sink.stored, stored)
        if change.stored or extra:
            self.changes_stored += 1
        if self.not_saved:
            log.warning("storage works again (%d changes were not saved)", self.not_saved)
            self.not_saved = 0

    def handle(self, event: Event) -> None:
        """One event: into the table, journaled, then drawn.

        The card reader's events are drawn only when no other event waits (the next one's
        frame shows them), and one that only changed the notice line is not committed: a
        reader that floods the scorer costs a frame now and then, never a commit a line.
        """
        value = event.value
        if self.trace is not None:
            self.trace("handle", time.perf_counter())
        reader = is_reader(value)
        if reader:
            value = self.inbox.take(event)
        try:
            if isinstance(value, PERSON):
                self.last_input = self.clock()
                self.display.dim(False)
            change: Change | None = None
            if isinstance(value, Call):
                value.fn()
            elif isinstance(value, Stop) or self.fault:
                pass  # nothing can be stored: the fault screen stays
            else:
                change = self.apply(value, event.extra)
            if change is not None and change.request is not None:
                name = type(change.request).__name__
                self._after_commit(f"{name} request", self.on_request, change.request)
        except JournalError as err:  # a damaged database (an OSError too): nothing more written
            event.error = str(err)
            self._fault(err)
        except (OSError, sqlite3.Error) as err:
            event.error = str(err) or type(err).__name__
            try:
                self._not_stored(err)
            except JournalError as damage:
                self._fault(damage)
        finally:
            if not reader or event.done is not None or self.events.empty():
                self.refresh()
            if event.done is not None:
                event.done.set()

    def apply(self, event: TableEvent, extra: dict[str, str] | None = None) -> Change:
        """Hand ``event`` to the table on this thread and journal what it changed.

        A key's change is stored (with ``extra``, meta values journaled with it); a reader
        event's only when it did more than the notice line; any other event's when it has
        something to store. Raises what the journal raises (the caller says NOT SAVED).
        A source's ``start`` may call it, on the main thread before the loop runs, to hand
        the table what it must know before the first frame (club mode).
        """
        before, scored = self.table.ui, scored_entries(self.table)
        change = self.table.handle(event)
        if isinstance(event, Pressed):
            self._store(change, extra, scored)
            self.keys_stored += 1
        elif is_reader(event):
            if not is_noise(event) and not self._notice_only(change, before):
                self._store(change, None, scored)
        elif change.stored or extra:
            self._store(change, extra, scored)
        return change

    def _after_commit(self, name: str, fn: Callable[[Any], None], arg: Any) -> None:
        """Run an output of a committed change: its failure is its own, never the entry's.

        The entry is stored, so the screen must not say NOT SAVED, and the loop goes on. The
        log gets the first failure in a row, then the 2nd, 4th, 8th ... (a sink that fails
        on every key fills no SD card), and a line when it works again.
        """
        try:
            fn(arg)
        except (Exception, SystemExit) as err:  # a sink's sys.exit() must not end the loop
            failed = self.failures[name] = self.failures.get(name, 0) + 1
            if failed & (failed - 1) == 0:  # 1, 2, 4, 8 ...
                log.error(
                    "the %s failed after a stored change (%d in a row; %s: %s): the entry "
                    "is stored and the game goes on",
                    name,
                    failed,
                    type(err).__name__,
                    err,
                    exc_info=failed == 1,
                )
        else:
            if self.failures.get(name):
                log.warning("the %s works again (%d failures)", name, self.failures.pop(name))

    def _notice_only(self, change: Change, before: Any) -> bool:
        """True when all ``change`` did was the notice line (a card refused, ...): that is
        drawn, not committed; the next key's commit stores the screen without it."""
        if change.append or change.drop or change.new_game is not None or change.abandon:
            return False
        return bool(dataclasses.replace(self.table.ui, message=before.message) == before)

    def damaged(self, reason: str) -> None:
        """Damage found off the key path (the idle check): the journal writes no more."""
        self._fault(self.journal.damaged(reason))

    def _fault(self, err: JournalError) -> None:
        """Show the fault and write no more (a service); elsewhere end the run with it."""
        if not self.keep_on_fault:
            raise err
        if self.fault:
            return
        from hardware.fault import fault_screen

        line = str(err)
        log.error("%s", line)
        notify.status(line)
        self.on_fault(line)  # the journal closed, its lock let go: then the fault is shown
        self.fault = fault_screen(err)

    def _not_stored(self, err: BaseException) -> None:
        """The database cannot be written (full disk, read-only): back to what is stored."""
        if not self.not_saved:
            log.error(
                "could not store the entry (%s: %s): the table goes back to what is stored "
                "and says NOT SAVED until storage works again",
                type(err).__name__,
                err,
            )
        self.not_saved += 1
        self.journal.rollback()
        if is_full(err):
            self.journal.make_room()
        resume(self.journal, self.table)  # a database that cannot even be read ends the run
        self.table.reader_notice(NOT_SAVED)

    def run(self) -> None:
        """Process events until ``stop()``; wakes for due timers only, else blocks."""
        self.refresh()
        if self.tick_interval:
            self._next_tick = self.clock()
        while not self.stopping.is_set():
            self.tick()
            try:
                event = self.events.get(timeout=self.next_wait())
            except queue.Empty:
                continue
            if isinstance(event.value, Stop):
                break
            self.handle(event)

    def next_wait(self) -> float | None:
        """Seconds until the next timer is due (0 if one is), or None: block until an event."""
        now = self.clock()
        due = [timer[1] for timer in self._timers]
        if self.tick_interval and self._next_tick is not None:
            due.append(self._next_tick)
        if self.dim_after and not self.display.dimmed:
            due.append(self.last_input + self.dim_after)
        if self.display.failing and self._next_retry is not None:
            due.append(self._next_retry)
        return max(0.0, min(due) - now) if due else None

    def tick(self) -> None:
        """Run the timers that are due: the watchdog ping, dimming, the display retry."""
        now = self.clock()
        for timer in self._timers:
            if now >= timer[1]:
                timer[1] = now + timer[0]
                timer[2]()
        if self.tick_interval and self._next_tick is not None and now >= self._next_tick:
            self.on_tick()
            self._next_tick = now + self.tick_interval
        if self.dim_after and not self.display.dimmed and now - self.last_input >= self.dim_after:
            self.display.dim(True)
        if self.display.failing and self._next_retry is not None and now >= self._next_retry:
            self._next_retry = None
            self.refresh()  # sets the next retry if the display is still away
        elif self.display.failing and self._next_retry is None:
            self._next_retry = now + self.display.retry_every  # it failed outside a frame


__all__ = ["NOT_SAVED", "READER_LIMIT", "Call", "Event", "Flag", "Scorer", "Sink", "Stop", "Trace"]
