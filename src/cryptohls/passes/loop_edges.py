"""A block of its own on a CFG edge into a loop, for passes that put work before a loop."""

from __future__ import annotations

from cryptohls.ir.nodes import Block, Function


def preheader(fn: Function, pred: Block, b: Block) -> Block:
    """A new block on the edge pred -> b (so that work put there runs once per entry into ``b``, not in
    every iteration of a loop ``pred`` that leaves straight into ``b``, nor on pred's other way out)."""
    names = {blk.name for blk in fn.blocks}
    name, k = f"{b.name}_preheader", 1
    while name in names:
        name, k = f"{b.name}_preheader{k}", k + 1
    term = pred.terminator
    new = Block(name)
    jump = fn.new_op("br", 0, [], {"targets": [b.name]}, term.line, term.col)
    jump.block = new
    new.ops.append(jump)
    term.attrs["targets"] = [name if t == b.name else t for t in term.attrs["targets"]]
    for phi in b.phis():
        phi.attrs["blocks"] = [name if x == pred.name else x for x in phi.attrs["blocks"]]
    fn.blocks.insert(fn.blocks.index(b), new)
    return new
