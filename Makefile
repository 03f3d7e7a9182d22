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
# game, a bench run) is made once, not once per worker. `-n auto` is a worker more than the
# cores (tests/conftest.py): one fills a core while another's test waits on a child process.
# The rendered films free and take back frame-sized buffers every frame; glibc's malloc gives
# such memory back to the kernel at once, and every page taken again is faulted in and
# zeroed (a fifth of the Hawaiki pile tests' time went so). Keeping buffers up to 64 MB on
# the heap, and up to 256 MB of freed heap, saves that time.
MALLOC_KEEP := MALLOC_MMAP_THRESHOLD_=67108864 MALLOC_TRIM_THRESHOLD_=268435456 \
	MALLOC_TOP_PAD_=67108864
test: $(STAMP)
	$(MALLOC_KEEP) $(BIN)/python -m pytest -q -n auto --dist loadfile

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
