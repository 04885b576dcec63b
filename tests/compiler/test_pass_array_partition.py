"""passes/array_partition.py: ARRAY_PARTITION type=cyclic|block factor=F splits a memory into banks.

IR text in → pass → structure checked (which bank each access goes to, its address, the guards of
a run-time bank), then the banked function is proved equivalent to the whole one
(verify/ir_equivalence.py): it reads and writes exactly what the whole one did, for every address.
ir/known_bits.py (used for the constant banks and by the scheduler's memory order) has its own cases
at the end.
"""

from __future__ import annotations

import pytest

from cryptohls.errors import UserError
from cryptohls.ir import parse_function, verify
from cryptohls.ir.known_bits import differ, known_bits
from cryptohls.ir.nodes import Const, Function
from cryptohls.passes.array_partition import ArrayPartition, bank_of
from cryptohls.verify.ir_equivalence import assert_equivalent

PART = '"partition":{"col":1,"factor":%d,"file":"k.c","line":7,"type":"%s"}'

# a 10-element RAM: one read at a run-time address, a store at a run-time address, a read at a
# constant address, and a read at 2*i + 1 (bank 1 of a cyclic-2 partition, whatever i is)
IR = """function f {}
  param a {"direction":"in","width":4}
  param v {"direction":"in","width":8}
  memory m {"depth":10,"kind":"ram","latency":1,"ports":2,"width":8,%s} init [0,1,2,3,4,5,6,7,8,9]
  block entry
    %%1:i4 = param {"param":"a"} @1:1
    %%2:i8 = param {"param":"v"} @1:2
    %%3:i8 = load %%1 {"mem":"m"} @2:1
    store %%1, %%2 {"mem":"m"} @3:1
    %%5:i8 = load 7:i4 {"mem":"m"} @4:1
    %%6:i4 = shl %%1, 1:i4 @5:1
    %%7:i4 = or %%6, 1:i4 @5:2
    %%8:i8 = load %%7 {"mem":"m"} @5:3
    %%9:i8 = xor %%3, %%5 @6:1
    %%10:i8 = xor %%9, %%8 @6:2
    ret %%10 @7:1
}
"""


def _ir(kind: str, factor: int) -> Function:
    return parse_function(IR % (PART % (factor, kind)))


def whole(fn_banked: Function, kind: str, factor: int, mems: dict[str, list[int]]) -> list[int]:
    """The banks put back together as the original 10 elements."""
    banks = [m.name for m in fn_banked.memories]
    return [mems[banks[bank_of(kind, factor, 10, i)[0]]][bank_of(kind, factor, 10, i)[1]] for i in range(10)]


@pytest.mark.parametrize("kind, factor, sizes", [("cyclic", 2, [5, 5]), ("cyclic", 4, [3, 3, 2, 2]),
                                                 ("cyclic", 3, [4, 3, 3]), ("block", 2, [5, 5]),
                                                 ("block", 4, [3, 3, 3, 1]), ("block", 3, [4, 4, 2])])
def test_banks_hold_the_same_values_and_every_access_agrees(kind, factor, sizes):
    ref = _ir(kind, factor)
    del ref.memories[0].attrs["partition"]
    fn = _ir(kind, factor)
    assert ArrayPartition().run(fn)
    verify(fn)
    assert [m.depth for m in fn.memories] == sizes
    assert [m.name for m in fn.memories] == [f"m_{b}" for b in range(len(sizes))]
    assert all(m.attrs["ports"] == 2 and m.attrs["partition_of"] == "m" and "partition" not in m.attrs
               for m in fn.memories)
    assert whole(fn, kind, factor, {m.name: m.init for m in fn.memories}) == list(range(10))
    assert_equivalent(ref, fn, memory_views={"m": lambda mems: whole(fn, kind, factor, mems)})


