"""Symbols whole and in their printed places, one of them paled by a reflection or a light's
falloff: its size no longer says where the card's print is centred, nor that it is cut.

A pair laid out as printed, none on the outline's edge, is weighed by place, not by size
(``card._singles_whole_as_laid_out``), and a middle symbol a reflection paled is one symbol
when a corner counted unseen under the reflection (``_Card.hidden``) is its partner's
partner (``card._laid_out_as_printed(with_hidden=True)``). A symbol an outline really cuts,
or a pair whose places do not mirror, is still doubted."""

from __future__ import annotations

from styled_reads import assert_doubted, assert_reads, read_styled_seats

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, State, card


def test_a_pair_with_one_symbol_under_a_sheen_reads() -> None:
    # Scans, style sheen, seed 2514001, seat 2: a 2 banana, the lower banana paled in part by
    # a sheen to 0.70 of the upper one. Weighed by size the pair's centre lay 0.107 off the
    # card's (doubted off-centre); by place 0.06. Seat 1 (a 4 plum) read right before.
    (lab2, got2), (lab1, got1) = read_styled_seats("scan", "sheen", 2514001, (2, 1))
    assert lab2.card == parse_card("2 banana")
    assert got2.state is State.CARD
    assert got2.card == parse_card("2 banana")
    assert got1.card == lab1.card


def test_a_pair_with_a_spot_on_one_symbol_reads() -> None:
    # Scans, style phone_dim, seed 2508001, seat 1: a 2 plum, a small clipped spot on the
    # lower plum, 0.62 of the upper plum's size.
    assert_reads("scan", "phone_dim", 2508001, 1, "2 plum")
    assert_reads("scan", "phone_dim", 2508001, 2, "3 plum")


def test_a_middle_symbol_paled_beside_a_corner_under_the_light_reads() -> None:
    # Own art, style phone, seed 2487000, seat 1: a 3 plum under the phone's light, its top
    # corner plum washed out (counted unseen under the reflection), its middle plum paled to
    # 0.63 of the lower corner's size: doubted as a symbol smaller than the others.
    assert_reads("own", "phone", 2487000, 1, "3 plum")
    assert_reads("own", "phone", 2487000, 3, "4 plum")


def test_a_pair_whose_places_do_not_mirror_stays_doubted() -> None:
    # Scans, style tilt_blur, seed 2510002, seat 4: a 3 strawberry read on an outline whose
    # corner symbols lie 0.23 from each other's mirror places (more than
    # ``Tuning.layout_slack``), the lower one paled: still off-centre.
    assert_doubted("scan", "tilt_blur", 2510002, 4, "3 strawberry", Doubt.SYMBOLS_OFF_CENTRE)


def test_weighed_by_place_only_when_no_symbol_touches_the_edge() -> None:
    # Two singles mirrored across the centre, the lower one half the size of the upper:
    # by place they are centred; once the smaller one touches the outline's edge (an
    # outline cutting it), they are weighed by size again and doubted.
    from halli_pi.vision.reader import load_profile
    from halli_pi.vision.reader.symbols import Blob

    profile = load_profile("classic")
    plum = next(k for k in profile.kinds if k.kind == "plum")
    upper = Blob(plum.unit_area, plum.ab, 1.0, False, [], centre=(0.15, 0.15))
    lower = Blob(plum.unit_area * 0.45, plum.ab, 1.0, False, [], centre=(0.85, 0.85))
    c = card._Card(None, profile, False, False)  # type: ignore[arg-type]
    c.symbols = [(upper, plum), (lower, plum)]
    assert card._off_centre(c) is None
    cut = Blob(plum.unit_area * 0.45, plum.ab, 1.0, True, [], centre=(0.85, 0.85))
    c.symbols = [(upper, plum), (cut, plum)]
    assert card._off_centre(c) is Doubt.SYMBOLS_OFF_CENTRE
