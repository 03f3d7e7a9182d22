"""How the suite itself runs."""

from __future__ import annotations

import hypothesis
from _pytest.assertion.rewrite import AssertionRewritingHook


def test_a_plugin_s_library_is_imported_as_is_not_rewritten() -> None:
    # Rewriting asserts is for the tests; a plugin's whole package rewritten (as entry-point
    # plugins are) costs every test process seconds of its collection.
    assert not isinstance(hypothesis.__spec__.loader, AssertionRewritingHook)
