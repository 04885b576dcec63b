"""Importer job: memset/memcpy/memmove of a length known at compile time → one store (or load and
store) per element they cover, as clang emits them for struct initialisation and copies; beyond
MAX_ELEMENTS elements (a big array cleared or copied whole), a loop of the importer's own that
handles one element, or one record of an array of structs, per iteration (``_element_loop``): with
automatic pipelining a copy between two memories takes N + 1 cycles, a clear N, a memmove within one
single-port memory 2N. A range that starts or ends inside a field of a record holds the object as
bytes (import_memory.py bytes_instead), or is refused; inside an element of an integer memory it reads
or writes those bytes of the element.

A copy from a constant table into a local object's memory that nothing else writes (a class's
``const`` member array with a default initialiser, which the constructor copies from a constant:
``const ap_uint<8> sbox[256] = {...};``) fills no memory at run time: the memory becomes a ROM of
those values. An alloca's contents before the copy are undefined and the copy always writes the same
values, so reading the table at any time gives what C gives. When code does write that memory, the
function is imported again with the copy as stores (ImportHints.written_tables)."""

from __future__ import annotations

from dataclasses import replace

from cryptohls.errors import UserError
from cryptohls.frontend.import_state import NULL, Base, ImportAgain, ImportState, Ptr
from cryptohls.frontend.lltypes import int_type, store_bytes
from cryptohls.frontend.member_copies import through_member
from cryptohls.ir.nodes import Block, Const, Operand

# attribute words that may sit between an argument's type and its value
_ARG_ATTRS = {"noundef", "nonnull", "noalias", "nocapture", "readonly", "writeonly", "immarg", "zeroext",
              "signext", "inreg", "captures(none)"}
MAX_ELEMENTS = 1024   # beyond this a copy is a loop (_element_loop): single accesses cost area and compile time


