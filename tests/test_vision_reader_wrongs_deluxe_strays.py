"""A card a second look frames beside the zone's middle is doubted when another card's side
lies within its outline in pieces, broken where print meets it
(``search.side_within_in_pieces``): a silver five's side across the covered card beside it
that a banana of the covered card breaks."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines, policy
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_beside_a_silver_five_is_not_read(monkeypatch) -> None:
    # Style strays, Deluxe deck, scene 327502 seat 0: a silver 5 banana over a white card;
    # a second look framed the white card's part in view, 0.93 card widths off the zone's
    # middle, the five's side across its lower corner broken by its banana: read 2 banana.
    label, r = read_styled("deluxe", "strays", 327_502, 0)
    assert label.card == parse_card("5 banana")
    assert r.state != State.CARD, f"claimed {r.card}"
    # With outlines white in part judged whole (``outlines._one_grey_face_in_part_white``),
    # the look ends on another doubt: a corner of its outline under the five's white.
    # Without that judgement, the side within says so.
    assert r.doubt is Doubt.CORNER_UNDER_ANOTHER_CARD
    monkeypatch.setattr(outlines, "_one_grey_face_in_part_white", lambda *a: False)
    within = said_by(monkeypatch, policy, "_side_within_in_pieces")
    _, r = read_styled("deluxe", "strays", 327_502, 0)
    assert r.state != State.CARD, f"claimed {r.card}"
    assert r.doubt is Doubt.SIDE_WITHIN_IT
    assert any(within)


def test_a_silver_five_framed_beside_the_middle_is_still_read(monkeypatch) -> None:
    # Tuning style offzone, Deluxe deck, scene 2280001 seat 0: a silver 5 banana a second
    # look framed beside the zone's middle, no side within it: still read.
    within = said_by(monkeypatch, policy, "_side_within_in_pieces")
    label, r = read_styled("deluxe", "offzone", 2_280_001, 0)
    assert label.card == parse_card("5 banana")
    assert r.state == State.CARD and r.card == label.card
    assert within and not any(within)


def test_a_card_with_an_unbroken_edge_within_its_outline_is_still_read(monkeypatch) -> None:
    # Check seed style offzone, own art, scene 339501 seat 3: a 4 strawberry a second look
    # framed beside the zone's middle, a straight edge within its outline in three pieces
    # apart by 0.008 of the short side at most: doubted before the run had to break
    # somewhere (``Tuning.side_within_break``); an unbroken line is ``side_within``'s to judge.
    within = said_by(monkeypatch, policy, "_side_within_in_pieces")
    label, r = read_styled("own", "offzone", 339_501, 3)
    assert label.card == parse_card("4 strawberry")
    assert r.state == State.CARD and r.card == label.card
    assert within and not any(within)
