"""`halli-pi replay` and `halli-pi simulate` from the command line, good input and bad."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halli_pi.cli import main

GAME = '{"type": "game", "t": 0, "ruleset": "classic", "players": ["Ana", "Bo", "Cy"]}'


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_replay_tells_the_game(tmp_path, capsys) -> None:
    log = write(
        tmp_path,
        GAME,
        '{"type": "reveal", "t": 1.0, "seat": 0, "card": "3 strawberry"}',
        '{"type": "reveal", "t": 2.0, "seat": 1, "card": "2 strawberry"}',
        '{"type": "press", "t": 2.3, "seat": 2}',
        '{"type": "end", "t": 4.0}',
    )
    code, out, _ = run(capsys, "replay", log)
    assert code == 0
    assert "Cy correct: exactly 5 strawberry: 3 (Ana) + 2 (Bo)" in out
    assert "standings: Cy 20, Ana 18, Bo 18" in out

    code, out, _ = run(capsys, "replay", log, "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert [e["type"] for e in events] == ["ruling", "game_over"]
    assert events[0]["winner"] == 2 and events[0]["cards"] == [18, 18, 20]


@pytest.mark.parametrize(
    "line, says",
    [
        ("{not json", "game.jsonl:2: not valid JSON"),
        ('{"type": "wave", "t": 1}', "game.jsonl:2: field 'type': unknown type 'wave'"),
        ('{"type": "reveal", "t": 1, "seat": 0, "card": "3 kiwi"}', "game.jsonl:2: field 'card'"),
        (
            '{"type": "reveal", "t": 1, "seat": 7, "card": "3 lime"}',
            "game.jsonl:2: field 'seat': 7",
        ),
        ('{"type": "press", "t": 1, "seat": "Bo"}', "game.jsonl:2: field 'seat'"),
        ('{"type": "press", "seat": 1}', "game.jsonl:2: field 't': missing"),
        ('{"type": "reveal", "t": 1, "seat": 0, "card": "2 red hat"}', "not in the classic deck"),
        ("[1, 2]", "game.jsonl:2: a line must be a JSON object"),
    ],
)
def test_bad_lines_name_file_line_and_field(tmp_path, capsys, line, says) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, GAME, line))
    assert code == 2
    assert err.startswith("halli-pi: error: ")
    assert says in err
    assert "Traceback" not in err and out == ""


def test_time_going_backwards(tmp_path, capsys) -> None:
    log = write(
        tmp_path,
        GAME,
        '{"type": "press", "t": 5, "seat": 0}',
        '{"type": "press", "t": 4, "seat": 1}',
    )
    code, _, err = run(capsys, "replay", log)
    assert code == 2 and "game.jsonl:3: field 't': time goes backwards" in err


def test_press_before_any_game(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "replay", write(tmp_path, '{"type": "press", "t": 1, "seat": 0}'))
    assert code == 2 and "game.jsonl:1:" in err and "before any 'game'" in err


def test_unknown_ruleset_and_option(tmp_path, capsys) -> None:
    bad = '{"type": "game", "t": 0, "ruleset": "snap", "players": ["A", "B"]}'
    code, _, err = run(capsys, "replay", write(tmp_path, bad))
    assert code == 2 and "field 'ruleset': unknown ruleset 'snap'" in err
    bad = (
        '{"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"], "options": {"x": 1}}'
    )
    code, _, err = run(capsys, "replay", write(tmp_path, bad))
    assert code == 2 and "unknown option 'x'" in err


def test_missing_file(capsys) -> None:
    code, _, err = run(capsys, "replay", "no-such-file.jsonl")
    assert code == 2 and "no-such-file.jsonl" in err


def test_debug_shows_the_traceback(tmp_path) -> None:
    from halli_pi.errors import InputError

    with pytest.raises(InputError):
        main(["--debug", "replay", write(tmp_path, GAME, "{not json")])


def test_simulate_then_replay_gives_the_same_rulings(tmp_path, capsys) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "4", "--seed", "7", "--outputs")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["type"] == "game" and lines[-1]["type"] in ("end", "game_over")
    expected = [e for e in lines if e["type"] in ("ruling", "eliminated", "game_over")]
    log = tmp_path / "sim.jsonl"
    log.write_text(out)
    code, out, _ = run(capsys, "replay", str(log), "--json")
    assert [json.loads(line) for line in out.splitlines()] == expected
    assert any(e["type"] == "ruling" for e in expected)


@pytest.mark.parametrize(
    "content,words",
    [
        (b'{"type": "game", "t": 0, "ruleset": "classic", "players": ["\xff\xfe"]}\n', "UTF-8"),
        (b"[" * 5000 + b"]" * 5000 + b"\n", "too deep"),
        (
            b'{"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"],'
            b' "options": {"window_ms": NaN}}\n',
            "NaN",
        ),
        (b'{"type": "reveal", "t": 1e999, "seat": 0, "card": "1 lime"}\n', "finite"),
    ],
)
def test_undecodable_deep_or_non_finite_lines_are_file_line_errors(
    tmp_path, capsys, content, words
):
    from halli_pi.cli import main

    path = tmp_path / "bad.jsonl"
    good = b'{"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"]}\n'
    path.write_bytes(good + content)
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"halli-pi: error: {path}:2:") and words in err
