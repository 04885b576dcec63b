"""Array partition: ``ARRAY_PARTITION type=cyclic|block factor=F`` splits one memory into F banks.

The frontend marks the memory (``attrs["partition"]``: type, factor and the directive's location);
this pass carries it out on the IR, for RAMs and ROMs alike (member arrays, globals, locals):

* cyclic: element i lives in bank ``i mod F`` at address ``i div F`` (every bank ``ceil(N/F)`` deep);
* block: element i lives in bank ``i div B`` at address ``i mod B``, with ``B = ceil(N/F)`` (the last
  bank holds what is left; banks that would hold nothing are not made).

Each bank keeps the memory's kind and attributes (ports, impl: a ``ram_1p`` array gives one-port
banks) and its part of the initial values, and is named ``<memory>_<bank>`` as Vitis names them.

An access whose bank is known at compile time goes to that bank alone: the address is a constant, or
its bits that choose the bank are known (``known_bits``: the low log2(F) bits of a cyclic partition
with F a power of two, e.g. ``16 * round + 2 * k + 1`` in a loop unrolled by 2; the high bits of a
block partition with B a power of two; for a block partition also an address range inside one bank).
Otherwise the bank is chosen at run time, as ``frontend/import_steer.py`` does for steered pointers:
a load reads every bank, each read enabled (the access's guard) only when the address is in that
bank, and a multiplexer picks the value; a store goes to every bank with the same guard, so only the
bank the address names is written. An access that already has a guard keeps it (and-ed in).
"""

from __future__ import annotations

from cryptohls.errors import UserError
from cryptohls.ir.known_bits import Bits, known_bits
from cryptohls.ir.nodes import Block, Const, Function, Memory, Op, Operand
from cryptohls.passes.base import Pass

class ArrayPartition(Pass):
    name = "array-partition"

    def _run(self, fn: Function) -> bool:
        marked = [m for m in fn.memories if "partition" in m.attrs]
        if not marked:
            return False
        known = known_bits(fn)
        for m in marked:
            part = m.attrs.pop("partition")
            factor = int(part["factor"])
            if m.kind not in ("ram", "rom") or factor < 2 or "pool" in m.attrs:
                _check(m, part, factor)
                continue
            _split(fn, m, part["type"], factor, known)
        return True


def _check(m: Memory, part: dict, factor: int) -> None:
    """A partition that is not carried out: nothing to do (factor 1, registers), or a located error."""
    if factor < 2 or m.kind == "regs":
        return
    where = {"file": part.get("file"), "line": part.get("line"), "col": part.get("col")}
    if "pool" in m.attrs:
        raise UserError(f"ARRAY_PARTITION type={part['type']} of '{m.name}': the array shares one memory with "
                        f"{', '.join(a for a in m.attrs['pool'] if a != m.name) or 'other arrays'} (a pointer may "
                        "point into either), which is not partitioned", **where,
                        hint="give the array a pointer of its own, or use type=complete")
    raise UserError(f"ARRAY_PARTITION type={part['type']} of '{m.name}' ({m.kind}) is not supported", **where,
                    hint="use type=complete")


