"""Edge capture and ordering on exact nanosecond stamps (no pins)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from halli_pi.bell.capture import CHATTER_EDGES, EdgeCapture, PressOrderer
from halli_pi.config import RingSource, SourceKind

MS = 1_000_000


def capture(rearm_ms: float = 150.0, stuck_s: float = 3.0) -> EdgeCapture:
    return EdgeCapture.for_source(RingSource(SourceKind.BUTTON, 5, 0, rearm_ms), stuck_s)


def test_the_first_edge_is_the_press_and_bounces_never_move_it():
    c = capture()
    assert c.edge(1_000 * MS, True)
    for i in range(1, 8):  # contact bounce, 0.2 ms apart
        assert not c.edge(1_000 * MS + i * 200_000, i % 2 == 0)
    assert c.press_ns == 1_000 * MS
    assert c.swallowed == 7 and c.presses == 1


def test_the_input_rearms_only_after_quiet_and_released():
    c = capture(rearm_ms=150)
    assert c.edge(0, True)
    assert not c.edge(100 * MS, False)  # released
    assert not c.edge(200 * MS, True)  # quiet only 100 ms since the release: still locked
    assert not c.edge(210 * MS, False)
    assert c.edge(360 * MS, True)  # quiet 150 ms and released: a new press
    assert c.presses == 2


def test_a_held_button_is_one_press_and_a_release_bounce_is_not_a_press():
    c = capture(rearm_ms=150)
    assert c.edge(0, True)
    assert not c.edge(2_000 * MS, False)  # released after 2 s
    assert not c.edge(2_000 * MS + 300_000, True)  # release bounce
    assert not c.edge(2_000 * MS + 600_000, False)
    assert c.presses == 1


def test_stuck_is_said_once_per_press():
    c = capture(stuck_s=3.0)
    c.edge(0, True)
    assert c.stuck(2_999 * MS) is None
    assert c.stuck(3_000 * MS) == 3.0
    assert c.stuck(9_000 * MS) is None


def test_a_storm_is_one_press_and_chatters_once():
    c = capture()
    presses = sum(c.edge(i * MS, i % 2 == 0) for i in range(1000))
    assert presses == 1
    assert c.swallowed == 999 >= CHATTER_EDGES
    assert c.chattering() and not c.chattering()


def test_an_edge_stamped_before_the_last_is_never_a_press():
    c = capture()
    c.edge(500 * MS, True)
    c.edge(600 * MS, False)
    assert not c.edge(400 * MS, True)
    assert c.out_of_order == 1 and c.press_ns == 500 * MS


@given(
    st.integers(0, 10**12),
    st.lists(st.integers(1, 149 * MS // 40), min_size=0, max_size=40),
)
def test_any_bounce_train_inside_the_rearm_time_is_one_press_at_the_first_edge(t0, gaps):
    c = capture(rearm_ms=150)
    assert c.edge(t0, True)
    t, level = t0, True
    for gap in gaps:
        t += gap
        level = not level
        assert not c.edge(t, level)
    assert c.presses == 1 and c.press_ns == t0


def test_the_orderer_releases_by_stamp_after_the_hold():
    o = PressOrderer(hold_ns=2 * MS)
    o.push(10 * MS + 500_000, "seat 1")  # its callback ran first
    o.push(10 * MS, "seat 3")  # earlier edge, later callback
    assert o.ready(11 * MS) == []
    assert o.next_due_ns() == 12 * MS
    assert o.ready(12 * MS) == ["seat 3"]
    assert o.ready(13 * MS) == ["seat 1"]
    assert o.late == 0


def test_a_press_later_than_the_hold_is_released_and_counted_late():
    o = PressOrderer(hold_ns=2 * MS)
    o.push(10 * MS, "a")
    assert o.ready(20 * MS) == ["a"]
    o.push(9 * MS, "b")
    assert o.ready(20 * MS) == ["b"]
    assert o.late == 1


@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=30))
def test_flush_is_always_in_stamp_order(stamps):
    o = PressOrderer(hold_ns=0)
    for s in stamps:
        o.push(s, s)
    assert o.flush() == sorted(stamps)
