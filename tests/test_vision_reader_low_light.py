"""Low light: a dim, noisy frame is lifted and smoothed before it is read, and a frame in good
light is read as it is."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.light import quieted
from halli_pi.vision.render import default_zones, random_table, render_scene, styled_look


def dark_scene(seed: int):
    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0)
    return render_scene(seats, default_zones(6), seed=seed, look=styled_look("dark", seed))


def test_a_frame_in_good_light_is_read_as_it_is() -> None:
    frame = bench_scene("own", 500).frame
    assert quieted(frame) is frame


def test_a_dim_noisy_frame_is_lifted_and_smoothed() -> None:
    frame = dark_scene(3).frame
    out = quieted(frame)
    assert out.mean() > 2 * frame.mean()
    # smoothed: the steps between neighbours shrink although the level rose
    step = abs(out[:, 1:].astype(int) - out[:, :-1]).mean() / out.mean()
    assert step < 0.5 * abs(frame[:, 1:].astype(int) - frame[:, :-1]).mean() / frame.mean()


def test_cards_in_low_light_are_read_and_never_wrong() -> None:
    right = 0
    for seed in (3, 4, 5):
        scene = dark_scene(seed)
        readings = read_zones(scene.frame, default_zones(6), load_profile("classic"))
        for label, r in zip(scene.labels, readings, strict=True):
            if r.state == State.CARD:
                assert r.card == label.card
                right += 1
    assert right >= 12  # of 18 piles (16 today); the reader read none before the frame was lifted
