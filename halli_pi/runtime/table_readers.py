"""What the camera reads at a table, as the session's per-frame step needs it.

Halli Galli reads a face-up pile per seat (the card `Tracker`: reveals); Hawaiki reads three
discard piles (the `PileTracker`: plays, take-backs, deals, and the doubts a person must settle).
Both give the session the same things each frame: the input events seen, the time up to which
the camera has reported everything, what it cannot see, and what each zone shows (for the
evidence image and the page). The session loop is written once against this shape.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from halli_pi.rules.hawaiki.events import Deal, Play, Retract

if TYPE_CHECKING:
    import numpy as np

    from halli_pi.rules.session import SessionInput
    from halli_pi.vision.hawaiki.piles import PileEvent, PileTracker
    from halli_pi.vision.tracker import Tracker

# What each zone showed, as the evidence image labels it: {zone: (state, card, note)}.
Readings = dict[int, tuple[str, str | None, Any]]
# Gives a person's answers to the referee (the table session's `told`).
Tell = Callable[[Sequence["SessionInput"]], None]


class TableReader(Protocol):
    """The camera's side of one table, fed every frame."""

    def update(self, image: np.ndarray, t: float) -> Sequence[SessionInput]:
        """Read one frame of session time `t`; the input events it completes."""
        ...

    def settled_until(self, t: float) -> float:
        """Everything the camera saw up to this time has been reported."""
        ...

    def blind_reason(self, names: Sequence[str]) -> str | None:
        """What cannot be seen right now, in words, or None."""
        ...

    def readings(self) -> Readings: ...

    def views(self) -> list[Any]:
        """What each zone shows, for the page's camera view."""
        ...

    def polygons(self) -> list[Any]:
        """The zones in image pixels, in the order the views number them."""
        ...

    def zone_labels(self, names: Sequence[str]) -> list[tuple[int, str, Any]]:
        """(key, label, zone) per zone, for the evidence image."""
        ...


class CardReader:
    """Halli Galli: a face-up pile per seat, read by the card tracker."""

    def __init__(self, tracker: Tracker) -> None:
        self.tracker = tracker

    def update(self, image: np.ndarray, t: float) -> Sequence[SessionInput]:
        return self.tracker.update(image, t)

    def settled_until(self, t: float) -> float:
        return self.tracker.settled_until(t)

    def blind_reason(self, names: Sequence[str]) -> str | None:
        seats = self.tracker.covered_seats()
        if not seats:
            return None
        who = [names[s] if s < len(names) else f"seat {s}" for s in seats]
        return ", ".join(who) + ("'s pile is" if len(who) == 1 else "' piles are") + " covered"

    def readings(self) -> Readings:
        return {
            v.seat: (str(v.state), None if v.card is None else str(v.card), None)
            for v in self.tracker.view()
        }

    def views(self) -> list[Any]:
        return list(self.tracker.view())

    def polygons(self) -> list[Any]:
        return [z.zone for z in self.tracker.zones]

    def zone_labels(self, names: Sequence[str]) -> list[tuple[int, str, Any]]:
        return [
            (z.seat, names[z.seat] if z.seat < len(names) else str(z.seat), z.zone)
            for z in self.tracker.zones
        ]


@dataclass(frozen=True)
class Ask:
    """A question the camera cannot answer, for a person (the page, the terminal)."""

    kind: str  # "play": did a card land on this pile?  "unreadable": what is on top?
    pile: int
    t: float  # start of the hand's visit to the pile
    card: Any = None  # the card read on top (for "play")
    seen_t: float | None = None
    why: str = ""  # the camera's reason to ask
    dealt: bool = False  # "unreadable": the top is the card dealt there, not a hand's play

    def question(self) -> str:
        if self.kind == "reshuffle":
            return "the draw pile is empty: shuffle the discards under the three tops into it"
        if self.kind == "play":
            because = f" ({self.why})" if self.why else ""
            return f"did a {self.card} land on pile {self.pile}?{because}"
        if self.dealt:
            why = self.why or "no reading"
            return f"pile {self.pile}'s dealt card cannot be read ({why}): which card is it?"
        why = self.why or "no reading"
        return f"pile {self.pile} cannot be read ({why}): what lies on top, or was it taken back?"


