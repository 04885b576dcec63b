"""Importer job: memset/memcpy/memmove of a length known at compile time → one store (or load and
store) per element they cover, as clang emits them for struct initialisation and copies.

A copy from a constant table into a local object's memory that nothing else writes (a class's
``const`` member array with a default initialiser, which the constructor copies from a constant:
``const ap_uint<8> sbox[256] = {...};``) fills no memory at run time: the memory becomes a ROM of
those values. An alloca's contents before the copy are undefined and the copy always writes the same
values, so reading the table at any time gives what C gives. When code does write that memory, the
function is imported again with the copy as stores (ImportHints.written_tables)."""

from __future__ import annotations

from dataclasses import replace

from cryptohls.errors import UserError
from cryptohls.frontend.import_state import NULL, ImportAgain, ImportState, Ptr
from cryptohls.frontend.lltypes import int_type
from cryptohls.ir.nodes import Const

# attribute words that may sit between an argument's type and its value
_ARG_ATTRS = {"noundef", "nonnull", "noalias", "nocapture", "readonly", "writeonly", "immarg", "zeroext",
              "signext", "inreg", "captures(none)"}
MAX_ELEMENTS = 1024   # beyond this a copy unrolled into single accesses is not what the user wants


class MemoryIntrinsicImport(ImportState):
    def memory_intrinsic(self, name: str, toks: list[str]) -> None:
        args = self._intrinsic_args(toks)
        length = args[2]
        if not isinstance(length, Const):
            raise self.error(f"'{name.split('.')[1]}' with a length computed at run time is not supported",
                             "copy or clear arrays with a loop")
        dst = args[0]
        if not name.startswith("llvm.memset"):
            self._copies_whole_pointers(dst, args[1], length.value)
        if not name.startswith("llvm.memset") and self._constant_copy(dst, args[1], length.value):
            return
        spans = self._element_spans(dst, length.value)
        if name.startswith("llvm.memset"):
            byte = args[1]
            for off, size in spans:
                target = self._displaced(dst, off)
                if self._holds_pointer(target):
                    self.store(int_type(64), self._null_pointer(byte), target)
                    continue
                value = byte if size == 1 else self._replicate(byte, size)
                self.store(int_type(8 * size), value, target)
            return
        src = args[1]
        loaded = [(off, size, self.load(int_type(8 * size), self._displaced(src, off))) for off, size in spans]
        for off, size, value in loaded:       # all loads first: memmove's ranges may overlap
            self.store(int_type(8 * size), value, self._displaced(dst, off))

    def _copies_whole_pointers(self, dst, src, nbytes: int) -> None:
        """A copy into or out of a byte array held as pointer slots (import_memory.py pointer_slots)
        moves whole pointers: every element it covers is a pointer of 8 bytes on both sides, at the
        same offset. Refused otherwise (integers in a slot would be read as pointer indices, a slot's
        index as bytes)."""
        sides = [p for p in (dst, src) if isinstance(p, Ptr) and p.base is not NULL]
        if not any(p.base.name in self.slot_arrays for p in sides):
            return
        if len(sides) != 2:
            raise self.error("memcpy/memmove of pointers through a null pointer")
        for off, size in self._element_spans(dst, nbytes):
            for side in (dst, src):
                routed = self._field(self._displaced(side, off)) if side.base.fields else \
                    self.field_pointer(self._displaced(side, off))
                if not routed.base.pointers or size != 8 or (routed.base.access_bytes or routed.base.elem_bytes) != 8:
                    raise self.error(f"memcpy/memmove into or out of an array of pointers held as bytes: bytes "
                                     f"{off}-{off + size - 1} of the copy are not one whole pointer on both sides",
                                     "copy pointers and integers apart")

    def _constant_copy(self, dst: Ptr, src: Ptr, nbytes: int) -> bool:
        """Note a copy of whole elements from a constant table into local memories nothing else writes
        (checked by settle_constant_copies); False when the copy is not one."""
        if not isinstance(dst, Ptr) or not isinstance(src, Ptr) or NULL in (dst.base, src.base):
            return False
        roms = {m.name: m for m in self.fn.memories if m.kind == "rom" and m.init is not None}
        noted: list[tuple[str, int, int]] = []
        try:
            for off, size in self._element_spans(dst, nbytes, limit=None):
                d, s = self._field(self._displaced(dst, off)), self._field(self._displaced(src, off))
                if d.base.kind != "mem" or d.base.name not in self.local_memories or \
                        d.base.name in self.hints.written_tables or s.base.name not in roms or d.terms or s.terms:
                    return False
                if size != (d.base.access_bytes or d.base.elem_bytes) or size != (s.base.access_bytes or s.base.elem_bytes):
                    return False
                di, si = self.address(d, 0), self.address(s, 0)
                noted.append((d.base.name, di.value, roms[s.base.name].init[si.value]))
        except UserError:
            return False
        for mem, index, value in noted:
            values = self.constant_copies.setdefault(mem, {})
            if values.setdefault(index, value) != value:   # two copies of different values: not a table
                raise ImportAgain(replace(self.hints, written_tables=self.hints.written_tables | {mem}))
        return True

    def settle_constant_copies(self) -> None:
        """After the import: each memory filled by constant copies and never stored to becomes a ROM of
        the copied values; one that is also stored to is imported again with its copies as stores."""
        if not self.constant_copies:
            return
        stored = {op.attrs.get("mem") for op in self.fn.all_ops() if op.opcode == "store"}
        written = stored & set(self.constant_copies)
        if written:
            raise ImportAgain(replace(self.hints, written_tables=self.hints.written_tables | written))
        for mem in self.fn.memories:
            if mem.name in self.constant_copies:
                values = self.constant_copies[mem.name]
                mem.init = [values.get(i, 0) & ((1 << mem.width) - 1) for i in range(mem.depth)]
                if mem.kind == "regs":       # as a complete partition of a constant global: a LUT ROM
                    mem.attrs = {"latency": 1, "ports": 2, "impl": "lut"}
                mem.kind = "rom"

    def _intrinsic_args(self, toks: list[str]) -> list:
        k = next(i for i, t in enumerate(toks) if t.startswith("@llvm.mem")) + 2
        depth, groups, cur = 0, [], []
        while True:
            t = toks[k]
            if t == "(":
                depth += 1
            elif t == ")":
                if depth == 0:
                    break
                depth -= 1
            if t == "," and depth == 0:
                groups.append(cur)
                cur = []
            else:
                cur.append(t)
            k += 1
        groups.append(cur)
        values = []
        for group in groups:
            t, i = self.types.parse(group, 0)
            while group[i] in _ARG_ATTRS or group[i].startswith("dereferenceable") or group[i] == "align":
                i += 2 if group[i] == "align" else 1
            values.append(self.value(group[i], t, group, i))
        return values

    def _holds_pointer(self, ptr: Ptr) -> bool:
        """Is the element at ``ptr`` a pointer, held as an index (Base.pointers)?"""
        routed = self._field(ptr) if ptr.base.fields else self.field_pointer(ptr)
        return routed.base.pointers

    def _null_pointer(self, byte) -> Const:
        """What a memset of ``byte`` leaves in a pointer: with 0, C's null pointer, whose index is all
        ones (import_pointers.py pointer_index; as the index 0, `p == NULL` was false and `*p` read
        the first element). Another byte makes no pointer C can use: refused."""
        if not isinstance(byte, Const) or byte.value & 0xFF:
            raise self.error("memset of pointers with another byte than 0", "set pointers to NULL or to an object")
        return Const(64, (1 << 64) - 1)

    def _replicate(self, byte, size: int):
        if isinstance(byte, Const):
            return Const(8 * size, int.from_bytes(bytes([byte.value]) * size, "little"))
        value = self.resize(byte, 8 * size)
        word = value
        for k in range(1, size):
            word = self.emit("or", 8 * size, [word, self.emit("shl", 8 * size, [value, Const(8 * size, 8 * k)])])
        return word

    @staticmethod
    def _displaced(ptr: Ptr, off: int) -> Ptr:
        return Ptr(ptr.base, ptr.terms, ptr.offset + off)

    def _element_spans(self, ptr: Ptr, nbytes: int, limit: int | None = MAX_ELEMENTS) -> list[tuple[int, int]]:
        """(offset from ptr, bytes) of every element a range of nbytes from ptr covers (padding skipped)."""
        base = ptr.base
        if base is NULL:
            raise self.error("memset/memcpy through a null pointer")
        spans: list[tuple[int, int]] = []
        if base.fields:
            stride = base.elem_bytes
            pos = 0
            while pos < nbytes:
                # every element of an array member kept whole (field_at), not only its first
                found = base.field_at((ptr.offset + pos) % stride)
                field = found[1] if found and (found[1].member or found[0] == (ptr.offset + pos) % stride) else None
                size = (field.access_bytes or field.elem_bytes) if field else \
                    self.pooled_field_bytes(base, (ptr.offset + pos) % stride)
                if size:
                    spans.append((pos, size))
                pos += size or 1
        else:
            size = base.access_bytes or base.elem_bytes
            if ptr.offset % size or nbytes % size:
                raise self.error(f"memset/memcpy of part of an element of '{base.name}'",
                                 "copy or clear whole elements")
            spans = [(pos, size) for pos in range(0, nbytes, size)]
        if limit is not None and len(spans) > limit:
            raise self.error(f"memset/memcpy of {len(spans)} elements", "copy or clear large arrays with a loop")
        return spans
