"""A fake table that drives a Hub: for tests, and for trying the page without the referee.

It plays a simulated game (``halli_pi.simulate.simulate_game``) through the real rules
``Engine`` and publishes what the referee would: the game, a state event after every reveal, a
ruling for every burst of presses (with an evidence photo), eliminations and the game's end. It
also implements the page's ``Controls`` in memory, so the controls can be tried and tested.

Like gpiozero's mock pins it can be scripted by hand, so a test reads like a game at the table::

    table = FakeTable(hub, players=["Ana", "Bo"], autoplay=False)
    table.reveal(0, "3 plum"); table.reveal(1, "2 plum"); table.press(1, at=2.4)
    table.settle()          # the burst's window closes: the ruling is published

or played in time from a background thread: ``table.start(speed=4)`` ... ``table.stop()``.

What it does not do: a credit or a card correction is shown (the ruling is re-published as
corrected, the log of corrections keeps both) but the fake does not re-judge the game or move
cards; the real referee does that.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.rules import Engine, GameStart, Press, Reveal, Ruling
from halli_pi.rules.events import Eliminated, End, GameOver, InputEvent, Notice, OutputEvent
from halli_pi.web import fakeview
from halli_pi.web.hub import Hub


@dataclass(frozen=True)
class Correction:
    """What a person changed through the page, kept beside what it replaced."""

    kind: str  # "credit" | "card"
    ruling_id: int | None
    seat: int
    original: Any
    corrected: Any


class FakeTable:
    """Publishes a simulated game to ``hub`` and answers its controls (``hub.controls = self``)."""

    def __init__(
        self,
        hub: Hub,
        *,
        players: int | list[str] = 4,
        seed: int = 7,
        ruleset: str = "classic",
        options: dict[str, Any] | None = None,
        shared_bell: bool = False,
        provisional_every: int = 3,
        frames: bool = True,
        autoplay: bool = True,
    ) -> None:
        self.hub = hub
        self.seed = seed
        self.shared_bell = shared_bell
        self.provisional_every = provisional_every
        self.frames = frames
        self.corrections: list[Correction] = []
        self._lock = threading.RLock()
        self._ruling_ids = 0
        self._rulings: dict[int, dict[str, Any]] = {}
        self._pending: list[dict[str, Any]] = []  # provisional rulings awaiting confirmation
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._t = 0.0
        hub.controls = self
        names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else players
        if autoplay:
            self._load(list(names), ruleset, options or {}, seed)
        else:
            self._begin(list(names), ruleset, options or {}, script=[])

    # -- the game ----------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self._players)

    @property
    def done(self) -> bool:
        with self._lock:
            return self._next >= len(self._script) and self.engine.burst_closes_at is None

    def _load(self, players: list[str], ruleset: str, options: dict[str, Any], seed: int) -> None:
        from halli_pi.simulate import simulate_game

        try:
            sim = simulate_game(
                players=len(players),
                seed=seed,
                ruleset=ruleset,
                options=options,
                names=tuple(players),
                start_t=self._t,
                shared_bell=self.shared_bell,
            )
        except ValueError as err:
            raise InputError(str(err), field="players") from None
        self._begin(players, ruleset, options, script=sim.events[1:])

    def _begin(
        self, players: list[str], ruleset: str, options: dict[str, Any], script: list[InputEvent]
    ) -> None:
        """Start a game on a fresh engine (validating it there first) and publish it."""
        engine = Engine()
        start = GameStart(self._t, ruleset, tuple(players), dict(options))
        outputs = engine.feed(start)  # raises InputError on a bad ruleset, options, players
        self.engine = engine
        self._players = list(players)
        self._script = list(script)
        self._next = 0
        self._pending.clear()
        self.hub.publish(start.to_json())
        self._publish_outputs(outputs)
        self._publish_state()

    def step(self) -> bool:
        """Feed the next input event of the simulated game; False when there is none left."""
        with self._lock:
            self._confirm_pending()
            closes = self.engine.burst_closes_at
            if self._next >= len(self._script):
                if closes is not None:
                    self._publish_outputs(self.engine.advance(closes))
                    return True
                return False
            event = self._script[self._next]
            if closes is not None and closes < event.t:
                # The window closed before the next event: rule now, as the referee would.
                self._t = closes
                self._publish_outputs(self.engine.advance(closes))
                return True
            self._next += 1
            self._feed(event)
            return True

    def play(self, steps: int | None = None, *, until_ruling: bool = False) -> int:
        """Step synchronously: ``steps`` times, or until a ruling was published, or to the end."""
        done = 0
        start = self._ruling_ids
        while (steps is None or done < steps) and self.step():
            done += 1
            if until_ruling and self._ruling_ids > start:
                break
        return done

    # scripted play, for tests that read like a game at the table
    def reveal(self, seat: int, card: str, at: float | None = None) -> None:
        with self._lock:
            self._feed(Reveal(self._at(at), seat, parse_card(card)))

    def press(self, seat: int | None, at: float | None = None, source: str = "button") -> None:
        with self._lock:
            self._feed(Press(self._at(at), seat, source))

    def settle(self) -> None:
        """Close an open burst (its window has passed) and confirm provisional rulings."""
        with self._lock:
            closes = self.engine.burst_closes_at
            if closes is not None:
                self._t = max(self._t, closes)
                self._publish_outputs(self.engine.advance(closes))
            self._confirm_pending()

    def _at(self, at: float | None) -> float:
        return round(self._t + 0.5 if at is None else at, 6)

    def _feed(self, event: InputEvent) -> None:
        self._t = max(self._t, event.t)
        outputs = self.engine.feed(event)
        self._publish_outputs(outputs)
        if isinstance(event, Reveal):
            self._publish_state()

    # -- in time, from a thread ---------------------------------------------------------------
    def start(self, speed: float = 1.0, *, loop: bool = True, pause_s: float = 3.0) -> None:
        """Play in (sped-up) table time from a background thread; ``loop`` deals new games."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._run, args=(speed, loop, pause_s), name="fake-table", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None

    def _run(self, speed: float, loop: bool, pause_s: float) -> None:
        while not self._stop.is_set():
            with self._lock:
                due = self._next_due()
                now_t = self._t
            if due is None:
                if not loop or self._stop.wait(pause_s):
                    return
                with self._lock:
                    self.seed += 1
                    self._t += 5.0
                    self._load(self._players, self.engine.game.ruleset.name, {}, self.seed)
                continue
            if self._stop.wait(max(0.0, (due - now_t) / speed)):
                return
            self.step()

    def _next_due(self) -> float | None:
        closes = self.engine.burst_closes_at
        if self._next < len(self._script):
            t = self._script[self._next].t
            return t if closes is None else min(t, closes)
        return closes

    # -- publishing ---------------------------------------------------------------------------
    def _publish_outputs(self, outputs: list[OutputEvent]) -> None:
        for out in outputs:
            if isinstance(out, Ruling):
                self._publish_ruling(out)
            elif isinstance(out, Eliminated | GameOver | Notice):
                self.hub.publish(out.to_json())
        if any(isinstance(o, Ruling | Eliminated | GameOver) for o in outputs):
            self._publish_state()

    def _publish_ruling(self, ruling: Ruling) -> None:
        self._ruling_ids += 1
        rid = self._ruling_ids
        provisional = bool(self.provisional_every) and rid % self.provisional_every == 0
        event = ruling.to_json() | {
            "id": rid,
            "status": "provisional" if provisional else "final",
            "names": list(self._players),
            "evidence": None,
        }
        if self.frames:
            snap = self.engine.snapshot()
            caption = f"ruling {rid} at t={ruling.t:.3f}: {ruling.reason}"[:80]
            self.hub.add_evidence(rid, fakeview.draw_table(snap, self._zones(snap), caption))
            event["evidence"] = f"/evidence/{rid}.jpg"
        self._rulings[rid] = event
        self.hub.publish(event)
        if provisional:
            self._pending.append(event)

    def _confirm_pending(self) -> None:
        for event in self._pending:
            confirmed = event | {"status": "final"}
            self._rulings[event["id"]] = confirmed
            self.hub.publish(confirmed)
        self._pending.clear()

    def _publish_state(self) -> None:
        snap = self.engine.snapshot()
        zones = self._zones(snap)
        self.hub.publish(
            {
                "type": "state",
                "t": self._t,
                "table": snap,
                "zones": zones,
                "image_size": list(fakeview.SIZE),
            }
        )
        if self.frames:
            # The live view comes plain: the page draws the zones and cards over it.
            self.hub.set_frame(fakeview.draw_table(snap, zones, annotate=False))

    def _zones(self, snap: dict[str, Any] | None) -> list[dict[str, Any]]:
        if not snap:
            return []
        boxes = fakeview.zone_boxes(len(snap["players"]))
        return [
            {
                "seat": p["seat"],
                "state": "card" if p["top"] else "empty",
                "card": p["top"],
                "confidence": 1.0 if p["top"] else None,
                "zone": fakeview.zone_polygon(boxes[p["seat"]]),
            }
            for p in snap["players"]
        ]

    # -- Controls ----------------------------------------------------------------------------
    def new_game(self, players: list[str], ruleset: str, options: dict[str, Any]) -> None:
        # Judge the request on a scratch engine first, so a refused game changes nothing.
        Engine().feed(GameStart(0.0, ruleset, tuple(players), dict(options)))
        with self._lock:
            previous = self.engine
            if previous.game is not None and not previous.game.over:
                self._t += 0.001
                self._publish_outputs(previous.feed(End(self._t)))
            self.seed += 1
            self._t += 1.0
            self._load(list(players), ruleset, dict(options), self.seed)

    def credit(self, ruling_id: int, seat: int) -> None:
        with self._lock:
            event = self._ruling(ruling_id)
            if not event.get("uncredited"):
                raise InputError(
                    f"ruling {ruling_id} needs no credit: only a correct ring of a shared bell "
                    "that could not tell who rang does",
                    field="ruling_id",
                )
            self._check_seat(seat)
            name = self._players[seat]
            presses = [
                p | {"seat": seat} if p.get("seat") is None and p.get("verdict") == "correct" else p
                for p in event.get("presses", [])
            ]
            corrected = event | {
                "status": "corrected",
                "winner": seat,
                "presses": presses,
                "uncredited": False,
                "reason": f"{event.get('reason', '')}; credited to {name} at the table",
            }
            self.corrections.append(Correction("credit", ruling_id, seat, event, corrected))
            self._rulings[ruling_id] = corrected
            self.hub.publish(corrected)

    def correct_card(self, seat: int, card: str, t: float | None) -> None:
        with self._lock:
            self._check_seat(seat)
            new = str(parse_card(card))  # InputError names the bad card
            game = self.engine.game
            if game is None:
                raise InputError("no game is running", field="game")
            game.ruleset.check_card(parse_card(new))  # a card of another deck is refused
            old = None if game.top[seat] is None else str(game.top[seat])
            if old is None:
                raise InputError(f"seat {seat} has no face-up card to correct", field="seat")
            affected = self._affected_ruling(t)
            self.corrections.append(Correction("card", affected, seat, old, new))
            if affected is not None:
                event = self._rulings[affected]
                corrected = event | {
                    "status": "corrected",
                    "reason": f"{event.get('reason', '')}; "
                    f"{self._players[seat]}'s card corrected: {old} → {new}",
                }
                self._rulings[affected] = corrected
                self.hub.publish(corrected)
            self.hub.publish(
                {
                    "type": "notice",
                    "t": self._t,
                    "seat": seat,
                    "message": f"card corrected at seat {seat}: {old} → {new}",
                }
            )

    def end_game(self) -> None:
        with self._lock:
            game = self.engine.game
            if game is None or game.over:
                raise InputError("no game is running to end", field="game")
            self._t += 0.001
            self._publish_outputs(self.engine.feed(End(self._t)))
            self._script = self._script[: self._next]
            self._publish_state()

    def _ruling(self, ruling_id: int) -> dict[str, Any]:
        try:
            return self._rulings[ruling_id]
        except KeyError:
            raise InputError(f"no ruling {ruling_id} in this session", field="ruling_id") from None

    def _check_seat(self, seat: int) -> None:
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < len(self._players)
        ):
            raise InputError(
                f"seat {seat!r} is not at this table (seats 0..{len(self._players) - 1})",
                field="seat",
            )

    def _affected_ruling(self, t: float | None) -> int | None:
        """The ruling a misread card at time ``t`` touched: the last one at or after ``t``."""
        ids = sorted(self._rulings)
        if not ids:
            return None
        if t is None:
            return ids[-1]
        later = [i for i in ids if self._rulings[i].get("t", 0.0) >= t]
        return later[0] if later else None


def main(argv: list[str] | None = None) -> int:
    """``python -m halli_pi.web.fake``: the page over a fake table, to try it on a phone."""
    import argparse
    import time

    from halli_pi.simulate import NAMES
    from halli_pi.web.app import make_pin, qr_text, serve

    parser = argparse.ArgumentParser(prog="python -m halli_pi.web.fake", description=main.__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to reach it from a phone")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 9))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=float, default=1.0, help="table time per second")
    parser.add_argument("--shared-bell", action="store_true", help="one bell that cannot tell who")
    parser.add_argument("--pin", default=None, help="table PIN (default: a random one)")
    args = parser.parse_args(argv)
    hub = Hub()
    table = FakeTable(
        hub, players=list(NAMES[: args.players]), seed=args.seed, shared_bell=args.shared_bell
    )
    pin = args.pin or make_pin()
    server = serve(hub, host=args.host, port=args.port, pin=pin)
    print(qr_text(server.url))
    print(f"the table: {server.url}   table PIN: {pin}   (Ctrl-C stops)")
    table.start(speed=args.speed)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        table.stop()
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
