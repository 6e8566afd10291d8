# The two commands of the README. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install clean lint-js compiled

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

# The web page's JavaScript linter (ESLint, versions pinned by package-lock.json; needs node
# and npm). The page itself has no build step: node is used for this check only.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed node_modules/.installed

lint-js: node_modules/.installed
	npx --no-install eslint src/rulekeeper/server/web/static

demo: $(VENV)/.program
	$(BIN)/rulekeeper demo

# The compiled build of the rulesets' hottest modules (mypyc; needs a C compiler): games of
# Dire Alliance about 1.6 times as fast. Rebuilt only when the sources changed.
compiled: $(VENV)/.program
	$(BIN)/python -m pip install --quiet -e '.[compiled]'
	$(BIN)/rulekeeper compile

test: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	npx --no-install eslint src/rulekeeper/server/web/static
	$(BIN)/rulekeeper compile || echo "No compiled build: the tests run the Python source only."
	$(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
