"""The referee and the live page, joined: what the page shows, and what its controls do.

`PagePublisher` is a referee listener that turns decisions and outputs into the page's events
(halli_pi.web.hub): the one place those events are built. `RefereeControls` is what the page's
PIN-guarded controls call; every method checks its input first and raises InputError without
changing anything. `serve_page` and `announce_page` serve the page and say where it is, for
`run` and the demo alike.

A Hawaiki game (shared/HAWAIKI.md) is shown from the engine's own snapshot (the three tops,
hands as accounted, tokens, whose turn, who owes a thanks until when, a designation owed), and
its controls are the inputs only a person can give: each becomes the session-log event the
contract names and is ruled by the referee like the camera's and the buttons' events. When the
camera doubts a play (a card laid on its twin looks like no change), `PagePublisher.ask_play`
asks the page, and a person's confirmation becomes that `play`.
"""

from __future__ import annotations

import logging
import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules import GameStart, Options, get_ruleset
from halli_pi.rules.hawaiki import events as hawaiki_events
from halli_pi.rules.hawaiki.cards import HCard, parse_hcard
from halli_pi.rules.hawaiki.engine import HawaikiGame
from halli_pi.rules.hawaiki.events import HawaikiStart
from halli_pi.rules.hawaiki.ruleset import Hawaiki, HawaikiOptions
from halli_pi.web.hub import HAWAIKI_CONTROLS

if TYPE_CHECKING:
    from halli_pi.web.app import Server
    from halli_pi.web.hub import Controls

log = logging.getLogger(__name__)


