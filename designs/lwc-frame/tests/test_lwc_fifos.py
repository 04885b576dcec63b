"""Unit tests of the LWC frame's FIFOs against a Python queue (Icarus Verilog):

- lwc_header_fifo (4 entries x 34 bits, and x 33 as aes128-ctr-io's bypass FIFO): random writes and reads in phases that run it full and
  empty; order kept, wr_ready low exactly when full, rd_valid low exactly when empty;
- lwc_data_fifo (the decryption buffer, here 2**4 words; the cipher tops use 2**9): the same, plus
  clear_i, which empties it in one cycle (a write or read in that cycle is ignored).

pytest designs/lwc-frame/tests/test_lwc_fifos.py
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import cocotb
import pytest
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

RTL = Path(__file__).resolve().parents[1] / "rtl"
REPO = RTL.parents[2]


async def _fifo_against_queue(dut, *, depth: int, width: int, has_clear: bool) -> None:
    rng = random.Random(1)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.wr_valid_i.value = 0
    dut.rd_ready_i.value = 0
    dut.wr_data_i.value = 0
    if has_clear:
        dut.clear_i.value = 0
    dut.rst_i.value = 1
    await ClockCycles(dut.clk_i, 3)
    dut.rst_i.value = 0
    model: deque[int] = deque()
    popped = clears = fulls = 0
    for cycle in range(4000):
        write_bias = 0.85 if (cycle // (8 * depth)) % 2 == 0 else 0.3
        wr_valid = rng.random() < write_bias
        rd_ready = rng.random() < 1.1 - write_bias
        clear = has_clear and rng.random() < 0.01
        data = rng.getrandbits(width)
        dut.wr_valid_i.value = int(wr_valid)
        dut.wr_data_i.value = data
        dut.rd_ready_i.value = int(rd_ready)
        if has_clear:
            dut.clear_i.value = int(clear)
        await RisingEdge(dut.clk_i)
        assert bool(dut.wr_ready_o.value) == (len(model) < depth), (cycle, len(model))
        assert bool(dut.rd_valid_o.value) == (len(model) > 0), (cycle, len(model))
        fulls += len(model) == depth
        if model:
            assert int(dut.rd_data_o.value) == model[0], cycle
        if clear:
            model.clear()
            clears += 1
            continue
        if rd_ready and model:
            model.popleft()
            popped += 1
        if wr_valid and dut.wr_ready_o.value:
            model.append(data)
    assert popped > 1000 and fulls > 50
    assert clears > 10 or not has_clear


@cocotb.test()
async def fifo_against_queue(dut):
    import os

    depth = 1 << int(os.environ["FIFO_DEPTH_LOG2"])
    await _fifo_against_queue(dut, depth=depth, width=int(os.environ["FIFO_WIDTH"]),
                              has_clear=os.environ["FIFO_CLEAR"] == "1")


@pytest.mark.parametrize("top,width,depth_log2,clear", [("lwc_header_fifo", 34, 2, False),
                                                        ("lwc_header_fifo", 33, 2, False),  # aes128-ctr-io's bypass FIFO
                                                        ("lwc_data_fifo", 32, 4, True)])
def test_lwc_fifo(request, top, width, depth_log2, clear):
    from cryptohls.sim.runner import build_and_run

    result = build_and_run(sources=[RTL / f"{top}.v"], top=top, test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus",
                           parameters={"WIDTH": width, "DEPTH_LOG2": depth_log2},
                           extra_env={"FIFO_DEPTH_LOG2": str(depth_log2), "FIFO_WIDTH": str(width),
                                      "FIFO_CLEAR": "1" if clear else "0"},
                           run_dir=REPO / "build" / "tests" / request.node.name.replace("[", "_").rstrip("]"))
    assert result.passed and result.tests == 1, result.summary()
