"""`halli-pi run`: the referee at a real table, camera + bell + engine on one clock.

Threads, each with one job:
- the pin factory's thread delivers edges to the bell, which hands presses to the referee;
- the vision thread reads frames, tracks the zones and reports reveals and its watermark;
- the referee thread sleeps until the next burst closes and rules it;
- the main thread draws the terminal view, pings the watchdog and waits for SIGTERM.
Everything is opened in a `Service` exit stack and released in reverse order.

The vision and referee threads are supervised (halli_pi.runtime.supervise): a camera that goes
away is handled in the vision thread (presses are ruled "cannot see the table" while it is
reopened); any other uncaught error stops the main loop, so the watchdog is no longer fed and the
error is reported (exit 2 for a full disk or a read-only log, with what and where).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from halli_pi.clock import SessionClock
from halli_pi.config import TableConfig
from halli_pi.errors import HalliPiError, InputError
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules import GameStart, Options, get_ruleset
from halli_pi.runtime import hawaiki_table
from halli_pi.runtime.supervise import Supervisor

if TYPE_CHECKING:
    from halli_pi.runtime.session import TableSession

log = logging.getLogger(__name__)
SPACE_CHECK_S = 30.0  # how often the free space for evidence photos is looked at
CAMERA_RETRY_S = (0.5, 8.0)  # first and longest pause between tries to reopen a lost camera


@dataclass
class RunOptions:
    players: tuple[str, ...]
    ruleset: str
    options: dict[str, Any]
    camera: str
    layout: Path
    model: str = "classic"  # the card reader's model: a shipped one, a taught one, or a path
    db: Path | None = None
    web: bool = True
    host: str = "127.0.0.1"
    port: int = 8080
    pin: str = ""
    proxy: str = ""  # a reverse proxy's address whose X-Forwarded-For is believed
    hosts: tuple[str, ...] = ()  # more names the page is reached by
    speak: bool = False
    headless: bool = False
    duration: float | None = None  # stop after this many seconds (tests, soak runs)
    pin_factory: str | None = None


def _reader_model(name: str) -> str:
    """The model must load now, with the config's name in the error, not at the first card."""
    from halli_pi.vision.reader import load_profile

    try:
        load_profile(name)
    except HalliPiError as err:
        raise InputError(f"[camera] model: {getattr(err, 'message', err)}") from None
    return name


