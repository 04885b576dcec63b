"""Memory binding: choose an implementation for every array.

* ``arg``: ap_memory port, 1 port, read latency 1 (fixed by the interface).
* ``rom``: a LUT ROM (combinational read, replicated per read — no port limit) when BIND_STORAGE/RESOURCE
  asks for LUTs or the table is small (≤ 4096 bits); otherwise a synchronous block ROM with 2 ports and
  read latency 1.
* ``ram``: a synchronous RAM with 2 ports, read latency 1; tiny RAMs (≤ 64 bits... ≤ 16 elements of ≤ 32 bits)
  become register files (``regs``) with combinational reads.
"""

from __future__ import annotations

from cryptohls.ir.nodes import Function
from cryptohls.passes.base import Pass

LUT_ROM_MAX_BITS = 4096


class MemoryBinding(Pass):
    name = "memory-binding"

    def _run(self, fn: Function) -> bool:
        changed = False
        used = {op.attrs["mem"] for op in fn.all_ops() if op.opcode in ("load", "store")}
        before = len(fn.memories)
        fn.memories = [m for m in fn.memories if m.name in used or m.kind in ("arg", "stream")]
        changed |= len(fn.memories) != before
        for m in fn.memories:
            old = dict(m.attrs), m.kind
            if m.kind == "rom":
                impl = m.attrs.get("impl", "auto")
                lut = impl == "lut" or (impl == "auto" and m.width * m.depth <= LUT_ROM_MAX_BITS)
                m.attrs.update({"impl": "lut" if lut else "bram", "latency": 0 if lut else 1,
                                "ports": 0 if lut else 2})
            elif m.kind == "ram" and m.depth * m.width <= 512 and m.depth <= 16:
                m.kind = "regs"
                m.attrs = {"latency": 0, **_provenance(m)}
            elif m.kind == "regs":
                m.attrs = {"latency": 0, **_provenance(m)}
            changed |= (dict(m.attrs), m.kind) != old
        return changed


def _provenance(m) -> dict:
    """Attributes that say where a memory came from, kept across the rebinding: the arrays a pool
    holds (for the report), the global of a whole program (frontend/importer.py), the array a bank
    is part of (passes/array_partition.py)."""
    return {k: m.attrs[k] for k in ("pool", "global", "partition_of") if k in m.attrs}
