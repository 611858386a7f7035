"""The club publisher: the journal (read-only) to the broker, the director's round back.

Its own process and systemd unit (network allowed, the scorer's database read-only). It
sleeps on its wake socket; the scorer's WakeSink sends one byte after each stored change.
Then it reads the journal and publishes, QoS 1 and retained, each round's game whose
record changed and the table's status. While the broker is away nothing is queued: when
it is back (and at every reconnect) each round's newest record goes out once. The
retained ``round`` topic is handed to the scorer as ``round <JSON>`` on its socket.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import secrets
import socket
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from hardware.club.config import ClubConfig
from hardware.club.link import scorer_socket
from hardware.club.reader import JournalReader, Snapshot

log = logging.getLogger("kaiser-publisher")
#: How long the publisher sleeps without a wake-up before it looks at the journal anyway.
IDLE = 5.0
MAX_ROUND_BYTES = 256 * 1024
#: How many ended rounds the publisher repeats to a scorer that starts.
KEEP_ENDED = 3
#: While the broker cannot be reached: one log line at the first failure, then one a minute.
FAIL_LOG_EVERY = 60.0


@functools.cache
def version() -> str:
    """The installed package's version (read once: the metadata parse costs ms a wake)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("kaiser-scorer")
    except PackageNotFoundError:
        return "unknown"