class PagePublisher(RefereeListener):
    """Publishes the table's state and every ruling to the page's hub."""

    def __init__(self, hub: Any, referee: Referee | None = None) -> None:
        self.hub = hub
        self.referee = referee
        # per seat (a Hawaiki table: per pile): state, card, and its zone polygon
        self.zones: list[dict[str, Any]] = []
        self.image_size: tuple[int, int] | None = None  # of the camera view the zones are in

    def attach(self, referee: Referee) -> None:
        """The referee whose table the page shows (when it is made after the page)."""
        self.referee = referee

    def state(self, t: float | None = None) -> None:
        table = None if self.referee is None else self.referee.engine.snapshot()
        event: dict[str, Any] = {"type": "state", "t": t, "table": table, "zones": self.zones}
        if self.image_size is not None:
            event["image_size"] = list(self.image_size)
        self.hub.publish(event)

    def show_camera(self, t: float, image: Any, views: list[Any], polygons: list[Any]) -> None:
        """The camera view and what was read in each zone, for the page."""
        import cv2

        self.image_size = (int(image.shape[1]), int(image.shape[0]))
        self.zones = []
        for v in views:
            # A seat's zone (Halli Galli) or a pile's (Hawaiki: views carry `pile`, no seat).
            pile = getattr(v, "pile", None)
            key: int = v.seat if pile is None else pile
            zone: dict[str, Any] = {
                "seat": None if pile is not None else key,
                "state": str(v.state),
                "card": None if v.card is None else str(v.card),
                "zone": [[round(float(x), 1), round(float(y), 1)] for x, y in polygons[key]],
            }
            if pile is not None:
                zone["pile"] = pile
                zone["confidence"] = round(float(getattr(v, "confidence", 0.0)), 3)
            self.zones.append(zone)
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 70])
        if ok:
            self.hub.set_frame(buf.tobytes())
        self.state(t)

    def ask_play(
        self, t: float, pile: int, card: Any, *, seen_t: float | None = None, prior: str = ""
    ) -> None:
        """The camera saw a hand over ``pile`` and the same top after it (a card on its twin,
        or nothing laid): ask a person. A yes is a `play` control with these fields; a no
        dismisses the question. The referee is told nothing until then (it never guesses)."""
        snapshot = None if self.referee is None else self.referee.engine.snapshot()
        seat = None if snapshot is None else snapshot.get("to_act")
        question: dict[str, Any] = {
            "kind": "play",
            "text": f"Did {self._to_act()} lay a {card} on pile {pile}?",
            "t": t,
            "pile": pile,
            "card": str(card),
            "seat": seat,
            "seen_t": seen_t,
        }
        if prior:
            question["why"] = prior
        self.hub.ask(("play", pile), question)

    def ask_top(
        self,
        t: float,
        pile: int,
        *,
        dealt: bool = False,
        why: str = "",
        seen_t: float | None = None,
    ) -> None:
        """The camera cannot read ``pile``'s top after a hand's visit (or the card dealt
        there): ask a person to name it, as the terminal's ``laid PILE CARD`` does. The answer
        is the ``/api/hawaiki/top`` control; the referee is told nothing until then."""
        if dealt:
            text = f"Which card was dealt on pile {pile}? The camera cannot read it."
        else:
            text = f"Which card did {self._to_act()} lay on pile {pile}? The camera cannot read it."
        question: dict[str, Any] = {
            "kind": "unreadable",
            "text": text,
            "t": t,
            "pile": pile,
            "dealt": dealt,
            "seen_t": seen_t,
        }
        if why:
            question["why"] = why
        self.hub.ask(("unreadable", pile), question)

    def ask_reshuffle(self, t: float) -> None:
        """The stock zone is empty: a person rebuilds the draw pile (P16) and says so."""
        text = "The draw pile is empty: shuffle the discards under the three tops into it."
        self.hub.ask(("reshuffle", -1), {"kind": "reshuffle", "text": text, "t": t, "pile": -1})

    def withdraw_play(self, pile: int) -> None:
        """The question about ``pile`` no longer stands (answered at the terminal, or the
        round ended): it leaves the page."""
        self.withdraw("play", pile)

    def withdraw(self, kind: str, pile: int) -> None:
        """The camera's question of ``kind`` about ``pile`` (-1: the draw pile) no longer
        stands: it leaves the page."""
        self.hub.answer((kind, pile))

    def _to_act(self) -> str:
        """The name of the seat to act (the camera cannot see whose hand laid a card)."""
        snapshot = None if self.referee is None else self.referee.engine.snapshot()
        seat = None if snapshot is None else snapshot.get("to_act")
        players = [] if snapshot is None else snapshot.get("players") or []
        return players[seat]["name"] if isinstance(seat, int) and seat < len(players) else "someone"

    def on_input(self, event: Any) -> None:
        if event.type in ("play", "retract", "deal"):
            # The pile changed: a question about what it showed before no longer stands.
            piles = range(3) if event.type == "deal" else (event.pile,)
            for pile in piles:
                self.hub.answer(("play", pile))
        if event.type == "deal":  # every top is known again: read, or named by a person
            for pile in range(3):
                self.hub.answer(("unreadable", pile))
        if event.type == "reshuffle":  # the draw pile is there again
            self.hub.answer(("reshuffle", -1))
        if isinstance(event, GameStart):
            self.hub.publish(
                {
                    "type": "game",
                    "t": event.t,
                    "ruleset": event.ruleset,
                    "players": list(event.players),
                    "options": dict(event.options),
                    **(
                        {k: v for k, v in event.to_json().items() if k in _HAWAIKI_GAME}
                        if isinstance(event, HawaikiStart)
                        else {}
                    ),
                }
            )
        self.state(event.t)

    def on_decision(self, decision: Decision) -> None:
        event = decision.to_json()
        event["evidence"] = None if decision.id is None else f"/evidence/{decision.id}.jpg"
        if decision.evidence is not None and decision.id is not None:
            try:
                with open(decision.evidence, "rb") as f:
                    self.hub.add_evidence(decision.id, f.read())
            except OSError:
                event["evidence"] = None
        self.hub.publish(event)
        self.state(decision.ruling.t)

    def on_output(self, event: Any) -> None:
        if event.type != "notice":
            self.hub.publish(event.to_json())
            self.state(event.t)


# A Hawaiki `game` event's own fields, shown with the game on the page.
_HAWAIKI_GAME = ("tokens", "hands", "piles", "first")

SPOKEN = ("announce", "merci")  # written with source "phone" (HAWAIKI.md §1.3)


