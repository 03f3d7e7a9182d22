"""A long symbol counted as several that touch must have the spine of as many
(card._spine_shorter_than_symbols): one bent banana a compression bled to the size of two
shows two lobes (its ends), yet only one banana's spine."""

from __future__ import annotations

import numpy as np
from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.card import _spine_px
from halli_pi.vision.reader.doubts import Doubt


def test_one_bent_banana_bled_to_the_size_of_two_is_not_counted_two(monkeypatch) -> None:
    # Tuning style jpeg, clone deck: one bent banana beside a plum measured 1.77 by the
    # profile and 1.74 by the plum, inside the band for 2, and its two ends made two lobes:
    # read 2 banana + 1 plum before. Its spine is one banana's.
    label, r = read_clone("jpeg", 247_106, 5)
    assert label.card == parse_card("1 banana + 1 plum")
    assert r.state == State.UNKNOWN and r.card is None
    assert Doubt.SPINE_SHORTER_THAN_SYMBOLS in card_doubts(monkeypatch, "jpeg", 247_106)


def test_two_bananas_that_touch_are_still_read() -> None:
    # Tuning style dark, clone deck: two bananas that touch (measured 2.08 by the profile,
    # beside a plum) have the spine of two and are read.
    label, r = read_clone("dark", 241_514, 2)
    assert label.card == parse_card("2 banana + 1 plum")
    assert r.state == State.CARD and r.card == label.card


def test_the_spine_runs_along_a_bend() -> None:
    # A bar 30 pixels long (5 wide) has a spine of about its length; bent into an L of two
    # such arms, the path inside it (some 50), not the chord between its ends (some 40).
    bar = np.zeros((40, 40), bool)
    bar[2:7, 2:32] = True
    assert 28.0 <= _spine_px(bar) <= 32.0
    bent = bar.copy()
    bent[2:32, 27:32] = True
    assert 48.0 <= _spine_px(bent) <= 56.0
    assert _spine_px(np.zeros((5, 5), bool)) == 0.0
