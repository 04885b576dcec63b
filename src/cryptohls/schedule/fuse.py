"""Loop-exit fusion: the first state of a loop's exit block runs in the last state of the exiting block.

Leaving a block normally costs a cycle (the exit block's first state). When the exit block has the
exiting block as its only predecessor, no phis, and its first-cycle work chains after the exiting
block's last cycle within the clock budget (and shares no memory or output port with that cycle), the
FSM can do that work on the exit edge itself: the exit block's state 0 becomes "last state of the
exiting block and the loop condition says exit". E.g. the AES output write happens in round 10's cycle.
The decision is a property of the schedule (``Schedule.fused``); codegen and latency read it.
"""

from __future__ import annotations

from cryptohls.ir.analysis import natural_loops
from cryptohls.ir.nodes import Function, Op
from cryptohls.schedule.delay import DelayModel
from cryptohls.schedule.schedule import Schedule, op_latency


def _touched(ops: list[Op]) -> set[str]:
    """Memories and output ports an op list accesses."""
    out: set[str] = set()
    for op in ops:
        if op.opcode in ("load", "store"):
            out.add("mem:" + op.attrs["mem"])
        elif op.opcode == "out":
            out.add("port:" + op.attrs["param"])
    return out


def _waits(fn: Function, op: Op) -> bool:
    """Ops whose state may stall (sub-module calls, stream accesses): their states stay states."""
    if op.opcode == "call":
        return True
    return op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind == "stream"


def _chain_fits(fn: Function, sched: Schedule, model: DelayModel, latch: str, exit_: str) -> bool:
    """Exit cycle-0 ops chained after the latch's last-cycle arrivals stay within the clock budget."""
    arrival = sched.arrival_ns(fn, model)
    last = sched.states(latch) - 1
    budget = model.budget_ns(sched.clock_ns)
    chained: dict[int, float] = {}
    for op in fn.block(exit_).ops:
        if sched.cycle[op.id] != 0:
            continue
        start = 0.0
        for v in op.op_operands():
            if v.block.name == latch and op_latency(fn, v) == 0 and sched.cycle[v.id] == last:
                start = max(start, arrival[v.id])
            elif v.block.name == exit_ and v.id in chained:
                start = max(start, chained[v.id])
        chained[op.id] = start + model.op_delay_ns(fn, op)
        if chained[op.id] > budget + 1e-6:
            return False
    return True


def fuse_loop_exits(fn: Function, sched: Schedule, model: DelayModel) -> dict[str, str]:
    """exit block -> exiting block, for every loop exit whose first state can run on the exit edge."""
    preds = fn.predecessors()
    fused: dict[str, str] = {}
    for lp in sorted(natural_loops(fn), key=lambda x: -x.depth):   # innermost first
        for name in sorted(lp.blocks):
            b = fn.block(name)
            term = b.terminator
            if term.opcode != "br" or len(term.attrs["targets"]) != 2 or len(set(term.attrs["targets"])) != 2:
                continue
            if name in sched.pipelined or (name in fused and sched.states(name) == 1):
                continue   # no chains of fusions: the exiting state must be a real state
            for e in term.attrs["targets"]:
                if e in lp.blocks or preds.get(e) != [name] or e in fused or e in fused.values():
                    continue
                eb = fn.block(e)
                if eb.phis() or e == fn.blocks[0].name:
                    continue
                last = sched.states(name) - 1
                latch_ops = [op for op in b.ops if sched.cycle[op.id] == last]
                exit_ops = [op for op in eb.ops if sched.cycle[op.id] == 0]
                if _touched(latch_ops) & _touched(exit_ops):
                    continue
                if any(op.opcode in ("udiv", "sdiv", "urem", "srem") for op in exit_ops) or \
                        any(_waits(fn, op) for op in latch_ops + exit_ops):
                    continue
                if _chain_fits(fn, sched, model, name, e):
                    fused[e] = name
    return fused
