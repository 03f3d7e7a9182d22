"""The pile tracker, frame by frame, as a session loop feeds it: deals, plays, twins, asks,
hovers and take-backs on a rendered table."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace
from functools import cache

import numpy as np

from halli_pi.rules.hawaiki.cards import HCard
from halli_pi.vision.hawaiki.piles import PileEvent, PileEventKind, PileTracker
from halli_pi.vision.hawaiki.render import (
    IMAGE_SIZE,
    PileState,
    Placed,
    pile_zones,
    render_piles,
    tuning_look,
)
from halli_pi.vision.render import Look

FPS = 30.0
# The deal (8 frames) and the first hand's first 5 frames over a pile are the same frames in
# most tests here: they are drawn once a file (at most 8 + 3 x 5 frames a table, 1 MB each).
# Later frames differ from test to test and are drawn as they come.
SHARED_FRAMES = 13


@cache
def _shared_frame(piles: tuple[PileState, ...], seed: int, look: Look, index: int) -> np.ndarray:
    """Frame ``index`` of a table, drawn once: the tracker only reads its frames."""
    return render_piles(piles, seed, look=look, frame=index).frame


def _render(piles: list[PileState], seed: int, look: Look, index: int) -> np.ndarray:
    if index < SHARED_FRAMES:
        return _shared_frame(tuple(piles), seed, look, index)
    return render_piles(piles, seed, look=look, frame=index).frame


class Table:
    """Three rendered piles and the tracker watching them; hands and cards scripted."""

    def __init__(self, seed: int, tops: list[HCard]) -> None:
        self.seed = seed
        self.look = tuning_look(seed)
        self.piles = [PileState((Placed(c, angle=8.0 * k),)) for k, c in enumerate(tops)]
        self.tracker = PileTracker(pile_zones(self.look), IMAGE_SIZE)
        self.index = 0
        self.events: list[PileEvent] = []

    @property
    def t(self) -> float:
        return self.index / FPS

    def frames(self, n: int, arm: int | None = None) -> None:
        for _ in range(n):
            state = [replace(p, arm=(k == arm)) for k, p in enumerate(self.piles)]
            frame = _render(state, self.seed, self.look, self.index)
            self.events += self.tracker.update(frame, self.t)
            self.index += 1

    def turn(self, pile: int, placed: Placed | None = None, take_back: bool = False) -> float:
        """A hand over ``pile`` that lays ``placed`` (or takes the top back, or does
        nothing), then leaves; returns the time of the hand's first frame."""
        start = self.t
        self.frames(5, arm=pile)
        p = self.piles[pile]
        if take_back:
            self.piles[pile] = replace(p, cards=p.cards[:-1])
        elif placed is not None:
            self.piles[pile] = replace(p, cards=p.cards + (placed,))
        self.frames(4, arm=pile)
        self.frames(10)
        return start

    def new_events(self, pile: int | None = None) -> list[PileEvent]:
        """The events since the last call (about ``pile`` only: an arm reaching for one pile
        may cross another, which the page may be asked about)."""
        out, self.events = self.events, []
        return [e for e in out if pile is None or e.pile == pile]


TOPS = [HCard(5, "red"), HCard(2, "blue"), HCard(7, "green")]


@cache
def _dealt(seed: int) -> Table:
    """The table after the deal's 8 frames, watched once a file: most tests start from it."""
    table = Table(seed, TOPS)
    table.frames(8)
    got = table.new_events()
    assert sorted((e.kind, e.pile, e.card) for e in got) == [
        (PileEventKind.DEALT, k, c) for k, c in enumerate(TOPS)
    ]
    assert table.tracker.dealt() == TOPS
    return table


def dealt_table(seed: int = 31) -> Table:
    """A table of its own, its tracker as the deal left it (a deep copy of the one dealt)."""
    table = deepcopy(_dealt(seed))
    # The tracker keeps each pile's looks by the id of their reading: the copies' ids now.
    for p in table.tracker.piles:
        p.looks = {id(r): (r, small) for r, small in p.looks.values()}
    return table


def test_a_new_card_is_a_play_timed_at_the_start_of_the_hand() -> None:
    table = dealt_table()
    start = table.turn(1, Placed(HCard(2, "yellow"), 0.05, -0.03, 14.0))
    (play,) = table.new_events()
    assert play.kind == PileEventKind.PLAY and play.pile == 1 and play.card == HCard(2, "yellow")
    assert play.t == start  # the occlusion burst's start: a press while reaching is before it
    assert play.seen_t is not None and play.seen_t > play.t
    assert play.to_log() == {
        "type": "play",
        "t": start,
        "pile": 1,
        "card": "2 yellow",
        "seen_t": play.seen_t,
    }
    assert table.tracker.view()[1].card == HCard(2, "yellow")


