"""A clone card whose corner symbol a small reflection paled in part, in dim light, below the
sensor's top: the symbol measures smaller than its siblings, yet a reflection, not a side,
took the rest, so the card is read again with the reflection's light taken off; there its
four corners show whole, each with its partner across the centre, and the spot's clipped
core lies on the margin beside one of them, where no symbol of a printed layout could lie.
A clone card whose reflection reaches the card's middle, where a fifth symbol could lie,
stays a doubt."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_clone


def test_a_corner_lime_paled_by_a_small_spot_reads_the_card() -> None:
    label, got = read_clone("phone_dim", 2524000, 1)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_corner_plum_paled_beside_the_spot_s_light_reads_the_card() -> None:
    # The same scene's next seat: a plum there measured 0.47 of its partner.
    label, got = read_clone("phone_dim", 2524000, 0)
    assert label.card == parse_card("2 banana + 2 plum")
    assert got.state == State.CARD and got.card == label.card


def test_a_reflection_reaching_the_middle_of_four_corners_stays_a_doubt() -> None:
    # A lamp's reflection over the left of a 2 banana + 2 strawberry reaches the middle,
    # where a fifth symbol, a banana's weight off its place, could lie under it.
    label, got = read_clone("cloth", 2508002, 2)
    assert label.card == parse_card("2 banana + 2 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_a_clone_card_whose_row_a_spot_paled_reads_whole() -> None:
    # Tuning style phone_dim, clone, seed 2273003 seat 2: a 3 strawberry + 1 plum, its upper
    # row under a lamp's reflection; read through it on the card's whole outline (its short
    # side 0.65 of its long one), where a part outline at the zone's guess was doubted before.
    label, got = read_clone("phone_dim", 2_273_003, 2)
    assert label.card == parse_card("3 strawberry + 1 plum")
    assert got.state == State.CARD and got.card == label.card
    short, long_ = got.dims
    assert short < 0.7 * long_
