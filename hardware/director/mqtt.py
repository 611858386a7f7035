"""The director's MQTT side (paho-mqtt 2): one persistent session, QoS 1, the retained round."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from hardware.director.eventfile import Broker
from hardware.director.state import MAX_PAYLOAD
from kaiser_core.club.messages import round_topic

log = logging.getLogger(__name__)
#: The largest packet the director takes: a game message at its cap, with topic and header.
MAX_PACKET = MAX_PAYLOAD + 1024
#: MQTT 5's Session Expiry Interval that means "never".
NEVER = 0xFFFFFFFF


class Link:
    """The broker connection: subscribes to the tables, hands messages to the event loop."""

    def __init__(self, broker: Broker, event_id: str, loop: asyncio.AbstractEventLoop) -> None:
        self.broker = broker
        self.event_id = event_id
        self.loop = loop
        self.handler: Any = None
        self.current_round: dict[str, Any] | None = None
        # MQTT 5 with clean_start=False, a session that never expires and a fixed client
        # id: the broker keeps the subscriptions and queues QoS 1 messages while the
        # director is away. Its Maximum Packet Size makes the broker drop, unsent, any
        # message larger than the director reads (a retained 100 MB one came back at every
        # start and took it past its unit's MemoryMax).
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"kaiser-director-{event_id}",
            protocol=mqtt.MQTTv5,
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

    def publish_round(self, payload: dict[str, Any]) -> None:
        """Publish the round, retained, QoS 1 (queued by paho while disconnected)."""
        self.current_round = payload
        body = json.dumps(payload, ensure_ascii=False)
        self.client.publish(round_topic(self.event_id), body, qos=1, retain=True)

    # -- paho's thread ----------------------------------------------------------------
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        if reason.is_failure:
            log.warning(
                "broker %s:%d refused the login: %s", self.broker.host, self.broker.port, reason
            )
            return
        log.info("connected to the broker %s:%d", self.broker.host, self.broker.port)
        prefix = f"kaiser/{self.event_id}/table/"
        client.subscribe([(prefix + "+/round/+/game", 1), (prefix + "+/status", 1)])
        if self.current_round is not None:
            self.loop.call_soon_threadsafe(self.publish_round, self.current_round)

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        log.warning(
            "lost the broker %s:%d (%s); retrying", self.broker.host, self.broker.port, reason
        )

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        if self.handler is not None:
            self.loop.call_soon_threadsafe(self.handler, message.topic, bytes(message.payload))