def test_constant_and_known_bits_accesses_go_to_one_bank():
    fn = _ir("cyclic", 2)
    ArrayPartition().run(fn)
    loads = [op for op in fn.all_ops() if op.opcode == "load"]
    stores = [op for op in fn.all_ops() if op.opcode == "store"]
    # the run-time read: one guarded read per bank and a select; the store: one guarded store per bank
    assert [op.attrs["mem"] for op in loads] == ["m_0", "m_1", "m_1", "m_1"]
    assert all(len(op.operands) == 2 and op.operands[1].width == 1 for op in loads[:2])
    assert [op.attrs["mem"] for op in stores] == ["m_0", "m_1"] and all(len(op.operands) == 3 for op in stores)
    # element 7: bank 1, address 3 (a constant); 2i+1: bank 1 at address i (bits 3..1 of the address)
    assert loads[2].operands[0] == Const(3, 3)
    assert loads[3].operands[0].opcode == "slice" and loads[3].operands[0].attrs["lo"] == 1


def test_block_partition_of_a_known_range_goes_to_one_bank():
    fn = parse_function("""function f {}
  param a {"direction":"in","width":2}
  memory m {"depth":16,"kind":"rom","latency":1,"ports":2,"width":8,%s} init [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]
  block entry
    %%1:i2 = param {"param":"a"} @1:1
    %%2:i4 = zext %%1 @1:2
    %%3:i4 = or %%2, 12:i4 @1:3
    %%4:i8 = load %%3 {"mem":"m"} @2:1
    ret %%4 @3:1
}
""" % (PART % (4, "block")))
    ArrayPartition().run(fn)
    (load,) = [op for op in fn.all_ops() if op.opcode == "load"]
    assert load.attrs["mem"] == "m_3" and len(load.operands) == 1   # 12..15: the last bank, no guard
    assert fn.memory("m_3").init == [12, 13, 14, 15] and fn.memory("m_3").kind == "rom"


def test_a_guarded_access_keeps_its_guard():
    fn = parse_function("""function f {}
  param a {"direction":"in","width":3}
  param g {"direction":"in","width":1}
  memory m {"depth":8,"kind":"ram","latency":1,"ports":2,"width":8,%s}
  block entry
    %%1:i3 = param {"param":"a"} @1:1
    %%2:i1 = param {"param":"g"} @1:2
    store %%1, 5:i8, %%2 {"mem":"m"} @2:1
    ret @3:1
}
""" % (PART % (2, "cyclic")))
    ArrayPartition().run(fn)
    stores = [op for op in fn.all_ops() if op.opcode == "store"]
    assert len(stores) == 2
    for s in stores:
        guard = s.operands[2]
        assert guard.opcode == "and" and guard.operands[1].attrs.get("param") == "g"


def test_a_pooled_array_is_a_located_error():
    fn = parse_function("""function f {}
  memory m {"depth":8,"kind":"ram","latency":1,"ports":2,"width":8,"pool":["m","n"],%s}
  block entry
    %%1:i8 = load 0:i3 {"mem":"m"} @1:1
    ret %%1 @2:1
}
""" % (PART % (2, "cyclic")))
    with pytest.raises(UserError) as info:
        ArrayPartition().run(fn)
    assert str(info.value.location) == "k.c:7:1" and "shares one memory with n" in info.value.message


def test_no_partition_no_change():
    fn = _ir("cyclic", 2)
    del fn.memories[0].attrs["partition"]
    assert not ArrayPartition().run(fn)


# --- ir/known_bits.py --------------------------------------------------------------------------------
LOOP = """function f {}
  memory s {"depth":16,"kind":"regs","latency":0,"width":8}
  block entry
    br {"targets":["loop"]} @1:1
  block loop
    %2:i5 = phi 0:i5, %9 {"blocks":["entry","loop"]} @2:1
    %3:i4 = trunc %2 @2:2
    %4:i8 = load %3 {"mem":"s"} @2:3
    store %3, %4 {"mem":"s"} @2:4
    %6:i5 = or %2, 1:i5 @2:5
    %7:i4 = trunc %6 @2:6
    %8:i8 = load %7 {"mem":"s"} @2:7
    %9:i5 = add %2, 2:i5 @2:8
    %10:i1 = icmp %2, 14:i5 {"pred":"ult"} @2:9
    br %10 {"targets":["loop","exit"]} @2:10
  block exit
    ret @3:1
}
"""


