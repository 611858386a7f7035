"""The speech engine: Debian's ``espeak-ng``, played by ``aplay`` or written to a folder.

Both are run as processes (``espeak-ng`` from the package of that name, ``aplay`` from
``alsa-utils``): nothing to build or bind, nothing fetched, no network, and a crash or a
hang of either is a process to kill, never the scorer's. Python bindings of espeak-ng
(py-espeak-ng, pyttsx3) load the library into the scorer's own process and the maintained
ones are thin wrappers over this same command line, so there is nothing to gain.

To a speaker: ``espeak-ng --stdout | aplay -D DEVICE``. To a folder: each utterance
``NNNN.wav`` (espeak-ng's own WAV) and then ``NNNN.txt`` beside it with its words, numbered
on from the highest number already there; the ``.txt`` comes last, so a reader that sees
it finds the whole ``.wav``. Every failure is a ``SpeechError`` of one line.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import threading
import wave
from pathlib import Path
from subprocess import DEVNULL
from typing import IO

from kaiser_core.errors import KaiserError

#: espeak-ng's voice for each language the table speaks (Portugal's Portuguese, Spain's
#: Spanish, as the catalogs write them).
VOICES = {"en": "en", "it": "it", "pt": "pt", "fi": "fi", "es": "es", "ru": "ru", "fr": "fr"}
ESPEAK = "espeak-ng"
APLAY = "aplay"
#: The longest an utterance may take to make and play (a hung device is killed then).
TIMEOUT = 30.0
#: Speech runs below the scorer: the key path keeps the CPU on a one-core board.
NICE = 10
NUMBERED = re.compile(r"^(\d{4,})\.wav$")
CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


class SpeechError(KaiserError):
    """Speech could not be made or played: one line saying what and where. Neither bad input
    nor an OSError: the engine tells the storage's refusal (OSError) from no sound (this)."""


class NotInstalled(SpeechError):
    """A program speech needs is not installed (``program``): the table says so in its
    language (``voice.not_installed``), the log in English."""

    def __init__(self, program: str) -> None:
        super().__init__(f"{program} is not installed")
        self.program = program


