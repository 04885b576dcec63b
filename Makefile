# cryptohls — the two commands of the README:
#   make demo   set up whatever is missing, then run the main job
#   make test   set up whatever is missing, then run the tests (all but those marked slow: make test-slow)
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
ENV := source scripts/env.sh &&
JOBS ?= 2

.PHONY: setup demo test test-slow test-fast parity parity-area lwc-table lwc-bench sbox-table sbox-table-misty1 oop-table codesign fuzz clean

setup:
	@bash scripts/setup.sh

demo: setup
	@$(ENV) cryptohls demo

test: setup
	@$(ENV) python -m pytest -n $(JOBS) --dist loadgroup -q -m "not slow" --durations=60

# The long runs left out of `make test` (marked slow: a second simulator, whole-frame runs of HLS
# cores whose csim = cosim and cycle tests stay in `make test`); for the nightly or a release.
test-slow: setup
	@$(ENV) python -m pytest -n $(JOBS) --dist loadgroup -q -m slow --durations=60

# Quick subset for the edit-compile loop (no RTL simulation).
test-fast: setup
	@$(ENV) python -m pytest -q tests

# The case study's Tables II-V (HLS vs RTL per pair) for the four issue-6 pairs: benchmarks what is
# missing in the results DB ($CRYPTOHLS_RESULTS_DIR, default results/), then writes docs/parity/report.md.
PARITY_VARIANTS := aes128-ecb-enc/rtl aes128-ecb-enc/hls aes128-ecb-enc-x2/rtl aes128-ecb-enc-x2/hls \
	aes128-ctr/rtl aes128-ctr/hls aes128-ctr-io/rtl aes128-ctr-io/hls
PARITY_TARGETS ?= ecp5
PARITY_SEEDS ?= 3
parity: setup
	@$(ENV) cryptohls bench $(PARITY_VARIANTS) --targets $(PARITY_TARGETS) --seeds $(PARITY_SEEDS) \
		&& cryptohls report --variants $(PARITY_VARIANTS) --targets $(PARITY_TARGETS) --format md --out docs/parity

# The same pairs synthesized with `--mapping area` (abc9 recovers area on every path, so LUT
# counts follow the logic; docs/bench.md, "LUT mapping") -> docs/parity/area-mapping/report.md.
parity-area: setup
	@$(ENV) cryptohls bench $(PARITY_VARIANTS) --targets $(PARITY_TARGETS) --seeds $(PARITY_SEEDS) --mapping area \
		&& cryptohls report --variants $(PARITY_VARIANTS) --targets $(PARITY_TARGETS) --mapping area \
		--format md --out docs/parity/area-mapping

# Seed 002's report from the results DB alone (no bench, no simulation): Table IV for the sixteen ciphers
# beside the seed's, RTL vs HLS rankings by TP and TP/area on ecp5 and gowin, RTL/HLS ratio charts and
# rank correlations -> docs/lwc-report.html and docs/lwc-report/*.png ($CRYPTOHLS_RESULTS_DIR, default results/).
# The rows come with the repository (LWC_ROWS, written by `cryptohls results export`): they are imported
# first, so the page regenerates on any machine, and the DB's rows of the sixteen are exported back.
# tests/bench/test_lwc_page_from_rows.py checks that the committed page is the one the rows file gives.
# LWC_DOCS: the docs folder written (another checkout's, when the bench runs from a clone of it).
LWC_DOCS ?= docs
LWC_ROWS := $(LWC_DOCS)/lwc-report/rows.jsonl
lwc-table: setup
	@$(ENV) cryptohls results import $(LWC_ROWS) && cryptohls report --lwc-report --out $(LWC_DOCS) \
		&& cryptohls results export $(LWC_ROWS) --designs $(LWC_DESIGNS) --targets ecp5,gw5a

