"""The HLS CipherCore of jambu-aes128 (hls/jambu_aes128_hls_core.cpp) on its own, and both cores' proof of
constant time (`cryptohls verify` with key and data secret).

- its C testbench (published KATs: ENC, DEC, DEC with a flipped tag bit, and a DEC ended by the
  frame's flush) gives the same output and exit status 0 in csim and in cosim: every 34th record here
  (every AD and every PT length), all 1089 in the slow test;
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, is `verilator --lint-only -Wall` clean, and its loop is one state at the variant's
  clock_ns (one iteration per clock cycle, as the RTL core's cycle: test_jambu_aes128.py asserts the
  same Ta and Tb on both variants).

pytest designs/jambu-aes128/tests/test_jambu_aes128_hls_core.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import find_variant, repo_root

HLS = Path(__file__).resolve().parents[1] / "hls"
SRC, TB = HLS / "jambu_aes128_hls_core.cpp", HLS / "tb_jambu_aes128_hls_core.cpp"
TOP = "jambu_aes128_hls_core"
CLOCK_NS = "23"   # design.toml [variants.hls] clock_ns
# designs/lwc-frame/docs.md, "CipherCore port list": (direction seen from the core, width)
CIPHER_CORE_PORTS = {
    "key": ("input", 32), "key_valid": ("input", 1), "key_ready": ("output", 1), "key_update": ("input", 1),
    "bdi": ("input", 32), "bdi_valid": ("input", 1), "bdi_ready": ("output", 1), "bdi_type": ("input", 4),
    "bdi_size": ("input", 3), "bdi_valid_bytes": ("input", 4), "bdi_pad_loc": ("input", 4),
    "bdi_eot": ("input", 1), "bdi_eoi": ("input", 1), "decrypt_in": ("input", 1), "hash_in": ("input", 1),
    "bdo": ("output", 32), "bdo_valid": ("output", 1), "bdo_ready": ("input", 1), "bdo_type": ("output", 4),
    "bdo_valid_bytes": ("output", 4), "end_of_block": ("output", 1),
    "msg_auth_valid": ("output", 1), "msg_auth_ready": ("input", 1), "msg_auth": ("output", 1),
}


def _cli(*args: str, stride: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root(), env={**os.environ, "JAMBU_KAT_STRIDE": str(stride)})


def _csim_equals_cosim(out_dir: Path, stride: int, records: int) -> None:
    csim = _cli("csim", str(SRC), "--tb", str(TB), "--top", TOP, stride=stride)
    assert csim.returncode == 0, csim.stderr
    summary = csim.stdout.strip().splitlines()[-1]
    assert summary == (f"jambu-aes128 core: {records} KATs, {records} ENC, {records} DEC, {records} DEC with a "
                       "wrong tag, 1 flushed DEC, 0 failures"), summary
    cosim = _cli("cosim", str(SRC), "--tb", str(TB), "--top", TOP, "--clock-ns", CLOCK_NS, "-o", str(out_dir),
                 stride=stride)
    assert cosim.returncode == 0, cosim.stderr
    lines = cosim.stdout.strip().splitlines()
    assert lines[:-1] == csim.stdout.strip().splitlines()
    stats = json.loads(lines[-1])
    # one call per key and per command: records x (key, ENC, DEC, DEC wrong tag) + flushed DEC + ENC
    assert (stats["status"], stats["calls"]) == (0, 4 * records + 2)


def test_csim_and_cosim_give_the_same_answer(tmp_path):
    _csim_equals_cosim(tmp_path, 34, 33)


@pytest.mark.slow
def test_csim_and_cosim_all_kats(tmp_path):
    _csim_equals_cosim(tmp_path, 1, 1089)


def test_core_port_list_one_state_and_lint(tmp_path):
    from cryptohls.hls import compile_file

    variant = find_variant("jambu-aes128/hls")
    assert variant.options["clock_ns"] == float(CLOCK_NS)
    result = compile_file(SRC, TOP, clock_ns=float(CLOCK_NS), out_dir=tmp_path, clock_port="clk_i",
                          reset_port="rst_i")
    text = result.verilog_path.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == {**CIPHER_CORE_PORTS, "clk_i": ("input", 1), "rst_i": ("input", 1)}
    (loop,) = result.report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration, as the RTL core
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", TOP, str(result.verilog_path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


# make test: the RTL core (about 10 s); the HLS core in make test-slow (about 40 s: its datapath registers are dropped
# by the induction one by one)
@pytest.mark.parametrize("name", ["rtl", pytest.param("hls", marks=pytest.mark.slow)])
def test_timing_does_not_depend_on_key_or_data(name):
    """`cryptohls verify jambu-aes128/<name>` (secret = ["key", "bdi.bdi"] in design.toml): the miter of two
    copies of the CipherCore with different keys and bdi data words proves the handshakes equal in every cycle."""
    out = repo_root() / "build" / f"verify-jambu-aes128-{name}"   # not under /tmp: the YoWASP tools cannot read it
    run = _cli("verify", f"jambu-aes128/{name}", "--no-equivalence", "-o", str(out), stride=1)
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["secrets"] == ["key", "bdi.bdi"]
    assert (report["secret_independent"], report["leaks"], report["miter"]["status"]) == (True, [], "proved"), run.stdout
