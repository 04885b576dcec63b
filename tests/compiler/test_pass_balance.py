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
