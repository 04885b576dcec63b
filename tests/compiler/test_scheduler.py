"""SDC scheduler: chaining stays under the clock budget; memory ports are never oversubscribed."""

from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

CHAIN = """function f {}
  param a {"direction":"in","width":32}
  block entry
    %1:i32 = param {"param":"a"} @1:1
    %2:i32 = add %1, 1:i32 @2:1
    %3:i32 = add %2, 2:i32 @3:1
    %4:i32 = add %3, 3:i32 @4:1
    %5:i32 = add %4, 4:i32 @5:1
    ret %5 @6:1
}
"""


def test_chaining_fits_the_clock():
    model = delay_model("ecp5")          # a 32-bit add ≈ 1.856 + 32*0.0349 = 2.97 ns (calibrated)
    fn = parse_function(CHAIN)
    wide = schedule_function(fn, model, 20.0)
    assert wide.block_cycles["entry"] == 1          # four adds chain in one 20 ns cycle
    tight = schedule_function(fn, model, 7.0)       # budget 7.0 - 0.655 = 6.35 ns: two adds per cycle
    assert tight.block_cycles["entry"] == 2
    assert tight.verify_timing(fn, model) == []
    cycles = [tight.cycle[i] for i in (2, 3, 4, 5)]
    assert cycles == [0, 0, 1, 1]


MEM = """function f {}
  memory a {"kind":"arg","width":8,"depth":4,"ports":1,"latency":1,"read":true,"write":false}
  memory r {"kind":"ram","width":8,"depth":64,"ports":2,"latency":1}
  block entry
    %1:i8 = load 0:i2 {"mem":"a"} @1:1
    %2:i8 = load 1:i2 {"mem":"a"} @1:2
    %3:i8 = load 2:i2 {"mem":"a"} @1:3
    %4:i8 = load 0:i6 {"mem":"r"} @2:1
    %5:i8 = load 1:i6 {"mem":"r"} @2:2
    %6:i8 = load 2:i6 {"mem":"r"} @2:3
    %7:i8 = xor %1, %2 @3:1
    %8:i8 = xor %7, %3 @3:2
    %9:i8 = xor %4, %5 @3:3
    %10:i8 = xor %9, %6 @3:4
    %11:i8 = xor %8, %10 @3:5
    ret @4:1
}
"""


def test_memory_port_limits():
    fn = parse_function(MEM)
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    sched.verify(fn)
    a_cycles = sorted(sched.cycle[i] for i in (1, 2, 3))
    r_cycles = [sched.cycle[i] for i in (4, 5, 6)]
    assert a_cycles == [0, 1, 2]                              # one port: one access per cycle
    assert max(r_cycles.count(c) for c in r_cycles) == 2      # two ports: two accesses share a cycle
    assert sched.block_cycles["entry"] == 4                   # last read in cycle 2, data in cycle 3


XOR_CHAIN = """function f {}
  param a {"direction":"in","width":8}
  param b {"direction":"in","width":8}
  param c {"direction":"in","width":8}
  param d {"direction":"in","width":8}
  param e {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"b"} @1:2
    %3:i8 = param {"param":"c"} @1:3
    %4:i8 = param {"param":"d"} @1:4
    %5:i8 = param {"param":"e"} @1:5
    %6:i8 = xor %1, %2 @2:1
    %7:i8 = xor %6, %3 @2:2
    %8:i8 = xor %7, %4 @2:3
    %9:i8 = xor %8, %5 @2:4
    ret %9 @3:1
}
"""


def test_bitwise_chain_packs_into_luts():
    """((a ^ b) ^ c) ^ d is one LUT4 per bit, the fifth input a second level (not four levels)."""
    from cryptohls.schedule.delay import lut_packing
    model = delay_model("ecp5")
    fn = parse_function(XOR_CHAIN)
    assert lut_packing(fn.blocks) == {7: frozenset({6}), 8: frozenset({7})}   # %9 would need 5 inputs
    sched = schedule_function(fn, model, 10.0)
    arrival = sched.arrival_ns(fn, model)
    assert arrival[8] == model.lut_ns and arrival[9] == 2 * model.lut_ns
    # budget 2.6 - 0.655 = 1.945 ns: one LUT level per cycle, so %9 waits a cycle, %7 and %8 do not
    tight = schedule_function(parse_function(XOR_CHAIN), model, 2.6)
    assert [tight.cycle[i] for i in (6, 7, 8, 9)] == [0, 0, 0, 1]


STREAM_CHECKS = """function f {}
  memory s {"kind":"stream","width":8,"depth":1,"ports":1,"latency":0,"read":true,"write":false,"direction":"in","mode":"ap_fifo"}
  block entry
    %1:i1 = can_transfer {"mem":"s"} @1:1
    %2:i8 = load 0:i1 {"mem":"s"} @2:1
    %3:i1 = can_transfer {"mem":"s"} @3:1
    %4:i8 = load 0:i1 {"mem":"s"} @4:1
    %5:i8 = xor %2, %4 @5:1
    ret @6:1
}
"""


def test_a_stream_check_sees_the_next_transfer():
    """empty() before a read may share the read's cycle (it sees that word); after a read it waits a
    cycle (in the read's cycle it would still see the word being read)."""
    fn = parse_function(STREAM_CHECKS)
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    sched.verify(fn)
    assert [sched.cycle[i] for i in (1, 2, 3, 4)] == [0, 0, 1, 1]


def _counter_updates(n: int) -> str:
    """n read-modify-writes of a one-word global (Csmith's crc32_context): 2n accesses of one memory."""
    lines = ['function f {}', '  memory g {"kind":"ram","width":32,"depth":1,"ports":2,"latency":1} init [0]',
             '  block entry']
    v = 1
    for k in range(n):
        lines.append(f'    %{v}:i32 = load 0:i1 {{"mem":"g"}} @{k + 1}:1')
        lines.append(f'    %{v + 1}:i32 = add %{v}, {k}:i32 @{k + 1}:2')
        lines.append(f'    store 0:i1, %{v + 1} {{"mem":"g"}} @{k + 1}:3')
        v += 2
    lines += ['    ret @999:1', '}']
    return "\n".join(lines) + "\n"


def test_many_accesses_of_one_word_are_ordered_as_a_chain(monkeypatch):
    """Seed 605: 1,544 accesses of one global in a block gave the LP a row per pair (minutes in HiGHS).
    Above CHAIN_ACCESSES the order is a chain: linear in the accesses, and the same schedule."""
    from cryptohls.schedule import sdc
    model = delay_model("ecp5")
    fn = parse_function(_counter_updates(100))            # 200 accesses > CHAIN_ACCESSES
    block = fn.blocks[0]
    chained = sdc._constraints(fn, block, model, 10.0)
    assert len(chained) < 8 * len(block.ops)
    cycles = sdc.schedule_block(fn, block, model, 10.0)
    monkeypatch.setattr(sdc, "CHAIN_ACCESSES", 10 ** 9)  # every pair, as for small blocks
    pairwise = sdc._constraints(fn, block, model, 10.0)
    assert len(pairwise) > 100 * 199 // 2
    assert sdc.schedule_block(fn, block, model, 10.0)[block.terminator.id] == cycles[block.terminator.id]