def test_known_bits_of_a_counter_stepped_by_two():
    fn = parse_function(LOOP)
    known = known_bits(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert known[2][0] & 1 and not known[2][1] & 1          # i = 0, 2, 4, …: bit 0 known 0
    assert not known[2][0] & 2                              # bit 1 not known
    assert known[7] == (1, 1)                               # (i | 1)[3:0]: bit 0 known 1
    assert differ(ops[3], ops[7], known) and not differ(ops[3], ops[3], known)


def test_known_bits_of_a_counter_stepped_by_one_know_nothing_low():
    fn = parse_function(LOOP.replace("add %2, 2:i5", "add %2, 1:i5"))
    known = known_bits(fn)
    assert not known[2][0] & 1


def _known_bits_looking_at_every_op(fn: Function) -> dict:
    """known_bits as it was before it skipped ops whose operands had not changed: every op, every round."""
    from cryptohls.ir.known_bits import _meet, _transfer
    state = {op.id: None for op in fn.all_ops()}
    changed, rounds = True, 0
    while changed and rounds < 64:
        changed, rounds = False, rounds + 1
        for op in fn.all_ops():
            if op.width == 0:
                continue
            new = _transfer(op, state)
            if new is not None:
                full = (1 << op.width) - 1
                new = (new[0] & full, new[1] & new[0] & full)
            if new != state[op.id]:
                old = state[op.id]
                if old is not None and new is not None:
                    new = _meet(old, new)
                    if new == old:
                        continue
                state[op.id] = new
                changed = True
    return {k: v for k, v in state.items() if v is not None}


NESTED = """function f {}
  param n {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"n"} @1:1
    %12:i1 = icmp %1, 3:i8 {"pred":"ult"} @1:3
    br {"targets":["outer"]} @1:2
  block outer
    %2:i8 = phi 0:i8, %20 {"blocks":["entry","latch"]} @2:1
    %3:i8 = phi 4:i8, %21 {"blocks":["entry","latch"]} @2:2
    br {"targets":["inner"]} @2:3
  block inner
    %4:i8 = phi %3, %8 {"blocks":["outer","inner"]} @3:1
    %5:i8 = phi %2, %9 {"blocks":["outer","inner"]} @3:2
    %6:i8 = shl %4, 1:i8 @3:3
    %7:i8 = and %6, 252:i8 @3:4
    %8:i8 = or %7, 4:i8 @3:5
    %9:i8 = select %12, %5, %8 @3:6
    %10:i8 = xor %9, %1 @3:7
    %11:i1 = icmp %10, 0:i8 {"pred":"ne"} @3:8
    br %11 {"targets":["inner","latch"]} @3:9
  block latch
    %20:i8 = add %2, 8:i8 @4:1
    %21:i8 = mul %4, 2:i8 @4:2
    %22:i1 = icmp %20, 64:i8 {"pred":"ult"} @4:3
    br %22 {"targets":["outer","exit"]} @4:4
  block exit
    ret @5:1
}
"""


# the loop laid out before the block that enters it: its phi and add are looked at before the value
# they start from is known (nothing to know yet: no change), the next change is that value's
LAID_OUT_LATE = """function f {}
  param n {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"n"} @1:1
    %4:i1 = icmp %1, 100:i8 {"pred":"ult"} @1:2
    br {"targets":["pre"]} @1:3
  block loop
    %2:i8 = phi %5, %3 {"blocks":["pre","loop"]} @2:1
    %3:i8 = add %2, 2:i8 @2:2
    br %4 {"targets":["loop","exit"]} @2:3
  block pre
    %5:i8 = and %1, 240:i8 @3:1
    br {"targets":["loop"]} @3:2
  block exit
    ret @4:1
}
"""


@pytest.mark.parametrize("text", [LOOP, LOOP.replace("add %2, 2:i5", "add %2, 1:i5"), NESTED, LAID_OUT_LATE])
def test_known_bits_skipping_unchanged_ops_is_looking_at_every_op(text):
    """A phi's value from a latch changes after the phi was looked at (nested loops: a chain of them), so the
    phi and what it reaches are looked at again; the result is that of looking at every op each round."""
    fn = parse_function(text)
    verify(fn)
    assert known_bits(fn) == _known_bits_looking_at_every_op(fn)