class MemoryIntrinsicImport(ImportState):
    def memory_intrinsic(self, name: str, toks: list[str]) -> None:
        args = self._intrinsic_args(toks)
        length = args[2]
        if not isinstance(length, Const):
            self._runtime_length(name.split(".")[1], args[0], args[1], length)
            return
        dst = args[0]
        memset = name.startswith("llvm.memset")
        if not memset:
            self._copies_whole_pointers(dst, args[1], length.value)
        if not memset and self._constant_copy(dst, args[1], length.value):
            return
        spans = self._element_spans(dst, length.value)
        if not memset:
            spans = self._source_spans(dst, args[1], spans)
        if len(spans) > MAX_ELEMENTS:
            self._intrinsic_loop(name.split(".")[1], dst, args[1], length.value, spans)
        elif memset:
            self._set_elements(dst, args[1], spans)
        else:
            self._copy_elements(dst, args[1], spans)

    def _set_elements(self, dst: Ptr, byte, spans: list[tuple[int, int]], step=None) -> None:
        """memset: ``byte`` into every element ``spans`` names (offsets from ``dst``); ``step``: the
        (index, bytes) term a loop adds to every address (_element_loop)."""
        for off, size in spans:
            target = self._displaced(dst, off)
            if self._holds_pointer(target):
                self.store(int_type(64), self._null_pointer(byte), self._stepped(target, step))
                continue
            value = byte if size == 1 else self._replicate(byte, size)
            self.store(int_type(8 * size), value, self._stepped(target, step))

    def _copy_elements(self, dst: Ptr, src: Ptr, spans: list[tuple[int, int]], step=None) -> None:
        """memcpy/memmove of the elements ``spans`` names; ``step`` as in _set_elements."""
        loaded = [(off, size, self.load(int_type(8 * size), self._stepped(self._displaced(src, off), step)))
                  for off, size in spans]
        for off, size, value in loaded:       # all loads first: memmove's ranges may overlap
            self.store(int_type(8 * size), value, self._stepped(self._displaced(dst, off), step))

    def _intrinsic_loop(self, kind: str, dst: Ptr, second, nbytes: int, spans: list[tuple[int, int]]) -> None:
        """A memset/memcpy/memmove of more than MAX_ELEMENTS elements as a loop whose iteration k
        handles the k-th period of the range: one element, or one record of an array of records (the
        elements of the first record the range reaches, at k record strides). Elements after the last
        whole period are handled once, after the loop. A memmove within one storage to higher
        addresses runs downwards, as the ranges may overlap."""
        period = dst.base.elem_bytes if dst.base.fields else spans[0][1]
        body = [(off, size) for off, size in spans if off < period]
        count = nbytes // period
        periodic = [(k * period + off, size) for k in range(count) for off, size in body]
        tail = spans[len(periodic):]
        if count < 2 or spans[:len(periodic)] != periodic or any(off + size > period for off, size in body) or \
                any(off < count * period for off, _ in tail):
            raise self.error(f"memset/memcpy of {len(spans)} elements that do not repeat element by element or "
                             "record by record", "copy or clear large arrays with a loop")
        downwards: bool | Operand = False
        if kind == "memmove" and dst.base is second.base:
            if dst.terms == second.terms:
                downwards = dst.offset > second.offset
            elif dst.base.fields:
                raise self.error(f"memmove of {len(spans)} elements within '{dst.base.name}' between records known "
                                 "only at run time", "copy large arrays of structs with a loop")
            else:   # places known at run time: the direction too
                width = dst.base.depth.bit_length() + 1
                downwards = self.emit("icmp", 1, [self.element_index(dst, width), self.element_index(second, width)],
                                      {"pred": "ugt"})

        def handle(part: list[tuple[int, int]], step) -> None:
            if kind == "memset":
                self._set_elements(dst, second, part, step)
            else:
                self._copy_elements(dst, second, part, step)

        if downwards is True:
            handle(tail, None)
        self._element_loop(kind, count, period, lambda step: handle(body, step), downwards)
        if downwards is not True:   # a direction known only at run time: no tail (no records)
            handle(tail, None)

    def _runtime_length(self, kind: str, dst, second, length: Operand) -> None:
        """A memset/memcpy/memmove whose length is known only at run time (`memcpy(out, in, len)` of a
        partial block) as the byte loop C would write: `for (i = 0; i < n; i++) d[i] = s[i];`, which
        runs no iteration when n is 0. Each byte is an ordinary access through the pointers (a byte of a
        wider element reads the element and shifts: import_access.py). Refused: pointers held as bytes
        (a byte of a pointer has no meaning here), a memmove within one object (its direction would
        have to be chosen at run time), and a struct held as one memory per field (below)."""
        sides = [dst] if kind == "memset" else [dst, second]
        for k, side in enumerate(sides):
            if not isinstance(side, Ptr) or side.base is NULL:
                raise self.error(f"'{kind}' through a null pointer")
            if side.base.pointers or side.base.name in self.slot_arrays:
                raise self.error(f"'{kind}' of pointers with a length computed at run time is not supported",
                                 "copy pointers one by one")
            if side.base.fields:
                # a struct held as one memory per field: the optimised IR cannot tell `memcpy(&s, src,
                # n)`, which may cover every field, from `memcpy(s.first, src, n)`. Held as bytes
                # (import again), every byte is where C has it; a struct that cannot be (it holds a
                # pointer, shares a pool) takes the copy when its pointer comes from one array field
                # (the loop indexes that field's memory), else is refused.
                self.bytes_instead(side.base)
                if self._through_member(k):
                    continue
                raise self.error(f"'{kind}' of a length computed at run time over struct '{side.base.name}' "
                                 "(held as one memory per field) is not supported",
                                 "copy the fields with a loop, or with a constant length")
        if kind == "memmove" and dst.base is second.base:
            raise self.error("'memmove' within one object with a length computed at run time is not supported",
                             "copy with a loop in the direction the ranges need")

        def body(step) -> None:
            if kind == "memset":
                self.store(int_type(8), self.resize(second, 8), self._stepped(dst, step))
            else:
                value = self.load(int_type(8), self._stepped(second, step))
                self.store(int_type(8), value, self._stepped(dst, step))

        self._element_loop(kind, length, 1, body, False)

    def _through_member(self, arg: int) -> bool:
        """Does argument ``arg`` (0: destination, 1: source) of the copy being imported come from one
        array field of a struct, as the -O0 IR shows (member_copies.py)? C bounds the copy by the field."""
        return through_member(self.member_copies, self.dbg, self.cur, arg)

    def _element_loop(self, kind: str, count: int | Operand, period: int, emit_body,
                      downwards: bool | Operand) -> None:
        """A loop of ``count`` iterations in blocks of its own, the rest of the LLVM block continuing
        after it (``block_tail``): ``emit_body((index, period))`` emits one iteration, the index
        counting up from 0 (down from count - 1 when ``downwards``, a bit when known only at run time).
        An ordinary counted loop of one block, as C's `for` gives: automatic pipelining
        (passes/auto_pipeline.py) overlaps its iterations. Its key and name are the intrinsic's place
        (``memset_ln<line>``). A count known only at run time (an operand, never with ``downwards``)
        is tested first: a count of 0 skips the loop."""
        pre = self.block
        taken = {b.name for b in self.fn.blocks}
        n = next(k for k in range(1, len(taken) + 2) if f"{pre.name}_{kind}{k}" not in taken)
        loop, after = Block(f"{pre.name}_{kind}{n}"), Block(f"{pre.name}_{kind}{n}_end")
        at = self.fn.blocks.index(pre)
        self.fn.blocks[at + 1:at + 1] = [loop, after]
        if isinstance(count, int):
            width = count.bit_length()
            limit: Operand = Const(width, count)
            self.emit("br", 0, [], {"targets": [loop.name]})
        else:
            width, limit = count.width, count
            some = self.emit("icmp", 1, [count, Const(width, 0)], {"pred": "ne"})
            self.emit("br", 0, [some], {"targets": [loop.name, after.name]})
        self.block = loop
        i = self.emit("phi", width, [], {"blocks": [pre.name, loop.name], "name": f"{kind}_i"})
        index: Operand = i
        if downwards is not False:
            down = self.emit("sub", width, [Const(width, count - 1), i])
            index = down if downwards is True else self.emit("select", width, [downwards, down, i])
        emit_body((index, period))
        nxt = self.emit("add", width, [i, Const(width, 1)])
        more = self.emit("icmp", 1, [nxt, limit], {"pred": "ult"})
        loc = self.dbg.loc(self.cur.dbg) if self.cur else None
        line, col = (loc.line, loc.col) if loc else (0, 0)
        self.emit("br", 0, [more], {"targets": [loop.name, after.name], "loop_line": line,
                                    "loop_key": f"{line}:{col}", "loop_name": f"{kind}_ln{line}"})
        i.operands = [Const(width, 0), nxt]
        self.block = after
        origin = next((llvm for llvm, tail in self.block_tail.items() if tail == pre.name), pre.name)
        self.block_tail[origin] = after.name

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
            for off, size in self._element_spans(dst, nbytes):
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

    @staticmethod
    def _stepped(ptr: Ptr, step) -> Ptr:
        return ptr if step is None else Ptr(ptr.base, [*ptr.terms, step], ptr.offset)

    def _element_spans(self, ptr: Ptr, nbytes: int) -> list[tuple[int, int]]:
        """(offset from ptr, bytes) of every element a range of nbytes from ptr covers (padding skipped).
        In an integer memory (import_access.py _is_punned) a range may start or end inside an element:
        its bytes there are a span of their own, which the access reads, or writes back merged into the
        element's other bytes (clang copies `union { uint32_t f0; signed f1 : 3; } g = l;` as 3 bytes at
        byte 1: Csmith subset seed 6779)."""
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
                if size and pos + size > nbytes or not size and self._inside_field(base, (ptr.offset + pos) % stride):
                    self.bytes_instead(base)   # import_memory.py: the object as bytes when it can be
                    raise self.error(f"memset/memcpy of part of a field of '{base.name}'", "copy or clear whole fields")
                if size:
                    spans.append((pos, size))
                pos += size or 1
        else:
            size = base.access_bytes or base.elem_bytes
            pos = 0
            while pos < nbytes:       # whole elements, and the bytes of one where the range starts or ends inside it
                inside = (ptr.offset + pos) % size
                n = min(size - inside, nbytes - pos)
                if n != size and not self._is_punned(int_type(8 * n), self._displaced(ptr, pos)):
                    raise self.error(f"memset/memcpy of part of an element of '{base.name}'",
                                     "copy or clear whole elements")
                spans.append((pos, n))
                pos += n
        return spans

    def _source_spans(self, dst: Ptr, src, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``spans`` of a copy between two integer memories, each split where it crosses an element of
        the source (a copy of bytes 2-6 of a uint32_t array reads bytes 2-3 of one element, 0-2 of the
        next)."""
        if not isinstance(src, Ptr) or src.base.kind != "mem" or dst.base.kind != "mem" or src.base.fields or \
                dst.base.fields or not src.base.elem_bytes:
            return spans       # the loads and stores take these apart, or refuse them
        size = src.base.access_bytes or src.base.elem_bytes
        split: list[tuple[int, int]] = []
        for off, n in spans:
            pos = off
            while pos < off + n:
                inside = (src.offset + pos) % size
                piece = n - (pos - off) if inside == 0 and (off + n - pos) % size == 0 else \
                    min(size - inside, off + n - pos)
                for side in (src, dst) if piece != n else (src,):
                    whole = side.base.access_bytes or side.base.elem_bytes
                    if piece % whole and not self._is_punned(int_type(8 * piece), self._displaced(side, pos)):
                        raise self.error(f"memcpy of part of an element of '{side.base.name}'",
                                         "copy whole elements")
                split.append((pos, piece))
                pos += piece
        return split

    def _inside_field(self, base: Base, inside: int) -> bool:
        """Is byte ``inside`` of a record of ``base`` part of a field (its own or pooled) that starts
        before it? A copy from there would leave the field's first bytes out."""
        extents = [(start, f.member[1] * f.elem_bytes if f.member else f.access_bytes or f.elem_bytes)
                   for start, f in base.fields.items()]
        shape = self.points_to.shapes.get(base.owner) if base.owner else None
        if shape is not None:
            extents += [(start, store_bytes(leaf)) for start, leaf in shape.fields.items()]
        return any(start < inside < start + n for start, n in extents)
