"""Dead-store elimination on internal memories (register files and RAMs): a store at a constant
address that a later store of the same block overwrites (at the same constant address, unguarded)
with no load in between that could read it, is dropped.

Why it matters: the scheduler keeps two stores of one address in C order one cycle apart (sdc.py,
"memory order"), so a fully unrolled method chain that rewrites a register array step by step
(``state[i] = sBox[state[i]]``, then shiftRows, mixColumns and addRoundKey on the same ``state``)
took one cycle per rewrite, although every value was already forwarded (store-forward, LLVM) and
only the last store of each byte is ever read. Only internal memories (kind "regs"/"ram", not a
whole program's globals, whose writes cosim compares): an argument's writes are its interface.
Runs after full-unroll and merge-blocks, when a round's rewrites are one block."""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function
from cryptohls.passes.base import Pass

INTERNAL = ("regs", "ram")


class DeadStoreElimination(Pass):
    name = "dead-store"

    def _run(self, fn: Function) -> bool:
        internal = {m.name for m in fn.memories if m.kind in INTERNAL and "global" not in m.attrs}
        changed = False
        for b in fn.blocks:
            overwritten: set[tuple[str, int]] = set()   # (memory, address) stored later, not read since
            dead: set[int] = set()
            for op in reversed(b.ops):
                mem = op.attrs.get("mem")
                if op.opcode not in ("load", "store") or mem not in internal:
                    continue
                addr = op.operands[0]
                if op.opcode == "load":
                    if isinstance(addr, Const):
                        overwritten.discard((mem, addr.value))
                    else:   # may read any address
                        overwritten = {k for k in overwritten if k[0] != mem}
                elif isinstance(addr, Const):
                    if (mem, addr.value) in overwritten:
                        dead.add(op.id)
                    elif len(op.operands) == 2:   # a guarded store may not happen: it hides nothing
                        overwritten.add((mem, addr.value))
            if dead:
                b.ops = [op for op in b.ops if op.id not in dead]
                changed = True
        return changed
