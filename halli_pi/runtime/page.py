"""The referee and the live page, joined: what the page shows, and what its controls do.

`PagePublisher` is a referee listener that turns decisions and outputs into the page's events
(halli_pi.web.hub): the one place those events are built. `RefereeControls` is what the page's
PIN-guarded controls call; every method checks its input first and raises InputError without
changing anything. `serve_page` and `announce_page` serve the page and say where it is, for
`run` and the demo alike.
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
from halli_pi.rules.events import InputEvent, OutputEvent

if TYPE_CHECKING:
    from halli_pi.web.app import Server
    from halli_pi.web.hub import Controls

log = logging.getLogger(__name__)


class PagePublisher(RefereeListener):
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
        event: dict[str, Any] = {"type": "state", "t": t, "table": table, "zones": self.zones}
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
