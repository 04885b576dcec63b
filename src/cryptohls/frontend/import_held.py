"""Importer job: the byte inside its element of a pointer held in memory.

Memory holds a pointer as its element index only (import_memory.py); the byte inside the element
(which field of a record it points to) must be known when the pointer is loaded. By default it is
one per storage pointed into, learnt from the stores and initializers (ImportHints.stored_bytes).

Pointers to different fields of one storage may be held in different memories (`uint64_t *p =
&a[6].f4;` beside `struct S1 *q = &b[2];` with a and b in one pool: Csmith seeds 1231, 1433, 2134).
Then the byte is one per *holder*: the objects a load or store of a pointer reaches (its address's
points-to class), with those a memcpy/memmove copies from or into them (points_to.py,
``holder_group``). Every way a pointer gets into them is then seen: a store of a pointer (its byte is
known there), an initializer (read again here, leaf by leaf, ``_initial_holder_bytes``) and copies
inside the group; a holder also written otherwise (a store of an integer, a call) keeps the refusal.
"""

from __future__ import annotations

from dataclasses import replace

from cryptohls.frontend.field_objects import member_name, split_member
from cryptohls.frontend.import_state import Base, ImportAgain, ImportState
from cryptohls.frontend.llparse import tokenize
from cryptohls.frontend.lltypes import leaf_offsets, parse_constant


class HeldPointerImport(ImportState):
    def stored_pointer_byte(self, storage: Base, byte: int | None, content: int | None = None,
                            holder: int | None = None) -> None:
        """A pointer into ``storage`` (points-to class ``content``) at ``byte`` inside its element goes
        into memory: through a pointer of class ``holder`` (a store), or an initializer (no holder).
        Pointers held in memory keep only their index: the byte is one per storage (or one per holder,
        see the module's comment). A pointer into a field of a split struct needs none: its load knows
        the field from its class (field_byte)."""
        if byte is None or self._own_field(storage, byte):
            return
        if storage.name in self.hints.bytes_by_holder:
            # an initializer's pointers (no holder) are read again when loaded; a store through the
            # null pointer (a holder of no object) stores nothing
            if holder is not None and self.points_to.objects(holder):
                self._holder_byte(storage, holder, byte)
            return
        if byte == self.hints.stored_byte(storage.name):
            return
        if storage.name in dict(self.hints.stored_bytes):
            if content is not None and self._held_apart(content):
                raise ImportAgain(replace(self.hints, bytes_by_holder=self.hints.bytes_by_holder | {storage.name}))
            raise self.error(f"pointers to different fields of '{storage.name}' are stored in memory",
                             "store pointers to one field, or to whole elements")
        raise ImportAgain(replace(self.hints, stored_bytes=self.hints.stored_bytes + ((storage.name, byte),)))

    def loaded_pointer_byte(self, storage: Base, holder: int) -> int:
        """The byte inside its element of a pointer into ``storage`` loaded through a pointer of class
        ``holder``."""
        if storage.name not in self.hints.bytes_by_holder:
            return self.hints.stored_byte(storage.name)
        if not self.points_to.objects(holder):   # a load through the null pointer reads 0
            return 0
        name, group = self._group(storage, holder)
        if (storage.name, name) not in self._read_initializers:
            self._read_initializers.add((storage.name, name))
            for obj in sorted({o for cls in group for o in self.points_to.objects(cls)}):
                self._initial_holder_bytes(storage, holder, obj)
        return dict(((s, h), b) for s, h, b in self.hints.holder_bytes).get((storage.name, name), 0)

    def _held_apart(self, content: int) -> bool:
        """Can every holder of pointers into class ``content`` keep its own byte (holder_group)?"""
        return all(self.points_to.holder_group(cls) is not None for cls in self.points_to.holders(content)
                   if self.points_to.objects(cls))   # no objects: nothing to load from

    def _group(self, storage: Base, holder: int) -> tuple[str, frozenset[int]]:
        found = self.points_to.holder_group(holder)
        if found is None:
            raise self.error(f"pointers to different fields of '{storage.name}' are stored in memory, also "
                             "written otherwise than by storing a pointer",
                             "store pointers to one field, or to whole elements")
        return found

    def _holder_byte(self, storage: Base, holder: int, byte: int, at: str | None = None) -> None:
        """Notes that a holder (its group) holds pointers into ``storage`` at ``byte``; refuses a holder
        with two (``at``: the object whose initializer holds the pointer)."""
        name, _ = self._group(storage, holder)
        known = dict(((s, h), b) for s, h, b in self.hints.holder_bytes)
        if (storage.name, name) not in known:
            raise ImportAgain(replace(self.hints, holder_bytes=self.hints.holder_bytes + ((storage.name, name, byte),)))
        if known[(storage.name, name)] != byte:
            raise self.error(f"pointers to different fields of '{storage.name}' are stored in "
                             f"'{self.object_name(name)}'", "store pointers to one field, or to whole elements",
                             **({"at": self.declared_at(at)} if at else {}))

    def _initial_holder_bytes(self, storage: Base, holder: int, obj: str) -> None:
        """Notes the byte of each pointer into ``storage`` that the initializer of holder object ``obj``
        (a global, or a field of a split global) holds."""
        member = split_member(obj)
        owner = member[0] if member else obj
        g = self.mod.globals.get(owner)
        if g is None or not g.init or "@" not in g.init:
            return
        shape = self.points_to.shapes.get(owner)
        t = self.types.from_text(g.type)
        found: list[tuple[list[str], int]] = []

        def mark(toks: list[str] | None, i: int) -> tuple[int, int]:
            """A pointer leaf: -k for the k-th address (told apart from the other leaves, all >= 0)."""
            if toks is None:
                return 0, i + 1
            found.append((toks, i))
            return -len(found), i + 1

        values = parse_constant(self.types, tokenize(g.init), 0, t, mark)[0]
        for (off, _), value in zip(leaf_offsets(t), values):
            if value >= 0 or member and member_name(owner, off % shape.stride) != obj:
                continue
            toks, i = found[-value - 1]
            ptr = self.normalized(self.pointer(toks[i], toks, i))
            if ptr.base is not storage:
                raise self.error(f"internal: '{obj}' holds a pointer into '{ptr.base.name}', not '{storage.name}'")
            _, byte = self.pointer_index(ptr, 64)
            if byte is not None and not self._own_field(storage, byte):
                self._holder_byte(storage, holder, byte, at=obj)


__all__ = ["HeldPointerImport"]
