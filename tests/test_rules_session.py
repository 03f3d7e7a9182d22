"""One session, games of either family: each game goes to its family's engine."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.rules.engine import Engine
from halli_pi.rules.events import End, GameOver, GameStart, Press, Reveal, Ruling
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiRuling, HawaikiStart, Play
from halli_pi.rules.session import Session, family_of


def test_family_of_each_ruleset() -> None:
    assert family_of("classic") == family_of("twist") == "halli-galli"
    assert family_of("hawaiki") == "hawaiki"
    with pytest.raises(InputError, match="unknown ruleset 'uno'"):
        family_of("uno")


def test_a_halli_galli_game_then_a_hawaiki_game_in_one_session() -> None:
    session = Session()
    out = session.feed(GameStart(0.0, "classic", ("Ana", "Bo"), {}, (5, 5)))
    out += session.feed(Reveal(1.0, 0, parse_card("5 lime")))
    out += session.feed(Press(1.4, 1))
    out += session.feed(Press(2.0, 0))  # 0.6 s later: a burst of its own
    piles = tuple(parse_hcard(c) for c in ("5 red", "2 blue", "7 green"))
    out += session.feed(HawaikiStart(3.0, "hawaiki", ("Ana", "Bo"), {}, None, None, None, piles))
    out += session.feed(Play(4.0, 0, parse_hcard("5 blue")))
    out += session.feed(End(5.0))
    kinds = [type(o) for o in out]
    # The Halli Galli game is ruled and ended by the switch; the Hawaiki game goes on.
    assert kinds[:2] == [Ruling, Ruling] and GameOver in kinds
    assert kinds.index(GameOver) < kinds.index(HawaikiRuling)
    hawaiki = [o for o in out if isinstance(o, HawaikiRuling)]
    assert [(r.subject, r.verdict, r.cards) for r in hawaiki] == [("play", "legal", (5, 6))]


def test_events_of_the_other_family_and_before_a_game_are_refused() -> None:
    session = Session()
    with pytest.raises(InputError, match="before any 'game'"):
        session.feed(Play(1.0, 0, parse_hcard("5 red")))
    session.feed(GameStart(2.0, "classic", ("Ana", "Bo")))
    with pytest.raises(InputError, match="'play' event cannot be part of a halli-galli game"):
        session.feed(Play(3.0, 0, parse_hcard("5 red")))


def test_each_engine_refuses_a_game_event_of_the_other_family() -> None:
    # A Hawaiki game is read with Hawaiki's fields; a plain `game` event naming it is refused
    # by its engine, and a Hawaiki `game` given to the Halli Galli engine likewise.
    session = Session()
    with pytest.raises(InputError, match="'game' event cannot be part of a Hawaiki game"):
        session.feed(GameStart(0.0, "hawaiki", ("Ana", "Bo")))
    piles = tuple(parse_hcard(c) for c in ("5 red", "2 blue", "7 green"))
    start = HawaikiStart(1.0, "hawaiki", ("Ana", "Bo"), {}, None, None, None, piles)
    with pytest.raises(InputError, match="unknown event"):
        Engine().feed(start)
