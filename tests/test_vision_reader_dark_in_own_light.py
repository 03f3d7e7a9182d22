"""A symbol judged against the white of the face around it (card._in_its_own_light): a lamp's
reflection on a dim card lifts the card's one white, and a symbol in the dimmer rest of the
face read as a dark shape; in its own light it shows its kind's colour. A dark thing that
shows no kind's colour in its own light stays a dark shape."""

from __future__ import annotations

from styled_reads import assert_doubted, assert_reads

from halli_pi.vision.reader import card
from halli_pi.vision.reader.doubts import Doubt


def _judged_against_the_card_s_white_only(monkeypatch) -> None:
    monkeypatch.setattr(card, "_in_its_own_light", lambda c, b: None)


def test_a_plum_beside_a_reflection_reads_in_its_own_light() -> None:
    # Tuning style phone_dim, own art, seed 2359002 seat 2: a 2 plum, the lower plum lit
    # lilac by a lamp, the upper one in the dim rest of the face at chroma 20 against the
    # card's white (7 % of its pixels coloured, 0.3 needed).
    assert_reads("own", "phone_dim", 2_359_002, 2, "2 plum")


def test_the_plum_was_a_dark_shape_against_the_card_s_white(monkeypatch) -> None:
    _judged_against_the_card_s_white_only(monkeypatch)
    assert_doubted("own", "phone_dim", 2_359_002, 2, "2 plum", Doubt.DARK_SHAPE)


def test_a_strawberry_in_its_own_light_leaves_the_washed_one_a_doubt(monkeypatch) -> None:
    # Tuning style night, own art, seed 2347000 seat 3: a 2 strawberry, the upper one washed
    # pink by a lamp, the lower one a dark shape against the card's white. In its own light
    # the lower one reads, and the washed one beside the reflection is the doubt it is.
    assert_doubted("own", "night", 2_347_000, 3, "2 strawberry", Doubt.GLARE_OVER_FACE)
    _judged_against_the_card_s_white_only(monkeypatch)
    assert_doubted("own", "night", 2_347_000, 3, "2 strawberry", Doubt.DARK_SHAPE)


def test_a_dark_thing_with_no_kind_s_colour_stays_a_dark_shape() -> None:
    # Tuning style night, clone deck, seed 2375001 seat 0: a 3 strawberry + 1 plum; a look at
    # the zone frames a dark shape of 0.28 of the card (no kind's colour in its own light,
    # 4 % of it coloured), and the seat abstains for it.
    assert_doubted("clone", "night", 2_375_001, 0, "3 strawberry + 1 plum", Doubt.DARK_SHAPE)
    # Tuning style night, deluxe deck, seed 2356002 seat 0: a 5 banana, a grey shape in the
    # corner of a framed outline, not coloured at all.
    assert_doubted("deluxe", "night", 2_356_002, 0, "5 banana", Doubt.DARK_SHAPE)
