"""A loop-carried copy of a register memory becomes a read of that memory.

opt promotes a ``static`` read and written every iteration (``k_now = k; ...; k = f(k_now);``) into a
loop-carried phi: the value read before the loop, and each iteration's stored value on the back edge,
while the store stays (the static must hold the value for the next call). The static is a register
memory (``regs``, read in no time), so the phi was a second register holding what the memory already
holds: Ketje's 128-bit key, 128 FF and the phi's multiplexer (designs/ketjesrv1/hls).

A header phi is replaced by a read of memory M at the top of the header (the memory's register as a
wire) when
* on the way in, its value is bits [lo, lo + w) of a read of M[c] in the block that enters the loop,
  with no store to M after that read in that block;
* on the back edge, it is the same bits of the value the latch's last store to M wrote, unguarded, at
  M[c] (bits_of follows the zext / shl / lshr / and / or / trunc / slice a partial store is made of),
  or the same bits of M[c] read again after that store (opt does not forward a store past a stream
  write, which may alias: JAMBU-AES's key with msg_auth written in the loop; the read after the store
  also cost the loop a second state), or a select between such values (an if-converted join).
The memory then holds the phi's value at every entry to the header. Loops to be pipelined are left
alone (a modulo schedule would overlap the read with the previous iteration's store).
"""

from __future__ import annotations

from cryptohls.ir.analysis import loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass


def bits_of(v: Operand, lo: int, width: int) -> Operand | None:
    """A value equal to bits [lo, lo + width) of ``v``, found by following how ``v`` is built from its
    operands; None when that takes more than the shifts and masks below."""
    if lo == 0 and v.width == width:
        return v
    if lo + width > v.width:
        return None
    if isinstance(v, Const):
        return Const(width, v.value >> lo)
    if not isinstance(v, Op):
        return None
    a = v.operands[0] if v.operands else None
    if v.opcode in ("trunc", "zext"):
        if lo + width <= a.width:
            return bits_of(a, lo, width)
        return Const(width, 0) if v.opcode == "zext" and lo >= a.width else None
    if v.opcode == "slice":
        return bits_of(a, lo + int(v.attrs.get("lo", 0)), width)
    if v.opcode in ("shl", "lshr") and isinstance(v.operands[1], Const):
        shift = v.operands[1].value
        if v.opcode == "lshr":
            return bits_of(a, lo + shift, width) if lo + shift + width <= a.width else None
        if lo + width <= shift:
            return Const(width, 0)
        return bits_of(a, lo - shift, width) if lo >= shift else None
    if v.opcode == "and":
        mask, other = (v.operands[1], a) if isinstance(v.operands[1], Const) else (a, v.operands[1])
        if not isinstance(mask, Const):
            return None
        field = (mask.value >> lo) & ((1 << width) - 1)
        if field == 0:
            return Const(width, 0)
        return bits_of(other, lo, width) if field == (1 << width) - 1 else None
    if v.opcode == "or":
        parts = [bits_of(x, lo, width) for x in v.operands]
        zeros = [p for p in parts if isinstance(p, Const) and p.value == 0]
        if len(zeros) == 1:
            return next(p for p in parts if p is not zeros[0])
        return parts[0] if len(zeros) == 2 else None
    return None


def _extracted(v: Operand) -> tuple[Operand, int]:
    """(x, lo) with ``v`` bits [lo, lo + v.width) of x, through lshr by constants, trunc and slice."""
    lo = 0
    while isinstance(v, Op) and v.opcode in ("trunc", "lshr", "slice"):
        if v.opcode == "lshr":
            if not isinstance(v.operands[1], Const):
                break
            lo += v.operands[1].value
        elif v.opcode == "slice":
            lo += int(v.attrs.get("lo", 0))
        v = v.operands[0]
    return v, lo


def _read_bits(v: Operand) -> tuple[Op, int] | None:
    """(the read, lo) when ``v`` is bits [lo, lo + v.width) of a load."""
    x, lo = _extracted(v)
    return (x, lo) if isinstance(x, Op) and x.opcode == "load" else None


