"""The narrowing pass replaces values through a use index (ir/nodes.py UseIndex) rather than a scan of
the whole function per replacement (issue 38: 478 scans of 17,000 ops in one Csmith program). The index
must also know of the operands the pass sets itself: here ``zext(zext %4)`` becomes ``zext %4`` in a
block listed before the one that defines ``%4``, and ``%4`` is replaced only later."""

from __future__ import annotations

from cryptohls.ir import parse_function
from cryptohls.passes.narrow import NarrowCasts

# entry -> b2 -> b1, but b1 is listed (and visited) first
IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    br {"targets":["b2"]} @1:2
  block b1
    %5:i16 = zext %4 @3:1
    %6:i32 = zext %5 @3:2
    %7:i32 = add %6, %6 @3:3
    ret %7 @3:4
  block b2
    %3:i32 = zext %1 @2:1
    %4:i8 = trunc %3 @2:2
    br {"targets":["b1"]} @2:3
}
"""


def test_operands_set_by_the_pass_are_replaced_too():
    fn = parse_function(IR)
    assert NarrowCasts().run(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert ops[6].operands == [ops[1]]     # was zext %5, then zext %4, and %4 is %1
    assert ops[5].operands == [ops[1]]     # a user the index had from the start
    assert ops[7].operands == [ops[6], ops[6]]


def test_users_of_some_values_are_their_users():
    # narrow-iv asks for the users of a loop counter and its next value only (fn.users_of)
    fn = parse_function(IR)
    whole = fn.users()
    some = fn.users_of([op for op in fn.all_ops() if op.id in (1, 4, 6, 7)])
    assert some == {k: whole[k] for k in (1, 4, 6, 7)}
    assert [op.id for op in some[6]] == [7, 7]          # one entry per operand, as users()