def resolve(config: TableConfig, args: Any) -> RunOptions:
    """Command-line choices over the config file's."""
    players = tuple(args.players.split(",")) if args.players else config.players
    players = tuple(p.strip() for p in players if p.strip())
    ruleset = args.ruleset or config.ruleset
    hawaiki = ruleset == hawaiki_table.HAWAIKI
    if hawaiki:
        hawaiki_table.check_players(players)
        hawaiki_table.check_options(config.options)
    else:
        if not 2 <= len(players) <= 8:
            raise InputError(f"{len(players)} players ({', '.join(players)}); a game needs 2 to 8")
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
        model=(
            hawaiki_table.reader_model(config.camera.model)
            if hawaiki
            else _reader_model(config.camera.model or get_ruleset(ruleset).deck)
        ),
        db=args.db,
        web=not args.no_web,
        host=args.host or config.web.host,
        port=args.port or config.web.port,
        pin=config.web.pin,
        proxy=config.web.proxy,
        hosts=config.web.hosts,
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
    from halli_pi.bell_camera import hands_evidence_writer
    from halli_pi.evidence import FrameRing, SpaceGuard
    from halli_pi.rules.hawaiki.events import HawaikiStart
    from halli_pi.runtime.camera_bell import attach as attach_camera_bell
    from halli_pi.runtime.camera_bell import camera_fps
    from halli_pi.runtime.lights_and_evidence import LightsListener, evidence_writer
    from halli_pi.runtime.notify import Service
    from halli_pi.runtime.seat_lights import HawaikiLights
    from halli_pi.runtime.session import TableSession
    from halli_pi.store import Store
    from halli_pi.vision.layout import load_layout
    from halli_pi.vision.reader import load_profile
    from halli_pi.vision.sources import SourceLost, open_source
    from halli_pi.vision.tracker import Tracker

    cv2.setNumThreads(1)
    started = time.monotonic()
    hawaiki = opts.ruleset == hawaiki_table.HAWAIKI
    if hawaiki:
        # The three discard piles are read; seat zones are optional (hands are never shown).
        piles = hawaiki_table.load_piles(opts.layout)
    else:
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
        supervisor = Supervisor(on_failure=service.shutdown.request)
        referee = Referee(store=store, session_id=session)
        ring = FrameRing(capacity=32)
        bell_camera = None
        if hawaiki:
            reader = hawaiki_table.pile_reader(piles, opts.model, referee.snapshot)
            table = TableSession(referee, ring, reader=reader, names=opts.players)
        else:
            width, height = layout.image_size
            zones = [s.zone for s in layout.seats]
            tracker = Tracker(zones, (width, height), load_profile(opts.model))
            table = TableSession(referee, ring, tracker=tracker, names=opts.players)
            # One shared bell: the camera names who rang (runtime.camera_bell).
            bell_camera = attach_camera_bell(table, bool(config.bells), layout)
        factory = open_pin_factory(opts.pin_factory)
        service.callback(factory.close)
        signals = Signals(config, factory)
        service.callback(signals.close)
        if hawaiki:
            lights = HawaikiLights(signals, referee.snapshot, waiting=lambda: bool(reader.asks))
            table.listen(lights)
            table.clocked.append(lights.update)
        else:
            table.listen(LightsListener(signals))
        if config.league is not None:
            from halli_pi.league import attach_league

            # Every event also goes to the league's broker, through an outbox in this log.
            league = attach_league(
                config.league,
                store.path,
                referee,
                where=str(config.path or "the table config"),
                base=config.path.parent if config.path else None,
            )
            if league is not None:
                service.callback(league.close, flush_timeout=3.0)
        # Photos fill a small card; rulings do not. Old photos are thinned when space runs low,
        # and none is written when it has nearly run out (the log needs that space more).
        space = SpaceGuard(store.evidence_dir)
        labels = table.reader.zone_labels(opts.players) if table.reader else []
        writer = evidence_writer(store, session, ring, [z for _, _, z in labels], labels=labels)
        if bell_camera is not None:
            writer = hands_evidence_writer(
                store, session, bell_camera.credits, bell_camera.frames, writer
            )
        referee.evidence = space.guard(writer)

        view = None
        if not opts.headless:
            from halli_pi.runtime.terminal_view import TableView

            view = TableView(referee.snapshot)
            view.title = "halli-pi"
            view.clock = clock.now
            if hawaiki:
                hawaiki_table.show_on_terminal(view, reader)
            table.listen(view)
        else:
            table.listen(_LogLines())
        if opts.speak:
            from halli_pi.runtime.speech import Speaker

            speaker = Speaker()
            if speaker.available:
                table.listen(speaker)
            else:
                log.warning("no text-to-speech program (espeak-ng) found: verdicts are not spoken")
        if opts.web:
            from halli_pi.runtime.page import RefereeControls, serve_page
            from halli_pi.web.app import make_pin

            if not opts.pin:
                opts.pin = make_pin()  # controls always need a PIN; one is made when none is set
            # History and stats are read through the log's read-only connection, so a phone's
            # query never waits on, or holds up, a ruling being recorded.
            history = service.enter(store.open_reader())
            # A doubted play confirmed or denied on the phone, a top named, a reshuffle said,
            # reach the pile reader too.
            controls = RefereeControls(
                referee,
                clock.now,
                seats=len(opts.players),
                on_play_confirmed=table.play_confirmed,
                on_play_dismissed=table.play_dismissed,
                on_top_named=table.top_named,
                on_taken_back=table.taken_back,
                on_reshuffled=table.reshuffled,
            )
            publisher, server = serve_page(
                controls,
                history,
                host=opts.host,
                port=opts.port,
                pin=opts.pin,
                proxy=opts.proxy or None,
                hosts=opts.hosts,
            )
            table.show_page(publisher)
            service.callback(server.stop)

        def on_status(status: Any) -> None:
            log.warning("%s", status.message)
            if isinstance(status, SourceLost):
                table.camera_lost(f"the camera is lost ({status.message})")

        # A recording (a folder of images, a video file) is played at its own rate from now on,
        # once; a camera that stops is reopened.
        recording = opts.camera.split(":", 1)[0].strip().lower() in ("folder", "video")

        def open_camera() -> Any:
            return open_source(
                opts.camera,
                clock=clock,
                on_status=on_status,
                reopen=not recording,
                fps=camera_fps(opts.camera, bell_camera is not None),
            )

        camera = _Camera(open_camera, open_camera())
        service.callback(camera.close)
        bell = Bell(config, factory, clock, on_press=table.press, on_warning=log.warning)
        service.callback(bell.close)
        bell.start()

        if hawaiki:
            # The game starts with its players; the camera reads the deal (a `deal` event).
            referee.new_game(HawaikiStart(clock.now(), opts.ruleset, opts.players, opts.options))
        else:
            referee.new_game(GameStart(clock.now(), opts.ruleset, opts.players, opts.options))
        stop = threading.Event()
        service.callback(stop.set)
        supervisor.start("vision", _watch_camera, camera, table, clock, stop, recording=recording)
        supervisor.start("referee", table.keep_ruling, clock.now, stop)
        service.ready(f"refereeing {', '.join(opts.players)} ({opts.ruleset})")
        log.info("ready in %.2f s", time.monotonic() - started)
        if opts.web:
            from halli_pi.runtime.page import announce_page

            announce_page(server.url, opts.host, opts.pin, headless=opts.headless)
        if view is not None and sys.stdin.isatty():
            if hawaiki:
                _start_hawaiki_keyboard(table, reader, clock, opts, view)
            else:
                _start_keyboard(referee, clock, opts, view)
        _main_loop(service, view, referee, clock, opts, supervisor, _Every(SPACE_CHECK_S, space))
        stop.set()
        supervisor.join(timeout=2.0)
        # A failed worker's error is the one to report; the end of the game is only written when
        # the log still takes writes.
        supervisor.raise_failure()
        referee.end(clock.now())
    return 0


