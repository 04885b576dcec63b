"""Counter predicates in flip-flops (codegen/predicates.py): `r == 5` on a loop counter's register is a
flip-flop loaded with `r_d == 5`; a compare on a data phi stays a comparator. Icarus against a Python
model of the C (exact values and cycles)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from simharness import lint, run_call

KERNEL = Path(__file__).resolve().parent / "kernels" / "counter_flags.c"
M32 = (1 << 32) - 1


def counter_flags(x: int, k: int) -> tuple[int, int]:
    """(the kernel's result, iterations of its data loop)"""
    acc = x
    for r in range(8):
        acc = (((acc << 3) | (acc >> 29)) & M32) ^ (k if r == 5 else (~k & M32) if r < 3 else 0)
    y, steps = acc, 0
    while y:
        y >>= 4
        steps += 1
    return (acc + steps) & M32, steps


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    return compile_file(KERNEL, "counter_flags", clock_ns=10.0, out_dir=tmp_path_factory.mktemp("counter_flags"))


def test_counter_compares_come_from_flip_flops(compiled):
    text = compiled.verilog_path.read_text()
    assert lint(compiled.verilog_path) == ""
    for flag, expr in (("r_eq5", "(r_d == 4'd5)"), ("r_ult3", "(r_d < 4'd3)"), ("r_ult7", "(r_d < 4'd7)")):
        assert f"reg {flag}_q;" in text and f"assign {flag}_d = {expr};" in text and f"{flag}_q <= {flag}_d;" in text
    assert "(y_q < 32'd16)" in text   # y's next value is a shift of data: no flip-flop of its own
    assert "y_ult16" not in text


@pytest.mark.parametrize("x, k", [(0x12345678, 0x0F0F0F0F), (0, 0), (0xFFFFFFFF, 0x80000001)])
def test_counter_flags_match_the_model(compiled, tmp_path, x, k):
    sim = run_call(compiled.verilog_path, compiled.report, {"x": x, "k": k}, work=tmp_path)
    value, steps = counter_flags(x, k)
    assert sim["ret"] == [value]
    # entry + 8 rounds (the report's minimum, 9), then a cycle per nibble of the data loop
    assert compiled.report["latency"]["min"] == 9 and sim["latency"] == [9 + steps]
