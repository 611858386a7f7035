"""A table's Pi replaced mid-round by a spare through ``recover`` (issue 26, A2), each step
as the README's club section says it, with real processes: the old table's scorer killed
(-9) with its hands in the WAL, a spare that ran with the same config (its own database),
a real mosquitto and director. The spare goes on with the round's game and its hands count.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_tables import ClubTable, keys_for
from club_venue import EVENT_ID, PIN, PLAYERS, Venue

pytestmark = pytest.mark.slow


def table_row(v: Venue, n: int) -> dict[str, Any]:
    return next((r for r in v.director.get("/api/tables") if r["table"] == n), {})


def killed_after(t: ClubTable, keys: list[str]) -> None:
    """The scorer keys ``keys`` in and dies (SIGKILL) once the last one is stored: a Pi
    that fails mid-round, its last hands still in ``kaiser.db-wal``."""
    t.scripts += 1
    script = t.folder / f"keys-{t.scripts}.txt"
    script.write_text("\n".join(keys) + "\n")
    proc = t.run("--keys", str(script))
    assert proc.stdout is not None
    stored = 0
    for line in proc.stdout:
        stored += line.startswith(b"ok ")
        if stored == len(keys):
            proc.send_signal(signal.SIGKILL)
            break
    proc.wait(10)
    assert stored == len(keys) and proc.returncode == -signal.SIGKILL


def recover(t: ClubTable, old: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        t.cmd("recover", "--db", str(old), "--out", str(out)), capture_output=True, text=True
    )


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.glob("kaiser.db*") if p.is_file()}


@pytest.fixture
def failed(tmp_path: Path) -> Iterator[tuple[Venue, ClubTable, Path]]:
    """Round 1: the old table 1 stores 2 hands (the director has them) and dies; the spare,
    given the same config and password file, has run (its own database, the round on its
    screen); the old card's files copied to ``card`` as the README says."""
    v = Venue(tmp_path, players=PLAYERS[:8], rounds=2, hands=6)
    old = ClubTable(tmp_path / "old", 1, v.broker.port, EVENT_ID, v.logins["table-1"])
    spare = ClubTable(tmp_path / "spare", 1, v.broker.port, EVENT_ID, v.logins["table-1"])
    try:
        old.start_publisher()
        assert v.director.post("/api/rounds/next", PIN)[0] == 200
        old.wait_for_round(1)
        old.play(keys_for(1))
        killed_after(old, keys_for(1, start=None))
        v.director.wait_for(lambda: table_row(v, 1).get("hands") == 2, 20, "2 hands")
        assert old.publisher is not None
        old.publisher.send_signal(signal.SIGKILL)  # the old Pi is gone
        old.publisher.wait(10)
        old.publisher = None
        spare.start_publisher()
        spare.wait_for_round(1)  # the spare shows round 1's seating: its own database
        card = tmp_path / "card"
        card.mkdir()
        for name in ("kaiser.db", "kaiser.db-wal", "kaiser.db-shm"):
            shutil.copy2(old.folder / name, card / name)
        yield v, spare, card
    finally:
        old.close()
        spare.close()
        v.close()


def goes_on(v: Venue, spare: ClubTable, old_journal: str) -> None:
    """The spare shows round 1's game (not "waiting for round 2"); its next hand counts."""
    spare.start_publisher()
    club = spare.wait_for_club(lambda c: c["latest"].get("round") == 1)
    assert club["game_round"] == 1 and club["played"] == [1] and club["over"] is None, club
    game_id = spare.meta("club.round.1")
    assert game_id is not None and spare.meta("current") == game_id  # the round's game shown
    spare.play(keys_for(1, start=None))  # the round's third hand, on the spare
    d = v.director
    d.wait_for(lambda: table_row(v, 1).get("hands") == 3, 20, "the spare's hand counted")
    row = table_row(v, 1)
    assert row["refused"] == 0 and row["journal"] == spare.meta("journal") != old_journal
    assert any(n["kind"] == "replaced" for n in row["notes"]), row
    game = d.get("/api/tables/1/rounds/1")
    assert len(game["hands"]) == 3 and game["totals"] == {"NS": -3, "EW": 33}
    assert spare.meta("club.round.1") == game_id and len(spare.export()["hands"]) == 3


def test_the_readmes_spare_by_recover_step_by_step(failed) -> None:
    v, spare, card = failed
    old_journal = table_row(v, 1)["journal"]
    spare.stop_publisher()  # sudo systemctl stop kaiser-publisher kaiser-scorer
    own = files(spare.folder)
    assert "kaiser.db" in own
    # The README's recover, as written: the spare's own database is in the way (one line,
    # exit 2, nothing touched).
    done = recover(spare, card / "kaiser.db", spare.db)
    assert done.returncode == 2 and "exists already" in done.stderr, done
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert files(spare.folder) == own
    # The spare's own files moved away (the step proposed for the README), then recover.
    aside = spare.folder.parent / "spare-own"
    aside.mkdir()
    for p in spare.folder.glob("kaiser.db*"):
        p.rename(aside / p.name)
    done = recover(spare, card / "kaiser.db", spare.db)
    assert done.returncode == 0, done.stderr
    goes_on(v, spare, old_journal)


def test_recover_refuses_an_out_whose_old_wal_is_still_beside_it(failed) -> None:
    """The spare's scorer stopped while its publisher still read (``systemctl stop
    kaiser-scorer`` alone): its ``kaiser.db-wal`` and ``-shm`` stay. Its ``kaiser.db``
    removed as recover's line names it, recover would put the new file beside that WAL, and
    SQLite would lay the spare's own pages over the recovered ones."""
    v, spare, card = failed
    old_journal = table_row(v, 1)["journal"]
    wal = Path(str(spare.db) + "-wal")
    assert wal.stat().st_size > 32  # frames, not only a header
    spare.stop_publisher()
    spare.db.unlink()
    done = recover(spare, card / "kaiser.db", spare.db)
    assert done.returncode == 2, (done.stdout, (spare.folder / "scorer.log").read_text()[-2000:])
    assert done.stderr.strip().splitlines() == [
        f"kaiser-scorer: {wal} exists already: give --out a new file"
    ]
    assert not spare.db.exists()
    for tail in ("-wal", "-shm"):
        Path(str(spare.db) + tail).unlink()
    assert recover(spare, card / "kaiser.db", spare.db).returncode == 0
    goes_on(v, spare, old_journal)
