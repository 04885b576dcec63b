"""Boolean narrowing: logic on zero-extended 1-bit values is computed in 1 bit.

C promotes `bool` operands of `|`, `&`, `^` and `?:` to int, and clang keeps that width when the
result is only compared against zero: `s_msg | (s_ad | (s_idle & !k))` becomes
`icmp ne (or (zext a), (or (zext b), (select ...))), 0` in 32 bits. Synthesis trims the zero bits,
but the scheduler's delay model charges the 32-bit compare three LUT levels (a handshake path of
designs/tiaoxin346/hls: the loop two states at 25 ns instead of one). Rules, each exact:

- a *bit* is `zext v` with v of 1 bit, or with every bit of v above bit 0 known zero (``trunc v`` to
  1 bit then holds its value), or the constant 0 or 1: a value that is 0 or 1;
- `and/or/xor X, Y` of bits is `zext (and/or/xor x, y)`: the bits above 0 are `0 op 0 = 0` (an `and`
  with any constant C is one too: `X & C` has only bit 0 left, `x & C[0]`);
- `select c, X, Y` of bits is `zext (select c, x, y)`;
- `icmp eq/ne X, 0/1` of a bit X is x or `x ^ 1` (X is 0 or 1, so X != 0 and X == 1 are x).

Wider leaves and compares of other words are left alone (the delay model's own rule for field
tests, schedule/delay.py ``_tested_bits``, covers those it can)."""

from __future__ import annotations

from cryptohls.ir.known_bits import known_bits
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass

LOGIC = ("and", "or", "xor")


class NarrowBools(Pass):
    name = "narrow-bools"

    def _run(self, fn: Function) -> bool:
        self._fn, self._known = fn, None   # known bits, computed at the first zext of a wider value
        self._uses = fn.use_index()
        changed = False
        for b in fn.blocks:
            for op in list(b.ops):   # ops are inserted before the one rewritten; users follow in order
                if op.width > 1 and op.opcode in LOGIC:
                    changed |= self._narrow_logic(fn, b, op)
                elif op.width > 1 and op.opcode == "select":
                    changed |= self._narrow_select(fn, b, op)
                elif op.opcode == "icmp" and op.attrs.get("pred") in ("eq", "ne"):
                    changed |= self._narrow_compare(fn, b, op)
        return changed

    def _is_bit(self, v: Operand) -> bool:
        """v is 0 or 1: a constant, a zero-extension of one bit, or a value whose bits above bit 0 are
        known zero (``ir/known_bits.py``: `x & 1`, `(st & 8) >> 3`, a select of such)."""
        if isinstance(v, Const):
            return v.value in (0, 1)
        if v.width == 1 or (v.opcode == "zext" and v.operands[0].width == 1):
            return True
        if self._known is None:   # of the values before the pass: the rewrites keep every value
            self._known = known_bits(self._fn)
        mask, values = self._known.get(v.id, (0, 0))
        high = ((1 << v.width) - 1) & ~1
        return mask & high == high and values & high == 0

    def _bit(self, fn: Function, b: Block, before: Op, v: Operand) -> Operand:
        """The 1-bit value of a bit (``_is_bit``), truncated before ``before`` where it has to be."""
        if isinstance(v, Const):
            return Const(1, v.value & 1)
        if v.width == 1:
            return v
        if v.opcode == "zext":   # its operand's bits above 0 are the known zeros
            return self._bit(fn, b, before, v.operands[0])
        return self._insert(fn, b, before, "trunc", [v], {})

    def _insert(self, fn: Function, b: Block, before: Op, opcode: str, operands: list[Operand], attrs: dict) -> Op:
        new = fn.new_op(opcode, 1, operands, attrs, before.line, before.col)
        new.block = b
        b.ops.insert(b.ops.index(before), new)
        for v in operands:
            self._uses.add_use(new, v)
        return new

    def _to_zext_of(self, op: Op, narrow: Op) -> None:
        """``op`` (kept, with its id and users) becomes the zero-extension of its 1-bit form."""
        op.opcode, op.operands, op.attrs = "zext", [narrow], {}
        self._uses.add_use(op, narrow)

    def _narrow_logic(self, fn: Function, b: Block, op: Op) -> bool:
        x, y = op.operands
        if not self._is_bit(x):
            return False
        if not (self._is_bit(y) or (op.opcode == "and" and isinstance(y, Const))):
            return False
        if isinstance(x, Const) and isinstance(y, Const):
            return False   # const-fold's
        narrow = self._insert(fn, b, op, op.opcode, [self._bit(fn, b, op, x), self._bit(fn, b, op, y)], dict(op.attrs))
        self._to_zext_of(op, narrow)
        return True

    def _narrow_select(self, fn: Function, b: Block, op: Op) -> bool:
        cond, x, y = op.operands
        if not (self._is_bit(x) and self._is_bit(y)) or (isinstance(x, Const) and isinstance(y, Const)):
            return False
        narrow = self._insert(fn, b, op, "select", [cond, self._bit(fn, b, op, x), self._bit(fn, b, op, y)],
                              dict(op.attrs))
        self._to_zext_of(op, narrow)
        return True

    def _narrow_compare(self, fn: Function, b: Block, op: Op) -> bool:
        x, c = op.operands
        if not isinstance(c, Const) or c.value not in (0, 1) or isinstance(x, Const) or x.width == 1 or \
                not self._is_bit(x):
            return False
        bit = self._bit(fn, b, op, x)
        if (op.attrs["pred"] == "ne") == (c.value == 0):   # X != 0, X == 1: the bit itself
            self._uses.replace(op, bit)
        else:                                                # X == 0, X != 1: its complement
            op.opcode, op.operands = "xor", [bit, Const(1, 1)]
            op.attrs = {k: v for k, v in op.attrs.items() if k == "name"}
            self._uses.add_use(op, bit)
        return True
