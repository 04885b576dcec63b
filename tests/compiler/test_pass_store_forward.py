from cryptohls.ir import parse_function, verify
from cryptohls.passes.dce import DeadCodeElimination
from cryptohls.passes.store_forward import StoreForwarding

# a one-word local written then read back (clang's ap_uint<96> through a range reference), and a
# static kept across calls (read in another block: stays)
IR = """function f {}
  param a {"direction":"in","width":96}
  memory tmp {"depth":1,"kind":"regs","latency":0,"width":96}
  memory keep {"depth":1,"kind":"regs","latency":0,"width":96} init [0]
  block entry
    %1:i96 = param {"param":"a"} @1:1
    store 0:i1, %1 {"mem":"tmp"} @2:1
    %3:i96 = load 0:i1 {"mem":"tmp"} @2:2
    %4:i96 = xor %3, 5:i96 @2:3
    store 0:i1, %4 {"mem":"keep"} @3:1
    br {"targets":["next"]} @3:2
  block next
    %6:i96 = load 0:i1 {"mem":"keep"} @4:1
    ret %6 @5:1
}
"""


def test_load_after_store_uses_the_stored_value():
    fn = parse_function(IR)
    assert StoreForwarding().run(fn)
    DeadCodeElimination().run(fn)
    verify(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert 3 not in ops and ops[4].operands[0] is ops[1]
    assert [m.name for m in fn.memories] == ["keep"]    # tmp is never read any more: gone with its store
    assert ops[6].opcode == "load"                       # another block's read of keep stays
