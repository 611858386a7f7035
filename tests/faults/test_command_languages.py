"""The rest of the one-line errors in the player's language, through real ``kaiser-scorer``.

The emulator's (a terminal too small, no terminal, no desktop), ``[club]``'s, a TOML syntax
error's frame (tomllib's own detail stays its English), and the lines of ``export``,
``score``, ``recover`` and ``publish``. The English lines (``str(err)``, a C locale) are what
they were; machine output stays JSON.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config
from hardware.emulator import too_small
from hardware.i18n import localize_in
from hardware.i18n.errors import known, said
from hardware.journal import Journal

from .conftest import REPO, cli, one_line, play
from .test_error_languages import env, expected, run_keys

pytestmark = pytest.mark.slow


# -- the emulator -----------------------------------------------------------------------------
def _read_until(fd: int, marker: bytes, seconds: float = 30) -> bytes:
    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and marker not in out:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_a_terminal_too_small_is_told_in_finnish(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "fi"\n', encoding="utf-8")
    note = localize_in(too_small(80, 24), "fi")
    assert note == (
        "pääte on 80x24; tarvitaan 128x33: suurenna sitä; "
        "näppäimet odottavat, kunnes kuva mahtuu (q lopettaa)"
    )
    command = [sys.executable, "-m", "hardware.cli", "run", "--config", str(config)]
    command += ["--db", str(tmp_path / "k.db")]
    child_env = {k: v for k, v in env().items() if k not in ("COLUMNS", "LINES")}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the scorer on an 80x24 terminal
        os.chdir(REPO)
        os.execvpe(sys.executable, command, child_env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        shown = _read_until(fd, b"(q lopettaa)")
        # wrapped to the terminal's width: all of it shows, over two lines
        assert note.encode() in b" ".join(shown.split()), shown[-400:]
        assert b"this terminal is" not in shown
        os.write(fd, b"q")
        deadline = time.monotonic() + 20
        done, status = 0, 0
        while time.monotonic() < deadline and not done:
            _read_until(fd, b"\0", 0.3)  # keep the terminal drained while it quits
            done, status = os.waitpid(pid, os.WNOHANG)
        assert done == pid and os.waitstatus_to_exitcode(status) == 0
    finally:
        os.close(fd)
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert str(too_small(80, 24)).startswith("this terminal is 80x24; the scorer needs 128x33")


def test_no_terminal_for_the_emulator_is_a_russian_line_under_a_russian_locale(
    tmp_path: Path,
) -> None:
    result = cli("run", "--db", str(tmp_path / "k.db"), env=env("ru_RU.UTF-8"))
    assert result.returncode == 2
    assert one_line(result) == (
        "kaiser-scorer: эмулятору нужен терминал (или используйте --board mock --keys FILE)"
    )
    assert not (tmp_path / "k.db").exists()  # said before the database is opened


def test_no_desktop_for_a_window_is_in_the_configs_language(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "pt"\n', encoding="utf-8")
    bare = {k: v for k, v in env().items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    bare.pop("SDL_VIDEODRIVER", None)
    result = cli(
        *("run", "--display", "window", "--config", str(config), "--db", str(tmp_path / "k.db")),
        env=bare,
    )
    assert result.returncode == 2
    assert one_line(result).startswith(
        "kaiser-scorer: --display window precisa de um ambiente gráfico (DISPLAY e "
    )


# -- the config: [club] and TOML --------------------------------------------------------------
def test_a_club_mistake_is_russian_when_the_config_says_russian(tmp_path: Path) -> None:
    config = 'language = "ru"\n[club]\nbroker = "127.0.0.1"\nevent = "Tuesday Night"\ntable = 1\n'
    result = run_keys(tmp_path, config)
    assert result.returncode == 2
    line = one_line(result)
    assert line == expected(tmp_path / "config.toml", "ru")
    assert line.endswith(
        "config.toml: club.event должно быть id события: a-z, 0-9 и -, от 1 до 40 символов"
    ), line
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path / "config.toml")
    assert str(err.value).endswith(
        "club.event must be the event's id: a-z, 0-9 and -, 1 to 40 characters"
    )


def test_a_club_setting_too_long_counts_in_each_languages_plural(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[club]\nbroker = "h"\nevent = "e"\ntable = 1\nname = "' + "x" * 61 + '"\n')
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: club.name must be a string of 0 to 60 characters"
    assert said(err.value, "ru").endswith("club.name должно быть строкой от 0 до 60 символов")
    assert said(err.value, "it").endswith("club.name deve essere una stringa da 0 a 60 caratteri")
    path.write_text('[club]\nbroker = "h"\nevent = "e"\ntable = 1\nsocket = "run/w.sock"\n')
    with pytest.raises(ConfigError) as bad:
        load_config(path)
    assert said(bad.value, "es").endswith("club.socket debe ser una ruta absoluta")


def test_a_toml_syntax_error_is_framed_in_italian_and_keeps_tomllibs_detail(
    tmp_path: Path,
) -> None:
    result = run_keys(tmp_path, 'language = "it"\n[display\nrotate = 0\n')
    assert result.returncode == 2
    line = one_line(result)
    path = tmp_path / "config.toml"
    assert line == expected(path, "it")
    detail = "Expected ']' at the end of a table declaration"
    assert line == f"kaiser-scorer: {path}: TOML non valido alla riga 2, colonna 9: {detail}"
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: not valid TOML: {detail} (at line 2, column 9)"
    path.write_text('language = "it"\nnames = [1,', encoding="utf-8")
    with pytest.raises(ConfigError) as end:
        load_config(path)
    assert str(end.value) == f"{path}: not valid TOML: Invalid value (at end of document)"
    assert said(end.value, "it") == f"{path}: TOML non valido alla fine del file: Invalid value"


# -- export, score, recover, publish ------------------------------------------------------------
def test_export_of_a_database_without_a_game_is_a_spanish_line(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    Journal(db).close()
    result = cli("export", "--db", str(db), env=env("es_ES.UTF-8"))
    assert result.returncode == 2 and result.out == ""
    assert one_line(result) == "kaiser-scorer: la base de datos aún no tiene ningún juego"
    english = cli("export", "--db", str(db), env=env())
    assert one_line(english) == "kaiser-scorer: the database holds no game yet"


def test_export_of_no_database_or_a_foreign_file_is_in_the_locales_language(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "none.db"
    result = cli("export", "--db", str(missing), env=env("es_ES.UTF-8"))
    assert result.returncode == 2
    assert one_line(result) == f"kaiser-scorer: {missing}: no existe esa base de datos"
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database\n")
    result = cli("export", "--db", str(foreign), env=env("fi_FI.UTF-8"))
    assert one_line(result) == (
        f"kaiser-scorer: {foreign}: ei Kaiser-pistelaskurin tietokanta (ei SQLite-tiedosto); "
        "se jätettiin ennalleen"
    )


def test_export_still_prints_the_game_record_json_in_any_language(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    english = cli("export", "--db", str(db), env=env())
    russian = cli("export", "--db", str(db), env=env("ru_RU.UTF-8"))
    assert english.returncode == russian.returncode == 0
    assert json.loads(russian.out) == json.loads(english.out) and russian.out == english.out


def test_score_of_what_is_not_a_game_record_is_a_portuguese_line(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text("1\n")
    result = cli("score", str(record), env=env("pt_PT.UTF-8"))
    assert result.returncode == 2 and result.out == ""
    assert one_line(result) == (  # its source first, as every score line (issue 27)
        f"kaiser-scorer: {record}: um registo de jogo tem de ser um objeto JSON, não um número"
    )
    # export --all's list: the record that is not one is named, in Portuguese too
    record.write_text("[1, 2]\n")
    result = cli("score", str(record), env=env("pt_PT.UTF-8"))
    assert result.returncode == 2 and result.out == ""
    assert one_line(result) == (
        f"kaiser-scorer: {record}: jogo 1: um registo de jogo tem de ser um objeto JSON, "
        "não um número"
    )
    result = cli("score", str(tmp_path / "missing.json"), env=env("pt_PT.UTF-8"))
    assert (
        one_line(result)
        == f"kaiser-scorer: {tmp_path / 'missing.json'}: ficheiro ou pasta inexistente"
    )
    record.write_text('{"hands": [}\n')
    result = cli("score", str(record), env=env("ru_RU.UTF-8"))
    assert one_line(result) == (  # the parser's detail too (issue 27)
        f"kaiser-scorer: {record}: некорректный JSON в строке 1, столбце 12: ожидалось значение"
    )
    english = cli("score", str(record), env=env())
    assert one_line(english) == (
        f"kaiser-scorer: {record}: invalid JSON at line 1 column 12: Expecting value"
    )


def test_recover_refuses_an_existing_output_in_italian(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    out = tmp_path / "new.db"
    out.write_bytes(b"")
    result = cli("recover", "--db", str(db), "--out", str(out), env=env("it_IT.UTF-8"))
    assert result.returncode == 2
    assert one_line(result) == f"kaiser-scorer: {out} esiste già: indica con --out un file nuovo"
    gone = tmp_path / "gone.db"
    result = cli("recover", "--db", str(gone), env=env("it_IT.UTF-8"))
    assert one_line(result) == f"kaiser-scorer: {gone}: database inesistente e nessun archivio"


def test_publish_says_an_unreadable_password_file_in_the_configs_language(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config.toml"
    secret = tmp_path / "missing-secret"
    config.write_text(
        'language = "fi"\n[club]\nbroker = "127.0.0.1:1"\nevent = "tue-1"\ntable = 3\n'
        f'username = "table-3"\npassword_file = "{secret}"\n',
        encoding="utf-8",
    )
    result = cli("publish", "--config", str(config), "--db", str(tmp_path / "k.db"), env=env())
    assert result.returncode == 2
    assert one_line(result) == (
        f"kaiser-scorer: club.password_file {secret}: tiedostoa tai hakemistoa ei ole"
    )
    config.write_text('language = "es"\n', encoding="utf-8")
    result = cli("publish", "--config", str(config), env=env())
    assert one_line(result) == (
        f"kaiser-scorer: {config}: no hay tabla [club]: este anotador no está en un evento del club"
    )


# -- reading English lines back ------------------------------------------------------------------
def test_an_english_line_of_ours_is_read_back_and_others_stay_as_they_are(tmp_path: Path) -> None:
    damaged = (
        f"{tmp_path}/k.db: the database is damaged (database disk image is malformed); nothing "
        f"more is written to it. Run: kaiser-scorer recover --db {tmp_path}/k.db"
    )
    back = known(damaged)
    assert back == damaged and back.key == "journal_error.damaged"  # type: ignore[attr-defined]
    assert localize_in(back, "es") == (
        f"{tmp_path}/k.db: la base de datos está dañada (database disk image is malformed); "
        f"ya no se escribe nada en ella. Ejecute: kaiser-scorer recover --db {tmp_path}/k.db"
    )
    lock = (
        f"{tmp_path}/k.db: cannot make the lock file k.db-lock (Read-only file system): the "
        "scorer needs writable storage; export still works"
    )
    assert localize_in(known(lock), "ru").startswith(
        f"{tmp_path}/k.db: не удаётся создать файл блокировки k.db-lock (файловая система "
        "только для чтения)"
    )
    for text in ("standard output was closed before the result was written", "x: Weird error"):
        assert known(text) == text and said(text, "fi") == text  # not ours: its English


def test_a_second_scorer_is_told_in_russian_who_holds_the_database(tmp_path: Path) -> None:
    from .test_one_writer import start_scorer

    db = tmp_path / "kaiser.db"
    play(db, 1)
    (tmp_path / "keys.txt").write_text("OK\n")
    first = start_scorer(db)
    try:
        second = cli(
            *("run", "--board", "mock", "--keys", str(tmp_path / "keys.txt"), "--db", str(db)),
            env=env("ru_RU.UTF-8"),
        )
    finally:
        first.send_signal(signal.SIGTERM)
        assert first.wait(20) == 0
    assert second.returncode == 2
    assert one_line(second) == (
        f"kaiser-scorer: {db}: эту базу данных использует другой счётчик (процесс {first.pid}); "
        "сначала остановите его (export пока работает)"
    )


def test_an_english_export_line_reads_no_catalog(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    Journal(db).close()
    code = (
        "import sys; from hardware.cli import main; "
        f"rc = main(['export', '--db', {str(db)!r}]); "
        "from hardware import i18n; "
        "print(rc, i18n._state['catalog'] is None, i18n._catalog_of.cache_info().currsize)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env()
    )
    assert proc.stdout.split() == ["2", "True", "0"], proc.stderr
    assert proc.stderr == "kaiser-scorer: the database holds no game yet\n"


def test_every_score_error_is_one_french_line_with_its_source(tmp_path: Path) -> None:
    """Issue 27: under a French locale ``score -`` printed these in English, or without the
    ``-:`` every other line of it has; the JSON parser's detail stayed English."""
    french = env("fr_FR.UTF-8")
    cases = {
        '{"rules": "nope", "hands": []}': (
            "-: rules: profil de règles inconnu 'nope' (un de standard, open-defense, "
            "tournament, skat, widow, joffre)"
        ),
        '{"first_dealer": "Q", "hands": []}': (
            "-: first_dealer doit être une place (N, E, S ou W), pas le texte 'Q'"
        ),
        '{"hands": [{"bid": 8}]}': "-: donne 1: champ inconnu 'bid'",
        '{"format": "kaiser-game/1"}': (
            "-: hands manque (une liste, vide pour une partie pas encore commencée)"
        ),
        "{": "-: JSON non valide à la ligne 1, colonne 2: nom de clé entre guillemets attendu",
        '{"hands": }': "-: JSON non valide à la ligne 1, colonne 11: valeur attendue",
        '{"hands": [], "hands": []}': "-: hands: clé en double 'hands'",
        "[1]": "-: partie 1: un relevé de partie doit être un objet JSON, pas un nombre",
    }
    for record, line in cases.items():
        result = cli("score", "-", stdin=record.encode(), env=french)
        assert result.returncode == 2 and result.out == "", (record, result.out)
        assert one_line(result) == f"kaiser-scorer: {line}", record
    english = cli("score", "-", stdin=b'{"hands": [{"bid": 8}]}', env=env())
    assert one_line(english) == "kaiser-scorer: -: hand 1: unknown field 'bid'"
    empty = cli("score", "-", stdin=b"[]", env=french)  # export --all of a database with none
    assert empty.returncode == 0 and empty.out == "[]\n" and empty.err == ""
