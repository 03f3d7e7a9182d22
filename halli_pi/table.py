"""`halli-pi run`: the referee at a real table, camera + bell + engine on one clock.

Threads, each with one job:
- the pin factory's thread delivers edges to the bell, which hands presses to the referee;
- the vision thread reads frames, tracks the zones and reports reveals and its watermark;
- the referee thread sleeps until the next burst closes and rules it;
- the main thread draws the terminal view, pings the watchdog and waits for SIGTERM.
Everything is opened in a `Service` exit stack and released in reverse order.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from halli_pi.clock import SessionClock
from halli_pi.config import TableConfig
from halli_pi.errors import InputError
from halli_pi.referee import Referee
from halli_pi.rules import GameStart, Options, get_ruleset

log = logging.getLogger(__name__)
FRAME_PUBLISH_S = 0.25  # how often the page's camera view is refreshed


@dataclass
class RunOptions:
    players: tuple[str, ...]
    ruleset: str
    options: dict[str, Any]
    camera: str
    layout: Path
    db: Path | None = None
    web: bool = True
    host: str = "127.0.0.1"
    port: int = 8080
    pin: str = ""
    speak: bool = False
    headless: bool = False
    duration: float | None = None  # stop after this many seconds (tests, soak runs)
    pin_factory: str | None = None


def resolve(config: TableConfig, args: Any) -> RunOptions:
    """Command-line choices over the config file's."""
    players = tuple(args.players.split(",")) if args.players else config.players
    players = tuple(p.strip() for p in players if p.strip())
    if not 2 <= len(players) <= 8:
        raise InputError(f"{len(players)} players ({', '.join(players)}); a game needs 2 to 8")
    ruleset = args.ruleset or config.ruleset
    get_ruleset(ruleset)
    Options.from_json(config.options)
    camera = args.camera or config.camera.source
    if not camera:
        raise InputError("no camera: set [camera] source in the config or pass --camera")
    layout = args.layout or config.camera.layout
    if layout is None:
        raise InputError(
            "no table layout: run `halli-pi calibrate` (or `--mat`) and set [camera] layout, "
            "or pass --layout"
        )
    return RunOptions(
        players=players,
        ruleset=ruleset,
        options=dict(config.options),
        camera=camera,
        layout=Path(layout),
        db=args.db,
        web=not args.no_web,
        host=args.host or config.web.host,
        port=args.port or config.web.port,
        pin=config.web.pin,
        speak=args.speak,
        # Under systemd (no terminal) the live view would only fill the journal.
        headless=args.headless or not sys.stdout.isatty(),
        duration=args.duration,
        pin_factory="mock" if args.mock_pins else config.pin_factory,
    )


def run_table(config: TableConfig, opts: RunOptions) -> int:
    import cv2

    from halli_pi.bell.factory import open_pin_factory
    from halli_pi.bell.ring import Bell
    from halli_pi.bell.signals import Signals
    from halli_pi.evidence import FrameRing
    from halli_pi.notify import Service
    from halli_pi.pipeline import LightsListener, blind_reason, evidence_writer, settled_until
    from halli_pi.store import Store
    from halli_pi.vision.layout import load_layout
    from halli_pi.vision.sources import SourceLost, open_source
    from halli_pi.vision.tracker import Tracker

    cv2.setNumThreads(1)
    started = time.monotonic()
    layout = load_layout(opts.layout)
    if len(layout.seats) != len(opts.players):
        raise InputError(
            f"the layout {opts.layout} has {len(layout.seats)} seats for "
            f"{len(opts.players)} players; calibrate again or name the players"
        )
    clock = SessionClock()
    with Service() as service:
        store = service.enter(Store(opts.db) if opts.db else Store.open_default())
        session = store.begin_session(name="table", config={"players": list(opts.players)})
        referee = Referee(store=store, session_id=session)
        factory = open_pin_factory(opts.pin_factory)
        service.callback(factory.close)
        signals = Signals(config, factory)
        service.callback(signals.close)
        referee.listeners.append(LightsListener(signals))
        ring = FrameRing(capacity=32)
        zones = [s.zone for s in layout.seats]
        referee.evidence = evidence_writer(store, session, ring, zones)

        view = None
        if not opts.headless:
            from halli_pi.view import TableView

            view = TableView(referee.engine.snapshot)
            view.title = "halli-pi"
            referee.listeners.append(view)
        else:
            referee.listeners.append(_LogLines())
        if opts.speak:
            from halli_pi.speech import Speaker

            speaker = Speaker()
            if speaker.available:
                referee.listeners.append(speaker)
            else:
                log.warning("no text-to-speech program (espeak-ng) found: verdicts are not spoken")
        publisher = None
        if opts.web:
            publisher, server = _serve(opts, referee, clock, store)
            service.callback(server.stop)

        def on_status(status: Any) -> None:
            log.warning("%s", status.message)
            if isinstance(status, SourceLost):
                referee.vision([], float("-inf"), blind=f"the camera is lost ({status.message})")

        # A recording (a folder of images, a video file) is played at its own rate from now on,
        # once; a camera that stops is reopened.
        recording = opts.camera.split(":", 1)[0].strip().lower() in ("folder", "video")
        source = open_source(opts.camera, clock=clock, on_status=on_status, reopen=not recording)
        service.callback(source.close)
        tracker = Tracker(zones, tuple(layout.image_size))
        bell = Bell(config, factory, clock, on_press=referee.press, on_warning=log.warning)
        service.callback(bell.close)
        bell.start()

        referee.new_game(GameStart(clock.now(), opts.ruleset, opts.players, opts.options))
        stop = threading.Event()
        service.callback(stop.set)
        vision = threading.Thread(
            target=_vision_loop,
            args=(source, tracker, referee, ring, clock, stop, opts.players, publisher),
            kwargs={"settled": settled_until, "blind": blind_reason, "recording": recording},
            name="vision",
            daemon=True,
        )
        rules = threading.Thread(
            target=_referee_loop, args=(referee, clock, stop), name="referee", daemon=True
        )
        vision.start()
        rules.start()
        service.ready(f"refereeing {', '.join(opts.players)} ({opts.ruleset})")
        log.info("ready in %.2f s", time.monotonic() - started)
        if opts.web and not opts.headless:
            _print_page(server.url, opts.pin)
        if view is not None and sys.stdin.isatty():
            _start_keyboard(referee, clock, opts, view)
        _main_loop(service, view, referee, clock, opts)
        referee.end(clock.now())
        stop.set()
        vision.join(timeout=2.0)
        rules.join(timeout=2.0)
    return 0


