"""The live terminal view: each seat's top card, the totals per kind, everyone's cards, and
the last rulings with their reasons. A referee listener drawn with rich."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from halli_pi.referee import Decision, RefereeListener, Status
from halli_pi.rules.engine import TableSnapshot
from halli_pi.rules.events import Eliminated, GameOver, OutputEvent, Verdict

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

    # The referee's engine snapshot: the seats and the fruit totals of a Halli Galli table.
    def __init__(self, snapshot: Callable[[], TableSnapshot | None], *, keep: int = 6) -> None:
        self._snapshot = snapshot
        self._entries: deque[tuple[float | None, Text]] = deque(maxlen=keep)
        self.last_game_over: GameOver | None = None
        self.zones: dict[int, dict[str, Any]] = {}  # what the camera reads per seat
        self.title = "halli-pi"
        self.hint: str | None = None  # the typed commands, when the terminal takes them
        self.message: str | None = None  # the answer to the last typed command

    # --- referee listener ------------------------------------------------------------------

    def on_decision(self, decision: Decision) -> None:
        line = describe_decision(decision)
        if decision.status in (Status.CONFIRMED, Status.CORRECTED):
            # The provisional line is replaced where it stands, so the screen never shows the
            # same burst twice.
            start = min(p.t for p in decision.ruling.presses)
            for i, (key, _) in enumerate(self._entries):
                if key == start:
                    self._entries[i] = (key, line)
                    return
        self._entries.append((min(p.t for p in decision.ruling.presses), line))

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

    def say(self, message: str) -> None:
        self.message = message

    # --- drawing -----------------------------------------------------------------------------

    def render(self) -> Panel:
        snap = self._snapshot()
        parts: list[Any] = []
        if snap is None:
            parts.append(Text("waiting for a game…", style="dim"))
        else:
            parts.append(self._seats(snap))
            parts.append(self._totals(snap))
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
    first = min(p.t for p in ruling.presses)
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
