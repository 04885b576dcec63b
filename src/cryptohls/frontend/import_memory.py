"""Importer job: globals and allocas → memories (ROM/RAM/register files, structs as one memory per field),
with the storage directives the directive table (directives.py) gives each object.

Objects one pointer may point into (points_to.py: one class) share one memory, a *pool*
(import_pools.py), so that a pointer chosen at run time is just an element index into it. A pointer
stored in memory (a pointer field, a global pointer, an array of pointers) is stored as that index."""

from __future__ import annotations

from dataclasses import replace

from cryptohls.frontend.dbginfo import CLoc
from cryptohls.frontend.directives import partition_type, target_of
from cryptohls.frontend.field_objects import member_name, split_member
from cryptohls.frontend.import_state import FLAGS, NULL, Base, DirectiveError, ImportAgain, ImportState, Ptr, legal, source_name
from cryptohls.frontend.llparse import Instr, meta_tuple, tokenize
from cryptohls.frontend.struct_split import member_plan, split_rows
from cryptohls.frontend.struct_views import TEMPORARY, object_key
from cryptohls.frontend.storage_directives import STORAGE_KINDS, bind_storage, partition_attr, partition_kind, storage_impl
from cryptohls.frontend.lltypes import (PTR, LLType, int_type, leaf_offsets, leaves, null_as_zero, parse_constant,
                                        record_members, record_type, size_of, store_bytes, uniform_leaf)
from cryptohls.ir.nodes import Const, Memory, Op


