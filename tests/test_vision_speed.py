"""The per-frame speed-ups change no reading: each quicker way gives the same numbers as the
plain one it replaces, and a read's colours learned on a later frame leave every reading and
the learned profile as they were."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from halli_pi.cards import classic_deck
from halli_pi.vision.outline import _of_four_max, _of_four_mean, brightest, darkest_channel
from halli_pi.vision.reader import State, ZoneReader, policy, reading, symbols
from halli_pi.vision.reader.light import noise_level
from halli_pi.vision.reader.policy import straightener_at
from halli_pi.vision.reader.reading import (
    _IMAGES_KEPT,
    _percentile_u8,
    foreshortening,
    same_image_once,
)
from halli_pi.vision.render import default_zones, film, random_table, render_scene
from halli_pi.vision.steps import run
from halli_pi.vision.tracker import (
    _LESSONS_PER_FRAME,
    Tracker,
    _grey,
    _small_grey,
    _small_grey_in,
)

ZONES = default_zones(6)
RNG = np.random.default_rng(5)


def _images():
    """8-bit images of several shapes: whole, cut out (not contiguous), one channel."""
    img = RNG.integers(0, 256, (61, 47, 3)).astype(np.uint8)
    flat = RNG.integers(100, 140, (40, 33, 3)).astype(np.uint8)  # few values, many ties
    return [img, img[5:50, 3:40], img[::2, ::3], img[..., 1], flat, flat.max(2)]


def _percentile_by_bincount(v: np.ndarray, q: float) -> float:
    hist = np.bincount(v.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(hist, q / 100.0 * hist[-1]))


@pytest.mark.parametrize("q", [0, 12.5, 50, 96, 99.5, 100])
def test_an_8_bit_percentile_counted_by_opencv_is_numpys(q):
    for v in [*_images(), np.zeros(0, np.uint8), np.array([7], np.uint8)]:
        assert _percentile_u8(v, q) == _percentile_by_bincount(v, q)
    masked = _images()[0]
    assert _percentile_u8(masked[masked > 90], q) == _percentile_by_bincount(masked[masked > 90], q)


def test_a_pixels_brightest_and_darkest_channel_are_numpys():
    for img in _images():
        if img.ndim == 3:
            assert np.array_equal(brightest(img), img.max(axis=2))
            assert np.array_equal(darkest_channel(img), img.min(axis=2))


def test_a_quads_four_corners_or_sides_folded_by_hand_are_numpys():
    # Quads' corners (N x 4 x 2) and their sides' distances (N x 4), as float32 sums of four
    # in random order and scale expose any other order of adding to the last bit.
    quads = (RNG.normal(size=(5000, 4, 2)) * RNG.uniform(1, 500, (5000, 1, 1))).astype(np.float32)
    sides = (RNG.uniform(0, 5, (5000, 4)) * RNG.uniform(0.01, 1, (5000, 1))).astype(np.float32)
    for a in (quads, sides, quads[:0]):
        assert np.array_equal(_of_four_mean(a), a.mean(1))
        assert np.array_equal(_of_four_max(a), a.max(1))


def test_the_noise_level_by_two_passes_is_the_3x3_second_differences():
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    for img in _images():
        resp = cv2.filter2D(img, cv2.CV_16S, kernel)[1:-1, 1:-1]
        plain = _percentile_by_bincount(cv2.convertScaleAbs(resp), 50) / (0.6745 * 6.0)
        assert noise_level(img) == plain


def test_an_image_asked_again_is_worked_out_once_and_given_as_copies():
    calls = []

    @same_image_once
    def halves(img):
        calls.append(1)
        return (img // 2, img.max(axis=2))

    img = _images()[0]
    first = halves(img)
    first[0][:] = 0  # a caller's change to its answer
    again = halves(img.copy())  # equal pixels, another array
    assert len(calls) == 1
    assert np.array_equal(again[0], img // 2)
    other = img.copy()
    other[3, 4, 0] ^= 1  # one pixel changed: worked out anew
    assert np.array_equal(halves(other)[0], other // 2)
    assert len(calls) == 2


def test_the_change_gate_of_a_zones_box_is_that_part_of_the_whole_frames():
    frame = render_scene(random_table(31, classic_deck()), ZONES, seed=31).frame
    whole = _small_grey(frame)
    tracker = Tracker(ZONES, (640, 480))
    for z in tracker.zones:
        x0, y0, x1, y1 = (v // 4 for v in z.box)
        assert np.array_equal(_small_grey_in(_grey(frame), z.box), whole[y0:y1, x0:x1])


def _same(a, b):
    assert (a.state, a.card, a.doubt, a.why, a.checked) == (
        b.state,
        b.card,
        b.doubt,
        b.why,
        b.checked,
    )
    assert (a.corners is None) == (b.corners is None)
    if a.corners is not None:
        assert np.array_equal(a.corners, b.corners)


def test_colours_learned_later_give_the_same_readings_and_profile():
    now = ZoneReader("classic")
    later = ZoneReader("classic", learn_later=True)
    for seed in range(720, 724):
        scene = render_scene(random_table(seed, classic_deck(), p_arm=0.0), ZONES, seed=seed)
        for z in ZONES:
            _same(
                run(later.read_zone_steps(scene.frame, z)), run(now.read_zone_steps(scene.frame, z))
            )
    assert later.learn_waiting()  # the last reads' colours were still waiting
    assert not later.learn_waiting()
    assert later.profile == now.profile
    assert now.profile != ZoneReader("classic", learn=False).profile  # colours were learned


def test_a_tracker_learning_on_spare_frames_gives_the_same_events():
    frames = list(film(11, classic_deck(), turns=6))
    later = Tracker(ZONES, (640, 480))
    now = Tracker(ZONES, (640, 480))
    now.reader = ZoneReader(now.profile)  # learns in the read's last step
    spare = []  # read steps run in each frame in which ``later`` learned something
    learn = later.reader.learn_waiting

    def learn_and_note(most: int | None = None) -> bool:
        got = learn(most)
        if got:
            spare.append(later._units)
        return got

    later.reader.learn_waiting = learn_and_note  # type: ignore[method-assign]
    for f in frames:
        a, b = later.update(f.frame, f.t), now.update(f.frame, f.t)
        assert [(e.t, e.seat, e.card) for e in a] == [(e.t, e.seat, e.card) for e in b]
        assert later.view() == now.view()
    assert later.reader.profile == now.reader.profile
    assert 0 in spare  # learned on a frame with no read step


def test_several_images_asked_in_turn_are_each_worked_out_once():
    calls = []

    @same_image_once
    def halves(img):
        calls.append(1)
        return (img // 2,)

    first, second = _images()[0], _images()[4]
    for img in (first, second, first.copy(), second.copy()):
        assert np.array_equal(halves(img)[0], img // 2)
    assert len(calls) == 2  # the first image was kept while the second was worked out
    for k in range(_IMAGES_KEPT):
        halves(first + np.uint8(k + 1))  # as many other images as are kept
    halves(first)
    assert len(calls) == 2 + _IMAGES_KEPT + 1  # pushed out by the others: worked out anew


def _waiting_reader(seed: int) -> ZoneReader:
    """A reader that read the six zones of a scene in steps, all begun before any ended (as a
    tracker does at a game's start), their colours still to learn."""
    reader = ZoneReader("classic", learn_later=True)
    scene = render_scene(random_table(seed, classic_deck(), p_arm=0.0), ZONES, seed=seed)
    reads = [reader.read_zone_steps(scene.frame, z) for z in ZONES]
    for read in reads:
        next(read)  # each read's first step takes the profile, as learned so far
    for read in reads:
        run(read)
    return reader


def test_lessons_learned_a_few_at_a_time_give_the_profile_learned_at_once():
    at_once, few = _waiting_reader(720), _waiting_reader(720)
    waiting = len(few._waiting)
    assert waiting >= 3
    assert few.learn_waiting(2)
    assert len(few._waiting) == waiting - 2  # the first two, the rest still waiting
    while few.learn_waiting(1):
        pass
    at_once.learn_waiting()
    assert few.profile == at_once.profile


def test_a_spare_frame_learns_a_few_lessons_not_all():
    tracker = Tracker(ZONES, (640, 480))
    learned = []
    learn = tracker.reader.learn_waiting

    def learn_and_note(most: int | None = None) -> bool:
        before = len(tracker.reader._waiting)
        got = learn(most)
        learned.append(before - len(tracker.reader._waiting))
        return got

    tracker.reader.learn_waiting = learn_and_note  # type: ignore[method-assign]
    for f in film(11, classic_deck(), turns=1):
        tracker.update(f.frame, f.t)
    assert max(learned) == _LESSONS_PER_FRAME  # the game's six first cards waited to learn
    assert len(ZONES) > _LESSONS_PER_FRAME


def test_a_readings_squeeze_is_worked_out_once_with_foreshortenings_numbers(monkeypatch):
    """The squeeze of each card known elsewhere (``Reading.squeeze``) is worked out once a
    reading, however many reads ask for the straightening it gives, with the same numbers."""
    scene = render_scene(random_table(3, classic_deck(), p_arm=0.0), ZONES, seed=3)
    read = ZoneReader("classic", learn=False).read(scene.frame, ZONES)
    cards = [replace(r) for r in read if r.state == State.CARD]  # nothing worked out yet
    assert len(cards) >= 3
    want = [straightener_at(cards[:k] + cards[k + 1 :], z) for k, z in enumerate(ZONES[:3])]
    plain = [foreshortening(r.outline) for r in cards]
    calls = []

    def counted(quad):
        calls.append(1)
        return foreshortening(quad)

    for module in (reading, policy):
        monkeypatch.setattr(module, "foreshortening", counted)
    fresh = [replace(r) for r in cards]
    for _ in range(3):  # three reads of each of three zones, as a tracker's frames ask
        got = [straightener_at(fresh[:k] + fresh[k + 1 :], z) for k, z in enumerate(ZONES[:3])]
        assert all(
            (a is None and b is None) or np.array_equal(a, b)
            for a, b in zip(got, want, strict=True)
        )
    assert len(calls) == len(cards)  # each card's once (3 x 3 x (len - 1) times before)
    for r, (c, log) in zip(fresh, plain, strict=True):
        assert r.squeeze[0] == c and np.array_equal(r.squeeze[1], log)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.uint8, np.int16])
