"""full-unroll (passes/full_unroll.py): a small pure self-loop whose trip count is found by evaluating
its exit test from constants becomes straight-line code; loops with effects, data-dependent trip
counts, directives or too many unrolled ops stay. IR text in and out, then a kernel against a Python
model with exact cycles (Icarus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function, print_function, verify
from cryptohls.passes.const_fold import ConstantFolding
from cryptohls.passes.dce import DeadCodeElimination
from cryptohls.passes.full_unroll import MAX_UNROLLED_OPS, FullUnroll, evaluated_trip_count
from cryptohls.passes.merge_blocks import MergeBlocks
from simharness import run_call

# p = a * b in GF(2)[x] without reduction, b = B: while (b) { if (b & 1) p ^= a; a <<= 1; b >>= 1; }
GMUL = """function f {}
  param a {"direction":"in","width":8}
  param y {"direction":"out","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2 = br {"targets":["loop"]} @2:1
  block loop
    %3:i8 = phi %1, %9 {"blocks":["entry","loop"],"name":"a"} @2:1
    %4:i8 = phi B:i8, %10 {"blocks":["entry","loop"],"name":"b"} @2:1
    %5:i8 = phi 0:i8, %8 {"blocks":["entry","loop"],"name":"p"} @2:1
    %6:i1 = trunc %4 @3:1
    %7:i8 = select %6, %3, 0:i8 @3:1
    %8:i8 = xor %5, %7 @3:1
    %9:i8 = shl %3, 1:i8 @4:1
    %10:i8 = lshr %4, 1:i8 @5:1
    %11:i1 = icmp %4, 2:i8 {"pred":"ult"} @2:1
    %12 = br %11 {"loop_line":2,"loop_name":"VITIS_LOOP_2_1","targets":["done","loop"]} @2:1
  block done
    %13 = out %8 {"param":"y"} @6:1
    %14 = ret @7:1
}
"""


def clean(fn):
    for p in (ConstantFolding(), DeadCodeElimination(), MergeBlocks()):
        p.run(fn)
    verify(fn)
    return print_function(fn)


def test_constant_b_unrolls_into_the_partial_products():
    fn = parse_function(GMUL.replace("B:i8", "13:i8"))   # 0b1101: 4 trips, p = a ^ a<<2 ^ a<<3
    assert evaluated_trip_count(fn.block("loop"), "entry") == 4
    assert FullUnroll().run(fn)
    text = clean(fn)
    assert [b.name for b in fn.blocks] == ["entry"] and "phi" not in text and "loop_line" not in text
    assert text.count("shl") == 3 and text.count("xor") == 2 and "lshr" not in text and "trunc" not in text
    out = next(op for op in fn.all_ops() if op.opcode == "out")
    assert out.operands[0].opcode == "xor"   # the use after the loop reads the last trip's p


@pytest.mark.parametrize("b, trips", [(1, 1), (2, 2), (9, 4), (14, 4), (255, 8)])
def test_trip_count_is_the_evaluated_exit_test(b, trips):
    fn = parse_function(GMUL.replace("B:i8", f"{b}:i8"))
    assert evaluated_trip_count(fn.block("loop"), "entry") == trips


def test_data_dependent_trip_count_stays_a_loop():
    fn = parse_function(GMUL.replace("%4:i8 = phi B:i8", "%4:i8 = phi %1"))
    assert evaluated_trip_count(fn.block("loop"), "entry") is None
    assert not FullUnroll().run(fn)


def test_loop_with_a_port_write_stays():
    fn = parse_function(GMUL.replace("B:i8", "13:i8").replace(
        "    %10:i8 = lshr", "    %15 = out %8 {\"param\":\"y\"} @3:9\n    %10:i8 = lshr"))
    assert not FullUnroll().run(fn)


def test_loop_with_a_directive_stays():
    fn = parse_function(GMUL.replace("B:i8", "13:i8").replace("function f {}",
                                                               'function f {"directive_loops":["2"]}'))
    assert not FullUnroll().run(fn)


def test_unrolled_size_over_the_threshold_stays():
    # a counter loop of N trips with 2 body ops: unrolled iff 2 N <= MAX_UNROLLED_OPS
    counter = """function f {}
  param y {"direction":"out","width":8}
  block entry
    %1 = br {"targets":["loop"]} @1:1
  block loop
    %2:i8 = phi 0:i8, %3 {"blocks":["entry","loop"],"name":"i"} @1:1
    %3:i8 = add %2, 1:i8 @1:1
    %4:i1 = icmp %3, N:i8 {"pred":"ult"} @1:1
    %5 = br %4 {"loop_line":1,"targets":["loop","done"]} @1:1
  block done
    %6 = out %3 {"param":"y"} @2:1
    %7 = ret @3:1
}
"""
    small, big = MAX_UNROLLED_OPS // 2, MAX_UNROLLED_OPS // 2 + 1
    fn = parse_function(counter.replace("N:i8", f"{small}:i8"))
    assert FullUnroll().run(fn)
    assert f"out {small}:i8" in clean(fn)
    fn = parse_function(counter.replace("N:i8", f"{big}:i8"))
    assert not FullUnroll().run(fn)


KERNEL = Path(__file__).resolve().parent / "kernels" / "gf_mul_const.c"


def gmul(a: int, b: int) -> int:
    p = 0
    while b:
        if b & 1:
            p ^= a
        a = ((a << 1) ^ (0x1B if a & 0x80 else 0)) & 0xFF
        b >>= 1
    return p


@pytest.mark.parametrize("skip, loops", [((), 0), (("full-unroll",), 4)])
def test_kernel_matches_the_model_in_one_cycle(tmp_path, skip, loops):
    """InvMixColumns' first row: unrolled, all four multiplies are one cycle of logic (latency 1);
    with the pass skipped they are four data-driven loops."""
    res = compile_file(KERNEL, "gf_mul_const", out_dir=tmp_path / "hls", skip_passes=skip)
    assert len(res.report["loops"]) == loops
    if loops:
        return
    assert res.report["latency"] == {"min": 1, "max": 1}
    for a in [(0x01, 0x02, 0x03, 0x04), (0xDB, 0x13, 0x53, 0x45), (0xFF, 0x80, 0x7F, 0x00)]:
        sim = run_call(res.verilog_path, res.report, dict(zip(("a0", "a1", "a2", "a3"), a)), work=tmp_path)
        want = gmul(a[0], 0x0E) ^ gmul(a[1], 0x0B) ^ gmul(a[2], 0x0D) ^ gmul(a[3], 0x09)
        assert sim["ret"] == [want] and sim["latency"] == [1]


# for (s = 24; s >= 0; s -= 8) *w++ = (uint8_t)(x >> s)   (Blowfish's CFB64 feedback bytes), into MEM
STORE_BYTES = """function f {}
  param x {"direction":"in","width":32}
  memory v {"depth":8,"kind":"regs","latency":0,"width":8}
  memory r {"depth":8,"kind":"ram","latency":1,"ports":2,"width":8}
  memory t {"depth":8,"kind":"rom","impl":"lut","latency":0,"ports":0,"width":8} init [1,2,3,4,5,6,7,8]
  block entry
    %1:i32 = param {"param":"x"} @1:1
    %2 = br {"targets":["loop"]} @2:1
  block loop
    %3:i32 = phi 24:i32, %9 {"blocks":["entry","loop"],"name":"s"} @2:1
    %4:i3 = phi 0:i3, %7 {"blocks":["entry","loop"],"name":"w"} @2:1
    %5:i32 = lshr %1, %3 @3:1
    %6:i8 = trunc %5 @3:1
    %7:i3 = add 1:i3, %4 @3:1
    %8 = store %4, %6 {"mem":"MEM"} @3:1
    %9:i32 = add %3, 4294967288:i32 @2:1
    %10:i1 = icmp %3, 7:i32 {"pred":"sgt"} @2:1
    %11 = br %10 {"loop_line":2,"loop_name":"VITIS_LOOP_2_1","targets":["loop","done"]} @2:1
  block done
    %12 = ret @4:1
}
"""


def test_loop_writing_an_array_in_registers_unrolls():
    """Registers have no port: the four byte writes land in one state instead of one per trip."""
    fn = parse_function(STORE_BYTES.replace("MEM", "v"))
    assert FullUnroll().run(fn)
    text = clean(fn)
    stores = [op for op in fn.all_ops() if op.opcode == "store"]
    assert [b.name for b in fn.blocks] == ["entry"] and "phi" not in text
    assert [s.operands[0].value for s in stores] == [0, 1, 2, 3]       # addresses folded, in order
    assert [s.operands[1].operands[0].operands[1].value if s.operands[1].operands[0].opcode == "lshr" else 0
            for s in stores] == [24, 16, 8, 0]


def test_loop_with_a_ram_access_or_a_lut_rom_read_stays():
    assert not FullUnroll().run(parse_function(STORE_BYTES.replace("MEM", "r")))
    rom_read = STORE_BYTES.replace("MEM", "v").replace("%8 = store %4, %6", "%13:i8 = load %4 {\"mem\":\"t\"} @3:1\n"
                                                       "    %8 = store %4, %13")
    assert not FullUnroll().run(parse_function(rom_read))
