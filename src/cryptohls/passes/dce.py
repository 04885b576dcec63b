"""Dead code elimination: drop ops without side effects whose results nobody uses."""

from __future__ import annotations

from cryptohls.ir.nodes import Function, Op
from cryptohls.passes.base import Pass

SIDE_EFFECTS = ("store", "out", "br", "ret")


class DeadCodeElimination(Pass):
    name = "dce"

    def _run(self, fn: Function) -> bool:
        live: set[int] = set()
        # a stream read pops its FIFO even when the word is discarded (`s.read();`)
        streams = {m.name for m in fn.memories if m.kind == "stream"}
        work = [op for op in fn.all_ops() if op.opcode in SIDE_EFFECTS or
                (op.opcode == "load" and op.attrs.get("mem") in streams)]
        while work:
            op = work.pop()
            if op.id in live:
                continue
            live.add(op.id)
            for v in op.operands:
                if isinstance(v, Op) and v.id not in live:
                    work.append(v)
        changed = False
        for b in fn.blocks:
            kept = [op for op in b.ops if op.id in live]
            changed |= len(kept) != len(b.ops)
            b.ops = kept
        return changed
