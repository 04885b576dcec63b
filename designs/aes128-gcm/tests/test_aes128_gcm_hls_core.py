"""The HLS CipherCore of aes128-gcm (hls/aes128_gcm_hls_core.cpp) compiled, on its own and in the frame.

- its C testbench (McGrew-Viega cases 1-4 and 200 golden-model messages: key, ENC, DEC, DEC with a
  flipped tag bit) gives the same output and exit status 0 in csim and in cosim;
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i (compiled with the variant's clock_port / reset_port), its loop is one state per iteration at the variant's clock (and two at 1 ns less),
  and the full module (frame + generated top aes128_gcm_lwc + the compiled core, no wrapper) is
  `verilator --lint-only -Wall` clean;
- `cryptohls sim aes128-gcm/hls`: the tv vectors pass, latency and interval are the RTL's
  (test_aes128_gcm.py runs every cocotb test on the hls variant and asserts its Ta/Tb).
The checks come from cryptohls.sim.hls_core_bench.

pytest designs/aes128-gcm/tests/test_aes128_gcm_hls_core.py
"""

from __future__ import annotations

from cryptohls.designs import repo_root
from cryptohls.sim.hls_core_bench import (HlsCore, assert_core_ports, assert_full_module_lint_clean,
                                          assert_one_state, assert_two_states_at_1ns_less, compile_core,
                                          cosim_matches, csim)

CORE = HlsCore("aes128-gcm", "aes128_gcm_hls_core", clock_ns=28.0)   # design.toml, variant hls


def test_variant_clock_is_the_tested_one():
    assert float(CORE.find_variant().options["clock_ns"]) == CORE.clock_ns


def test_csim_and_cosim_give_the_same_answer(tmp_path):
    lines = csim(CORE, tmp_path / "csim")
    assert lines[-1] == ("aes128-gcm core: 204 messages, 204 ENC, 204 DEC, 204 DEC with a wrong tag, "
                         "bdo digest dc83035ee4b5c25c, 0 failures"), lines[-1]
    # one call per key and per command: 204 keys + 204 ENC + 2 x 204 DEC
    cosim_matches(CORE, lines, tmp_path / "cosim", 4 * 204)


def test_core_port_list_one_state_and_full_module_lint(tmp_path):
    result = compile_core(CORE, tmp_path / "ok")
    assert_core_ports(result.verilog_path)
    assert_one_state(result.report)
    # no register pool (a select between 128-bit values turned into one memory reached by a pointer)
    memories = [m["name"] for m in result.report["resources"]["memories"]]
    assert not any(name.startswith("pool_") for name in memories), memories
    assert_two_states_at_1ns_less(CORE, tmp_path / "tight")
    assert_full_module_lint_clean(CORE.find_variant(), [result.verilog_path])


def test_cryptohls_sim_hls_lwc_path():
    """`cryptohls sim aes128-gcm/hls`: the tv vectors pass and latency/interval are the RTL's."""
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(CORE.find_variant(), seed=2, blocks=20, build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, 20, 10), result
    assert result.blocks > 100 + 20