def test_a_twin_laid_turned_on_its_twin_is_a_play() -> None:
    table = dealt_table()
    table.turn(0, Placed(HCard(5, "red"), 0.06, 0.02, 12.0))
    (play,) = table.new_events()
    assert (play.kind, play.pile, play.card) == (PileEventKind.PLAY, 0, HCard(5, "red"))


def test_a_twin_laid_in_the_same_pose_is_asked_about_and_never_played() -> None:
    table = dealt_table()
    same = Placed(HCard(7, "green"), 0.0, 0.0, 16.0)  # exactly where its twin lies
    table.turn(2, same)
    (ask,) = table.new_events()  # nothing to see: a person is asked, no play is guessed
    assert ask.kind == PileEventKind.ASK_PLAY and ask.pile == 2 and ask.card == HCard(7, "green")
    assert ask.prior in ("a hand over it", "print changed") and ask.to_log() is None
    table.tracker.hold_announcement(True)
    table.turn(2, same)
    (ask,) = table.new_events()
    assert ask.kind == PileEventKind.ASK_PLAY and ask.pile == 2 and ask.to_log() is None
    assert ask.prior in ("announced", "print changed")


def test_a_hand_that_only_hovers_is_no_play_but_asked_about() -> None:
    table = dealt_table()
    for pile in range(3):
        table.turn(pile)
    got = table.new_events()
    assert [e for e in got if e.kind == PileEventKind.PLAY] == []
    # One question per reach, about the pile the hand visited.
    assert [(e.kind, e.pile) for e in got] == [(PileEventKind.ASK_PLAY, k) for k in range(3)]
    assert [v.card for v in table.tracker.view()] == TOPS


def test_a_card_taken_back_is_a_retract() -> None:
    table = dealt_table()
    table.turn(1, Placed(HCard(6, "blue"), 0.08, 0.05, 25.0))
    assert [e.kind for e in table.new_events()] == [PileEventKind.PLAY]
    start = table.turn(1, take_back=True)
    (back,) = table.new_events()
    assert back.kind == PileEventKind.RETRACT and back.card == HCard(2, "blue")
    assert back.to_log() == {"type": "retract", "t": start, "pile": 1}
    assert table.tracker.view()[1].card == HCard(2, "blue")


def test_a_reach_that_laid_a_card_seen_asks_nothing_about_the_piles_it_crossed() -> None:
    table = dealt_table()
    table.tracker.hold_announcement(True)
    start = table.t
    # One arm over piles 0 and 1 at once; it lays a new card on pile 1 and leaves pile 0 as
    # it was.
    both = [replace(p, arm=k in (0, 1)) for k, p in enumerate(table.piles)]
    for _ in range(5):
        frame = render_piles(both, table.seed, look=table.look, frame=table.index).frame
        table.events += table.tracker.update(frame, table.t)
        table.index += 1
    table.piles[1] = replace(
        table.piles[1], cards=table.piles[1].cards + (Placed(HCard(4, "purple"), 0.05, 0, 20),)
    )
    both = [replace(p, arm=k in (0, 1)) for k, p in enumerate(table.piles)]
    for _ in range(4):
        frame = render_piles(both, table.seed, look=table.look, frame=table.index).frame
        table.events += table.tracker.update(frame, table.t)
        table.index += 1
    table.frames(10)
    got = table.new_events()
    assert [(e.kind, e.pile, e.card) for e in got] == [(PileEventKind.PLAY, 1, HCard(4, "purple"))]
    assert got[0].t == start


def test_a_top_outlined_short_by_an_arm_across_it_is_no_pose_to_judge_a_twin_by() -> None:
    import numpy as np

    from halli_pi.vision.hawaiki.piles import _cut_short
    from halli_pi.vision.hawaiki.reader import PileReading
    from halli_pi.vision.reader import State

    def card(long: float, x: float = 0.0) -> PileReading:
        corners = np.array([[x, 0], [x + 53, 0], [x + 53, long], [x, long]], np.float32)
        return PileReading(State.CARD, HCard(2, "blue"), 1.0, corners)

    top = card(84.0)
    assert not _cut_short(card(85.5, x=9.0), top, [top])  # moved: a pose to judge by
    assert _cut_short(card(70.0), top, [top])  # a wide tuning film: an arm cut it short
    assert not _cut_short(card(70.0), None, [])  # nothing accepted yet: nothing to compare

    def other(long: float) -> PileReading:
        return PileReading(State.CARD, HCard(3, "blue"), 1.0, card(long).corners)

    # Another card is a play on a whole outline, a little tighter or looser than the top's
    # (or joined with the card under it), but not on a part of a card: an arm the table's
    # colour hid its end (a wide tuning film: a 3 blue read as a 2 blue, a phantom play).
    assert not _cut_short(other(80.0), top, [top])
    assert not _cut_short(other(95.0), top, [top])
    assert _cut_short(other(70.0), top, [top])
    # Shorter than a loose top's outline, but the size of the table's cards: a play.
    assert not _cut_short(other(84.0), card(95.0), [card(84.0), card(84.5), card(95.0)])
    # A tight accepted outline: the new one has the size of the table's other tops.
    table = [card(84.0), card(84.5), card(77.0)]
    assert not _cut_short(card(84.0), card(77.0), table)
    assert _cut_short(card(70.0), card(77.0), table)


