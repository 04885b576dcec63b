"""The HLS CipherCore of jambu-simon96 (hls/jambu_simon96_hls_core.cpp) on its own.

- its C testbench (published KATs: ENC, DEC, DEC with a flipped tag bit, and a DEC ended by the
  frame's flush) gives the same output and exit status 0 in csim and in cosim: every 34th record here
  (every AD and every PT length), all 1089 in the slow test;
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, is `verilator --lint-only -Wall` clean, and its loop is one state at the variant's
  clock_ns (one iteration per clock cycle, as the RTL core's cycle: test_jambu_simon96.py asserts the
  same Ta and Tb on both variants).
The checks come from cryptohls.sim.hls_core_bench.

pytest designs/jambu-simon96/tests/test_jambu_simon96_hls_core.py
"""

from __future__ import annotations

import json

from cryptohls.designs import repo_root
from cryptohls.sim.hls_core_bench import HlsCore, cli, flushed_kat_tests

CORE = HlsCore("jambu-simon96", "jambu_simon96_hls_core", clock_ns=24.0)   # design.toml [variants.hls] clock_ns
globals().update(flushed_kat_tests(CORE))


def test_timing_does_not_depend_on_key_or_data():
    """`cryptohls verify jambu-simon96/hls` (secret = ["key", "bdi.bdi"] in design.toml): the miter of two
    copies with different keys and data words proves the handshakes equal in every cycle."""
    out = repo_root() / "build" / "verify-jambu-simon96-hls"   # not under /tmp: the YoWASP tools cannot read it
    run = cli("verify", "jambu-simon96/hls", "--no-equivalence", "-o", str(out))
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["secrets"] == ["key", "bdi.bdi"]
    assert (report["secret_independent"], report["leaks"], report["miter"]["status"]) == (True, [], "proved"), run.stdout
