"""Register window for a loop that reads back what it wrote a few iterations before
(``W[t] = f(W[t-3], W[t-8], W[t-14], W[t-16])``, SHA-1's message schedule): in a loop to be pipelined
(PIPELINE, or passes/auto_pipeline.py) whose only write of an internal memory M is ``M[i] = v`` with
``i`` the counter (step +1, constant start i0), every read ``M[i - k]`` (1 <= k <= K) becomes a
register: phis r_1..r_K hold M[i-1]..M[i-K], r_1 takes v and r_j takes r_(j-1) each iteration, and
the entering block reads M[i0-1]..M[i0-K] once. The loop then has one access of M per iteration
instead of reads + write through two ports (SHA-1: 5 accesses, II=3 -> 1 access, one cycle), for K
registers of M's width (K = the largest distance read, at most ``MAX_WINDOW``).

This is predictive commoning (as in GCC's -fpredictive-commoning, at -O3) restricted to constant
distances from one store. The store stays (later code reads M).
"""

from __future__ import annotations

from cryptohls.ir.analysis import const_step, loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass
from cryptohls.passes.loop_edges import preheader

MAX_WINDOW = 16   # registers per memory (SHA-1's schedule reads 16 words back)


def _offset(addr: Operand, phi: Op) -> int | None:
    """c when ``addr`` computes phi + c through adds/subs of constants and casts, else None."""
    c = 0
    v = addr
    while v is not phi:
        if not isinstance(v, Op) or v.block is not phi.block:
            return None
        if v.opcode in ("zext", "trunc", "sext"):
            v = v.operands[0]
        elif v.opcode in ("add", "sub") and isinstance(v.operands[1], Const):
            c += v.operands[1].signed_value() * (1 if v.opcode == "add" else -1)
            v = v.operands[0]
        elif v.opcode == "add" and isinstance(v.operands[0], Const):   # c + x (a pointer walk's index)
            c += v.operands[0].signed_value()
            v = v.operands[1]
        else:
            return None
    return c


def _counter(b: Block, entry: str) -> list[tuple[Op, int]]:
    """(phi, start) of the phis that start at a constant and go up by 1 each iteration."""
    out = []
    for p in b.phis():
        nxt = p.operands[p.attrs["blocks"].index(b.name)]
        start = p.operands[p.attrs["blocks"].index(entry)]
        if isinstance(start, Const) and isinstance(nxt, Op) and nxt.opcode == "add" and const_step(nxt, p) == 1:
            out.append((p, start.value))
    return out


class LoadWindow(Pass):
    name = "load-window"

    def _run(self, fn: Function) -> bool:
        requests = fn.attrs.get("pipeline", {})
        changed = False
        preds = fn.predecessors()
        for lp in natural_loops(fn):
            b = fn.block(lp.header)
            if lp.blocks != {b.name} or loop_key(b.terminator) not in requests:
                continue
            entries = [p for p in preds[b.name] if p != b.name]
            if len(entries) != 1:
                continue
            for mem in fn.memories:
                if mem.kind != "ram" or mem.attrs.get("latency", 1) < 1:
                    continue
                stores = [op for op in b.ops if op.opcode == "store" and op.attrs["mem"] == mem.name]
                loads = [op for op in b.ops if op.opcode == "load" and op.attrs["mem"] == mem.name]
                if len(stores) != 1 or not loads:
                    continue
                for phi, start in _counter(b, entries[0]):
                    if _offset(stores[0].operands[0], phi) != 0:
                        continue
                    back = [_offset(ld.operands[0], phi) for ld in loads]
                    if any(k is None or not -MAX_WINDOW <= k <= -1 for k in back) or start + min(back) < 0:
                        continue
                    entry = fn.block(entries[0])
                    if entry.successors() != [b.name]:   # e.g. a loop that leaves straight into this one
                        entry = preheader(fn, entry, b)
                    self._window(fn, b, entry, stores[0], dict(zip(loads, (-k for k in back))), phi, start)
                    changed = True
                    break
                preds = fn.predecessors()
        return changed

    @staticmethod
    def _window(fn: Function, b: Block, entry: Block, store: Op, loads: dict[Op, int], phi: Op,
                start: int) -> None:
        size = max(loads.values())
        mem = fn.memory(store.attrs["mem"])
        addr_w = mem.addr_width
        at = len(entry.ops) - 1
        regs: list[Op] = []
        for j in range(1, size + 1):   # r_j = M[i0 - j] on entry
            first = fn.new_op("load", mem.width, [Const(addr_w, start - j)], {"mem": mem.name}, store.line, store.col)
            first.block = entry
            entry.ops.insert(at, first)
            at += 1
            r = fn.new_op("phi", mem.width, [first, None], {"blocks": [entry.name, b.name], "name": f"{mem.name}_m{j}"},
                          store.line, store.col)
            r.block = b
            regs.append(r)
        regs[0].operands[1] = store.operands[1]   # the value written this iteration is M[i-1] in the next
        for j in range(1, size):
            regs[j].operands[1] = regs[j - 1]
        b.ops[0:0] = regs
        for ld, k in loads.items():
            fn.replace_all_uses(ld, regs[k - 1])
            b.ops.remove(ld)
