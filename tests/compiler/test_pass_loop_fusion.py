"""loop-fuse (passes/loop_fusion.py): two consecutive one-block loops with constant trip counts become
one loop of the shorter count plus a remainder of the longer one, when no access of the second loop's
trip j meets an access of the first loop's trips after j. IR text in and out; every fused function is
proved equivalent to the function before (verify/ir_equivalence.py: same outputs, same memories). The
SHA-1 kernel tests/compiler/auto/sha_fuse.c is simulated with exact cycles in test_sha_schedule_runs_inside_the_rounds."""

from __future__ import annotations

import copy
import hashlib
import struct
from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function, print_function, verify
from cryptohls.ir.analysis import constant_trip_count, natural_loops
from cryptohls.ir.nodes import Const, Function
from cryptohls.passes.loop_fusion import LoopFusion
from cryptohls.verify.ir_equivalence import assert_equivalent
from simharness import lint, run_call

# A: for (i = 0; i < NA; i++) M[i] = i + 5;   X: s0 = T[0];   B: for (j = 0; j < NB; j++) s += M[j + D]
# (4-bit addresses: D = 15 reads M[j - 1], what A wrote one trip before; M[15] is never written)
TWO = """function f ATTRS
  param y {"direction":"out","width":32}
  memory M {"depth":16,"kind":"KIND","latency":1,"ports":2,"width":32}
  memory T {"depth":2,"kind":"rom","latency":1,"width":32,"init":[7,9]}
  block entry
    %1 = br {"targets":["la"]} @1:1
  block la
    %2:i5 = phi 0:i5, %5 {"blocks":["entry","la"],"name":"i"} @1:1
    %3:i32 = zext %2 @2:1
    %4:i32 = add %3, 5:i32 @2:1
    %20:i4 = trunc %2 @2:1
    %21 = store %20, %4 {"mem":"M"} @2:1
    %5:i5 = add %2, 1:i5 @1:1
    %6:i1 = icmp %2, LASTA:i5 {"pred":"ult"} @1:1
    %7 = br %6 {"loop_line":1,"loop_name":"LA","targets":["la","mid"]} @1:1
  block mid
    %8:i32 = load 0:i1 {"mem":"T"} @3:1
    %9 = br {"targets":["lb"]} @3:1
  block lb
    %10:i4 = phi 0:i4, %14 {"blocks":["mid","lb"],"name":"j"} @4:1
    %11:i32 = phi START, %13 {"blocks":["mid","lb"],"name":"s"} @4:1
    %22:i4 = add %10, D:i4 @5:1
    %12:i32 = load %22 {"mem":"M"} @5:1
    %13:i32 = add %11, %12 @5:1
    %14:i4 = add %10, 1:i4 @4:1
    %15:i1 = icmp %10, LASTB:i4 {"pred":"ult"} @4:1
    %16 = br %15 {"loop_line":4,"loop_name":"LB","targets":["lb","done"]} @4:1
  block done
    %17:i32 = add %13, %4 @6:1
    %18 = out %17 {"param":"y"} @6:1
    %19 = ret @7:1
}
"""


def two(na: int, nb: int, d: int = 15, start: str = "%8", attrs: str = "{}", kind: str = "ram") -> Function:
    text = (TWO.replace("ATTRS", attrs).replace("LASTA", str(na - 1)).replace("LASTB", str(nb - 1))
            .replace("START", start).replace("KIND", kind).replace("D:i4", f"{d}:i4"))
    fn = parse_function(text)
    verify(fn)
    return fn


def fuse(fn: Function) -> bool:
    before = copy.deepcopy(fn)
    changed = LoopFusion().run(fn)
    assert_equivalent(before, fn)
    return changed


def trips(fn: Function) -> dict[str, int | None]:
    return {lp.header: constant_trip_count(fn, lp) for lp in natural_loops(fn)}