# The bench rows behind `make lwc-table`: the sixteen ciphers' rtl and hls, smallest core first, on each of
# LWC_TARGETS with the option sets of LWC_STRATEGIES (bench/strategies.py). Rows already in the DB are
# reused (and those of LWC_ROWS imported first), so an interrupted run resumes where it stopped; after each
# cipher the rows are exported to LWC_ROWS and the page regenerated from them (commit docs/lwc-report.html and
# docs/lwc-report/ together); touch build/STOP_BENCH to end the run between ciphers.
# A failed run (a place-and-route over --pnr-timeout) is reported and the queue goes on with the next cipher.
# `small` on the 25-30k LUT4 cores takes hours (abc9 -dff's synthesis alone 1.5-3 h each).
LWC_DESIGNS := jambu-simon96 ketjesrv1 acorn128v2 ascon-aead128 jambu-aes128 aes128-gcm morus1280128v1 \
	cloc-aes128 silc-aes128 deoxys-i128 norx3241v2 aes128-otr ocb3-aes128 tiaoxin346 aegis128l colm0-aes128
LWC_TARGETS ?= ecp5 gw5a
LWC_STRATEGIES ?= small
lwc-bench: setup
	@$(ENV) cryptohls results import $(LWC_ROWS); \
	for target in $(LWC_TARGETS); do for design in $(LWC_DESIGNS); do \
		if [ -e build/STOP_BENCH ]; then echo "lwc-bench: build/STOP_BENCH found, stopping"; exit 0; fi; \
		cryptohls bench $$design/rtl $$design/hls --targets $$target --seeds 1 --jobs $(JOBS) \
			--memories bram --fmax-search single --pnr-timeout 5400 --synth-timeout 14400 \
			--strategies $(LWC_STRATEGIES) || echo "lwc-bench: $$design on $$target: a run failed (above); the next cipher"; \
		cryptohls results export $(LWC_ROWS) --designs $(LWC_DESIGNS) --targets ecp5,gw5a || exit; \
		cryptohls report --lwc-report --out $(LWC_DOCS) || exit; \
	done; done

# Seed 003's AES S-box table (Types 1-4, RTL and HLS; designs/aes128-sbox): cryptohls sim on every
# variant, cryptohls bench on ecp5 (missing rows only), the table written into docs/exploration.md.
SBOX_SEEDS ?= 1
SBOX_JOBS ?= 1
sbox-table: setup
	@$(ENV) python scripts/sbox_table.py --seeds $(SBOX_SEEDS) --jobs $(SBOX_JOBS)

# Seed 003's MISTY1 S-box table (Table III: Types 1-4, HLS; designs/misty1-sbox), the same way.
sbox-table-misty1: setup
	@$(ENV) python scripts/sbox_table.py --cipher misty1 --seeds $(SBOX_SEEDS) --jobs $(SBOX_JOBS)

# Seed 001's Table II (designs/aes128-oop): the C++ AES classes with the key schedule in 1, 2 or 4 RAMs
# (ARRAY_PARTITION cyclic/block), co-simulated at the seed's clock; cycles per operation and per method
# (report.json's loop rows by function), LUT4/FF/BRAM/Fmax on ecp5 by `cryptohls bench` (the
# design.toml variants), the seed's figures beside; written to designs/aes128-oop/table.md and docs/exploration.md.
oop-table: setup
	@$(ENV) python designs/aes128-oop/table.py --out designs/aes128-oop/table.md --doc docs/exploration.md --seeds $(SBOX_SEEDS) --jobs $(SBOX_JOBS)

# Seed 004's HW/SW co-design table (designs/aes-codesign): compiles the AES accelerators from C with
# cryptohls, builds the firmware (riscv64-unknown-elf-gcc) and the PicoRV32 system (Verilator), runs the
# six configurations, prints Table II (cycles, speed-up, seed's figures beside) and Table I (ecp5 LUT4/FF/Fmax
# of each module through `cryptohls bench`, one seed, one job) and writes both into docs.md.
codesign: setup
	@$(ENV) cryptohls codesign --area --doc docs/codesign.md

# Differential testing of the compiler with Csmith programs (docs/fuzzing.md): native vs csim vs
# cosim; resumable (build/fuzz/outcomes.jsonl); crashes and mismatches kept and reduced with C-Vise.
FUZZ_COUNT ?= 10000
FUZZ_SEED ?= 1
FUZZ_PROFILE ?= subset
fuzz: setup
	@$(ENV) cryptohls fuzz --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --profile $(FUZZ_PROFILE) \
		--jobs $(JOBS) --out build/fuzz --reduce

clean:
	rm -rf build .pytest_cache
