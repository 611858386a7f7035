"""The director's work per message is the message's: checked before scored, standings
updated per table-round (equal to a full recompute), only changed games saved, the
standings sent coalesced, a viewer that cannot keep up closed."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from club_games import play

import hardware.director.state as state_module
from hardware.director.events import EventStream, Listener
from hardware.director.service import Service
from hardware.director.state import MAX_PAYLOAD, NEXT, Director
from hardware.director.store import Store
from kaiser_core.club.event import Event, parse_event
from kaiser_core.club.standings import RoundPlay, standings

PLAYERS = [f"P{i:02d}" for i in range(18)]  # 4 tables, 2 sit out


def make_event(rounds: int = 3) -> Event:
    return parse_event(
        {
            "event": {
                "id": "tue-1",
                "name": "Tuesday",
                "format": "individual",
                "rounds": rounds,
                "hands_per_round": 4,
                "players": PLAYERS,
                "pin": "4821",
            }
        }
    )


def topic(table: int, number: int) -> str:
    return f"kaiser/tue-1/table/{table}/round/{number}/game"


def payload(table: int, number: int, record: Any, rev: int, journal: str = "j1") -> bytes:
    body = {"event": "tue-1", "table": table, "round": number, "journal": journal, "rev": rev}
    return json.dumps({**body, "finished": False, "record": record}).encode()


def seats(director: Director, table: int) -> list[str]:
    return list(director.seatings[director.current - 1].tables[table])


def full_recompute(director: Director) -> list[dict[str, Any]]:
    played = [
        RoundPlay(
            seating,
            {t: res for (t, rr), res in director.results.items() if rr == r},
            director.ended[r],
        )
        for r, seating in director.started.items()
    ]
    return standings(director.event.members, director.event.rounds, played)


def test_a_duplicate_or_stale_message_is_dropped_before_its_record_is_scored(monkeypatch) -> None:
    director = Director(make_event())
    director.receive("t", NEXT, b"")
    records = play(random.Random(3), seats(director, 1), 3)
    scored: list[int] = []
    check = state_module.check_record

    def counting(event: Event, envelope: Any, *rest: Any) -> Any:
        scored.append(envelope.rev)
        return check(event, envelope, *rest)

    monkeypatch.setattr(state_module, "check_record", counting)
    assert director.receive("t", topic(1, 1), payload(1, 1, records[1], 2))[0] == "new"
    assert director.receive("t", topic(1, 1), payload(1, 1, records[1], 2))[0] == "duplicate"
    # A stale message is not read at all: not even its broken record is looked at.
    broken = payload(1, 1, {"hands": "not a list"}, 1)
    assert director.receive("t", topic(1, 1), broken)[:2] == ("stale", "")
    assert scored == [2]
    assert director.receive("t", topic(1, 1), payload(1, 1, records[2], 3))[0] == "newer"
    assert scored == [2, 3]


def test_an_oversized_message_is_refused_before_it_is_decoded() -> None:
    director = Director(make_event())
    director.receive("t", NEXT, b"")
    big = b'{"event": "tue-1", "pad": "' + b"x" * MAX_PAYLOAD + b'"}'
    verdict, reason, _ = director.receive("t", topic(1, 1), big)
    assert verdict == "refused" and "larger than" in reason
    assert director.refused[1] == 1


def test_the_directors_standings_equal_a_full_recompute_after_every_message() -> None:
    rng = random.Random(11)
    director = Director(make_event())
    for number in (1, 2, 3):
        director.receive("t", NEXT, b"")
        games = {t: play(rng, seats(director, t), 4) for t in director.seatings[number - 1].tables}
        revs = dict.fromkeys(games, 0)
        for _ in range(12):
            t = rng.choice(list(games))
            if revs[t] >= len(games[t]):
                continue
            revs[t] += 1
            director.receive(
                "t", topic(t, number), payload(t, number, games[t][revs[t] - 1], revs[t])
            )
            assert director.standings()["rows"] == full_recompute(director)
        if not director.ended[number]:
            director.receive("t", state_module.END, b"")
        assert director.standings()["rows"] == full_recompute(director)


class Spy(Store):
    def __init__(self, path: Path) -> None:
        super().__init__(path, "tue-1")
        self.saved: list[tuple[int, int, bool]] = []

    def save_game(
        self, table: int, number: int, record: Any, ended: bool, summary: str | None = None
    ) -> None:
        self.saved.append((table, number, ended))
        super().save_game(table, number, record, ended, summary)


def test_only_the_games_a_change_touched_are_saved(tmp_path: Path) -> None:
    async def night() -> list[list[tuple[int, int, bool]]]:
        store = Spy(tmp_path / "d.sqlite")
        service = Service(Director(make_event()), store)
        service.act(NEXT)
        director = service.director
        rng = random.Random(4)
        one = play(rng, seats(director, 1), 2)
        two = play(rng, seats(director, 2), 2)
        steps = []
        for t, rec, rev in ((1, one[0], 1), (2, two[0], 1), (1, one[1], 2)):
            store.saved.clear()
            service.message(topic(t, 1), payload(t, 1, rec, rev))
            steps.append(list(store.saved))
        store.saved.clear()
        service.message(topic(1, 1), payload(1, 1, one[1], 2))  # a duplicate: nothing
        steps.append(list(store.saved))
        store.saved.clear()
        service.act(state_module.END)  # the round's games are now ended ones
        steps.append(sorted(store.saved))
        return steps

    assert asyncio.run(night()) == [
        [(1, 1, False)],
        [(2, 1, False)],
        [(1, 1, False)],
        [],
        [(1, 1, True), (2, 1, True)],
    ]


@pytest.mark.slow
def test_changes_within_a_flush_go_out_as_one_standings_event_the_latest(tmp_path: Path) -> None:
    async def night() -> tuple[bytes, dict[str, Any]]:
        service = Service(Director(make_event()), Store(tmp_path / "d.sqlite", "tue-1"))
        service.flush_every = 0.3
        service.act(NEXT)
        await asyncio.sleep(0.4)  # the round's start flushed
        listener = service.listen()
        listener.take()  # what a new viewer is primed with
        director = service.director
        rng = random.Random(8)
        for t in director.seatings[0].tables:
            for rev, rec in enumerate(play(rng, seats(director, t), 3), 1):
                service.message(topic(t, 1), payload(t, 1, rec, rev))
        await asyncio.wait_for(listener.ready.wait(), 5)
        return listener.take(), director.standings()

    chunk, latest = asyncio.run(night())
    events = [e for e in chunk.decode().split("\n\n") if e]
    kinds = [e.split("\n")[0] for e in events]
    assert kinds.count("event: standings") == 1  # 12 changes, one standings event
    assert json.loads(events[0].split("\n")[1][6:]) == latest
    assert kinds[1:] == ["event: table"] * 4  # one row per table, its newest


def test_a_viewer_behind_holds_only_the_latest_snapshot() -> None:
    async def run() -> bytes:
        listener = Listener()
        for n in range(50):
            listener.put_standings(f"event: standings\ndata: {n}\n\n".encode())
            listener.put_table(n % 3, f"event: table\ndata: {n}\n\n".encode())
        return await listener.next(1.0)

    chunk = asyncio.run(run())
    assert chunk.count(b"event: standings") == 1 and b"data: 49\n" in chunk
    assert chunk.count(b"event: table") == 3


@pytest.mark.slow
def test_a_viewer_that_does_not_read_is_closed_and_forgotten() -> None:
    """A real server and a real socket whose reader never reads: the stream's sends stop
    being taken, and within the deadline the viewer is closed and forgotten."""
    import uvicorn

    listeners: set[Listener] = set()
    big = b"event: standings\ndata: " + b"x" * (1 << 20) + b"\n\n"

    def listen() -> Listener:
        listener = Listener()
        listeners.add(listener)
        return listener

    app = EventStream(listen, listeners.discard, slow=0.5, heartbeat=0.05)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="critical", http="h11", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        client.connect(("127.0.0.1", port))
        client.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        while not listeners and time.monotonic() < deadline:
            time.sleep(0.01)
        assert listeners, "the stream did not start"
        viewer = next(iter(listeners))
        fed = 0
        while viewer in listeners and time.monotonic() < deadline:
            viewer.put_standings(big)  # the director's newest standings, again and again
            fed += 1
            time.sleep(0.02)
        assert viewer not in listeners, f"still listening after {fed} MB offered"
        client.settimeout(10)
        received = 0
        while chunk := client.recv(1 << 16):  # what was on its way, then the end
            received += len(chunk)
        assert received < fed * len(big)  # it was never sent everything: skipped, closed
    finally:
        client.close()
        server.should_exit = True
        thread.join(10)
