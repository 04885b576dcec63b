"""A stream check and the first transfer it lets happen by being false share a state.

`bool k = !key.empty(); if (k) key.read(); if (!k) data.read();` picks a stream by a check
(can_transfer: empty()/full()). A check that finds a word stays true until this design takes it (only
this design reads the input), so a transfer guarded by it may come states later. A check that finds
nothing is only a snapshot: the word may arrive a cycle later. Scheduled in an earlier state than the
data read it decides, the check is registered, and the state then waits for `data` whatever arrives on
`key` meanwhile: a design that alternates key-only and data-only phases (the LWC cores between
messages) waits forever, at some clock periods and not others (29 Nov 2026, tiaoxin346's core at
25 ns). In the transfer's own state the check is read again in every cycle the state waits, so the
pick is made in the cycle it fires: one valid C execution, the same at every clock.

``same_state_pairs`` finds, per check, the first transfer of another stream whose predicate depends on
the check and can hold while it is false; sdc.py keeps the two in one cycle (s_check >= s_transfer, the
transfer being after its predicate and so after the check). Limits: an access behind a branch on the
check (not if-converted: ap_fifo/axis streams) is in a later block and keeps its registered check.
"""

from __future__ import annotations

from cryptohls.ir.nodes import Block, Const, Function, Op, Operand

# deeper predicates than this are not looked into for an implication (then: "not implied")
MAX_DEPTH = 64


def stream_predicate(op: Op) -> Operand | None:
    """The i1 predicate of a predicated stream access (passes/if_convert.py), None if unconditional."""
    own = 2 if op.opcode == "store" else 1   # address, value
    return op.operands[own] if len(op.operands) > own else None


def same_state_pairs(fn: Function, b: Block) -> list[tuple[int, int]]:
    """(position of a check, position of the first later transfer of another stream that it decides
    by being false) in block ``b``."""
    pairs = []
    for c, check in enumerate(b.ops):
        if check.opcode != "can_transfer":
            continue
        for k in range(c + 1, len(b.ops)):
            op = b.ops[k]
            if op.opcode not in ("load", "store") or op.attrs["mem"] == check.attrs["mem"] or \
                    fn.memory(op.attrs["mem"]).kind != "stream":
                continue
            pred = stream_predicate(op)
            if isinstance(pred, Op) and _reaches(pred, check, b) and not _implies(pred, check, 0, {}):
                pairs.append((c, k))
                break
    return pairs


def _reaches(v: Op, check: Op, b: Block) -> bool:
    """``check`` is in the combinational cone of ``v`` within ``b`` (phis end the walk)."""
    seen: set[int] = set()
    todo = [v]
    while todo:
        x = todo.pop()
        if x is check:
            return True
        if x.id in seen or x.block is not b or x.opcode == "phi":
            continue
        seen.add(x.id)
        todo.extend(x.op_operands())
    return False


def _implies(v: Operand, check: Op, depth: int, memo: dict[int, bool]) -> bool:
    """The i1 ``v`` can be true only while ``check`` is (and/or/select of it; the constant false)."""
    if isinstance(v, Const):
        return v.value == 0
    if v is check:
        return True
    if v.width != 1 or depth > MAX_DEPTH:
        return False
    if v.id not in memo:
        memo[v.id] = False   # (a cycle through phis is not a proof)
        a = v.operands
        if v.opcode == "and":
            memo[v.id] = _implies(a[0], check, depth + 1, memo) or _implies(a[1], check, depth + 1, memo)
        elif v.opcode == "or":
            memo[v.id] = _implies(a[0], check, depth + 1, memo) and _implies(a[1], check, depth + 1, memo)
        elif v.opcode == "select":   # c ? t : f  =  (c & t) | (!c & f)
            memo[v.id] = (_implies(a[0], check, depth + 1, memo) or _implies(a[1], check, depth + 1, memo)) \
                and _implies(a[2], check, depth + 1, memo)
    return memo[v.id]
