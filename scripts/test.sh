#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh machine, then run all of it:
# ruff, mypy --strict, pytest on every core (rules, hand files, notebooks with nbval, real-browser tests).
# Needs Python 3.11+ and pip; installs Debian's chromium for the browser tests when it is
# missing and this runs as root (as on CI), since Playwright cannot download a browser here.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "test.sh: making a virtual environment in .venv with $PY" >&2
    "$PY" -m venv .venv
fi
echo "test.sh: installing pip and uv, then tutor with its test tools (pytest, hypothesis, nbval," \
     "mypy, ruff, playwright, jupyterlab) within constraints.txt; this takes up to a minute" >&2
.venv/bin/python -m pip install -q --upgrade pip uv >/dev/null
.venv/bin/uv pip install --python .venv/bin/python -q -c constraints.txt -e '.[test]'

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing Debian's chromium for the browser tests" >&2
        scripts/apt-install.sh chromium  # waits for another package install to finish
    else
        echo "chromium is missing: run 'sudo scripts/apt-install.sh chromium' for the browser tests" >&2
    fi
fi

echo "test.sh: ruff, then mypy --strict, then pytest" >&2
.venv/bin/ruff check tutor tests benchmarks
.venv/bin/mypy --strict tutor
# -n auto: one worker a core (pytest-xdist). --dist loadgroup hands out single tests, as --dist
# load does, except the groups of tests/conftest.py's XDIST_GROUPS, each to one worker, first
# (largest group first): the tests that share what is costly to build per process (the property
# files' random deals, the solver tests' brute-force values, the shipped lessons' whole check,
# a JupyterLab server) build it once rather than once on each worker.
.venv/bin/python -m pytest -n auto --dist loadgroup "$@"
