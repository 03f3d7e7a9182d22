"""The referee and the live page, joined: what the page shows, and what its controls do.

`PagePublisher` is a referee listener that turns decisions and outputs into the page's events
(halli_pi.web.hub). `RefereeControls` is what the page's PIN-guarded controls call; every
method checks its input first and raises InputError without changing anything.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.referee import Decision, Referee
from halli_pi.rules import GameStart, Options, get_ruleset
from halli_pi.rules.events import InputEvent, OutputEvent


class PagePublisher:
    """Publishes the table's state and every ruling to the page's hub."""

    def __init__(self, hub: Any, referee: Referee | None = None) -> None:
        self.hub = hub
        self.referee = referee
        self.zones: list[dict[str, Any]] = []  # per seat: state, card, and its zone polygon
        self.image_size: tuple[int, int] | None = None  # of the camera view the zones are in

    def attach(self, referee: Referee) -> None:
        """The referee whose table the page shows (when it is made after the page)."""
        self.referee = referee

    def state(self, t: float | None = None) -> None:
        table = None if self.referee is None else self.referee.engine.snapshot()
        event = {"type": "state", "t": t, "table": table, "zones": self.zones}
        if self.image_size is not None:
            event["image_size"] = list(self.image_size)
        self.hub.publish(event)

    def show_camera(self, t: float, image: Any, views: list[Any], polygons: list[Any]) -> None:
        """The camera view and what was read in each zone, for the page."""
        import cv2

        self.image_size = (int(image.shape[1]), int(image.shape[0]))
        self.zones = [
            {
                "seat": v.seat,
                "state": str(v.state),
                "card": None if v.card is None else str(v.card),
                "zone": [[round(float(x), 1), round(float(y), 1)] for x, y in polygons[v.seat]],
            }
            for v in views
        ]
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 70])
        if ok:
            self.hub.set_frame(buf.tobytes())
        self.state(t)

    def on_input(self, event: InputEvent) -> None:
        if isinstance(event, GameStart):
            self.hub.publish(
                {
                    "type": "game",
                    "t": event.t,
                    "ruleset": event.ruleset,
                    "players": list(event.players),
                    "options": dict(event.options),
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

    def on_output(self, event: OutputEvent) -> None:
        if event.type != "notice":
            self.hub.publish(event.to_json())
            self.state(event.t)


class RefereeControls:
    """The page's controls (halli_pi.web.hub.Controls), acting on the referee."""

    def __init__(
        self, referee: Referee, now: Callable[[], float], *, seats: int | None = None
    ) -> None:
        self.referee = referee
        self.now = now
        self.seats = seats  # the layout's seats: a game needs a player on each, no more

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
        get_ruleset(ruleset)
        Options.from_json(options)
        self.referee.new_game(
            GameStart(self.now(), ruleset, tuple(p.strip() for p in players), dict(options))
        )

    def credit(self, ruling_id: int, seat: int) -> None:
        self.referee.credit(ruling_id, seat)

    def correct_card(self, seat: int, card: str, t: float | None) -> None:
        try:
            parsed = parse_card(card)
        except InputError as err:
            raise InputError(err.message, field="card") from None
        self.referee.correct_card(seat, parsed, t)

    def end_game(self) -> None:
        game = self.referee.engine.game
        if game is None or game.over:
            raise InputError("no game is being played")
        self.referee.end(self.now())


__all__ = ["PagePublisher", "RefereeControls"]
