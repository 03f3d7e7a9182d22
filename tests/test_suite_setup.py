"""How the suite itself runs."""

from __future__ import annotations

import hypothesis
from _pytest.assertion.rewrite import AssertionRewritingHook


def test_a_plugin_s_library_is_imported_as_is_not_rewritten() -> None:
    # Rewriting asserts is for the tests; a plugin's whole package rewritten (as entry-point
    # plugins are) costs every test process seconds of its collection.
    assert not isinstance(hypothesis.__spec__.loader, AssertionRewritingHook)


def test_auto_starts_a_worker_more_than_xdist_counts_cores(pytestconfig, monkeypatch) -> None:
    from xdist.plugin import pytest_xdist_auto_num_workers as cores_by_xdist

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    workers = pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig)
    assert workers == cores_by_xdist(pytestconfig) + 1
    # A number asked for in the environment is what starts.
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "5")
    assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == 5
