"""A venue (a real mosquitto with the project's config, logins and ACL, and a
real director process) and table publishers logged in as their tables."""

from __future__ import annotations

from pathlib import Path

from club_helpers import Broker, Director, make_logins
from club_publisher import TablePublisher

EVENT_ID = "tuesday-test"
PIN = "4821"
PLAYERS = [
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Eve",
    "Ida",
    "Jo",
    "Kai",
    "Lou",
    "Mo",
    "Ned",
    "Oda",
    "Zoë <b>",
]


def event_toml(players: list[str], rounds: int = 3, hands: int = 4, extra: str = "") -> str:
    names = ", ".join(f'"{p}"' for p in players)
    return (
        f'[event]\nid = "{EVENT_ID}"\nname = "Tuesday <Kaiser>"\nformat = "individual"\n'
        f'rounds = {rounds}\nhands_per_round = {hands}\nrules = "standard"\n'
        f'players = [{names}]\npin = "{PIN}"\n{extra}'
    )


class Venue:
    """One broker, one director, and the table logins."""

    def __init__(
        self,
        folder: Path,
        players: list[str] = PLAYERS,
        rounds: int = 3,
        hands: int = 4,
        limits: bool = True,
        start: bool = True,
    ) -> None:
        self.folder = folder
        self.players = players
        self.logins = make_logins(EVENT_ID, 8, folder / "logins")
        self.broker = Broker(folder / "broker", folder / "logins", limits=limits)
        self.broker.folder.mkdir(exist_ok=True)
        self.broker.start()
        self.event = folder / "event.toml"
        broker_table = (
            f'\n[broker]\nusername = "director"\npassword = "{self.logins["director"]}"\n'
        )
        self.event.write_text(
            event_toml(players, rounds, hands, extra=broker_table), encoding="utf-8"
        )
        self.director = Director(folder, self.event, self.broker.port, {})
        if start:
            self.director.start()
        self.tables: dict[int, TablePublisher] = {}

    def table(self, n: int, journal: str = "journal-a") -> TablePublisher:
        if n not in self.tables:
            login = (f"table-{n}", self.logins[f"table-{n}"])
            self.tables[n] = TablePublisher(self.broker.port, EVENT_ID, n, login, journal)
        return self.tables[n]

    def close(self) -> None:
        for t in self.tables.values():
            t.close()
        self.director.stop()
        self.broker.stop()
