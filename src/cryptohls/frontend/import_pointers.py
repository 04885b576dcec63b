"""Importer job: operands: constants, values, and pointers as (storage, linear byte offset).

A pointer known at compile time is a storage plus a sum of index terms. A pointer chosen at run
time (a phi of a walking pointer, a select between tables, a pointer loaded from memory) holds its
element index in a value as wide as the storage needs (``Base.index_bits``); every pointer value
points into the one storage its points-to class has (points_to.py, import_memory.py)."""

from __future__ import annotations

from dataclasses import replace
from math import gcd

from cryptohls.errors import UserError
from cryptohls.frontend.field_objects import split_member
from cryptohls.frontend.import_state import FLAGS, NULL, ImportAgain, ImportState, Ptr
from cryptohls.frontend.llparse import Instr
from cryptohls.frontend.lltokens import operand_groups
from cryptohls.frontend.lltypes import LLType, field_offset, int_type, size_of, store_bytes
from cryptohls.frontend.trailing_zeros import trailing_zeros
from cryptohls.ir.nodes import Const, Op, Operand


BYTES = "bytes"   # the "byte" of a pointer phi that holds a byte index (ImportHints.byte_phis)


def byte_addressable(base) -> bool:
    """Whether a pointer may point at any byte of ``base``'s elements, held as a byte index: integer
    elements of a power-of-two size in a memory, whose bytes narrower accesses reach by shifting
    (import_access.py, the run-time part access)."""
    size = base.elem_bytes
    return base.kind == "mem" and not base.fields and not base.member and not base.pointers and \
        base.elem_bits == 8 * size and size & (size - 1) == 0 and base.access_bytes in (0, size)


