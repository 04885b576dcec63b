"""Unit test of the bypass FIFO (aes128_ctr_io_fifo, 4 entries of 33 bits) against a Python queue:
random writes and reads, order kept, wr_ready low exactly when 4 entries are stored, rd_valid low
exactly when empty, nothing lost or duplicated. Icarus Verilog.

pytest designs/aes128-ctr-io/tests/test_aes128_ctr_io_fifo.py
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

DESIGN_DIR = Path(__file__).resolve().parents[1]
DEPTH = 4


@cocotb.test()
async def fifo_against_queue(dut):
    rng = random.Random(1)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.wr_valid_i.value = 0
    dut.rd_ready_i.value = 0
    dut.wr_data_i.value = 0
    dut.rst_i.value = 1
    await ClockCycles(dut.clk_i, 3)
    dut.rst_i.value = 0
    model: deque[int] = deque()
    popped = 0
    for cycle in range(3000):
        # Phases of mostly writing and mostly reading so the FIFO runs full and empty.
        write_bias = 0.8 if (cycle // 100) % 2 == 0 else 0.3
        wr_valid = rng.random() < write_bias
        rd_ready = rng.random() < 1.1 - write_bias
        data = rng.getrandbits(33)
        dut.wr_valid_i.value = int(wr_valid)
        dut.wr_data_i.value = data
        dut.rd_ready_i.value = int(rd_ready)
        await RisingEdge(dut.clk_i)
        assert bool(dut.wr_ready_o.value) == (len(model) < DEPTH), (cycle, len(model))
        assert bool(dut.rd_valid_o.value) == (len(model) > 0), (cycle, len(model))
        if model:
            assert int(dut.rd_data_o.value) == model[0], cycle
        if rd_ready and model:
            model.popleft()
            popped += 1
        if wr_valid and dut.wr_ready_o.value:
            model.append(data)
    assert popped > 800


def test_aes128_ctr_io_fifo(request):
    from cryptohls.sim.runner import build_and_run

    result = build_and_run(sources=[DESIGN_DIR / "rtl" / "aes128_ctr_io_fifo.v"], top="aes128_ctr_io_fifo",
                           test_module=Path(__file__).stem, test_dir=Path(__file__).parent,
                           simulator="icarus",
                           run_dir=DESIGN_DIR.parents[1] / "build" / "tests" / request.node.name)
    assert result.passed and result.tests == 1, result.summary()


def test_key_word_check_catches_a_leak():
    """The do check used by every test: a key word on do fails it wherever the expected output holds
    another word (a published plaintext may itself hold key bytes; DEC releases it)."""
    import pytest

    from cryptohls.sim.lwc_driver import check_do

    key = bytes(range(16))
    stream = [(0x52000004, False), (0x04050607, False), (0xE0000000, True)]
    expected = [(0x52000004, False), (0x11111111, False), (0xE0000000, True)]
    with pytest.raises(AssertionError, match="is a key word"):
        check_do(stream, expected, [key])
    check_do(stream[:1] + stream[2:], stream[:1] + stream[2:], [key])
