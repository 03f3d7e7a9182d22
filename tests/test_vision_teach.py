"""`halli-pi teach` on rendered Twist cards: confirm each label, then the reader reads the deck."""

from __future__ import annotations

import io
import json

import cv2
import numpy as np
import pytest

from halli_pi.cards import parse_card, twist_deck
from halli_pi.cli import main
from halli_pi.errors import InputError
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.render import SeatState, default_zones, random_look, random_table, render_scene
from halli_pi.vision.teach import teach

ONE = [np.array([[250, 170], [390, 170], [390, 310], [250, 310]], np.float32)]


def _frames(cards):
    for i, c in enumerate(cards):
        look = random_look(np.random.default_rng(i), hard=False)
        yield render_scene([SeatState((c,))], ONE, seed=i, look=look).frame


def test_teach_then_read_twist():
    deck = twist_deck()
    answers = iter(str(c) for c in deck)
    said: list[str] = []
    profile = teach(_frames(deck), lambda _p: next(answers), said.append, "twist")
    assert len(profile.kinds) == 16
    zones = default_zones(6)
    right = seen = 0
    for s in range(8):
        scene = render_scene(random_table(s, deck, p_arm=0), zones, seed=s)
        for label, r in zip(scene.labels, read_zones(scene.frame, zones, profile), strict=True):
            if label.state != "card":
                continue
            seen += 1
            assert r.state != State.CARD or r.card == label.card  # never a wrong symbol
            right += r.state == State.CARD
    assert right >= 0.8 * seen


def test_guess_is_offered_and_enter_accepts_it():
    card = parse_card("2 red candle")
    other = parse_card("3 blue hat")
    prompts: list[str] = []
    replies = iter(["2 red candle", "3 blue hat", "", "done"])

    def ask(prompt):
        prompts.append(prompt)
        return next(replies)

    teach(_frames([card, other, card, other]), ask, lambda _m: None, "t")
    assert "looks like '2 red candle'" in prompts[2]


def test_bad_answers_are_asked_again_and_nothing_learned_is_an_error():
    replies = iter(["two red candles", "skip", "done"])
    said: list[str] = []
    with pytest.raises(InputError, match="no card was learned"):
        teach(_frames(twist_deck()[:3]), lambda _p: next(replies), said.append, "t")
    assert any("not 'COUNT KIND'" in m for m in said)


def test_teach_command_writes_a_model(tmp_path, monkeypatch, capsys):
    deck = twist_deck()[::7]
    folder = tmp_path / "cards"
    folder.mkdir()
    for i, frame in enumerate(_frames(deck)):
        cv2.imwrite(str(folder / f"{i:02d}.png"), frame)
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{c}\n" for c in deck)))
    out = tmp_path / "mine.json"
    assert main(["teach", "--source", f"folder:{folder}", "--name", "mine", "--out", str(out)]) == 0
    obj = json.loads(out.read_text())
    assert {k["kind"] for k in obj["kinds"]} == {c.groups[0][1] for c in deck}
    assert load_profile(str(out)).name == "mine"
