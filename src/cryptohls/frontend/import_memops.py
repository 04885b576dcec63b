"""Importer job: memset/memcpy/memmove of a length known at compile time → one store (or load and
store) per element they cover, as clang emits them for struct initialisation and copies."""

from __future__ import annotations

from cryptohls.frontend.import_state import NULL, ImportState, Ptr
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
        spans = self._element_spans(dst, length.value)
        if name.startswith("llvm.memset"):
            byte = args[1]
            for off, size in spans:
                value = byte if size == 1 else self._replicate(byte, size)
                self.store(int_type(8 * size), value, self._displaced(dst, off))
            return
        src = args[1]
        loaded = [(off, size, self.load(int_type(8 * size), self._displaced(src, off))) for off, size in spans]
        for off, size, value in loaded:       # all loads first: memmove's ranges may overlap
            self.store(int_type(8 * size), value, self._displaced(dst, off))

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

    def _element_spans(self, ptr: Ptr, nbytes: int) -> list[tuple[int, int]]:
        """(offset from ptr, bytes) of every element a range of nbytes from ptr covers (padding skipped)."""
        base = ptr.base
        if base is NULL:
            raise self.error("memset/memcpy through a null pointer")
        spans: list[tuple[int, int]] = []
        if base.fields:
            stride = base.elem_bytes
            pos = 0
            while pos < nbytes:
                field = base.fields.get((ptr.offset + pos) % stride)
                size = (field.access_bytes or field.elem_bytes) if field else 1
                if field:
                    spans.append((pos, size))
                pos += size
        else:
            size = base.access_bytes or base.elem_bytes
            if ptr.offset % size or nbytes % size:
                raise self.error(f"memset/memcpy of part of an element of '{base.name}'",
                                 "copy or clear whole elements")
            spans = [(pos, size) for pos in range(0, nbytes, size)]
        if len(spans) > MAX_ELEMENTS:
            raise self.error(f"memset/memcpy of {len(spans)} elements", "copy or clear large arrays with a loop")
        return spans
