from cryptohls.ir import parse_function, print_function
from cryptohls.passes.const_fold import ConstantFolding

IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = add 200:i8, 100:i8 @2:1
    %3:i8 = xor %1, 0:i8 @3:1
    %4:i1 = icmp 255:i8, 1:i8 {"pred":"slt"} @4:1
    %5:i8 = select %4, %2, %3 @5:1
    ret %5 @6:1
}
"""


def test_folds_wraparound_identity_and_signed_compare():
    fn = parse_function(IR)
    assert ConstantFolding().run(fn)
    # 200+100 wraps to 44; -1 < 1 signed, so the select picks the folded sum
    assert fn.blocks[0].ops[-1].operands[0].value == 44
    assert "xor" not in print_function(fn)