def test_first_loop_longer_leaves_a_remainder_of_it():
    fn = two(8, 4)
    assert fuse(fn)
    assert [b.name for b in fn.blocks] == ["entry", "mid", "la", "la_rest", "done"]
    text = print_function(fn)
    # X (the ROM read B starts from) runs first; both loops' phis in one block; B's counter is A's
    assert '%8:i32 = load 0:i1 {"mem":"T"} @3:1\n    %9 = br {"targets":["la"]}' in text
    assert '%11:i32 = phi %8, %13 {"blocks":["mid","la"],"name":"s"}' in text
    assert "%10:i4 = phi" not in text and "%12:i32 = load %22" in text
    la = fn.block("la")
    assert la.terminator.operands[0].attrs["pred"] == "ne"   # stays while i != 3: B's 4 trips
    assert trips(fn) == {"la": 4, "la_rest": 4}
    rest = fn.block("la_rest")
    assert rest.phis()[0].operands[0] == Const(5, 4)         # A's counter goes on from 4
    assert fn.block("done").ops[0].operands[1].block is rest  # A's last value comes from the remainder


def test_second_loop_longer_leaves_a_remainder_of_it():
    fn = two(3, 10)
    assert fuse(fn)
    assert [b.name for b in fn.blocks] == ["entry", "mid", "la", "lb_rest", "done"]
    assert trips(fn) == {"la": 3, "lb_rest": 7}
    assert fn.block("done").ops[0].operands[0].block is fn.block("lb_rest")


def test_equal_trip_counts_make_one_loop():
    fn = two(6, 6)
    assert fuse(fn)
    assert [b.name for b in fn.blocks] == ["entry", "mid", "la", "done"]
    assert fn.block("done").phis() == [] and trips(fn) == {"la": 6}


def test_second_loop_reading_ahead_of_the_first_is_refused():
    # B's trip j reads M[j + 1], which A writes in its trip j + 1: after fusion it would read it first
    fn = two(8, 4, d=1)
    before = print_function(fn)
    assert not fuse(fn)
    assert print_function(fn) == before


def test_same_trip_dependence_is_not_fused():
    # B's trip j reads M[j], which A writes in its trip j: legal, but the fused trip would run B's
    # part after A's, so nothing is gained (AES's add_round_key then inv_mix_columns on a column)
    fn = two(8, 4, d=0)
    before = print_function(fn)
    assert not fuse(fn)
    assert print_function(fn) == before


@pytest.mark.parametrize("case", ["starts_from_a", "directive", "interface", "store_between", "too_short"])
def test_refusals(case):
    if case == "too_short":
        fn = two(2, 10)   # 2 trips share cycles: no more than a remainder loop's entry and exit cost
    elif case == "starts_from_a":
        fn = two(8, 4, start="%4")   # B's sum starts from A's last value
    elif case == "directive":
        fn = two(8, 4, attrs='{"directive_loops":["1"]}')
    elif case == "interface":
        fn = two(8, 4, kind="arg")   # accesses of an interface memory are seen in their order
    else:
        fn = two(8, 4)
        mid = fn.block("mid")
        st = fn.new_op("store", 0, [Const(1, 1), Const(32, 3)], {"mem": "T"}, 3, 1)
        fn.memory("T").kind = "ram"
        st.block = mid
        mid.ops.insert(1, st)
    before = print_function(fn)
    assert not LoopFusion().run(fn)
    assert print_function(fn) == before


KERNEL = Path(__file__).resolve().parent / "auto" / "sha_fuse.c"


def test_sha_schedule_runs_inside_the_rounds(tmp_path):
    """SHA-1 of a 55-byte message (one block) with no directives: the schedule loop (t = 16..79) is
    fused into the four round loops (20 + 20 + 20 + 4 fused trips, then 16 rounds alone), and the
    digest matches hashlib: 155 cycles per call, 205 without the pass."""
    msg = bytes((i * 37 + 11) & 0xFF for i in range(55))
    block = msg + b"\x80" + struct.pack(">Q", 8 * len(msg))
    words = list(struct.unpack(">16I", block))
    want = list(struct.unpack(">5I", hashlib.sha1(msg).digest()))
    cycles = {}
    for skip in ((), ("loop-fuse",)):
        res = compile_file(KERNEL, "sha_fuse", out_dir=tmp_path / ("hls" + "".join(skip)), skip_passes=skip)
        assert lint(res.verilog_path) == ""
        sim = run_call(res.verilog_path, res.report, {}, memories={"in": words}, work=res.verilog_path.parent)
        assert sim["mem"]["digest"] == want
        cycles[skip] = sim["latency"][0]
    assert cycles == {(): 155, ("loop-fuse",): 205}
