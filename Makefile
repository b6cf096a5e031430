# parlour: `make test` is the one test command (CI runs exactly it); `make demo` plays a game.
# Needs only Python 3.11+: the first target run creates .venv and installs parlour into it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
GAME ?= hearts
SEED ?= 1

.PHONY: install test test-thorough test-compiled typecheck unit docs dist demo play bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP) typecheck unit docs

typecheck: $(STAMP)
	$(PY) -m mypy --strict src examples benchmarks tests

# The suite runs on every core (pytest-xdist); the property suite is budgeted by plies.
unit: $(STAMP)
	$(PY) -m pytest -q -n auto

# The long hunt before a release: many more hypothesis examples, and the plain sweep playing
# full-length default matches for a million plies per game. Not part of CI.
test-thorough: $(STAMP)
	HYPOTHESIS_PROFILE=thorough PARLOUR_SWEEP_FULL=1 PARLOUR_SWEEP_PLIES=1000000 $(PY) -m pytest -q -n auto

# HTML with warnings as errors, then every >>> example of the docs run as a doctest.
docs: $(STAMP)
	$(PY) -m sphinx -W -q -b html docs docs/_build/html
	$(PY) -m sphinx -W -q -b doctest docs docs/_build/doctest

# A release: the sdist and the wheel (built from the sdist), `twine check` on both, then the wheel
# alone installed into a fresh venv outside the checkout, where every game plays a short match.
DISTVENV := build/dist-venv

dist: $(STAMP)
	rm -rf dist $(DISTVENV)
	$(PY) -m build --outdir dist .
	$(PY) -m twine check --strict dist/*
	$(PYTHON) -m venv $(DISTVENV)
	$(DISTVENV)/bin/python -m pip install --quiet dist/*.whl
	cd $(DISTVENV) && bin/python -I -m parlour.tools.smoke

# The compiled build (README, "Compiled build (optional)"): the same source compiled with mypyc,
# installed (not editable) into its own venv, then the whole suite run against it. Not part of
# `make test` or CI (building takes many minutes): run it by hand before a release.
CVENV := .venv-compiled
CPY := $(CVENV)/bin/python
CSTAMP := $(CVENV)/.installed

$(CSTAMP): pyproject.toml setup.py mypyc_plugin.py $(shell find src -name '*.py')
	test -x $(CPY) || $(PYTHON) -m venv $(CVENV)
	$(CPY) -m pip install --quiet --upgrade pip 'setuptools>=77' wheel 'mypy>=1.10' 'attrs>=23.2'
	PARLOUR_COMPILE=1 $(CPY) -m pip install --quiet --no-build-isolation --force-reinstall '.[dev]'
	touch $(CSTAMP)

test-compiled: $(CSTAMP)
	cd tests && ../$(CPY) -c 'import parlour, parlour.core.game as g; print(g.__file__); assert parlour.compiled'
	$(CPY) -m pytest -q -n auto -p no:cacheprovider tests

demo: $(STAMP)
	$(PY) -m parlour demo hearts --seed $(SEED)

# Play a game in the terminal against random bots: make play GAME=farkle
play: $(STAMP)
	$(PY) -m parlour play $(GAME)

# Throughput of every game, and the per-hand race with OpenSpiel (the `bench` extra, installed
# here on first use; `benchmarks/run.py --no-openspiel` skips it).
BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) $(CVENV) build docs/_build .mypy_cache .pytest_cache .hypothesis
