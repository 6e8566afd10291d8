# The two commands of the README. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstalled whenever pyproject.toml changes (it declares the rulesets' entry points).
# demo needs the program only; test adds the test extras (which include the rl and ray extras).
$(VENV)/.program: pyproject.toml $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.program

install: $(VENV)/.installed

demo: $(VENV)/.program
	$(BIN)/rulekeeper demo

test: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
