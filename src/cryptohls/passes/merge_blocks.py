"""Merge a block into its only predecessor when that predecessor has it as its only successor
(straight-line code split by the CFG costs a state per block otherwise)."""

from __future__ import annotations

from cryptohls.ir.nodes import Function
from cryptohls.passes.base import Pass


class MergeBlocks(Pass):
    name = "merge-blocks"

    def _run(self, fn: Function) -> bool:
        changed = False
        progress = True
        while progress:
            progress = False
            preds = fn.predecessors()
            for a in fn.blocks:
                succ = a.successors()
                if len(succ) != 1 or succ[0] == a.name or succ[0] == fn.blocks[0].name:
                    continue
                b = fn.block(succ[0])
                if preds[b.name] != [a.name]:
                    continue
                old_term = a.ops.pop()
                for phi in b.phis():
                    fn.replace_all_uses(phi, phi.operands[0])
                moved = [op for op in b.ops if op.opcode != "phi"]
                if "loop_line" in old_term.attrs and "loop_line" not in moved[-1].attrs:
                    pass  # the loop marker lives on latches; a straight-line edge carries none
                for op in moved:
                    op.block = a
                    a.ops.append(op)
                fn.blocks.remove(b)
                for blk in fn.blocks:
                    for phi in blk.phis():
                        phi.attrs["blocks"] = [a.name if x == b.name else x for x in phi.attrs["blocks"]]
                progress = changed = True
                break
        return changed