def _vision_loop(
    source, tracker, referee, ring, clock, stop, names, publisher, *, settled, blind, recording
):
    last_publish = 0.0
    offset = None
    for frame in source:
        if stop.is_set():
            return
        t = frame.seconds(clock)
        if recording:
            # Played back in real time, as if the camera were filming now.
            if offset is None:
                offset = clock.now() - t
            t += offset
            delay = t - clock.now()
            if delay > 0 and stop.wait(delay):
                return
        reveals = tracker.update(frame.image, t)
        views = tracker.view()
        ring.push(t, frame.image, {v.seat: (str(v.state), _card(v.card), None) for v in views})
        referee.vision(reveals, settled(tracker, t), blind(tracker, names))
        referee.tick(clock.now())
        if publisher is not None and t - last_publish >= FRAME_PUBLISH_S:
            last_publish = t
            publisher.show_camera(t, frame.image, views, [z.zone for z in tracker.zones])


def _referee_loop(referee: Referee, clock: SessionClock, stop: threading.Event) -> None:
    while not stop.is_set():
        deadline = referee.next_deadline()
        now = clock.now()
        wait = 0.02 if deadline is None else min(0.02, max(0.0, deadline - now))
        if stop.wait(wait):
            return
        referee.tick(clock.now())


def _main_loop(service, view, referee, clock, opts: RunOptions) -> None:
    end = None if opts.duration is None else time.monotonic() + opts.duration
    if view is None:
        while not service.wait(0.2):
            service.tick()
            if end is not None and time.monotonic() >= end:
                return
        return
    from rich.live import Live

    with Live(view.render(), refresh_per_second=8) as live:
        while not service.wait(0.125):
            service.tick()
            live.update(view.render())
            if end is not None and time.monotonic() >= end:
                return


def _start_keyboard(referee: Referee, clock: SessionClock, opts: RunOptions, view: Any) -> None:
    """Typed commands (credit a shared bell's ring, correct a card) from the terminal."""
    from halli_pi.keyboard import HINT, read_commands
    from halli_pi.live import RefereeControls

    view.hint = HINT
    controls = RefereeControls(referee, clock.now)
    thread = threading.Thread(
        target=read_commands,
        args=(sys.stdin, controls, list(opts.players), opts.ruleset, view.say),
        name="keyboard",
        daemon=True,
    )
    thread.start()


def _card(card: Any) -> str | None:
    return None if card is None else str(card)


def _serve(opts: RunOptions, referee: Referee, clock: SessionClock, store: Any):
    from halli_pi.live import PagePublisher, RefereeControls
    from halli_pi.web.app import make_pin, serve
    from halli_pi.web.hub import Hub

    if not opts.pin:
        opts.pin = make_pin()  # controls always need a PIN; one is made when the config has none
    hub = Hub(controls=RefereeControls(referee, clock.now), store=store)
    publisher = PagePublisher(hub, referee)
    referee.listeners.append(publisher)
    server = serve(hub, host=opts.host, port=opts.port, pin=opts.pin)
    return publisher, server


def _print_page(url: str, pin: str) -> None:
    from halli_pi.web.app import qr_text

    print(qr_text(url), file=sys.stderr)
    print(f"the table's page: {url}", file=sys.stderr)
    if pin:
        print(f"table PIN for the page's controls: {pin}", file=sys.stderr)


class _LogLines:
    """Headless: every ruling as a log line."""

    def on_decision(self, decision) -> None:
        log.warning("%s ruling: %s", decision.status, decision.ruling.reason)