def test_a_late_yes_keeps_the_twin_where_it_was_laid_under_later_plays() -> None:
    table = dealt_table()
    table.turn(2, Placed(HCard(7, "green"), 0.0, 0.0, 16.0))  # a careful twin: asked
    (ask,) = table.new_events()
    assert ask.kind == PileEventKind.ASK_PLAY
    table.turn(2, Placed(HCard(3, "blue"), 0.06, -0.04, 28.0))
    assert [e.kind for e in table.new_events()] == [PileEventKind.PLAY]
    # The person says "yes" only now, with a 3 blue on the twin already.
    table.tracker.confirm_play(2, ask.t)
    table.turn(2, take_back=True)  # the 3 blue taken back shows the twin where it lay
    (back,) = table.new_events()
    assert (back.kind, back.card) == (PileEventKind.RETRACT, HCard(7, "green"))
    assert [c.card for c in table.tracker.piles[2].stack] == [HCard(7, "green")] * 2


class Doubting:
    """The card reader, doubting every face it reads on one pile until told to stop (a top
    the camera cannot read, whose whole outline it still finds; or, ``outline=False``, whose
    whole outline it does not find either)."""

    def __init__(self, monkeypatch, zone, outline: bool = True) -> None:  # type: ignore[no-untyped-def]
        from halli_pi.vision.hawaiki import piles
        from halli_pi.vision.hawaiki.doubts import HawaikiDoubt
        from halli_pi.vision.hawaiki.reader import PileReading
        from halli_pi.vision.reader.doubts import Doubt

        self.doubting = True
        real = piles.read_pile

        def read(frame, z, *args, **kwargs):  # type: ignore[no-untyped-def]
            r = real(frame, z, *args, **kwargs)
            if self.doubting and z is zone and r.card is not None:
                if not outline:
                    return PileReading.of_doubt(Doubt.NO_WHOLE_CARD)
                return PileReading.of_doubt(HawaikiDoubt.ANIMAL_DISAGREES, corners=r.corners)
            return r

        monkeypatch.setattr(piles, "read_pile", read)


