"""Counter predicates in flip-flops: ``icmp r, C`` on a loop counter's phi register is read from a
1-bit register loaded with the same compare of the counter's next value (``r_d``), every cycle the
counter register is. The invariant ``pred_q == (r_q CMP C)`` holds in every cycle, so nothing else
changes: the FSM and the datapath selects (``r == 9``: the AES last round; ``r < 9``: continue)
read a flip-flop instead of a comparator, as an RTL designer keeps a ``last_round`` flag.

Why it matters on FPGAs: Yosys moves a state register that addresses S-box ROMs past the ROMs
(memory_dff), which puts every select that feeds the state register in series with the S-boxes; a
comparator on the counter then adds its levels to the round's critical path (the CTR core: 12.75
→ 9.5 LUT levels under the default ecp5 mapping).

Counters only: a phi whose incoming values are constants, itself, or itself plus or minus a
constant, at most 16 bits wide. Their next value is a short add and a load select, so the compare
moved there stays off the critical path; a data phi's next value can be deep logic."""

from __future__ import annotations

from cryptohls.codegen import vast as V
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.nodes import Const, Op


MAX_COUNTER_BITS = 16
SYMBOLS = {"eq": "==", "ne": "!=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">=", "slt": "<",
           "sle": "<=", "sgt": ">", "sge": ">="}


def compare(pred: str, a: V.Expr, b: V.Expr) -> V.Expr:
    """Verilog for ``icmp pred a, b``."""
    if pred.startswith("s"):
        return V.Bin(SYMBOLS[pred], V.Signed(a), V.Signed(b))
    return V.Bin(SYMBOLS[pred], a, b)


def _is_counter(rtl: ModuleBuilder, phi: Op) -> bool:
    if phi.width > MAX_COUNTER_BITS or phi.block.name in rtl.pipes:
        return False
    if sum(1 for r in rtl.reg.values() if r == rtl.reg[phi.id]) > 1:
        return False   # a register shared with other phis or values (phi webs): loaded from elsewhere too
    for v in phi.operands:
        if isinstance(v, Const) or v is phi:
            continue
        if not (isinstance(v, Op) and v.opcode in ("add", "sub") and v.operands[0] is phi and
                isinstance(v.operands[1], Const)):
            return False
    return True


def precomputed(rtl: ModuleBuilder, op: Op) -> V.Expr | None:
    """The predicate register for compare ``op`` (created on first use), or None when ``op`` is not
    a compare of a counter's phi with a constant."""
    if op.opcode != "icmp" or len(op.operands) != 2:
        return None
    phi, bound = op.operands
    if not (isinstance(phi, Op) and phi.opcode == "phi" and isinstance(bound, Const) and _is_counter(rtl, phi)):
        return None
    known = rtl.caches.predicates
    key = (phi.id, op.attrs["pred"], bound.value)
    if key not in known:
        counter = rtl.reg[phi.id].removesuffix("_q")
        r = rtl.block.register(f"{counter}_{op.attrs['pred']}{bound.value}", 1,
                               f"{counter} {SYMBOLS[op.attrs['pred']]} {bound.value}, precomputed from {counter}'s next value",
                               reset=None)
        rtl.block.assign(r.d, compare(op.attrs["pred"], V.Ref(rtl.phi_d[phi.id]), V.Lit(bound.width, bound.value)))
        known[key] = r.q
    return V.Ref(known[key])
