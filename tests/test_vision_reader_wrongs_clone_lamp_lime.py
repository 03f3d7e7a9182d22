"""A clone's lime under a lamp's reflection read as a banana in the table's plane: a second
look that found no whole card looked again in the table's plane (the rectified view), framed
the card right and read its washed lime, yellowed towards the bananas' hue, as a third banana
(a 2 banana + 1 lime claimed as 3 banana). Read again on the frame as it is, at the same
outline, the lime's colour lies between the two kinds. A card the plane's look reads stands
unless the face on the frame as it is reads another card or doubts a symbol's kind
(``policy._plane_face_as_it_is``); a plane's card it agrees with, or doubts only for the
light over the whole face, is still read; a one-kind deck's plane card is not read again."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt


def test_a_lime_washed_yellow_read_in_the_plane_is_not_claimed_as_a_banana() -> None:
    # Tuning style lamp, clone deck, seed 2374000, seat 2: the lime under the reflection.
    label, got = read_styled("clone", "lamp", 2374000, 2)
    assert label.card == parse_card("2 banana + 1 lime")
    assert got.state is State.UNKNOWN and got.card is None
    assert got.doubt is Doubt.COLOUR_BETWEEN_KINDS


def test_with_the_plane_s_card_taken_as_read_it_is_three_bananas(monkeypatch) -> None:
    # What the check closes: the plane's read alone claims the lime as a banana.
    monkeypatch.setattr(policy, "_plane_face_as_it_is", lambda frame, profile, plane: plane)
    label, got = read_styled("clone", "lamp", 2374000, 2)
    assert label.card == parse_card("2 banana + 1 lime")
    assert got.card == parse_card("3 banana")


def test_the_other_cards_on_that_table_still_read() -> None:
    # Seats 1 and 4 of the same table: cards with bananas, read right.
    for seat, want in ((1, "2 banana + 1 plum"), (4, "2 banana + 2 lime")):
        label, got = read_styled("clone", "lamp", 2374000, seat)
        assert label.card == parse_card(want)
        assert got.state is State.CARD and got.card == label.card


def test_a_plane_s_card_the_face_as_it_is_agrees_with_still_reads(monkeypatch) -> None:
    # Tuning style phone_dim, own art, seed 2301032, seat 2: a 1 plum in low light, found
    # by the plane's look; the face on the frame as it is reads the same 1 plum.
    agreed: list[bool] = []
    check = policy._plane_face_as_it_is

    def spy(frame, profile, plane):
        got = check(frame, profile, plane)
        agreed.append(got is plane)
        return got

    monkeypatch.setattr(policy, "_plane_face_as_it_is", spy)
    label, got = read_styled("own", "phone_dim", 2301032, 2)
    assert label.card == parse_card("1 plum")
    assert got.state is State.CARD and got.card == label.card
    assert agreed and all(agreed)


def test_a_card_the_first_form_of_the_check_lost_under_glare_still_reads() -> None:
    # Tuning style lamp, Deluxe, seed 2180002, seat 1: a 2 strawberry under a reflection.
    # The check's first form, which refused a plane's card on any doubt of the frame's read,
    # lost it ("glare over the face" on the frame as it is). A spot's reach now judged on
    # the darkest channel (card.py, ``_where_print_vanishes``) reads it before the plane's
    # look; either way it must read.
    label, got = read_styled("deluxe", "lamp", 2180002, 1)
    assert label.card == parse_card("2 strawberry")
    assert got.state is State.CARD and got.card == label.card
