# Changeling developer commands. `make test` and `make run` are the two that matter.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Test workers: one per core by default (CI has two). TEST_WORKERS=0 runs the suite in this process alone.
TEST_WORKERS ?= auto

.PHONY: test run lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The longest tests are collected first (tests/conftest.py) and handed out four at a time as workers free up
# (--dist load --maxschedchunk 4): no worker is left holding a long queue while the other idles.
# Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set: every worker and driver process would
# otherwise compile the whole project again.
test: $(STAMP)
	$(BIN)/ruff check .
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist load --maxschedchunk 4

lint: $(STAMP)
	$(BIN)/ruff check .

run: $(STAMP)
	$(BIN)/python -m bot

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/bot.py
	$(BIN)/python bench/metamorph.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

.PHONY: golden demo

# Regenerate the golden board images after an intended change to the look; then LOOK at tests/golden/*.png
# (and `git diff --stat tests/golden`) before committing. See docs/render.md.
golden: $(STAMP)
	CHANGELING_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/test_render_golden.py tests/test_render_shadowscape.py \
		tests/test_render_goodvsbad.py -k golden
	@echo "Golden images rewritten in tests/golden/: review them by eye before committing."

# Sample boards (start, middle, end, a seat's own view) and a replay GIF of every implemented game, in ./demo.
demo: $(STAMP)
	$(BIN)/python -m render --demo demo
