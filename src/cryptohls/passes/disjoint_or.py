"""Disjoint-or marking: an ``or`` whose operands can never both have a 1 in the same bit position only
places bit fields side by side (``x.range(15, 8) = b`` builds ``(zext(b) << 8) | rest``) — wiring, not
logic. The pass proves this from the bits each value may have set (constants, zero-extensions,
constant shifts, masks, slices, concatenations) and marks such ops ``{"disjoint": true}``; the delay
model gives them no delay (synthesis turns them into wires, as for LLVM's ``or disjoint``)."""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function, Op, Operand
from cryptohls.passes.base import Pass


def _full(width: int) -> int:
    return (1 << width) - 1


class DisjointOr(Pass):
    name = "disjoint-or"

    def _run(self, fn: Function) -> bool:
        maybe: dict[int, int] = {}   # op id -> mask of the bits that may be 1

        def bits(v: Operand) -> int:
            if isinstance(v, Const):
                return v.value
            return maybe.get(v.id, _full(v.width))

        changed = False
        for op in fn.all_ops():   # program order: operands (except phi inputs) come first
            if op.width == 0:
                continue
            m = self._mask(op, bits)
            maybe[op.id] = m & _full(op.width)
            if op.opcode == "or":
                a, b = (bits(v) for v in op.operands)
                disjoint = a & b == 0
                if disjoint != bool(op.attrs.get("disjoint")):
                    if disjoint:
                        op.attrs["disjoint"] = True
                    else:
                        op.attrs.pop("disjoint", None)
                    changed = True
        return changed

    @staticmethod
    def _mask(op: Op, bits) -> int:
        oc, ops, w = op.opcode, op.operands, op.width
        if oc in ("zext", "trunc"):
            return bits(ops[0])
        if oc == "slice":
            return bits(ops[0]) >> op.attrs.get("lo", 0)
        if oc == "shl" and isinstance(ops[1], Const):
            return bits(ops[0]) << ops[1].value if ops[1].value < w else 0
        if oc == "lshr" and isinstance(ops[1], Const):
            return bits(ops[0]) >> ops[1].value
        if oc == "and":
            return bits(ops[0]) & bits(ops[1])
        if oc in ("or", "xor"):
            return bits(ops[0]) | bits(ops[1])
        if oc == "select":
            return bits(ops[1]) | bits(ops[2])
        if oc == "concat":   # first operand in the high bits
            acc = 0
            for v in ops:
                acc = (acc << v.width) | (bits(v) & _full(v.width))
            return acc
        return _full(w)
