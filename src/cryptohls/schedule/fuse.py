"""Loop-exit fusion: the first state of a loop's exit block runs in the last state of the exiting block.

Leaving a block normally costs a cycle (the exit block's first state). When the exit block has the
exiting block as its only predecessor, no phis, and its first-cycle work chains after the exiting
block's last cycle within the clock budget (and shares no memory or output port with that cycle), the
FSM can do that work on the exit edge itself: the exit block's state 0 becomes "last state of the
exiting block and the loop condition says exit". E.g. the AES output write happens in round 10's cycle.
The decision is a property of the schedule (``Schedule.fused``); codegen and latency read it.

Stream accesses may be fused: the exiting state then completes only when they can fire too (an
``out.write()`` after the loop stalls round 10 until the output has room, as the RTL does).

**Overlapped loop heads** (``Schedule.overlapped``): when the fused exit block ends with a jump back
to the head of an enclosing loop (``while (1) { H; for (...) B; T; }``), H's first state is also done
in the exiting cycle *if it can* (its stream reads have data): the next transaction's read and key
addition happen in the cycle of the last round, and the FSM goes straight on into the loop. If H
cannot fire then, the FSM goes to H's own state and waits there, so H's reads are optional on that
edge and the output of the current transaction never waits for the next input. Conditions: H has no
phis, is not the entry block, has no calls or divisions in its first cycle, touches no memory or
output port that the exiting cycle touches (LUT ROMs excepted: their reads share nothing), and its first-cycle ops read only values defined in
blocks other than the loop and the exit block (so its chain starts at registers, as in its own state,
and the values it reads are those of the current transaction either way).
"""

from __future__ import annotations

from cryptohls.ir.analysis import natural_loops
from cryptohls.ir.nodes import Function, Op
from cryptohls.schedule.delay import DelayModel, handshake_only, lut_packing
from cryptohls.schedule.schedule import Schedule, op_latency


def _touched(ops: list[Op]) -> set[str]:
    """Memories and output ports an op list accesses."""
    out: set[str] = set()
    for op in ops:
        if op.opcode in ("load", "store", "can_transfer"):
            out.add("mem:" + op.attrs["mem"])
        elif op.opcode == "out":
            out.add("port:" + op.attrs["param"])
    return out


def _conflict(fn: Function, first: list[Op], then: list[Op]) -> bool:
    """Ops ``then`` (later in program order) cannot share a cycle with ``first``: a common output port or
    memory — except a LUT ROM (each read is its own combinational look-up: no port to share, nothing
    written), and a register file, where a read then a write in one cycle is exact (the read sees the
    old value, the write lands at the clock edge); only a write before an access of it conflicts."""
    common = _touched(first) & _touched(then)
    for key in common:
        if key.startswith("mem:") and _lut_rom(fn, key[4:]):
            continue
        if not key.startswith("mem:") or fn.memory(key[4:]).kind != "regs":
            return True
        if any(op.opcode == "store" and op.attrs.get("mem") == key[4:] for op in first):
            return True
    return False


def _lut_rom(fn: Function, name: str) -> bool:
    """A constant table mapped to LUTs (memory-binding: no ports, latency 0): reads never conflict."""
    mem = fn.memory(name)
    return mem.kind == "rom" and mem.attrs.get("impl") == "lut"


def _chain_fits(fn: Function, sched: Schedule, model: DelayModel, latch: str, exit_: str) -> bool:
    """Exit cycle-0 ops chained after the latch's last-cycle arrivals stay within the clock budget."""
    arrival = sched.arrival_ns(fn, model, [fn.block(latch)])   # only the latch's arrivals are read
    last = sched.states(latch) - 1
    budget = model.budget_ns(sched.clock_ns)
    chained: dict[int, float] = {}
    packed = lut_packing([fn.block(exit_)])
    for op in fn.block(exit_).ops:
        if sched.cycle[op.id] != 0:
            continue
        d = model.op_delay_ns(fn, op)
        chained[op.id] = d
        for v in op.op_operands():
            if handshake_only(fn, op, v):
                continue
            if v.block.name == latch and op_latency(fn, v) == 0 and sched.cycle[v.id] == last:
                chained[op.id] = max(chained[op.id], arrival[v.id] + d)
            elif v.block.name == exit_ and v.id in chained:
                chained[op.id] = max(chained[op.id], chained[v.id] + (0.0 if v.id in packed.get(op.id, ()) else d))
        if chained[op.id] > budget + 1e-6:
            return False
    return True


def _staged(sched: Schedule, block: str) -> bool:
    """A pipelined loop whose iterations overlap (depth > II); with depth <= II it is a plain FSM loop."""
    info = sched.pipelined.get(block)
    return bool(info) and info["depth"] > info["ii"]


def _fusable(fn: Function, sched: Schedule, model: DelayModel, src: str, e: str, fused: dict[str, str]) -> bool:
    """Block ``e`` (whose only predecessor is ``src``) may do its first state in ``src``'s last state."""
    if e in fused or e in fused.values() or fn.block(e).phis() or e == fn.blocks[0].name:
        return False
    last = sched.states(src) - 1
    src_ops = [op for op in fn.block(src).ops if sched.cycle[op.id] == last]
    e_ops = [op for op in fn.block(e).ops if sched.cycle[op.id] == 0]
    if _conflict(fn, src_ops, e_ops):
        return False
    if any(op.opcode in ("udiv", "sdiv", "urem", "srem") for op in e_ops) or \
            any(op.opcode == "call" for op in src_ops + e_ops):
        return False
    return _chain_fits(fn, sched, model, src, e)


