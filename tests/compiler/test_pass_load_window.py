"""load-window (passes/load_window.py): in a loop to be pipelined, reads of M[i - k] where the loop
writes M[i] become a window of k registers, filled before the loop. IR text in and out; the SHA-1
kernel tests/compiler/auto/sha_round.c (its schedule loop) is simulated in test_auto_pipeline.py."""

from __future__ import annotations

from cryptohls.ir import parse_function, print_function, verify
from cryptohls.passes.load_window import LoadWindow

# for (i = 2; i < 20; i++) M[i] = M[i - 1] + M[i - 2]
FIB = """function f ATTRS
  param y {"direction":"out","width":32}
  memory M {"depth":20,"kind":"KIND","latency":1,"ports":2,"width":32}
  block entry
    %1 = br {"targets":["loop"]} @1:1
  block loop
    %2:i5 = phi START:i5, %9 {"blocks":["entry","loop"],"name":"i"} @1:1
    %3:i5 = sub %2, 1:i5 @2:1
    %4:i32 = load %3 {"mem":"M"} @2:1
    %5:i5 = add %2, 30:i5 @2:1
    %6:i32 = load %5 {"mem":"M"} @2:1
    %7:i32 = add %4, %6 @2:1
    %8 = store %2, %7 {"mem":"M"} @2:1
    %9:i5 = add %2, 1:i5 @1:1
    %10:i1 = icmp %2, 19:i5 {"pred":"ult"} @1:1
    %11 = br %10 {"loop_line":1,"loop_name":"L","targets":["loop","done"]} @1:1
  block done
    %12:i32 = load 19:i5 {"mem":"M"} @3:1
    %13 = out %12 {"param":"y"} @3:1
    %14 = ret @4:1
}
"""


def fib(attrs: str = '{"pipeline":{"1":1}}', start: int = 2, kind: str = "ram") -> str:
    return FIB.replace("ATTRS", attrs).replace("START", str(start)).replace("KIND", kind)


def test_reads_back_become_a_register_window():
    fn = parse_function(fib())
    assert LoadWindow().run(fn)
    verify(fn)
    loop, entry = fn.block("loop"), fn.block("entry")
    assert [op.opcode for op in loop.ops].count("load") == 0 and [op.opcode for op in loop.ops].count("store") == 1
    first = [op for op in entry.ops if op.opcode == "load"]
    assert [op.operands[0].value for op in first] == [1, 0]        # M[i0 - 1], M[i0 - 2]
    m1, m2 = (op for op in loop.phis() if op.attrs.get("name", "").startswith("M_m"))
    assert m1.operands == [first[0], next(op for op in loop.ops if op.id == 7)]   # M[i-1] <- the value written
    assert m2.operands == [first[1], m1]                                         # M[i-2] <- M[i-1]
    assert "add %" + str(m1.id) + ", %" + str(m2.id) in print_function(fn)


def test_window_needs_a_request_a_ram_and_reads_inside_the_array():
    assert not LoadWindow().run(parse_function(fib(attrs="{}")))
    assert not LoadWindow().run(parse_function(fib(kind="arg")))
    assert not LoadWindow().run(parse_function(fib(start=1)))   # M[i0 - 2] = M[-1]
