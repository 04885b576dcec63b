from cryptohls.ir import parse_function, print_function, verify
from cryptohls.passes.dce import DeadCodeElimination
from cryptohls.passes.narrow_iv import NarrowInductionVariables

# for (int r = 0; r < 10; r++) { acc ^= r == 9 ? x : 1; t[r] = r; } — the AES round loop's shape
IR = """function f {}
  param x {"direction":"in","width":8}
  memory t {"depth":16,"kind":"regs","latency":0,"width":32}
  block entry
    %1:i8 = param {"param":"x"} @1:1
    br {"targets":["loop"]} @2:1
  block loop
    %2:i32 = phi 0:i32, %8 {"blocks":["entry","loop"],"name":"r"} @2:1
    %3:i8 = phi 0:i8, %6 {"blocks":["entry","loop"],"name":"acc"} @2:1
    %4:i1 = icmp %2, 9:i32 {"pred":"eq"} @3:1
    %5:i8 = select %4, %1, 1:i8 @3:1
    %6:i8 = xor %3, %5 @3:1
    %7:i4 = trunc %2 @4:1
    store %7, %2 {"mem":"t"} @4:1
    %8:i32 = add %2, 1:i32 @2:1
    %9:i1 = icmp %8, 10:i32 {"pred":"slt"} @2:1
    br %9 {"loop_line":2,"targets":["loop","exit"]} @2:1
  block exit
    ret %6 @5:1
}
"""


def test_counter_of_a_ten_trip_loop_is_four_bits():
    fn = parse_function(IR)
    assert NarrowInductionVariables().run(fn)
    DeadCodeElimination().run(fn)
    verify(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert (ops[2].width, ops[8].width) == (4, 4)                     # r takes 0..10: 4 bits
    assert ops[9].attrs["pred"] == "ult" and ops[9].operands[1].width == 4   # exit test at 4 bits, unsigned
    assert ops[4].operands[0] is ops[2] and ops[4].operands[1].width == 4    # r == 9 on the narrow r
    z = ops[7].operands[0]                                            # other users read a zero-extension
    assert z.opcode == "zext" and z.width == 32 and z.operands[0] is ops[2]
    assert "%2:i4 = phi 0:i4, %8" in print_function(fn)


def test_counter_that_wraps_keeps_its_width():
    # r starts at 250 and counts to 260 in 8 bits: it wraps, so narrowing would change nothing safely
    fn = parse_function(IR.replace("phi 0:i32", "phi 4294967290:i32").replace("10:i32", "4:i32")
                        .replace('"slt"', '"ne"'))
    NarrowInductionVariables().run(fn)
    assert next(op for op in fn.all_ops() if op.id == 2).width == 32
