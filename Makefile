# `make test` and `make demo` work on a fresh machine with only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test demo lint typecheck clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# On every core (pytest-xdist), a test file to a worker: a module's shared fixture (a demo's
# game, a bench run) is made once, not once per worker.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist loadfile

demo: $(STAMP)
	$(BIN)/halli-pi demo

# ruff, then mypy with pyproject's config: strict on the rules engine and the bell (their own
# line, so a strict error there is named as such), then plain on the whole package. Both are
# clean and CI keeps them so. `make typecheck` is the package-wide check alone.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy -p halli_pi.rules -p halli_pi.bell --follow-imports=silent
	$(BIN)/mypy

typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info
