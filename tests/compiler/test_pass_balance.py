from cryptohls.ir import parse_function, verify
from cryptohls.passes.balance import ExpressionBalancing
from cryptohls.passes.dce import DeadCodeElimination

IR = """function f {}
  param a {"direction":"in","width":8}
  param b {"direction":"in","width":8}
  param c {"direction":"in","width":8}
  param d {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"b"} @1:2
    %3:i8 = param {"param":"c"} @1:3
    %4:i8 = param {"param":"d"} @1:4
    %5:i8 = xor %1, %2 @2:1
    %6:i8 = xor %5, %3 @2:2
    %7:i8 = xor %6, %4 @2:3
    %8:i8 = and %7, %5 @3:1
    ret %8 @4:1
}
"""


def depth(op):
    inner = [depth(v) for v in op.operands if hasattr(v, "opcode") and v.opcode == "xor"]
    return 1 + max(inner, default=0)


def test_xor_chain_becomes_a_tree():
    fn = parse_function(IR)
    root = next(op for op in fn.all_ops() if op.id == 7)
    assert depth(root) == 3
    # %5 has two users, so it stays a leaf (one xor deep); the tree pairs the shallow leaves c, d first:
    # (c ^ d) ^ %5 is two levels instead of three
    assert ExpressionBalancing().run(fn)
    DeadCodeElimination().run(fn)
    verify(fn)
    assert depth(root) == 2
    assert {v.id for v in root.operands} >= {5}


def test_already_balanced_is_unchanged():
    fn = parse_function(IR.replace("%6:i8 = xor %5, %3 @2:2", "%6:i8 = xor %3, %4 @2:2")
                        .replace("%7:i8 = xor %6, %4 @2:3", "%7:i8 = xor %6, %5 @2:3"))
    assert not ExpressionBalancing().run(fn)


# MixColumns: m0 = a0 ^ all ^ xtime(a0 ^ a1) with all = a0 ^ a1 ^ a2 ^ a3 shared by the other columns
MIX = """function f {}
  param a {"direction":"in","width":32}
  block entry
    %1:i32 = param {"param":"a"} @1:1
    %2:i8 = slice %1 {"lo":0} @1:2
    %3:i8 = slice %1 {"lo":8} @1:3
    %4:i8 = slice %1 {"lo":16} @1:4
    %5:i8 = slice %1 {"lo":24} @1:5
    %6:i8 = xor %2, %3 @2:1
    %7:i8 = xor %6, %4 @2:2
    %8:i8 = xor %7, %5 @2:3
    %9:i8 = shl %6, 1:i8 @3:1
    %10:i1 = icmp %6, 0:i8 {"pred":"slt"} @3:2
    %11:i8 = xor %9, 27:i8 @3:3
    %12:i8 = select %10, %11, %9 @3:4
    %13:i8 = xor %2, %8 @4:1
    %14:i8 = xor %13, %12 @4:2
    %15:i8 = and %8, %14 @4:3
    ret %15 @5:1
}
"""


def test_xor_leaves_through_shared_nodes_cancel():
    fn = parse_function(MIX)
    ops = {op.id: op for op in fn.all_ops()}
    assert depth(ops[14]) == 5
    assert ExpressionBalancing().run(fn)
    DeadCodeElimination().run(fn)
    verify(fn)
    # a0 ^ (a0^a1^a2^a3) ^ xtime(a0^a1) = a1 ^ a2 ^ a3 ^ xtime: a0 cancels, the shared %8 is not a leaf
    leaves = set()

    def collect(op):
        for v in op.operands:
            if hasattr(v, "opcode") and v.opcode == "xor" and v.id not in (6, 8):
                collect(v)
            else:
                leaves.add(v.id)
    collect(ops[14])
    assert leaves == {3, 4, 5, 12}
    # the three shallow leaves are combined first, the deep one (xtime: xor + select) joins last:
    # xtime ^ (a1 ^ (a2 ^ a3)) is one level after xtime: 3 levels in all (was 5)
    assert ops[14].operands[0] is ops[12]
