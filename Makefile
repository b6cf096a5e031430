# parlour: `make test` is the one test command (CI runs exactly it); `make demo` plays a game.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test typecheck unit docs demo bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP) typecheck unit docs

typecheck: $(STAMP)
	$(PY) -m mypy --strict src

unit: $(STAMP)
	$(PY) -m pytest -q

docs: $(STAMP)
	$(PY) -m sphinx -W -q -b html docs docs/_build/html

demo: $(STAMP)
	$(PY) -m parlour demo hearts --seed 1

bench: $(STAMP)
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .hypothesis
