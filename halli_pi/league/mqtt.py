"""One place that turns a BrokerConfig into a paho-mqtt client: credentials, TLS, back-off."""

from __future__ import annotations

import ssl

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from halli_pi.league.config import BrokerConfig

# Reconnect back-off: paho waits 1 s, then doubles up to this (a broker restart takes seconds;
# a Wi-Fi drop may take minutes, and 40 tables must not hammer the broker when it returns).
MAX_BACKOFF_S = 30
KEEPALIVE_S = 20


def make_client(broker: BrokerConfig, client_id: str) -> paho.Client:
    """An MQTT 5 client with the config's credentials and TLS; `connect` starts it."""
    client = paho.Client(
        CallbackAPIVersion.VERSION2,
        client_id=client_id,
        protocol=paho.MQTTv5,
        reconnect_on_failure=True,
    )
    if broker.username is not None:
        client.username_pw_set(broker.username, broker.password)
    if broker.tls:
        context = ssl.create_default_context(cafile=str(broker.ca_file) if broker.ca_file else None)
        if broker.cert_file is not None and broker.key_file is not None:
            context.load_cert_chain(str(broker.cert_file), str(broker.key_file))
        client.tls_set_context(context)
    client.reconnect_delay_set(min_delay=1, max_delay=MAX_BACKOFF_S)
    client.max_inflight_messages_set(0)  # our own window bounds what is in flight
    client.max_queued_messages_set(0)
    return client


def connect(client: paho.Client, broker: BrokerConfig, *, persistent: bool) -> None:
    """Start connecting in the background (the network thread retries with back-off).

    `persistent`: the broker keeps the session (subscriptions and the queue of QoS 1
    messages) while the client is away, under its fixed client id."""
    properties = None
    if persistent:
        properties = Properties(PacketTypes.CONNECT)
        # Keep the session for a week while the hall is down: its queue waits on the broker.
        properties.SessionExpiryInterval = 7 * 24 * 3600
    client.connect_async(
        broker.host,
        broker.port,
        keepalive=KEEPALIVE_S,
        clean_start=not persistent,
        properties=properties,
    )
    client.loop_start()
