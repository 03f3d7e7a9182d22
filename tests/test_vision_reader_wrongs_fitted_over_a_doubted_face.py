"""A second look's outline fitted at the size other cards show, framing the same face as the
clean outline whose read doubted its print, does not lift that doubt
(``zone._fitted_over_the_face_doubted``):

- scans, style cloth, seed 2476001 seat 2: a 1 lime under a warm light that clips the face,
  its colour between a lime's and a banana's (a=-13 b=44); the clean outline's read doubted
  it, the fit (0.95 of it shared) measured its notched oval as bent and read 1 banana."""

from __future__ import annotations

from styled_reads import assert_doubted, assert_reads, said_by

from halli_pi.vision.reader import zone
from halli_pi.vision.reader.doubts import Doubt


def test_a_lime_between_colours_is_not_read_a_banana_by_the_fit(monkeypatch) -> None:
    said = said_by(monkeypatch, zone, "_fitted_over_the_face_doubted")
    assert_doubted("scan", "cloth", 2476001, 2, "1 lime", Doubt.COLOUR_BETWEEN_KINDS)
    assert True in said


def test_a_card_beside_it_still_reads() -> None:
    assert_reads("scan", "cloth", 2476001, 3, "3 plum")
