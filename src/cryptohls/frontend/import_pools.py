"""Importer job: pools. Objects one pointer may point into (points_to.py: one class) share one memory,
so that a pointer chosen at run time is just an element index into it: arrays one after the other, or
structs of one type as one array of records (a memory per field, import_memory.py)."""

from __future__ import annotations

from cryptohls.frontend.field_objects import split_member
from cryptohls.frontend.import_state import FLAGS, Base, ImportState, legal, source_name
from cryptohls.frontend.llparse import tokenize
from cryptohls.frontend.lltypes import (LLType, leaf_offsets, leaves, null_as_zero, parse_constant, record_type, size_of,
                                        uniform_leaf)
from cryptohls.ir.nodes import Memory


class PoolImport(ImportState):
    def _pool(self, cls: int) -> tuple[Base, dict[str, int]]:
        """One memory holding every object of a points-to class, one after the other."""
        if cls in self.storage:
            return self.storage[cls]
        objects = self.points_to.objects(cls)
        if any(o in {a.name for a in self.top.args} for o in objects):   # a port cannot join a pool
            self.storage[cls] = self.steer(objects)
            return self.storage[cls]
        self.storage[cls] = self.array_pool(objects)
        return self.storage[cls]

    def array_pool(self, objects: list[str]) -> tuple[Base, dict[str, int]]:
        """Global and local objects one after the other in one memory: (its storage, object -> first element)."""
        names = [self.object_name(o) for o in objects]
        parts = []
        for obj, name in zip(objects, names):
            t, init, constant = self._object_type(obj)
            parts.append((obj, name, t, uniform_leaf(t) or self._pointer_leaf(t), init, constant))
        if all(p[3] is None for p in parts):
            # structs of different types (`struct S3 *` to a struct S3 or to the S3 member of an
            # array of struct S4, Csmith seed 2299): no one array of records holds both, their bytes do
            if not self._one_record_type(parts) and self._unit_pool(parts):
                return self._units_pool(parts)
            return self._record_pool(parts)
        mixed = next((p for p in parts if p[3] is None), None)
        if mixed is not None:
            if self._unit_pool(parts):
                return self._units_pool(parts)
            other = next(p for p in parts if p[3] is not None)
            raise self.error(f"one pointer may point into struct '{mixed[1]}' or into array '{other[1]}'",
                             "point into one field of the struct (a pointer to the struct itself keeps it whole), "
                             "or only into arrays of one element type, or into structs of one type",
                             **self._mixing_location(mixed[0], other[0]))
        unit = size_of(parts[0][3])
        odd = next((p for p in parts if size_of(p[3]) != unit or p[3].kind != parts[0][3].kind), None)
        if odd is not None:
            if self._unit_pool(parts):
                return self._units_pool(parts)
            raise self.error(f"one pointer may point into '{names[0]}' or into '{odd[1]}', whose elements differ "
                             "in size", "point only into arrays of one element type",
                             **self._mixing_location(parts[0][0], odd[0]))
        bits = max(self._leaf_bits(obj, leaf) for obj, _, _, leaf, _, _ in parts)
        first, values, depth = {}, [], 0
        for obj, name, t, leaf, init, _ in parts:
            first[obj] = depth
            count = size_of(t) // unit
            depth += count
            values += self._field_values(obj) if split_member(obj) else \
                (parse_constant(self.types, tokenize(init), 0, t, self._pointer_constant)[0] if init else [0] * count)
        kind = "rom" if all(p[5] for p in parts) else "ram"
        mem = Memory(self._unique_mem(self._pool_name(names)), kind, bits, depth,
                     {"latency": 1, "ports": 2, "pool": names}, [v & ((1 << bits) - 1) for v in values])
        self.fn.memories.append(mem)
        pointers = parts[0][3].kind == "ptr" and self._holds_pointers(objects[0])
        return Base(mem.name, "mem", bits, unit, depth, pointers=pointers), first

    def _unit_pool(self, parts: list) -> bool:
        """Can objects whose elements differ in size share a memory of the smallest leaf size, each
        larger leaf as several of those units (``int8_t *p = c ? &u.f1 : &g_8;`` with `union U {
        int64_t f0; int8_t f1; }`, Csmith seeds 100122, 100585, 100946; a struct and an array of
        byte-typed records of its type, 100793; structs of different types, 2299)? Every leaf must be whole units at a multiple of the
        unit; a pointer leaf (a union's pointer member) only when no pointer is ever stored into or
        read from these objects (points-to: their class has no content), so that its bytes are only
        read as integers: as C's null pointer, 0."""
        unit = min(size_of(leaf) for p in parts for _, leaf in leaf_offsets(p[2]))
        no_pointers = self.points_to.content(self.points_to.class_of_object(parts[0][0])) is None
        return all((leaf.kind == "int" and leaf.bits == 8 * size_of(leaf) or leaf.kind == "ptr" and no_pointers
                    and not split_member(p[0])) and size_of(leaf) % unit == 0 and off % unit == 0
                   for p in parts for off, leaf in leaf_offsets(p[2]))

    def _units_pool(self, parts: list) -> tuple[Base, dict[str, int]]:
        """The pool of _unit_pool: each object's bytes as units, little-endian as in memory (an 8-byte
        element in a pool of 4-byte units: two units, the low half first); padding 0. An access wider
        than a unit reads or writes several (import_access.py, ``_is_punned``)."""
        unit = min(size_of(leaf) for p in parts for _, leaf in leaf_offsets(p[2]))
        bits, mask = 8 * unit, (1 << 8 * unit) - 1
        first, values = {}, []
        for part in parts:
            obj, _, t, _, init, _ = part
            first[obj] = len(values)
            if split_member(obj):
                own = self._field_values(obj)
            elif init:
                own = parse_constant(self.types, tokenize(init), 0, t, null_as_zero)[0]
            else:
                own = [0] * len(leaves(t))
            units = [0] * (size_of(t) // unit)
            for (off, leaf), v in zip(leaf_offsets(t), own):
                for k in range(size_of(leaf) // unit):
                    units[off // unit + k] = (v >> (bits * k)) & mask
            values += units
        names = [p[1] for p in parts]
        kind = "rom" if all(p[5] for p in parts) else "ram"
        mem = Memory(self._unique_mem(self._pool_name(names)), kind, bits, len(values),
                     {"latency": 1, "ports": 2, "pool": names}, values)
        self.fn.memories.append(mem)
        return Base(mem.name, "mem", bits, unit, len(values)), first

    def _record_pool(self, parts: list) -> tuple[Base, dict[str, int]]:
        """Structs of one type reached by one pointer: one array of those records, one memory per field."""
        records = [(p, *record_type(p[2])) for p in parts]
        rec = records[0][1]
        if any(r != rec for _, r, _ in records):
            records = self._one_record_layout(records)
            parts, rec = [p for p, _, _ in records], records[0][1]
        first, values, total = {}, [], 0
        for (obj, _, t, _, init, _), r, count in records:
            first[obj] = total
            total += count
            own = (parse_constant(self.types, tokenize(init), 0, t, self._pointer_constant)[0] if init
                   else [0] * len(leaves(t)))
            values += own if r == rec else relaid(own, r, rec, count)
        names = [p[1] for p in parts]
        kind = "rom" if all(p[5] for p in parts) else "ram"
        base = self._record_memories(self._pool_name(names), LLType("arr", count=total, elems=(rec,)), kind, values,
                                     parts[0][0], pool=names)
        return base, first

    @staticmethod
    def _one_record_type(parts: list) -> bool:
        """Are the records of these structs one layout, or can they be made one (_one_record_layout)?"""
        records = [record_type(p[2])[0] for p in parts]
        coarse = min(records, key=lambda r: len(leaf_offsets(r)))
        return all(r == coarse or refines(r, coarse) for r in records)

    def _one_record_layout(self, records: list) -> list:
        """Records of one C struct whose LLVM types differ: clang gives an initialised global the
        type of its constant, where a bit-field's storage may be a run of bytes (`struct S1 {…; signed
        f3 : 25;}` packed: `%struct.S1 = <{ i32, i64, i8, i32 }>`, the global `<{ i32, i64, i8, i8, i8,
        i8, i8 }>`). The records with the fewest leaves set the fields, first in the pool; each other
        must cover the same bytes with its leaves split at every field boundary (its initial values
        are joined into the fields, little-endian, relaid)."""
        coarse = min((r for _, r, _ in records), key=lambda r: len(leaf_offsets(r)))
        odd = next((p for p, r, _ in records if r != coarse and not refines(r, coarse)), None)
        if odd is not None:
            other = next(p for p, r, _ in records if r == coarse)
            raise self.error(f"one pointer may point into '{other[1]}' or into '{odd[1]}', structs of "
                             "different types", "point only into structs of one type",
                             **self._mixing_location(other[0], odd[0]))
        lead = next(k for k, (_, r, _) in enumerate(records) if r == coarse)
        return [records[lead], *records[:lead], *records[lead + 1:]]

    def _mixing_location(self, named: str, other: str) -> dict:
        """Where a refusal of a pool of objects ``named`` and ``other`` points: the instruction that let one
        pointer point into both (points_to.py), else the declaration of ``named`` — never the instruction
        that happened to ask for the pool first (csmith.h's CRC loop in the 100,001 campaign)."""
        ins = self.points_to.joined_at(named, other)
        if ins is not None and (self.dbg.loc(ins.dbg) or self._nearby_location(ins)):
            return {"ins": ins}
        return {"at": self.declared_at(named)}

    @staticmethod
    def _pool_name(names: list[str]) -> str:
        return legal("pool_" + ("_".join(names) if len(names) <= 3 else f"{names[0]}_and_{len(names) - 1}_more"))

    def _field_values(self, obj: str) -> list[int]:
        """The initial values of a field object: the field of each record of its struct."""
        owner, off = split_member(obj)
        shape = self.points_to.shapes[owner]
        t, init, _ = self._object_type(owner)
        if not init:
            return [0] * shape.count
        values = parse_constant(self.types, tokenize(init), 0, t, self._pointer_constant)[0]
        k = list(shape.fields).index(off)
        return [values[r * len(shape.fields) + k] for r in range(shape.count)]

    def object_name(self, obj: str) -> str:
        member = split_member(obj)
        if member:
            return legal(f"{self.object_name(member[0])}_f{member[1]}")
        bare = obj.strip('@%"')
        return legal(source_name(bare) if obj.startswith("@") else bare.split(".")[0])

    def _object_type(self, obj: str) -> tuple[LLType, str | None, bool]:
        """(type, initializer text, constant?) of a global or alloca; of a field object (no text: its
        values are _field_values's), the field's type in each of its struct's records."""
        member = split_member(obj)
        if member:
            shape = self.points_to.shapes[member[0]]
            leaf = shape.fields[member[1]]
            _, _, constant = self._object_type(member[0])
            return (leaf if shape.count == 1 else LLType("arr", count=shape.count, elems=(leaf,))), None, constant
        if obj.startswith("@"):
            g = self.mod.globals[obj]
            return self.types.from_text(g.type), g.init or None, g.constant
        ins = self._alloca_instr(obj)
        return self.types.parse([x for x in ins.tokens if x not in FLAGS], 0)[0], None, False


def refines(fine: LLType, coarse: LLType) -> bool:
    """Do ``fine``'s leaves tile every leaf of ``coarse`` (same size; an integer leaf by integer
    pieces starting at its first byte, a pointer leaf by itself)?"""
    if size_of(fine) != size_of(coarse):
        return False
    pieces = dict(leaf_offsets(fine))
    for off, leaf in leaf_offsets(coarse):
        if leaf.kind != "int":
            if pieces.get(off) != leaf:
                return False
            continue
        pos = off
        while pos < off + size_of(leaf):
            piece = pieces.get(pos)
            if piece is None or piece.kind != "int":
                return False
            pos += size_of(piece)
        if pos != off + size_of(leaf):
            return False
    return True


def relaid(values: list[int], fine: LLType, coarse: LLType, count: int) -> list[int]:
    """``count`` records' leaf values of type ``fine`` as the leaves of ``coarse`` (refines)."""
    fine_leaves, coarse_leaves = leaf_offsets(fine), leaf_offsets(coarse)
    out: list[int] = []
    for r in range(count):
        own = dict(zip((off for off, _ in fine_leaves), values[r * len(fine_leaves):(r + 1) * len(fine_leaves)]))
        sizes = dict((off, size_of(t)) for off, t in fine_leaves)
        for off, leaf in coarse_leaves:
            word, pos = 0, off
            while pos < off + size_of(leaf):
                word |= (own[pos] & ((1 << (8 * sizes[pos])) - 1)) << (8 * (pos - off))
                pos += sizes[pos]
            out.append(word)
    return out


__all__ = ["PoolImport"]
