"""The terminal view of a Hawaiki table, in text: the three tops, accounted hands ("≈"), tokens,
each seat's duty (to act, a "merci" owed with its seconds left) and what waits for a person."""

from __future__ import annotations

from rich.console import Console

from halli_pi.referee import Referee
from halli_pi.rules.events import Press
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart, Play
from halli_pi.runtime.table_readers import Ask
from halli_pi.runtime.terminal_view import TableView

NAMES = ("Ana", "Bo", "Cy")


def screen(view: TableView) -> str:
    console = Console(width=120, record=True)
    console.print(view.render())
    return console.export_text()


def table(piles: tuple[str, ...]) -> tuple[Referee, TableView]:
    referee = Referee()
    view = TableView(referee.snapshot)
    referee.listeners.append(view)
    cards = tuple(parse_hcard(c) for c in piles)
    referee.new_game(HawaikiStart(0.0, "hawaiki", NAMES, {}, piles=cards))
    return referee, view


def lay(referee: Referee, t: float, pile: int, card: str, *, announce: bool) -> None:
    if announce:
        referee.press(Press(t - 0.3, 0, "button"))
    referee.vision([Play(t, pile, parse_hcard(card))], t)
    referee.tick(t + 0.1)


def test_tops_hands_tokens_and_a_thanks_owed_with_its_seconds_left() -> None:
    referee, view = table(("5 red", "5 blue", "3 green"))
    lay(referee, 1.2, 2, "5 green", announce=True)  # a brelan: Bo and Cy owe a "merci"
    view.clock = lambda: 3.7
    text = screen(view)
    assert "0: 5 red" in text and "1: 5 blue" in text and "2: 5 green" in text
    assert "≈ 5" in text and "≈ 7" in text  # Ana laid one; Bo and Cy drew one
    assert "hands are accounted (≈), not seen" in text
    rows = {line.split("│")[2].strip(): line for line in text.splitlines() if line.count("│") >= 4}
    assert "10" in rows["Bo"] and 'owes "merci" (1 card, 2.5 s left)' in rows["Bo"]
    assert "to act" in rows["Ana"] and "owes" not in rows["Ana"]
    assert "brelan announced and formed" in text  # the ruling with its reason


def test_what_waits_for_a_person_is_listed() -> None:
    referee, view = table(("5 red", "6 blue", "3 green"))
    lay(referee, 1.2, 2, "7 green", announce=True)  # a suite: Ana designates one opponent
    text = screen(view)
    assert "waiting for a person" in text and "Ana designates 1 opponent (suite)" in text
    lay(referee, 2.0, 0, "2 yellow", announce=False)  # illegal: to be taken back
    view.questions = lambda: [Ask("play", 1, 2.5, parse_hcard("6 blue"), 2.9, "print changed")]
    text = screen(view)
    assert "the card on pile 0 must be taken back" in text and "(awaits take-back)" in text
    assert "did a 6 blue land on pile 1? (print changed)" in text


def test_a_round_over_and_the_game_over_are_told() -> None:
    referee = Referee()
    view = TableView(referee.snapshot)
    referee.listeners.append(view)
    cards = tuple(parse_hcard(c) for c in ("5 red", "5 blue", "3 green"))
    start = HawaikiStart(0.0, "hawaiki", NAMES, {}, tokens=(1, 1, 1), hands=(1, 2, 2), piles=cards)
    referee.new_game(start)
    lay(referee, 1.0, 0, "4 red", announce=False)  # Ana lays her last card
    text = screen(view)
    assert "round 1 over" in text and "game over" in text and "Ana wins" in text
    assert "deal the next round" not in text  # the game is over: nothing more to deal


def test_the_run_shows_each_piles_live_state_as_the_pile_reader_sees_it() -> None:
    from dataclasses import replace

    from halli_pi.runtime.hawaiki_table import show_on_terminal
    from halli_pi.runtime.table_readers import PileReader
    from halli_pi.vision.hawaiki.piles import PileTracker
    from halli_pi.vision.hawaiki.render import (
        IMAGE_SIZE,
        PileState,
        Placed,
        pile_zones,
        render_piles,
        tuning_look,
    )

    tops = ("5 red", "5 blue", "3 green")
    referee, view = table(tops)
    look = tuning_look(31)
    piles = [PileState((Placed(parse_hcard(c), angle=8.0 * k),)) for k, c in enumerate(tops)]
    reader = PileReader(PileTracker(pile_zones(look), IMAGE_SIZE), referee.snapshot)
    show_on_terminal(view, reader)

    def frames(indices: range, arm: int | None) -> None:
        for index in indices:
            state = [replace(p, arm=k == arm) for k, p in enumerate(piles)]
            reader.update(render_piles(state, 31, look=look, frame=index).frame, index / 30)

    frames(range(8), None)  # the piles in view
    assert "[occluded]" not in screen(view)
    frames(range(8, 11), 1)  # a hand over pile 1
    assert "1: 5 blue [occluded]" in screen(view)  # the referee's top, and the hand over it
    frames(range(11, 20), None)  # gone
    text = screen(view)
    assert "[occluded]" not in text and "1: 5 blue" in text