def fuse_loop_exits(fn: Function, sched: Schedule, model: DelayModel) -> dict[str, str]:
    """exit block -> exiting block, for every loop exit whose first state can run on the exit edge;
    then loop entries: a loop preheader whose only predecessor is one block runs its first state in
    that block's last state (the loop is entered without a state of its own for the preheader)."""
    preds = fn.predecessors()
    fused: dict[str, str] = {}
    loops = natural_loops(fn)
    for lp in sorted(loops, key=lambda x: -x.depth):   # innermost first
        for name in sorted(lp.blocks):
            b = fn.block(name)
            term = b.terminator
            if term.opcode != "br" or len(term.attrs["targets"]) != 2 or len(set(term.attrs["targets"])) != 2:
                continue
            if _staged(sched, name) or (name in fused and sched.states(name) == 1):
                continue   # no chains of fusions: the exiting state must be a real state
            for e in term.attrs["targets"]:
                if e in lp.blocks or preds.get(e) != [name]:
                    continue
                if _fusable(fn, sched, model, name, e, fused):
                    fused[e] = name
    for lp in sorted(loops, key=lambda x: -x.depth):
        outside = [p for p in preds.get(lp.header, []) if p not in lp.blocks]
        if len(outside) != 1:
            continue
        pre = outside[0]
        pb = fn.block(pre)
        if pb.successors() != [lp.header] or len(preds.get(pre, [])) != 1 or sched.states(pre) != 1:
            continue
        src = preds[pre][0]
        if src == pre or _staged(sched, src) or (src in fused and sched.states(src) == 1) or \
                any(lp2.header == pre for lp2 in loops):
            continue   # no chains of fusions; a preheader that is itself a loop header stays
        if _fusable(fn, sched, model, src, pre, fused):
            fused[pre] = src
    return fused


def overlap_loop_heads(fn: Function, sched: Schedule, model: DelayModel) -> tuple[dict[str, str], dict[str, str]]:
    """(loop head H -> fused exit block E whose jump to H also does H's first state when it can fire,
    the fused table grown by the blocks that only H enters, done in H's state)."""
    preds = fn.predecessors()
    loops = natural_loops(fn)
    out: dict[str, str] = {}
    fused = dict(sched.fused)   # grows by the blocks fused into overlapped heads
    for e, latch in sorted(fused.items()):
        eb = fn.block(e)
        term = eb.terminator
        if sched.states(e) != 1 or term.opcode != "br" or len(term.attrs["targets"]) != 1:
            continue
        h = term.attrs["targets"][0]
        if h in sched.skipped:   # an empty latch block (if/else join) has no state: go on to its target
            h = fn.block(h).successors()[0]
        hb = fn.block(h)
        if h == fn.blocks[0].name or hb.phis() or h in fused or h in out or _staged(sched, h) or \
                len(preds.get(h, [])) < 2:
            continue
        if not any(lp.header == h and e in lp.blocks for lp in loops):
            continue   # only the back edge of an enclosing loop
        inner = next((lp for lp in loops if lp.header == latch or latch in lp.latches), None)
        region = ({latch, e} | (inner.blocks if inner else set()))
        head_ops = [op for op in hb.ops if sched.cycle[op.id] == 0]
        last = sched.states(latch) - 1
        busy = [op for op in fn.block(latch).ops if sched.cycle[op.id] == last] + \
               [op for op in eb.ops if sched.cycle[op.id] == 0]
        if any(op.opcode in ("udiv", "sdiv", "urem", "srem", "call") for op in head_ops) or \
                _conflict(fn, busy, head_ops):
            continue
        if any(v.block.name in region for op in head_ops for v in op.op_operands()):
            continue
        out[h] = e
        # H's branch targets that only H enters run their first state in H's (e.g. CTR's start word:
        # its register updates happen in the cycle the word is read)
        for t in hb.successors():
            if preds.get(t) == [h] and t not in out and not any(lp.header == t for lp in loops) and \
                    not _staged(sched, h) and _fusable(fn, sched, model, h, t, fused):
                fused[t] = h
    return out, fused


def skip_empty_blocks(fn: Function, sched: Schedule) -> set[str]:
    """Blocks that only jump on (an if/else join without phis that is a loop latch): no state of their
    own; every edge into one goes straight to its target. Not when the target has phis fed by the block,
    is itself skipped, is fused into it, or is a pipelined loop with stages (its entry logic names its
    predecessors' states)."""
    skipped: set[str] = set()
    for b in fn.blocks[1:]:
        if len(b.ops) != 1 or b.phis() or b.name in sched.fused or b.name in sched.fused.values() or \
                len(b.successors()) != 1 or sched.states(b.name) != 1:
            continue
        t = b.successors()[0]
        tb = fn.block(t)
        if t == b.name or t in skipped or sched.fused.get(t) == b.name or _staged(sched, t) or \
                any(b.name in p.attrs["blocks"] for p in tb.phis()) or t == fn.blocks[0].name:
            continue
        skipped.add(b.name)
    return skipped