class Engine:
    """Says a text in a language through espeak-ng, at a rate and volume, to ``output``.

    ``output`` is ``"speaker"`` or ``"i2s"`` (both play on the ALSA ``device``) or a
    folder. ``volume`` (percent) is espeak-ng's amplitude ``-a`` (100 is its normal
    loudness), ``rate`` its words a minute ``-s``.
    """

    def __init__(
        self,
        output: str | Path = "speaker",
        *,
        device: str = "default",
        volume: int = 80,
        rate: int = 150,
        espeak: str = ESPEAK,
        aplay: str = APLAY,
        timeout: float = TIMEOUT,
    ) -> None:
        self.folder = None if output in ("speaker", "i2s") else Path(output)
        self.device = device
        self.volume = volume
        self.rate = rate
        self.espeak = espeak
        self.aplay = aplay
        self.timeout = timeout
        self._next: int | None = None  # the folder's next number, found on first use
        self._running: list[subprocess.Popen[bytes]] = []
        self._lock = threading.Lock()
        self._stopped = False

    @property
    def where(self) -> str:
        """Where the sound goes, for a log line: the folder, or ``aplay -D device``."""
        return str(self.folder) if self.folder is not None else f"{self.aplay} -D {self.device}"

    def argv(self, text: str, language: str) -> list[str]:
        """espeak-ng's command line for ``text``: its WAV to stdout."""
        voice = VOICES.get(language, "en")
        words = CONTROL.sub(" ", text).strip()
        return [self.espeak, "-v", voice, "-s", str(self.rate), "-a", str(self.volume),
                "--stdout", "--", words]  # fmt: skip

    def missing(self) -> str:
        """The program speech needs that is not installed, as ``_start`` would find it
        (aplay only for a speaker); "" when both are there."""
        programs = [self.espeak] if self.folder is not None else [self.espeak, self.aplay]
        return next((program for program in programs if shutil.which(program) is None), "")

    def say(self, text: str, language: str) -> Path | None:
        """Make and play (or write) ``text``; the WAV's path for a folder. Raises SpeechError."""
        if self.folder is not None:
            return self._to_folder(text, language, self.folder)
        self._to_device(text, language)
        return None

    def stop(self) -> None:
        """Kill what is running now (the scorer stops) and run nothing more."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for proc in running:
            with contextlib.suppress(OSError):
                proc.kill()

    # -- the two outputs ------------------------------------------------------------------
    def _to_device(self, text: str, language: str) -> None:
        speak = self._start(self.argv(text, language), stdout=subprocess.PIPE)
        try:
            assert speak.stdout is not None
            play = self._start([self.aplay, "-q", "-D", self.device], stdin=speak.stdout)
        except SpeechError:
            self._end(speak)
            raise
        finally:
            if speak.stdout is not None:
                speak.stdout.close()  # aplay holds the pipe now: espeak-ng sees it close
        try:
            _, played = self._wait(play)
            status, spoken = self._wait(speak)
        finally:
            self._end(play, speak)
        # Who failed first: espeak-ng killed cuts aplay's input short; aplay refused by its
        # device leaves espeak-ng writing to a closed pipe (SIGPIPE).
        if status not in (0, -signal.SIGPIPE):
            raise SpeechError(f"{Path(self.espeak).name}: {_line(spoken, status)}")
        if play.returncode != 0:
            raise SpeechError(f"{self.where}: {_line(played, play.returncode)}")
        if status != 0:
            raise SpeechError(f"{Path(self.espeak).name}: {_line(spoken, status)}")

    def _to_folder(self, text: str, language: str, folder: Path) -> Path:
        number = self._number(folder)
        wav, txt = folder / f"{number:04d}.wav", folder / f"{number:04d}.txt"
        speak = self._start(self.argv(text, language), stdout=subprocess.PIPE)
        try:
            out, spoken = speak.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            name = Path(self.espeak).name
            raise SpeechError(f"{name} took over {self.timeout:g} s: killed") from None
        finally:
            self._end(speak)
        if speak.returncode != 0:
            raise SpeechError(f"{Path(self.espeak).name}: {_line(spoken, speak.returncode)}")
        # Written here, not by espeak-ng's -w: it exits 0 with a WAV cut short on a full
        # disk and with none at all in a read-only folder; Python's write says why.
        parts = [folder / f".{wav.name}.part", folder / f".{txt.name}.part"]
        try:
            _wav(out, parts[0])
            parts[1].write_text(text + "\n", encoding="utf-8")
            os.replace(parts[0], wav)
            os.replace(parts[1], txt)  # last: a reader that sees the .txt finds the .wav
        except OSError as err:
            raise SpeechError(f"{folder}: {err.strerror or err}") from None
        finally:
            for part in parts:
                with contextlib.suppress(OSError):
                    part.unlink()
        self._next = number + 1
        return wav

    def _number(self, folder: Path) -> int:
        if self._next is None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                names = os.listdir(folder)
            except OSError as err:
                raise SpeechError(f"{folder}: {err.strerror or err}") from None
            found = [int(m.group(1)) for name in names if (m := NUMBERED.match(name))]
            self._next = max(found, default=0) + 1
        return self._next

    # -- processes ------------------------------------------------------------------------
    def _start(
        self, argv: list[str], *, stdin: IO[bytes] | int = DEVNULL, stdout: int = DEVNULL
    ) -> subprocess.Popen[bytes]:
        with self._lock:
            if self._stopped:
                raise SpeechError("speech stopped")
            try:  # the words are one argument after "--": no shell, no option
                proc = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
            except FileNotFoundError:
                raise NotInstalled(argv[0]) from None
            except OSError as err:
                raise SpeechError(f"cannot run {argv[0]}: {err.strerror or err}") from None
            self._running.append(proc)
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, proc.pid, NICE)
        return proc

    def _wait(self, proc: subprocess.Popen[bytes]) -> tuple[int, bytes]:
        try:
            _, err = proc.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            name = Path(str(proc.args[0] if isinstance(proc.args, list) else proc.args)).name
            raise SpeechError(f"{name} took over {self.timeout:g} s: killed") from None
        return proc.returncode, err

    def _end(self, *procs: subprocess.Popen[bytes]) -> None:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            with self._lock:
                if proc in self._running:
                    self._running.remove(proc)


def _line(stderr: bytes, status: int) -> str:
    """The last line a program wrote on stderr (its reason), else its exit status."""
    lines = [ln.strip() for ln in stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
    if lines:
        return lines[-1][:200]
    return f"killed by signal {-status}" if status < 0 else f"exit status {status}"


def _wav(stream: bytes, path: Path) -> None:
    """Write espeak-ng's ``--stdout`` WAV (its sizes unknown when it began) to ``path`` with
    its real sizes; raises OSError for the storage's refusal, SpeechError for no sound."""
    try:
        with wave.open(io.BytesIO(stream), "rb") as w:
            params = w.getparams()
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as err:
        raise SpeechError(f"espeak-ng made no WAV: {err}") from None
    if not frames:
        raise SpeechError("espeak-ng made no sound")
    with path.open("wb") as f, wave.open(f, "wb") as out:  # (wave's own open leaks on ENOENT)
        out.setparams(params)
        out.writeframes(frames)
