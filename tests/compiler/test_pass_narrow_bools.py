"""narrow-bools (passes/narrow_bools.py) end to end: a read predicate written with `|` on bools (which C
computes in int) fits a 6 ns clock as one combinational path once the 32-bit compare against zero is
a bit; the Verilog against a Python model (Icarus). The IR rules: tests/compiler/passes/narrow_bools.ir."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from simharness import run_call

KERNEL = Path(__file__).parent / "kernels" / "bool_or_select.c"


def model(st: int, key_there: int, a: int, b: int) -> int:
    s_idle, s_ad, s_msg, s_tag = st & 1, st >> 2 & 1, st >> 3 & 1, st >> 6 & 1
    return a if s_msg | s_ad | s_tag | (s_idle & (1 - key_there)) else b


@pytest.mark.parametrize("skip, latency", [((), 0), (("narrow-bools",), 1)])
def test_predicate_is_one_path_at_6ns(tmp_path, skip, latency):
    """With the pass the select, the ors and the compare chain in one combinational path (latency 0);
    without it the 32-bit compare against zero (three LUT levels in the delay model) needs a register."""
    res = compile_file(KERNEL, "bool_or_select", clock_ns=6.0, out_dir=tmp_path / "hls", skip_passes=skip)
    assert res.report["latency"] == {"min": latency, "max": latency}
    if skip:
        return
    assert "icmp_eq" not in res.report["resources"]["operators"]   # the one compare is a bit now
    for st, key_there in [(1, 0), (1, 1), (4, 1), (8, 0), (64, 1), (2, 0), (0x80 | 0x10, 1)]:
        inputs = {"st": st, "key_there": key_there, "a": 0x1234_5678, "b": 0x9ABC_DEF0}
        sim = run_call(res.verilog_path, res.report, inputs, work=tmp_path)
        assert sim["ret"] == [model(**inputs)], inputs
