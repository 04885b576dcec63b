"""Dead-store elimination (passes/dead_store.py): a store of an internal memory that a later store
of the same block overwrites, unread in between, is dropped; the scheduler, which keeps two stores of
one address a cycle apart, then fits the rewrites in one cycle (the unrolled method chain of
designs/aes128-oop's registers variant: 4 cycles per round before, 1 after). Which stores go:
tests/compiler/passes/dead_store.ir; here, the schedule that follows."""

from cryptohls.ir import parse_function
from cryptohls.passes.dead_store import DeadStoreElimination
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

# s: a register file rewritten three times (a round's methods on the state); g: a whole program's
# global; a: an argument port; k: read at a variable address between two stores
IR = """function f {}
  param x {"direction":"in","width":8}
  param i {"direction":"in","width":2}
  memory s {"depth":4,"kind":"regs","latency":0,"width":8} init [0,0,0,0]
  memory k {"depth":4,"kind":"regs","latency":0,"width":8} init [0,0,0,0]
  memory g {"depth":2,"kind":"regs","latency":0,"width":8,"global":true} init [0,0]
  memory a {"kind":"arg","width":8,"depth":4,"ports":1,"latency":1,"read":false,"write":true}
  block entry
    %1:i8 = param {"param":"x"} @1:1
    %2:i2 = param {"param":"i"} @1:2
    %3:i1 = icmp %1, 0:i8 {"pred":"eq"} @1:3
    %4 = store 0:i2, %1 {"mem":"s"} @2:1
    %5 = store 1:i2, %1 {"mem":"s"} @2:2
    %6:i8 = xor %1, 3:i8 @3:1
    %7 = store 0:i2, %6 {"mem":"s"} @3:2
    %8:i8 = load 1:i2 {"mem":"s"} @3:3
    %9 = store 1:i2, %6 {"mem":"s"} @3:4
    %10:i8 = xor %6, 5:i8 @4:1
    %11 = store 0:i2, %10 {"mem":"s"} @4:2
    %12 = store 2:i2, %1 {"mem":"s"} @5:1
    %13 = store 2:i2, %6, %3 {"mem":"s"} @5:2
    %14 = store 0:i2, %1 {"mem":"k"} @6:1
    %15:i8 = load %2 {"mem":"k"} @6:2
    %16 = store 0:i2, %6 {"mem":"k"} @6:3
    %17 = store 0:i1, %1 {"mem":"g"} @7:1
    %18 = store 0:i1, %6 {"mem":"g"} @7:2
    %19 = store 0:i2, %1 {"mem":"a"} @8:1
    %20 = store 0:i2, %6 {"mem":"a"} @8:2
    %21:i8 = xor %8, %15 @9:1
    ret %21 @9:2
}
"""


def test_rewrites_of_one_register_fit_one_cycle_once_dead_stores_are_gone():
    model = delay_model("ecp5")
    before = schedule_function(parse_function(IR), model, 50.0)
    fn = parse_function(IR)
    DeadStoreElimination().run(fn)
    after = schedule_function(fn, model, 50.0)
    # s[0] written three times (%4, %7, %11) kept three cycles in C order; g's and a's two stores
    # stay (two cycles); a's port latency adds none to the last store
    assert (before.block_cycles["entry"], after.block_cycles["entry"]) == (3, 2)
