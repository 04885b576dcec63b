"""Importer job: pointers that may point into an argument and into other arrays, *steered*.

An argument array is a port of its own, so it cannot share one memory with other arrays (a pool,
import_memory.py). A points-to class that holds an argument keeps each of its arrays where it is;
its pointers are a tag + index in one integer: element j of member k is (k << slot_bits) + j, so
pointer arithmetic, phis, selects and comparisons work on it as on an index into a pool.

- A load through such a pointer reads every member at the index's low bits, each read enabled only
  when the tag names its member (the load's guard), and a multiplexer on the tag picks the value.
- A store goes to every member with the same guard: only the member the tag names is written.
- A pointer known at compile time to point into one member (the argument itself, ``arg + i``)
  accesses that member directly, as without steering.

The class's objects that are not arguments are pooled into one member (one memory and one tag
value for all of them: a narrower multiplexer and fewer reads per access than one member each).
"""

from __future__ import annotations

from cryptohls.frontend.field_objects import split_member
from cryptohls.frontend.import_state import Base, ImportState, Ptr, legal
from cryptohls.frontend.lltypes import LLType
from cryptohls.ir.nodes import Const, Operand


class SteerImport(ImportState):
    def steer(self, objects: list[str]) -> tuple[Base, dict[str, int]]:
        """The steered storage of a points-to class holding an argument: (its base, object -> first index)."""
        args = {a.name for a in self.top.args}
        members: list[tuple[Base, dict[str, int]]] = []
        for obj in objects:
            if obj in args:
                base = self.bases.get(self.object_name(obj))
                if base is None or base.cparam is None or base.cparam.depth is None and base.kind != "scalar":
                    raise self.error(f"a pointer that may point into stream or struct argument "
                                     f"'{self.object_name(obj)}' or into another object", "use one pointer per array")
                members.append((base, {obj: 0}))
        others = [o for o in objects if o not in args]
        if len(others) == 1 and not split_member(others[0]):   # a field object (points_to.py): pooled
            obj = others[0]
            own = self.global_base(obj) if obj.startswith("@") else self.alloca_base(self._alloca_instr(obj))
            members.append((own, {obj: 0}))
        elif others:
            members.append(self.array_pool(others))
        bases = [b for b, _ in members]
        names = [self.object_name(o) for o in objects]
        record = next((b for b in bases if b.fields), None)
        if record is not None:
            raise self.error(f"one pointer may point into argument '{bases[0].name}' or into struct '{record.name}'",
                             "point only into arrays of one element type")
        unit = bases[0].elem_bytes
        odd = next((b for b in bases if b.elem_bytes != unit), None)
        if odd is not None:
            raise self.error(f"one pointer may point into '{bases[0].name}' or into '{odd.name}', whose elements "
                             "differ in size", "point only into arrays of one element type")
        slot_bits = max((b.depth - 1).bit_length() for b in bases)
        first = {o: (k << slot_bits) + f for k, (_, firsts) in enumerate(members) for o, f in firsts.items()}
        name = legal("steer_" + "_".join(names) if len(names) <= 3 else f"steer_{names[0]}_and_{len(names) - 1}_more")
        base = Base(name, "steer", max(b.elem_bits for b in bases), unit, len(bases) << slot_bits,
                    members=bases, slot_bits=slot_bits)
        self.steer_objects[name] = [frozenset(firsts) for _, firsts in members]
        self.fn.attrs.setdefault("steered", []).append({"pointer": name, "members": [b.name for b in bases]})
        return base, first

    # --- accesses ------------------------------------------------------------------------------------
    def steered_load(self, t: LLType, ptr: Ptr) -> Operand:
        known = self._known_member(ptr)
        if known is not None:
            return self.load(t, known)
        tag, low, inside = self._tag_and_index(ptr)
        reach = self._reachable(ptr.base)
        if len(reach) == 1:                   # the pointer can only point into one member
            return self.load(t, self._member_pointer(ptr.base.members[reach[0]], low, inside))
        result: Operand | None = None
        for k in reach:
            member = ptr.base.members[k]
            hit = self.emit("icmp", 1, [tag, Const(tag.width, k)], {"pred": "eq"})
            value = self._guarded(hit, lambda: self.load(t, self._member_pointer(member, low, inside)))
            result = value if result is None else self.emit("select", t.bits, [hit, value, result])
        return result

    def steered_store(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        known = self._known_member(ptr)
        if known is not None:
            self.store(t, value, known)
            return
        port = next((m for m in ptr.base.members if m.kind != "mem"), None)
        if port is not None:
            raise self.error(f"a store through a pointer that may point into argument '{port.name}' "
                             f"({port.kind}, not a memory port) or into another array",
                             f"keep the default ap_memory interface of '{port.name}', or write it directly")
        tag, low, inside = self._tag_and_index(ptr)
        # writing a const object is undefined in C: never one of those
        reach = [k for k in self._reachable(ptr.base) if not self._read_only(ptr.base.members[k])]
        if len(reach) == 1:
            self.store(t, value, self._member_pointer(ptr.base.members[reach[0]], low, inside))
            return
        for k in reach:
            member = ptr.base.members[k]
            hit = self.emit("icmp", 1, [tag, Const(tag.width, k)], {"pred": "eq"})
            self._guarded(hit, lambda: self.store(t, value, self._member_pointer(member, low, inside)))

    def _reachable(self, base: Base) -> list[int]:
        """The members the pointer of the load/store being imported may point into (points_to.py's
        may_point: its own objects, not its whole class's); every member when that is not known."""
        every = list(range(len(base.members)))
        objects = self.steer_objects.get(base.name)
        ins = self.cur
        if objects is None or ins is None or ins.opcode not in ("load", "store") or "ptr" not in ins.tokens:
            return every
        k = len(ins.tokens) - 1 - ins.tokens[::-1].index("ptr")   # the address is the last pointer operand
        may = self.points_to.may_point(ins.tokens[k + 1]) if k + 1 < len(ins.tokens) else None
        if may is None:
            return every
        return [m for m in every if objects[m] & may] or every

    def _read_only(self, member: Base) -> bool:
        """A const argument (``const uint8_t in[16]``) or a constant table: no store may reach it."""
        if member.cparam is not None:
            return member.cparam.read_only
        return any(m.name == member.name and m.kind == "rom" for m in self.fn.memories)

    def _known_member(self, ptr: Ptr) -> Ptr | None:
        """The pointer into the member it points into, when that is known at compile time."""
        base = ptr.base
        k = ptr.member
        if k is None and not ptr.terms:
            k = ptr.offset // base.elem_bytes >> base.slot_bits
            if k >= len(base.members):
                raise self.error(f"access past the end of '{base.members[-1].name}'")
        if k is None:
            return None
        return Ptr(base.members[k], ptr.terms, ptr.offset - (k << base.slot_bits) * base.elem_bytes)

    def _tag_and_index(self, ptr: Ptr) -> tuple[Operand, Operand | None, int]:
        """(tag, element index inside the member or None when every member has one element, byte inside
        the element) of a pointer chosen at run time."""
        base = ptr.base
        unit = base.elem_bytes
        if any(s % unit for _, s in ptr.terms):
            raise self.error(f"access through a pointer into '{base.members[0].name}' that moves by part of an "
                             "element", "access arrays with their own element type")
        inside = ptr.offset % unit
        width = max(1, (base.depth - 1).bit_length())
        index = self.element_index(Ptr(base, ptr.terms, ptr.offset - inside), width)
        if not base.slot_bits:
            return index, None, inside
        tag = self.emit("slice", width - base.slot_bits, [index], {"lo": base.slot_bits})
        return tag, self.emit("trunc", base.slot_bits, [index]), inside

    @staticmethod
    def _member_pointer(member: Base, low: Operand | None, inside: int) -> Ptr:
        if low is None or member.depth == 1:
            return Ptr(member, [], inside)
        return Ptr(member, [(low, member.elem_bytes)], inside)

    def _guarded(self, hit: Operand, access):
        """Run ``access`` with its loads and stores enabled only when ``hit`` is 1."""
        self.guard = hit
        try:
            return access()
        finally:
            self.guard = None
