"""Importer job: loads and stores → the access their base needs (memory, port, port slice, partitioned element, word slice)."""

from __future__ import annotations

from cryptohls.frontend.import_pointers import byte_addressable
from cryptohls.frontend.import_state import NULL, Base, ImportState, Ptr, source_name
from cryptohls.frontend.lltypes import LLType, size_of, store_bytes
from cryptohls.ir.nodes import Const, Op, Operand


def _field_span(f: Base) -> int:
    """Bytes of a record that one field's storage holds: all elements of an array member."""
    return f.member[1] * f.elem_bytes if f.member else (f.access_bytes or f.elem_bytes)

class AccessImport(ImportState):
    def load(self, t: LLType, ptr: Ptr) -> Operand:
        if ptr.base is NULL:
            # An access through the null pointer is undefined (C11 6.5.3.2p4), so no defined run
            # reaches it; it is met on a branch taken only when a pointer is null (`if (p == NULL)
            # x = **p;`), where clang's optimiser puts the constant null in, and keeps it when the
            # access is volatile. The hardware reads 0 there (and drops a store, below).
            return Const(t.bits, 0)
        ptr = self.field_pointer(ptr, store_bytes(t))   # a field kept in a pool (import_memory.py)
        part = self._part_of_field(t, ptr)
        if part is not None:
            return self._load_part(t, *part)
        pieces = self._field_pieces(t, ptr)
        if pieces is not None:
            return self._load_fields(t, pieces)
        ptr = self._field(ptr)
        if ptr.base.kind == "steer":          # import_steer.py
            return self.steered_load(t, ptr)
        base = ptr.base
        if t.kind != "int":
            raise self.error("loads of aggregates are not supported")
        if self._is_word_slice(t, ptr):
            return self._load_word_slice(t, ptr)
        if self._is_punned(t, ptr):
            return self._punned_load(t, ptr)
        if self._is_run_time_part(t, ptr):
            word, shift, _ = self._run_time_part(t, ptr)
            return self.resize(self.emit("lshr", base.elem_bits, [word, shift]), t.bits)
        self._check_width(t, base)
        if base.kind == "mem":
            addr = self.address(ptr, 0)
            v = self.emit("load", base.elem_bits, [addr], {"mem": base.name})
            return self.resize(v, t.bits)
        if base.kind == "scalar":
            lo, w = self._scalar_slice(t, ptr)
            if base.shadow:                   # the value in the call, not the caller's (fill_shadows)
                v = self.emit("load", base.elem_bits, [Const(1, 0)], {"mem": base.shadow})
                v = self.emit("lshr", base.elem_bits, [v, Const(base.elem_bits, lo)]) if lo else v
                return self.resize(v, t.bits)
            attrs = {"param": base.params[0], **({"lo": lo} if lo else {})}
            v = self.emit("param", w if (lo or w < base.elem_bits) else base.elem_bits, [], attrs)
            return self.resize(v, t.bits)
        addr = self.address(ptr, 0)
        if base.shadow:                       # partitioned or reshaped, read after a write (fill_shadows)
            return self.resize(self.emit("load", base.elem_bits, [addr], {"mem": base.shadow}), t.bits)
        if isinstance(addr, Const):
            i = addr.value if addr.value < base.depth else 0
            attrs = {"param": base.params[i]} if base.kind == "partitioned" else \
                {"param": base.params[0], "lo": i * base.elem_bits}
            return self.resize(self.emit("param", base.elem_bits, [], attrs), t.bits)
        elems = self._element_reads(base)
        result = elems[0]
        for i in range(1, len(elems)):
            hit = self.emit("icmp", 1, [addr, Const(addr.width, i)], {"pred": "eq"})
            result = self.emit("select", base.elem_bits, [hit, elems[i], result])
        return self.resize(result, t.bits)

    def fill_shadows(self) -> None:
        """At the call's start, the registers of each shadowed argument take its input ports' values."""
        for base in self.bases.values():
            if not base.shadow:
                continue
            aw = max(1, (base.depth - 1).bit_length())
            reads = self._element_reads(base) if base.kind != "scalar" else \
                [self.emit("param", base.elem_bits, [], {"param": base.params[0]})]
            for i, value in enumerate(reads):
                self.emit("store", 0, [Const(aw, i), value], {"mem": base.shadow})

    def _write_shadow(self, base: Base, value: Operand, lo: int, w: int) -> None:
        """A store to a shadowed scalar argument: bits lo..lo+w of its register (the others kept)."""
        bits = base.elem_bits
        piece = self.resize(self.resize(value, w), bits)
        if w < bits:
            old = self.emit("load", bits, [Const(1, 0)], {"mem": base.shadow})
            keep = ((1 << bits) - 1) ^ (((1 << w) - 1) << lo)
            piece = self.emit("shl", bits, [piece, Const(bits, lo)]) if lo else piece
            piece = self.emit("or", bits, [self.emit("and", bits, [old, Const(bits, keep)]), piece])
        self.emit("store", 0, [Const(1, 0), piece], {"mem": base.shadow})

    def _element_reads(self, base: Base) -> list[Op]:
        if base.kind == "partitioned":
            return [self.emit("param", base.elem_bits, [], {"param": pn}) for pn in base.params]
        return [self.emit("param", base.elem_bits, [], {"param": base.params[0], "lo": i * base.elem_bits})
                for i in range(base.depth)]

    def store(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        if ptr.base is NULL:                  # undefined, never run: see load()
            return
        ptr = self.field_pointer(ptr, store_bytes(t))   # a field kept in a pool (import_memory.py)
        part = self._part_of_field(t, ptr)
        if part is not None:
            self._store_part(t, value, *part)
            return
        pieces = self._field_pieces(t, ptr)
        if pieces is not None:
            self._store_fields(t, value, pieces)
            return
        ptr = self._field(ptr)
        if ptr.base.kind == "steer":          # import_steer.py
            self.steered_store(t, value, ptr)
            return
        base = ptr.base
        if t.kind != "int":
            raise self.error("stores of aggregates are not supported")
        if self._is_word_slice(t, ptr):
            self._store_word_slice(t, value, ptr)
            return
        if self._is_punned(t, ptr):
            self._punned_store(t, value, ptr)
            return
        if self._is_run_time_part(t, ptr):
            self._run_time_part_store(t, value, ptr)
            return
        self._check_width(t, base)
        if base.kind == "scalar":
            # C may write a wide scalar in pieces (clang stores an ap_uint<128> as two i64 halves):
            # each piece goes to its own bit slice of the port.
            lo, w = self._scalar_slice(t, ptr)
            attrs = {"param": base.params[0], **({"lo": lo} if lo or w < base.elem_bits else {})}
            self.emit("out", 0, [self.resize(value, w if attrs.get("lo") is not None else base.elem_bits)],
                      attrs)
            if base.shadow:
                self._write_shadow(base, value, lo, w)
            return
        value = self.resize(value, base.elem_bits)
        addr = self.address(ptr, 0)
        if base.kind == "mem":
            self.emit("store", 0, [addr, value], {"mem": base.name})
            return
        if not isinstance(addr, Const):
            raise self.error(f"write to partitioned/reshaped array '{base.name}' with an index computed at run time",
                             "unroll the loop that writes it, or use the default ap_memory interface")
        if base.kind == "partitioned":
            self.emit("out", 0, [value], {"param": base.params[addr.value]})
        else:
            self.emit("out", 0, [value], {"param": base.params[0], "lo": addr.value * base.elem_bits})
        if base.shadow:
            self.emit("store", 0, [addr, value], {"mem": base.shadow})

    def _part_of_field(self, t: LLType, ptr: Ptr) -> tuple[Ptr, int] | None:
        """An access to part of one integer element of a record's field, at a constant byte inside it
        (clang writes an ap_uint<128> member as two i64 halves): (the element, the byte inside it)."""
        base = ptr.base
        if not base.fields:
            return None
        off = ptr.offset % base.elem_bytes
        found = base.field_at(off) or next(((o, f) for o, f in base.fields.items()
                                            if o < off < o + (f.access_bytes or f.elem_bytes)), None)
        if found is None or found[1].kind != "mem":
            return None
        start, field = found
        size = field.access_bytes or field.elem_bytes
        # indices step over whole records, or over whole elements of an array member
        if any(s % (size if field.member else base.elem_bytes) for _, s in ptr.terms):
            return None
        inside, nbytes = (off - start) % size, (t.bits + 7) // 8
        if (inside == 0 and nbytes >= size) or inside + nbytes > size or field.elem_bits != 8 * size:
            return None
        element = self._field(Ptr(base, ptr.terms, ptr.offset - inside))
        return (element, inside) if element.base.kind == "mem" else None

    def _load_part(self, t: LLType, element: Ptr, inside: int) -> Operand:
        bits = element.base.elem_bits
        word = self.emit("load", bits, [self.address(element, 0)], {"mem": element.base.name})
        if inside:
            word = self.emit("lshr", bits, [word, Const(bits, 8 * inside)])
        return self.resize(word, t.bits)

    def _store_part(self, t: LLType, value: Operand, element: Ptr, inside: int) -> None:
        bits, w = element.base.elem_bits, t.bits
        addr = self.address(element, 0)
        old = self.emit("load", bits, [addr], {"mem": element.base.name})
        keep = ((1 << bits) - 1) ^ (((1 << w) - 1) << (8 * inside))
        piece = self.resize(self.resize(value, w), bits)
        if inside:
            piece = self.emit("shl", bits, [piece, Const(bits, 8 * inside)])
        merged = self.emit("or", bits, [self.emit("and", bits, [old, Const(bits, keep)]), piece])
        self.emit("store", 0, [addr, merged], {"mem": element.base.name})

    def _field_pieces(self, t: LLType, ptr: Ptr) -> list[tuple[int, Ptr]] | None:
        """An access to a record that spans several of its fields, as (bit position, field pointer)
        per field, lowest address first; None for an access inside one field.

        Clang reads and writes bit-fields as one integer over the bytes that hold them (an `i24` over
        a packed `{ i8, i8, i8 }`, found by Csmith); each field is its own memory here, so the access
        becomes one access per field. Padding bytes read as 0 and are not written."""
        base = ptr.base
        if not base.fields:
            return None
        stride = base.elem_bytes
        off = ptr.offset % stride
        nbytes = (t.bits + 7) // 8
        found = base.field_at(off)
        if found is not None and found[1].member and nbytes <= found[1].elem_bytes:
            return None                       # one element of an array member
        first = base.fields.get(off)
        if first is not None and nbytes <= (first.access_bytes or first.elem_bytes):
            return None
        if any(s % stride for _, s in ptr.terms):
            self.needs_member_arrays(base)
            self.bytes_instead(base)          # no field's memory serves it: the bytes it covers
            raise self.error(f"access into '{base.name}' that does not select a whole field",
                             "index the array of structs, then name the field")
        pieces: list[tuple[int, Ptr]] = []
        pos = off
        while pos < off + nbytes:
            member = base.field_at(pos)
            if member is not None and member[1].member and member[1].kind == "mem":
                # an element of an array member kept whole (member_arrays), through its memory: a
                # byte array read as words (`u32 *wd = (u32 *)cxt->es; wd[1]`, SUPERCOP's CLOC)
                element = Ptr(base, ptr.terms, ptr.offset - off + pos)
                pieces.append(((pos - off) * 8, self._member_element(element, *member)))
                pos += member[1].elem_bytes
                continue
            field_base = base.fields.get(pos)
            if field_base is None:
                # Inside a field, not padding: an array member's later elements too (a union
                # `{ i8, [3 x i8] }` written as an i32 once lost its bytes 2-3 here as "padding").
                if any(o < pos < o + _field_span(f) for o, f in base.fields.items()):
                    self.bytes_instead(base)
                    raise self.error(f"access into the middle of a field of '{base.name}'")
                pos += 1                        # padding
                continue
            pieces.append(((pos - off) * 8, Ptr(field_base, ptr.terms, ptr.offset - off)))
            pos += field_base.access_bytes or field_base.elem_bytes
        if pos != off + nbytes:
            self.bytes_instead(base)
            raise self.error(f"access of {t.bits} bits that ends in the middle of a field of '{base.name}'")
        return pieces

    def _load_fields(self, t: LLType, pieces: list[tuple[int, Ptr]]) -> Operand:
        result: Operand = Const(t.bits, 0)
        for bit, fptr in pieces:
            if bit >= t.bits:
                break
            value = self.emit("load", fptr.base.elem_bits, [self.address(fptr, 0)], {"mem": fptr.base.name})
            value = self.resize(value, t.bits)
            if bit:
                value = self.emit("shl", t.bits, [value, Const(t.bits, bit)])
            result = value if isinstance(result, Const) else self.emit("or", t.bits, [result, value])
        return result

    def _store_fields(self, t: LLType, value: Operand, pieces: list[tuple[int, Ptr]]) -> None:
        for bit, fptr in pieces:
            if bit >= t.bits:
                break
            piece = self.emit("lshr", t.bits, [value, Const(t.bits, bit)]) if bit else value
            self.emit("store", 0, [self.address(fptr, 0), self.resize(piece, fptr.base.elem_bits)],
                      {"mem": fptr.base.name})

    @staticmethod
    def _is_word_slice(t: LLType, ptr: Ptr) -> bool:
        """A local one-word variable (e.g. an ap_uint<96> opt could not promote) read or written in pieces
        at constant offsets, as clang does when it passes or returns it as i64 halves. Not a pointer
        (a union of a pointer and an integer written through the integer, Csmith subset seed 100368):
        its word is an index, whose bits are no bytes of memory."""
        base = ptr.base
        return (base.kind == "mem" and base.depth == 1 and not base.fields and not ptr.terms
                and not base.pointers and size_of(t) != (base.access_bytes or base.elem_bytes))

    def _load_word_slice(self, t: LLType, ptr: Ptr) -> Operand:
        base = ptr.base
        lo = ptr.offset * 8
        if lo >= base.elem_bits:   # only the padding after the value: its contents are undefined in C
            return Const(t.bits, 0)
        word = self.emit("load", base.elem_bits, [self.address(Ptr(base, [], 0), 0)], {"mem": base.name})
        if lo:
            word = self.emit("lshr", base.elem_bits, [word, Const(base.elem_bits, lo)])
        return self.resize(word, t.bits)

    def _store_word_slice(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        base = ptr.base
        lo = ptr.offset * 8
        if lo >= base.elem_bits:   # a write to the padding only
            return
        bits = base.elem_bits
        w = min(t.bits, bits - lo)
        addr = self.address(Ptr(base, [], 0), 0)
        old = self.emit("load", bits, [addr], {"mem": base.name})
        keep = ((1 << bits) - 1) ^ (((1 << w) - 1) << lo)
        piece = self.resize(self.resize(value, w), bits)
        if lo:
            piece = self.emit("shl", bits, [piece, Const(bits, lo)])
        merged = self.emit("or", bits, [self.emit("and", bits, [old, Const(bits, keep)]), piece])
        self.emit("store", 0, [addr, merged], {"mem": base.name})

    @staticmethod
    def _is_punned(t: LLType, ptr: Ptr) -> bool:
        """An access of another width than the elements of an integer array in memory, at a byte
        position fixed relative to the elements: `*(uint32_t *)bytes`, or opt's reading of a
        `memcpy(&w, bytes, 4)` as one i32 load; a struct returned by value as one i64. Any run of bytes
        inside one element: SROA copies a union `{ i64 }` whose first two bytes it took apart (a
        10-bit bit-field, a uint16_t member) as an i16 at byte 0 and an i48 at byte 2 (Csmith subset
        seeds 3136, 5129); an i48 is 6 bytes of memory, not the 8 its type is allocated."""
        base = ptr.base
        size = base.access_bytes or base.elem_bytes
        if base.kind != "mem" or base.fields or base.elem_bits != 8 * size or base.member or base.pointers:
            return False
        nbytes = (t.bits + 7) // 8
        if nbytes == size or any(s % size for _, s in ptr.terms):
            return False
        inside = ptr.offset % size
        return (nbytes % size == 0 and inside == 0) or inside + nbytes <= size

    def _punned_load(self, t: LLType, ptr: Ptr) -> Operand:
        """Little-endian, as the native compiler reads memory: element k holds bytes k × size onwards."""
        base = ptr.base
        size = base.access_bytes or base.elem_bytes
        nbytes = (t.bits + 7) // 8
        if nbytes > size:                      # several whole elements, lowest address in the low bits
            inside = self._inside(ptr, nbytes // size, "load")
            words = [self.emit("load", base.elem_bits, [self.address(Ptr(base, ptr.terms, ptr.offset + k * size), 0)],
                               {"mem": base.name}) if inside[k] else Const(base.elem_bits, 0)
                     for k in range(nbytes // size)]
            value = self.emit("concat", 8 * nbytes, words[::-1])
            return self.resize(value, t.bits)
        inside = ptr.offset % size             # part of one element
        word = self.emit("load", base.elem_bits, [self.address(Ptr(base, ptr.terms, ptr.offset - inside), 0)],
                         {"mem": base.name})
        if inside:
            word = self.emit("lshr", base.elem_bits, [word, Const(base.elem_bits, 8 * inside)])
        return self.resize(word, t.bits)

    def _inside(self, ptr: Ptr, count: int, what: str) -> list[bool]:
        """Which of the ``count`` elements of a wide access lie inside its object. At a constant address
        past the end, C's behaviour is undefined and a native run reads or writes whatever lies next in
        memory (TACLe's rijndael: `*(unsigned long *)r = ...` over `char r[4]`, written when `long` had 4
        bytes); the address would wrap onto the object's first elements, so such bytes are dropped (a
        store) or read as 0 (a load), with a warning, and the object's own bytes stay as native has them."""
        base = ptr.base
        size = base.access_bytes or base.elem_bytes
        first = ptr.offset // size
        inside = [bool(ptr.terms) or 0 <= first + k < base.depth for k in range(count)]
        if not all(inside):
            past = [(first + k) * size for k in range(count) if not inside[k]]
            self.warn(f"a {what} of {count * size} bytes at byte {ptr.offset} of '{source_name(base.name)}' "
                      f"({base.depth * size} bytes) reaches bytes {past[0]}..{past[-1] + size - 1}, outside it: "
                      f"undefined in C; those bytes are {'read as 0' if what == 'load' else 'not written'}")
        return inside

    def _punned_store(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        base = ptr.base
        size = base.access_bytes or base.elem_bytes
        nbytes = (t.bits + 7) // 8
        value = self.resize(value, 8 * nbytes)
        if nbytes > size:
            inside = self._inside(ptr, nbytes // size, "store")
            for k in range(nbytes // size):
                if not inside[k]:
                    continue
                piece = self.emit("slice", base.elem_bits, [value], {"lo": 8 * k * size})
                self.emit("store", 0, [self.address(Ptr(base, ptr.terms, ptr.offset + k * size), 0), piece],
                          {"mem": base.name})
            return
        inside = ptr.offset % size             # read-modify-write of one element
        bits = base.elem_bits
        addr = self.address(Ptr(base, ptr.terms, ptr.offset - inside), 0)
        old = self.emit("load", bits, [addr], {"mem": base.name})
        keep = ((1 << bits) - 1) ^ (((1 << (8 * nbytes)) - 1) << (8 * inside))
        piece = self.resize(value, bits)
        if inside:
            piece = self.emit("shl", bits, [piece, Const(bits, 8 * inside)])
        merged = self.emit("or", bits, [self.emit("and", bits, [old, Const(bits, keep)]), piece])
        self.emit("store", 0, [addr, merged], {"mem": base.name})

    @staticmethod
    def _is_run_time_part(t: LLType, ptr: Ptr) -> bool:
        """A narrower access than the elements of an integer array in memory at a byte position known
        only at run time: `((uint8_t *)state)[i]` over `uint64_t state[...]` (SUPERCOP's MORUS reads
        its tag so; a `memcpy` of a run-time length into a word array is such a byte loop; a byte
        pointer walking words, held as a byte index). Every offset is a multiple of the access's
        bytes (a power of two dividing the element's), so the access lies inside one element, at a
        byte known only at run time. (A wider access through a byte index is refused: its `align`
        would promise that, but C code that reads misaligned words, as x86 allows, is common.)"""
        base = ptr.base
        size = base.elem_bytes
        nbytes = (t.bits + 7) // 8
        if not byte_addressable(base) or nbytes >= size or nbytes & (nbytes - 1) or t.bits != 8 * nbytes:
            return False
        steps = [s for _, s in ptr.terms]
        return any(s % size for s in steps) and all(s % nbytes == 0 for s in steps) and ptr.offset % nbytes == 0

    def _run_time_part(self, t: LLType, ptr: Ptr) -> tuple[Operand, Operand, Operand]:
        """(the element's value, the shift of the access's bits in it, the element's index) of a
        run-time part access: little-endian, element k holds bytes k × size onwards."""
        base = ptr.base
        size = base.elem_bytes
        aw = max(1, (base.depth - 1).bit_length())
        lg = size.bit_length() - 1
        width = aw + lg
        byte = self.byte_index(ptr, width)
        index = self.resize(self.emit("lshr", width, [byte, Const(width, lg)]), aw)
        inside = self.emit("and", width, [byte, Const(width, size - 1)])
        shift = self.emit("shl", base.elem_bits, [self.resize(inside, base.elem_bits), Const(base.elem_bits, 3)])
        word = self.emit("load", base.elem_bits, [index], {"mem": base.name})
        return word, shift, index

    def _run_time_part_store(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        """Read-modify-write of the element: its other bytes keep their values."""
        base = ptr.base
        bits = base.elem_bits
        old, shift, index = self._run_time_part(t, ptr)
        mask = self.emit("shl", bits, [Const(bits, (1 << t.bits) - 1), shift])
        keep = self.emit("and", bits, [old, self.emit("xor", bits, [mask, Const(bits, (1 << bits) - 1)])])
        piece = self.emit("shl", bits, [self.resize(value, bits), shift])
        self.emit("store", 0, [index, self.emit("or", bits, [keep, piece])], {"mem": base.name})

    def _scalar_slice(self, t: LLType, ptr: Ptr) -> tuple[int, int]:
        """(lowest bit, width) of the port slice a load/store through a scalar pointer touches."""
        base = ptr.base
        if ptr.terms:
            raise self.error(f"access to scalar '{base.name}' at an offset computed at run time",
                             "read and write the whole value")
        lo = ptr.offset * 8
        if lo >= base.elem_bits:
            raise self.error(f"access beyond the {base.elem_bits} bits of '{base.name}'")
        return lo, min(t.bits, base.elem_bits - lo)

    def _check_width(self, t: LLType, base: Base) -> None:
        if size_of(t) != (base.access_bytes or base.elem_bytes):
            raise self.error(f"access of {t.bits} bits to '{base.name}' whose elements have {base.elem_bits} bits",
                             "access arrays with their own element type (no type punning)")
