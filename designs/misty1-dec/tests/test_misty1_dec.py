"""cocotb tests of misty1_dec (basic iterative MISTY1 decryption, one round pair per cycle), run
from pytest.

RFC 2994 Appendix A (both ECB examples, ciphertext -> plaintext), exact latency 5 / interval 4 over 32 back-to-back blocks,
and 1000 random blocks with frequently changing keys (golden model cryptohls.golden.misty1) under
random back-pressure with long stalls. The pytest entry builds the core once per simulator and
runs all cocotb tests in one simulation.
"""

from __future__ import annotations

import cocotb
import pytest

from cryptohls.sim.block_checks import (CoreTestbench, check_published, check_random,
                                         measure_timing)
from cryptohls.sim.design_tests import run_design_tests

KIND = "misty1-decrypt"
LATENCY = 5
INTERVAL = 4


class TB(CoreTestbench):
    """This core's testbench: drivers, golden kind, seed and block count."""

    KIND = KIND


@cocotb.test()
async def rfc2994_ecb(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 2


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == (LATENCY, INTERVAL), timing
    assert set(timing.intervals) == {INTERVAL}, timing      # all 31, not only the last 16


@cocotb.test()
async def random_blocks_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("simulator,blocks", [("verilator", 1000), ("icarus", 150)])
def test_misty1_dec(simulator, blocks, request):
    result = run_design_tests("misty1-dec/rtl", __file__, test_id=request.node.nodeid,
                              simulator=simulator, blocks=blocks)
    assert result.passed and result.tests == 3, result.summary()