class MemoryImport(ImportState):
    def _initial_values(self, g, t: LLType, source_name: str, pointer=None) -> list[int]:
        """A global's initializer as leaf values (a pointer leaf: the element index it points to, or
        what ``pointer`` makes of it)."""
        return parse_constant(self.types, tokenize(g.init), 0, t, pointer or self._pointer_constant)[0]

    def _byte_values(self, g) -> list[int]:
        """A global's initial value as its bytes in memory, little-endian, padding 0 (bytes_instead)."""
        t = self.types.from_text(g.type)
        out = [0] * size_of(t)
        values = parse_constant(self.types, tokenize(g.init), 0, t, null_as_zero)[0]
        for (off, leaf), v in zip(leaf_offsets(t), values):
            for k in range(store_bytes(leaf)):
                out[off + k] = (v >> (8 * k)) & 0xFF
        return out

    def bytes_instead(self, base: Base) -> None:
        """An access that cuts a field of an object's records: a union written through one member and
        read through another whose fields lie elsewhere (`union { struct S3 f0; uint16_t f2; }`; clang
        types a union after its first member, or an initialised one after its constant; a struct copied
        into such a union: Csmith seeds 100297, 100714, 100779, 100951). Import again with the object
        held as bytes, every access reading or writing the bytes it covers, as memory does. Only an
        object of its own memories (in no pool, no argument) that holds no pointer (points-to: no
        content in its classes; a pointer is an index, no bytes); else the caller's refusal stands."""
        owner = base.owner
        if not owner or owner in self.hints.byte_objects or base.member:
            return
        if owner.startswith("@"):
            if owner not in self.mod.globals:
                return
            t = self.types.from_text(self.mod.globals[owner].type)
        elif owner in {a.name for a in self.top.args}:
            return
        else:
            t = self.types.parse([x for x in self._alloca_instr(owner).tokens if x not in FLAGS], 0)[0]
        shape = self.points_to.shapes.get(owner)
        classes = [self.points_to.class_of_object(member_name(owner, off)) for off in shape.fields] if shape \
            else [self.points_to.class_of_object(owner)]
        if any(len(self.points_to.objects(c)) > 1 or self.points_to.content(c) is not None for c in classes):
            return
        if any(leaf.kind != "int" for leaf in leaves(t)):
            return
        raise ImportAgain(replace(self.hints, byte_objects=self.hints.byte_objects | {owner}))

    def holds_no_pointer(self, obj: str, leaf: LLType | None) -> bool:
        """An object of pointers (a union whose first member is one: `union U { int8_t *f0; int32_t f1;
        }` is `{ ptr }`) that no pointer to an object is ever stored into or read from (points-to: its
        class has no content, or one of no object): its bytes are integers, so it is a 64-bit integer,
        a null pointer 0 (Csmith seed 100491; as 1-bit indices, a read of f1 was refused). Pointers
        loaded from it are those bits (import_pointers.py _pointer_load: a union's integer member kept
        in a copy of type `ptr`, Csmith seed 5501)."""
        if leaf is None or leaf.kind != "ptr":
            return False
        content = self.points_to.content(self.points_to.class_of_object(obj))
        return content is None or not self.points_to.objects(content)

    def _holds_pointers(self, obj: str) -> bool:
        """Are pointers ever stored into or read from object ``obj`` (points-to: its class has a content)?"""
        return self.points_to.content(self.points_to.class_of_object(obj)) is not None

    def _pointer_constant(self, toks: list[str] | None, i: int) -> tuple[int, int]:
        if toks is None:
            return (1 << 64) - 1, i + 1          # null: all ones, cut to the index width
        ptr = self.normalized(self.pointer(toks[i], toks, i))
        index, byte = self.pointer_index(ptr, 64)
        self.stored_pointer_byte(ptr.base, byte, self.points_to.address_class(toks, i))
        assert isinstance(index, Const)
        return index.value, i + 1

    def object_pointer(self, obj: str) -> Ptr:
        """A pointer to the first byte of a global (``@g``) or alloca (``%x``)."""
        cls = self.points_to.class_of_object(obj)
        if len(self.points_to.objects(cls)) > 1:
            base, first = self._pool(cls)
            member = first[obj] >> base.slot_bits if base.kind == "steer" else None
            return Ptr(base, [], first[obj] * base.elem_bytes, member)
        if obj.startswith("@"):
            return Ptr(self.global_base(obj), [], 0)
        return self.values[obj]

    def storage_of(self, cls: int) -> Base:
        """The storage every pointer of a points-to class points into."""
        objects = self.points_to.objects(cls)
        if not objects:
            return NULL
        if len(objects) > 1:
            return self._pool(cls)[0]
        obj = self._owner(objects[0])          # a field of a split struct: in the struct's own memories
        if obj in self.values or obj.startswith("@"):
            return self.object_pointer(obj).base
        self.alloca(self._alloca_instr(obj))
        return self.values[obj].base

    @staticmethod
    def _owner(obj: str) -> str:
        """The object a field object (points_to.py, field_objects.py) belongs to; any other object itself."""
        member = split_member(obj)
        return member[0] if member else obj

    def _holder(self, owner: str, off: int) -> str:
        """The points-to object of the field at byte ``off`` of ``owner``'s records: the field object
        of a split struct, else the object itself."""
        return member_name(owner, off) if owner in self.points_to.shapes else owner

    def _pooled_field(self, owner: str, off: int) -> bool:
        """A field of a split struct that a pointer shares with other objects: it lives in their pool."""
        return owner in self.points_to.shapes and off in self.points_to.shapes[owner].fields and \
            len(self.points_to.objects(self.points_to.class_of_object(member_name(owner, off)))) > 1

    def _own_field(self, storage: Base, byte: int) -> bool:
        """Is ``byte`` the start of a field of a split struct's records (``storage``: its own memories)
        kept out of pools? Points-to gives that field an object and a class of its own, so every
        pointer stored into memory with it points to that field (seeds 100161, 100167: pointers to
        two fields of one struct stored in memory, each into its own memory of pointers)."""
        shape = self.points_to.shapes.get(storage.owner) if storage.owner and not storage.member else None
        return shape is not None and storage.elem_bytes == shape.stride and byte in shape.fields and \
            not self._pooled_field(storage.owner, byte)

    def field_byte(self, cls: int) -> int | None:
        """The byte inside its record of the field every pointer of class ``cls`` points to, when the
        class holds one field of a split struct alone (_own_field); else None."""
        objects = self.points_to.objects(cls)
        member = split_member(objects[0]) if len(objects) == 1 else None
        return member[1] if member and member[0] in self.points_to.shapes else None

    def pooled_field_bytes(self, base: Base, off: int) -> int | None:
        """The bytes of the field at byte ``off`` of the records of ``base`` when it lives in a pool
        (not among ``base.fields``), for a copy of whole records (import_memops.py); else None."""
        if not base.owner or not self._pooled_field(base.owner, off):
            return None
        return store_bytes(self.points_to.shapes[base.owner].fields[off])

    def field_pointer(self, ptr: Ptr, nbytes: int = 0) -> Ptr:
        """A pointer into a pooled field of a split struct, as the pointer into the pool (else ``ptr``):
        record r of the field is element first + r of the pool. ``nbytes``: the bytes a load or store
        through it accesses, which must stay inside the field when they reach a pooled field."""
        base = ptr.base
        shape = self.points_to.shapes.get(base.owner) if base.owner and not base.member else None
        if shape is None or base.elem_bytes != shape.stride:
            return ptr
        off = ptr.offset % shape.stride
        if not self._pooled_field(base.owner, off):
            # a pooled field is missing from the struct's own memories: an access overlapping it,
            # not at its start, would read padding (0)
            hit = next((f for f, leaf in shape.fields.items() if self._pooled_field(base.owner, f) and
                        f < off + max(nbytes, 1) and off < f + store_bytes(leaf)), None)
            if hit is not None:
                raise self.error(f"an access of {nbytes} bytes at byte {off} of '{base.name}' reaches its field at "
                                 f"byte {hit}, which a pointer may also point to in another object",
                                 "access the field with its own type")
            return ptr
        if nbytes > store_bytes(shape.fields[off]):   # narrower: part of its element (import_access.py)
            raise self.error(f"an access of {nbytes} bytes to the {store_bytes(shape.fields[off])}-byte field at byte "
                             f"{off} of '{base.name}', which a pointer may also point to in another object",
                             "access the field with its own type")
        name = member_name(base.owner, off)
        pool, first = self._pool(self.points_to.class_of_object(name))
        size = size_of(shape.fields[off])    # a record's field in the pool: one element, or units of one
        if any(s % shape.stride for _, s in ptr.terms):   # points_to.py splits no struct a pointer moves in
            raise self.error(f"internal: a pointer into field {off} of '{base.name}' moves by part of a record")
        start = first[name] * pool.elem_bytes + ptr.offset // shape.stride * size
        return Ptr(pool, [(idx, s // shape.stride * size) for idx, s in ptr.terms], start,
                   first[name] >> pool.slot_bits if pool.kind == "steer" else None)

    def _pointer_bits(self, owner: str) -> int:
        """Width of the pointers object ``owner`` holds: the index width of what they point into."""
        content = self.points_to.content(self.points_to.class_of_object(owner))
        if content is None:
            return 1
        own = self._own_index_bits(owner, content)
        if own is not None:
            return own
        if content in self._sizing:
            raise self.error(f"'{owner}' holds a pointer to itself, which is not supported")
        self._sizing.add(content)
        try:
            return self.storage_of(content).index_bits
        finally:
            self._sizing.discard(content)

    def _own_index_bits(self, owner: str, content: int) -> int | None:
        """The width of the pointers a local struct holds into itself alone (`cxt->pt_ekey = &cxt->ekey`
        in SUPERCOP's CLOC and SILC), while its memories are being made: one memory per field, so its
        pointers are indices of its records (alloca_base: the depth is their count), known from its
        type. None for any other object."""
        if self.points_to.objects(content) != [owner] or not owner.startswith("%") or owner in self.values or \
                owner in self.hints.byte_objects or any(a.name == owner for a in self.top.args):
            return None
        t, _ = self.types.parse([x for x in self._alloca_instr(owner).tokens if x not in FLAGS], 0)
        if uniform_leaf(t) is not None or self._pointer_leaf(t) is not None:
            return None
        return record_type(t)[1].bit_length() + 1

    def _leaf_bits(self, owner: str, leaf: LLType) -> int:
        return self._pointer_bits(owner) if leaf.kind == "ptr" else leaf.bits

    def global_base(self, name: str) -> Base:
        if name in self.bases:
            return self.bases[name]
        g = self.mod.globals.get(name)
        if g is None:
            raise self.error(f"reference to unknown object {name}")
        t = self.types.from_text(g.type)
        as_bytes = name in self.hints.byte_objects
        if as_bytes:
            t = LLType("arr", count=size_of(t), elems=(int_type(8),))
        leaf = uniform_leaf(t)
        mname = legal(name.strip('@"').split(".")[-1] if "." in name and name.startswith("@__const") else
                       source_name(name.strip('@"')))
        kind = "rom" if g.constant else "ram"
        leaf = leaf or self._pointer_leaf(t)
        integers = self.holds_no_pointer(name, leaf)
        if integers:
            leaf = int_type(64)
        rows = self._member_plan(name, t)
        if rows is not None:                 # one memory per array member (struct_split.py)
            init = self._initial_values(g, t, mname) if g.init else None
            self.bases[name] = self._record_memories(mname, t, kind, init, name, rows=rows)
            return self.bases[name]
        if leaf is None:
            init = self._initial_values(g, t, mname) if g.init else None
            self.bases[name] = self._record_memories(mname, t, kind, init, name)
            return self.bases[name]
        bits = self._leaf_bits(name, leaf)
        depth = size_of(t) // size_of(leaf)
        init = self._byte_values(g) if as_bytes and g.init else \
            self._initial_values(g, t, mname, null_as_zero if integers else None) if g.init else [0] * depth
        attrs = {"latency": 1, "ports": 2}
        for p in self.directives.global_object(mname, name.strip('@"'), (*STORAGE_KINDS, "ARRAY_PARTITION")):
            if p.kind in STORAGE_KINDS:
                attrs["impl"] = storage_impl(p)
                if kind == "ram" and p.kind == "BIND_STORAGE":   # ram_1p: one port (ROMs: passes/memory_binding.py)
                    attrs["ports"] = bind_storage(p, mname).get("ports", attrs.get("ports", 2))
            else:
                # a global array (a static member table too): complete → every element a register; of a
                # constant table that is a LUT ROM (logic, every element readable at once, no port limit),
                # as BIND_STORAGE impl=lutram gives it (aes128_hls.h asks for both on AES_SBOX)
                new_kind, new_attrs = partition_kind(p, mname, kind, attrs)
                if kind == "rom" and new_kind == "regs":
                    attrs["impl"] = "lut"
                else:
                    kind, attrs = new_kind, new_attrs
        fn_mem = Memory(self._unique_mem(mname), kind, bits, depth, attrs, [v & ((1 << bits) - 1) for v in init])
        self.fn.memories.append(fn_mem)
        base = Base(fn_mem.name, "mem", bits, size_of(leaf), depth, pointers=leaf.kind == "ptr")
        self.bases[name] = base
        return base

    def _member_plan(self, obj: str, t: LLType) -> dict[int, str] | None:
        if self.hints.whole_structs or self.whole_view(obj) is not None:
            return None              # one memory, as C lays it out: a pointer covers it whole
        rows = member_plan(self.top, self.points_to, self.types, obj, t)
        if rows is not None:
            self.member_arrays = self.member_arrays | {obj}
            self.split_structs.append(obj)
        return rows

    @staticmethod
    def _pointer_leaf(t: LLType) -> LLType | None:
        """The pointer type of an object made only of pointers (a pointer, an array of pointers)."""
        ls = leaves(t)
        return ls[0] if ls and all(x.kind == "ptr" for x in ls) else None

    def _record_memories(self, name: str, t: LLType, kind: str, init: list[int] | None, owner: str,
                         pool: list[str] | None = None, rows: dict[int, str] | None = None) -> Base:
        """An array of structs becomes one memory per scalar field (struct of arrays)."""
        rec, count = record_type(t)
        stride = size_of(rec)
        fields = leaf_offsets(rec)
        odd = next((lt for _, lt in fields if lt.kind not in ("int", "ptr")), None)
        if odd is not None:
            raise self.error(f"'{name}' holds a field of type {odd.kind}", "use integer and pointer fields")
        outer = Base(name, "mem", 0, stride, count, owner=owner)
        if owner in self.member_arrays:
            self._member_memories(outer, rec, count, kind, init, owner, pool, rows)
            return outer
        for k, (off, lt) in enumerate(fields):
            if self._pooled_field(owner, off):   # in a pool with other objects (field_pointer)
                continue
            bits = self._leaf_bits(self._holder(owner, off), lt)
            values = None if init is None else [init[r * len(fields) + k] & ((1 << bits) - 1) for r in range(count)]
            mkind, mattrs = self._member_storage(owner, off, kind)
            mem = Memory(self._unique_mem(f"{name}_{self._member_label(owner, off)}"), mkind, bits, count,
                         {**mattrs, "record": name, "field_offset": off,
                          **({"pool": pool} if pool else {})}, values)
            self._add_object_memory(mem, owner, pool)
            outer.fields[off] = Base(mem.name, "mem", bits, stride, count, access_bytes=size_of(lt),
                                     pointers=lt.kind == "ptr" and self._holds_pointers(self._holder(owner, off)))
        return outer

    def _member_memories(self, outer: Base, rec: LLType, count: int, kind: str, init: list[int] | None,
                         owner: str, pool: list[str] | None, rows: dict[int, str] | None = None) -> None:
        """Records whose array members code indexes at run time: one memory per member, holding the
        member's elements of every record one after the other (record r, element j at r × n + j);
        a 2-D member of one struct in ``rows`` one memory per row (struct_split.py)."""
        stride = outer.elem_bytes
        leaf_at = {off: k for k, (off, _) in enumerate(leaf_offsets(rec))}
        for off, lt, n, nrows in split_rows(rec, record_members(rec), rows or {}):
            if n == 1 and self._pooled_field(owner, off):   # in a pool with other objects (field_pointer)
                continue
            pooled = next((off + k * size_of(lt) for k in range(n) if self._pooled_field(owner, off + k * size_of(lt))), None)
            if pooled is not None:
                raise self.error(f"a pointer into element {(pooled - off) // size_of(lt)} of an array member of "
                                 f"'{outer.name}' that may also point into another object, and an index into that "
                                 "member computed at run time", "point into the array member with one pointer")
            size = size_of(lt)
            bits = self._leaf_bits(self._holder(owner, off), lt)
            cols = n // nrows
            parts = []
            for r in range(nrows):
                first = off + r * cols * size
                values = None
                if init is not None:
                    per_record = len(leaf_at)
                    values = [init[k * per_record + leaf_at[first + j * size]] & ((1 << bits) - 1)
                              for k in range(count) for j in range(cols)]
                mkind, mattrs = self._member_storage(owner, off, kind)
                mem = Memory(self._unique_mem(f"{outer.name}_{self._member_label(owner, off)}" +
                                              (f"_r{r}" if nrows > 1 else "")), mkind, bits,
                             count * cols, {**mattrs, "record": outer.name, "field_offset": first,
                                            **({"pool": pool} if pool else {})}, values)
                self._add_object_memory(mem, owner, pool)
                parts.append((first, mem.name))
            if nrows > 1 and rows[off] == "steer":   # rows chosen at run time too: a steered member
                members = [Base(name, "mem", bits, size, cols, access_bytes=size, pointers=lt.kind == "ptr")
                           for _, name in parts]
                outer.fields[off] = Base(f"{outer.name}_f{off}", "steer", bits, size, nrows * cols, access_bytes=size,
                                         member=(stride, n), members=members, slot_bits=(cols - 1).bit_length())
                self.fn.attrs.setdefault("steered", []).append({"pointer": f"{outer.name}_f{off}",
                                                                "members": [name for _, name in parts]})
            elif n > 1:
                for first, name in parts:
                    outer.fields[first] = Base(name, "mem", bits, size, count * cols, access_bytes=size,
                                               member=(stride, cols), pointers=lt.kind == "ptr")
            else:                             # a scalar member: addressed by record, as before
                outer.fields[off] = Base(parts[0][1], "mem", bits, stride, count, access_bytes=size,
                                         pointers=lt.kind == "ptr")

    def _add_object_memory(self, mem: Memory, owner: str, pool: list[str] | None) -> None:
        self.fn.memories.append(mem)
        if owner.startswith("%") and not pool:   # an alloca's own memory (import_memops.py: constant copies)
            self.local_memories.add(mem.name)

    def _class_members(self, owner: str) -> dict[int, str]:
        """Byte offset -> member name of a C++ object (a global of a class or struct type in a C++
        source; frontend/dbginfo.py); empty for C, whose record memories keep their ``_f<offset>`` names."""
        g = self.mod.globals.get(owner)
        if g is None or not self._cxx:
            return {}
        return self.dbg.member_names(self.dbg.global_type(g.dbg))

    @property
    def _cxx(self) -> bool:
        """Whether the module is C++; asked per member, so computed once (a scan of all metadata)."""
        cached = self.__dict__.get("_cxx_module")
        if cached is None or cached[0] is not self.mod:
            is_cxx = any(text.removeprefix("distinct ").startswith("!DICompileUnit(language: DW_LANG_C_plus_plus")
                         for text in self.mod.metadata.values())
            cached = self.__dict__["_cxx_module"] = (self.mod, is_cxx)
        return cached[1]

    def _member_label(self, owner: str, off: int) -> str:
        return legal(self._class_members(owner).get(off) or f"f{off}")

    def _member_storage(self, owner: str, off: int, kind: str) -> tuple[str, dict]:
        """Kind and attributes of the memory of a C++ object's member, after the directives naming the
        member (``variable=key_schedule`` in a method of the object's class or of a base class):
        ARRAY_PARTITION complete → registers; BIND_STORAGE impl= → LUT or block RAM."""
        attrs: dict = {"latency": 1, "ports": 2}
        member = self._class_members(owner).get(off)
        local = self._object_members(owner).get(off)   # a local object's member: variable=b0.M
        if member is None and local is None:
            return kind, attrs
        kinds = ("ARRAY_PARTITION", *STORAGE_KINDS)
        named = self.directives.class_member(member, lambda cls: self._method_of(cls, owner), kinds) \
            if member is not None else self.directives.local_member(self.object_name(owner), local, kinds)
        for p in named:
            if p.kind == "ARRAY_PARTITION":
                kind, attrs = partition_kind(p, member, kind, attrs)
            else:
                attrs = {**attrs, **bind_storage(p, member)}
        return kind, attrs

    def _object_members(self, obj: str) -> dict[int, str]:
        """Byte offset -> member name of a local object (an alloca of a struct or class type), from its
        debug declaration; empty for other objects."""
        var = self.top.declares.get(obj) if obj.startswith("%") else None
        return self.dbg.member_names(self.dbg.fields(var).get("type")) if var else {}

    def _local_object_directives(self, name: str, obj: str) -> list:
        """The ARRAY_PARTITION/RESHAPE directives on local object ``name`` (alloca ``obj``) kept as one
        memory, or on a member of it (``variable=b0.M``, as Vitis accepts): they apply to that one memory."""
        found = self.directives.local_object(name, ("ARRAY_PARTITION", "ARRAY_RESHAPE"))
        members = self._object_members(obj).values() if any(member for _, member in found) else ()
        out = []
        for p, member in found:
            if member and member not in members:
                continue
            ptype = partition_type(p)
            if member and len(members) > 1 and p.kind == "ARRAY_PARTITION" and ptype != "complete":
                # complete: the whole memory in registers, a superset of what was asked; banks would not be
                raise DirectiveError.of(p, f"ARRAY_PARTITION type={ptype} of '{target_of(p)}': the members of "
                                           f"'{name}' share one memory",
                                        f"partition the whole object (variable={name}) or use type=complete")
            out.append(p)
        return out

    def _method_of(self, cls: str, owner: str) -> bool:
        """Whether class ``cls`` (a DI identifier, Pragma.method_of) is the class of ``owner`` or one of its bases."""
        if not cls:
            return False
        g = self.mod.globals.get(owner)
        ref = self.dbg.global_type(g.dbg) if g else None
        chain, todo = set(), [ref]
        while todo:
            cur = todo.pop()
            if not cur or cur in chain:
                continue
            chain.add(cur)
            for el in meta_tuple(self.mod.metadata.get(self.dbg.fields(cur).get("elements", ""), "!{}")):
                if self.dbg.fields(el).get("tag") == "DW_TAG_inheritance":
                    todo.append(self.dbg.fields(el).get("baseType"))
        return cls in {self.dbg.fields(c).get("identifier", '""').strip('"') for c in chain}

    def _member_element(self, ptr: Ptr, start: int, field: Base) -> Ptr:
        """A pointer into an array member, re-expressed in that member's memory (r × n + j)."""
        stride, n = field.member
        size = field.elem_bytes
        terms = []
        for idx, s in ptr.terms:
            # a byte offset computed from a count, known to step by whole elements (rijndael's `getelementptr
            # i8, %e_key, (rounds << 5)`), indexes the member; one chosen between offsets (a select or phi:
            # `r ? k.S[1] : k.P` is `%k + (r ? 80 : 0)`) may choose another member: refused here, and the
            # struct is then imported as one memory (frontend/__init__.py)
            chosen = isinstance(idx, Op) and idx.opcode in ("select", "phi")
            k = self._whole_shift(idx, s, size) if s % stride and s % size and not chosen else 0
            if k:
                idx, s = self.emit("ashr", idx.width, [idx, Const(idx.width, k)]), s << k
            if s % stride == 0:
                terms.append((idx, s // stride * n * size))
            elif s % size == 0:
                terms.append((idx, s))
            else:
                raise self.error(f"access into '{ptr.base.name}' that does not select a whole element",
                                 "index the array member with its own element type")
        if any(s % stride for _, s in ptr.terms):
            self.inside_whole_view(ptr.base)
        record, inside = divmod(ptr.offset, stride)
        if (inside - start) % size:
            raise self.error(f"access into the middle of an element of '{ptr.base.name}'")
        offset = (record * n + (inside - start) // size) * size
        row_bytes = size << field.slot_bits
        if field.kind == "steer" and all(s < row_bytes for _, s in terms):   # indices inside one row
            return Ptr(field, terms, offset, offset // row_bytes)
        return Ptr(field, terms, offset)

    def whole_view(self, obj: str) -> CLoc | None:
        """Where a pointer to the whole of object ``obj`` is indexed as integers (struct_views.py)."""
        if not obj:
            return None
        key = object_key(self.dbg, obj, self.top.declares)
        return self.whole_views.get(TEMPORARY if key is None else key)

    def inside_whole_view(self, base: Base) -> None:
        """A pointer moves inside the records of ``base`` at run time. When some pointer covers the
        struct whole (`((uint8_t *)&s)[i]`), it may leave the array field it starts in: hold the
        struct as bytes (bytes_instead); one that cannot be (it holds a pointer, shares a pool) is
        refused where the struct is so indexed."""
        at = self.whole_view(base.owner)
        if at is None:
            return
        self.bytes_instead(base)
        raise self.error(f"a pointer to the whole of '{base.name}' indexed at run time, which may reach any of its "
                         "fields, over a struct that cannot be held as bytes (it holds a pointer, or shares "
                         "storage with another object)", "index one array field (s.a[i]), or copy with memcpy",
                         at=at)

    def needs_member_arrays(self, base: Base) -> None:
        """An access indexes inside a record at run time: import again with array members kept whole."""
        self.inside_whole_view(base)
        if base.owner and base.owner not in self.member_arrays:
            raise ImportAgain(replace(self.hints, member_arrays=self.member_arrays | {base.owner}))

    def _field(self, ptr: Ptr) -> Ptr:
        """Route an access into an array of records to the memory of the field it touches (or to the
        pool that holds the field)."""
        ptr = self.field_pointer(ptr)
        base = ptr.base
        if not base.fields:
            return ptr
        stride = base.elem_bytes
        if base.owner in self.member_arrays:
            found = base.field_at(ptr.offset % stride)
            if found is None:
                raise self.error(f"access into the padding of '{base.name}'")
            start, field = found
            if field.member:
                return self._member_element(ptr, start, field)
        if any(s % stride for _, s in ptr.terms):
            self.needs_member_arrays(base)
            self.bytes_instead(base)          # no field's memory serves it: the bytes it covers
            raise self.error(f"access into '{base.name}' that does not select a whole field",
                             "index the array of structs, then name the field")
        off = ptr.offset % stride
        if off not in base.fields:
            self.bytes_instead(base)
            raise self.error(f"access into the middle of a field of '{base.name}'")
        return Ptr(base.fields[off], ptr.terms, ptr.offset - off)

    def _unique_mem(self, name: str) -> str:
        taken = {m.name for m in self.fn.memories} | {p.name for p in self.fn.params}
        out, k = name, 1
        while out in taken:
            k += 1
            out = f"{name}_{k}"
        return out

    def _alloca_instr(self, obj: str) -> Instr:
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode == "alloca" and ins.result == obj:
                    return ins
        raise self.error(f"internal: no alloca {obj}")

    def alloca(self, ins: Instr) -> None:
        if ins.result in self.values:         # made early: a pointer stored elsewhere points into it
            return
        cls = self.points_to.class_of_object(ins.result)
        if len(self.points_to.objects(cls)) > 1:
            self.values[ins.result] = self.object_pointer(ins.result)
            return
        self.values[ins.result] = Ptr(self.alloca_base(ins), [], 0)

    def alloca_base(self, ins: Instr) -> Base:
        """The alloca's own storage: a memory, or one memory per field of its records."""
        t, _ = self.types.parse([x for x in ins.tokens if x not in FLAGS], 0)
        if ins.result in self.hints.byte_objects:
            t = LLType("arr", count=size_of(t), elems=(int_type(8),))
        leaf = uniform_leaf(t) or self._pointer_leaf(t)
        if self.holds_no_pointer(ins.result, leaf):
            leaf = int_type(64)
        slots = self._pointer_slots(ins, t, leaf)
        if slots:
            t, leaf = LLType("arr", count=size_of(t) // size_of(PTR), elems=(PTR,)), PTR
        name = legal(ins.result.strip('%"').split(".")[0])
        rows = self._member_plan(ins.result, t)
        if rows is not None:                 # one memory per array member (struct_split.py)
            return self._record_memories(name, t, "ram", None, ins.result, rows=rows)
        if leaf is None:
            return self._record_memories(name, t, "ram", None, ins.result)
        bits = self._leaf_bits(ins.result, leaf)
        depth = size_of(t) // size_of(leaf)
        attrs: dict = {"latency": 1, "ports": 2}
        kind = "ram"
        for p in self._local_object_directives(name, ins.result):
            ptype = partition_type(p)
            if p.kind == "ARRAY_PARTITION" and ptype != "complete" and not p.flag("off"):
                attrs = {**attrs, "partition": partition_attr(p, ptype, name)}   # passes/array_partition.py
            else:
                kind = "regs"
                attrs = {"latency": 0}
        mem = Memory(self._unique_mem(name), kind, bits, depth, attrs, None)
        self._add_object_memory(mem, ins.result, None)
        if slots:
            self.slot_arrays.add(mem.name)
        return Base(mem.name, "mem", bits, size_of(leaf), depth, pointers=leaf.kind == "ptr")

    def _pointer_slots(self, ins: Instr, t: LLType, leaf: LLType | None) -> bool:
        """A local byte array that holds pointers (points-to: its class has a content) and that only
        memcpy/memmove/memset reach, each with the array's own address: held as pointer slots, one
        index per 8 bytes. Clang's SROA cuts an initialised local array of pointers into such pieces
        (`[104 x i8]`) filled by a volatile memcpy from its constant (Csmith subset seeds 312,
        100632); as bytes, a byte of a pointer was refused. A copy into or out of it must move whole
        pointers at matching offsets (import_memops.py), else it stays refused."""
        if leaf is None or leaf.kind != "int" or leaf.bits != 8 or ins.result in self.hints.byte_objects or \
                size_of(t) % size_of(PTR) or not self._holds_pointers(ins.result):
            return False
        for bb in self.top.blocks:
            for other in bb.instrs:
                if other is ins or ins.result not in other.tokens:
                    continue
                callee = next((x for x in other.tokens if x.startswith("@")), "") if other.opcode == "call" else ""
                if not callee.startswith(("@llvm.memcpy", "@llvm.memmove", "@llvm.memset", "@llvm.lifetime")):
                    return False
        return True