class PileReader:
    """Hawaiki: the three discard piles, read by the pile tracker.

    It keeps the tracker in step with the game: a round over means the next cards on the piles
    are a deal, and an announcement that may claim a pair makes an unchanged top after a hand
    worth asking about. A sure play or take-back becomes a `play`/`retract` event; three dealt
    piles a `deal`; a doubt an `Ask` that waits for a person (the referee never guesses)."""

    def __init__(self, tracker: PileTracker, snapshot: Callable[[], dict[str, Any] | None]) -> None:
        self.tracker = tracker
        self._snapshot = snapshot
        self.asks: list[Ask] = []
        # The camera's thread reads and asks; a person answers from the page's or the
        # keyboard's thread: one at a time, so no answer is lost to a list being replaced.
        self._lock = threading.RLock()
        self.deals = 0  # deals reported
        self._expecting = True  # a new tracker takes the first cards it sees as a deal
        self._dealt: list[PileEvent] = []

    def update(self, image: np.ndarray, t: float) -> Sequence[SessionInput]:
        with self._lock:
            return self._update(image, t)

    def _update(self, image: np.ndarray, t: float) -> Sequence[SessionInput]:
        from halli_pi.vision.hawaiki.piles import PileEventKind

        self._follow_game()
        out: list[SessionInput] = []
        for ev in self.tracker.update(image, t):
            if ev.kind in (PileEventKind.PLAY, PileEventKind.RETRACT):
                self._read_after_all(ev.pile, ev.t)
            if ev.kind == PileEventKind.PLAY and ev.card is not None:
                out.append(Play(ev.t, ev.pile, ev.card, None, ev.seen_t))
            elif ev.kind == PileEventKind.RETRACT:
                out.append(Retract(ev.t, ev.pile))
            elif ev.kind == PileEventKind.DEALT:
                self._dealt.append(ev)
            elif ev.kind == PileEventKind.ASK_PLAY:
                self.asks.append(Ask("play", ev.pile, ev.t, ev.card, ev.seen_t, ev.prior))
            elif ev.kind == PileEventKind.UNREADABLE:
                why = "" if ev.doubt is None else str(ev.doubt)
                dealt = self.tracker.dealing(ev.pile)
                ask = Ask("unreadable", ev.pile, ev.t, seen_t=ev.seen_t, why=why, dealt=dealt)
                self.asks.append(ask)
            elif ev.kind == PileEventKind.STOCK_EMPTY:
                self.asks.append(Ask("reshuffle", -1, ev.t, why="the stock zone is empty"))
            elif ev.kind == PileEventKind.STOCK_BACK:
                self.reshuffled()
        piles = self.tracker.dealt()
        if self._expecting and piles is not None:
            self._expecting = False
            self.deals += 1
            # The deal is complete when its last pile was read (or now, when a person named
            # the last).
            when = max((e.seen_t if e.seen_t is not None else e.t for e in self._dealt), default=t)
            self._dealt = []
            out.append(Deal(when, tuple(piles)))
        return out

    def _follow_game(self) -> None:
        snap = self._snapshot()
        if snap is None or snap.get("ruleset") != "hawaiki":
            return
        over = not snap["playing"] and not snap["over"] and snap["round"] >= self.deals
        if over and not self._expecting:
            # The round is over: the cards laid next are the new round's discards.
            self._expecting = True
            self._dealt = []
            self.asks = [a for a in self.asks if a.kind != "play"]
            self.tracker.expect_deal()
        held = snap.get("announced")
        self.tracker.hold_announcement(held == "any" or (isinstance(held, list) and "pair" in held))

    def _read_after_all(self, pile: int, t: float) -> None:
        """The top the camera could not read was read in the end, in the same visit of a hand:
        no one need say what it is. (A later visit's card leaves the question open.)"""
        self.asks = [
            a
            for a in self.asks
            if not (a.kind == "unreadable" and a.pile == pile and t <= (a.seen_t or a.t))
        ]

    # --- a person answers -----------------------------------------------------------------

    def confirm(self, pile: int, tell: Tell | None = None) -> Play:
        """A person says the asked card did land on `pile`: the play to tell the referee
        (`tell`: told it before the question closes, see `lay`)."""
        with self._lock:
            ask = self._take(pile, "play")
            self.tracker.confirm_play(pile, ask.t)
            play = Play(ask.t, pile, ask.card, None, ask.seen_t)
            if tell is not None:
                tell([play])
            return play

    def confirmed(self, pile: int) -> None:
        """The page's confirmation of the asked play already reached the referee (as a `play`
        control): the question is closed and the tracker keeps the twin beneath. A play a
        person gave with no question open about its pile changes nothing here."""
        with self._lock:
            if any(a.pile == pile and a.kind == "play" for a in self.asks):
                ask = self._take(pile, "play")
                self.tracker.confirm_play(pile, ask.t)

    def lay(self, pile: int, card: Any, tell: Tell | None = None) -> list[SessionInput]:
        """A person says which card lies on `pile`, whose top the camera cannot read: the play
        to tell the referee, or nothing when it is the card dealt there (the deal is told
        once every pile's dealt card is known, read or named). A card the referee could not
        take as that pile's new top is refused (see `_check_new_top`) and the question stays.

        `tell` is given the play while the question still holds the camera's watermark at the
        hand: from another thread than the camera's, the referee cannot rule past the hand's
        time in between (the play would then be logged later than it was laid)."""
        with self._lock:
            ask = self._find(pile, "unreadable")
            if not ask.dealt:
                self._check_new_top(ask, card)
            self.asks.remove(ask)
            self.tracker.name_top(pile, card, ask.t)  # its later reading is no new play
            told: list[SessionInput] = (
                [] if ask.dealt else [Play(ask.t, pile, card, None, ask.seen_t)]
            )
            if tell is not None:
                tell(told)
            return told

    def take_back(self, pile: int, card: Any = None, tell: Tell | None = None) -> Retract:
        """A person says the hand the camera could not follow took the top of `pile` back
        (the older card shows again; `card`, if given, is the one they see): the `retract` to
        tell the referee, stamped at the hand's visit like the play it undoes would be.

        HAWAIKI.md P12: only a card ruled illegal or out of turn is taken back. So the answer
        is refused, and the question stays, unless the referee holds that pile awaiting a
        take-back of the very card the camera saw on top, the camera knows a card beneath it,
        and `card` (if given) is that card: the referee never guesses."""
        from halli_pi.errors import InputError

        with self._lock:
            ask = self._find(pile, "unreadable")
            if ask.dealt:
                raise InputError(
                    f"pile {pile}'s dealt card must be named: nothing was laid to take back",
                    field="taken_back",
                )
            found, beneath = self._asked_top(ask)
            held, awaiting = self._referee_top(pile)
            if not awaiting:
                raise InputError(
                    f"pile {pile} awaits no take-back: only a card ruled illegal or out of "
                    "turn is taken back; name the card that lies on top",
                    field="taken_back",
                )
            if found != held:
                raise InputError(
                    f"pile {pile}: the camera saw {found} on top where the referee holds "
                    f"{held}: name the card that lies on top",
                    field="taken_back",
                )
            if beneath is None:
                raise InputError(
                    f"pile {pile}: the camera knows no card beneath {held}: name the card "
                    "that lies on top",
                    field="taken_back",
                )
            if card is not None and card != beneath:
                raise InputError(
                    f"pile {pile}: {card} is not the card beneath {held}; taking {held} back "
                    f"shows {beneath} again",
                    field="card",
                )
            self.asks.remove(ask)
            self.tracker.name_take_back(pile, ask.t)  # its later reading is no new play
            retract = Retract(ask.t, pile)
            if tell is not None:
                tell([retract])
            return retract

    def _check_new_top(self, ask: Ask, card: Any) -> None:
        """A card named as played on the asked pile must be one the referee can take there: a
        pile awaiting a take-back takes no card until then (P12), and the card beneath its
        top, named then, is a take-back that must be said to be one (as a play it would log
        a play no one made). A card that does not match the top is taken: the referee rules
        it illegal and asks for it back, as it would if the camera had read it (P12)."""
        from halli_pi.errors import InputError

        held, awaiting = self._referee_top(ask.pile)
        if not awaiting:
            return
        _, beneath = self._asked_top(ask)
        if card == held:
            raise InputError(
                f"pile {ask.pile}: {card} is the card that awaits its take-back: if the hand "
                "laid nothing, say that nothing was laid",
                field="card",
            )
        if card == beneath:
            raise InputError(
                f"pile {ask.pile}: {card} is the card beneath {held}, which awaits its "
                "take-back: say it was taken back",
                field="card",
            )
        under = "" if beneath is None else f", and it is not the card beneath ({beneath})"
        raise InputError(
            f"pile {ask.pile} awaits the take-back of {held}: {card} cannot be its new top{under}",
            field="card",
        )

    def _asked_top(self, ask: Ask) -> tuple[Any, Any]:
        """(the top the asked hand found on its pile, the card beneath it) as the camera knew
        them; None where it knew no card."""
        stack = self.tracker.asked_stack(ask.pile, ask.t)
        return (
            stack[-1] if stack else None,
            stack[-2] if len(stack) >= 2 else None,
        )

    def _referee_top(self, pile: int) -> tuple[Any, bool]:
        """(the top the referee holds on `pile`, whether it awaits a take-back). The referee
        has ruled up to the asked hand and no further (the question holds its watermark)."""
        from halli_pi.rules.hawaiki.cards import parse_hcard

        snap = self._snapshot()
        if snap is None or snap.get("ruleset") != "hawaiki" or not snap.get("playing"):
            return None, False
        top = snap["tops"][pile]
        return (None if top is None else parse_hcard(top)), bool(snap["awaiting_take_back"][pile])

    def dismiss(self, pile: int) -> None:
        """A person says nothing was laid (a hand only hovered): the question is dropped."""
        with self._lock:
            self._take(pile, None)

    def reshuffled(self) -> None:
        """The draw pile is there again (seen, or a person said so): no more prompting."""
        with self._lock:
            self.asks = [a for a in self.asks if a.kind != "reshuffle"]

    def _take(self, pile: int, kind: str | None) -> Ask:
        ask = self._find(pile, kind)
        self.asks.remove(ask)
        return ask

    def _find(self, pile: int, kind: str | None) -> Ask:
        """The open question about `pile` (of `kind`, if given), left open."""
        for ask in self.asks:
            if ask.pile == pile and ask.kind != "reshuffle" and (kind is None or ask.kind == kind):
                return ask
        from halli_pi.errors import InputError

        raise InputError(f"no question is open about pile {pile}", field="pile")

    # --- the session's view --------------------------------------------------------------

    def settled_until(self, t: float) -> float:
        # A play the camera doubts (or a top it cannot read after a hand's visit) holds the
        # ruling at its time until a person answers: what follows is ruled after it.
        with self._lock:
            marks = [a.t - 1e-6 for a in self.asks if a.kind in ("play", "unreadable")]
        return min([self.tracker.settled_until(t), *marks])

    def blind_reason(self, names: Sequence[str]) -> str | None:
        piles = self.tracker.covered_piles()
        if not piles:
            return None
        which = ", ".join(str(p) for p in piles)
        return f"pile {which} is covered" if len(piles) == 1 else f"piles {which} are covered"

    def readings(self) -> Readings:
        return {
            v.pile: (str(v.state), None if v.card is None else str(v.card), None)
            for v in self.tracker.view()
        }

    def views(self) -> list[Any]:
        return list(self.tracker.view())

    def polygons(self) -> list[Any]:
        return [p.zone for p in self.tracker.piles]

    def zone_labels(self, names: Sequence[str]) -> list[tuple[int, str, Any]]:
        return [(p.pile, f"pile {p.pile}", p.zone) for p in self.tracker.piles]
