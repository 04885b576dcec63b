"""Importer job: globals and allocas → memories (ROM/RAM/register files, structs as one memory per field)."""

from __future__ import annotations

from cryptohls.frontend.import_state import FLAGS, Base, ImportState, Ptr, legal, source_name
from cryptohls.frontend.llparse import Instr, tokenize
from cryptohls.frontend.lltypes import LLType, leaf_offsets, parse_constant, record_type, size_of, uniform_leaf
from cryptohls.ir.nodes import Memory


class MemoryImport(ImportState):
    def _initial_values(self, g, t: LLType, source_name: str) -> list[int]:
        """A global's initializer as leaf values; one holding addresses is refused at its use
        (found by Csmith: `int32_t *g_51 = &g_50[0];` ended in a traceback)."""
        try:
            return parse_constant(self.types, tokenize(g.init), 0, t)[0]
        except ValueError:
            raise self.error(f"global '{source_name}' is initialised with the address of another object, "
                             "which has no place in a hardware memory",
                             hint="initialise it with integers and set the pointer in code") from None

    def global_base(self, name: str) -> Base:
        if name in self.bases:
            return self.bases[name]
        g = self.mod.globals.get(name)
        if g is None:
            raise self.error(f"reference to unknown object {name}")
        t = self.types.from_text(g.type)
        leaf = uniform_leaf(t)
        mname = legal(name.strip('@"').split(".")[-1] if "." in name and name.startswith("@__const") else
                       source_name(name.strip('@"')))
        kind = "rom" if g.constant else "ram"
        if leaf is None:
            init = self._initial_values(g, t, mname) if g.init else None
            self.bases[name] = self._record_memories(mname, t, kind, init)
            return self.bases[name]
        depth = size_of(t) // size_of(leaf)
        init = self._initial_values(g, t, mname) if g.init else [0] * depth
        attrs = {"latency": 1, "ports": 2}
        for p in self.var_pragmas:
            if p.kind in ("BIND_STORAGE", "RESOURCE") and p.get("variable") in (mname, name.strip('@"')):
                impl = str(p.get("impl") or p.get("core") or "").lower()
                attrs["impl"] = "lut" if impl in ("lutram", "lut", "rom_lut", "distram", "rom_1p_lutram",
                                                  "rom_2p_lutram") or "lut" in impl else ("bram" if impl else "auto")
        fn_mem = Memory(self._unique_mem(mname), kind, leaf.bits, depth, attrs, [v & ((1 << leaf.bits) - 1)
                                                                                 for v in init])
        self.fn.memories.append(fn_mem)
        base = Base(fn_mem.name, "mem", leaf.bits, size_of(leaf), depth)
        self.bases[name] = base
        return base

    def _record_memories(self, name: str, t: LLType, kind: str, init: list[int] | None) -> Base:
        """An array of structs becomes one memory per scalar field (struct of arrays)."""
        rec, count = record_type(t)
        stride = size_of(rec)
        leaves = leaf_offsets(rec)
        if any(lt.kind != "int" for _, lt in leaves):
            raise self.error(f"'{name}' holds non-integer fields", "use integer fields")
        outer = Base(name, "mem", 0, stride, count)
        for k, (off, lt) in enumerate(leaves):
            values = None if init is None else [init[r * len(leaves) + k] & ((1 << lt.bits) - 1) for r in range(count)]
            mem = Memory(self._unique_mem(f"{name}_f{off}"), kind, lt.bits, count,
                         {"latency": 1, "ports": 2, "record": name, "field_offset": off}, values)
            self.fn.memories.append(mem)
            outer.fields[off] = Base(mem.name, "mem", lt.bits, stride, count, access_bytes=size_of(lt))
        return outer

    def _field(self, ptr: Ptr) -> Ptr:
        """Route an access into an array of records to the memory of the field it touches."""
        base = ptr.base
        if not base.fields:
            return ptr
        stride = base.elem_bytes
        if any(s % stride for _, s in ptr.terms):
            raise self.error(f"access into '{base.name}' that does not select a whole field",
                             "index the array of structs, then name the field")
        off = ptr.offset % stride
        if off not in base.fields:
            raise self.error(f"access into the middle of a field of '{base.name}'")
        return Ptr(base.fields[off], ptr.terms, ptr.offset - off)

    def _unique_mem(self, name: str) -> str:
        taken = {m.name for m in self.fn.memories} | {p.name for p in self.fn.params}
        out, k = name, 1
        while out in taken:
            k += 1
            out = f"{name}_{k}"
        return out

    def alloca(self, ins: Instr) -> None:
        t, _ = self.types.parse([x for x in ins.tokens if x not in FLAGS], 0)
        leaf = uniform_leaf(t)
        name = legal(ins.result.strip('%"').split(".")[0])
        if leaf is None:
            self.values[ins.result] = Ptr(self._record_memories(name, t, "ram", None), [], 0)
            return
        depth = size_of(t) // size_of(leaf)
        attrs: dict = {"latency": 1, "ports": 2}
        kind = "ram"
        for p in self.var_pragmas:
            if p.get("variable") == name and p.kind in ("ARRAY_PARTITION", "ARRAY_RESHAPE"):
                kind = "regs"
                attrs = {"latency": 0}
        mem = Memory(self._unique_mem(name), kind, leaf.bits, depth, attrs, None)
        self.fn.memories.append(mem)
        base = Base(mem.name, "mem", leaf.bits, size_of(leaf), depth)
        self.values[ins.result] = Ptr(base, [], 0)
