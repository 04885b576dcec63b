from cryptohls.ir import parse_function, print_function, verify
from cryptohls.passes.if_convert import IfConversion
from cryptohls.passes.merge_blocks import MergeBlocks

IR = """function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i1 = icmp %1, 9:i8 {"pred":"ne"} @2:1
    br %2 {"targets":["then","join"]} @2:1
  block then
    %4:i8 = shl %1, 1:i8 @3:1
    br {"targets":["join"]} @3:1
  block join
    %6:i8 = phi %4, %1 {"blocks":["then","entry"],"name":"x"} @4:1
    ret %6 @5:1
}
"""


def test_triangle_becomes_select_and_one_block():
    fn = parse_function(IR)
    assert IfConversion().run(fn)
    assert MergeBlocks().run(fn)
    verify(fn)
    assert [b.name for b in fn.blocks] == ["entry"]
    text = print_function(fn)
    assert "select %2, %4, %1" in text and "phi" not in text


def test_side_with_a_store_is_left_alone():
    fn = parse_function(IR.replace('  param a {"direction":"in","width":8}',
                                   '  param a {"direction":"in","width":8}\n  param y {"direction":"out","width":8}')
                        .replace("    br {\"targets\":[\"join\"]} @3:1", "    out %4 {\"param\":\"y\"} @3:5\n"
                                 "    br {\"targets\":[\"join\"]} @3:1"))
    assert not IfConversion().run(fn)