class _Camera:
    """The frame source, reopened by the vision thread when it is lost."""

    def __init__(self, opener, source) -> None:
        self.opener = opener
        self.source = source
        self._lock = threading.Lock()

    def reopen(self) -> None:
        with self._lock:
            old, self.source = self.source, None
        _close_quietly(old)
        source = self.opener()
        with self._lock:
            self.source = source

    def close(self) -> None:
        with self._lock:
            old, self.source = self.source, None
        _close_quietly(old)


def _close_quietly(source) -> None:
    if source is None:
        return
    try:
        source.close()
    except Exception:  # a source already gone may fail to close; nothing more to release
        log.debug("closing the lost camera failed", exc_info=True)


def _watch_camera(
    camera: _Camera,
    table: TableSession,
    clock: SessionClock,
    stop: threading.Event,
    *,
    recording: bool,
) -> None:
    """The vision loop, kept going through a lost camera: while it is gone every press is
    ruled "cannot see the table", and it is reopened with a growing pause."""
    pause = CAMERA_RETRY_S[0]
    while not stop.is_set():
        try:
            _vision_loop(camera.source, table, clock, stop, recording=recording)
            return  # a recording played to its end, or asked to stop
        except _CameraLost as lost:
            reason = f"the camera is lost ({lost})"
            log.warning("%s; reopening it", reason)
            table.camera_lost(reason)
        while not stop.is_set():
            if stop.wait(pause):
                return
            try:
                camera.reopen()
            except (HalliPiError, OSError) as err:
                pause = min(pause * 2, CAMERA_RETRY_S[1])
                log.warning("the camera is still lost (%s); next try in %.0f s", err, pause)
                continue
            pause = CAMERA_RETRY_S[0]
            log.warning("the camera is back")
            table.camera_back()
            break


