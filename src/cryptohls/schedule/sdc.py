"""SDC scheduling (system of difference constraints, solved as an LP with HiGHS), one block at a time.

Constraints per block:
* data dependencies (a synchronous memory read delivers its data one cycle later);
* chaining: whenever the combinational path from op i to op j is longer than the clock budget,
  j must start at least one cycle after i (found by a bounded backward search, so it stays linear);
* memory ports: the k-th access of a memory with P ports starts after the (k-P)-th one, which keeps
  every cycle at ≤ P accesses (accesses form P strictly increasing chains);
* memory order: a store comes after earlier accesses of the same memory, a load after earlier stores
  (unless the two addresses surely differ: constants, or a known bit, ir/known_bits.py);
* stream order: an access of a stream a cycle after a write to another stream (unless the two are
  predicated and never happen in one cycle: exclusive.py);
* a stream check (empty()/full()) in the cycle of the first transfer of another stream it decides by
  being false (probes.py; dropped, with a warning, if the block cannot be scheduled so);
* the terminator is in the last state and after every result of the block.
Objective: minimise the block length first, then the register bits kept alive between cycles.
Difference constraints have a totally unimodular matrix, so the LP optimum is integral.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
import highspy
import numpy as np

from cryptohls.ir.known_bits import cached_known_bits, differ, known_bits
from cryptohls.ir.nodes import Block, Const, Function
from cryptohls.schedule.delay import DelayModel, handshake_only, lut_packing
from cryptohls.schedule.exclusive import never_together
from cryptohls.schedule.fuse import fuse_loop_exits, overlap_loop_heads, skip_empty_blocks
from cryptohls.schedule.implied import drop_implied
from cryptohls.schedule.modulo import pipeline_loops
from cryptohls.schedule.probes import same_state_pairs, stream_predicate as _predicate
from cryptohls.schedule.schedule import Schedule, op_latency, port_limit


def _constraints(fn: Function, b: Block, model: DelayModel, clock_ns: float,
                 stream_order: bool = True, chains: list[tuple[int, int, int]] | None = None,
                 known_bits_of=cached_known_bits, probes: bool = True) -> list[tuple[int, int, int]]:
    """(j, i, d): s_j - s_i >= d, with ops numbered by position in the block. ``stream_order``: keep the
    C order between accesses of different streams (False in a requested pipeline: see schedule_block).
    ``probes``: a check in the cycle of the transfer it decides by being false (probes.py; the one
    backward constraint kind: loops with checks are never modulo scheduled, modulo.py).
    ``chains``: the block's ``_chain_constraints`` if known already (they do not depend on stream_order).
    ``known_bits_of``: fn -> its known bits (see _memory_constraints)."""
    cons = list(_chain_constraints(fn, b, model, clock_ns) if chains is None else chains)
    cons += _memory_constraints(fn, b, stream_order, known_bits_of)
    if probes:
        cons += [(check, transfer, 0) for check, transfer in same_state_pairs(fn, b)]
    term = len(b.ops) - 1
    for k, op in enumerate(b.ops[:-1]):
        cons.append((term, k, op_latency(fn, op)))
    return cons


def _chain_constraints(fn: Function, b: Block, model: DelayModel, clock_ns: float) -> list[tuple[int, int, int]]:
    """Data dependencies, and chaining: op k after the start of every chain into it longer than the clock
    budget. The long part of a long clock (every op's cone holds most of the block)."""
    budget = model.budget_ns(clock_ns)
    index = {op.id: k for k, op in enumerate(b.ops)}
    cons: list[tuple[int, int, int]] = []
    # cone[k] maps position of a chain start -> (longest delay from its start through op k)
    cone: list[dict[int, float]] = []
    packed = lut_packing([b])
    for k, op in enumerate(b.ops):
        d = model.op_delay_ns(fn, op)
        mine: dict[int, float] = {k: d}
        if op.opcode != "phi":
            for v in op.op_operands():
                if v.block is not b or v.opcode == "phi":
                    continue
                i = index[v.id]
                lat = op_latency(fn, v)
                cons.append((k, i, lat))
                if lat or handshake_only(fn, op, v):
                    continue  # registered memory output (or a read's predicate): the chain starts fresh
                step = 0.0 if v.id in packed.get(op.id, ()) else d   # same LUT as v (delay.lut_packing)
                for start, dist in cone[i].items():
                    total = dist + step
                    if total > budget:
                        cons.append((k, start, 1))
                    elif total > mine.get(start, -1.0):
                        mine[start] = total
        cone.append(mine)
    return cons


def _memory_constraints(fn: Function, b: Block, stream_order: bool,
                        known_bits_of=cached_known_bits) -> list[tuple[int, int, int]]:
    """Memory ports and ordering, stream order, and the C order of overlapping output bits.
    ``known_bits_of``: fn -> its known bits (block_constraints keeps them for the whole schedule)."""
    cons: list[tuple[int, int, int]] = []
    chained = _chained_memories(fn, b)
    accesses: dict[str, list[int]] = {}
    outs: dict[str, list[int]] = {}
    streams: list[int] = []   # stream accesses so far, in C order
    checks: dict[str, list[int]] = {}   # can_transfer ops so far, per stream
    known = None   # known bits of the function's values (ir/known_bits.py), computed on first need
    for k, op in enumerate(b.ops):
        if op.opcode == "can_transfer":
            # empty()/full() speak of the next transfer: a transfer of the same cycle would still be
            # the one the check sees, so the check waits for the stream's earlier transfers
            mem = op.attrs["mem"]
            cons += [(k, p, 1) for p in accesses.get(mem, [])]
            checks.setdefault(mem, []).append(k)
        elif op.opcode in ("load", "store"):
            mem = op.attrs["mem"]
            prior = accesses.setdefault(mem, [])
            limit = port_limit(fn, mem)
            if limit and len(prior) >= limit:
                cons.append((k, prior[-limit], 1))
            for p in (prior if mem not in chained else _since_last_store(b, prior)):
                other = b.ops[p]
                if other.opcode == "load" and op.opcode == "load":
                    continue
                if isinstance(other.operands[0], Const) and isinstance(op.operands[0], Const) and \
                        other.operands[0].value != op.operands[0].value:
                    continue
                if known is None and fn.memory(mem).kind != "stream":
                    known = known_bits_of(fn)
                if known is not None and fn.memory(mem).kind != "stream" and differ(other.operands[0], op.operands[0], known):   # e.g. state[i], state[i | 1]
                    continue
                cons.append((k, p, 0 if other.opcode == "load" else 1))
            prior.append(k)
            cons += [(k, q, 0) for q in checks.get(mem, [])]   # a transfer never precedes its check
            if fn.memory(mem).kind == "stream" and stream_order:
                # a state fires all its stream transfers together: a write must not wait for a later
                # access of another stream (write the key, then read the next request), as C order says
                # (two predicated accesses that never happen in one cycle need no order: exclusive.py)
                for p in streams:
                    if b.ops[p].attrs["mem"] != mem and b.ops[p].opcode == "store" and \
                            not never_together(_predicate(b.ops[p]), _predicate(op)):
                        cons.append((k, p, 1))
                streams.append(k)
        elif op.opcode == "out":
            key = op.attrs["param"]
            lo, hi = op.attrs.get("lo", 0), op.attrs.get("lo", 0) + op.operands[0].width
            for p in outs.get(key, []):
                plo = b.ops[p].attrs.get("lo", 0)
                if plo < hi and lo < plo + b.ops[p].operands[0].width:   # overlapping bits: keep C order
                    cons.append((k, p, 1))
            outs.setdefault(key, []).append(k)
    return cons


def used_outside(fn: Function) -> dict[str, set[int]]:
    """Per block name, the ids of its values used in another block or by a phi. Each set is filled in the
    order of the function's ops, so it iterates as one built for its block alone (_lifetime_costs adds
    floats in that order)."""
    outside: dict[str, set[int]] = {b.name: set() for b in fn.blocks}
    for blk in fn.blocks:
        for op in blk.ops:
            for v in op.op_operands():
                if v.block is not blk or op.opcode == "phi":
                    outside[v.block.name].add(v.id)
    return outside


def _lifetime_costs(fn: Function, b: Block, outside: set[int] | None = None) -> np.ndarray:
    """Objective weights: Σ width·(s_use − s_def) over data edges (a value kept alive across cycles costs
    registers), uses in other blocks counted at the terminator; plus a small as-soon-as-possible bias.
    ``outside``: ``used_outside(fn)[b.name]`` if known already."""
    index = {op.id: k for k, op in enumerate(b.ops)}
    costs = np.full(len(b.ops), 1e-3, dtype=np.float64)
    term = len(b.ops) - 1
    if outside is None:
        outside = used_outside(fn)[b.name]
    for k, op in enumerate(b.ops):
        if op.opcode == "phi":
            continue
        for v in op.op_operands():
            if v.block is b and v.opcode not in ("phi", "param"):
                costs[k] += v.width
                costs[index[v.id]] -= v.width
    for vid in outside:
        v = b.ops[index[vid]]
        if v.opcode not in ("phi", "param"):
            costs[term] += v.width
            costs[index[vid]] -= v.width
    return costs


CHAIN_ACCESSES = 128   # accesses of one memory in one block beyond which its order is kept as a chain


def _chained_memories(fn: Function, b: Block) -> set[str]:
    """Memories whose order constraints are kept as a chain (each access after the last store, a store
    also after the loads since it) instead of one constraint per earlier access: the same feasible
    schedules whenever every two accesses conflict (one word, or one constant address), and linear
    instead of quadratic in the accesses (12,000-op Csmith blocks with 1,500 accesses of one global
    took minutes in the LP). Only for memories with many accesses, so that small blocks keep the LP
    they always had."""
    seen: dict[str, list] = {}
    for op in b.ops:
        if op.opcode in ("load", "store"):
            seen.setdefault(op.attrs["mem"], []).append(op.operands[0])
    chained = set()
    for mem, addrs in seen.items():
        if len(addrs) <= CHAIN_ACCESSES:
            continue
        one_word = fn.memory(mem).depth == 1
        one_const = all(isinstance(a, Const) for a in addrs) and len({a.value for a in addrs}) == 1
        if one_word or one_const:
            chained.add(mem)
    return chained


def _since_last_store(b: Block, prior: list[int]) -> list[int]:
    """The last store among ``prior`` (positions of earlier accesses) and the accesses after it."""
    for j in range(len(prior) - 1, -1, -1):
        if b.ops[prior[j]].opcode == "store":
            return prior[j:]
    return prior


ConstraintCache = dict   # (block name, op count, delay model, clock[, stream_order]) -> constraints
_KNOWN_BITS = ("known bits",)   # and the function's known bits (ir/known_bits.py), asked per block
_USED_OUTSIDE = ("used outside",)   # and used_outside(fn), for the objective of each block


def block_constraints(fn: Function, b: Block, model: DelayModel, clock_ns: float, stream_order: bool = True,
                      cache: ConstraintCache | None = None, probes: bool = True) -> tuple[tuple[int, int, int], ...]:
    """The block's SDC constraints without those the others imply (schedule/implied.py: the same feasible
    schedules, fewer LP rows). ``cache``: kept by schedule_function for one function, whose IR does not
    change while it is scheduled; modulo scheduling asks for the same block again (the chain cones of a
    long clock are most of the cost: misty1 type3's 3,274-op block), with and without stream order."""
    if cache is None:
        cache = {}
        known_bits_of = cached_known_bits   # checks that the IR is unchanged (a hash of every op) per call
    else:   # the IR does not change while the cache is kept: its known bits are computed once
        def known_bits_of(fn: Function):
            if _KNOWN_BITS not in cache:
                cache[_KNOWN_BITS] = known_bits(fn)
            return cache[_KNOWN_BITS]
    key = (b.name, len(b.ops), model, clock_ns)
    if key + (stream_order, probes) not in cache:
        if key not in cache:
            cache[key] = _chain_constraints(fn, b, model, clock_ns)
        cons = _constraints(fn, b, model, clock_ns, stream_order, chains=cache[key], known_bits_of=known_bits_of,
                            probes=probes)
        cache[key + (stream_order, probes)] = tuple(drop_implied(cons, len(b.ops)))
    return cache[key + (stream_order, probes)]


def earliest_cycles(fn: Function, b: Block, model: DelayModel, clock_ns: float,
                    stream_order: bool = True, cache: ConstraintCache | None = None) -> dict[int, int]:
    """The earliest start cycle each op of ``b`` can have in any schedule: the longest path through the
    block's difference constraints (they all point forward in block order, so one pass). Modulo
    scheduling compares it with its upper bounds to rule out an II without solving an LP (the bounds'
    recurrence limit, RecMII, in the scheduler's own delays and clock)."""
    earliest = [0] * len(b.ops)
    by_target: dict[int, list[tuple[int, int]]] = {}
    for j, i, d in block_constraints(fn, b, model, clock_ns, stream_order, cache):
        assert i < j, "an SDC constraint points backwards in block order"
        by_target.setdefault(j, []).append((i, d))
    for j in range(len(b.ops)):
        for i, d in by_target.get(j, ()):
            earliest[j] = max(earliest[j], earliest[i] + d)
    return {op.id: earliest[k] for k, op in enumerate(b.ops)}


def schedule_block(fn: Function, b: Block, model: DelayModel, clock_ns: float,
                   upper: dict[int, int] | None = None,
                   extra: list[tuple[int, int, int]] | None = None,
                   stream_order: bool = True, cache: ConstraintCache | None = None,
                   notes: list[str] | None = None, probes: bool = True) -> dict[int, int] | None:
    """Start cycle of every op of ``b``. ``upper`` (op id -> latest start cycle) and ``extra``
    ((j, i, d) by op id: s_j - s_i >= d), both for modulo scheduling, may make the problem
    infeasible: then the result is None. ``stream_order=False`` (a loop the user asked to pipeline)
    keeps only each stream's own C order, as Vitis does: iterations overlap there anyway, so iteration
    i+1's reads already pass iteration i's writes, and a rotated loop's exit test (the next
    iteration's read of an end flag, placed after this iteration's writes) must not wait for them.
    ``cache``: see block_constraints. ``notes``: gets a warning if the block's checks could not be kept in
    the cycle of the transfers they decide (probes.py; then scheduled without that rule)."""
    n = len(b.ops)
    if n == 1:
        return {b.ops[0].id: 0}
    cons = list(block_constraints(fn, b, model, clock_ns, stream_order, cache, probes))
    if extra:
        index = {op.id: k for k, op in enumerate(b.ops)}
        cons += [(index[j], index[i], d) for j, i, d in extra]
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    term = n - 1
    if cache is not None:   # the IR does not change while the cache is kept (block_constraints)
        if _USED_OUTSIDE not in cache:
            cache[_USED_OUTSIDE] = used_outside(fn)
        costs = _lifetime_costs(fn, b, cache[_USED_OUTSIDE][b.name])
    else:
        costs = _lifetime_costs(fn, b)
    costs[term] += float(np.abs(costs).sum() + n + 1)   # block length first
    ub = np.full(n, float(n * 4 + 16))
    for k, op in enumerate(b.ops):
        if upper and op.id in upper:
            if upper[op.id] < 0:
                return None
            ub[k] = float(upper[op.id])
    h.addVars(n, np.zeros(n), ub)
    h.changeColsCost(n, np.arange(n, dtype=np.int32), costs)
    # one row per constraint: s_j - s_i >= d
    rows = len(cons)
    starts = np.arange(0, 2 * rows, 2, dtype=np.int32)
    idx = np.empty(2 * rows, dtype=np.int32)
    val = np.empty(2 * rows, dtype=np.float64)
    lower = np.empty(rows, dtype=np.float64)
    for r, (j, i, d) in enumerate(cons):
        idx[2 * r], idx[2 * r + 1] = j, i
        val[2 * r], val[2 * r + 1] = 1.0, -1.0
        lower[r] = d
    if rows:
        h.addRows(rows, lower, np.full(rows, inf), 2 * rows, starts, idx, val)
    h.changeObjectiveSense(highspy.ObjSense.kMinimize)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        if upper or extra:
            return None
        pairs = same_state_pairs(fn, b) if probes else []
        if pairs:
            if notes is not None:
                notes += [f"line {b.ops[c].source_line}: the check of '{b.ops[c].attrs['mem']}' does not fit "
                          f"in the state of the '{b.ops[t].attrs['mem']}' access it decides (line "
                          f"{b.ops[t].source_line}): that access waits on the check's registered value, even "
                          "if a word arrives meanwhile (docs/compiler.md, Non-blocking operations)"
                          for c, t in pairs]
            return schedule_block(fn, b, model, clock_ns, stream_order=stream_order, cache=cache, probes=False)
        raise AssertionError(f"SDC schedule of block {b.name} is infeasible: {h.getModelStatus()}")
    sol = h.getSolution().col_value
    return {op.id: int(round(sol[k])) for k, op in enumerate(b.ops)}


def schedule_function(fn: Function, model: DelayModel, clock_ns: float) -> Schedule:
    """Each step reads the schedule so far and returns a new one (a Schedule is immutable)."""
    cycle: dict[int, int] = {}
    block_cycles: dict[str, int] = {}
    cache: ConstraintCache = {}
    probe_notes: list[str] = []
    for b in fn.blocks:
        cycles = schedule_block(fn, b, model, clock_ns, cache=cache, notes=probe_notes)
        assert cycles is not None
        cycle.update(cycles)
        block_cycles[b.name] = cycles[b.terminator.id] + 1
    sched = Schedule(clock_ns, cycle, block_cycles)
    # PIPELINE: reschedules those loops
    sched, notes = pipeline_loops(fn, sched, model, partial(schedule_block, cache=cache),
                                  partial(earliest_cycles, cache=cache))
    sched.verify(fn)
    sched = replace(sched, warnings=tuple(sched.verify_timing(fn, model) + probe_notes + notes))
    sched = replace(sched, fused=fuse_loop_exits(fn, sched, model))
    sched = replace(sched, skipped=skip_empty_blocks(fn, sched))
    overlapped, fused = overlap_loop_heads(fn, sched, model)
    return replace(sched, overlapped=overlapped, fused=fused)
