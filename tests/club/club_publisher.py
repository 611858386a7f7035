"""A test-only table publisher: CLUB.md's ``game`` and ``status`` messages, with paho.

The real publisher (the table side, a later issue) reads the table's journal; this one is
handed the records to publish.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion


class TablePublisher:
    """Table ``table``'s publisher: QoS 1, retained, with the last will of CLUB.md."""

    def __init__(
        self,
        port: int,
        event_id: str,
        table: int,
        login: tuple[str, str] | None = None,
        journal: str = "journal-a",
    ) -> None:
        self.event_id = event_id
        self.table = table
        self.journal = journal
        self.rev = 0
        self.connected = threading.Event()
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"test-table-{table}-{id(self)}",
            clean_session=False,
            protocol=mqtt.MQTTv311,
        )
        if login:
            self.client.username_pw_set(*login)
        self.client.will_set(self.topic("status"), json.dumps({"online": False}), 1, retain=True)
        self.client.reconnect_delay_set(0.2, 1)
        self.client.on_connect = lambda c, u, f, rc, p: self.connected.set()
        self.client.on_disconnect = lambda c, u, f, rc, p: self.connected.clear()
        self.client.connect_async("127.0.0.1", port, keepalive=5)
        self.client.loop_start()
        if not self.connected.wait(10):
            raise RuntimeError(f"table {table}: no connection to the broker")

    def topic(self, tail: str) -> str:
        return f"kaiser/{self.event_id}/table/{self.table}/{tail}"

    def game(
        self,
        round_no: int,
        record: dict[str, Any],
        finished: bool = False,
        rev: int | None = None,
        journal: str | None = None,
        table: int | None = None,
        topic_table: int | None = None,
    ) -> dict[str, Any]:
        """Publish a game message (rev raised unless given) and wait for its PUBACK."""
        if rev is None:
            self.rev += 1
            rev = self.rev
        payload = {
            "event": self.event_id,
            "table": self.table if table is None else table,
            "round": round_no,
            "journal": journal or self.journal,
            "rev": rev,
            "finished": finished,
            "record": record,
        }
        number = self.table if topic_table is None else topic_table
        topic = f"kaiser/{self.event_id}/table/{number}/round/{round_no}/game"
        self.raw(topic, json.dumps(payload, ensure_ascii=False).encode())
        return payload

    def status(self, round_no: int, hands: int, totals: dict[str, int], finished: bool) -> None:
        """Publish the table's status."""
        body = {
            "online": True,
            "round": round_no,
            "hands": hands,
            "totals": totals,
            "finished": finished,
            "version": "test",
        }
        self.raw(self.topic("status"), json.dumps(body).encode())

    def raw(self, topic: str, payload: bytes) -> None:
        """Publish any bytes, retained, QoS 1; waits for the broker's acknowledgement."""
        info = self.client.publish(topic, payload, qos=1, retain=True)
        if info.rc == mqtt.MQTT_ERR_SUCCESS:  # else queued by paho until it reconnects
            info.wait_for_publish(10)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
