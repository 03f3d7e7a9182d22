"""Many tables, one tournament: tables publish their session logs to an MQTT broker, and a hall
follows them all.

- ``config``: the ``[league]`` section of a table config and the hall's own config.
- ``outbox``: what the broker has not acknowledged yet, in the table's SQLite file.
- ``publisher``: a referee listener that appends every session-log event to the outbox, and
  ``attach_league`` that sets one up for a session.
- ``sender``: the MQTT client thread that empties the outbox (QoS 1, deleted on PUBACK).
- ``hall``: the subscriber, its store, the replay that checks every table, and its page.

A table only publishes: it subscribes to nothing, so nothing on the broker can steer it.
"""

from halli_pi.league.publisher import Publisher, attach_league

__all__ = ["Publisher", "attach_league"]