class _CameraLost(Exception):
    """The frame source failed: a camera unplugged, a folder of frames gone."""


def _frames(source):
    """The source's frames; any failure of the source itself becomes _CameraLost."""
    from halli_pi.errors import HalliPiError

    if source is None:
        raise _CameraLost("no camera open")
    it = iter(source)
    while True:
        try:
            frame = next(it)
        except StopIteration:
            return
        except (HalliPiError, OSError) as err:
            raise _CameraLost(str(err)) from err
        except Exception as err:  # OpenCV and camera libraries raise their own kinds
            raise _CameraLost(f"{type(err).__name__}: {err}") from err
        yield frame


def _vision_loop(
    source: Any, table: TableSession, clock: SessionClock, stop: threading.Event, *, recording: bool
) -> None:
    from halli_pi.runtime.camera_bell import CameraBell

    # With a shared bell credited by the camera, every frame goes to the hand tracker first.
    feed = table.gate.frame if isinstance(table.gate, CameraBell) else table.frame
    offset = None
    for frame in _frames(source):
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
        feed(t, frame.image, now=clock.now())


class _Every:
    """The free-space guard's thinning, at most every ``period_s`` from the main loop."""

    def __init__(self, period_s: float, space) -> None:
        self.period_s = period_s
        self.space = space
        self._next = 0.0

    def tick(self) -> None:
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + self.period_s
        thinned = self.space.thin()
        if thinned:
            log.warning(
                "little space left on the card: %d old evidence photo(s) deleted (%.0f MB free)",
                thinned,
                self.space.free() / 2**20,
            )


def _main_loop(service, view, referee, clock, opts: RunOptions, supervisor, chores) -> None:
    """Until SIGTERM, the duration, or a failed worker: the watchdog is fed only while every
    worker is healthy, so a dead thread gets the service restarted rather than hidden."""
    end = None if opts.duration is None else time.monotonic() + opts.duration
    if view is None:
        while not service.wait(0.2) and supervisor.healthy:
            service.tick()
            chores.tick()
            if end is not None and time.monotonic() >= end:
                return
        return
    from rich.live import Live

    with Live(view.render(), refresh_per_second=8) as live:
        while not service.wait(0.125) and supervisor.healthy:
            service.tick()
            chores.tick()
            live.update(view.render())
            if end is not None and time.monotonic() >= end:
                return


def _start_keyboard(referee: Referee, clock: SessionClock, opts: RunOptions, view: Any) -> None:
    """Typed commands (credit a shared bell's ring, correct a card) from the terminal."""
    from halli_pi.runtime.keyboard import HINT, read_commands
    from halli_pi.runtime.page import RefereeControls

    view.hint = HINT
    controls = RefereeControls(referee, clock.now)
    thread = threading.Thread(
        target=read_commands,
        args=(sys.stdin, controls, list(opts.players), opts.ruleset, view.say),
        name="keyboard",
        daemon=True,
    )
    thread.start()


def _start_hawaiki_keyboard(
    table: Any, reader: Any, clock: Any, opts: RunOptions, view: Any
) -> None:
    """What a person tells a Hawaiki referee, typed at the terminal."""
    from halli_pi.runtime.hawaiki_keyboard import HINT, execute

    view.hint = HINT

    def read() -> None:
        for line in sys.stdin:
            try:
                answer = execute(line, table, reader, clock.now, len(opts.players))
            except HalliPiError as err:
                answer = f"cannot: {err}"
            if answer:
                view.say(answer)

    threading.Thread(target=read, name="keyboard", daemon=True).start()


class _LogLines(RefereeListener):
    """Headless: every ruling as a log line."""

    def on_decision(self, decision: Decision) -> None:
        log.warning("%s ruling: %s", decision.status, decision.ruling.reason)