class Publisher:
    """Publishes table ``club.table``'s rounds from the journal at ``db``."""

    def __init__(self, club: ClubConfig, db: Path) -> None:
        self.club = club
        self.db = db
        self.base = f"kaiser/{club.event}/"
        self.reader = JournalReader(db)
        self.sent: dict[str, bytes] = {}  # topic -> the last payload the broker took
        self.published = 0
        self.connected = threading.Event()
        self.resend = threading.Event()  # a (re)connection: publish everything once
        self.stopping = threading.Event()
        self.wake = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.to_scorer = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.to_scorer.setblocking(False)
        self.to_self = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.to_self.setblocking(False)
        self.last_round = ""  # the director's round, again for a scorer that (re)started
        # The ends of earlier rounds, for a scorer that was off when its round was ended.
        self.ended: dict[int, str] = {}
        self.failed_at: float | None = None  # when a failed connection was last logged
        self.client = self._client()

    def topic(self, tail: str) -> str:
        """A topic of this table."""
        return f"{self.base}table/{self.club.table}/{tail}"

    def _client(self) -> mqtt.Client:
        club = self.club
        # A client id of this process alone: a spare Pi beside the old one (a copied card
        # with the same journal, the same login) would otherwise knock it off the broker
        # every second, and a guessable id lets another login do it. No session is kept:
        # at each connection the retained round comes again and every record is resent.
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"kaiser-{club.event}-table-{club.table}-{secrets.token_hex(6)}"[-64:],
            clean_session=True,
            protocol=mqtt.MQTTv311,
        )
        login = club.login()
        if login is not None:
            client.username_pw_set(*login)
        client.will_set(self.topic("status"), json.dumps({"online": False}), 1, retain=True)
        client.reconnect_delay_set(1, 10)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        client.on_connect_fail = self._on_connect_fail
        return client

    # -- paho's thread ----------------------------------------------------------------------
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, rc: Any, props: Any
    ) -> None:
        if rc.is_failure:
            log.error("broker refused the connection: %s", rc)
            return
        log.info("connected to the broker %s:%d", self.club.host, self.club.port)
        self.failed_at = None
        client.subscribe(self.base + "round", qos=1)
        self.connected.set()
        self.resend.set()
        self.tell("broker 1")
        self.poke()

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        now = time.monotonic()
        if self.failed_at is None or now - self.failed_at >= FAIL_LOG_EVERY:
            self.failed_at = now
            log.warning(
                "cannot reach the broker %s:%d: retrying (the table keeps scoring)",
                self.club.host,
                self.club.port,
            )

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, rc: Any, props: Any
    ) -> None:
        if self.connected.is_set():
            log.warning("lost the broker (%s): the table keeps scoring; catching up later", rc)
        self.connected.clear()
        self.tell("broker 0")

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        if msg.topic != self.base + "round" or len(msg.payload) > MAX_ROUND_BYTES:
            return
        try:  # an exception here would end paho's thread: no round would come again
            payload = json.loads(msg.payload)
            line = "round " + json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            log.warning("a round message that is not JSON (or nested too deeply) was ignored")
            return
        self.last_round = line
        number = payload.get("round") if isinstance(payload, dict) else None
        if isinstance(number, int) and payload.get("ended") is True:
            self.ended[number] = self.last_round
            for old in sorted(self.ended)[:-KEEP_ENDED]:
                del self.ended[old]
        self.tell(self.last_round)

    # -- to the scorer ------------------------------------------------------------------------
    def tell(self, line: str) -> None:
        """One line to the scorer's socket; a scorer not running misses it (no blocking)."""
        try:
            self.to_scorer.sendto(line.encode(), str(scorer_socket(self.db)))
        except OSError as err:
            log.info("the scorer did not take %r (%s)", line.split(" ", 1)[0], err)

    def poke(self) -> None:
        """Wake the main loop (from paho's thread)."""
        with contextlib.suppress(OSError):
            self.to_self.sendto(b"!", self.club.socket)

    # -- the main loop ------------------------------------------------------------------------
    def bind(self) -> None:
        """Listen on the wake socket (a stale one is replaced)."""
        path = Path(self.club.socket)
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        self.wake.bind(str(path))
        self.wake.settimeout(IDLE)

    def run(self) -> None:
        """Connect (in the background, retrying) and publish until :meth:`stop`."""
        self.bind()
        self.client.connect_async(self.club.host, self.club.port, keepalive=15)
        self.client.loop_start()
        try:
            while not self.stopping.is_set():
                self.publish_changes()
                try:
                    self.woken(self.wake.recv(64))
                    while True:  # a burst of wake-ups is one read of the journal
                        self.wake.setblocking(False)
                        self.woken(self.wake.recv(64))
                except (BlockingIOError, TimeoutError):
                    pass
                finally:
                    self.wake.settimeout(IDLE)
        finally:
            self.close()

    def woken(self, data: bytes) -> None:
        """A wake-up; ``hello`` is a scorer that just started: it gets the round again."""
        if data == b"hello":
            self.tell("broker 1" if self.connected.is_set() else "broker 0")
            for number in sorted(self.ended):  # the round its game was for may have ended
                line = self.ended[number]
                if line != self.last_round:
                    self.tell(line)
            if self.last_round:
                self.tell(self.last_round)

    def publish_changes(self) -> None:
        """Read the journal; publish each round whose record changed and the status."""
        if not self.connected.is_set():
            return  # nothing queued while away: on reconnect each round goes out once
        try:
            snap = self.reader.read()
        except Exception as err:  # a replaced or busy file: read again at the next wake
            log.warning("cannot read %s (%s): trying again", self.db, err)
            self.reader.close()
            return
        if snap is None:
            return
        if self.resend.is_set():
            self.resend.clear()
            self.sent.clear()
        for topic, body, same in self.messages(snap):
            if self.sent.get(topic) == same:
                continue
            info = self.client.publish(topic, body, qos=1, retain=True)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                return  # disconnected meanwhile: the reconnect publishes everything
            self.sent[topic] = same
            self.published += 1
            if topic.endswith("/game"):
                log.info("published round %s rev %d", topic.rsplit("/", 2)[-2], snap.rev)

    def messages(self, snap: Snapshot) -> list[tuple[str, bytes, bytes]]:
        """Each round's game message and the status (CLUB.md): topic, payload, and what
        makes it new (the payload without ``rev``: a rev raised by another round's change
        alone sends nothing)."""
        club = self.club
        out: list[tuple[str, bytes, bytes]] = []
        for number in sorted(snap.rounds):
            game = snap.rounds[number]
            body = {
                "event": club.event,
                "table": club.table,
                "round": number,
                "journal": snap.journal,
                "rev": snap.rev,
                "finished": game.finished,
                "record": game.record,
            }
            same = _dump({**body, "rev": None})
            out.append((self.topic(f"round/{number}/game"), _dump(body), same))
        current = snap.current if snap.current in snap.rounds else max(snap.rounds, default=None)
        status: dict[str, Any] = {"online": True, "round": current or 0, "hands": 0}
        if current is not None:
            game = snap.rounds[current]
            status.update(hands=game.hands, totals=game.totals, finished=game.finished)
        else:
            status.update(totals={"NS": 0, "EW": 0}, finished=False)
        status["version"] = version()
        out.append((self.topic("status"), _dump(status), _dump(status)))
        return out

    def stop(self) -> None:
        """Ask the main loop to end (from a signal handler)."""
        self.stopping.set()
        self.poke()

    def close(self) -> None:
        """Say offline (retained), disconnect, close the sockets."""
        if self.connected.is_set():
            info = self.client.publish(self.topic("status"), json.dumps({"online": False}), 1, True)
            with contextlib.suppress(Exception):
                info.wait_for_publish(2)
        self.connected.clear()  # a disconnection asked for: no "lost the broker" line
        self.client.disconnect()
        self.client.loop_stop()
        self.reader.close()
        self.wake.close()
        with contextlib.suppress(OSError):
            os.unlink(self.club.socket)


def _dump(body: dict[str, Any]) -> bytes:
    """A payload's bytes (UTF-8 JSON)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
