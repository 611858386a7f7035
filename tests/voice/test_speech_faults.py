"""Speech that cannot be made or played, for real: espeak-ng not on the PATH, an ALSA
device that is not there, a folder on a full tmpfs or a read-only one, a file where the
folder should be, espeak-ng killed with SIGKILL mid-sentence. Each is one log line and a
status, the scorer's keys go on, and speech comes back once the fault is gone."""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import Event, Scorer
from hardware.screens import render
from hardware.sinks.voice import VoiceSink
from hardware.speech.engine import Engine
from hardware.speech.speaker import Speaker
from hardware.speech.words import DEFAULT_SAY, Utterance
from kaiser_core.cards import Seat
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table import MenuItem, Table
from kaiser_core.views.lists import MenuView
from tests.faults.conftest import small_disk  # noqa: F401 (the fixture)

from .wavs import check_wav

pytestmark = pytest.mark.slow

HAND = [
    "UP",
    "OK",
    "RIGHT",
    "UP",
    "UP",
    "RIGHT",
    "OK",
    "RIGHT",
    "DOWN",
    "RIGHT",
    "A",
    "RIGHT",
    "LEFT",
    "B",
    "UP",
    "RIGHT",
    "LEFT",
    "OK",
]


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() > deadline:
            return False
        pause.wait(0.01)
    return True


def totals(n: int = 34) -> Utterance:
    words = Message(
        "voice.totals", first="North-South", first_total=n, second="East-West", second_total=28
    )
    return Utterance("totals", words, "en")


def voice_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("voice")]


def test_espeak_missing_is_one_line_and_a_status_then_it_speaks_once_installed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, "kaiser-scorer")
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # a Pi without the package: no espeak-ng at all
    speaker = Speaker(Engine(tmp_path / "out"), retry=0.05, retry_most=0.05)
    for n in range(3):
        speaker.put(totals(n))
        assert wait_until(lambda n=n: speaker.failed == n + 1)
    assert speaker.status == "espeak-ng is not installed" and speaker.spoken == 0
    assert voice_lines(caplog) == [
        "voice: espeak-ng is not installed; the game goes on without speech, trying again in 0.05 s"
    ]  # one line for three failures
    (empty / "espeak-ng").symlink_to("/usr/bin/espeak-ng")  # apt-get install espeak-ng
    speaker.put(totals(34))
    assert wait_until(lambda: speaker.spoken == 1)
    assert speaker.status == ""
    assert voice_lines(caplog)[-1] == f"voice works again ({tmp_path / 'out'})"
    check_wav(tmp_path / "out" / "0001.wav")
    assert (tmp_path / "out" / "0001.txt").read_text() == "North-South 34, East-West 28\n"
    speaker.close()


def make_scorer(tmp_path: Path, speaker: Speaker) -> tuple[Scorer, VoiceSink]:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N, voice_available=True)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    sink = VoiceSink(speaker, DEFAULT_SAY)
    sink.report_to(scorer.post)  # as runner.serve does: the status comes back as an event
    scorer.sinks.append(sink)
    return scorer, sink


def posted(scorer: Scorer) -> None:
    """Hand the loop what the speaker's thread posted (the scorer's run would)."""
    while not scorer.events.empty():
        scorer.handle(scorer.events.get_nowait())


def voice_item(scorer: Scorer) -> tuple[str, str]:
    """The menu's Voice item as drawn with the cursor on it, and the notice line."""
    scorer.handle(Event.key("HOLD-OK"))
    for _ in range(scorer.table.menu_items().index(MenuItem.VOICE)):
        scorer.handle(Event.key("DOWN"))
    view = scorer.table.view()
    assert isinstance(view, MenuView)
    scorer.handle(Event.key("HOLD-OK"))  # closed again
    return str(view.items[view.index]), str(view.message)


def test_espeak_missing_shows_on_the_menu_before_anything_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # a Pi without the packages
    scorer, sink = make_scorer(tmp_path, Speaker(Engine("speaker"), retry=0.05))
    posted(scorer)
    assert sink.status == "espeak-ng is not installed"
    assert voice_item(scorer) == ("Voice: no sound", "no sound: espeak-ng is not installed")
    assert sink.speaker.failed == 0  # nothing was to be said yet
    sink.close()
    scorer.journal.close()


def test_espeak_missing_is_said_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every word in their language: the program's name stays, the sentence is French."""
    from hardware.i18n import localize_in

    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    scorer, sink = make_scorer(tmp_path, Speaker(Engine("speaker"), retry=0.05))
    posted(scorer)
    scorer.handle(Event.key("HOLD-OK"))
    for _ in range(scorer.table.menu_items().index(MenuItem.VOICE)):
        scorer.handle(Event.key("DOWN"))
    view = scorer.table.view()
    assert isinstance(view, MenuView) and view.message is not None
    assert localize_in(view.message, "fr") == "pas de son: espeak-ng n'est pas installé"
    assert localize_in(view.items[view.index], "fr") == "Voix: pas de son"
    assert sink.status == "espeak-ng is not installed"  # the log's words stay English
    sink.close()
    scorer.journal.close()


