# One command each: `make serve` runs ujumbe, `make test` proves it. Both set themselves up.
PYTHON ?= python3
# make serve PORT=8080 (HOST=0.0.0.0)
HOST   ?= 127.0.0.1
PORT   ?= 8000
VENV   := .venv
BIN    := $(VENV)/bin
# Every dependency, runtime and dev, pinned with its hashes for Python 3.11 on Linux x86_64
# (`make lock` writes it from pyproject.toml); the install stamp changes with either file.
LOCK   := requirements.lock
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)
SMSC   := tests/smsc
# node-smpp, one of the two SMSC peers the SMPP tests run against, installed from its committed lock file.
NODE_STAMP := $(SMSC)/node_modules/.installed-$(shell cksum $(SMSC)/package-lock.json | cut -d' ' -f1)
# The TypeScript client's compiler and type generator, from its committed lock file too.
TSCLIENT := clients/typescript
TS_STAMP := $(TSCLIENT)/node_modules/.installed-$(shell cksum $(TSCLIENT)/package-lock.json | cut -d' ' -f1)

.PHONY: install serve test lint typecheck pytest docs docs-check bench soak lock audit-deps clean translations screenshots

PIP := $(BIN)/python -m pip --disable-pip-version-check

# The lock first, every file checked against its hash, then ujumbe itself without resolving
# anything more (and with the locked hatchling, not one fetched for an isolated build); `pip check` then catches a runtime dependency added to pyproject.toml but not
# locked (tests/test_lock.py checks the dev ones too). pip installs the locked uv alone (its entry
# of the lock, hashes and all), and uv the rest: the same files checked against the same hashes,
# in about 10 s where pip takes over a minute. Where uv cannot reach the index, pip does it all.
UV_PIP := $(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode
$(STAMP): pyproject.toml $(LOCK)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@sed -n '/^uv==/,/[^\\]$$/p' $(LOCK) > $(VENV)/uv-requirement.txt
	$(PIP) install --quiet --require-hashes -r $(VENV)/uv-requirement.txt
	$(UV_PIP) --require-hashes -r $(LOCK) || $(PIP) install --quiet --require-hashes -r $(LOCK)
	$(UV_PIP) --no-deps --no-build-isolation -e . -e clients/python  # and the Python client, tested against the app
	@if $(PIP) check | grep '^ujumbe '; then echo "$(LOCK) does not match pyproject.toml: run make lock"; exit 1; fi
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

# Re-resolve $(LOCK) from pyproject.toml (runtime + dev), keeping the pins that still fit;
# `make lock LOCK_FLAGS=--upgrade` takes the newest versions allowed instead. A second or two.
# Not after $(STAMP): that one refuses a lock that lacks what pyproject.toml asks for.
lock:
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@test -x $(BIN)/uv || $(PIP) install --quiet --require-hashes -r $(LOCK)
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
		--python-platform x86_64-unknown-linux-gnu --custom-compile-command "make lock" \
		--quiet --output-file $(LOCK) $(LOCK_FLAGS)

# Known vulnerabilities in the locked versions, from the PyPI advisory database online (not in
# `make test`); --strict: a package it could not look up fails it, rather than passing unchecked.
audit-deps: $(STAMP)
	$(BIN)/pip-audit --strict --disable-pip --require-hashes --progress-spinner off -r $(LOCK)

$(NODE_STAMP): $(SMSC)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --prefix $(SMSC) --no-audit --no-fund --loglevel=error >/dev/null && touch $@; \
	else \
		echo "npm not found: the tests against the node-smpp SMSC peer will be skipped"; \
	fi

$(TS_STAMP): $(TSCLIENT)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --prefix $(TSCLIENT) --no-audit --no-fund --loglevel=error >/dev/null && touch $@; \
	else \
		echo "npm not found: the TypeScript client's tests (clients/typescript) will be skipped"; \
	fi

install: $(STAMP)

serve: $(STAMP)
	$(BIN)/ujumbe serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# Three test processes (pytest-xdist), each with its own embedded PostgreSQL and database: a test
# often waits on a server, a peer or a subprocess, so two processes left 2 cores idle 13% of the
# time; three keep them 96% busy (13 min 36 s of pytest against 15 min 34 s). Whole modules go to a
# process (a module's server starts once), the longest first (tests/conftest.py; xdist's own reorder,
# by test count, is off). Skips are listed
# with their reasons, and the slowest tests, for the 15-minute budget.
pytest: $(STAMP) $(NODE_STAMP) $(TS_STAMP)
	$(BIN)/python -m pytest -n 3 --dist loadscope --no-loadscope-reorder -rs --durations=15

# The documentation site (mkdocs-material; pages in docs/, config in mkdocs.yml) built into site/,
# offline: the API reference is generated from the app itself (docs/hooks/openapi.py).
# `make test` builds it with --strict (a broken link or a missing page fails it; a few seconds).
MKDOCS := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs

docs: $(STAMP)
	$(MKDOCS) build --strict
	@echo "docs built: open site/index.html (or $(BIN)/mkdocs serve -a 127.0.0.1:8002)"

docs-check: $(STAMP)
	$(MKDOCS) build --strict --quiet

test: lint typecheck docs-check pytest

# The dashboard's catalogs (src/entrypoints/web/locales/{en,sw}/LC_MESSAGES/messages.po) brought up
# to date with the strings of its templates and of `_()` in its Python: new ones come in empty, for a
# translator; tests/web/test_translations.py fails until each has its Swahili. The app reads the .po
# files themselves: there is nothing to compile.
WEB := src/entrypoints/web
translations: $(STAMP)
	$(BIN)/pybabel --quiet extract -F $(WEB)/locales/babel.cfg --no-location --sort-output \
		-o $(WEB)/locales/messages.pot $(WEB)
	$(BIN)/pybabel --quiet update -i $(WEB)/locales/messages.pot -d $(WEB)/locales -D messages \
		--no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date -w 100
	@rm -f $(WEB)/locales/messages.pot

# The dashboard in Chromium (the browser tests of tests/web, both languages), its screenshots
# copied into docs/img/dashboard for docs/dashboard.md.
screenshots: $(STAMP)
	UJUMBE_SCREENSHOTS=docs/img/dashboard $(BIN)/python -m pytest -p no:xdist -rs -m browser tests/web

bench: $(STAMP) $(NODE_STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/contact_import.py
	$(BIN)/python bench/campaign.py
	$(BIN)/python bench/dashboard.py
	$(BIN)/python bench/smpp_bench.py  # against the node-smpp peer (npm ci --prefix tests/smsc)
	$(BIN)/python bench/soak.py --duration 300

# 100 accounts on the API for 5 minutes (bench/README.md); `bench/soak.py` alone runs 30 s.
soak: $(STAMP)
	$(BIN)/python bench/soak.py --duration 300

clean:
	rm -rf $(VENV) .ujumbe .mypy_cache $(SMSC)/node_modules $(TSCLIENT)/node_modules $(TSCLIENT)/dist $(TSCLIENT)/build site docs/api/openapi.json
