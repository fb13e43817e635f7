# `make run` and `make test` do all the set-up on a fresh machine that has Python 3.11+.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint bench screenshots clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/deduce serve --host $(HOST) --port $(PORT)

# The whole suite: the tests, then lint and types (make lint alone for the last two).
test: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup -p no:cacheprovider
	$(MAKE) --no-print-directory lint

lint: $(STAMP)
	$(VENV)/bin/ruff check deduce api tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) -m bench

# The web page's screenshots for the README (docs/screenshots/*.png), in Debian's chromium.
screenshots: $(STAMP)
	$(PY) -m api.screenshots docs/screenshots

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache
