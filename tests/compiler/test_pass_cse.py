from cryptohls.ir import parse_function
from cryptohls.passes.cse import CommonSubexpressionElimination

IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"a"} @1:5
    %3:i8 = add %1, 3:i8 @2:1
    %4:i8 = add %2, 3:i8 @2:9
    %5:i8 = xor %3, %4 @3:1
    ret %5 @4:1
}
"""


def test_duplicate_port_reads_and_adds_merge():
    fn = parse_function(IR)
    assert CommonSubexpressionElimination().run(fn)
    ops = fn.blocks[0].ops
    assert [op.opcode for op in ops] == ["param", "add", "xor", "ret"]
    assert ops[2].operands[0] is ops[2].operands[1]
