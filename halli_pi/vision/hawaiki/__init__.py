"""Hawaiki at the camera: the project's own Hawaiki-like deck, rendered tables of three discard
piles, the reader of a card's value and colour, and the pile tracker that turns frames into
``play``/``retract`` observations (shared/HAWAIKI.md §2, §3).

- ``art``: the deck's faces (pips of an animal in the card's colour, the value in the corners);
- ``render``: three piles on a table, with tables, lights, scales, rotation and hands;
- ``model``: the colour profile the reader loads (``models/hawaiki.json``) and how it is made;
- ``doubts``: every reason not to rule on a Hawaiki face, a named value;
- ``reader``: one pile zone read as a ``PileReading`` (value, colour, pose, or a doubt);
- ``piles``: the tracker a session loop feeds every frame;
- ``layout``: the ``piles`` and ``stock`` zones of a layout;
- ``teach``: a real deck's colours, animals and names, learnt at the table.
"""
