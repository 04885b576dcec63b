"""Known bits of IR values (as LLVM's computeKnownBits): which bits of a value are fixed at compile time.

Used by passes/array_partition.py (an access whose bank the address's known bits decide goes to that
bank alone) and by the scheduler's memory order (schedule/sdc.py: two accesses whose addresses differ
in a known bit never touch the same element, e.g. ``state[i]`` and ``state[i + 1]`` of a loop
unrolled by 2, where ``i`` steps by 2 from 0).
"""

from __future__ import annotations

from cryptohls.ir.nodes import Const, Function, Op, Operand

Bits = tuple[int, int]   # (mask of the known bits, their values)

_CACHE: dict[int, tuple[Function, int, dict[int, Bits]]] = {}


def cached_known_bits(fn: Function) -> dict[int, Bits]:
    """``known_bits(fn)``, computed once while the function does not change (the scheduler asks per block)."""
    stamp = hash(tuple((op.id, op.opcode, tuple(v.id if isinstance(v, Op) else (v.width, v.value)
                                                for v in op.operands)) for op in fn.all_ops()))
    hit = _CACHE.get(id(fn))
    if hit is not None and hit[0] is fn and hit[1] == stamp:
        return hit[2]
    result = known_bits(fn)
    _CACHE.clear()
    _CACHE[id(fn)] = (fn, stamp, result)
    return result


def differ(a: Operand, b: Operand, known: dict[int, Bits]) -> bool:
    """Whether two values of one width are surely different: some bit is known in both and differs."""
    ma, va = ((1 << a.width) - 1, a.value) if isinstance(a, Const) else known.get(a.id, (0, 0))
    mb, vb = ((1 << b.width) - 1, b.value) if isinstance(b, Const) else known.get(b.id, (0, 0))
    return bool(ma & mb & (va ^ vb))


def known_bits(fn: Function) -> dict[int, Bits]:
    """Per op id, the bits of its value known at compile time: (mask, values), as LLVM's
    computeKnownBits, on adds/shifts/logic/casts/selects and phis (loop counters: iterated from the
    optimistic "unknown yet" until nothing changes, so ``i = 0, 2, 4, …`` has bit 0 known 0)."""
    state: dict[int, Bits | None] = {op.id: None for op in fn.all_ops()}
    # An op whose operands have not changed since it was last looked at would get the same bits again,
    # which changes nothing (its state is those bits, or their meet with what it had, and the meet of
    # that with them is itself): it is skipped. The rounds, their order and the result are those of
    # looking at every op each round, in a third of the CPU (a Csmith program takes 4 rounds).
    ops = [(op, [v.id for v in op.operands if isinstance(v, Op)]) for op in fn.all_ops() if op.width != 0]
    changes = 0                            # state changes so far
    changed_at: dict[int, int] = {}        # op id -> the count of changes after its last change
    looked_at: dict[int, int] = {}         # op id -> the count of changes when it was last looked at
    changed = True
    rounds = 0
    while changed and rounds < 64:
        changed, rounds = False, rounds + 1
        for op, sources in ops:
            last = looked_at.get(op.id)
            if last is not None:
                for source in sources:
                    if changed_at.get(source, 0) > last:
                        break
                else:
                    continue
            looked_at[op.id] = changes
            new = _transfer(op, state)
            if new is not None:
                full = (1 << op.width) - 1
                new = (new[0] & full, new[1] & new[0] & full)
            if new != state[op.id]:
                old = state[op.id]
                if old is not None and new is not None:   # only ever lose knowledge (a lattice)
                    new = _meet(old, new)
                    if new == old:
                        continue
                state[op.id] = new
                changes += 1
                changed_at[op.id] = changes
                changed = True
    return {k: v for k, v in state.items() if v is not None}


def _meet(a: Bits, b: Bits) -> Bits:
    mask = a[0] & b[0] & ~(a[1] ^ b[1])
    return mask, a[1] & mask


def _get(v: Operand, state) -> Bits | None:
    if isinstance(v, Const):
        return ((1 << v.width) - 1, v.value)
    return state.get(v.id)


def _low_run(mask: int) -> int:
    """How many low bits are known in a row."""
    n = 0
    while mask >> n & 1:
        n += 1
    return n


def _transfer(op: Op, state) -> Bits | None:
    oc = op.opcode
    w = op.width
    full = (1 << w) - 1
    if oc == "phi":
        vals = [_get(v, state) for v in op.operands]
        vals = [v for v in vals if v is not None]
        if not vals:
            return None
        out = vals[0]
        for v in vals[1:]:
            out = _meet(out, v)
        return out
    if oc not in ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "zext", "sext", "trunc", "slice",
                  "concat", "select"):
        return (0, 0)
    ins = [_get(v, state) for v in op.operands]
    if any(x is None for x in ins):
        return None
    if oc == "select":
        return _meet(ins[1], ins[2])
    if oc in ("add", "sub", "mul"):
        (ma, va), (mb, vb) = ins
        n = min(_low_run(ma), _low_run(mb), w)
        r = (va + vb if oc == "add" else va - vb if oc == "sub" else va * vb) & ((1 << n) - 1)
        mask = (1 << n) - 1
        if oc == "mul":   # trailing zeros add up
            za = _low_run(ma & ~va)
            zb = _low_run(mb & ~vb)
            z = min(za + zb, w)
            if z > n:
                mask, r = (1 << z) - 1, 0
        return mask, r
    if oc == "and":
        (ma, va), (mb, vb) = ins
        zeros = (ma & ~va) | (mb & ~vb)
        ones = ma & va & mb & vb
        return zeros | ones, ones
    if oc == "or":
        (ma, va), (mb, vb) = ins
        ones = (ma & va) | (mb & vb)
        zeros = ma & ~va & mb & ~vb
        return zeros | ones, ones
    if oc == "xor":
        (ma, va), (mb, vb) = ins
        return ma & mb, (va ^ vb) & ma & mb
    if oc in ("shl", "lshr"):
        (ma, va), (mb, vb) = ins
        if mb != (1 << op.operands[1].width) - 1:   # a shift by an amount not known
            return (0, 0)
        s = vb
        if s >= w:
            return full, 0
        if oc == "shl":
            return ((ma << s) | ((1 << s) - 1)) & full, (va << s) & full
        return (ma >> s) | (full & ~(full >> s)), va >> s
    if oc == "zext":
        (ma, va), = ins
        iw = op.operands[0].width
        return ma | (full & ~((1 << iw) - 1)), va
    if oc == "sext":
        (ma, va), = ins
        iw = op.operands[0].width
        top = 1 << (iw - 1)
        if ma & top:
            ext = full & ~((1 << iw) - 1)
            return ma | ext, va | (ext if va & top else 0)
        return ma, va
    if oc == "trunc":
        (ma, va), = ins
        return ma & full, va & full
    if oc == "slice":
        (ma, va), = ins
        lo = op.attrs["lo"]
        return (ma >> lo) & full, (va >> lo) & full
    if oc == "concat":
        mask = value = 0
        for v, (m, x) in zip(op.operands, ins):
            mask = (mask << v.width) | m
            value = (value << v.width) | x
        return mask, value
    return (0, 0)
