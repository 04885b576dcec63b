"""Two things the scheduler computed per block now come once per schedule_function (schedule/sdc.py,
issue 38), kept in its constraint cache: the function's known bits for the memory order (hashing every op
per block, to check that the IR was unchanged, was a seventh of a large Csmith program's compile), and
the values each block passes to others for the objective (a scan of the whole function per block).
Without the cache both are computed per call as before; the schedules are the same."""

from __future__ import annotations

from cryptohls.ir import parse_function
from cryptohls.schedule import sdc
from cryptohls.schedule.delay import delay_model

# a store at 2a and a load at 2a + 1 in each block: bit 0 of the addresses is known and differs, so the
# load need not wait for the store
IR = """function f {}
  param a {"direction":"in","width":3}
  param v {"direction":"in","width":8}
  memory m {"depth":16,"kind":"ram","latency":1,"ports":2,"width":8} init [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
  block entry
    %1:i3 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"v"} @1:2
    %3:i4 = zext %1 @2:1
    %4:i4 = shl %3, 1:i4 @2:2
    %5:i4 = or %4, 1:i4 @2:3
    store %4, %2 {"mem":"m"} @3:1
    %7:i8 = load %5 {"mem":"m"} @3:2
    br {"targets":["next"]} @3:3
  block next
    store %5, %7 {"mem":"m"} @4:1
    %9:i8 = load %4 {"mem":"m"} @4:2
    ret %9 @5:1
}
"""


def test_known_bits_once_per_schedule_and_the_same_schedule(monkeypatch):
    fn, model = parse_function(IR), delay_model("ecp5")
    without = {b.name: sdc.schedule_block(fn, b, model, 10.0) for b in fn.blocks}   # checked per call
    computed = []
    real = sdc.known_bits
    monkeypatch.setattr(sdc, "known_bits", lambda f: computed.append(f) or real(f))
    cache: dict = {}
    with_cache = {b.name: sdc.schedule_block(fn, b, model, 10.0, cache=cache) for b in fn.blocks}
    assert with_cache == without and len(computed) == 1
    # the known bit let each load start with its block's store (no memory order between them)
    stores = [op for op in fn.all_ops() if op.opcode == "store"]
    loads = [op for op in fn.all_ops() if op.opcode == "load"]
    for store, load in zip(stores, loads):
        assert with_cache[store.block.name][load.id] <= with_cache[store.block.name][store.id]


def test_uses_outside_each_block_are_those_a_scan_per_block_finds():
    # _lifetime_costs took the values of a block used elsewhere from a scan of the whole function per
    # block; used_outside gives every block's at once, as sets that iterate in the same order
    fn = parse_function(IR)
    every = sdc.used_outside(fn)
    for b in fn.blocks:
        alone: set[int] = set()
        for blk in fn.blocks:
            for op in blk.ops:
                for v in op.op_operands():
                    if v.block is b and (blk is not b or op.opcode == "phi"):
                        alone.add(v.id)
        assert list(every[b.name]) == list(alone)
        assert list(sdc._lifetime_costs(fn, b, every[b.name])) == list(sdc._lifetime_costs(fn, b))
    assert every["entry"] == {4, 5, 7} and every["next"] == set()   # the addresses and the load