def test_a_sound_device_that_is_not_there_leaves_the_game_going(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "kaiser-scorer")
    engine = Engine("speaker", device="hw:CARD=NoSuchCard", volume=0)
    scorer, sink = make_scorer(tmp_path, Speaker(engine, retry=0.05, retry_most=0.05))
    for key in HAND:
        scorer.handle(Event.key(key))
    assert scorer.keys_stored == len(HAND) and scorer.table.game is not None
    assert scorer.failures == {}  # the sink never failed: speech failing is the speaker's
    assert wait_until(lambda: sink.speaker.failed >= 1 and sink.speaker.idle(0))
    assert sink.status.startswith("aplay -D hw:CARD=NoSuchCard: ")
    assert "audio open error" in sink.status or "No such" in sink.status, sink.status
    lines = voice_lines(caplog)
    assert len(lines) == 1 and "the game goes on without speech" in lines[0]
    posted(scorer)  # the speaker's thread told the table: the menu says why
    assert voice_item(scorer) == ("Voice: no sound", f"no sound: {sink.status}")
    # the USB speaker plugged in: ALSA's null device plays (and discards) it for real
    engine.device = "null"
    scorer.handle(Event.key("HOLD-A"))
    assert wait_until(lambda: sink.speaker.spoken >= 1 and sink.status == "")
    assert voice_lines(caplog)[-1] == "voice works again (aplay -D null)"
    posted(scorer)
    assert voice_item(scorer) == ("Voice: on", "")
    sink.close()
    scorer.journal.close()


def test_a_full_folder_then_space_given_back(tmp_path: Path, small_disk, caplog) -> None:  # noqa: F811
    caplog.set_level(logging.INFO, "kaiser-scorer")
    disk = small_disk(64)
    filler = disk.path / "filler"
    filler.write_bytes(b"\0" * (disk.free() - 8192))  # 8 KiB left: a sentence needs ~100
    speaker = Speaker(Engine(disk.path), retry=0.05, retry_most=0.05)
    speaker.put(totals())
    assert wait_until(lambda: speaker.failed == 1)
    assert speaker.status == f"{disk.path}: No space left on device"
    assert sorted(p.name for p in disk.path.iterdir()) == ["filler"]  # no broken WAV left
    disk.resize(1024)
    speaker.put(totals())
    assert wait_until(lambda: speaker.spoken == 1)
    check_wav(disk.path / "0001.wav")
    assert speaker.status == ""
    speaker.close()


def test_a_read_only_folder_then_writable_again(tmp_path: Path, small_disk) -> None:  # noqa: F811
    disk = small_disk(1024)
    disk._mount("-o", "remount,ro", str(disk.path))
    speaker = Speaker(Engine(disk.path), retry=0.05, retry_most=0.05)
    speaker.put(totals())
    assert wait_until(lambda: speaker.failed == 1)
    assert speaker.status == f"{disk.path}: Read-only file system"
    disk._mount("-o", "remount,rw", str(disk.path))
    speaker.put(totals())
    assert wait_until(lambda: speaker.spoken == 1)
    check_wav(disk.path / "0001.wav")
    speaker.close()


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    where = tmp_path / "voice"
    where.write_text("not a folder")
    speaker = Speaker(Engine(where), retry=0.05, retry_most=0.05)
    speaker.put(totals())
    assert wait_until(lambda: speaker.failed == 1)
    assert speaker.status in (f"{where}: File exists", f"{where}: Not a directory")
    where.unlink()
    speaker.put(totals())
    assert wait_until(lambda: speaker.spoken == 1)  # the folder is made when it is missing
    check_wav(where / "0001.wav")
    speaker.close()


def children(name: str) -> list[int]:
    """The pids of this process's children running ``name``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        comm, rest = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :]
        if comm == name and int(rest.split()[1]) == os.getpid():
            found.append(int(entry))
    return found


def test_espeak_killed_mid_sentence_then_the_next_one_is_said(tmp_path: Path) -> None:
    engine = Engine("speaker", device="null", rate=80)
    speaker = Speaker(engine, retry=0.05, retry_most=0.05)
    long = Message(
        "voice.totals", first="North-South " * 30, first_total=1, second="x", second_total=2
    )
    speaker.put(Utterance("totals", long, "en"))
    assert wait_until(lambda: bool(children("espeak-ng")))
    os.kill(children("espeak-ng")[0], signal.SIGKILL)
    assert wait_until(lambda: speaker.failed == 1)
    assert speaker.status == "espeak-ng: killed by signal 9"
    speaker.put(totals())
    assert wait_until(lambda: speaker.spoken == 1 and speaker.status == "")
    speaker.close()


def test_a_hung_espeak_is_killed_after_the_timeout(tmp_path: Path) -> None:
    """A simulation besides the real faults above: an "espeak-ng" that never ends."""
    hang = tmp_path / "espeak-ng"
    hang.write_text("#!/bin/sh\nexec sleep 60\n")
    hang.chmod(0o755)
    speaker = Speaker(Engine(tmp_path / "out", espeak=str(hang), timeout=0.3), retry=0.05)
    speaker.put(totals())
    assert wait_until(lambda: speaker.failed == 1)
    assert speaker.status == "espeak-ng took over 0.3 s: killed"
    assert children("sleep") == []
    speaker.close()
