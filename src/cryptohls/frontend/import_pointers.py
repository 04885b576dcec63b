"""Importer job: operands: constants, values, and pointers resolved statically to (base, linear byte offset)."""

from __future__ import annotations

from cryptohls.frontend.import_state import FLAGS, ImportState, Ptr
from cryptohls.frontend.lltypes import LLType, field_offset, size_of
from cryptohls.ir.nodes import Const, Operand


class PointerImport(ImportState):
    def value(self, tok: str, t: LLType, toks: list[str] | None = None, i: int = 0):
        if t.kind == "ptr":
            return self.pointer(tok, toks, i)
        if t.kind == "struct":
            if tok in ("poison", "undef", "zeroinitializer"):
                return [Const(f.bits, 0) for f in t.elems]
            return self.values[tok]
        if t.kind != "int":
            raise self.error(f"values of type {t.kind} are not supported")
        if tok in ("true", "false"):
            return Const(1, 1 if tok == "true" else 0)
        if tok in ("poison", "undef", "zeroinitializer", "null"):
            return Const(t.bits, 0)
        if tok[0] == "-" or tok[0].isdigit():
            return Const(t.bits, int(tok))
        if tok not in self.values:
            raise self.error(f"internal: value {tok} used before definition")
        return self.values[tok]

    def pointer(self, tok: str, toks: list[str] | None, i: int) -> Ptr:
        if tok == "getelementptr" and toks is not None:
            j = i + 1
            while toks[j] in FLAGS or toks[j].startswith("inrange"):
                j += 1
            assert toks[j] == "("
            depth, k = 0, j
            while True:
                if toks[k] == "(":
                    depth += 1
                elif toks[k] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            return self.gep(toks[j + 1:k])
        if tok.startswith("@"):
            return Ptr(self.global_base(tok), [], 0)
        v = self.values.get(tok)
        if isinstance(v, Ptr):
            return v
        raise self.error("pointer arithmetic the compiler cannot resolve statically (pointer selected at run "
                         "time, or a pointer to a pointer)", "index arrays directly: a[i]")

    def typed_operand(self, toks: list[str], i: int):
        """Parse 'TYPE VALUE' at toks[i]; returns (type, value, next index)."""
        while toks[i] in FLAGS or toks[i].startswith(("align", "noundef")):
            i += 1
        t, i = self.types.parse(toks, i)
        while toks[i] in FLAGS or toks[i] in ("noundef", "zeroext", "signext", "immarg", "nonnull"):
            i += 1
        tok = toks[i]
        v = self.value(tok, t, toks, i)
        if tok == "getelementptr":
            depth = 0
            i += 1
            while toks[i] != "(":
                i += 1
            while True:
                if toks[i] == "(":
                    depth += 1
                elif toks[i] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
        return t, v, i + 1

    def gep(self, toks: list[str]) -> Ptr:
        toks = [t for t in toks if t not in FLAGS and not t.startswith("inrange")]
        src_t, i = self.types.parse(toks, 0)
        assert toks[i] == ","
        _, base, i = self.typed_operand(toks, i + 1)
        assert isinstance(base, Ptr)
        terms = list(base.terms)
        offset = base.offset
        cur_t = src_t
        first = True
        while i < len(toks) and toks[i] == ",":
            it, idx, i = self.typed_operand(toks, i + 1)
            if first:
                stride = size_of(cur_t)
                first = False
            elif cur_t.kind in ("arr", "vec"):
                cur_t = cur_t.elems[0]
                stride = size_of(cur_t)
            elif cur_t.kind == "struct":
                assert isinstance(idx, Const)
                offset += field_offset(cur_t, idx.value)
                cur_t = cur_t.elems[idx.value]
                continue
            else:
                raise self.error("unsupported address computation")
            if isinstance(idx, Const):
                offset += idx.signed_value() * stride
            else:
                terms.append((idx, stride))
        return Ptr(base.base, terms, offset)

    def address(self, ptr: Ptr, width_hint: int) -> Operand:
        base = ptr.base
        aw = max(1, (base.depth - 1).bit_length())
        if ptr.offset % base.elem_bytes or any(s % base.elem_bytes for _, s in ptr.terms):
            raise self.error(f"access to '{base.name}' is not aligned to its elements",
                             "access arrays with their own element type")
        total: Operand = Const(aw, ptr.offset // base.elem_bytes)
        for idx, stride in ptr.terms:
            v = self.resize(idx, aw)
            factor = stride // base.elem_bytes
            if factor != 1:
                if factor & (factor - 1) == 0:
                    v = self.emit("shl", aw, [v, Const(aw, factor.bit_length() - 1)])
                else:
                    v = self.emit("mul", aw, [v, Const(aw, factor)])
            total = v if isinstance(total, Const) and total.value == 0 else self.emit("add", aw, [total, v])
        return total

    def resize(self, v: Operand, w: int) -> Operand:
        if v.width == w:
            return v
        if isinstance(v, Const):
            return Const(w, v.value)
        return self.emit("trunc" if v.width > w else "zext", w, [v])
