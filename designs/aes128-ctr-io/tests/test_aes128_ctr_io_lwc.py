"""Unit tests of the LWC side of the AES-128-CTR module (aes128_ctr_io_lwc: public-input and
secret-input processors, bypass FIFO, output processor) with the CTR core's ports driven by a cycle
model (aes128_ctr_io_tb.CtrCoreModel). Icarus Verilog: the build takes about a second.

pytest designs/aes128-ctr-io/tests/test_aes128_ctr_io_lwc.py
"""

from __future__ import annotations

import os
from pathlib import Path

import cocotb

from aes128_ctr_io_tb import (TB, CtrCoreModel, scenario_bad_keys, scenario_f51, scenario_failure_timing,
                              scenario_malformed, scenario_random, scenario_timing)

DESIGN_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = DESIGN_DIR.parents[1]
TOPLEVEL = "aes128_ctr_io_lwc"
RTL_FILES = ["aes128_ctr_io_pdi.v", "aes128_ctr_io_sdi.v", "aes128_ctr_io_do.v", "aes128_ctr_io_lwc.v"]
FRAME_FIFO = REPO_ROOT / "designs" / "lwc-frame" / "rtl" / "lwc_header_fifo.v"   # the bypass FIFO


def _seed() -> int:
    return int(os.environ.get("CTRIO_SEED", "1"))


async def _start(dut) -> TB:
    tb = TB(dut, seed=_seed(), probe=(dut.core_in_valid_o, dut.core_in_ready_i))
    model = CtrCoreModel(dut)
    await tb.start()
    cocotb.start_soon(model.run())
    return tb


@cocotb.test()
async def lwc_f51_vectors(dut):
    await scenario_f51(await _start(dut))


@cocotb.test()
async def lwc_random_messages_and_key_changes(dut):
    await scenario_random(await _start(dut), seed=_seed())


@cocotb.test()
async def lwc_malformed_input(dut):
    await scenario_malformed(await _start(dut), seed=_seed())


@cocotb.test()
async def lwc_failure_timing(dut):
    await scenario_failure_timing(await _start(dut), seed=_seed())


@cocotb.test()
async def lwc_bad_keys(dut):
    await scenario_bad_keys(await _start(dut), seed=_seed())


@cocotb.test()
async def lwc_long_message_timing(dut):
    latency, interval = await scenario_timing(await _start(dut))
    # The model core has the RTL core's timing (a block every 10 cycles, result 11 cycles after
    # acceptance); the processors must not add a bubble: the full module's figures.
    assert (latency, interval) == (15, 10), (latency, interval)


def test_aes128_ctr_io_lwc(request):
    from cryptohls.sim.runner import build_and_run

    result = build_and_run(sources=[DESIGN_DIR / "rtl" / f for f in RTL_FILES] + [FRAME_FIFO], top=TOPLEVEL,
                           test_module=Path(__file__).stem, test_dir=Path(__file__).parent,
                           simulator="icarus", run_dir=REPO_ROOT / "build" / "tests" / request.node.name,
                           extra_env={"CTRIO_SEED": "1"})
    assert result.passed and result.tests == 6, result.summary()
