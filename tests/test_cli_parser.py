"""The command line's parser is built once a process, and one call's options never reach the
next (a namespace is made per call)."""

from __future__ import annotations

from halli_pi import cli
from halli_pi.cli import main

GAME = '{"type": "game", "t": 0, "ruleset": "classic", "players": ["Ana", "Bo", "Cy"]}'


def test_the_parser_is_built_once_for_many_calls(tmp_path, capsys, monkeypatch) -> None:
    built: list[int] = []
    build = cli.build_parser
    monkeypatch.setattr(cli, "build_parser", lambda: built.append(1) or build())
    cli._parser.cache_clear()
    log = tmp_path / "game.jsonl"
    log.write_text(GAME + "\n")
    for _ in range(3):
        assert main(["replay", str(log)]) == 0
    assert built == [1]
    cli._parser.cache_clear()  # later tests build it with the real function


def test_a_call_s_options_do_not_reach_the_next() -> None:
    first = cli._parser().parse_args(["--debug", "simulate", "--seed", "3", "--shared-bell"])
    assert first.debug and first.seed == 3 and first.shared_bell
    second = cli._parser().parse_args(["simulate"])
    assert not second.debug and second.seed == 7 and not second.shared_bell


def test_a_command_s_run_replaced_after_the_parser_is_built_is_the_one_called(
    capsys, monkeypatch
) -> None:
    # The parser is kept from call to call; a test (or a plug-in) that replaces a command's
    # or a benchmark's functions later must still reach its own.
    from halli_pi.bench import rules
    from halli_pi.commands import replay

    cli._parser()
    monkeypatch.setattr(replay, "run", lambda args: 7)
    assert main(["replay", "no-such.jsonl"]) == 7
    monkeypatch.setattr(rules, "run", lambda args: {"patched": 1})
    monkeypatch.setattr(rules, "text", lambda figures: f"text of {figures}", raising=False)
    assert main(["bench", "rules"]) == 0
    assert capsys.readouterr().out == "text of {'patched': 1}\n"
