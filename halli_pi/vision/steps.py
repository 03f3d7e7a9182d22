"""Reads in steps: a costly read written as a generator that pauses (a bare ``yield``) between
its costly parts, so a tracker can spread one read over the still frames it waits for anyway,
while ``halli-pi read`` and the benchmark run the same code to the end at once (``run``).

A step is at most one costly part: one edge search, one strict card read. The pauses change
nothing the read computes: the staged read and the plain one give the same reading."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

# A read in steps: yields None at each pause, returns its result.
Steps = Generator[None, None, T]


def run(steps: Steps[T]) -> T:
    """Run a read in steps to its end, with no pause: its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
