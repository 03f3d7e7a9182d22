"""Benchmarks run by ``halli-pi bench NAME``: one module per NAME with ``run(args) -> dict``.

Each module has ``HELP``, optional ``add_arguments(parser)`` and ``run(args)`` returning the
figures as a flat dict; the command prints them, or one JSON object with ``--json``.
"""
