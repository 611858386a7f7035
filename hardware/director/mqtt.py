"""The director's MQTT side (paho-mqtt 2): one persistent session, QoS 1, the retained round.

At each connection it first reads the retained round (its own subscription, answered
before the tables'), and only then says so (``checked``): the service decides whether to
publish its own round over what the broker holds (a director on a new database must not
publish round 0 over the event's round 3). Every change of the connection is handed to
``on_state`` for the page: connected, refused (a wrong login), lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

from hardware.director.eventfile import Broker
from hardware.director.state import MAX_PAYLOAD
from kaiser_core.club.messages import round_topic

log = logging.getLogger(__name__)
#: The largest packet the director takes: a game message at its cap, with topic and header.
MAX_PACKET = MAX_PAYLOAD + 1024
#: MQTT 5's Session Expiry Interval that means "never".
NEVER = 0xFFFFFFFF
#: Seconds between two log lines of a broker that cannot be reached.
FAIL_LOG_EVERY = 60.0


def _nothing(*args: Any) -> None:
    return None


class Link:
    """The broker connection: subscribes to the tables, hands messages to the event loop."""

    def __init__(
        self,
        broker: Broker,
        event_id: str,
        loop: asyncio.AbstractEventLoop,
        client_id: str,
    ) -> None:
        self.broker = broker
        self.event_id = event_id
        self.loop = loop
        self.handler: Callable[[str, bytes], None] = _nothing
        self.round_heard: Callable[[bytes], None] = _nothing
        self.checked: Callable[[], None] = _nothing
        self.on_state: Callable[[str, str], None] = _nothing
        self._round_mid: int | None = -1
        self._tables_mid: int | None = -1
        self.refused = False
        self._last_state = ("", "")
        # MQTT 5 with clean_start=False, a session that never expires and a client id
        # of the director's own (``client_id``, a secret kept in its database: a table's
        # login that took the id would knock the director off the broker and inherit
        # its session). Its Maximum Packet Size makes the broker drop, unsent, any
        # message larger than the director reads (a retained 100 MB one came back at
        # every start and took it past its unit's MemoryMax).
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5
        )
        self.properties = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        self.properties.SessionExpiryInterval = NEVER
        self.properties.MaximumPacketSize = MAX_PACKET
        if broker.username:
            self.client.username_pw_set(broker.username, broker.password)
        self.client.reconnect_delay_set(1, 8)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_subscribe = self._on_subscribe
        self.client.on_connect_fail = self._on_connect_fail
        self.failed_at: float | None = None  # when a failed connection was last logged

    def start(self) -> None:
        """Connect in the background (retrying for ever) and run paho's thread."""
        self.client.connect_async(
            self.broker.host,
            self.broker.port,
            keepalive=30,
            clean_start=False,
            properties=self.properties,
        )
        self.client.loop_start()

    def stop(self) -> None:
        """Disconnect and stop paho's thread."""
        self.client.disconnect()
        self.client.loop_stop()

    def publish_round(self, body: bytes) -> None:
        """Publish the round, retained, QoS 1 (queued by paho while disconnected)."""
        self.client.publish(round_topic(self.event_id), body, qos=1, retain=True)

    # -- paho's thread ----------------------------------------------------------------
    def _state(self, state: str, detail: str) -> None:
        if (state, detail) == self._last_state:  # "since" stays the first time
            return
        self._last_state = (state, detail)
        self.loop.call_soon_threadsafe(self.on_state, state, detail)

    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        where = f"{self.broker.host}:{self.broker.port}"
        if reason.is_failure:
            log.warning("broker %s refused the login: %s", where, reason)
            self.refused = True
            self._state("refused", str(reason))
            return
        self.refused = False
        log.info("connected to the broker %s", where)
        self.failed_at = None
        self._state("connected", "")
        # The round first, not our own publications (no local): what the broker holds.
        own = SubscribeOptions(qos=1, noLocal=True)
        self._round_mid = client.subscribe(round_topic(self.event_id), options=own)[1]

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        now = time.monotonic()
        if self.failed_at is None or now - self.failed_at >= FAIL_LOG_EVERY:
            self.failed_at = now
            where = f"{self.broker.host}:{self.broker.port}"
            log.warning("cannot reach the broker %s: retrying", where)
        self._state("lost", "cannot reach it")

    def _on_subscribe(
        self, client: mqtt.Client, userdata: Any, mid: int, codes: Any, props: Any
    ) -> None:
        # The broker sends a subscription's retained messages right after its SUBACK: once
        # the tables' SUBACK is here, the retained round (if any) has come.
        if mid == self._round_mid:
            prefix = f"kaiser/{self.event_id}/table/"
            topics = [(prefix + "+/round/+/game", 1), (prefix + "+/status", 1)]
            self._tables_mid = client.subscribe(topics)[1]
        elif mid == self._tables_mid:
            self.loop.call_soon_threadsafe(self.checked)

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        if self.refused:  # the refusal is what the page must say, not its disconnection
            return
        where = f"{self.broker.host}:{self.broker.port}"
        log.warning("lost the broker %s (%s); retrying", where, reason)
        self._state("lost", str(reason))

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        payload = bytes(message.payload)
        if message.topic == round_topic(self.event_id):
            self.loop.call_soon_threadsafe(self.round_heard, payload)
        else:
            self.loop.call_soon_threadsafe(self.handler, message.topic, payload)
