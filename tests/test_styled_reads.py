"""The shared scene reader of the card checks' tests keeps a scene it read, and reads afresh
when a test has patched the reader, so a spy or a changed tuning field is never bypassed."""

from __future__ import annotations

import dataclasses

import styled_reads
from styled_reads import card_doubts, read_styled, said_by

from halli_pi.vision.reader import card, policy, zone


def test_a_scene_read_again_is_the_same_reading():
    label, first = read_styled("own", "glare", 1137001, 4)
    again = read_styled("own", "glare", 1137001, 4)[1]
    assert ("own", "glare", 1137001) in styled_reads._scenes
    assert again is not first  # a copy: a test that changes it leaves the kept one alone
    assert again.card == first.card == label.card


def test_a_patched_reader_reads_the_scene_afresh(monkeypatch):
    read_styled("own", "glare", 1137001, 4)  # kept
    # With the card reader spied on, the same scene is read again: every card read is seen.
    said = said_by(monkeypatch, zone, "read_card_image")
    read_styled("own", "glare", 1137001, 4)
    assert said


def test_a_kept_scene_s_doubts_are_those_a_fresh_read_collects(monkeypatch):
    kept = card_doubts(monkeypatch, "glare", 1137001, deck="own", seat=4)
    assert kept == styled_reads._scenes[("own", "glare", 1137001)][2]  # the kept scene's
    assert card.read_card_image is zone.read_card_image  # no spy left behind
    # The same tuning, another object: the scene is read afresh, spied on, and says the same.
    monkeypatch.setattr(policy, "T", dataclasses.replace(policy.T))
    fresh = card_doubts(monkeypatch, "glare", 1137001, deck="own", seat=4)
    assert fresh and fresh == kept
