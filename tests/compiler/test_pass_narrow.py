from cryptohls.ir import parse_function
from cryptohls.passes.narrow import NarrowCasts

IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i64 = zext %1 @2:1
    %3:i4 = trunc %2 @3:1
    %4:i16 = trunc %2 @3:5
    %5:i8 = trunc %2 @3:9
    %6:i16 = zext %3 @4:1
    %7:i16 = xor %6, %4 @4:5
    %8:i8 = trunc %7 @4:9
    %9:i8 = xor %8, %5 @5:1
    ret %9 @6:1
}
"""


def test_trunc_of_zext_reads_the_narrow_value():
    fn = parse_function(IR)
    assert NarrowCasts().run(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert ops[3].operands[0] is ops[1]                    # trunc i64→i4 now truncates the i8 directly
    assert ops[4].opcode == "zext" and ops[4].operands[0] is ops[1]
    assert ops[9].operands[1] is ops[1]                    # trunc(zext x) of x's width is x


MUL = """function f {}
  param a {"direction":"in","width":8}
  param b {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"b"} @1:5
    %3:i32 = zext %1 @2:1
    %4:i32 = zext %2 @2:5
    %5:i32 = mul %3, %4 @2:3
    %6:i32 = mul %3, 1000:i32 @3:3
    %7:i32 = xor %5, %6 @4:1
    ret %7 @5:1
}
"""


def test_multiply_of_zero_extended_bytes_is_16_bits():
    fn = parse_function(MUL)
    assert NarrowCasts().run(fn)
    muls = sorted((op.width, op.line) for op in fn.all_ops() if op.opcode == "mul")
    assert muls == [(16, 2), (18, 3)]          # 8+8 bits, and 8 bits times a 10-bit constant
    ops = {op.id: op for op in fn.all_ops()}
    assert ops[5].opcode == "zext" and ops[5].operands[0].width == 16
