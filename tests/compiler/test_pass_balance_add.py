"""balance on integer adds: SHA-1's ``ROL(a,5) + f + e + W + K`` chain (four carry chains in a row) is
rebuilt as a tree in which the deepest operand (f, two logic levels) enters last: three adds deep,
``((ROL(a,5) + e) + (W + K)) + f``. EXPRESSION_BALANCE off keeps the chain (passes/pipeline.py)."""

from cryptohls.ir import parse_function, verify
from cryptohls.passes.balance import ExpressionBalancing
from cryptohls.passes.dce import DeadCodeElimination
from cryptohls.passes.pipeline import run_pipeline

IR = """function f ATTRS
  param a {"direction":"in","width":32}
  param b {"direction":"in","width":32}
  param c {"direction":"in","width":32}
  param e {"direction":"in","width":32}
  param w {"direction":"in","width":32}
  block entry
    %1:i32 = param {"param":"a"} @1:1
    %2:i32 = param {"param":"b"} @1:1
    %3:i32 = param {"param":"c"} @1:1
    %4:i32 = param {"param":"e"} @1:1
    %5:i32 = param {"param":"w"} @1:1
    %6:i32 = shl %1, 5:i32 @2:1
    %7:i32 = and %2, %3 @2:2
    %8:i32 = or %7, %4 @2:3
    %9:i32 = add %6, %8 @2:4
    %10:i32 = add %9, %4 @2:5
    %11:i32 = add %10, %5 @2:6
    %12:i32 = add %11, 1518500249:i32 @2:7
    ret %12 @3:1
}
"""


def adds_deep(v) -> int:
    if not hasattr(v, "opcode") or v.opcode != "add":
        return 0
    return 1 + max(adds_deep(x) for x in v.operands)


def test_add_chain_becomes_a_tree_with_the_late_operand_last():
    fn = parse_function(IR.replace("ATTRS", "{}"))
    root = fn.block("entry").ops[-2]
    assert adds_deep(root) == 4
    assert ExpressionBalancing().run(fn)
    DeadCodeElimination().run(fn)
    verify(fn)
    assert adds_deep(root) == 3
    assert any(v.id == 8 for v in root.operands)   # f = (b & c) | e joins at the root


def test_expression_balance_off_keeps_the_chain():
    fn = parse_function(IR.replace("ATTRS", '{"expression_balance":"off"}'))
    run_pipeline(fn, ["balance"])
    assert adds_deep(fn.block("entry").ops[-2]) == 4
