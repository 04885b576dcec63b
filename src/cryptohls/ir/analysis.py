"""CFG analyses shared by passes, scheduler and report: dominators, natural loops, trip counts."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptohls.ir.nodes import Const, Function, Op


def const_step(nxt: object, phi: Op) -> int | None:
    """The signed step when ``nxt`` is ``phi + c``, ``c + phi`` or ``phi - c`` (c a constant), else None.
    The constant may come first: a pointer walk's next index is imported as ``add c, p``
    (frontend/import_pointers.py, element_index)."""
    if not isinstance(nxt, Op) or nxt.opcode not in ("add", "sub") or len(nxt.operands) != 2:
        return None
    a, b = nxt.operands
    if a is phi and isinstance(b, Const):
        return b.signed_value() * (1 if nxt.opcode == "add" else -1)
    if nxt.opcode == "add" and b is phi and isinstance(a, Const):
        return a.signed_value()
    return None


def reachable_order(fn: Function) -> list[str]:
    """Blocks reachable from the entry, in reverse post-order."""
    succ = {b.name: b.successors() for b in fn.blocks}
    seen: set[str] = set()
    post: list[str] = []
    stack = [(fn.blocks[0].name, iter(succ[fn.blocks[0].name]))]
    seen.add(fn.blocks[0].name)
    while stack:
        node, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            post.append(node)
            stack.pop()
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(succ[nxt])))
    return post[::-1]


def dominators(fn: Function) -> dict[str, set[str]]:
    order = reachable_order(fn)
    preds = fn.predecessors()
    dom = {n: set(order) for n in order}
    dom[order[0]] = {order[0]}
    changed = True
    while changed:
        changed = False
        for n in order[1:]:
            ps = [p for p in preds[n] if p in dom]
            new = set.intersection(*(dom[p] for p in ps)) if ps else set()
            new = new | {n}
            if new != dom[n]:
                dom[n] = new
                changed = True
    return dom


@dataclass
class Loop:
    header: str
    blocks: set[str]
    latches: list[str]
    parent: "Loop | None" = None
    children: list["Loop"] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return 1 + (self.parent.depth if self.parent else 0)


def loop_key(term: Op) -> str:
    """The key of the loop whose latch branch is ``term``: the start line as text, or
    ``"LINE:COL"`` (``"FILE:LINE:COL"``) when several loops start on that line (frontend/loop_table.py);
    the frontend's loop table, the PIPELINE/TRIPCOUNT/LOOP_FLATTEN requests and the report use it."""
    return str(term.attrs.get("loop_key") or term.attrs.get("loop_line", ""))


def natural_loops(fn: Function) -> list[Loop]:
    """Natural loops (one per header), outermost first."""
    dom = dominators(fn)
    preds = fn.predecessors()
    loops: dict[str, Loop] = {}
    for b in fn.blocks:
        if b.name not in dom:
            continue
        for s in b.successors():
            if s in dom[b.name]:  # back edge b -> s
                body = {s, b.name}
                work = [b.name] if b.name != s else []
                while work:
                    n = work.pop()
                    for p in preds[n]:
                        if p not in body and p in dom:
                            body.add(p)
                            work.append(p)
                loop = loops.setdefault(s, Loop(s, set(), []))
                loop.blocks |= body
                loop.latches.append(b.name)
    ordered = sorted(loops.values(), key=lambda lp: -len(lp.blocks))
    for i, lp in enumerate(ordered):
        for outer in reversed(ordered[:i]):
            if lp.header in outer.blocks and lp is not outer:
                lp.parent = outer
                outer.children.append(lp)
                break
    return ordered


def constant_trip_count(fn: Function, loop: Loop) -> int | None:
    """Trip count of a loop with a single latch whose exit test compares an induction phi (constant
    start, constant step) against a constant; None when it depends on data."""
    if len(loop.latches) != 1:
        return None
    latch = fn.block(loop.latches[0])
    term = latch.terminator
    if term.opcode != "br" or len(term.operands) != 1 or not isinstance(term.operands[0], Op):
        return None
    cmp = term.operands[0]
    if cmp.opcode != "icmp":
        return None
    stay_when_true = term.attrs["targets"][0] == loop.header
    header = fn.block(loop.header)
    for phi in header.phis():
        blocks = phi.attrs["blocks"]
        if len(blocks) != 2 or latch.name not in blocks:
            continue
        init = phi.operands[1 - blocks.index(latch.name)]
        nxt = phi.operands[blocks.index(latch.name)]
        if not isinstance(init, Const):
            continue
        step = const_step(nxt, phi)
        if not step:
            continue
        a, b = cmp.operands
        if isinstance(b, Const) and a in (phi, nxt):
            tested, bound, pred = a, b, cmp.attrs["pred"]
        elif isinstance(a, Const) and b in (phi, nxt):
            swap = {"ult": "ugt", "ugt": "ult", "ule": "uge", "uge": "ule", "slt": "sgt", "sgt": "slt",
                    "sle": "sge", "sge": "sle", "eq": "eq", "ne": "ne"}
            tested, bound, pred = b, a, swap[cmp.attrs["pred"]]
        else:
            continue
        return _simulate_trip(init, step, tested is nxt, bound, pred, stay_when_true, phi.width)
    return None


def _simulate_trip(init: Const, step: int, tests_next: bool, bound: Const, pred: str, stay_when_true: bool,
                   width: int, limit: int = 1 << 16) -> int | None:
    signed = pred.startswith("s")
    mask = (1 << width) - 1

    def val(x: int) -> int:
        x &= mask
        return x - (1 << width) if signed and x >> (width - 1) else x
    b = bound.signed_value() if signed else bound.value
    ops = {"eq": lambda x: x == b, "ne": lambda x: x != b, "ult": lambda x: x < b, "slt": lambda x: x < b,
           "ule": lambda x: x <= b, "sle": lambda x: x <= b, "ugt": lambda x: x > b, "sgt": lambda x: x > b,
           "uge": lambda x: x >= b, "sge": lambda x: x >= b}
    i = init.value
    for trip in range(1, limit):
        tested = i + step if tests_next else i
        if ops[pred](val(tested)) != stay_when_true:
            return trip
        i = (i + step) & mask
    return None
