"""cocotb tests of aes128-ctr-pipe (fully pipelined AES-128 CTR), run from pytest on the RTL
(rtl/aes128_ctr_pipe.v) and on the HLS core (hls/aes_ctr_pipe_hls.cpp compiled by cryptohls) inside
the `cryptohls sim` port adapter (cryptohls.sim.stream_adapter, wires only): the same four tests,
the same cycle model. `cryptohls sim` of both variants must pass with latency 10 and interval 1.

SP 800-38A F.5.1 / F.5.2, exact latency 10 / interval 1 over 32 back-to-back blocks (and the first
block one cycle after the start), random messages (golden model cryptohls.golden.ctr, counters
wrapping modulo 2^32) under random back-pressure with long stalls, and a cycle-exact check of the
stall behaviour: start_ready_o, in_ready_o, out_valid_o and out_data_o compared in every cycle with
a model of the documented pipeline (docs.md), the same model for both variants.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import cocotb
import pytest
from cocotb.triggers import ReadOnly

from cryptohls.designs import find_variant, repo_root
from cryptohls.golden.ctr import ctr_crypt
from cryptohls.sim.block_checks import (CoreTestbench, check_published, check_random,
                                         measure_timing)
from cryptohls.sim.design_tests import run_design_tests
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run
from cryptohls.sim.stream_core import compile_variant

KIND = "aes128-ctr"
LATENCY = 10
INTERVAL = 1
START_TO_FIRST_BLOCK = 1
STAGES = 9          # registered rounds 1..9; round 10 loads the output register


class TB(CoreTestbench):
    """This core's testbench: drivers, golden kind, seed and block count."""

    KIND = KIND


