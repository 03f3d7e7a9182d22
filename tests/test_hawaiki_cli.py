"""`halli-pi replay` and `halli-pi simulate --ruleset hawaiki` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halli_pi.cli import main

GAME = (
    '{"type": "game", "t": 0, "ruleset": "hawaiki", "players": ["Ana", "Bo", "Cy"], '
    '"piles": ["5 red", "3 blue", "4 green"]}'
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_replay_tells_a_hawaiki_round(tmp_path, capsys) -> None:
    log = write(
        tmp_path,
        GAME.replace('"players"', '"hands": [1, 6, 6], "players"'),
        '{"type": "press", "t": 1.0, "seat": 0}',
        '{"type": "play", "t": 1.3, "pile": 0, "card": "2 red"}',
        '{"type": "designate", "t": 2.0, "seat": 0, "targets": [2]}',
        '{"type": "press", "t": 3.0, "seat": 2}',
        '{"type": "end", "t": 4.0}',
    )
    code, out, _ = run(capsys, "replay", log)
    assert code == 0
    assert "game 1: hawaiki, Ana, Bo, Cy" in out
    assert "Ana lays 2 red on 5 red (pile 0): suite announced and formed" in out
    assert 'Cy said "merci" in time for 1 card' in out
    assert "round 1 over (Ana laid their last card, by accounting)" in out

    code, out, _ = run(capsys, "replay", log, "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert [e.get("subject", e["type"]) for e in events] == [
        "announce",
        "play",
        "designate",
        "merci",
        "round_over",
    ]
    assert events[-1]["tokens"] == [10, 4, 3] and events[-1]["hands_source"] == "accounted"


@pytest.mark.parametrize(
    "line, says",
    [
        (
            '{"type": "announce", "t": 1, "seat": 0, "combo": "quinte"}',
            "game.jsonl:2: field 'combo': unknown combination 'quinte'",
        ),
        (
            '{"type": "announce", "t": 1, "seat": 0, "combo": ["pair", "full"]}',
            "game.jsonl:2: field 'combo': unknown combination 'full'",
        ),
        (
            '{"type": "play", "t": 1, "pile": 0, "card": "8 red"}',
            "game.jsonl:2: field 'card': '8 red' is not a Hawaiki card",
        ),
        (
            '{"type": "play", "t": 1, "pile": 0, "card": "5 pink"}',
            "game.jsonl:2: field 'card': '5 pink' is not a Hawaiki card",
        ),
        (
            '{"type": "play", "t": 1, "pile": 0, "card": "3 strawberry"}',
            "game.jsonl:2: field 'card': '3 strawberry' is not a Hawaiki card",
        ),
        (
            '{"type": "play", "t": 1, "pile": 3, "card": "5 red"}',
            "game.jsonl:2: field 'pile': pile 3 is out of range",
        ),
        ('{"type": "retract", "t": 1, "pile": -1}', "game.jsonl:2: field 'pile': pile -1"),
        (
            '{"type": "designate", "t": 1, "seat": 5, "targets": [1]}',
            "game.jsonl:2: field 'seat': 5 is not a seat",
        ),
        ('{"type": "designate", "t": 1, "seat": 0, "targets": 1}', "field 'targets'"),
        ('{"type": "merci", "t": 1, "seat": 1, "words": "danke"}', "field 'words'"),
        ('{"type": "press", "t": 1, "seat": null}', "a shared bell cannot referee Hawaiki"),
        ('{"type": "reveal", "t": 1, "seat": 0, "card": "3 lime"}', "cannot be part of a hawaiki"),
        ('{"type": "deal", "t": 1, "piles": ["5 red"]}', "field 'piles': must be a list of 3"),
        ('{"type": "count", "t": 1, "seat": 0, "cards": -1}', "field 'cards'"),
        ('{"type": "draw", "t": 1, "seat": 0}', "field 'n': missing"),
    ],
)
def test_bad_lines_name_file_line_and_field(tmp_path, capsys, line, says) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, GAME, line))
    assert code == 2
    assert err.startswith("halli-pi: error: ")
    assert says in err
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize(
    "game, says",
    [
        ('"players": ["A", "B", "C", "D", "E", "F", "G"]', "Hawaiki needs 2 to 6"),
        ('"players": ["A", "B"], "options": {"pair_rule": "any"}', "options.pair_rule"),
        ('"players": ["A", "B"], "options": {"merci_window": 5}', "unknown option"),
        ('"players": ["A", "B"], "tokens": [10]', "field 'tokens': 1 token counts"),
        ('"players": ["A", "B"], "first": 2', "field 'first'"),
        ('"players": ["A", "B"], "hands": [40, 40], "piles": ["1 red", "2 red", "3 red"]', "70"),
    ],
)
def test_bad_game_lines(tmp_path, capsys, game, says) -> None:
    line = '{"type": "game", "t": 0, "ruleset": "hawaiki", ' + game + "}"
    code, _, err = run(capsys, "replay", write(tmp_path, line))
    assert code == 2 and "game.jsonl:1:" in err and says in err


def test_a_hawaiki_event_in_a_halli_galli_game_is_refused(tmp_path, capsys) -> None:
    classic = '{"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"]}'
    line = '{"type": "play", "t": 1, "pile": 0, "card": "5 red"}'
    code, _, err = run(capsys, "replay", write(tmp_path, classic, line))
    assert code == 2 and "game.jsonl:2:" in err and "cannot be part of a halli-galli game" in err


def test_designating_oneself_is_ruled_invalid_as_the_contract_says(tmp_path, capsys) -> None:
    # HAWAIKI.md P25: a designation of oneself is a ruling (`invalid`, still owed), not an
    # error: the page may send one, and the table goes on.
    log = write(
        tmp_path,
        GAME,
        '{"type": "press", "t": 1.0, "seat": 0}',
        '{"type": "play", "t": 1.3, "pile": 0, "card": "2 red"}',
        '{"type": "designate", "t": 2.0, "seat": 0, "targets": [0]}',
    )
    code, out, _ = run(capsys, "replay", log, "--json")
    last = json.loads(out.splitlines()[-1])
    assert code == 0 and (last["subject"], last["verdict"]) == ("designate", "invalid")
    assert "themself" in last["reason"]


def test_the_table_refuses_a_shared_bell_for_hawaiki_clearly(capsys) -> None:
    # (The demo plays Hawaiki: tests/test_hawaiki_table.py. Thanks are personal, so a shared
    # bell cannot referee it.)
    code, _, err = run(capsys, "demo", "--ruleset", "hawaiki", "--headless", "--bell", "shared")
    assert code == 2 and "a shared bell cannot referee Hawaiki" in err


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 11), (6, 5)])
def test_simulate_then_replay_gives_the_same_rulings(tmp_path, capsys, players, seed) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--ruleset",
        "hawaiki",
        "--players",
        str(players),
        "--seed",
        str(seed),
        "--outputs",
    )
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["type"] == "game" and lines[0]["ruleset"] == "hawaiki"
    expected = [e for e in lines if e["type"] in ("ruling", "round_over", "game_over")]
    log = tmp_path / "sim.jsonl"
    log.write_text(out)
    code, out, _ = run(capsys, "replay", str(log), "--json")
    assert [json.loads(line) for line in out.splitlines()] == expected
    assert any(e["type"] == "round_over" for e in expected)


def test_simulate_hawaiki_refuses_halli_galli_flags(capsys) -> None:
    code, _, err = run(capsys, "simulate", "--ruleset", "hawaiki", "--shared-bell")
    assert code == 2 and "thanks is personal" in err
    code, _, err = run(capsys, "simulate", "--ruleset", "hawaiki", "--players", "7")
    assert code == 2 and "Hawaiki needs 2 to 6" in err
