"""Loop-invariant reads out of loops: a read ``x = M[c]`` at a constant address of an internal memory
(RAM or block-RAM ROM) that no block of the loop writes is done once, in the loop's preheader, and its
value kept in a register (LLVM's LICM does this for loads from memory the loop does not modify).

A synchronous read costs its block a cycle of waiting (the data comes one cycle after the address);
in a loop that cycle is paid every iteration. Blowfish's ``bf_encrypt`` inlined into the CFB64 byte
loop: the round loop's first subkey ``P[0]`` (put before the round loop by passes/prefetch.py) and the
output whitening ``P[16]``, ``P[17]`` are read once per call instead of once per 64-bit block.

Innermost loops first, then outwards while the memory stays unwritten (a read leaves every enclosing
loop that does not write M). Only unguarded reads at constant addresses (always in range: reading
once more than the program would is harmless), never an argument port, a stream, registers or a ROM
in logic (those reads cost nothing), and no loop with a call to a sub-module.
"""

from __future__ import annotations

from cryptohls.ir.analysis import natural_loops
from cryptohls.ir.nodes import Const, Function, Op
from cryptohls.passes.base import Pass
from cryptohls.passes.loop_edges import preheader


def _invariant_reads(fn: Function, blocks: list) -> list[Op]:
    stored = {op.attrs["mem"] for b in blocks for op in b.ops if op.opcode == "store"}
    out = []
    for b in blocks:
        for op in b.ops:
            if op.opcode != "load" or len(op.operands) != 1 or not isinstance(op.operands[0], Const):
                continue
            m = fn.memory(op.attrs["mem"])
            if m.kind in ("ram", "rom") and int(m.attrs.get("latency", 1)) >= 1 and m.name not in stored:
                out.append(op)
    return out


class HoistLoads(Pass):
    name = "hoist-loads"

    def _run(self, fn: Function) -> bool:
        changed = False
        while self._hoist_one_loop(fn):
            changed = True
        return changed

    @staticmethod
    def _hoist_one_loop(fn: Function) -> bool:
        preds = fn.predecessors()
        for lp in sorted(natural_loops(fn), key=lambda lp: -lp.depth):
            blocks = [b for b in fn.blocks if b.name in lp.blocks]
            if any(op.opcode == "call" for b in blocks for op in b.ops):
                continue
            reads = _invariant_reads(fn, blocks)
            entries = [p for p in preds[lp.header] if p not in lp.blocks]
            if not reads or len(entries) != 1:
                continue
            head = fn.block(lp.header)
            entry = fn.block(entries[0])
            if entry.successors() != [head.name]:
                entry = preheader(fn, entry, head)
            for op in reads:
                op.block.ops.remove(op)
                op.block = entry
                entry.ops.insert(len(entry.ops) - 1, op)
            return True
        return False