def byte_bits(base) -> int:
    """Width of a byte index into ``base``: its element index's, and the byte inside the element."""
    return base.index_bits + base.elem_bytes.bit_length() - 1


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
        if tok == "ptrtoint" and toks is not None and toks[i + 1] == "(":   # ptrtoint (ptr @g to i64)
            _, ptr, _ = self.typed_operand(toks, i + 2)
            return self.pointer_bytes(ptr, t.bits)
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
            if tok not in self.mod.globals:
                raise self.error("the address of a function is not supported", "call the function directly")
            return self.object_pointer(tok)
        if tok in ("null", "undef", "poison", "zeroinitializer"):
            return Ptr(NULL, [], 0)
        v = self.values.get(tok)
        if isinstance(v, Ptr):
            return v
        raise self.error("a pointer made from an integer (inttoptr) is not supported",
                         "index arrays directly: a[i]")

    def pointer_index(self, ptr: Ptr, bits: int) -> tuple[Operand, int | None]:
        """What a pointer holds at run time: its element index (``bits`` wide) and the byte offset
        inside that element (None for the null pointer, whose index is all ones)."""
        if ptr.bits is not None:
            raise self.error("a pointer read from the integer bits of a union (a member written as an integer, "
                             "read through a pointer member) is used as a pointer",
                             "read the union through the member that was written")
        if ptr.base is NULL:
            return Const(bits, (1 << bits) - 1), None
        unit = ptr.base.elem_bytes
        if any(s % unit for _, s in ptr.terms):
            ptr = self._whole_elements(ptr)
        if any(s % unit for _, s in ptr.terms):
            self.needs_member_arrays(ptr.base)
            raise self.error(f"a pointer into '{ptr.base.name}' that moves by part of an element",
                             "step pointers by whole elements of the array they point into")
        return self.element_index(Ptr(ptr.base, ptr.terms, ptr.offset - ptr.offset % unit), bits), \
            ptr.offset % unit

    def run_time_pointer(self, base, index: Operand, byte: int | None) -> Ptr:
        """The pointer whose element index is the value ``index``."""
        return Ptr(base, [(index, base.elem_bytes)], byte or 0) if base is not NULL else Ptr(NULL, [], 0)

    def typed_operand(self, toks: list[str], i: int):
        """Parse 'TYPE VALUE' at toks[i]; returns (type, value, next index)."""
        while toks[i] in FLAGS or toks[i].startswith(("align", "noundef")):
            i += 1
        t, i = self.types.parse(toks, i)
        while toks[i] in FLAGS or toks[i] in ("noundef", "zeroext", "signext", "immarg", "nonnull"):
            i += 1
        tok = toks[i]
        v = self.value(tok, t, toks, i)
        if tok in ("getelementptr", "ptrtoint"):     # a constant expression: skip its parentheses
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
        offset, terms = self._gep_steps(src_t, toks, i, self._index_operand)
        if base.bits is not None:             # integer bits: the address arithmetic on them
            return Ptr(NULL, [], 0, bits=self._bits_plus(base.bits, offset, terms))
        return Ptr(base.base, list(base.terms) + terms, base.offset + offset, base.member)

    def _bits_plus(self, bits: Operand, offset: int, terms: list[tuple[Operand, int]]) -> Operand:
        """``bits`` + ``offset`` + Σ index × stride, 64 bits wide (getelementptr's indices are signed)."""
        for idx, stride in terms:
            idx = idx if idx.width == 64 else self.emit("sext", 64, [idx])
            bits = self.emit("add", 64, [bits, self.emit("mul", 64, [idx, Const(64, stride)])])
        return self.emit("add", 64, [bits, Const(64, offset % (1 << 64))]) if offset else bits

    def gep_displacement(self, toks: list[str]) -> tuple[int, list[int]]:
        """What a getelementptr adds to its base, from its tokens alone: (constant bytes, strides of
        the indices known only at run time)."""
        toks = [t for t in toks if t not in FLAGS and not t.startswith("inrange")]
        src_t, i = self.types.parse(toks, 0)
        _, i = self.types.parse(toks, i + 1)     # the base: a value, or a constant expression
        depth = 0
        while i < len(toks) and (depth or toks[i] != ","):
            depth += {"(": 1, ")": -1}.get(toks[i], 0)
            i += 1

        def literal(toks_: list[str], j: int):
            t, j = self.types.parse(toks_, j)
            tok = toks_[j]
            value = Const(t.bits, int(tok)) if tok[0] == "-" or tok[0].isdigit() else None
            return t, value, j + 1
        offset, terms = self._gep_steps(src_t, toks, i, literal)
        return offset, [stride for _, stride in terms]

    def _gep_steps(self, src_t: LLType, toks: list[str], i: int, operand) -> tuple[int, list]:
        """The constant bytes and the (index, stride) terms of a getelementptr's indices from toks[i]."""
        terms, offset, cur_t, first = [], 0, src_t, True
        while i < len(toks) and toks[i] == ",":
            _, idx, i = operand(toks, i + 1)
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
        return offset, terms

    def _index_operand(self, toks: list[str], i: int):
        """typed_operand for a getelementptr index; an index whose low bits are known to be zero
        (frontend/trailing_zeros.py) is remembered with their count, for ``address``."""
        t, v, j = self.typed_operand(toks, i)
        if toks[j - 1].startswith("%") and not isinstance(v, Const):
            if self._trailing_zeros is None:
                self._trailing_zeros = trailing_zeros(self.top)
            zeros = self._trailing_zeros.get(toks[j - 1], 0)
            if zeros:
                self._index_zeros[id(v)] = (v, zeros)
        return t, v, j

    def _whole_elements(self, ptr: Ptr) -> Ptr:
        """``ptr`` with each run-time term whose stride is not a whole number of elements rewritten as
        (index >> k, stride << k), where the index's k low bits are known to be zero: a byte offset
        that steps by the element size (`getelementptr i8, ptr %row, i64 %off`, %off = 4, 8, ...)."""
        terms = []
        for idx, stride in ptr.terms:
            k = self._whole_shift(idx, stride, ptr.base.elem_bytes)
            if k:
                idx, stride = self.emit("ashr", idx.width, [idx, Const(idx.width, k)]), stride << k
            terms.append((idx, stride))
        return replace(ptr, terms=terms)

    def _whole_shift(self, idx: Operand, stride: int, elem: int) -> int:
        """The k of _whole_elements for one term (0: none)."""
        short = elem // gcd(stride, elem)   # the factor the stride lacks: 2**k, or no shift gives it
        k = short.bit_length() - 1 if short & (short - 1) == 0 else 0
        known = self._index_zeros.get(id(idx))
        return k if k and known is not None and known[0] is idx and known[1] >= k else 0

    def byte_walk(self, ptr: Ptr) -> bool:
        """A pointer that moves by part of an element of a byte-addressable storage (a byte pointer
        walking an array of words: `unsigned char *p = (unsigned char *)words; p++`): it is held as a
        byte index where it is chosen at run time."""
        base = ptr.base
        if base is NULL or ptr.bits is not None or not byte_addressable(base):
            return False
        elem = base.elem_bytes
        return any((stride << self._whole_shift(idx, stride, elem)) % elem for idx, stride in ptr.terms)

    def byte_index(self, ptr: Ptr, width: int) -> Operand:
        """Σ index × stride + constant: the byte the pointer points at, ``width`` bits wide (all ones:
        the null pointer)."""
        if ptr.base is NULL:
            return Const(width, (1 << width) - 1)
        total: Operand = Const(width, ptr.offset)
        for idx, stride in ptr.terms:
            v = self.resize(idx, width)
            if stride > 1 and stride & (stride - 1) == 0:
                v = self.emit("shl", width, [v, Const(width, stride.bit_length() - 1)])
            elif stride != 1:
                v = self.emit("mul", width, [v, Const(width, stride)])
            total = v if isinstance(total, Const) and total.value == 0 else self.emit("add", width, [total, v])
        return total

    def byte_pointer(self, base, index: Operand) -> Ptr:
        """The pointer whose byte index is the value ``index``."""
        return Ptr(base, [(index, 1)], 0)

    def settled_pointer(self, ptr: Ptr) -> Ptr:
        """A pointer a phi takes, as a run-time value computed where it is made: its element index, or
        the byte index of a byte walk."""
        ptr = self.normalized(ptr)
        if self.byte_walk(ptr):
            return self.byte_pointer(ptr.base, self.byte_index(ptr, byte_bits(ptr.base)))
        return self.run_time_pointer(ptr.base, *self.pointer_index(ptr, ptr.base.index_bits))

    def address(self, ptr: Ptr, width_hint: int) -> Operand:
        base = ptr.base
        if base is NULL:
            raise self.error("access through a null pointer", "point the pointer at an array first")
        aw = max(1, (base.depth - 1).bit_length())
        if any(s % base.elem_bytes for _, s in ptr.terms):
            ptr = self._whole_elements(ptr)
        if ptr.offset % base.elem_bytes or any(s % base.elem_bytes for _, s in ptr.terms):
            raise self.error(f"access to '{base.name}' is not aligned to its elements",
                             "access arrays with their own element type")
        return self.element_index(ptr, aw)

    def element_index(self, ptr: Ptr, width: int) -> Operand:
        """Σ index × (stride / element bytes) + constant / element bytes, ``width`` bits wide."""
        base = ptr.base
        total: Operand = Const(width, ptr.offset // base.elem_bytes)
        for idx, stride in ptr.terms:
            v = self.resize(idx, width)
            factor = stride // base.elem_bytes
            if factor != 1:
                if factor & (factor - 1) == 0:
                    v = self.emit("shl", width, [v, Const(width, factor.bit_length() - 1)])
                else:
                    v = self.emit("mul", width, [v, Const(width, factor)])
            total = v if isinstance(total, Const) and total.value == 0 else self.emit("add", width, [total, v])
        return total

    def resize(self, v: Operand, w: int) -> Operand:
        if v.width == w:
            return v
        if isinstance(v, Const):
            return Const(w, v.value)
        return self.emit("trunc" if v.width > w else "zext", w, [v])

    # --- pointers chosen at run time ----------------------------------------------------------------
    def _storage_for(self, res: str):
        return self.storage_of(self.points_to.location(res))

    def _join_bytes(self, base, *bytes_: int | None) -> int | None:
        """The byte offset inside the element that pointers joined at run time share."""
        known = {b for b in bytes_ if b is not None}
        if len(known) > 1:
            self.needs_member_arrays(base)
            if not base.fields:   # a byte pointer stepping through the bytes of word elements (TACLe's lift)
                raise self.error(f"a pointer that points at different bytes of the elements of '{base.name}' "
                                 f"depending on the path (a byte pointer walking its words)",
                                 "index the bytes at run time instead: ((uint8_t *)a)[i]")
            raise self.error("a pointer that points at different fields of a struct depending on the path",
                             "point at the struct, then name the field")
        return known.pop() if known else None

    def member_view(self, ptr: Ptr) -> Ptr:
        """A pointer into an array member of records kept whole, as a pointer into that member's memory."""
        ptr = self.field_pointer(ptr)
        base = ptr.base
        if base.fields and base.owner in self.member_arrays:
            found = base.field_at(ptr.offset % base.elem_bytes)
            if found is not None and found[1].member:
                return self._member_element(ptr, *found)
        return ptr

    def normalized(self, ptr: Ptr) -> Ptr:
        """The member view of a pointer that moves inside records, the pool's view of a pointer into a
        pooled field (else the pointer as it is)."""
        ptr = self.field_pointer(ptr)
        base = ptr.base
        if base.fields and any(s % base.elem_bytes for _, s in ptr.terms):
            return self.member_view(ptr)
        return ptr

    def _walks_inside_records(self, incoming: list[tuple[list[str], str]], base) -> bool:
        """Whether a pointer phi steps through the elements of an array member (`k++` over `ch->coef`)
        rather than from record to record, judged from the getelementptrs it takes."""
        if not (base.fields and base.owner in self.member_arrays):
            return False
        stride = base.elem_bytes
        for value, _ in incoming:
            toks = self.points_to.geps.get(value[0])
            if toks is not None:
                const, strides = self.gep_displacement(toks)
                if const % stride or any(s % stride for s in strides):
                    return True
        return False

    def _pointer_phi(self, res: str, incoming: list[tuple[list[str], str]]) -> Ptr:
        """A phi of pointers: a phi of their element indices (the incoming values join in _finish_phis).
        Its storage and byte offset come from an incoming value already imported (one always is)."""
        base, byte = self._storage_for(res), None
        for value, _ in incoming:
            if value[0].startswith("%") and value[0] not in self.values:
                continue
            ptr = self.normalized(self.pointer(value[0], value, 0))
            if ptr.base is not NULL:
                if self._walks_inside_records(incoming, ptr.base):
                    ptr = self.member_view(ptr)
                base, byte = ptr.base, ptr.offset % ptr.base.elem_bytes
                break
        if base is NULL:                     # it points nowhere: its 64 bits, null 0 (_pointer_load)
            phi = self.emit("phi", 64, [], {"blocks": [], **self._name(res)})
            self.pending_phis.append((phi, ("ptr", NULL, None), incoming, self.cur))
            return Ptr(NULL, [], 0, bits=phi)
        if res in self.hints.byte_phis and byte_addressable(base):   # a byte walk (phi_pointer_input)
            phi = self.emit("phi", byte_bits(base), [], {"blocks": [], **self._name(res)})
            self.pending_phis.append((phi, ("ptr", base, BYTES), incoming, self.cur))
            return self.byte_pointer(base, phi)
        phi = self.emit("phi", base.index_bits, [], {"blocks": [], **self._name(res)})
        self.pending_phis.append((phi, ("ptr", base, byte), incoming, self.cur))
        return self.run_time_pointer(base, phi, byte)

    def phi_pointer_input(self, value: list[str], base, byte: int | str | None, pred) -> Operand:
        """The element index (byte index: ``byte`` is BYTES) a pointer phi takes from one incoming
        value, computed at the end of the predecessor block ``pred`` where it needs operations."""
        ptr = self.pointer(value[0], value, 0)
        if base is NULL:
            return self._bits_of(ptr)
        ptr = self.member_view(ptr) if base.member else self.normalized(ptr)
        if ptr.base is not NULL and ptr.base is not base:
            self.needs_member_arrays(ptr.base)
            raise self.error(f"a pointer that points into '{ptr.base.name}' or into '{base.name}' depending on "
                             "the path", "use one pointer per array")
        if byte == BYTES:
            return self._in_block(pred, lambda: self.byte_index(ptr, byte_bits(base)))
        if byte_addressable(base) and ptr.base is not NULL and \
                (self.byte_walk(ptr) or (byte is not None and ptr.offset % base.elem_bytes != byte)):
            # The phi joins different bytes of the elements (a byte pointer walking words, TACLe's
            # lift): import again with the phi holding a byte index.
            raise ImportAgain(replace(self.hints, byte_phis=self.hints.byte_phis | {self.cur.result}))
        index, in_element = self._in_block(pred, lambda: self.pointer_index(ptr, base.index_bits))
        self._join_bytes(base, byte, in_element)
        return index

    def _in_block(self, pred, make):
        """``make()``, its operations put at the end of block ``pred``, before its branch."""
        saved, self.block = self.block, pred
        count = len(pred.ops)
        try:
            result = make()
        finally:
            self.block = saved
        if len(pred.ops) > count:
            new = pred.ops[count:]
            del pred.ops[count:]
            pred.ops[count - 1:count - 1] = new
        return result

    def _joined_storage(self, res: str | None, *ptrs: Ptr):
        """The storage pointers joined at run time share (select, comparison)."""
        bases = {id(p.base): p.base for p in ptrs if p.base is not NULL}
        if len(bases) > 1:
            first, other = list(bases.values())[:2]
            self.needs_member_arrays(first)
            raise self.error(f"a pointer that points into '{first.name}' or into '{other.name}' depending on a "
                             "condition", "use one pointer per array")
        if bases:
            return next(iter(bases.values()))
        return self._storage_for(res) if res else NULL

    def _pointer_select(self, res: str, cond: Operand, a: Ptr, b: Ptr) -> Ptr:
        if a.bits is not None or b.bits is not None:
            return Ptr(NULL, [], 0, bits=self.emit("select", 64, [cond, self._bits_of(a), self._bits_of(b)],
                                                   self._name(res)))
        a, b = self.normalized(a), self.normalized(b)
        base = self._joined_storage(res, a, b)
        if self._bytes_apart(base, a, b):
            w = byte_bits(base)
            ia, ib = self.byte_index(a, w), self.byte_index(b, w)
            return self.byte_pointer(base, self.emit("select", w, [cond, ia, ib], self._name(res)))
        ia, byte_a = self.pointer_index(a, base.index_bits)
        ib, byte_b = self.pointer_index(b, base.index_bits)
        index = self.emit("select", base.index_bits, [cond, ia, ib], self._name(res))
        return self.run_time_pointer(base, index, self._join_bytes(base, byte_a, byte_b))

    def _bytes_apart(self, base, *ptrs: Ptr) -> bool:
        """Pointers into a byte-addressable storage that must be joined or compared as byte indices:
        one is a byte walk, or they point at different bytes of the elements."""
        if base is NULL or not byte_addressable(base):
            return False
        bytes_ = {p.offset % base.elem_bytes for p in ptrs if p.base is not NULL}
        return len(bytes_) > 1 or any(self.byte_walk(p) for p in ptrs)

    def operand_class(self, toks: list[str], i: int) -> int:
        """The points-to class of the pointer of operand 'ptr VALUE' at toks[i] (as typed_operand reads it)."""
        while toks[i] in FLAGS or toks[i].startswith(("align", "noundef")):
            i += 1
        _, i = self.types.parse(toks, i)
        while toks[i] in FLAGS or toks[i] in ("noundef", "zeroext", "signext", "immarg", "nonnull"):
            i += 1
        return self.points_to.address_class(toks, i)

    def _pointer_load(self, res: str, ptr: Ptr, holder: int) -> Ptr:
        """A pointer read from memory through a pointer of class ``holder``: memory holds its element
        index."""
        cls = self.points_to.location(res)
        base = self.storage_of(cls)
        raw = self.load(int_type(64), ptr)
        if isinstance(raw, Op) and raw.opcode == "zext" and raw.operands[0].width == base.index_bits:
            index = raw.operands[0]
        else:
            index = self.resize(raw, base.index_bits)
        if base is NULL and self.holds_integer_bits(ptr, store_bytes(int_type(64))):
            # No pointer to an object is ever stored there (its class points nowhere): the storage
            # holds integers (a union's integer member) or null pointers as 0 (_pointer_store), and
            # the pointer is those bits. As the null pointer, `(uint32_t)(uintptr_t)p.ptr` read 0
            # where the union held 1 (clang passes a union { uint32_t; ptr } by value as a ptr;
            # Csmith seed 5557)
            return Ptr(NULL, [], 0, bits=raw)
        if base is not NULL and self.holds_integer_bits(ptr, store_bytes(int_type(64))) and \
                not self._pointer_stored_just_before(self.cur):
            raise self._mixed_union(holder)
        byte = self.field_byte(cls)
        return self.run_time_pointer(base, index, self.loaded_pointer_byte(base, holder) if byte is None else byte)

    def _pointer_stored_just_before(self, load: Instr | None) -> bool:
        """Does a pointer store to the same address come before ``load`` in its block, with no store of
        another type nor call between? Then the load reads that pointer, never the storage's integer
        bytes (a volatile union written through its pointer member, then read through it)."""
        block = next((bb.instrs for bb in self.top.blocks if any(x is load for x in bb.instrs)), None)
        if load is None or block is None:
            return False
        address = operand_groups([t for t in load.tokens if t not in FLAGS])[1]
        for ins in reversed(block[:next(k for k, x in enumerate(block) if x is load)]):
            if ins.opcode == "call":
                return False
            if ins.opcode == "store":
                groups = operand_groups([t for t in ins.tokens if t not in FLAGS])
                if groups[0][:1] != ["ptr"]:
                    return False
                if groups[1] == address:
                    return True
        return False

    def _mixed_union(self, holder: int) -> UserError:
        """Storage laid out as integers (clang types a union after its first member, or after the member
        it is initialised through) that also holds pointers to objects: they are stored as element
        indices, so its integer bytes read as a pointer are taken for an index (an initial 0 for a valid
        non-null pointer), and a pointer's bytes read as an integer are an index, not an address (Csmith
        subset seed 5557; union_mixed_bits.c). Refused at a pointer read from it, and at a pointer
        stored into it where it is also read as integers."""
        names = sorted({self.object_name((split_member(o) or (o,))[0]) for o in self.points_to.objects(holder)})
        return self.error(f"union '{names[0] if names else '?'}' holds both integer data and pointers to objects "
                          "(a pointer is held as an index into what it points to); reading one as the other is "
                          "not supported", "keep pointers and integers in separate variables")

    def _pointer_store(self, value: Ptr, ptr: Ptr, holder: int) -> None:
        """A pointer written to memory through a pointer of class ``holder``: its element index."""
        content = self.points_to.content(holder)
        if value.base is NULL and content is not None and self.storage_of(content) is NULL and \
                self.holds_integer_bits(ptr, store_bytes(int_type(64))):
            # integer storage whose pointers point nowhere holds them as their bits (_pointer_load)
            self.store(int_type(64), value.bits if value.bits is not None else Const(64, 0), ptr)
            return
        value = self.normalized(value)
        if value.base is not NULL and self.holds_integer_bits(ptr, store_bytes(int_type(64))) and \
                self.points_to.read_as_integers(holder):
            raise self._mixed_union(holder)
        if value.base.member:
            raise self.error(f"a pointer walking the array member '{value.base.name}' of a struct is stored in memory",
                             "store a pointer to the struct, or the index")
        index, byte = self.pointer_index(value, value.base.index_bits if value.base is not NULL else 64)
        self.stored_pointer_byte(value.base, byte, self.points_to.content(holder), holder)
        self.store(int_type(64), self.resize(index, 64), ptr)

    def _pointer_compare(self, pred: str, a: Ptr, b: Ptr) -> Operand:
        if a.bits is not None or b.bits is not None:
            return self.emit("icmp", 1, [self._bits_of(a), self._bits_of(b)], {"pred": pred})
        a, b = self.normalized(a), self.normalized(b)
        base = self._joined_storage(None, a, b)
        if base is NULL:                      # null against null
            return Const(1, int(pred in ("eq", "ule", "uge", "sle", "sge")))
        if self._bytes_apart(base, a, b):
            w = byte_bits(base)
            return self.emit("icmp", 1, [self.byte_index(a, w), self.byte_index(b, w)], {"pred": pred})
        ia, byte_a = self.pointer_index(a, base.index_bits)
        ib, byte_b = self.pointer_index(b, base.index_bits)
        if byte_a is not None and byte_b is not None and byte_a != byte_b:
            raise self.error("comparison of pointers to different fields is not supported")
        return self.emit("icmp", 1, [ia, ib], {"pred": pred})

    def pointer_bytes(self, ptr: Ptr, bits: int) -> Operand:
        """A pointer as an integer: its byte offset in its storage (0 for null). Only differences and
        comparisons of such integers mean anything, as in C. A pointer read from integer bits: them."""
        if ptr.bits is not None:
            return self.resize(ptr.bits, bits)
        if ptr.base is NULL:
            return Const(bits, 0)
        ptr = self.normalized(ptr)
        if self.byte_walk(ptr):
            return self.byte_index(ptr, bits)
        index, byte = self.pointer_index(ptr, bits)
        unit = ptr.base.elem_bytes
        if unit != 1:
            index = self.emit("shl", bits, [index, Const(bits, unit.bit_length() - 1)]) if unit & (unit - 1) == 0 \
                else self.emit("mul", bits, [index, Const(bits, unit)])
        return self.emit("add", bits, [index, Const(bits, byte)]) if byte else index

    def _bits_of(self, ptr: Ptr) -> Operand:
        """The 64 bits of a pointer that points nowhere, joined or compared with one read from integer
        bits: its own bits, 0 for null."""
        if ptr.bits is not None:
            return ptr.bits
        if ptr.base is NULL and not ptr.terms and not ptr.offset:
            return Const(64, 0)
        raise self.error("a pointer read from the integer bits of a union (a member written as an integer, read "
                         "through a pointer member) meets a pointer to an object",
                         "read the union through the member that was written")

    def holds_integer_bits(self, ptr: Ptr, nbytes: int) -> bool:
        """Whether the ``nbytes`` bytes at ``ptr`` are integers in their storage, not pointers held as
        element indices (``Base.pointers``; an element narrower than a byte is one too: the 1-bit index
        of pointers that point nowhere, in storages built without the flag)."""
        if ptr.base is NULL:
            return False
        ptr = self.field_pointer(ptr, nbytes)
        base = ptr.base
        if base.kind == "steer":
            return not any(m.pointers or m.elem_bits < 8 for m in base.members)
        if base.fields:
            off = ptr.offset % base.elem_bytes
            spans = [(o, f.member[1] * f.elem_bytes if f.member else (f.access_bytes or f.elem_bytes), f)
                     for o, f in base.fields.items()]
            return not any(f.pointers or f.elem_bits < 8 for o, n, f in spans if o < off + nbytes and off < o + n)
        return not (base.pointers or base.elem_bits < 8)
