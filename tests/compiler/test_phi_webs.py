"""Phi webs (bind/phi_webs.py): phis of one variable share a register when they do not interfere.

IR text in, webs out; then a C kernel compiled, linted and simulated with its webs shared."""

from __future__ import annotations

import re
from pathlib import Path

from cryptohls.bind.phi_webs import phi_live_in, phi_webs, values_into_webs
from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from simharness import lint, run_call

KERNELS = Path(__file__).resolve().parent / "kernels"
M32 = (1 << 32) - 1

# `p` as mem2reg leaves it: %3 at the loop head, %7 where the two arms of the if meet; %7 takes %3
# on the `keep` edge and is the head's value on the back edge. Neither is live into the other's block.
CHAIN = """function f {}
  param a {"direction":"in","width":8}
  param n {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"n"} @1:1
    br {"targets":["head"]} @1:1
  block head
    %3:i8 = phi 0:i8, %7 {"blocks":["entry","join"],"name":"p"} @2:1
    %4:i8 = phi 0:i8, %8 {"blocks":["entry","join"],"name":"i"} @2:1
    %5:i1 = icmp %4, %2 {"pred":"ult"} @2:1
    br %5 {"targets":["body","done"]} @2:1
  block body
    %6:i1 = icmp %1, %4 {"pred":"ugt"} @3:1
    br %6 {"targets":["bump","keep"]} @3:1
  block bump
    %9:i8 = add %3, %1 @4:1
    br {"targets":["join"]} @4:1
  block keep
    br {"targets":["join"]} @5:1
  block join
    %7:i8 = phi %9, %3 {"blocks":["bump","keep"],"name":"p"} @6:1
    %8:i8 = add %4, 1:i8 @6:1
    br {"targets":["head"]} @6:1
  block done
    ret %3 @7:1
}
"""

# The same loop, but the head's %3 is also read after the join: live into `join`, so %7 and %3
# are live at the same time and need two registers.
LIVE_ACROSS = CHAIN.replace("    %8:i8 = add %4, 1:i8 @6:1", "    %8:i8 = add %4, %3 @6:1")


def _ids(fn, name_line: str) -> int:
    return next(op.id for op in fn.all_ops() if op.opcode == "phi" and op.attrs["name"] == name_line[0]
                and op.block.name == name_line[1])


def test_chain_of_one_variable_is_one_web():
    fn = parse_function(CHAIN)
    head_p, join_p = _ids(fn, ("p", "head")), _ids(fn, ("p", "join"))
    webs = phi_webs(fn, excluded=set())
    assert webs[join_p] == webs[head_p] == head_p
    live = phi_live_in(fn, [op for op in fn.all_ops() if op.opcode == "phi"])
    assert head_p in live["body"] and head_p in live["bump"] and head_p not in live["join"]


def test_value_live_across_the_other_definition_keeps_its_own_register():
    fn = parse_function(LIVE_ACROSS)
    head_p, join_p = _ids(fn, ("p", "head")), _ids(fn, ("p", "join"))
    assert head_p in phi_live_in(fn, [op for op in fn.all_ops() if op.opcode == "phi"])["join"]
    webs = phi_webs(fn, excluded=set())
    assert webs[join_p] == join_p and webs[head_p] == head_p


def test_excluded_phis_stay_alone():
    fn = parse_function(CHAIN)
    head_p, join_p = _ids(fn, ("p", "head")), _ids(fn, ("p", "join"))
    webs = phi_webs(fn, excluded={head_p})
    assert head_p not in webs and webs[join_p] == join_p


def phi_webs_model(a, b, n):
    p, q = 0, 1
    for i in range(n):
        if (a >> (i & 31)) & 1:
            for _ in range((b & 3) + 1):
                p = (p * 3 + b) & M32
        if i & 1:
            p, q = q, p   # p and q swap: same block, always two registers
    return (p ^ (q << 1)) & M32


def test_kernel_shares_registers_and_computes_the_same(build_dir):
    result = compile_file(KERNELS / "phi_webs.c", "phi_webs", clock_ns=10.0, out_dir=build_dir)
    verilog = Path(result.verilog_path).read_text()
    assert lint(result.verilog_path) == ""
    phi_regs = re.findall(r"reg \[\d+:0\] (\w+_q);  // phi", verilog)
    final_ir = (Path(build_dir) / "ir" / "phi_webs.ir").read_text()
    # the phis of p left after if-conversion share a register where they can; p and q, swapped in
    # one block, keep two
    assert len(phi_regs) < final_ir.count(" = phi ")
    assert "p_q" in phi_regs and "q_q" in phi_regs
    for a, b, n in ((0xA5A5F00F, 0x0F0F1234, 32), (0xFFFFFFFF, 0, 7), (0, 0xDEADBEEF, 19), (3, 5, 0)):
        sim = run_call(result.verilog_path, result.report, {"a": a, "b": b, "n": n})
        assert sim["ret"] == [phi_webs_model(a, b, n)], (a, b, n)



# A value computed on one side of an if and merged by a phi: it can be loaded into the phi's
# register where it is computed (the edge then holds), unless a phi of that register is still
# needed in its block.
DIAMOND = """function g {}
  param a {"direction":"in","width":8}
  param c {"direction":"in","width":1}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i1 = param {"param":"c"} @1:1
    br %2 {"targets":["left","right"]} @1:1
  block left
    %3:i8 = add %1, 1:i8 @2:1
    br {"targets":["join"]} @2:1
  block right
    br {"targets":["join"]} @3:1
  block join
    %4:i8 = phi %3, 0:i8 {"blocks":["left","right"],"name":"p"} @4:1
    ret %4 @4:1
}
"""


def test_value_is_kept_in_its_phis_register():
    fn = parse_function(DIAMOND)
    phi = next(op for op in fn.all_ops() if op.opcode == "phi")
    value = phi.operands[0]
    webs = phi_webs(fn, excluded=set())
    assert values_into_webs(fn, webs, lambda v: True) == {value.id: phi.id}
    assert values_into_webs(fn, webs, lambda v: False) == {}   # available in the last state: no register


def test_value_is_not_kept_where_its_web_is_live():
    fn = parse_function(CHAIN)
    join_p = _ids(fn, ("p", "join"))
    add = next(op for op in fn.all_ops() if op.opcode == "add" and op.block.name == "bump")
    webs = phi_webs(fn, excluded=set())
    assert webs[join_p] != join_p   # one web with the head's p, which `bump` reads
    assert add.id not in values_into_webs(fn, webs, lambda v: True)