def test_a_median_of_one_dimension_is_numpys_value_and_type(dtype):
    for n in range(1, 41):
        v = RNG.normal(100, 40, n).clip(0, 255).astype(dtype)
        ties = RNG.integers(0, 4, n).astype(dtype)
        for values in (v, ties, v[::2]):
            got, want = reading.median_1d(values), np.median(values)
            assert type(got) is type(want)
            assert got == want
    with_nan = RNG.normal(0, 1, 9).astype(np.float32)
    with_nan[4] = np.nan
    if np.issubdtype(dtype, np.floating):
        assert np.isnan(reading.median_1d(with_nan.astype(dtype)))


def _drawn_card() -> np.ndarray:
    """An upright card of white with three coloured discs, a pale one among them."""
    card = np.full((96, 62, 3), 235, np.uint8)
    for (x, y), colour in zip(
        [(31, 22), (31, 48), (31, 74)],
        [(40, 40, 200), (60, 200, 230), (200, 190, 230)],
        strict=True,
    ):
        cv2.circle(card, (x, y), 9, colour, -1)
    return card


@pytest.mark.parametrize("against_tint", [False, True])
def test_a_cards_print_marks_asked_again_are_the_ones_worked_out(against_tint):
    card = _drawn_card()
    want = symbols._marks(card, against_tint=against_tint)
    assert want is not None and want[0].any() and want[1].any()
    first = symbols.print_marks(card, against_tint=against_tint)
    assert first is not None
    first[0][:] = 1  # a caller's change reaches no other caller
    again = symbols.print_marks(card.copy(), against_tint=against_tint)
    assert again is not None
    for got, plain in zip(again, want, strict=True):
        assert np.array_equal(got, plain)
