"""cocotb tests of the four RTL cores of aes128-sbox (rtl-type1..4), run from pytest: FIPS-197 Appendix
C.1, exact latency / interval over 32 back-to-back blocks (Type 1: 111 / 110, its 20 look-ups per
round through one dual-port table; Types 2-4: 11 / 10 as designs/aes128-ecb-enc/rtl), and random blocks
(golden model cryptohls.golden.aes) under random back-pressure with long stalls.
"""

from __future__ import annotations

import os
import re

import cocotb
import pytest

from cryptohls.designs import find_variant, repo_root
from cryptohls.sim.block_checks import CoreTestbench, check_published, check_random, measure_timing
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

KIND = "aes128-encrypt"
TIMING = {"rtl-type1": (111, 110), "rtl-type2": (11, 10), "rtl-type3": (11, 10), "rtl-type4": (11, 10)}


class TB(CoreTestbench):
    KIND = KIND


@cocotb.test()
async def fips197_c1(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 1


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    expected = tuple(int(x) for x in os.environ["AES_SBOX_TIMING"].split(","))
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == expected, timing
    assert set(timing.intervals) == {expected[1]}, timing


@cocotb.test()
async def random_blocks_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("variant", sorted(TIMING))
def test_core(variant, request):
    v = find_variant(f"aes128-sbox/{variant}")
    blocks = 300 if variant == "rtl-type1" else 1000    # Type 1 spends 110 cycles per block
    result = build_and_run(
        sources=v.sources(), top=v.top, test_module=__name__.rsplit(".", 1)[-1],
        test_dir=os.path.dirname(__file__), build_args=SPLIT_MODEL_BUILD_ARGS,
        run_dir=repo_root() / "build" / "sim-tests" / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid),
        extra_env={"CRYPTOHLS_BLOCKS": str(blocks), "CRYPTOHLS_SEED": "1",
                   "AES_SBOX_TIMING": ",".join(map(str, TIMING[variant]))})
    assert result.passed and result.tests == 3, result.summary()


@pytest.mark.parametrize("variant", sorted(TIMING))
def test_lint_clean(variant):
    """`verilator --lint-only -Wall` clean, as the other hand-written cores (tests/sim/test_block_cores_lint.py)."""
    import shutil
    import subprocess
    assert shutil.which("verilator"), "verilator not on PATH (source scripts/env.sh)"
    v = find_variant(f"aes128-sbox/{variant}")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", v.top, *map(str, v.sources())],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
