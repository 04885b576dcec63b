"""The HLS CipherCore of jambu-aes128 (hls/jambu_aes128_hls_core.cpp) on its own, and both cores' proof of
constant time (`cryptohls verify` with key and data secret).

- its C testbench (published KATs: ENC, DEC, DEC with a flipped tag bit, and a DEC ended by the
  frame's flush) gives the same output and exit status 0 in csim and in cosim: every 34th record here
  (every AD and every PT length), all 1089 in the slow test;
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, is `verilator --lint-only -Wall` clean, and its loop is one state at the variant's
  clock_ns (one iteration per clock cycle, as the RTL core's cycle: test_jambu_aes128.py asserts the
  same Ta and Tb on both variants).
The checks come from cryptohls.sim.hls_core_bench.

pytest designs/jambu-aes128/tests/test_jambu_aes128_hls_core.py
"""

from __future__ import annotations

import json

import pytest

from cryptohls.designs import repo_root
from cryptohls.sim.hls_core_bench import HlsCore, cli, flushed_kat_tests

CORE = HlsCore("jambu-aes128", "jambu_aes128_hls_core", clock_ns=23.0)   # design.toml [variants.hls] clock_ns
globals().update(flushed_kat_tests(CORE))


# make test: the RTL core (about 10 s); the HLS core in make test-slow (about 40 s: its datapath registers are dropped
# by the induction one by one)
@pytest.mark.parametrize("name", ["rtl", pytest.param("hls", marks=pytest.mark.slow)])
def test_timing_does_not_depend_on_key_or_data(name):
    """`cryptohls verify jambu-aes128/<name>` (secret = ["key", "bdi.bdi"] in design.toml): the miter of two
    copies of the CipherCore with different keys and bdi data words proves the handshakes equal in every cycle."""
    out = repo_root() / "build" / f"verify-jambu-aes128-{name}"   # not under /tmp: the YoWASP tools cannot read it
    run = cli("verify", f"jambu-aes128/{name}", "--no-equivalence", "-o", str(out))
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["secrets"] == ["key", "bdi.bdi"]
    assert (report["secret_independent"], report["leaks"], report["miter"]["status"]) == (True, [], "proved"), run.stdout