def bank_of(kind: str, factor: int, depth: int, index: int) -> tuple[int, int]:
    """(bank, address in the bank) of element ``index``."""
    per = -(-depth // factor)
    return (index % factor, index // factor) if kind == "cyclic" else (index // per, index % per)


def _split(fn: Function, m: Memory, kind: str, factor: int, known: dict[int, Bits]) -> None:
    depth = m.depth
    factor = min(factor, depth)
    per = -(-depth // factor)
    count = factor if kind == "cyclic" else -(-depth // per)
    sizes = [len(range(b, depth, factor)) for b in range(count)] if kind == "cyclic" else \
        [min(per, depth - b * per) for b in range(count)]
    taken = {x.name for x in fn.memories}
    banks: list[Memory] = []
    for b in range(count):
        name, n = f"{m.name}_{b}", 0
        while name in taken:
            n += 1
            name = f"{m.name}_{b}_{n}"
        taken.add(name)
        init = None
        if m.init is not None:
            init = [m.init[i] for i in range(depth) if bank_of(kind, factor, depth, i)[0] == b]
        banks.append(Memory(name, m.kind, m.width, sizes[b], {**m.attrs, "partition_of": m.name}, init))
    at = fn.memories.index(m)
    fn.memories[at:at + 1] = banks
    for block in fn.blocks:
        for op in list(block.ops):
            if op.opcode in ("load", "store") and op.attrs.get("mem") == m.name:
                _rewrite(fn, block, op, banks, kind, factor, depth, known)


def _rewrite(fn: Function, block: Block, op: Op, banks: list[Memory], kind: str, factor: int, depth: int,
             known: dict[int, Bits]) -> None:
    addr = op.operands[0]
    plain = 1 if op.opcode == "load" else 2
    guard = op.operands[plain] if len(op.operands) > plain else None
    new: list[Op] = []

    def emit(opcode: str, width: int, operands: list[Operand], attrs: dict | None = None) -> Op:
        o = fn.new_op(opcode, width, operands, attrs, op.line, op.col)
        o.call_line = op.call_line
        new.append(o)
        return o

    fixed = constant_bank(addr, known, kind, factor, depth)
    if fixed is not None:
        bank = banks[fixed]
        op.attrs["mem"] = bank.name
        op.operands[0] = _bank_address(emit, addr, kind, factor, depth, fixed, bank)
        _insert_before(block, op, new)
        return
    value: Operand | None = None
    accesses: list[Op] = []
    for b, bank in enumerate(banks):
        hit = _in_bank(emit, addr, kind, factor, depth, b)
        if guard is not None:
            hit = emit("and", 1, [hit, guard])
        index = _bank_address(emit, addr, kind, factor, depth, b, bank)
        access = emit(op.opcode, op.width, [index, *op.operands[1:plain], hit], {**op.attrs, "mem": bank.name})
        accesses.append(access)
        if op.opcode == "load":
            value = access if value is None else emit("select", op.width, [hit, access, value])
    _insert_before(block, op, new)
    block.ops.remove(op)
    if op.opcode == "load":
        fn.replace_all_uses(op, value)


def _insert_before(block: Block, op: Op, new: list[Op]) -> None:
    at = block.ops.index(op)
    for o in new:
        o.block = block
    block.ops[at:at] = new


def _fit(emit, v: Operand, width: int) -> Operand:
    """``v`` as ``width`` bits (truncated or zero-extended)."""
    if isinstance(v, Const):
        return Const(width, v.value)
    if v.width == width:
        return v
    return emit("trunc" if v.width > width else "zext", width, [v])


def _pow2(n: int) -> int | None:
    return n.bit_length() - 1 if n > 0 and n & (n - 1) == 0 else None


def _bank_address(emit, addr: Operand, kind: str, factor: int, depth: int, b: int, bank: Memory) -> Operand:
    aw = bank.addr_width
    if isinstance(addr, Const):
        return Const(aw, bank_of(kind, factor, depth, addr.value)[1])
    per = -(-depth // factor)
    if kind == "cyclic":
        k = _pow2(factor)
        if k is not None:
            if addr.width <= k:
                return Const(aw, 0)
            return _fit(emit, emit("slice", addr.width - k, [addr], {"lo": k}), aw)
        return _fit(emit, emit("udiv", addr.width, [addr, Const(addr.width, factor)]), aw)
    if _pow2(per) is not None or b == 0:   # the low bits, or the address itself in bank 0
        return _fit(emit, addr, aw)
    return _fit(emit, emit("sub", addr.width, [addr, Const(addr.width, b * per)]), aw)


def _in_bank(emit, addr: Operand, kind: str, factor: int, depth: int, b: int) -> Operand:
    """An i1 that is 1 when ``addr`` is in bank ``b``."""
    w = addr.width
    if kind == "cyclic":
        k = _pow2(factor)
        low = _fit(emit, addr, k) if k is not None else emit("urem", w, [addr, Const(w, factor)])
        return emit("icmp", 1, [low, Const(low.width, b)], {"pred": "eq"})
    per = -(-depth // factor)
    lo, hi = b * per, (b + 1) * per
    conds = []
    if lo > 0:
        conds.append(emit("icmp", 1, [addr, Const(w, lo)], {"pred": "uge"}))
    if hi < (1 << w) and hi < depth:
        conds.append(emit("icmp", 1, [addr, Const(w, hi)], {"pred": "ult"}))
    if not conds:
        return Const(1, 1)
    return conds[0] if len(conds) == 1 else emit("and", 1, conds)


def constant_bank(addr: Operand, known: dict[int, Bits], kind: str, factor: int, depth: int) -> int | None:
    """The bank of an access when the known bits of its address decide it, else None."""
    if isinstance(addr, Const):
        return bank_of(kind, factor, depth, addr.value)[0]
    mask, value = known.get(addr.id, (0, 0))
    full = (1 << addr.width) - 1
    if mask & full == full:
        return bank_of(kind, factor, depth, value & full)[0]
    if kind == "cyclic":
        k = _pow2(factor)
        if k is not None and mask & ((1 << k) - 1) == (1 << k) - 1:
            return value & ((1 << k) - 1)
        return None
    per = -(-depth // factor)
    low, high = value & mask & full, (value & mask | ~mask) & full   # the address's range from its bits
    high = min(high, depth - 1)
    if low // per == high // per:
        return low // per
    return None
