"""cocotb tests of the full AES-128-CTR module with LWC I/O (aes128_ctr_io: the LWC side around the
RTL core designs/aes128-ctr), run from pytest with Verilator.

- SP 800-38A F.5.1 as published (ENC) and back (DEC);
- the vector set of `cryptohls tv --cipher aes128-ctr` (written to files and parsed back);
- random messages of 0..N bytes (partial words and blocks, multi-segment, empty AD) with key changes;
- malformed commands and keys: FAILURE, then the next good command works;
- a 20-block message at full speed: exactly 10 cycles per block through the core and on do.
Every do word is checked against every key word.

pytest designs/aes128-ctr-io/tests/test_aes128_ctr_io.py
"""

from __future__ import annotations

import os
import tempfile

import cocotb

from aes128_ctr_io_tb import (TB, scenario_bad_keys, scenario_f51, scenario_failure_timing,
                              scenario_malformed, scenario_random, scenario_timing)

INTERVAL = 10          # cycles per block, long messages
LATENCY = 15          # first PT word accepted -> first CT word on do (docs.md, timing)


def _seed() -> int:
    return int(os.environ.get("CRYPTOHLS_SEED", "1"))


async def _start(dut) -> TB:
    tb = TB(dut, seed=_seed(), probe=(dut.u_lwc.core_in_valid_o, dut.u_lwc.core_in_ready_i))
    await tb.start()
    return tb


@cocotb.test()
async def sp800_38a_f51(dut):
    await scenario_f51(await _start(dut))


@cocotb.test()
async def lwc_tv_vector_files(dut):
    """`cryptohls tv --cipher aes128-ctr` output, through the files and the LWC parser."""
    from cryptohls.lwc.generate import generate
    from cryptohls.lwc.parser import parse_vector_dir
    from cryptohls.lwc.writer import write_vector_files
    from cryptohls.sim.lwc_driver import vector_set_streams

    tb = await _start(dut)
    with tempfile.TemporaryDirectory() as tmp:
        write_vector_files(tmp, generate("aes128-ctr", seed=_seed(), count=8).vectors)
        streams = vector_set_streams(parse_vector_dir(tmp))
    assert len(streams.keys) >= 3 and streams.blocks > 100
    await tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)


@cocotb.test()
async def random_messages_and_key_changes(dut):
    await scenario_random(await _start(dut), seed=_seed(), keys=4, per_key=4, max_bytes=100)


@cocotb.test()
async def malformed_input(dut):
    await scenario_malformed(await _start(dut), seed=_seed())


@cocotb.test()
async def failure_timing(dut):
    await scenario_failure_timing(await _start(dut), seed=_seed())


@cocotb.test()
async def bad_keys(dut):
    await scenario_bad_keys(await _start(dut), seed=_seed())


@cocotb.test()
async def long_message_timing(dut):
    tb = await _start(dut)
    latency, interval = await scenario_timing(tb, blocks=20)
    assert (latency, interval) == (LATENCY, INTERVAL), (latency, interval)


def test_aes128_ctr_io(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aes128-ctr-io/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


def test_cryptohls_sim_lwc_path():
    """`cryptohls sim` for interface = "lwc" (cryptohls.sim.lwc_driver): the tv vectors pass and the
    measured figures are the module's."""
    from cryptohls.cli import main
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant("aes128-ctr-io/rtl"), seed=2, blocks=20,
                              build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, LATENCY, INTERVAL), result
    assert result.blocks > 100 + 20
    assert main(["sim", "aes128-ctr-io/rtl", "--blocks", "4"]) == 0
