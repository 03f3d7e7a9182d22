"""The hall: follows every table of a league through the broker and keeps the tournament.

- ``store``: its own SQLite file of every message received, deduplicated by (table, session,
  seq): a restarted hall rebuilds everything from it.
- ``replay``: each table session's games, replayed through the rules engine; the table's own
  rulings are compared with the replay, never taken on trust.
- ``standings``: points, tie-break, fastest correct rings, disputed rulings.
- ``hall``: the object that takes messages and answers the page.
- ``subscriber``: the MQTT side (persistent session, QoS 1).
- ``web``: the scoreboard page.
"""
