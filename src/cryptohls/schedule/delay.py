"""Operator delay models per target (nanoseconds), used for chaining under the clock period.

ECP5 numbers: a LUT4 plus local routing ≈ 0.7 ns; carry chains ≈ 0.06 ns/bit after a 0.8 ns entry;
multipliers are built from LUTs (DSPs off, as in the case studies). Estimates, not sign-off timing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cryptohls.ir.nodes import Const, Function, Op


@dataclass(frozen=True)
class DelayModel:
    target: str
    lut_ns: float
    carry_entry_ns: float
    carry_bit_ns: float
    register_overhead_ns: float   # clock-to-out + setup of the flip-flops around a cycle

    def op_delay_ns(self, fn: Function, op: Op) -> float:
        oc = op.opcode
        w = max((v.width for v in op.operands), default=op.width) or 1
        L = self.lut_ns
        if oc in ("and", "or", "xor", "select"):
            return L
        if oc in ("add", "sub"):
            return self.carry_entry_ns + self.carry_bit_ns * w
        if oc == "icmp":
            c = op.operands[1]
            if isinstance(c, Const) and ((op.attrs["pred"] in ("slt", "sge") and c.value == 0) or
                                         (op.attrs["pred"] in ("sgt", "sle") and c.value == (1 << c.width) - 1)):
                return 0.0   # a sign test is the top bit: a wire
            if op.attrs["pred"] in ("eq", "ne"):
                return L * max(1, math.ceil(math.log(max(w, 2), 4)) + 1) if w > 2 else L
            return self.carry_entry_ns + self.carry_bit_ns * w
        if oc in ("shl", "lshr", "ashr"):
            if isinstance(op.operands[1], Const):
                return 0.0
            return L * max(1, math.ceil(math.log2(max(w, 2)) / 2))
        if oc == "mul":
            return 1.0 + 0.25 * w if w > 4 else 2 * L
        if oc in ("udiv", "sdiv", "urem", "srem"):
            return w * (self.carry_entry_ns + self.carry_bit_ns * w)
        if oc == "load":
            m = fn.memory(op.attrs["mem"])
            if m.attrs.get("latency", 1) == 0:
                return 0.5 + 0.45 * math.log2(max(m.depth, 2)) if m.kind == "rom" else \
                    L * max(1, math.ceil(math.log2(max(m.depth, 2)) / 2))
            return 0.0
        if oc == "br":
            return 0.3 if op.operands else 0.0
        return 0.0   # casts, slices, concat, params, phis, stores, outs: wiring

    def budget_ns(self, clock_ns: float) -> float:
        return max(0.1, clock_ns - self.register_overhead_ns)


MODELS = {
    "ecp5": DelayModel("ecp5", lut_ns=0.7, carry_entry_ns=0.8, carry_bit_ns=0.06, register_overhead_ns=0.6),
    "ice40": DelayModel("ice40", lut_ns=1.1, carry_entry_ns=1.0, carry_bit_ns=0.12, register_overhead_ns=0.9),
    "gowin": DelayModel("gowin", lut_ns=0.8, carry_entry_ns=0.9, carry_bit_ns=0.07, register_overhead_ns=0.6),
    "xc7": DelayModel("xc7", lut_ns=0.45, carry_entry_ns=0.5, carry_bit_ns=0.03, register_overhead_ns=0.4),
}


def delay_model(target: str) -> DelayModel:
    from cryptohls.errors import UserError
    if target not in MODELS:
        raise UserError(f"unknown target '{target}'", hint="targets: " + ", ".join(sorted(MODELS)))
    return MODELS[target]