def test_a_card_read_only_after_an_arm_crossed_its_pile_is_stamped_at_its_own_hand(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    start = table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    assert table.new_events(1) == []  # unread, not yet given up on
    reader.doubting = False
    crossed = table.turn(1)  # an arm over the pile (on its way elsewhere) lays nothing
    play, ask = table.new_events(1)
    # The card lay there, in that very place, before the second hand: the first hand's play.
    assert (play.kind, play.card, play.t) == (PileEventKind.PLAY, HCard(4, "yellow"), start)
    assert play.seen_t is not None and play.seen_t > crossed
    # The second hand left it as it was, as a twin laid exactly on it would: asked, not ruled.
    assert (ask.kind, ask.card, ask.t) == (PileEventKind.ASK_PLAY, HCard(4, "yellow"), crossed)


def test_a_change_a_second_hand_covered_before_it_was_read_is_asked_not_guessed(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    start = table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    reader.doubting = False
    second = table.turn(1, Placed(HCard(6, "red"), -0.05, 0.02, -12.0))
    got = table.new_events(1)
    # What the first hand laid was never seen: the page asks, before the second play is told.
    assert [(e.kind, e.t) for e in got] == [
        (PileEventKind.UNREADABLE, start),
        (PileEventKind.PLAY, second),
    ]
    unread, play = got
    assert unread.seen_t is not None and unread.seen_t < play.t  # the play answers no question
    assert play.card == HCard(6, "red")
    # A person names it: it goes where it was laid, under the 6 red, so taking the 6 red back
    # shows a card already known.
    table.tracker.name_top(1, HCard(4, "yellow"), unread.t)
    assert [c.card for c in table.tracker.piles[1].stack] == [
        TOPS[1],
        HCard(4, "yellow"),
        play.card,
    ]
    table.turn(1, take_back=True)
    (back,) = table.new_events(1)
    assert (back.kind, back.card) == (PileEventKind.RETRACT, HCard(4, "yellow"))


def test_a_card_laid_after_a_hand_left_an_unoutlined_top_is_the_later_hand_s_play(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone, outline=False)
    first = table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    assert table.new_events(1) == []  # unread, not yet given up on
    reader.doubting = False
    # No arm over the pile for a while: the first hand left. The next hand lays a card the
    # camera reads: its own play, never the first hand's (which lay elsewhere, unseen).
    second = table.turn(1, Placed(HCard(6, "red"), -0.05, 0.02, -12.0))
    got = table.new_events(1)
    assert [(e.kind, e.t) for e in got] == [
        (PileEventKind.UNREADABLE, first),
        (PileEventKind.PLAY, second),
    ]
    assert got[1].card == HCard(6, "red")


def test_an_earlier_hand_s_play_told_late_leaves_the_next_hand_s_twin_asked_about(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    first = table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    assert table.new_events(1) == []  # unread, not yet given up on; that reach is over
    # The camera reads pile 1 at last just as the next hand reaches pile 2, where it lays a
    # twin exactly on its twin: pile 1's play is told during this reach, but is no reason
    # for it. Nothing explains the hand over pile 2: the page is asked.
    reader.doubting = False
    second = table.turn(2, Placed(HCard(7, "green"), 0.0, 0.0, 16.0))
    got = [e for e in table.new_events() if e.pile in (1, 2)]
    assert [(e.kind, e.pile, e.card, e.t) for e in got] == [
        (PileEventKind.PLAY, 1, HCard(4, "yellow"), first),
        (PileEventKind.ASK_PLAY, 2, HCard(7, "green"), second),
    ]


def test_a_top_read_another_way_with_no_hand_over_it_is_no_play(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    import numpy as np

    from halli_pi.vision.hawaiki import piles

    table = dealt_table()
    real = piles.read_pile
    zone = table.tracker.piles[0].zone

    def misread(frame, z, *args, **kwargs):  # type: ignore[no-untyped-def]
        r = real(frame, z, *args, **kwargs)
        return replace(r, card=HCard(6, "red")) if z is zone and r.card is not None else r

    monkeypatch.setattr(piles, "read_pile", misread)
    # A lamp turned up: every pile looks changed, with no hand over any; pile 0 now reads
    # another card in the same place.
    state = [replace(p, arm=False) for p in table.piles]
    for _ in range(10):
        frame = render_piles(state, table.seed, look=table.look, frame=table.index).frame
        brighter = np.clip(frame.astype(np.int16) + 40, 0, 255).astype(np.uint8)
        table.events += table.tracker.update(brighter, table.t)
        table.index += 1
    assert table.new_events() == []
    assert table.tracker.view()[0].card == TOPS[0]


def test_a_card_a_person_named_is_no_play_when_the_camera_reads_it_at_last(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[0].zone)
    start = table.turn(0, Placed(HCard(1, "purple"), 0.05, 0.04, 30.0))
    table.frames(10)
    (unread,) = table.new_events(0)
    assert (unread.kind, unread.t) == (PileEventKind.UNREADABLE, start)
    table.tracker.name_top(0, HCard(1, "purple"), unread.t)
    assert table.tracker.view()[0].card == HCard(1, "purple")
    reader.doubting = False
    table.turn(0)  # a hand passes; now the camera reads the named card, where it lay
    assert [e for e in table.new_events(0) if e.kind == PileEventKind.PLAY] == []
    table.turn(0, take_back=True)
    (back,) = table.new_events(0)
    assert (back.kind, back.card) == (PileEventKind.RETRACT, HCard(5, "red"))


def test_a_twin_laid_turned_and_taken_back_is_a_retract_not_another_play() -> None:
    table = dealt_table()
    table.turn(1, Placed(HCard(2, "blue"), 0.07, -0.05, 22.0))
    (play,) = table.new_events(1)
    assert (play.kind, play.card) == (PileEventKind.PLAY, HCard(2, "blue"))
    start = table.turn(1, take_back=True)  # the twin beneath shows again where it lay
    (back,) = table.new_events(1)
    assert (back.kind, back.card, back.t) == (PileEventKind.RETRACT, HCard(2, "blue"), start)
    assert len(table.tracker.piles[1].stack) == 1


def test_a_hand_after_an_unanswered_twin_is_judged_against_the_twin_it_left() -> None:
    import numpy as np

    from halli_pi.vision.hawaiki import piles

    table = dealt_table()
    # A careful twin 2 degrees off its twin: under the turn a read can tell, so asked.
    table.turn(2, Placed(HCard(7, "green"), 0.0, 0.0, 18.0))
    (ask,) = table.new_events()
    assert ask.kind == PileEventKind.ASK_PLAY
    # Before anyone answers, a hand passes and lays nothing; the outline read after it is a
    # little further turned (a read's own jitter): 4 degrees from the card beneath, 2 from
    # the twin the camera saw last.
    real = piles.read_pile

    def turned(frame, zone, *args, **kwargs):  # type: ignore[no-untyped-def]
        r = real(frame, zone, *args, **kwargs)
        if zone is table.tracker.piles[2].zone and r.corners is not None:
            c = r.corners.mean(0)
            a = np.radians(-2.0)  # the way the twin was turned
            rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
            r = replace(r, corners=(r.corners - c) @ rot.T + c)
        return r

    piles.read_pile = turned  # type: ignore[assignment]
    try:
        table.turn(2)
    finally:
        piles.read_pile = real  # type: ignore[assignment]
    got = table.new_events()
    assert [e for e in got if e.kind == PileEventKind.PLAY] == []  # no phantom play
    assert [(e.kind, e.pile) for e in got] == [(PileEventKind.ASK_PLAY, 2)]


def test_a_dealt_card_the_camera_cannot_read_is_named_and_a_twin_on_it_asked_about(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = Table(31, TOPS)
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    table.frames(20)
    got = table.new_events()
    assert sorted((e.kind, e.pile) for e in got) == [
        (PileEventKind.DEALT, 0),
        (PileEventKind.DEALT, 2),
        (PileEventKind.UNREADABLE, 1),
    ]
    assert table.tracker.dealt() is None  # the deal waits for a person
    (unread,) = [e for e in got if e.kind == PileEventKind.UNREADABLE]
    table.tracker.name_top(1, TOPS[1], unread.t)
    assert table.tracker.dealt() == TOPS
    # A twin laid on the card the camera still cannot read: what that hand laid is asked,
    # stamped at its hand, so a person can name it.
    start = table.turn(1, Placed(HCard(2, "blue"), 0.06, 0.03, 20.0))
    table.frames(10)
    (twin,) = table.new_events(1)
    assert (twin.kind, twin.t) == (PileEventKind.UNREADABLE, start)
    table.tracker.name_top(1, HCard(2, "blue"), twin.t)
    assert [c.card for c in table.tracker.piles[1].stack] == [TOPS[1], TOPS[1]]
    # The camera reads it at last, after another hand: no new play.
    reader.doubting = False
    table.turn(1)
    assert [e for e in table.new_events(1) if e.kind == PileEventKind.PLAY] == []


def test_a_person_names_a_dealt_card_the_camera_cannot_read_and_the_deal_is_told(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from halli_pi.rules.hawaiki.events import Deal
    from halli_pi.runtime.table_readers import PileReader

    table = Table(31, TOPS)
    Doubting(monkeypatch, table.tracker.piles[1].zone)
    reader = PileReader(table.tracker, lambda: None)
    told: list[object] = []

    def frames(n: int) -> None:
        for _ in range(n):
            frame = render_piles(table.piles, table.seed, look=table.look, frame=table.index)
            told.extend(reader.update(frame.frame, table.t))
            table.index += 1

    frames(20)
    assert told == []  # no deal while a pile's dealt card is unknown
    (ask,) = reader.asks
    assert (ask.kind, ask.pile, ask.dealt) == ("unreadable", 1, True)
    assert "dealt card" in ask.question()
    assert reader.lay(1, TOPS[1]) == []  # the dealt card is no play
    frames(1)
    assert len(told) == 1 and isinstance(told[0], Deal) and told[0].piles == tuple(TOPS)


def test_a_careful_twin_taken_back_is_a_retract_before_or_after_the_answer() -> None:
    table = dealt_table()
    # The other printed copy, laid in its twin's pose: asked about, not ruled.
    twin = Placed(HCard(7, "green"), 0.0, 0.0, 16.3, style=1)
    table.turn(2, twin)
    (ask,) = table.new_events()
    assert ask.kind == PileEventKind.ASK_PLAY
    # Taken back before anyone answered: the pile looks as it did before the twin.
    start = table.turn(2, take_back=True)
    (back,) = table.new_events()
    assert (back.kind, back.card, back.t) == (PileEventKind.RETRACT, HCard(7, "green"), start)
    table.tracker.confirm_play(2, ask.t)  # the late "yes": the twin came and went
    assert [c.card for c in table.tracker.piles[2].stack] == [HCard(7, "green")]
    # Laid again, confirmed, then taken back.
    table.turn(2, twin)
    (ask,) = table.new_events()
    table.tracker.confirm_play(2, ask.t)
    table.turn(2, take_back=True)
    (back,) = table.new_events()
    assert (back.kind, back.card) == (PileEventKind.RETRACT, HCard(7, "green"))
    assert len(table.tracker.piles[2].stack) == 1
    # A hand that only hovers over the twin's twin is still asked about, never a take-back.
    table.turn(2)
    (hover,) = table.new_events()
    assert hover.kind == PileEventKind.ASK_PLAY


def test_twins_confirmed_late_lie_in_the_stack_in_the_order_they_were_laid() -> None:
    table = dealt_table()
    same = Placed(HCard(7, "green"), 0.0, 0.0, 16.0)  # exactly where its twin lies
    table.turn(2, same)
    (first,) = table.new_events(2)
    table.turn(2, same)  # another twin on it, before anyone answered about the first
    (second,) = table.new_events(2)
    assert first.kind == second.kind == PileEventKind.ASK_PLAY and first.t < second.t
    pile = table.tracker.piles[2]
    dealt = pile.stack[0]
    laid = [pile.open_asks[first.t][1], pile.open_asks[second.t][1]]
    # Both "yes" come late, in turn: the second twin lies on the first, not beneath it (the
    # next hand over them is judged against the top's look, not the one beneath).
    table.tracker.confirm_play(2, first.t)
    table.tracker.confirm_play(2, second.t)
    assert [id(r) for r in pile.stack] == [id(dealt), id(laid[0]), id(laid[1])]


def test_a_top_asked_about_once_is_not_asked_again_after_a_hand_that_left_it_as_it_was(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    Doubting(monkeypatch, table.tracker.piles[1].zone)
    start = table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    table.frames(10)
    (unread,) = table.new_events(1)
    assert (unread.kind, unread.t) == (PileEventKind.UNREADABLE, start)
    # An arm crosses the pile on its way elsewhere and leaves the unread top where it lay:
    # the question already open covers it (asked twice, a person would name one card twice).
    table.turn(1)
    table.frames(10)
    assert [e for e in table.new_events(1) if e.kind == PileEventKind.UNREADABLE] == []


def test_a_card_laid_where_an_arm_only_crossed_the_old_top_is_the_second_hand_s_play(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from halli_pi.vision.hawaiki import piles
    from halli_pi.vision.hawaiki.reader import PileReading
    from halli_pi.vision.reader.doubts import Doubt

    table = dealt_table()
    real = piles.read_pile
    zone = table.tracker.piles[1].zone
    flicker = {"on": True, "reads": 0}

    def flickering(frame, z, *args, **kwargs):  # type: ignore[no-untyped-def]
        # After the arm, every other read of pile 1 finds no whole card: the old top is seen
        # where it lay but never settles, so the next hand finds that change still held.
        r = real(frame, z, *args, **kwargs)
        if flicker["on"] and z is zone:
            flicker["reads"] += 1
            if flicker["reads"] % 2 == 0:
                return PileReading.of_doubt(Doubt.NO_WHOLE_CARD)
        return r

    monkeypatch.setattr(piles, "read_pile", flickering)
    table.turn(1)  # an arm crosses pile 1 on its way elsewhere and lays nothing
    assert [e for e in table.new_events(1) if e.kind == PileEventKind.PLAY] == []
    assert table.tracker.piles[1].held is None  # unsettled, not yet held
    flicker["on"] = False
    # The next hand lays a card exactly where the old top lies.
    second = table.turn(1, Placed(HCard(6, "red"), angle=8.0))
    got = table.new_events(1)
    # The card came with the second hand: one play, at its time; never the crossing arm's
    # play with a question about the second hand (a second play of one card once answered).
    assert [(e.kind, e.card, e.t) for e in got] == [(PileEventKind.PLAY, HCard(6, "red"), second)]


def test_a_look_kept_for_one_reading_is_never_taken_by_a_later_reading_with_its_id(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """CPython hands a gone object's id to an object made later. A card a person names is
    a reading that never settled in view: it has no look of its own, even with the id of
    one that had (whether it does must not hang on where earlier work left free memory)."""
    import builtins

    import numpy as np

    from halli_pi.vision.hawaiki import piles
    from halli_pi.vision.hawaiki.reader import PileReading
    from halli_pi.vision.reader import State

    tracker = PileTracker(pile_zones(tuning_look(31)), IMAGE_SIZE)
    p = tracker.piles[0]
    x0, y0, x1, y1 = p.box
    corners = np.array(
        [[x0 + 8, y0 + 8], [x1 - 8, y0 + 8], [x1 - 8, y1 - 8], [x0 + 8, y1 - 8]], np.float32
    )
    small = np.full(((y1 - y0) // 4, (x1 - x0) // 4), 128, np.uint8)
    busy = small.copy()
    busy[::2, ::2] = 255  # the pile with another copy's print on top
    under = PileReading(State.CARD, HCard(5, "red"), 1.0, corners)
    over = PileReading(State.CARD, HCard(5, "red"), 1.0, corners)
    p.stack = [under, over]
    tracker._remember_look(p, under, small)
    tracker._remember_look(p, over, busy)
    assert piles._looks_back(p, small, under, over)  # the pile looks as under it: taken back
    named = PileReading(State.CARD, HCard(5, "red"), 1.0, corners, why="named by a person")
    same_id = {builtins.id(named): builtins.id(under)}
    monkeypatch.setattr(
        piles, "id", lambda o: same_id.get(builtins.id(o), builtins.id(o)), raising=False
    )
    assert not piles._looks_back(p, small, named, over)


def test_a_second_take_back_in_a_row_onto_an_unreadable_twin_is_no_play(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    table.turn(1, Placed(HCard(2, "blue"), 0.07, -0.05, 22.0))  # a twin the camera cannot read
    table.frames(10)
    (unread,) = table.new_events(1)
    table.tracker.name_top(1, HCard(2, "blue"), unread.t)  # a person named it
    reader.doubting = False
    table.turn(1, Placed(HCard(6, "red"), -0.05, 0.02, -12.0))
    assert [e.kind for e in table.new_events(1)] == [PileEventKind.PLAY]
    reader.doubting = True
    # The 6 red taken back onto the twin, then the twin taken back too: the camera reads
    # neither, and asks about each hand.
    first = table.turn(1, take_back=True)
    table.frames(10)
    second = table.turn(1, take_back=True)
    table.frames(10)
    asked = table.new_events(1)
    assert [(e.kind, e.t) for e in asked] == [
        (PileEventKind.UNREADABLE, first),
        (PileEventKind.UNREADABLE, second),
    ]
    # Read at last: the dealt 2 blue where it lay. No card landed: for the rules the covered
    # card (its twin) shows again, a take-back of the 6 red, never a play of a 2 blue.
    reader.doubting = False
    table.frames(10)
    (back,) = table.new_events(1)
    assert (back.kind, back.card, back.t) == (PileEventKind.RETRACT, HCard(2, "blue"), second)
    assert [c.card for c in table.tracker.piles[1].stack] == [HCard(2, "blue")]
    # A card laid and taken back later shows that 2 blue: a take-back, no phantom play.
    table.turn(1, Placed(HCard(4, "yellow"), 0.05, 0.04, 30.0))
    assert [e.kind for e in table.new_events(1)] == [PileEventKind.PLAY]
    table.turn(1, take_back=True)
    (back,) = table.new_events(1)
    assert (back.kind, back.card) == (PileEventKind.RETRACT, HCard(2, "blue"))


def test_two_other_cards_taken_back_unread_are_asked_about_never_played(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    table.turn(0, Placed(HCard(3, "red"), 0.06, 0.04, 25.0))
    table.turn(0, Placed(HCard(3, "green"), -0.05, 0.03, -6.0))
    assert [e.kind for e in table.new_events(0)] == [PileEventKind.PLAY] * 2
    reader = Doubting(monkeypatch, table.tracker.piles[0].zone)
    table.turn(0, take_back=True)
    table.frames(10)
    second = table.turn(0, take_back=True)
    table.frames(10)
    reader.doubting = False
    table.frames(10)
    got = [e for e in table.new_events(0) if e.kind != PileEventKind.UNREADABLE]
    # The dealt 5 red shows where it lay: two cards went, which the referee cannot be told
    # from what the camera saw; a person is asked, and nothing is played.
    assert [(e.kind, e.card, e.t, e.prior) for e in got] == [
        (PileEventKind.ASK_PLAY, TOPS[0], second, "a card beneath shows again")
    ]
    assert [c.card for c in table.tracker.piles[0].stack] == [TOPS[0]]


RULED = (PileEventKind.PLAY, PileEventKind.RETRACT)  # what the referee would be told


def test_a_take_back_a_person_names_leaves_the_card_beneath_on_top_and_no_play_follows(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    table = dealt_table()
    table.turn(1, Placed(HCard(6, "red"), -0.05, 0.02, -12.0))  # read: 6 red on the 2 blue
    assert [e.kind for e in table.new_events(1)] == [PileEventKind.PLAY]
    reader = Doubting(monkeypatch, table.tracker.piles[1].zone)
    start = table.turn(1, take_back=True)  # taken back where the camera cannot read the pile
    table.frames(10)
    (unread,) = table.new_events(1)
    assert (unread.kind, unread.t) == (PileEventKind.UNREADABLE, start)
    # What the page's answer is checked against: the top that hand found, the card beneath.
    assert table.tracker.asked_stack(1, unread.t) == [TOPS[1], HCard(6, "red")]
    table.tracker.name_take_back(1, unread.t)  # a person said it was taken back
    assert [c.card for c in table.tracker.piles[1].stack] == [TOPS[1]]
    # Read at last where it lay: no play, and no second take-back.
    reader.doubting = False
    table.frames(10)
    assert [e for e in table.new_events(1) if e.kind in RULED] == []
    # A card laid and taken back later shows that card again: a take-back, no phantom play.
    table.turn(1, Placed(HCard(4, "blue"), 0.05, 0.04, 30.0))
    assert [e.kind for e in table.new_events(1)] == [PileEventKind.PLAY]
    table.turn(1, take_back=True)
    (back,) = table.new_events(1)
    assert (back.kind, back.card) == (PileEventKind.RETRACT, TOPS[1])


def test_a_twin_laid_a_little_turned_and_outlined_with_its_twin_is_asked_about() -> None:
    from halli_pi.vision.hawaiki.render import wide_look

    # A wide tuning table: the twin laid 4 degrees turned on its twin, their white one piece,
    # is outlined larger than a card. No pose to judge, but the same card after a hand: the
    # page asks about that pile (before, the next hand came first and the twin went unseen).
    table = Table(90000, TOPS)
    table.look = wide_look(90000)
    table.tracker = PileTracker(pile_zones(table.look), IMAGE_SIZE)
    table.frames(8)
    table.new_events()
    twin = Placed(HCard(7, "green"), 0.067, -0.032, 19.87)
    table.turn(2, twin)
    got = table.new_events()
    assert [(e.kind, e.pile, e.card) for e in got] == [
        (PileEventKind.ASK_PLAY, 2, HCard(7, "green"))
    ]
    # Its pose is not known: a later hand that only hovers is asked about, never a play.
    table.turn(2)
    assert all(e.kind != PileEventKind.PLAY for e in table.new_events())


def test_the_top_outlined_larger_is_joined_with_its_twin_and_shorter_is_cut_by_an_arm() -> None:
    import numpy as np

    from halli_pi.vision.hawaiki.piles import _joined_with_twin
    from halli_pi.vision.hawaiki.reader import PileReading
    from halli_pi.vision.reader import State

    def card(short: float, long: float, what: HCard | None = None) -> PileReading:
        corners = np.array([[0, 0], [short, 0], [short, long], [0, long]], np.float32)
        return PileReading(State.CARD, what or HCard(7, "green"), 1.0, corners)

    top = card(59.0, 96.8)
    assert _joined_with_twin(card(62.6, 97.9), top)  # the scripted table's twin
    assert _joined_with_twin(card(67.7, 101.8), top)
    assert not _joined_with_twin(card(59.0, 84.0), top)  # an arm cut it short
    assert not _joined_with_twin(card(67.7, 101.8, HCard(3, "blue")), top)  # another card
    assert not _joined_with_twin(card(62.6, 97.9), None)


def test_a_take_back_from_a_stack_of_twins_is_not_told_by_fitted_outlines() -> None:
    import numpy as np

    from halli_pi.vision.hawaiki.piles import _twins_of_unknown_pose
    from halli_pi.vision.hawaiki.reader import PileReading
    from halli_pi.vision.reader import State

    corners = np.array([[0, 0], [59, 0], [59, 92], [0, 92]], np.float32)

    def card(what: HCard, fitted: bool = False) -> PileReading:
        return PileReading(State.CARD, what, 1.0, corners, fitted=fitted)

    blue, red = HCard(5, "blue"), HCard(4, "red")
    # A rough tuning film: an arm crossed a stack of 5 blue twins, the top read on a fitted
    # outline in the covered twin's pose: no take-back can be told by that pose.
    assert _twins_of_unknown_pose(card(blue, fitted=True), card(blue), card(blue))
    assert _twins_of_unknown_pose(card(blue), card(blue, fitted=True), card(blue))
    assert _twins_of_unknown_pose(card(blue), card(blue), card(blue, fitted=True))
    # Whole outlines tell twins apart by their pose; another card beneath is told by its face.
    assert not _twins_of_unknown_pose(card(blue), card(blue), card(blue))
    assert not _twins_of_unknown_pose(card(red, fitted=True), card(red), card(blue))
