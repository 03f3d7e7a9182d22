"""Teach the reader a deck whose art it does not know (Twist, a clone deck).

The person shows the deck to the camera one card at a time; for each card the reader says what
it thinks (once it has learned something) and the person confirms or types the right card
string. From single-kind cards it learns each kind's colour (white-normalised a/b), one
symbol's area and a few shape descriptors; the result is a reader profile (models/<name>.json)
that ``load_profile(name)`` reads. Cards showing several kinds are confirmed but not learned
from (their symbols cannot be told apart before the kinds are known).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from halli_pi.cards import Card, parse_card
from halli_pi.errors import InputError
from halli_pi.vision.reader import (
    KindModel,
    Profile,
    State,
    _candidates,
    _warp,
    _white_mask,
    blobs,
    read_card_image,
)

MAX_SHAPES = 16  # shape descriptors kept per kind


def card_in_view(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The largest whole card in the frame: (corners, upright card image), or None."""
    h, w = frame.shape[:2]
    white, _ = _white_mask(frame)
    cands = _candidates(white, h * w * 0.002, h * w * 0.5)
    if not cands:
        return None
    best = max(cands, key=lambda c: c.area)
    return best.corners, _warp(frame, best.corners)


@dataclass
class _Seen:
    ab: list[tuple[float, float]] = field(default_factory=list)
    areas: list[float] = field(default_factory=list)
    shapes: list[list[float]] = field(default_factory=list)


class Teacher:
    """Collects confirmed cards and turns them into a profile."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seen: dict[str, _Seen] = {}
        self.cards = 0
        self.mixed_seen = False  # a card with several kinds was shown

    def guess(self, card_img: np.ndarray) -> Card | None:
        if not self.seen:
            return None
        state, card, *_ = read_card_image(card_img, self.profile())
        return card if state == State.CARD else None

    def learn(self, card_img: np.ndarray, card: Card) -> str | None:
        """Learn from one confirmed card; a reason when it could not be used."""
        self.cards += 1
        if len(card.groups) != 1:
            self.mixed_seen = True
            return "a card with several kinds: confirmed, not learned from"
        count, kind = card.groups[0]
        found = blobs(card_img, with_shape=True) or []
        big = [b for b in found if b.area >= 0.3 * found[0].area] if found else []
        if len(big) != count:
            return f"saw {len(big)} symbols where the card has {count}: not learned from"
        seen = self.seen.setdefault(kind, _Seen())
        for b in big:
            seen.ab.append(b.ab)
            seen.areas.append(b.core)
            seen.shapes.append(b.shape)
        return None

    def profile(self) -> Profile:
        kinds = []
        for kind, seen in sorted(self.seen.items()):
            ab = np.array(seen.ab)
            centre = np.median(ab, axis=0)
            spread = float(np.percentile(np.linalg.norm(ab - centre, axis=1), 90)) / 2
            step = max(1, len(seen.shapes) // MAX_SHAPES)
            kinds.append(
                KindModel(
                    kind,
                    (float(centre[0]), float(centre[1])),
                    max(spread, 3.0),
                    float(np.median(seen.areas)),
                    seen.shapes[::step][:MAX_SHAPES],
                )
            )
        return Profile(
            self.name,
            kinds,
            made_by=f"halli-pi teach: {self.cards} cards shown",
            mixed=self.mixed_seen,
        )


def teach(
    frames: Iterable[np.ndarray],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    name: str,
    *,
    limit: int | None = None,
) -> Profile:
    """Walk the deck: every new card in view is shown to the person with the reader's guess;
    Enter accepts the guess, a card string corrects it, ``skip`` skips, ``done`` stops."""
    teacher = Teacher(name)
    last: tuple[np.ndarray, np.ndarray] | None = None
    for frame in frames:
        got = card_in_view(frame)
        if got is None:
            continue
        corners, card_img = got
        small = cv2.resize(card_img, (16, 24), interpolation=cv2.INTER_AREA).astype(np.int16)
        if (
            last is not None
            and float(np.abs(corners - last[0]).max()) < 4
            and float(np.abs(small - last[1]).mean()) < 6
        ):
            continue  # the same card still lies there
        last = (corners, small)
        guess = teacher.guess(card_img)
        prompt = f"card {teacher.cards + 1}: " + (
            f"looks like '{guess}' (Enter = yes, or type the card): "
            if guess
            else "what card is this? "
        )
        while True:
            answer = ask(prompt).strip()
            if answer.lower() in ("done", "quit", "q"):
                return _finish(teacher, say)
            if answer.lower() == "skip":
                card = None
                break
            if not answer and guess is not None:
                card = guess
                break
            try:
                card = parse_card(answer)
                break
            except InputError as err:
                say(f"  {err.message}; try again")
        if card is not None:
            why = teacher.learn(card_img, card)
            say(f"  {card}: " + (why or "learned"))
        if limit is not None and teacher.cards >= limit:
            break
    return _finish(teacher, say)


def _finish(teacher: Teacher, say: Callable[[str], None]) -> Profile:
    if not teacher.seen:
        raise InputError("no card was learned from; nothing to save")
    profile = teacher.profile()
    say(f"learned {len(profile.kinds)} kinds from {teacher.cards} cards")
    return profile


def save_profile(profile: Profile, path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(profile.to_json(), indent=1) + "\n", encoding="utf-8")


def quick_teach(
    frames: Iterable[np.ndarray],
    say: Callable[[str], None],
    base: Profile,
    name: str,
) -> Profile:
    """Teach a deck of known kinds (a clone of the classic deck, the classic deck under this
    table's light) in a minute: for each kind of ``base`` the person lays one card showing a
    single symbol of it, and the reader learns where this camera sees that kind's colour and
    how large one symbol is. Nothing is typed; the order of the kinds says which is which.
    Shapes and whether cards mix kinds are kept from ``base``."""
    kinds: list[KindModel] = []
    frames = iter(frames)
    last: np.ndarray | None = None
    for k in base.kinds:
        say(f"lay a card with one {k.kind}")
        for frame in frames:
            got = card_in_view(frame)
            if got is None:
                continue
            corners, card_img = got
            if last is not None and float(np.abs(corners - last).max()) < 4:
                continue  # the card before still lies there
            found = [b for b in blobs(card_img) or [] if b.chroma_frac >= 0.3]
            big = [b for b in found if b.area >= 0.3 * found[0].area] if found else []
            if len(big) != 1 or big[0].touches_edge:
                say(f"  saw {len(big)} whole symbols: lay a card with one {k.kind}")
                last = corners
                continue
            last = corners
            ab = big[0].ab
            kinds.append(KindModel(k.kind, ab, k.ab_std, big[0].core, k.shapes))
            say(f"  {k.kind}: learned")
            break
        else:
            raise InputError(f"the camera stopped before a card with one {k.kind} was shown")
    _check_apart(kinds)
    made_by = f"halli-pi teach --quick from {base.name}: one card per kind"
    return Profile(name, kinds, made_by=made_by, mixed=base.mixed)


def _check_apart(kinds: list[KindModel]) -> None:
    """Two kinds whose colours came out alike cannot be told apart: the same card shown
    twice, most likely."""
    from halli_pi.vision.reader import colour_distance

    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            if colour_distance(a.ab, b) < 1.0:
                raise InputError(
                    f"{a.kind} and {b.kind} came out the same colour: teach again, "
                    "one card per kind in the order asked"
                )
