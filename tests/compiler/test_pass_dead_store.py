"""Dead-store elimination (passes/dead_store.py): a store of an internal memory that a later store
of the same block overwrites, unread in between, is dropped; the scheduler, which keeps two stores of
one address a cycle apart, then fits the rewrites in one cycle (the unrolled method chain of
designs/aes128-oop's registers variant: 4 cycles per round before, 1 after). Which stores go:
tests/compiler/passes/dead_store.ir; here, the schedule that follows."""

from pathlib import Path

from cryptohls.ir import parse_function
from cryptohls.passes.dead_store import DeadStoreElimination
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

# the function of passes/dead_store.ir (its comments say which stores go and why)
IR = (Path(__file__).resolve().parent / "passes" / "dead_store.ir").read_text()


def test_rewrites_of_one_register_fit_one_cycle_once_dead_stores_are_gone():
    model = delay_model("ecp5")
    before = schedule_function(parse_function(IR), model, 50.0)
    fn = parse_function(IR)
    DeadStoreElimination().run(fn)
    after = schedule_function(fn, model, 50.0)
    # s[0] written three times (%4, %7, %11) kept three cycles in C order; g's and a's two stores
    # stay (two cycles); a's port latency adds none to the last store
    assert (before.block_cycles["entry"], after.block_cycles["entry"]) == (3, 2)
