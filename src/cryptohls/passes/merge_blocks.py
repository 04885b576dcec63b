"""Merge a block into its only predecessor when that predecessor has it as its only successor
(straight-line code split by the CFG costs a state per block otherwise)."""

from __future__ import annotations

from cryptohls.ir.nodes import Block, Function
from cryptohls.passes.base import Pass


def mergeable(fn: Function, a: Block, preds: dict[str, list[str]]) -> Block | None:
    """The block ``a`` jumps to unconditionally when ``a`` is its only predecessor (and it is neither
    ``a`` itself nor the entry), else None."""
    succ = a.successors()
    if len(succ) != 1 or succ[0] == a.name or succ[0] == fn.blocks[0].name:
        return None
    b = fn.block(succ[0])
    return b if preds[b.name] == [a.name] else None


def merge_into(fn: Function, a: Block, b: Block) -> None:
    """Append ``b`` (whose only predecessor is ``a``, a's only successor) to ``a``."""
    a.ops.pop()   # a's jump to b (a loop marker lives on latches: a straight-line edge carries none)
    for phi in b.phis():
        fn.replace_all_uses(phi, phi.operands[0])
    for op in b.ops:
        if op.opcode != "phi":
            op.block = a
            a.ops.append(op)
    fn.blocks.remove(b)
    for blk in fn.blocks:
        for phi in blk.phis():
            phi.attrs["blocks"] = [a.name if x == b.name else x for x in phi.attrs["blocks"]]


class MergeBlocks(Pass):
    name = "merge-blocks"

    def _run(self, fn: Function) -> bool:
        changed = False
        progress = True
        while progress:
            progress = False
            preds = fn.predecessors()
            for a in fn.blocks:
                b = mergeable(fn, a, preds)
                if b is not None:
                    merge_into(fn, a, b)
                    progress = changed = True
                    break
        return changed
