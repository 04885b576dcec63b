"""The HLS CipherCore of tiaoxin346 (hls/tiaoxin346_hls_core.cpp, CCW = 256) compiled, on its own and in the frame.

- hls/tiaoxin_vectors.txt is what hls/gen_tiaoxin_vectors.py writes (every 11th CAESAR KAT record as
  published, then golden-model messages of 0..100 bytes);
- its C testbench (per message: key, ENC, DEC, DEC with a flipped tag bit) passes in csim and the csim
  binary fails on a file with one wrong CT digit; cosim gives the same output (make test-slow);
- the compiled core has exactly the frame's CipherCore port list at CCW = 256 (designs/lwc-frame/docs.md,
  "Bus width W") plus clk_i/rst_i and its loop is one state per iteration at the variant's clock, two
  at 1 ns less; the full module (frame at W = 256 + generated top tiaoxin346_lwc + the compiled core)
  is `verilator --lint-only -Wall` clean (make test-slow).
(test_tiaoxin346.py runs the shared LWC bench on the hls variant and asserts the RTL's Ta/Tb, make test-slow.)

pytest designs/tiaoxin346/tests/test_tiaoxin346_hls_core.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import find_variant, repo_root

HLS = Path(__file__).resolve().parents[1] / "hls"
SRC, TB, VECTORS = HLS / "tiaoxin346_hls_core.cpp", HLS / "tb_tiaoxin346_hls_core.cpp", HLS / "tiaoxin_vectors.txt"
TOP = "tiaoxin346_hls_core"
CLOCK_NS = 25.0   # design.toml, variant hls
SUMMARY = "tiaoxin346 core: 139 messages, 139 ENC, 139 DEC, 139 DEC with a wrong tag, bdo digest 5f892c6ba47e7e20, 0 failures"
# designs/lwc-frame/docs.md, "CipherCore port list", at CCW = 256: (direction seen from the core, width)
CIPHER_CORE_PORTS = {
    "key": ("input", 32), "key_valid": ("input", 1), "key_ready": ("output", 1), "key_update": ("input", 1),
    "bdi": ("input", 256), "bdi_valid": ("input", 1), "bdi_ready": ("output", 1), "bdi_type": ("input", 4),
    "bdi_size": ("input", 6), "bdi_valid_bytes": ("input", 32), "bdi_pad_loc": ("input", 32),
    "bdi_eot": ("input", 1), "bdi_eoi": ("input", 1), "decrypt_in": ("input", 1), "hash_in": ("input", 1),
    "bdo": ("output", 256), "bdo_valid": ("output", 1), "bdo_ready": ("input", 1), "bdo_type": ("output", 4),
    "bdo_valid_bytes": ("output", 32), "end_of_block": ("output", 1),
    "msg_auth_valid": ("output", 1), "msg_auth_ready": ("input", 1), "msg_auth": ("output", 1),
}

sys.path.insert(0, str(HLS))
from gen_tiaoxin_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root())


def test_vectors_are_the_generators():
    committed = VECTORS.read_text().splitlines()
    assert committed == vector_lines(40, seed=1) and len(committed) == 139


def test_variant_clock_is_the_tested_one():
    assert float(find_variant("tiaoxin346/hls").options["clock_ns"]) == CLOCK_NS


def _csim(out_dir: Path) -> subprocess.CompletedProcess:
    csim = _cli("csim", str(SRC), "--tb", str(TB), "--top", TOP, "-o", str(out_dir))
    assert csim.returncode == 0, csim.stderr
    assert csim.stdout.strip().splitlines()[-1] == SUMMARY
    return csim


def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path):
    _csim(tmp_path / "csim")
    lines = VECTORS.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.split()[4] != "-")
    fields = lines[index].split()
    fields[4] = fields[4][:-1] + ("1" if fields[4][-1] == "0" else "0")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([*lines[:index], " ".join(fields)]) + "\n")
    run = subprocess.run([str(tmp_path / "csim" / "csim"), str(bad)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and f"message {index + 1} ENC: wrong CT || tag" in run.stdout, run.stdout


@pytest.mark.slow   # make test-slow: minutes on the shared machine (the 1664-bit state's Verilator build)
def test_csim_and_cosim_give_the_same_answer(tmp_path):
    csim = _csim(tmp_path / "csim")
    cosim = _cli("cosim", str(SRC), "--tb", str(TB), "--top", TOP, "--clock-ns", str(CLOCK_NS),
                 "-o", str(tmp_path / "cosim"))
    assert cosim.returncode == 0, cosim.stderr
    out = cosim.stdout.strip().splitlines()
    assert out[:-1] == csim.stdout.strip().splitlines()
    stats = json.loads(out[-1])
    # one call per key and per command: 139 keys + 139 ENC + 2 x 139 DEC
    assert (stats["status"], stats["calls"]) == (0, 4 * 139)


def test_core_port_list_and_one_state(tmp_path):
    from cryptohls.hls import compile_file

    result = compile_file(SRC, TOP, clock_ns=CLOCK_NS, out_dir=tmp_path / "ok", clock_port="clk_i", reset_port="rst_i")
    text = result.verilog_path.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == {**CIPHER_CORE_PORTS, "clk_i": ("input", 1), "rst_i": ("input", 1)}
    (loop,) = result.report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration: one block per cycle, as the RTL core


@pytest.mark.slow   # make test-slow: a compile and a Verilator lint of the 96 S-boxes
def test_tight_clock_and_full_module_lint(tmp_path):
    from cryptohls.hls import compile_file

    result = compile_file(SRC, TOP, clock_ns=CLOCK_NS, out_dir=tmp_path / "ok", clock_port="clk_i", reset_port="rst_i")
    (tight,) = compile_file(SRC, TOP, clock_ns=CLOCK_NS - 1, out_dir=tmp_path / "tight").report["loops"]
    assert tight["iteration_latency"] == 2   # the clock is the shortest whole-ns period with one state
    variant = find_variant("tiaoxin346/hls")
    files = [result.verilog_path, *variant.rtl_sources()]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
