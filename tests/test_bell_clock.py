"""The session clock and the conversion of each pin factory's edge ticks."""

from __future__ import annotations

import pytest

from halli_pi.clock import (
    CallbackTicks,
    KernelTicks,
    MonotonicTicks,
    SessionClock,
    realtime_offset_ns,
    tick_clock_for,
)

S = 1_000_000_000
BOOT = 5_000 * S  # the monotonic clock: an uptime
EPOCH = 1_790_000_000 * S  # the realtime clock: the date


def test_session_seconds_both_ways():
    clock = SessionClock(start_ns=BOOT, now_ns=lambda: BOOT + 2_500_000_000)
    assert clock.now() == 2.5
    assert clock.to_session(BOOT + 1_000_500) == pytest.approx(0.0010005)
    assert clock.to_monotonic_ns(5.0005) == BOOT + 5_000_500_000


def test_kernel_stamps_on_the_monotonic_clock_pass_through():
    ticks = KernelTicks(mono=lambda: BOOT + 10 * S, real=lambda: EPOCH + 10 * S)
    assert ticks.to_monotonic_ns((BOOT + 9 * S + 123_456) / S) == BOOT + 9 * S + 123_456
    assert ticks.realtime is False


def test_kernel_stamps_on_the_realtime_clock_are_mapped_onto_monotonic():
    # An old kernel stamps v1 line events with CLOCK_REALTIME.
    ticks = KernelTicks(mono=lambda: BOOT + 10 * S, real=lambda: EPOCH + 10 * S)
    got = ticks.to_monotonic_ns((EPOCH + 9 * S + 500_000) / S)
    assert ticks.realtime is True
    # float seconds of an epoch keep about a quarter of a microsecond
    assert abs(got - (BOOT + 9 * S + 500_000)) < 1_000


def test_realtime_offset_takes_the_tightest_sample():
    mono = iter([0, 10, 100, 102, 200, 260, 300, 400, 500, 600])
    real = iter([1_005, 1_101, 1_230, 1_350, 1_550])
    assert realtime_offset_ns(lambda: next(mono), lambda: next(real)) == 1_101 - 101


def test_each_factory_gets_its_conversion():
    from gpiozero.pins.mock import MockFactory

    class LGPIOFactory:  # stands in for gpiozero.pins.lgpio.LGPIOFactory by name
        pass

    class RPiGPIOFactory:
        pass

    assert isinstance(tick_clock_for(MockFactory()), MonotonicTicks)
    assert isinstance(tick_clock_for(LGPIOFactory()), KernelTicks)
    fallback = tick_clock_for(RPiGPIOFactory())
    assert isinstance(fallback, CallbackTicks) and fallback.exact is False


def test_callback_time_ignores_the_ticks():
    assert CallbackTicks(mono=lambda: 42).to_monotonic_ns(1e9) == 42
