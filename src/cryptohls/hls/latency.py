"""Latency of the FSM from the CFG: states per block, loops collapsed with their trip counts."""

from __future__ import annotations

from dataclasses import dataclass

from cryptohls.ir.analysis import Loop, constant_trip_count, loop_key, natural_loops
from cryptohls.ir.nodes import Function
from cryptohls.schedule.schedule import Schedule

Range = tuple[int, int | None]   # (min, max); max None = unknown (data-dependent, no LOOP_TRIPCOUNT)


@dataclass
class LoopReport:
    name: str
    line: int
    trip: Range
    trip_exact: bool
    iteration: Range
    latency: Range
    top_level: bool = True    # not nested in another loop
    pipeline: dict | None = None   # {ii, requested, depth, reason} of a pipelined loop
    key: str = ""                  # ir.analysis.loop_key: the start line, or "LINE:COL" when loops share it


def _add(a: Range, b: Range) -> Range:
    return a[0] + b[0], None if a[1] is None or b[1] is None else a[1] + b[1]


def _dag_cost(fn: Function, sched: Schedule, region: set[str], start: str, ends: set[str],
              inner: list[Loop], loop_cost: dict[str, Range], back_to: str | None) -> Range:
    """min/max total states along paths start→end inside ``region`` (inner loops collapsed)."""
    owner: dict[str, str] = {}
    for lp in inner:
        for b in lp.blocks:
            owner[b] = lp.header
    node = lambda b: owner.get(b, b)   # noqa: E731
    succ: dict[str, set[str]] = {}
    cost: dict[str, Range] = {}
    ends_n = {node(e) for e in ends}
    for b in region:
        n = node(b)
        cost[n] = loop_cost[n] if n in loop_cost else (sched.fsm_states(b), sched.fsm_states(b))
        for s in fn.block(b).successors():
            if s in region and node(s) != n and s != back_to:
                succ.setdefault(n, set()).add(node(s))
    order: list[str] = []
    seen: set[str] = set()

    def visit(n: str) -> None:
        stack = [(n, iter(sorted(succ.get(n, ()))))]
        seen.add(n)
        while stack:
            cur, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                order.append(cur)
                stack.pop()
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(sorted(succ.get(nxt, ())))))
    visit(node(start))
    order.reverse()
    best: dict[str, Range] = {node(start): cost[node(start)]}
    for n in order:
        if n not in best:
            continue
        for s in succ.get(n, ()):
            cand = _add(best[n], cost[s])
            if s not in best:
                best[s] = cand
            else:
                lo = min(best[s][0], cand[0])
                hi = None if best[s][1] is None or cand[1] is None else max(best[s][1], cand[1])
                best[s] = (lo, hi)
    reached = [best[e] for e in ends_n if e in best]
    if not reached:
        return (0, 0)
    lo = min(r[0] for r in reached)
    hi = None if any(r[1] is None for r in reached) else max(r[1] for r in reached)
    return lo, hi


def function_latency(fn: Function, sched: Schedule) -> tuple[Range, list[LoopReport]]:
    loops = natural_loops(fn)
    loop_cost: dict[str, Range] = {}
    reports: list[LoopReport] = []
    tripcounts = fn.attrs.get("tripcount", {})
    for lp in sorted(loops, key=lambda x: -x.depth):   # innermost first
        inner = [c for c in lp.children]
        it = _dag_cost(fn, sched, lp.blocks, lp.header, set(lp.latches), inner, loop_cost, lp.header)
        exact = constant_trip_count(fn, lp)
        exiting = [b for b in lp.blocks if any(s not in lp.blocks for s in fn.block(b).successors())]
        early_exit = len(exiting) > 1      # a break: the loop may stop before its counted trips
        latch_term = fn.block(lp.latches[0]).terminator
        line = latch_term.attrs.get("loop_line", latch_term.line)
        key = loop_key(latch_term) or str(line)
        name = latch_term.attrs.get("loop_name", f"loop_ln{line}")
        if exact is not None:
            trip: Range = (1 if early_exit else exact, exact)
        elif key in tripcounts and "max" in tripcounts[key]:
            tc = tripcounts[key]
            trip = (tc.get("min", 1), tc["max"])
        else:
            trip = (1, None)
        latency = (trip[0] * it[0], None if trip[1] is None or it[1] is None else trip[1] * it[1])
        pipe = sched.pipelined.get(lp.header)
        if pipe:   # iterations start every II cycles: (N-1)·II + depth
            ii, depth = pipe["ii"], pipe["depth"]
            latency = ((trip[0] - 1) * ii + depth, None if trip[1] is None else (trip[1] - 1) * ii + depth)
        loop_cost[lp.header] = latency
        reports.append(LoopReport(name, line, trip, exact is not None and not early_exit, it, latency,
                                  lp.parent is None, pipe, key))
    top_loops = [lp for lp in loops if lp.parent is None]
    region = {b.name for b in fn.blocks}
    ends = {b.name for b in fn.blocks if b.terminator.opcode == "ret"}
    total = _dag_cost(fn, sched, region, fn.blocks[0].name, ends, top_loops, loop_cost, None)
    latency = (total[0] - 1, None if total[1] is None else total[1] - 1)
    reports.sort(key=lambda r: r.line)
    return latency, reports


@dataclass
class FreeRunning:
    """A free-running top (``while (1)``, no return): figures per iteration of its outer loop, i.e. per
    transaction. ``latency``: states from the loop head to its back edge along the longest path; ``interval``: cycles between two
    transactions in steady state (one less when the head is overlapped with the last inner-loop state);
    ``bound``: the inner loops' own latencies (N·II), which no overlap can hide."""
    loop: str
    latency: int
    interval: int
    bound: int
    reason: str


def free_running(fn: Function, sched: Schedule, loops: list[LoopReport]) -> FreeRunning | None:
    if any(b.terminator.opcode == "ret" for b in fn.blocks):
        return None
    nat = [lp for lp in natural_loops(fn) if lp.parent is None]
    if len(nat) != 1:
        return None
    outer = nat[0]
    rep = next((r for r in loops if r.top_level), None)
    if rep is None or rep.iteration[1] is None or any(r.latency[1] is None for r in loops if not r.top_level):
        return None
    latency = rep.iteration[1]
    overlapped = outer.header in sched.overlapped
    interval = latency - (1 if overlapped else 0)
    inner = [r for r in loops if not r.top_level]
    # the direct children of the outer loop (a nested child's latency is inside its parent's)
    children = {c.header for c in outer.children}
    by_key = {r.key: r for r in inner}
    bound = 0
    for c in outer.children:
        term = fn.block(c.latches[0]).terminator
        r = by_key.get(loop_key(term) or str(term.line))
        bound += r.latency[1] if r and r.latency[1] is not None else 0
    bound = max(1, bound if children else 1)
    parts = []
    if interval > bound:
        outside = interval - bound
        if not overlapped:
            parts.append(f"the head of {rep.name} does not overlap the last state before its back edge "
                         f"(no single exit state to share, or its first state conflicts with it)")
        parts.append(f"{outside} state(s) of {rep.name} outside its inner loops")
    return FreeRunning(rep.name, latency, interval, bound, "; ".join(parts))
