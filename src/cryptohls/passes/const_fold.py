"""Constant folding and algebraic identities (x+0, x&0, x^0, select on a constant, ...)."""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function, Op, Operand
from cryptohls.passes.base import Pass


def _signed(c: Const) -> int:
    return c.signed_value()


def fold(op: Op) -> Operand | None:
    """The constant or existing value ``op`` computes, or None."""
    ops = op.operands
    w = op.width
    if ops and all(isinstance(v, Const) for v in ops) and op.opcode not in ("phi", "load", "param"):
        a = ops[0]
        b = ops[1] if len(ops) > 1 else None
        oc = op.opcode
        m = (1 << w) - 1 if w else 0
        if oc == "add":
            return Const(w, a.value + b.value)
        if oc == "sub":
            return Const(w, a.value - b.value)
        if oc == "mul":
            return Const(w, a.value * b.value)
        if oc in ("udiv", "urem") and b.value:
            return Const(w, a.value // b.value if oc == "udiv" else a.value % b.value)
        if oc in ("sdiv", "srem") and b.value:
            q = abs(_signed(a)) // abs(_signed(b)) * (1 if (_signed(a) < 0) == (_signed(b) < 0) else -1)
            return Const(w, q if oc == "sdiv" else _signed(a) - q * _signed(b))
        if oc == "and":
            return Const(w, a.value & b.value)
        if oc == "or":
            return Const(w, a.value | b.value)
        if oc == "xor":
            return Const(w, a.value ^ b.value)
        if oc == "shl":
            return Const(w, a.value << b.value if b.value < w else 0)
        if oc == "lshr":
            return Const(w, a.value >> b.value if b.value < w else 0)
        if oc == "ashr":
            return Const(w, _signed(a) >> min(b.value, w))
        if oc == "zext":
            return Const(w, a.value)
        if oc == "sext":
            return Const(w, _signed(a) & m)
        if oc == "trunc":
            return Const(w, a.value)
        if oc == "slice":
            return Const(w, a.value >> op.attrs["lo"])
        if oc == "concat":
            v = 0
            for c in ops:
                v = (v << c.width) | c.value
            return Const(w, v)
        if oc == "select":
            return ops[1] if a.value else ops[2]
        if oc == "icmp":
            p = op.attrs["pred"]
            x, y = (_signed(a), _signed(b)) if p.startswith("s") else (a.value, b.value)
            r = {"eq": x == y, "ne": x != y, "ult": x < y, "slt": x < y, "ule": x <= y, "sle": x <= y,
                 "ugt": x > y, "sgt": x > y, "uge": x >= y, "sge": x >= y}[p]
            return Const(1, int(r))
        return None
    if op.opcode == "select" and isinstance(ops[0], Const):
        return ops[1] if ops[0].value else ops[2]
    if op.opcode == "select" and ops[1] is ops[2]:
        return ops[1]
    if op.opcode in ("add", "sub", "or", "xor", "shl", "lshr", "ashr") and isinstance(ops[1], Const) \
            and ops[1].value == 0:
        return ops[0]
    if op.opcode in ("add", "or", "xor") and isinstance(ops[0], Const) and ops[0].value == 0:
        return ops[1]
    if op.opcode in ("and", "mul") and any(isinstance(v, Const) and v.value == 0 for v in ops):
        return Const(w, 0)
    if op.opcode == "and" and isinstance(ops[1], Const) and ops[1].value == (1 << w) - 1:
        return ops[0]
    if op.opcode == "mul" and isinstance(ops[1], Const) and ops[1].value == 1:
        return ops[0]
    if op.opcode == "phi":
        others = [v for v in ops if v is not op]
        if others and all(v is others[0] or (isinstance(v, Const) and v == others[0]) for v in others):
            return others[0]
    return None


class ConstantFolding(Pass):
    name = "const-fold"

    def _run(self, fn: Function) -> bool:
        changed = False
        progress = True
        while progress:
            progress = False
            for b in fn.blocks:
                for op in list(b.ops):
                    if op.width == 0:
                        continue
                    new = fold(op)
                    if new is not None and new is not op:
                        fn.replace_all_uses(op, new)
                        b.ops.remove(op)
                        progress = changed = True
        return changed
