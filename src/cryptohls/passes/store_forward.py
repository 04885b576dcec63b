"""Store-to-load forwarding on internal memories (register files and RAMs): a load at a constant
address that follows, in the same block, a store to that address (with no other store to the memory
in between that could hit it) uses the stored value; stores to an internal memory that is never loaded
are dropped with the memory (not a whole program's globals: they are its results). A one-word local
that clang left in memory (an ``ap_uint<96>`` built through a range reference) then costs no cycle: its
write and read were two states."""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function, Op, Operand
from cryptohls.passes.base import Pass

INTERNAL = ("regs", "ram")


class StoreForwarding(Pass):
    name = "store-forward"

    def _run(self, fn: Function) -> bool:
        internal = {m.name for m in fn.memories if m.kind in INTERNAL}
        replace: dict[int, Operand] = {}
        for b in fn.blocks:
            known: dict[tuple[str, int], Operand] = {}
            for op in b.ops:
                mem = op.attrs.get("mem")
                if op.opcode not in ("load", "store") or mem not in internal:
                    continue
                addr = op.operands[0]
                if op.opcode == "store":
                    for key in [k for k in known if k[0] == mem and (not isinstance(addr, Const) or k[1] == addr.value)]:
                        del known[key]
                    if isinstance(addr, Const) and len(op.operands) == 2:   # a guarded store may not happen
                        known[(mem, addr.value)] = op.operands[1]
                elif isinstance(addr, Const) and (mem, addr.value) in known:
                    value = known[(mem, addr.value)]
                    if value.width == op.width:
                        replace[op.id] = value
        changed = bool(replace)
        if replace:
            for b in fn.blocks:
                b.ops = [op for op in b.ops if op.id not in replace]
                for op in b.ops:
                    op.operands = [self._resolve(v, replace) for v in op.operands]
        loaded = {op.attrs["mem"] for op in fn.all_ops() if op.opcode == "load"}
        results = {m.name for m in fn.memories if "global" in m.attrs}   # a whole program's globals
        dead = internal - loaded - results
        if dead:
            for b in fn.blocks:
                kept = [op for op in b.ops if not (op.opcode == "store" and op.attrs["mem"] in dead)]
                changed |= len(kept) != len(b.ops)
                b.ops = kept
            fn.memories = [m for m in fn.memories if m.name not in dead]
        return changed

    @staticmethod
    def _resolve(v: Operand, replace: dict[int, Operand]) -> Operand:
        while isinstance(v, Op) and v.id in replace:
            v = replace[v.id]
        return v
