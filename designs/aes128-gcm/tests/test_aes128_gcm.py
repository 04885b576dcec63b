"""cocotb tests of AES-128-GCM in the LWC frame (aes128_gcm_lwc: designs/lwc-frame around the
CipherCore aes128_gcm_core), run from pytest with Verilator.

- the published McGrew-Viega test cases 1-4 (AES-128, 96-bit IV): ENC, DEC, DEC with a wrong tag;
- the vector set of `cryptohls tv --cipher aes128-gcm` (written to files and parsed back);
- >= 200 random golden-model messages (AD and PT 0..80 bytes, partial blocks) with key changes,
  a quarter of the DECs with a flipped tag or ciphertext bit (FAILURE, nothing released);
- malformed commands: FAILURE alone, then the next good commands work;
- no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the timing test;
every do word is checked against every key word.

pytest designs/aes128-gcm/tests/test_aes128_gcm.py
"""

from __future__ import annotations

import pytest

import os
import random
import tempfile

import cocotb

from aes128_gcm_tb import (TB, fit_linear, scenario_bad_keys, scenario_constant_time, scenario_malformed,
                           scenario_published, scenario_random, scenario_timing, seed)

# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n full blocks = TA + n * TB.
TIMINGS = {
    "rtl": {
        ("enc", "pt"): (45, 10),    # ENC, empty AD, n PT blocks
        ("dec", "pt"): (46, 14),    # DEC, empty AD, n CT blocks (plaintext released after the tag check)
        ("enc", "ad"): (27, 9),     # ENC, n AD blocks, empty PT
    },
    "hls": {                        # the HLS CipherCore in the same frame: the RTL's (docs.md, "HLS CipherCore")
        ("enc", "pt"): (45, 10),
        ("dec", "pt"): (46, 14),
        ("enc", "ad"): (27, 9),
    },
}
TIMING = TIMINGS[os.environ.get("CRYPTOHLS_VARIANT", "rtl")]
LATENCY = 20     # `cryptohls sim`: first PT word accepted -> first CT word on do (waits for E_K(J0), E_K(J0+1))
INTERVAL = 10    # `cryptohls sim`: cycles per block on do, long messages (the AES)
COUNTS = (1, 2, 3, 4, 8, 16, 20)


async def _start(dut) -> TB:
    tb = TB(dut, seed=seed())
    await tb.start()
    return tb


@cocotb.test()
async def published_cases(dut):
    count = await scenario_published(await _start(dut))
    assert count == 4, count


@cocotb.test()
async def lwc_tv_vector_files(dut):
    """`cryptohls tv --cipher aes128-gcm` output, through the files and the LWC parser."""
    from cryptohls.lwc.generate import generate
    from cryptohls.lwc.parser import parse_vector_dir
    from cryptohls.lwc.writer import write_vector_files
    from cryptohls.sim.lwc_driver import vector_set_streams

    tb = await _start(dut)
    with tempfile.TemporaryDirectory() as tmp:
        write_vector_files(tmp, generate("aes128-gcm", seed=seed(), count=8).vectors)
        streams = vector_set_streams(parse_vector_dir(tmp))
    assert len(streams.keys) >= 3 and streams.blocks > 100
    failures = sum(word == 0xF0000000 for word, _ in streams.do)
    assert failures >= 10, failures
    await tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)


@cocotb.test()
async def random_messages_and_wrong_tags(dut):
    count = await scenario_random(await _start(dut), random.Random(seed()), keys=10, per_key=21,
                                  max_bytes=80)
    assert count == 210, count


@cocotb.test()
async def malformed_input(dut):
    count = await scenario_malformed(await _start(dut), random.Random(seed()))
    assert count == 21, count


@cocotb.test()
async def bad_keys(dut):
    await scenario_bad_keys(await _start(dut), random.Random(seed()))


@cocotb.test()
async def timing(dut):
    tb = await _start(dut)
    rng = random.Random(seed())
    measured = {}
    for op, kind in TIMING:
        cycles = await scenario_timing(tb, rng, dec=(op == "dec"), ad_blocks=(kind == "ad"), counts=COUNTS)
        measured[(op, kind)] = fit_linear(cycles)
        dut._log.info("%s %s blocks: cycles %s -> Ta, Tb = %s", op, kind, cycles, measured[(op, kind)])
    assert measured == TIMING, measured


@cocotb.test()
async def constant_time(dut):
    """Cycle counts depend on the segment lengths only (not on data, key, or a wrong tag)."""
    tb = TB(dut, seed=seed(), probe=(dut.u_core.msg_auth_valid, dut.u_core.msg_auth_ready))
    await tb.start()
    figures = await scenario_constant_time(tb, random.Random(seed()),
                                           [(0, 0), (5, 17), (16, 32), (33, 1), (80, 80)])
    dut._log.info("cycles per shape: %s", figures)


def test_aes128_gcm(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aes128-gcm/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


@pytest.mark.slow   # make test-slow (the core's csim = cosim and cycle tests run in make test)
def test_aes128_gcm_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aes128-gcm/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


def test_cryptohls_sim_lwc_path():
    """`cryptohls sim aes128-gcm/rtl` (cryptohls.sim.lwc_driver): the tv vectors pass and the
    measured figures are the module's."""
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant("aes128-gcm/rtl"), seed=2, blocks=20,
                              build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, LATENCY, INTERVAL), result
    assert result.blocks > 100 + 20
