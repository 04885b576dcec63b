"""Loop pipelining (``#pragma HLS PIPELINE II=N``) by modulo scheduling of single-block loops.

A loop whose body is one basic block (after unrolling, if-conversion and block merging) is
rescheduled with the SDC formulation plus upper bounds that make iterations overlap every II cycles:
- recurrences through the header phis: each loop-carried value is ready by cycle II-1 (the phi
  register is loaded with it in the iteration's first II cycles, before the next iteration reads it),
  or by cycle II for memory-read data (a register output, passed to the next iteration directly);
  conservative: a phi counts as read in cycle 0 even when its first use is later;
- the exit condition is ready by cycle II-1 (whether to start the next iteration is decided then).
The resulting schedule is checked modulo II: memory ports (accesses of a memory with P ports occupy
at most P slots per residue class mod II) and loop-carried memory dependences (a store of iteration
i precedes every access of the same memory in iteration i+1). The smallest II ≥ the requested one
that passes is used; the report says what forced a larger one. Iteration latency D = the block's
state count; N iterations take (N-1)·II + D cycles. Codegen (codegen/rtl.py) runs the body as II
FSM states with one valid bit per stage of II cycles.

Blocking stream accesses may be pipelined (Vitis semantics): the accesses of one stream must lie within
II cycles of their iteration (so that words still move in C order), and the whole pipeline stalls in
a cycle where a valid stage cannot transfer (codegen/pipeline.py). Accesses of different streams keep
no order between them (sdc.schedule_block's ``stream_order=False``): iteration i+1's reads overlap
iteration i's writes, and a rotated ``while (!end.read())`` reads the next flag before this iteration's
writes. A loop whose next input depends on its own previous output must not be pipelined (as in Vitis).
Loops with non-blocking checks (``can_transfer``) or sub-module calls are not pipelined.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cryptohls.ir.analysis import constant_trip_count, loop_key, natural_loops
from cryptohls.ir.nodes import Block, Function, Op
from cryptohls.schedule.delay import DelayModel
from cryptohls.schedule.schedule import Schedule, op_latency, port_limit


def _upper_bounds(fn: Function, b: Block, ii: int) -> tuple[dict[int, int], dict[int, str]]:
    """Latest start cycle of the loop-carried values and the exit condition, and why each is bounded."""
    upper: dict[int, int] = {}
    why: dict[int, str] = {}
    for p in b.phis():
        for v, pred in zip(p.operands, p.attrs["blocks"]):
            if pred == b.name and isinstance(v, Op) and v.block is b and v.opcode != "phi":
                # a memory read's data (a register output) may reach the next iteration's cycle 0
                # directly (bypass); a combinational value must be in the phi register by then
                lat = op_latency(fn, v)
                upper[v.id] = min(upper.get(v.id, ii), ii - lat if lat else ii - 1)
                why[v.id] = f"recurrence through '{p.attrs.get('name') or 'phi'}' (line {v.source_line})"
    cond = b.terminator.operands[0] if b.terminator.operands else None
    if isinstance(cond, Op) and cond.block is b and cond.opcode != "phi":
        upper[cond.id] = min(upper.get(cond.id, ii), ii - 1 - op_latency(fn, cond))
        why.setdefault(cond.id, f"exit condition (line {cond.source_line}) must be known to start the next iteration")
    return upper, why


def _below_bound(upper: dict[int, int], why: dict[int, str], earliest: dict[int, int]) -> list[str]:
    """Why an II is ruled out before any LP: the bounds that ops cannot meet even at their earliest
    cycle (sdc.earliest_cycles), e.g. a recurrence whose chain is longer than II cycles."""
    return sorted({why[k] for k, last in upper.items() if earliest[k] > last})


def _stream_accesses(fn: Function, b: Block) -> dict[str, list[Op]]:
    """Stream -> its loads/stores in the block, in C order."""
    by_stream: dict[str, list[Op]] = {}
    for op in b.ops:
        if op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind == "stream":
            by_stream.setdefault(op.attrs["mem"], []).append(op)
    return by_stream


def _stream_windows(fn: Function, b: Block, ii: int) -> list[tuple[int, int, int]]:
    """The accesses of each stream lie within II cycles (first >= last - (II-1)), so that iteration
    i+1's first transfer on a stream comes after iteration i's last: words move in C order."""
    return [(ops[0].id, ops[-1].id, -(ii - 1)) for ops in _stream_accesses(fn, b).values() if len(ops) > 1]


def _window_reason(fn: Function, b: Block, ii: int) -> str:
    busy = [f"'{m}' ({len(ops)} transfers)" for m, ops in _stream_accesses(fn, b).items() if len(ops) > ii]
    if busy:
        return f"stream {', '.join(busy)}: one transfer per cycle"
    return f"the accesses of a stream must lie within {ii} cycles of an iteration"


def _modulo_problem(fn: Function, b: Block, cycle: dict[int, int], ii: int) -> str:
    """The first modulo-II conflict of a schedule ('' if none)."""
    slots: dict[tuple[str, int], int] = {}
    for op in b.ops:
        if op.opcode in ("load", "store") and port_limit(fn, op.attrs["mem"]):
            key = (op.attrs["mem"], cycle[op.id] % ii)
            slots[key] = slots.get(key, 0) + 1
            if slots[key] > port_limit(fn, key[0]) and fn.memory(key[0]).kind == "stream":
                return f"stream '{key[0]}' (one transfer per cycle)"
            if slots[key] > port_limit(fn, key[0]):
                return f"memory ports of '{key[0]}' ({port_limit(fn, key[0])} per cycle)"
    spans = _stream_accesses(fn, b)
    for mem, ops in spans.items():
        # words move in C order: iteration i+1's first access of a stream comes after iteration i's last
        cycles = [cycle[op.id] for op in ops]
        if max(cycles) - min(cycles) >= ii:
            return f"stream '{mem}' accessed over {max(cycles) - min(cycles) + 1} cycles of an iteration"
    for s in b.ops:
        if s.opcode != "store" or s.attrs["mem"] in spans:
            continue
        for x in b.ops:
            if x.opcode in ("load", "store") and x.attrs["mem"] == s.attrs["mem"] and \
                    cycle[x.id] + ii < cycle[s.id] + 1:
                return f"loop-carried dependence through memory '{s.attrs['mem']}' (store line {s.source_line})"
            if x.opcode == "load" and x.attrs["mem"] == s.attrs["mem"] and cycle[s.id] + ii < cycle[x.id]:
                return f"loop-carried dependence through memory '{s.attrs['mem']}' (load line {x.line})"
    return ""


def _automatic(fn: Function, b: Block, lp, sched: Schedule, model: DelayModel,
               schedule_block: Callable, earliest_cycles: Callable) -> tuple[int, dict[int, int]] | None:
    """(II, cycles) for an automatic pipelining candidate (passes/auto_pipeline.py) when the pipelined
    loop is faster: (N-1)·II + D + 2 <= N·states, the 2 for the entry and exit fusions a loop with
    overlapping iterations does not get; None otherwise (the loop stays as it is, without a warning)."""
    trips = constant_trip_count(fn, lp) if lp is not None and lp.blocks == {b.name} else None
    plain = sched.states(b.name)
    if not trips or plain < 2 or any(op.opcode in ("call", "can_transfer") for op in b.ops):
        return None
    earliest = earliest_cycles(fn, b, model, sched.clock_ns)
    for ii in range(1, plain):
        upper, why = _upper_bounds(fn, b, ii)
        if _below_bound(upper, why, earliest):
            continue
        windows = _stream_windows(fn, b, ii)
        cycles = schedule_block(fn, b, model, sched.clock_ns, upper, windows)
        if cycles is None or _modulo_problem(fn, b, cycles, ii):
            continue
        depth = cycles[b.terminator.id] + 1
        return (ii, cycles) if (trips - 1) * ii + depth + 2 <= trips * plain else None
    return None


def pipeline_loops(fn: Function, sched: Schedule, model: DelayModel,
                   schedule_block: Callable, earliest_cycles: Callable) -> tuple[Schedule, list[str]]:
    """Reschedules every loop with a PIPELINE request; returns the schedule with them (recorded in
    ``pipelined``) and warnings for requests that cannot be honoured. An II whose bounds some op cannot
    meet at its earliest cycle is ruled out without an LP (``_below_bound``); the LPs run from the
    first II that passes that test."""
    requests: dict[str, int] = fn.attrs.get("pipeline", {})
    if not requests:
        return sched, []
    cycle, block_cycles, pipelined = dict(sched.cycle), dict(sched.block_cycles), dict(sched.pipelined)
    notes: list[str] = []
    loops = {lp.header: lp for lp in natural_loops(fn)}
    automatic = set(fn.attrs.get("auto_pipeline", []))   # passes/auto_pipeline.py: kept only if it pays
    for b in fn.blocks:
        term = b.terminator
        line = str(term.attrs.get("loop_line", ""))
        if loop_key(term) not in requests:
            continue
        if loop_key(term) in automatic:
            found = _automatic(fn, b, loops.get(b.name), sched, model, schedule_block, earliest_cycles)
            if found:
                ii, cycles = found
                cycle.update(cycles)
                block_cycles[b.name] = cycles[term.id] + 1
                pipelined[b.name] = {"line": int(line), "name": term.attrs.get("loop_name", f"loop_ln{line}"),
                                     "ii": ii, "requested": 1, "depth": block_cycles[b.name], "reason": "",
                                     "automatic": True}
            continue
        name = term.attrs.get("loop_name", f"loop_ln{line}")
        lp = loops.get(b.name)
        # two targets: the back edge and the exit; one: an endless loop (a free-running core's while (1))
        if lp is None or lp.blocks != {b.name} or len(term.attrs.get("targets", [])) not in (1, 2):
            host = next((h for h, x in loops.items() if b.name in x.blocks and x.latches == [b.name]), None)
            nblocks = len(loops[host].blocks) if host else 0
            notes.append(f"PIPELINE ignored: loop {name} (line {line}) has {nblocks} basic blocks (an inner "
                         f"loop or a branch that could not be if-converted); only single-block loops are pipelined")
            continue
        if any(op.opcode in ("call", "can_transfer") for op in b.ops):
            notes.append(f"PIPELINE ignored: loop {name} (line {line}) calls a sub-module or checks a stream "
                         f"(empty(), full(), read_nb(), write_nb()); only blocking stream accesses are pipelined")
            continue
        requested = requests[loop_key(term)]
        plain = sched.states(b.name)
        reasons: list[str] = []
        chosen = None
        earliest = earliest_cycles(fn, b, model, sched.clock_ns, stream_order=False)
        for ii in range(requested, plain + 1):
            upper, why = _upper_bounds(fn, b, ii)
            binding = _below_bound(upper, why, earliest)
            if binding:
                reasons.append(f"II={ii}: " + "; ".join(binding))
                continue
            windows = _stream_windows(fn, b, ii)
            cycles = schedule_block(fn, b, model, sched.clock_ns, upper, windows, stream_order=False)
            if cycles is None and windows and \
                    schedule_block(fn, b, model, sched.clock_ns, None, windows, stream_order=False) is None:
                reasons.append(f"II={ii}: {_window_reason(fn, b, ii)}")
                continue
            if cycles is None:
                # name the bounds that are infeasible on their own (the binding recurrences)
                alone = [why[k] for k in sorted(upper) if
                         schedule_block(fn, b, model, sched.clock_ns, {k: upper[k]}, windows,
                                        stream_order=False) is None]
                reasons.append(f"II={ii}: " + "; ".join(sorted(set(alone or why.values()))))
                continue
            problem = _modulo_problem(fn, b, cycles, ii)
            if problem:
                reasons.append(f"II={ii}: {problem}")
                continue
            chosen = ii, cycles
            break
        if chosen is None:
            notes.append(f"PIPELINE ignored: loop {name} (line {line}): no II up to its iteration latency "
                         f"{plain} works ({reasons[-1] if reasons else 'no schedule'})")
            continue
        ii, cycles = chosen
        cycle.update(cycles)
        block_cycles[b.name] = cycles[term.id] + 1
        depth = block_cycles[b.name]
        reason = reasons[0].split(": ", 1)[1] if reasons else ""
        pipelined[b.name] = {"line": int(line), "name": name, "ii": ii, "requested": requested,
                                   "depth": depth, "reason": reason}
        if loop_key(term) in fn.attrs.get("pipeline_flush", []):
            if ii == 1:
                pipelined[b.name]["flush"] = True
            else:
                notes.append(f"loop {name} (line {line}): PIPELINE style=flp needs II=1 here; the pipeline "
                             f"stalls (style=stp)")
        if ii > requested:
            notes.append(f"loop {name} (line {line}): PIPELINE II={requested} not met, II={ii} ({reason})")
    return replace(sched, cycle=cycle, block_cycles=block_cycles, pipelined=pipelined), notes