class RefereeControls:
    """The page's controls (halli_pi.web.hub.Controls, and HawaikiControls), acting on the
    referee."""

    def __init__(
        self,
        referee: Referee,
        now: Callable[[], float],
        *,
        seats: int | None = None,
        on_play_confirmed: Callable[[int], None] | None = None,
        on_play_dismissed: Callable[[int], None] | None = None,
        on_top_named: Callable[[int, HCard], None] | None = None,
        on_taken_back: Callable[[int, HCard | None], None] | None = None,
        on_reshuffled: Callable[[], None] | None = None,
    ) -> None:
        self.referee = referee
        self.now = now
        self.seats = seats  # the layout's seats: a game needs a player on each, no more
        # Told the pile of a play a person confirmed (the pile tracker keeps the twin beneath).
        self.on_play_confirmed = on_play_confirmed
        # Told the pile of a doubted play a person denied (the pile reader drops its question).
        self.on_play_dismissed = on_play_dismissed
        # Told the card a person named on a pile the camera cannot read (the pile reader makes
        # it the play, or the dealt card, it stood for, and tells the referee).
        self.on_top_named = on_top_named
        # Told the pile (and the card seen again, if named) of a top a person said was taken
        # back where the camera cannot read the pile (the pile reader makes it the `retract`).
        self.on_taken_back = on_taken_back
        # Told that a person said the draw pile was rebuilt (the pile reader stops prompting).
        self.on_reshuffled = on_reshuffled

    def new_game(self, players: list[str], ruleset: str, options: dict[str, Any]) -> None:
        if not isinstance(players, list) or not all(
            isinstance(p, str) and p.strip() for p in players
        ):
            raise InputError(f"players must be a list of names, got {players!r}", field="players")
        if not 2 <= len(players) <= 8:
            raise InputError(f"{len(players)} players; a game needs 2 to 8", field="players")
        if self.seats is not None and len(players) != self.seats:
            raise InputError(
                f"{len(players)} players for the {self.seats} seats of the table's layout; "
                "name one player per seat (or calibrate a layout for this many)",
                field="players",
            )
        for name, value in options.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise InputError(f"must be a finite number, got {value}", field=f"options.{name}")
        names = tuple(p.strip() for p in players)
        if ruleset == Hawaiki.name:
            if not Hawaiki.min_players <= len(players) <= Hawaiki.max_players:
                raise InputError(f"{len(players)} players; Hawaiki needs 2 to 6", field="players")
            HawaikiOptions.from_json(options)
            # The first round is dealt when the camera reads the three discards (or a `deal`).
            self.referee.new_game(HawaikiStart(self.now(), ruleset, names, dict(options)))
            return
        get_ruleset(ruleset)
        Options.from_json(options)
        self.referee.new_game(GameStart(self.now(), ruleset, names, dict(options)))

    def credit(self, ruling_id: int, seat: int) -> None:
        self.referee.credit(ruling_id, seat)

    def correct_card(self, seat: int, card: str, t: float | None) -> None:
        try:
            parsed = parse_card(card)
        except InputError as err:
            raise InputError(err.message, field="card") from None
        self.referee.correct_card(seat, parsed, t)

    def hawaiki(self, kind: str, fields: dict[str, Any]) -> None:
        """One of a Hawaiki table's controls, as the input event HAWAIKI.md names; checked
        against the game (seats, targets) before anything is given to the referee."""
        if kind not in HAWAIKI_CONTROLS:
            known = ", ".join(HAWAIKI_CONTROLS)
            raise InputError(f"no Hawaiki control {kind!r} (known: {known})", field="type")
        allowed = HAWAIKI_CONTROLS[kind]
        for name in fields:
            if name not in allowed:
                have = ", ".join(allowed) or "none"
                raise InputError(f"not a field of {kind!r} (its fields: {have})", field=name)
        game = self.referee.engine.game
        if not isinstance(game, HawaikiGame):
            raise InputError("no Hawaiki game is being played", field="type")
        if game.over:
            raise InputError("the game is over; start a new one", field="type")
        now = self.now()
        t = fields.get("t", now)
        if isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t) or t < 0:
            raise InputError(f"seconds on the session clock, got {t!r}", field="t")
        obj: dict[str, Any] = {**fields, "type": kind, "t": min(float(t), now)}
        if kind in SPOKEN:
            obj["source"] = "phone"
        event = hawaiki_events.event_from_json(obj, kind, obj["t"])
        _check_seats(game, obj)
        self.referee.submit(event)
        if kind == "play" and self.on_play_confirmed is not None:
            self.on_play_confirmed(obj["pile"])
        if kind == "reshuffle" and self.on_reshuffled is not None:
            self.on_reshuffled()

    def name_top(self, pile: Any, card: Any) -> None:
        """A person names the card on ``pile``, whose top the camera cannot read (the
        terminal's ``laid PILE CARD``). Nothing is given to the referee here: the pile reader
        turns the answer into the `play` it stood for, stamped at the hand's visit, or into the
        dealt card that completes the `deal`."""
        _check_pile(self.referee, pile)
        parsed = _named_card(card)
        if self.on_top_named is None:
            raise InputError("no camera reads this table's piles: nothing asks", field="pile")
        self.on_top_named(pile, parsed)

    def take_back_top(self, pile: Any, card: Any = None) -> None:
        """A person says the top of ``pile``, which the camera cannot read, was taken back (the
        older card shows again; ``card``, if given, is the card they see). The pile reader
        checks it against what the camera and the referee know and turns it into the
        `retract`, stamped at the hand's visit."""
        _check_pile(self.referee, pile)
        parsed = None if card is None else _named_card(card)
        if self.on_taken_back is None:
            raise InputError("no camera reads this table's piles: nothing asks", field="pile")
        self.on_taken_back(pile, parsed)

    def dismiss_play(self, pile: int) -> None:
        """A person says nothing was laid on ``pile``: the referee is told nothing."""
        if self.on_play_dismissed is not None:
            self.on_play_dismissed(pile)

    def end_game(self) -> None:
        game = self.referee.engine.game
        if game is None or game.over:
            raise InputError("no game is being played")
        self.referee.end(self.now())


