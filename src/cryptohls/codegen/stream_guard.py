"""Whether a predicated stream access is guarded by its own stream's check.

`if (!s.empty()) x = s.read();` and `if (!s.full()) s.write(x);` (also `read_nb()` / `write_nb()`,
which hls_stream.h writes that way) predicate the access on the stream's ``can_transfer`` op. Such an
access happens only when its partner is ready, so its wait term in the state's stall condition,
``!pred || can``, is always true. Left in, it puts the partner's handshake input (valid, ready) into
the condition that enables every register of the state, a long path from the handshake into the
datapath that the hand-written RTL does not have (docs/compiler.md, "Streams").
"""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Op, Operand
from cryptohls.schedule.schedule import Schedule

# deeper predicates than this are not looked into (the answer is then "not guarded": the term stays)
MAX_DEPTH = 64


def guarded(sched: Schedule, access: Op, pred: Operand) -> bool:
    """True if the i1 ``pred`` can be true only when a ``can_transfer`` of the access's stream, computed
    in the access's own state, is true (and/or/select of such checks; the constant false)."""
    state = (access.block, sched.cycle.get(access.id))
    mem = access.attrs["mem"]
    memo: dict[int, bool] = {}

    def is_check(v: Op) -> bool:
        return v.opcode == "can_transfer" and v.attrs.get("mem") == mem and \
            (v.block, sched.cycle.get(v.id)) == state

    def implies(v: Operand, depth: int) -> bool:
        if isinstance(v, Const):
            return v.value == 0            # false implies everything; true implies nothing
        if v.width != 1 or depth > MAX_DEPTH:
            return False
        if v.id in memo:
            return memo[v.id]
        memo[v.id] = False                 # (a cycle through phis is not a proof)
        a = v.operands
        if is_check(v):
            result = True
        elif v.opcode == "and":
            result = implies(a[0], depth + 1) or implies(a[1], depth + 1)
        elif v.opcode == "or":
            result = implies(a[0], depth + 1) and implies(a[1], depth + 1)
        elif v.opcode == "select":         # c ? t : f  =  (c & t) | (!c & f)
            result = (implies(a[0], depth + 1) or implies(a[1], depth + 1)) and implies(a[2], depth + 1)
        else:
            result = False
        memo[v.id] = result
        return result

    return implies(pred, 0)
