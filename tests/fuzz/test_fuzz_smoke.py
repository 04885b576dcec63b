"""The Csmith smoke run (issue 17): programs 1..10 of the default profile in `make test`, 1..200 in
`make test-slow`, natively, in csim and in cosim (docs/fuzzing.md "Throughput"). No miscompile, crash, hang or harness error is allowed; refusals are counted
(docs/fuzzing.md), not failures. The long run is `make fuzz`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cryptohls.designs import repo_root
from cryptohls.fuzz.campaign import Campaign, run_campaign

pytestmark = pytest.mark.skipif(not Path("/usr/include/csmith/csmith.h").is_file(),
                                reason="libcsmith-dev is installed by `make setup`")

# `make test` runs programs 1..SMOKE (CI spent 28 min of one worker on 200 under xdist, 5 min on 40, 162 s on 20:
# the test run neared 30 min, so 10); `make test-slow`
# runs 1..FULL. CRYPTOHLS_FUZZ_SMOKE overrides the first.
SMOKE = int(os.environ.get("CRYPTOHLS_FUZZ_SMOKE", "10"))
FULL = 200

# Findings being worked on (docs/fuzzing.md, "Open findings"): the run must find exactly these, so a
# new finding fails the test, and so does a fixed one until it leaves this list.
# (Seed 77, listed here until the harness built its reference at -O0 too, never ends: docs/fuzzing.md.)
KNOWN: dict[int, str] = {}


@pytest.mark.parametrize("count", [pytest.param(SMOKE, id="smoke"),
                                   pytest.param(FULL, id="full", marks=pytest.mark.slow)])
def test_csmith_smoke_run_has_no_findings(count):
    out = repo_root() / "build" / "tests" / f"fuzz-smoke-{count}"
    # A program that needs more than 1 s of CPU natively is skipped (the default limit); every other one
    # is compiled and co-simulated.
    summary = run_campaign(Campaign(1, count, "subset", out, jobs=2))
    table = summary.table()
    findings = {o.seed: o.detail or o.reason for o in summary.findings}
    expected = {seed: what for seed, what in KNOWN.items() if seed <= count}
    assert findings == expected, f"{len(findings)} finding(s), kept under {out / 'findings'}: {findings}"
    assert table["generated"] == count
    assert table["matched"] > 0 and table["matched"] == table["compiled"]
