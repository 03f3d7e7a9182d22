"""The live terminal view: each seat's top card, the totals per kind, everyone's cards, and
the last rulings with their reasons. A referee listener drawn with rich.

For Hawaiki: the three pile tops as read, each seat's accounted hand ("≈"), tokens and duty
(to act, a thanks owed with the seconds left), and what waits for a person (a designation, a
take-back, a play the camera doubts), all in text."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, cast

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from halli_pi.referee import Decision, RefereeListener, Status, ruling_start
from halli_pi.rules.engine import TableSnapshot
from halli_pi.rules.events import Eliminated, GameOver, OutputEvent, Verdict
from halli_pi.rules.hawaiki.events import HawaikiGameOver, HawaikiRuling, RoundOver

# Verdicts are told apart by word and symbol as well as colour.
VERDICT_STYLE = {
    Verdict.CORRECT: ("✔ correct", "bold green"),
    Verdict.WRONG: ("✘ wrong", "bold red"),
    Verdict.TIE: ("= tie", "bold yellow"),
    Verdict.VOID: ("· void", "dim"),
}
STATUS_MARK = {
    Status.FINAL: "",
    Status.PROVISIONAL: " (provisional…)",
    Status.CONFIRMED: " (confirmed)",
    Status.CORRECTED: " (CORRECTED)",
}


class TableView(RefereeListener):
    """Keeps what the screen shows; `render()` gives a rich renderable of it."""

    # The referee's engine snapshot: a Halli Galli table's seats and fruit totals, or a Hawaiki
    # table's piles, hands, tokens and duties.
    def __init__(
        self, snapshot: Callable[[], TableSnapshot | dict[str, Any] | None], *, keep: int = 6
    ) -> None:
        self._snapshot = snapshot
        self._entries: deque[tuple[float | None, Text]] = deque(maxlen=keep)
        self.last_game_over: GameOver | None = None
        self.zones: dict[int, dict[str, Any]] = {}  # what the camera reads per seat
        self.title = "halli-pi"
        self.hint: str | None = None  # the typed commands, when the terminal takes them
        self.message: str | None = None  # the answer to the last typed command
        # Hawaiki: the session clock (for the seconds left to thank), and what the camera asks
        # a person (table_readers.Ask).
        self.clock: Callable[[], float] | None = None
        self.questions: Callable[[], list[Any]] = list
        # Where the camera's live readings come from when the table reads them itself (``run``;
        # the demo sets ``zones`` frame by frame instead).
        self.camera: Callable[[], dict[int, dict[str, Any]]] | None = None

    # --- referee listener ------------------------------------------------------------------

    def on_decision(self, decision: Decision) -> None:
        ruling = decision.ruling
        if isinstance(ruling, HawaikiRuling):
            self._entries.append((ruling.t, describe_hawaiki(ruling)))
            return
        line = describe_decision(decision)
        start = ruling_start(ruling)
        if decision.status in (Status.CONFIRMED, Status.CORRECTED):
            # The provisional line is replaced where it stands, so the screen never shows the
            # same burst twice.
            for i, (key, _) in enumerate(self._entries):
                if key == start:
                    self._entries[i] = (key, line)
                    return
        self._entries.append((start, line))

    @property
    def lines(self) -> list[Text]:
        return [line for _, line in self._entries]

    def on_output(self, event: OutputEvent) -> None:
        snap = self._snapshot()
        names = [p["name"] for p in snap["players"]] if snap else []
        if isinstance(event, Eliminated):
            who = names[event.seat] if event.seat < len(names) else f"seat {event.seat}"
            self._entries.append((None, Text(f"{who} is out: {event.reason}", style="magenta")))
        elif isinstance(event, GameOver):
            self.last_game_over = event
            self._entries.append((None, Text(standings_line(event, names), style="bold cyan")))
        elif isinstance(event, RoundOver | HawaikiGameOver):
            line = event.narrate(lambda s: names[s] if s is not None and s < len(names) else "—")
            self._entries.append((None, Text(line.strip(), style="bold cyan")))

    def say(self, message: str) -> None:
        self.message = message

    # --- drawing -----------------------------------------------------------------------------

    def render(self) -> Panel:
        snap = self._snapshot()
        parts: list[Any] = []
        if snap is None:
            parts.append(Text("waiting for a game…", style="dim"))
        elif snap.get("ruleset") == "hawaiki":
            now = None if self.clock is None else self.clock()
            # A TypedDict is not narrowed by a key's value: the ruleset says which table it is.
            zones = self.zones if self.camera is None else self.camera()
            parts += hawaiki_parts(cast(dict[str, Any], snap), zones, self.questions(), now)
        else:
            parts.append(self._seats(cast(TableSnapshot, snap)))
            parts.append(self._totals(cast(TableSnapshot, snap)))
        parts.append(Text("last rulings", style="bold underline"))
        parts.extend(self.lines or [Text("none yet", style="dim")])
        if self.message:
            parts.append(Text(self.message, style="bold"))
        if self.hint:
            parts.append(Text(self.hint, style="dim"))
        return Panel(Group(*parts), title=self.title, border_style="blue")

    def _seats(self, snap: TableSnapshot) -> Table:
        table = Table(expand=True, show_edge=False)
        for column in ("seat", "player", "top card", "camera", "hidden", "pile", "cards", "status"):
            table.add_column(column)
        for p in snap["players"]:
            zone = self.zones.get(p["seat"], {})
            camera = zone.get("state", "")
            turn = "▶ " if snap.get("turn") == p["seat"] else "  "
            style = "dim" if p["status"] == "out" else ""
            table.add_row(
                f"{turn}{p['seat']}",
                p["name"],
                p["top"] or "—",
                camera,
                str(p["hidden"]),
                str(p["pile"]),
                str(p["cards"]),
                p["status"],
                style=style,
            )
        return table

    def _totals(self, snap: TableSnapshot) -> Text:
        text = Text("on the table: ")
        if not snap["totals"]:
            text.append("nothing", style="dim")
        for kind, count in snap["totals"].items():
            style = "bold black on green" if count == 5 else ""
            text.append(f" {count} {kind}" + (" 5!" if count == 5 else "") + " ", style=style)
        return text


def describe_decision(decision: Decision) -> Text:
    ruling = decision.ruling
    names = decision.players
    first = ruling_start(ruling)  # its own time when no press was ruled
    text = Text(f"{first:9.3f} s  ")
    for press in ruling.presses:
        if press.note == "repeat press":
            continue
        word, style = VERDICT_STYLE[press.verdict]
        who = "bell" if press.seat is None else names[press.seat]
        text.append(f"{who} {word}", style=style)
        text.append(f" +{(press.t - first) * 1000:.1f} ms  ", style="dim")
    text.append(f"— {ruling.reason}")
    mark = STATUS_MARK[decision.status]
    if mark:
        text.append(mark, style="bold yellow" if decision.status is not Status.CONFIRMED else "dim")
    return text


def standings_line(event: GameOver, names: list[str]) -> str:
    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"seat {seat}"

    winners = " and ".join(name(s) for s in event.winners)
    order = sorted(enumerate(event.cards), key=lambda sc: -sc[1])
    standings = ", ".join(f"{name(s)} {c}" for s, c in order)
    verb = "win" if len(event.winners) > 1 else "wins"
    return f"game over ({event.reason}): {winners} {verb} — {standings}"


# --- Hawaiki ---------------------------------------------------------------------------------


def describe_hawaiki(ruling: HawaikiRuling) -> Text:
    """A Hawaiki ruling in a line: its time, what it decided, the verdict and the reason."""
    style = {
        "in_time": "bold green",
        "noted": "green",
        "combo": "bold green",
        "missed": "bold red",
        "wrong_words": "bold red",
        "false_announce": "bold red",
        "illegal": "red",
        "out_of_turn": "red",
        "void": "dim",
    }.get(ruling.verdict, "")
    text = Text(f"{ruling.t:9.3f} s  ")
    text.append(f"{ruling.subject} {ruling.verdict}", style=style)
    text.append(f" — {ruling.reason}")
    return text


def hawaiki_parts(
    snap: dict[str, Any],
    zones: dict[int, dict[str, Any]],
    asks: list[Any],
    now: float | None,
) -> list[Any]:
    """The three tops, the seats (hands ≈ accounted, tokens, duties) and the pending duties."""
    tops = Text("piles: ")
    for k, top in enumerate(snap["tops"]):
        camera = zones.get(k, {}).get("state")
        tops.append(f" {k}: ", style="bold")
        tops.append(top or "—", style="bold")
        if camera and camera != "card":
            tops.append(f" [{camera}]", style="yellow")
        if snap["awaiting_take_back"][k]:
            tops.append(" (awaits take-back)", style="red")
        tops.append("  ")
    tops.append(f"  draw pile ≈ {snap['draw_pile']}, round {snap['round']}", style="dim")
    table = Table(expand=True, show_edge=False)
    for column in ("seat", "player", "hand", "tokens", "duty"):
        table.add_column(column)
    announced = snap.get("announced")
    for p in snap["players"]:
        seat = p["seat"]
        to_act = snap["to_act"] == seat and snap["playing"]
        duty = []
        if to_act:
            duty.append("to act")
            if announced is not None:
                what = "a combination" if announced == "any" else " and ".join(announced)
                duty.append(f"announced {what}")
        if p["owes_thanks"]:
            words = '"merci beaucoup"' if p["owes_thanks"] >= 2 else '"merci"'
            left = ""
            if now is not None and p["thanks_due"] is not None:
                left = f", {max(0.0, p['thanks_due'] - now):.1f} s left"
            duty.append(
                f"owes {words} ({p['owes_thanks']} card{'s' * (p['owes_thanks'] > 1)}{left})"
            )
        table.add_row(
            ("▶ " if to_act else "  ") + str(seat),
            p["name"],
            f"≈ {p['hand']}",
            str(p["tokens"]),
            "; ".join(duty),
            style="bold" if to_act else "",
        )
    parts: list[Any] = [tops, table, Text("hands are accounted (≈), not seen", style="dim")]
    pending = pending_duties(snap, asks)
    if pending:
        parts.append(Text("waiting for a person", style="bold yellow underline"))
        parts.extend(Text("  " + line, style="yellow") for line in pending)
    return parts


def pending_duties(snap: dict[str, Any], asks: list[Any]) -> list[str]:
    """What the table waits for a person to do or say, a line each."""
    names = [p["name"] for p in snap["players"]]
    lines = []
    designations = snap.get("designations")
    if designations:
        seat = designations["seat"]
        who = names[seat] if seat is not None else "—"
        for combo in designations["combos"]:
            count = "1 opponent" if combo == "suite" else "2 cards"
            lines.append(f"{who} designates {count} ({combo})")
    for k, waiting in enumerate(snap["awaiting_take_back"]):
        if waiting:
            lines.append(f"the card on pile {k} must be taken back")
    if snap.get("playing") is False and not snap.get("over") and snap.get("round", 0) >= 1:
        lines.append("deal the next round (the camera reads the three new discards)")
    lines.extend(ask.question() for ask in asks)
    return lines
