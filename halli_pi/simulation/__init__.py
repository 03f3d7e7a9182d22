"""Simulated tables: simulated players of each game, the demo that renders their table through
the real pipeline, and the soak runs that play it for hours or with faults."""
