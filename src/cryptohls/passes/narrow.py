"""Bit-width narrowing: trunc(zext/sext x) uses x directly (index arithmetic from LLVM is 64-bit;
memory addresses need only a few bits), and a multiply of two zero-extended values is computed in the
width of the exact product (an 8x8 multiply promoted to int is 16 bits of logic, not 32)."""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function, Op
from cryptohls.passes.base import Pass


class NarrowCasts(Pass):
    name = "narrow"

    def _run(self, fn: Function) -> bool:
        changed = self._narrow_multiplies(fn)
        uses = fn.use_index()   # every operand set below is told to it
        for b in fn.blocks:
            for op in b.ops:
                # zext(zext x) is zext x (narrowed loop counters leave such pairs)
                while op.opcode == "zext" and isinstance(op.operands[0], Op) and op.operands[0].opcode == "zext":
                    op.operands = [op.operands[0].operands[0]]
                    uses.add_use(op, op.operands[0])
                    changed = True
                while op.opcode == "trunc" and isinstance(op.operands[0], Op) and \
                        op.operands[0].opcode in ("zext", "sext", "trunc"):
                    inner = op.operands[0]
                    x = inner.operands[0]
                    if x.width == op.width:
                        uses.replace(op, x)
                        changed = True
                        break
                    elif x.width > op.width:
                        op.operands = [x]
                        uses.add_use(op, x)
                        changed = True
                    elif inner.opcode != "trunc":
                        op.opcode = inner.opcode
                        op.operands = [x]
                        uses.add_use(op, x)
                        changed = True
                        break
        return changed

    @staticmethod
    def _narrow_multiplies(fn: Function) -> bool:
        changed = False
        for b in fn.blocks:
            k = 0
            while k < len(b.ops):
                op = b.ops[k]
                k += 1
                if op.opcode != "mul":
                    continue
                widths = []
                for v in op.operands:
                    if isinstance(v, Op) and v.opcode == "zext":
                        widths.append(v.operands[0].width)
                    elif isinstance(v, Const):
                        widths.append(max(1, v.value.bit_length()))
                    else:
                        widths.append(None)
                if None in widths or sum(widths) >= op.width:
                    continue
                w = sum(widths)
                narrow_ops = []
                for v, vw in zip(op.operands, widths):
                    if isinstance(v, Const):
                        narrow_ops.append(Const(w, v.value))
                        continue
                    inner = v.operands[0]
                    if inner.width == w:
                        narrow_ops.append(inner)
                    else:
                        ext = fn.new_op("zext", w, [inner], {}, op.line, op.col)
                        ext.block = b
                        b.ops.insert(b.ops.index(op), ext)
                        narrow_ops.append(ext)
                mul = fn.new_op("mul", w, narrow_ops, dict(op.attrs), op.line, op.col)
                mul.block = b
                b.ops.insert(b.ops.index(op), mul)
                op.opcode, op.operands, op.attrs = "zext", [mul], {}
                k = b.ops.index(op) + 1
                changed = True
        return changed
