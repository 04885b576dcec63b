"""The HLS CipherCore of aes128-gcm (hls/aes128_gcm_hls_core.cpp) compiled, on its own and in the frame.

- its C testbench (McGrew-Viega cases 1-4 and 200 golden-model messages: key, ENC, DEC, DEC with a
  flipped tag bit) gives the same output and exit status 0 in csim and in cosim;
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i (compiled with the variant's clock_port / reset_port), its loop is one state per iteration at the variant's clock (and two at 1 ns less),
  and the full module (frame + generated top aes128_gcm_lwc + the compiled core, no wrapper) is
  `verilator --lint-only -Wall` clean;
- `cryptohls sim aes128-gcm/hls`: the tv vectors pass, latency and interval are the RTL's
  (test_aes128_gcm.py runs every cocotb test on the hls variant and asserts its Ta/Tb).

pytest designs/aes128-gcm/tests/test_aes128_gcm_hls_core.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from cryptohls.designs import find_variant, repo_root

HLS = Path(__file__).resolve().parents[1] / "hls"
SRC, TB = HLS / "aes128_gcm_hls_core.cpp", HLS / "tb_aes128_gcm_hls_core.cpp"
TOP = "aes128_gcm_hls_core"
CLOCK_NS = 34.0   # design.toml, variant hls
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


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root())


def test_variant_clock_is_the_tested_one():
    assert float(find_variant("aes128-gcm/hls").options["clock_ns"]) == CLOCK_NS


def test_csim_and_cosim_give_the_same_answer(tmp_path):
    csim = _cli("csim", str(SRC), "--tb", str(TB), "--top", TOP, "-o", str(tmp_path / "csim"))
    assert csim.returncode == 0, csim.stderr
    summary = csim.stdout.strip().splitlines()[-1]
    assert summary == ("aes128-gcm core: 204 messages, 204 ENC, 204 DEC, 204 DEC with a wrong tag, "
                       "bdo digest e70e6ad268b5c477, 0 failures"), summary
    cosim = _cli("cosim", str(SRC), "--tb", str(TB), "--top", TOP, "--clock-ns", str(CLOCK_NS),
                 "-o", str(tmp_path / "cosim"))
    assert cosim.returncode == 0, cosim.stderr
    lines = cosim.stdout.strip().splitlines()
    assert lines[:-1] == csim.stdout.strip().splitlines()
    stats = json.loads(lines[-1])
    # one call per key and per command: 204 keys + 204 ENC + 2 x 204 DEC
    assert (stats["status"], stats["calls"]) == (0, 4 * 204)


def test_core_port_list_one_state_and_full_module_lint(tmp_path):
    from cryptohls.hls import compile_file

    result = compile_file(SRC, TOP, clock_ns=CLOCK_NS, out_dir=tmp_path / "ok", clock_port="clk_i", reset_port="rst_i")
    text = result.verilog_path.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == {**CIPHER_CORE_PORTS, "clk_i": ("input", 1), "rst_i": ("input", 1)}
    (loop,) = result.report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration, as the RTL core
    # no register pool (a select between 128-bit values turned into one memory reached by a pointer)
    memories = [m["name"] for m in result.report["resources"]["memories"]]
    assert not any(name.startswith("pool_") for name in memories), memories
    # the clock is the shortest whole-ns period with one state: 1 ns less splits the iteration
    (tight,) = compile_file(SRC, TOP, clock_ns=CLOCK_NS - 1, out_dir=tmp_path / "tight").report["loops"]
    assert tight["iteration_latency"] == 2
    variant = find_variant("aes128-gcm/hls")
    files = [result.verilog_path, *variant.rtl_sources()]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


def test_cryptohls_sim_hls_lwc_path():
    """`cryptohls sim aes128-gcm/hls`: the tv vectors pass and latency/interval are the RTL's."""
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant("aes128-gcm/hls"), seed=2, blocks=20,
                              build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, 20, 10), result
    assert result.blocks > 100 + 20