def _check_pile(referee: Referee, pile: Any) -> None:
    """A pile named by a person answering the camera: of a Hawaiki game being played."""
    game = referee.engine.game
    if not isinstance(game, HawaikiGame):
        raise InputError("no Hawaiki game is being played", field="type")
    if game.over:
        raise InputError("the game is over; start a new one", field="type")
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < hawaiki_events.PILES:
        raise InputError(f"a pile number (0, 1, 2) is needed, got {pile!r}", field="pile")


def _named_card(card: Any) -> HCard:
    try:
        return parse_hcard(card)
    except InputError as err:
        raise InputError(err.message, field="card") from None


def _check_seats(game: HawaikiGame, obj: dict[str, Any]) -> None:
    """What a control names must be of this game: its seats, targets, first seat, hands."""
    n = game.n
    for name in ("seat", "first"):
        seat = obj.get(name)
        if seat is not None and not 0 <= seat < n:
            raise InputError(f"{seat!r} is not a seat of this game (0..{n - 1})", field=name)
    for target in obj.get("targets") or ():
        if not 0 <= target < n:
            raise InputError(f"{target!r} is not a seat of this game (0..{n - 1})", field="targets")
        if target == obj.get("seat"):
            name = game.players[target]
            raise InputError(f"{name} cannot designate themself", field="targets")
    hands = obj.get("hands")
    if hands is not None and len(hands) != n:
        raise InputError(f"{len(hands)} hands for {n} players", field="hands")


def serve_page(
    controls: Controls,
    reader: Any,
    *,
    host: str,
    port: int,
    pin: str | None,
    proxy: str | None = None,
    hosts: tuple[str, ...] = (),
) -> tuple[PagePublisher, Server]:
    """Serve the table's page: its controls act through ``controls``, its history and stats
    are read through ``reader`` (the log). The publisher is the referee listener that feeds it
    (halli_pi.runtime.session.TableSession.show_page)."""
    from halli_pi.web.app import serve
    from halli_pi.web.hub import Hub

    hub = Hub(controls=controls, store=reader)
    publisher = PagePublisher(hub)
    server = serve(hub, host=host, port=port, pin=pin, proxy=proxy, hosts=hosts)
    return publisher, server


def announce_page(url: str, host: str, pin: str | None, *, headless: bool) -> None:
    """The page's address and PIN: on the terminal with a QR code, or, headless (the service),
    in the log, which is where a person at a headless Pi finds them (journalctl -u halli-pi)."""
    from halli_pi.web.app import is_local, qr_text

    if not is_local(host):
        log.warning(
            "the page is served beyond this machine (%s): anyone on the network can watch, "
            "and the table PIN is all that guards the controls",
            host,
        )
    if pin and len(pin) < 6:
        log.warning(
            "the table PIN has %d digits: even at 30 wrong PINs a minute a guesser finds it in "
            "hours; 6 or more (or none in the config: a random one each start) take weeks",
            len(pin),
        )
    if headless:
        log.warning("the table's page: %s  (table PIN for its controls: %s)", url, pin)
        return
    print(qr_text(url), file=sys.stderr)
    print(f"the table's page: {url}", file=sys.stderr)
    if pin:
        print(f"table PIN for the page's controls: {pin}", file=sys.stderr)


__all__ = ["PagePublisher", "RefereeControls", "announce_page", "serve_page"]
