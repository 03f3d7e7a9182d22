"""``halli-pi show RULING``: settle a dispute: the reason, who rang when, and the evidence image."""

from __future__ import annotations

import argparse
import shutil
from typing import Any

from halli_pi.errors import InputError

HELP = "show one ruling: its reason, every press (who was first, by how much) and its evidence"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruling", type=int, help="a ruling id (from `halli-pi log SESSION`)")
    parser.add_argument("--db", metavar="PATH", help="database file (default: the data directory)")
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write a copy of the evidence image to FILE"
    )
    parser.add_argument(
        "--open", action="store_true", help="open the evidence image in the image viewer"
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.store import Store, review_db_path

    with Store(args.db or review_db_path(), readonly=True) as store:
        r = store.ruling(args.ruling)
        camera = _camera_credits(store, r)
        hawaiki = "subject" in r.data  # a Hawaiki ruling (shared/HAWAIKI.md §1.2)
        play = _hawaiki_play(store, r) if hawaiki and r.data["subject"] == "play" else None
    game = "" if r.game_number is None else f", game {r.game_number}"
    status = str(r.status)
    if r.was_provisional and r.status != "provisional":
        status = f"provisional, then {'confirmed' if r.status == 'final' else r.status}"
    print(f"ruling {r.id} (session {r.session_id}{game}, {status}) at {r.t:.6f} s")
    if r.replaces is not None:
        print(f"  replaces ruling {r.replaces}")
    if r.replaced_by is not None:
        print(f"  corrected: see ruling {r.replaced_by}")
    print(f"  reason: {r.reason}")
    if hawaiki:
        _print_hawaiki(r, play)
    presses = sorted(r.data.get("presses") or (), key=lambda p: p["t"])
    if presses:
        first = presses[0]["t"]
        print("  presses:")
        for i, p in enumerate(presses):
            when = "first" if i == 0 else f"+{(p['t'] - first) * 1e3:.3f} ms"
            extra = []
            if p.get("reaction_ms") is not None:
                extra.append(f"reaction {p['reaction_ms']:.0f} ms")
            if p.get("anticipation"):
                extra.append("anticipation?")
            if p.get("note"):
                extra.append(p["note"])
            if p["t"] in camera:
                extra.append(_camera_text(camera[p["t"]], r.name))
            tail = f"  ({'; '.join(extra)})" if extra else ""
            print(
                f"    {r.name(p.get('seat')):<12} {p['t']:.6f} s  {when:>14}  {p['verdict']}{tail}"
            )
        rivals = [p for p in presses[1:] if p.get("seat") != presses[0].get("seat")]
        if hawaiki:
            pass  # a thanks or an announcement: nobody rang against anybody
        elif rivals:
            gap = (rivals[0]["t"] - first) * 1e3
            print(
                f"  first: {r.name(presses[0].get('seat'))}, by {gap:.3f} ms over "
                f"{r.name(rivals[0].get('seat'))}"
            )
        else:
            print(f"  first: {r.name(presses[0].get('seat'))} (nobody else rang)")
    cards = r.data.get("cards") or []
    if cards:
        # Hawaiki's hands are never seen, only accounted (HAWAIKI.md §0): said so with "≈".
        label = "hands (accounted)" if hawaiki else "cards"
        mark = "≈ " if hawaiki else ""
        print(f"  {label}: " + ", ".join(f"{r.name(s)} {mark}{n}" for s, n in enumerate(cards)))
    if not r.evidence:
        print("  evidence: none recorded")
        if args.output or args.open:
            raise InputError(f"ruling {r.id} has no evidence image")
        return 0
    for path in r.evidence:
        missing = "" if path.exists() else "  (file missing)"
        print(f"  evidence: {path}{missing}")
    main = r.evidence[0]
    if (args.output or args.open) and not main.exists():
        raise InputError(f"the evidence image of ruling {r.id} is gone: {main}")
    if args.output:
        shutil.copyfile(main, args.output)
        print(f"  written to {args.output}")
    if args.open:
        import webbrowser

        webbrowser.open(main.resolve().as_uri())
    return 0


def _camera_credits(store, r) -> dict[float, dict]:
    """A shared bell's presses that the camera credited, by time (their log lines)."""
    times = {p["t"] for p in r.data.get("presses") or ()}
    return {
        line["t"]: line
        for line in store.export_session(r.session_id)
        if line["type"] == "press" and line.get("source") == "camera" and line["t"] in times
    }


def _camera_text(press: dict, name) -> str:
    text = f"the camera named the hand, confidence {press.get('confidence', 0):.2f}"
    if press.get("other_seat") is not None:
        gap = press.get("frame_gap")
        later = "" if gap is None else f" {gap:.1f} frames later"
        text += f"; {name(press['other_seat'])} reached the bell{later}"
    return text


def _hawaiki_play(store, r) -> dict | None:
    """The play a Hawaiki `play` ruling decided, with the card it covered: the game's log is
    replayed up to that play (the camera saw only the new top; the covered one is the top the
    engine held just before)."""
    from halli_pi.rules.session import Session
    from halli_pi.sessionlog import event_from_json

    if r.game_number is None:
        return None
    engine = Session()
    for line in store.export_session(r.session_id, game=r.game_number):
        event = event_from_json(line)
        if event is None:
            continue
        if line["type"] == "play" and line["t"] == r.t:
            snapshot: Any = engine.snapshot()  # a Hawaiki game's: it has the tops
            covered = None if snapshot is None else snapshot["tops"][line["pile"]]
            return {**line, "covered": covered}
        engine.feed(event)
    return None


def _print_hawaiki(r, play: dict | None) -> None:
    data = r.data
    print(f"  decided: {data['subject']} {data.get('verdict')} ({r.name(data.get('seat'))})")
    if play is not None:
        print(f"  the play: {play['card']} on pile {play['pile']}, covering {play['covered']}")
        if play.get("seen_t") is not None:
            print(
                f"  the hand came over the pile at {play['t']:.6f} s; "
                f"the card was read at {play['seen_t']:.6f} s"
            )
    combos = data.get("combos") or []
    if combos:
        said = {
            "combo": "announced and formed",
            "unannounced": "formed, not announced",
            "false_announce": "announced, not formed",
        }.get(data.get("verdict"), "named")
        print(f"  combination: {' and '.join(combos)} ({said})")
    elif data["subject"] == "play" and data.get("verdict") == "legal":
        print("  combination: none")
    for seat, n in data.get("draws") or ():
        print(f"  draws: {r.name(seat)} {n}")
    if data.get("to_act") is not None:
        print(f"  next to act: {r.name(data['to_act'])}")
