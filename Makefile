# cryptohls — the two commands of the README:
#   make demo   set up whatever is missing, then run the main job
#   make test   set up whatever is missing, then run every test
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
ENV := source scripts/env.sh &&
JOBS ?= 2

.PHONY: setup demo test test-fast lint clean

setup:
	@bash scripts/setup.sh

demo: setup
	@$(ENV) cryptohls demo

test: setup
	@$(ENV) python -m pytest -n $(JOBS) --dist loadgroup -q

# Quick subset for the edit-compile loop (no RTL simulation).
test-fast: setup
	@$(ENV) python -m pytest -q tests

clean:
	rm -rf build .pytest_cache
