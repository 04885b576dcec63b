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
import os
from pathlib import Path

import pytest

from cryptohls.designs import repo_root
from cryptohls.sim.hls_core_bench import (HlsCore, assert_core_ports, assert_lint_clean, assert_one_state,
                                          assert_summary, cli, compile_core, cosim_matches, csim)

CORE = HlsCore("jambu-simon96", "jambu_simon96_hls_core", clock_ns=24.0)   # design.toml [variants.hls] clock_ns


def _stride(stride: int) -> dict[str, str]:
    return {**os.environ, "LWC_KAT_STRIDE": str(stride)}


def _csim_equals_cosim(out_dir: Path, stride: int, records: int) -> None:
    lines = csim(CORE, None, env=_stride(stride))
    assert_summary(lines, f"jambu-simon96 core: {records} KATs, {records} ENC, {records} DEC, {records} DEC "
                          "with a wrong tag, 1 flushed DEC, bdo digest ")
    # one call per key and per command: records x (key, ENC, DEC, DEC wrong tag) + flushed DEC + ENC
    cosim_matches(CORE, lines, out_dir, 4 * records + 2, env=_stride(stride))


def test_csim_and_cosim_give_the_same_answer(tmp_path):
    _csim_equals_cosim(tmp_path, 34, 33)


@pytest.mark.slow
def test_csim_and_cosim_all_kats(tmp_path):
    _csim_equals_cosim(tmp_path, 1, 1089)


def test_core_port_list_one_state_and_lint(tmp_path):
    assert CORE.find_variant().options["clock_ns"] == CORE.clock_ns
    result = compile_core(CORE, tmp_path)
    assert_core_ports(result.verilog_path)
    assert_one_state(result.report)
    assert_lint_clean(CORE.top, [result.verilog_path])


def test_timing_does_not_depend_on_the_key():
    """`cryptohls verify jambu-simon96/hls` (secret = ["key"] in design.toml): the miter of two copies
    with different keys proves the handshakes equal in every cycle."""
    out = repo_root() / "build" / "verify-jambu-simon96-hls"   # not under /tmp: the YoWASP tools cannot read it
    run = cli("verify", "jambu-simon96/hls", "--no-equivalence", "-o", str(out))
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["secrets"] == ["key"]
    assert (report["secret_independent"], report["leaks"], report["miter"]["status"]) == (True, [], "proved"), run.stdout