def _holds_stored_bits(v: Operand, store: Op, lo: int, width: int) -> bool:
    """``v`` is bits [lo, lo + width) of what ``store`` wrote: those bits of its value (taken from it,
    or the value they were put in from), the same bits of the memory read again after it in its block,
    or a select between such values."""
    x, at = _extracted(v)
    if bits_of(store.operands[1], lo, width) is v or (x is store.operands[1] and at == lo):
        return True
    if isinstance(v, Op) and v.opcode == "select":
        return all(_holds_stored_bits(x, store, lo, width) for x in v.operands[1:])
    reread = _read_bits(v)
    if reread is None or reread[1] != lo:
        return False
    load, b = reread[0], store.block
    return load.block is b and load.attrs["mem"] == store.attrs["mem"] and len(load.operands) == 1 and \
        _same_address(load.operands[0], store.operands[0]) and b.ops.index(load) > b.ops.index(store)


def _last_store(b: Block, mem: str) -> Op | None:
    stores = [op for op in b.ops if op.opcode == "store" and op.attrs["mem"] == mem]
    return stores[-1] if stores else None


def _same_address(a: Operand, b: Operand) -> bool:
    return isinstance(a, Const) and isinstance(b, Const) and a.value == b.value


class StaticPhis(Pass):
    name = "static-phis"

    def _run(self, fn: Function) -> bool:
        registers = {m.name for m in fn.memories if m.kind == "regs" and int(m.attrs.get("latency", 0)) == 0}
        if not registers:
            return False
        pipelined = set(fn.attrs.get("pipeline", {}))
        changed = False
        for lp in natural_loops(fn):
            if len(lp.latches) != 1:
                continue
            latch = fn.block(lp.latches[0])
            if loop_key(latch.terminator) in pipelined:
                continue
            header = fn.block(lp.header)
            reads: dict[tuple[str, int], Op] = {}   # one read of M[c] at the header's top per memory
            last: dict[tuple[str, int], Op] = {}    # the last op put after it (slices in phi order)
            for phi in list(header.phis()):
                value = self._memory_value(fn, phi, lp.blocks, latch, registers)
                if value is None:
                    continue
                load, lo = value
                key = (load.attrs["mem"], load.operands[0].value)
                if key not in reads:
                    reads[key] = fn.new_op("load", load.width, [load.operands[0]], {"mem": load.attrs["mem"]},
                                           phi.line, phi.col)
                    self._insert_after_phis(header, reads[key])
                    last[key] = reads[key]
                new: Op = reads[key]
                if lo or phi.width != new.width:
                    new = fn.new_op("slice", phi.width, [new], {"lo": lo, **({"name": phi.attrs["name"]}
                                                                          if "name" in phi.attrs else {})},
                                    phi.line, phi.col)
                    self._insert_after_phis(header, new, after=last[key])
                    last[key] = new
                fn.replace_all_uses(phi, new)
                header.ops.remove(phi)
                changed = True
        return changed

    @staticmethod
    def _memory_value(fn: Function, phi: Op, loop_blocks: set[str], latch: Block,
                      registers: set[str]) -> tuple[Op, int] | None:
        """(the read before the loop, lo) when the memory holds the phi's value at every entry to the
        header (see the module's docstring); else None."""
        incoming = dict(zip(phi.attrs["blocks"], phi.operands))
        outside = [name for name in incoming if name not in loop_blocks]
        if len(incoming) != 2 or len(outside) != 1 or latch.name not in incoming:
            return None
        found = _read_bits(incoming[outside[0]])
        if found is None:
            return None
        load, lo = found
        mem = load.attrs["mem"]
        if mem not in registers or len(load.operands) != 1 or not isinstance(load.operands[0], Const) or \
                load.block is not fn.block(outside[0]):
            return None
        after = load.block.ops[load.block.ops.index(load):]
        if any(op.opcode == "store" and op.attrs["mem"] == mem for op in after):
            return None
        store = _last_store(latch, mem)
        if store is None or len(store.operands) != 2 or not _same_address(store.operands[0], load.operands[0]):
            return None
        return (load, lo) if _holds_stored_bits(incoming[latch.name], store, lo, phi.width) else None

    @staticmethod
    def _insert_after_phis(b: Block, op: Op, after: Op | None = None) -> None:
        at = b.ops.index(after) + 1 if after is not None else len(b.phis())
        op.block = b
        b.ops.insert(at, op)
