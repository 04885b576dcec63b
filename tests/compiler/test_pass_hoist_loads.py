"""hoist-loads (passes/hoist_loads.py): a read at a constant address of an internal memory that a loop
does not write is done once before the loop (out of every enclosing loop that does not write it);
reads of written memories, argument ports, registers, LUT ROMs, guarded or run-time addresses stay.
IR text in and out."""

from __future__ import annotations

from cryptohls.ir import parse_function, verify
from cryptohls.passes.hoist_loads import HoistLoads

# while (n--) { for (i = 0; i < 4; i++) acc += M[0] ^ M[i]; }   (M: MEMKIND; STORE writes M or not)
NEST = """function f {}
  param n {"direction":"in","width":8}
  param y {"direction":"out","width":32}
  memory M {"depth":4,"kind":"MEMKIND","latency":1,"ports":2,"width":32}
  memory g {"depth":4,"kind":"arg","latency":1,"ports":1,"width":32,"read":true,"write":false}
  block entry
    %1:i8 = param {"param":"n"} @1:1
    %2 = br {"targets":["outer"]} @1:1
  block outer
    %3:i8 = phi %1, %5 {"blocks":["entry","latch"],"name":"n"} @1:1
    %4:i32 = phi 0:i32, %12 {"blocks":["entry","latch"],"name":"acc"} @1:1
    %5:i8 = sub %3, 1:i8 @1:1
    %6 = br {"targets":["inner"]} @2:1
  block inner
    %7:i2 = phi 0:i2, %13 {"blocks":["outer","inner"],"name":"i"} @2:1
    %8:i32 = phi %4, %12 {"blocks":["outer","inner"],"name":"acc"} @2:1
    %9:i32 = load 0:i2 {"mem":"SRC"} @3:1
    %10:i32 = load %7 {"mem":"M"} @3:1
    %11:i32 = xor %9, %10 @3:1
    %12:i32 = add %8, %11 @3:1
STORE    %13:i2 = add %7, 1:i2 @2:1
    %14:i1 = icmp %7, 3:i2 {"pred":"ult"} @2:1
    %15 = br %14 {"loop_line":2,"loop_name":"L2","targets":["inner","latch"]} @2:1
  block latch
    %16:i1 = icmp %5, 0:i8 {"pred":"ne"} @1:1
    %17 = br %16 {"loop_line":1,"loop_name":"L1","targets":["outer","done"]} @1:1
  block done
    %18 = out %12 {"param":"y"} @4:1
    %19 = ret @5:1
}
"""


def nest(kind: str = "ram", store: str = "", src: str = "M") -> str:
    return NEST.replace("MEMKIND", kind).replace("STORE", store).replace("SRC", src)


def reads(fn, block: str) -> list:
    return [op for op in fn.block(block).ops if op.opcode == "load"]


def test_invariant_read_leaves_both_loops():
    for kind in ("ram", "rom"):
        fn = parse_function(nest(kind))
        assert HoistLoads().run(fn)
        verify(fn)
        hoisted, = reads(fn, "entry")
        assert hoisted.id == 9 and hoisted.operands[0].value == 0
        assert [op.id for op in reads(fn, "inner")] == [10]          # M[i] stays
        assert fn.block("entry").ops[-1].opcode == "br"              # before the jump into the loop
        xor = next(op for op in fn.all_ops() if op.id == 11)
        assert xor.operands[0] is hoisted


def test_read_of_a_memory_the_loop_writes_stays():
    fn = parse_function(nest(store='    %20 = store 1:i2, %12 {"mem":"M"} @3:1\n'))
    assert not HoistLoads().run(fn)
    assert [op.id for op in reads(fn, "inner")] == [9, 10]


def test_a_write_in_the_outer_loop_only_stops_the_second_step():
    text = nest().replace('    %6 = br {"targets":["inner"]}', '    %20 = store 1:i2, %4 {"mem":"M"} @1:1\n'
                                                                   '    %6 = br {"targets":["inner"]}')
    fn = parse_function(text)
    assert HoistLoads().run(fn)
    verify(fn)
    assert reads(fn, "entry") == []
    hoisted, = reads(fn, "outer")                          # once per outer trip, after the write of M
    assert hoisted.id == 9 and [op.id for op in fn.block("outer").ops][-3:] == [20, 9, 6]
    assert [op.id for op in reads(fn, "inner")] == [10]


def test_argument_ports_registers_and_lut_roms_stay():
    assert not HoistLoads().run(parse_function(nest(src="g")))
    assert not HoistLoads().run(parse_function(nest(kind="regs").replace('"latency":1,"ports":2,', '"latency":0,')))
    lut = nest(kind="rom").replace('"latency":1,"ports":2,', '"impl":"lut","latency":0,"ports":0,')
    assert not HoistLoads().run(parse_function(lut))
