"""What the storage directives of an object (frontend/directives.py finds them) make of its memory:
ARRAY_PARTITION complete -> registers, cyclic/block -> a ``partition`` attribute that
passes/array_partition.py carries out; BIND_STORAGE/RESOURCE -> LUT or block RAM and the port count."""

from __future__ import annotations

from cryptohls.frontend.directives import partition_type
from cryptohls.frontend.import_state import DirectiveError
from cryptohls.frontend.pragmas import Pragma

LUT_IMPLS = ("lutram", "lut", "rom_lut", "distram", "rom_1p_lutram", "rom_2p_lutram")
STORAGE_KINDS = ("BIND_STORAGE", "RESOURCE")


def storage_impl(p: Pragma) -> str:
    """lut, bram or auto from BIND_STORAGE impl= (RESOURCE core=)."""
    impl = str(p.get("impl") or p.get("core") or "").lower()
    return "lut" if impl in LUT_IMPLS or "lut" in impl else ("bram" if impl else "auto")


def bind_storage(p: Pragma, name: str) -> dict:
    """The memory attributes BIND_STORAGE asks for: ``impl`` and, from ``type=ram_1p`` ..., ``ports``."""
    out = {"impl": storage_impl(p)}
    storage = str(p.get("type") or "").lower()
    if storage.endswith("_1p"):
        out["ports"] = 1
    elif storage.endswith(("_2p", "_np", "_t2p", "_s2p")):
        out["ports"] = 2
    elif storage:
        raise DirectiveError.of(p, f"unknown storage type '{storage}' in BIND_STORAGE of '{name}'",
                                "ram_1p, ram_2p, ram_t2p, ram_s2p, rom_1p, rom_2p or rom_np")
    return out


def partition_kind(p: Pragma, name: str, kind: str, attrs: dict) -> tuple[str, dict]:
    """The memory kind and attributes after ARRAY_PARTITION ``p`` (off: unchanged)."""
    ptype = partition_type(p)
    if p.flag("off"):
        return kind, attrs
    if ptype != "complete":   # banks: passes/array_partition.py
        return kind, {**attrs, "partition": partition_attr(p, ptype, name)}
    return "regs", {"latency": 0}


def partition_attr(p: Pragma, ptype: str, name: str) -> dict:
    """The ``partition`` attribute of a memory (cyclic/block, carried out by passes/array_partition.py),
    with the directive's location for its errors."""
    dim = p.int_option("dim", 0) or 0
    if dim > 1:
        raise DirectiveError.of(p, f"ARRAY_PARTITION type={ptype} dim={dim} of '{name}' is not supported "
                                   "(the array is one memory in row order: dim=1 or 0 only)", "use dim=1")
    return {"type": ptype, "factor": p.int_option("factor", 2) or 2, "file": str(p.file), "line": p.line,
            "col": p.col}


__all__ = ["STORAGE_KINDS", "bind_storage", "partition_attr", "partition_kind", "storage_impl"]
