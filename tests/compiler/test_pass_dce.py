from cryptohls.ir import parse_function, print_function
from cryptohls.passes.dce import DeadCodeElimination

IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = add %1, 1:i8 @2:1
    %3:i8 = xor %1, %2 @3:1
    ret %2 @4:1
}
"""


def test_dce_removes_unused_xor():
    fn = parse_function(IR)
    assert DeadCodeElimination().run(fn)
    text = print_function(fn)
    assert "xor" not in text and "add" in text
    assert not DeadCodeElimination().run(fn)