@cocotb.test()
async def sp800_38a_f51_f52(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 8


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == (LATENCY, INTERVAL), timing
    assert set(timing.intervals) == {INTERVAL}, timing      # all 31, not only the last 16
    assert timing.setup_to_first_accept == START_TO_FIRST_BLOCK, timing


@cocotb.test()
async def random_messages_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


class PipeModel:
    """The documented cycle behaviour (docs.md): nine stages and the output register; every stage
    holds in a cycle where the last stage has a block and the output register is full and not
    draining; a start has priority over a block and needs the pipeline to move."""

    def __init__(self):
        self.loaded = False
        self.slots: list[int | None] = [None] * STAGES   # block index per stage
        self.out: int | None = None

    def cycle(self, start: bool, in_valid: bool, out_ready: bool) -> tuple[bool, bool, bool, int | None]:
        """(start_ready, in_ready, accept, block index on the output or None) of this cycle; then
        the edge (the caller puts an accepted block into stage 0)."""
        advance = not (self.slots[-1] is not None and self.out is not None and not out_ready)
        in_ready = self.loaded and not start and advance
        accept = in_valid and in_ready
        shown = self.out
        if start and advance:
            self.loaded = True
        if shown is not None and out_ready:
            self.out = None
        if advance:
            if self.slots[-1] is not None:
                self.out = self.slots[-1]
            self.slots = [None] + self.slots[:-1]
        return advance, in_ready, accept, shown


@cocotb.test()
async def stalls_cycle_exact(dut):
    """Random input gaps and output stalls (short and long), two messages with different keys
    (the second start while the first message is still inside): every cycle's in_ready_o,
    out_valid_o and out_data_o as the model says."""
    tb = await TB(dut).start()
    core, rng = tb.core, random.Random(tb.rng.getrandbits(32))
    messages = []
    for counter in (2**32 - 3, rng.getrandbits(32)):
        key, iv = rng.randbytes(16), rng.randbytes(12)
        data = [rng.randbytes(16) for _ in range(40)]
        stream = ctr_crypt(key, iv, counter, b"".join(data))
        messages.append((key, iv, counter, data, [stream[i:i + 16] for i in range(0, len(stream), 16)]))
    items = []   # ("start", key, iv, ctr) or ("block", data, expected)
    for key, iv, counter, data, out in messages:
        items.append(("start", key, iv, counter))
        items += [("block", d, o) for d, o in zip(data, out)]
    expected = [item[2] for item in items if item[0] == "block"]
    model = PipeModel()
    accepted = 0
    position, received, stall = 0, 0, 0
    for cycle in range(3000):
        item = items[position] if position < len(items) else None
        start = item is not None and item[0] == "start"
        in_valid = item is not None and item[0] == "block" and rng.random() < 0.8
        if stall:
            stall -= 1
            out_ready = False
        elif rng.random() < 0.02:
            stall = rng.randint(5, 30)
            out_ready = False
        else:
            out_ready = rng.random() < 0.6
        dut.start_valid_i.value = int(start)
        dut.in_valid_i.value = int(in_valid)
        dut.out_ready_i.value = int(out_ready)
        if start:
            dut.key_i.value = int.from_bytes(item[1], "big")
            dut.iv_i.value = int.from_bytes(item[2], "big")
            dut.ctr_i.value = item[3]
        elif item is not None:
            dut.in_data_i.value = int.from_bytes(item[1], "big")
        await ReadOnly()
        start_ready, in_ready, accept, shown = model.cycle(start, in_valid, out_ready)
        if start:
            assert int(dut.start_ready_o.value) == int(start_ready), f"cycle {cycle}: start_ready_o"
        assert int(dut.in_ready_o.value) == int(in_ready), f"cycle {cycle}: in_ready_o"
        assert int(dut.out_valid_o.value) == int(shown is not None), f"cycle {cycle}: out_valid_o"
        if shown is not None:
            got = int(dut.out_data_o.value).to_bytes(16, "big")
            assert got == expected[shown], f"cycle {cycle}: block {shown}"
            if out_ready:
                assert shown == received
                received += 1
        if accept:
            model.slots[0] = accepted
            accepted += 1
        await core.step()
        if (start and start_ready) or accept:
            position += 1
        if received == len(expected):
            break
    assert received == len(expected) == 80, (received, cycle)
    dut.start_valid_i.value = 0
    dut.in_valid_i.value = 0


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("simulator,blocks", [("verilator", 1000)])
def test_aes128_ctr_pipe(simulator, blocks, request):
    result = run_design_tests("aes128-ctr-pipe/rtl", __file__, test_id=request.node.nodeid,
                              simulator=simulator, blocks=blocks)
    assert result.passed and result.tests == 4, result.summary()



# The HLS tests share one compile of the core (hls-artifacts, hls-stream-cache) and one Verilator model
# (sim-cache): on one worker, one after the other, the second finds both built; on two workers at once
# (they are neighbours in the collection) both compiled the core (artifacts.build_once does not wait).
HLS_GROUP = pytest.mark.xdist_group("aes128-ctr-pipe-hls")


@HLS_GROUP
def test_aes128_ctr_pipe_hls(request):
    """The four cocotb tests on the compiled HLS core in the CTR port adapter of `cryptohls sim`
    (the last block of a message once took the next message's key: codegen/pipeline.py
    `sampled_input`)."""
    build = repo_root() / "build"
    core = compile_variant(find_variant("aes128-ctr-pipe/hls"), "ctr", build)
    safe_id = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
    result = build_and_run(sources=core.sources, top=core.top, test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, run_dir=build / "sim-tests" / safe_id,
                           build_args=SPLIT_MODEL_BUILD_ARGS,
                           extra_env={"CRYPTOHLS_BLOCKS": "250", "CRYPTOHLS_SEED": "1",
                                      "CRYPTOHLS_VARIANT": "hls"})
    assert result.passed and result.tests == 4, result.summary()


@pytest.mark.parametrize("flow", ["rtl", pytest.param("hls", marks=HLS_GROUP)])
def test_cryptohls_sim_one_block_per_cycle(flow):
    """Issue 16: `cryptohls sim` measures interval 1 (and latency 10) on both variants, 1000 random
    blocks under random back-pressure included."""
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", f"aes128-ctr-pipe/{flow}"],
                          capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["passed"] and (result["latency"], result["interval"]) == (LATENCY, INTERVAL), result
