"""Points-to analysis of one function's LLVM IR: which objects each pointer may point into.

Unification-based (Steensgaard's algorithm): every pointer value and every object belongs to a
*location class*; a pointer value's class is the class of the objects it may point into, and a
class that holds pointers has one *content* class they point into. Joining two pointers (phi,
select, comparison) or storing one where another was stored unifies their classes, and unifying
two classes unifies their contents. It runs in near-linear time and needs no iteration; the price
is that a class may be larger than the exact answer, which costs memory ports, not correctness.

Objects are named by their LLVM tokens: ``@g`` (a global variable), ``%x`` (an alloca) and ``%a``
(a pointer argument); a struct whose pointers each name one field is split into one object per
field, ``@s#8`` (field_objects.py). The importer gives each class one storage: the object's own
memory when the class has one object, or one memory holding all of them (import_memory.py, "pools").
A store of a pointer into a local object that nothing reads back, and a copy of bytes that hold no
pointer, join nothing (local_bytes.py): the analysis is built again without them.
"""

from __future__ import annotations

from collections.abc import Callable

from cryptohls.frontend.field_objects import (RecordShape, field_at, gep_displacement, member_name, record_shape,
                                              split_member)
from cryptohls.frontend.local_bytes import local_bytes
from cryptohls.frontend.llparse import Instr, LLFunction, LLModule, tokenize
from cryptohls.frontend.lltokens import next_ptr_value, operand_groups, phi_incoming, skip_type, until_close
from cryptohls.frontend.lltypes import TypeTable, store_bytes

_NULLS = ("null", "undef", "poison", "zeroinitializer")
_UNKNOWN = "*"                                  # may_point: any object of the class
_NOT_ESCAPING = ("@llvm.dbg.", "@llvm.lifetime.", "@llvm.assume", "@llvm.experimental.noalias")
_SKIP = {"nuw", "nsw", "exact", "disjoint", "nneg", "inbounds", "volatile", "samesign", "nusw", "fast",
         "noundef", "zeroext", "signext", "inreg", "tail", "notail", "musttail", "nonnull", "immarg",
         "noalias", "nocapture", "readonly", "writeonly"}


class PointsTo:
    """``PointsTo(mod, fn).location(tok)``: the class a pointer value points into; ``objects(cls)``:
    the objects of a class in order of first appearance; ``content(cls)``: what its pointers point into."""

    def __init__(self, mod: LLModule, fn: LLFunction, types: TypeTable | None = None, whole: frozenset = frozenset(),
                 member_copy: Callable[[Instr, int], bool] | None = None):
        """``member_copy(ins, arg)``: does that argument of copy ``ins`` come from one array field of
        a struct, as the -O0 IR shows (member_copies.py)? C bounds the copy by the field."""
        self.mod, self.fn = mod, fn
        self.member_copy = member_copy or (lambda ins, arg: False)
        self.types = types or TypeTable(mod)
        self.shapes: dict[str, RecordShape] = {   # objects split into fields; never those kept ``whole``
            obj: shape for obj, shape in self._record_objects().items() if obj not in whole}
        self._records = frozenset(self.shapes)
        self._args = {a.name for a in fn.args if a.type == "ptr"}
        self._displacements: dict[tuple[str, ...], tuple[int, list[int]] | None] = {}
        self._sizes: dict[str, int] = {}          # bytes of a type of one token
        self._phi_taken = {value[0] for bb in fn.blocks for ins in bb.instrs
                           if ins.opcode == "phi" and ins.tokens[:1] == ["ptr"]
                           for value, _ in phi_incoming([t for t in ins.tokens if t not in _SKIP][1:])}
        self._dead: frozenset[int] = frozenset()   # ids of stores of pointers nothing reads (local_bytes.py)
        self._plain: frozenset[int] = frozenset()  # ids of copies that copy no pointer (local_bytes.py)
        for _ in range(4):      # again without them, where they join nothing; each round's answers
            self._settle()      # hold on the previous round's (coarser) classes
            facts = local_bytes(self, _SKIP, whole)
            if facts == (self._dead, self._plain):
                break
            self._dead, self._plain = facts
        else:
            self._settle()

    def _settle(self) -> None:
        while True:     # again without the objects whose pointers do more than name a field
            self._build()
            bad = self._unsplittable()
            if not bad:
                break
            for obj in bad:
                del self.shapes[obj]

    def _build(self) -> None:
        self._parent: list[int] = []
        self._pointee: dict[int, int] = {}
        self._objects: dict[int, list[str]] = {}
        self._node: dict[str, int] = {}          # value or object token -> node
        self._order: dict[str, int] = {}         # object -> registration index
        self._whole: dict[str, int] = {}         # a split object as a whole: a class of no pointer
        self._initialized: set[str] = set()      # globals whose initializer was read
        self._bad: set[str] = set()              # split objects a pointer moves inside of
        self._moved: list[tuple[int, str]] = []  # (class, token) of pointers moved by a getelementptr,
        #                                          passed to a call or made integers
        self._widths: list[tuple[int, str, int]] = []   # (class, token, bytes) of every load and store
        self._copies: list[tuple[int, str, int]] = []   # (class, token, bytes) of memcpy/memmove/memset
        #                                          pointers, the length a constant
        self._copied: list[tuple[int, int, Instr]] = []   # (destination, source) classes of each
        #                                                    memcpy/memmove, and the call
        self._int_reads: list[tuple[str, list[str], int]] = []   # addresses (token, tokens, index) loaded
        #                                          as a value of another type than ptr
        self._written: list[int] = []             # classes stored into with a value of another type than
        #                                          ptr, or passed to a call that may write them
        self.phi_inputs: set[str] = set()       # pointer values a pointer phi takes
        self.geps: dict[str, list[str]] = {}     # getelementptr result -> its tokens
        self._gep_defs = {ins.result: [t for t in ins.tokens if t not in _SKIP] for bb in self.fn.blocks
                          for ins in bb.instrs if ins.opcode == "getelementptr" and ins.result}
        self._may: dict[str, set[str]] | None = None   # may_point's sets, computed on first use
        self._field_names: dict[tuple, str | None] = {}   # _field_name's answers in this build
        self._current: Instr | None = None        # the instruction being read
        # class root -> (instruction, objects of one side, of the other) of each union of two classes with objects
        self._joins: dict[int, list[tuple[Instr | None, frozenset[str], frozenset[str]]]] = {}
        for a in self.fn.args:
            if a.type == "ptr":
                self._object(a.name)
        for bb in self.fn.blocks:
            for ins in bb.instrs:
                self._instr(ins)
        self._join_copies()

    # --- queries ---------------------------------------------------------------------------------
    def dead_store(self, ins: Instr) -> bool:
        """Does store ``ins`` write a pointer that nothing reads back (local_bytes.py)? It joins nothing
        here, and the importer leaves it out."""
        return id(ins) in self._dead

    def location(self, tok: str) -> int:
        """The class a pointer token ("%v", "@g") points into (a fresh empty class for null)."""
        return self._find(self._loc(tok))

    def objects(self, cls: int) -> list[str]:
        return sorted(self._objects.get(self._find(cls), []), key=self._order.__getitem__)

    def content(self, cls: int) -> int | None:
        r = self._find(cls)
        return self._find(self._pointee[r]) if r in self._pointee else None

    def joined_at(self, a: str, b: str) -> Instr | None:
        """The instruction at which objects ``a`` and ``b`` came to share a class (a select, phi or store
        that lets one pointer point into both); None if they do not, or met while a global's
        initializer was read."""
        for ins, one, other in self._joins.get(self._find(self.class_of_object(a)), []):
            if (a in one and b in other) or (a in other and b in one):
                return ins
        return None

    def class_of_object(self, obj: str) -> int:
        """The class of an object; of a split object as a whole, a class no pointer is in (its
        pointers are in the classes of its fields, ``member_name(obj, offset)``)."""
        if obj in self.shapes:
            if obj not in self._whole:
                self._whole[obj] = self._new()
            return self._find(self._whole[obj])
        return self._find(self._object(obj))

    def same(self, a: int, b: int) -> bool:
        return self._find(a) == self._find(b)

    def address_class(self, toks: list[str], i: int) -> int:
        """The class of the pointer operand at toks[i] (a token, or a constant getelementptr)."""
        return self._find(self._loc(toks[i], toks, i))

    def read_as_integers(self, cls: int) -> bool:
        """Is memory of class ``cls`` ever loaded as a value of another type than ptr? Asked after the
        analysis: the addresses are looked up, never added (a new node or object would change it)."""
        r = self._find(cls)
        for tok, toks, i in self._int_reads:
            node = self._known_loc(tok, toks, i)
            if node is not None and self._find(node) == r:
                return True
        return False

    def _known_loc(self, tok: str, toks: list[str], i: int) -> int | None:
        """_loc's node for an address it has already seen, else None."""
        if tok == "getelementptr":
            inner, k = self._constexpr_base(toks, i)
            name = self._field_name(inner, k)
            return self._node.get(name) if name is not None else self._known_loc(inner[k], inner, k)
        if tok.startswith(("@", "%")):
            return self._node.get(self._bare(tok))
        return None

    def holders(self, content: int) -> list[int]:
        """The classes whose objects hold pointers into class ``content``."""
        return [r for r in self._pointee if self._find(r) == r and self._find(self._pointee[r]) == self._find(content)]

    def holder_group(self, cls: int) -> tuple[str, frozenset[int]] | None:
        """The objects a load or store of a pointer through class ``cls`` reads or writes, with those
        a memcpy/memmove copies from or into them: (the name of their first object, their classes).
        Their pointers come only from stores of pointers, the initializers of their globals and those
        copies. None when one of them is also written otherwise (a store of another type: an ``i64``
        copy of a pointer; a call) or is an argument (what the caller put there is not known here)."""
        links: dict[int, set[int]] = {}
        for a, b, _ in self._copied:
            a, b = self._find(a), self._find(b)
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
        group, todo = set(), [self._find(cls)]
        while todo:
            cur = todo.pop()
            if cur not in group:
                group.add(cur)
                todo += links.get(cur, ())
        written = {self._find(n) for n in self._written}
        objects = sorted((o for r in group for o in self._objects.get(r, [])), key=self._order.__getitem__)
        if group & written or not objects or any(o in self._args for o in objects):
            return None
        return objects[0], frozenset(group)

    def may_point(self, tok: str) -> frozenset[str] | None:
        """The objects SSA pointer ``tok`` may point into, following getelementptrs, phis and selects
        by inclusion (each value its own set, not its class's); None when a pointer read from memory
        or made elsewhere may reach it (then any object of its class). Steered accesses use it to
        drive only the members a pointer can reach (import_steer.py)."""
        if self._may is None:
            self._may = self._inclusion()
        found = self._may.get(tok)
        return None if found is None or _UNKNOWN in found else frozenset(found)

    def _inclusion(self) -> dict[str, set[str]]:
        fn = self.fn
        args = {a.name for a in fn.args if a.type == "ptr"}
        made = {ins.result for bb in fn.blocks for ins in bb.instrs
                if ins.result and ins.opcode in ("alloca", "getelementptr", "phi", "select", "load")}
        may: dict[str, set[str]] = {}

        def of(toks: list[str], i: int) -> set[str]:
            tok = toks[i]
            if tok == "getelementptr":
                inner, k = self._constexpr_base(toks, i)
                return self._field_set(inner, k) or of(inner, k)
            if tok.startswith("@"):
                return {self._bare(tok)} if tok in self.mod.globals else set()
            if tok in args:
                return {tok}
            if tok in self.shapes:
                return {self._bare(tok)}
            if tok.startswith("%"):
                return may.get(tok, set()) if tok in made else {_UNKNOWN}
            return set()                      # null, undef

        changed = True
        while changed:
            changed = False
            for bb in fn.blocks:
                for ins in bb.instrs:
                    new = self._incoming(ins, of)
                    if new is not None and not new <= may.get(ins.result, set()):
                        may[ins.result] = may.get(ins.result, set()) | new
                        changed = True
        return may

    def _incoming(self, ins: Instr, of) -> set[str] | None:
        toks = [t for t in ins.tokens if t not in _SKIP]
        op, res = ins.opcode, ins.result
        if not res:
            return None
        if op == "alloca":
            return {self._bare(res)}
        if op == "getelementptr":
            k = next_ptr_value(toks, skip_type(self.types, toks, 0))
            return self._field_set(toks, k) or of(toks, k)
        if op == "phi" and toks and toks[0] == "ptr":
            return set().union(*(of(value, 0) for value, _ in phi_incoming(toks[1:])))
        if op == "select":
            groups = operand_groups(toks)
            if len(groups) == 3 and groups[1] and groups[1][0] == "ptr":
                return of(groups[1], 1) | of(groups[2], 1)
            return None
        if op == "load" and toks and toks[0] == "ptr":
            return {_UNKNOWN}
        return None

    # --- field objects (field_objects.py) -----------------------------------------------------------
    def _record_objects(self) -> dict[str, RecordShape]:
        """The globals and allocas laid out as records of mixed scalar fields: the candidates to split."""
        out = {}
        for name, g in self.mod.globals.items():
            shape = record_shape(self.types.from_text(g.type))
            if shape is not None:
                out[name] = shape
        for bb in self.fn.blocks:
            for ins in bb.instrs:
                if ins.opcode == "alloca" and ins.result:
                    t, _ = self.types.parse([x for x in ins.tokens if x not in _SKIP], 0)
                    shape = record_shape(t)
                    if shape is not None:
                        out[ins.result] = shape
        return out

    def _bare(self, obj: str) -> str:
        """What an object's own address points into: its first field when it is split."""
        return member_name(obj, 0) if obj in self.shapes else obj

    def _root(self, toks: list[str], k: int) -> tuple[str, int, list[int]] | None:
        """A getelementptr (tokens ``toks``, base at toks[k]) from a split object, maybe through other
        getelementptrs (``&a[i]``, then its field): (the object, constant bytes, run-time strides)
        from the object's start; None when its base is no split object."""
        base = toks[k]
        if base not in self.shapes and base != "getelementptr" and base not in self._gep_defs:
            return None
        moved = self._displacement(toks)
        if base in self.shapes:
            inner = (base, 0, [])
        elif base == "getelementptr":
            j = k + 1
            while toks[j] != "(":
                j += 1
            sub = until_close(toks, j)
            inner = self._root(sub, next_ptr_value(sub, skip_type(self.types, sub, 0)))
        elif base in self._gep_defs and base not in self._phi_taken:   # a phi takes it: a run-time index
            sub = self._gep_defs[base]
            inner = self._root(sub, next_ptr_value(sub, skip_type(self.types, sub, 0)))
        else:
            return None
        if inner is None:
            return None
        if moved is None:
            self._bad.add(inner[0])
            return None
        return inner[0], inner[1] + moved[0], inner[2] + moved[1]

    def _displacement(self, toks: list[str]) -> tuple[int, list[int]] | None:
        key = tuple(toks)
        if key not in self._displacements:
            self._displacements[key] = gep_displacement(self.types, [t for t in toks if not t.startswith("inrange")])
        return self._displacements[key]

    def _field_name(self, toks: list[str], k: int) -> str | None:
        """The field object a getelementptr from a split object points into (None: not from one)."""
        key = (tuple(toks), k)
        if key not in self._field_names:
            self._field_names[key] = self._field_of(toks, k)
        return self._field_names[key]

    def _field_of(self, toks: list[str], k: int) -> str | None:
        root = self._root(toks, k)
        if root is None:
            return None
        offset = field_at(self.shapes[root[0]], root[1], root[2])
        if offset is None:                      # not a field: the object stays whole
            self._bad.add(root[0])
            return None
        return member_name(root[0], offset)

    def _unsplittable(self) -> set[str]:
        """The split objects whose fields' pointers move, escape, are accessed wider than the field
        where that reaches a pooled field, or share a class with a whole struct (which pooled them
        before). A narrower access stays inside the field's element of the pool (a union's bit-field
        member read as an i8 over its int member: seed 100818)."""
        bad = set(self._bad)
        moved = list(self._moved)
        for node, tok, nbytes in self._copies:   # a copy of whole records of one split object keeps it split
            if not self._whole_records(node, nbytes):
                moved.append((node, tok))
        for node, tok in moved:
            if not any(map(split_member, self._objects.get(self._find(node), []))):
                continue
            bad |= {m[0] for m in map(split_member, self._reach(node, tok)) if m}
        pooled = {m for objs in self._objects.values() if len(objs) > 1 for m in map(split_member, objs) if m}
        for node, tok, size in self._widths:   # an access of other bytes than its field's, over a pooled field
            if not any(map(split_member, self._objects.get(self._find(node), []))):
                continue
            for m in map(split_member, self._reach(node, tok)):
                if m and m[0] in self.shapes and store_bytes(self.shapes[m[0]].fields[m[1]]) < size and \
                        any((m[0], f) in pooled for f in range(m[1], m[1] + size)):
                    bad.add(m[0])
        for objs in self._objects.values():
            members = [m for m in map(split_member, objs) if m]
            if any(o in self._records for o in objs):   # a struct kept whole
                bad |= {m[0] for m in members}
            elif len(objs) > 1 and len(members) == len(objs) and len({m[0] for m in members}) == len(objs) and \
                    len({(self._layout(m[0]), m[1]) for m in members}) == 1:
                bad |= {m[0] for m in members}     # one field of structs of one type: a record pool, as before
        return bad & set(self.shapes)

    def _reach(self, node: int, tok: str) -> set[str] | list[str]:
        """The objects pointer ``tok`` (of class ``node``) may point into: what it may point to itself
        (``@g`` only into g: a union read through another member is no access to the objects it
        shares a pool with, seed 100848), else every object of its class."""
        if tok.startswith("@") or tok in self.shapes or tok in self._args:   # an object's own address
            return {self._bare(tok)}
        return self.may_point(tok) or self._objects.get(self._find(node), [])

    def _whole_records(self, node: int, nbytes: int) -> bool:
        """Does a memcpy/memmove/memset of ``nbytes`` through a pointer of class ``node`` cover whole
        records of one split object (``*q = s`` through `struct S *q = &s`, seeds 100203, 100848)? Its
        class must hold the object's first field alone: the pointer is at a record's start (pointers
        into fields never move) and is no index into a pool, and the importer copies field by field,
        each at its own width, the pooled ones in their pool (import_memops.py)."""
        objs = self._objects.get(self._find(node), [])
        member = split_member(objs[0]) if len(objs) == 1 else None
        return member is not None and member[1] == 0 and member[0] in self.shapes and \
            nbytes % self.shapes[member[0]].stride == 0

    def _layout(self, obj: str) -> str | None:
        """The record layout of a split object (None for others), comparable between objects."""
        shape = self.shapes.get(obj)
        return None if shape is None else repr((shape.stride, sorted(shape.fields.items())))

    def _field_set(self, toks: list[str], k: int) -> set[str]:
        """may_point's set of a getelementptr from a split object (toks[k]): its field; else empty."""
        name = self._field_name(toks, k)
        return {name} if name else set()

    # --- union-find ------------------------------------------------------------------------------
    def _new(self) -> int:
        self._parent.append(len(self._parent))
        return len(self._parent) - 1

    def _find(self, n: int) -> int:
        root = n
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[n] != root:
            self._parent[n], n = root, self._parent[n]
        return root

    def _unify(self, a: int, b: int) -> None:
        pending = [(a, b)]
        while pending:
            x, y = pending.pop()
            rx, ry = self._find(x), self._find(y)
            if rx == ry:
                continue
            self._parent[ry] = rx
            joins = self._joins.pop(ry, [])
            if self._objects.get(rx) and self._objects.get(ry):
                joins.append((self._current, frozenset(self._objects[rx]), frozenset(self._objects[ry])))
            if joins:
                self._joins.setdefault(rx, []).extend(joins)
            self._objects.setdefault(rx, []).extend(self._objects.pop(ry, []))
            px, py = self._pointee.get(rx), self._pointee.pop(ry, None)
            if px is None and py is not None:
                self._pointee[rx] = py
            elif px is not None and py is not None:
                pending.append((px, py))

    def _content(self, n: int) -> int:
        r = self._find(n)
        if r not in self._pointee:
            self._pointee[r] = self._new()
        return self._pointee[r]

    def _object(self, name: str) -> int:
        if name not in self._node:
            n = self._new()
            self._node[name] = n
            self._objects[n] = [name]
            self._order[name] = len(self._order)
            owner = split_member(name)
            if name.startswith("@"):
                reading, self._current = self._current, None   # what an initializer joins has no instruction
                self._global_initializer(owner[0] if owner else name)
                self._current = reading
        return self._node[name]

    # --- the IR ----------------------------------------------------------------------------------
    def _loc(self, tok: str, toks: list[str] | None = None, i: int = 0) -> int:
        """The class of the pointer written at toks[i] (a token, or a constant getelementptr)."""
        if tok == "getelementptr" and toks is not None:
            return self._loc_constexpr(toks, i)
        if tok.startswith("@"):
            if tok in self.mod.globals:
                return self._object(self._bare(tok))
            return self._new()                    # a function's address: refused by the importer
        if tok.startswith("%"):
            if tok in self.shapes:
                return self._object(self._bare(tok))
            if tok not in self._node:
                self._node[tok] = self._new()
            return self._node[tok]
        return self._new()                        # null, undef, an integer constant

    def _constexpr_base(self, toks: list[str], i: int) -> tuple[list[str], int]:
        """A `getelementptr (...)` constant expression at toks[i]: its tokens inside the parentheses and
        the position of its base pointer there."""
        j = i + 1
        while toks[j] != "(":
            j += 1
        inner = until_close(toks, j)
        return inner, next_ptr_value(inner, skip_type(self.types, inner, 0))

    def _loc_constexpr(self, toks: list[str], i: int) -> int:
        return self._gep_loc(*self._constexpr_base(toks, i))

    def _gep_loc(self, toks: list[str], k: int) -> int:
        """The class of a getelementptr (tokens ``toks``, base at toks[k]): its base's, or the field's
        of a split object; notes a pointer it moves."""
        name = self._field_name(toks, k)
        if name is not None:
            return self._object(name)
        base = toks[k]
        node = self._loc(base, toks, k)
        if self._displacement(toks) != (0, []):
            self._moved.append((node, base))
        return node

    def _global_initializer(self, name: str) -> None:
        """The pointers a global's initializer holds: into its content (of a split global: into the
        content of each of its pointer fields)."""
        if name in self._initialized:
            return
        self._initialized.add(name)
        g = self.mod.globals[name]
        if not g.init or "@" not in g.init:
            return
        if name in self.shapes:
            holders = [self._object(member_name(name, off)) for off, lt in self.shapes[name].fields.items()
                       if lt.kind == "ptr"]
        else:
            holders = [self._object(name)]
        toks = tokenize(g.init)
        k = 0
        while k < len(toks):
            tok, target = toks[k], None
            if tok == "getelementptr":
                target = self._loc_constexpr(toks, k)
                while toks[k] != "(":
                    k += 1
                k += len(until_close(toks, k)) + 1
            elif tok.startswith("@") and tok in self.mod.globals:
                target = self._object(self._bare(tok))
            for holder in holders if target is not None else []:
                self._unify(self._content(holder), target)
            k += 1

    def _instr(self, ins: Instr) -> None:
        self._current = ins
        toks = [t for t in ins.tokens if t not in _SKIP]
        op, res = ins.opcode, ins.result
        if op == "alloca" and res:
            if res not in self.shapes:
                self._node[res] = self._object(res)
        elif op == "getelementptr" and res:
            self.geps[res] = ins.tokens
            k = skip_type(self.types, toks, 0)
            k = next_ptr_value(toks, k)
            self._unify(self._loc(res), self._gep_loc(toks, k))
        elif op == "phi" and res and toks and toks[0] == "ptr":
            for value, _ in phi_incoming(toks[1:]):
                self.phi_inputs.add(value[0])
                self._unify(self._loc(res), self._loc(value[0], value, 0))
        elif op == "select" and res:
            groups = operand_groups(toks)
            if len(groups) == 3 and groups[1] and groups[1][0] == "ptr":
                for g in groups[1:]:
                    self._unify(self._loc(res), self._loc(g[1], g, 1))
        elif op == "load" and res and toks:
            groups = operand_groups(toks)
            p = groups[1]
            self._note_width(toks, p)
            if toks[0] == "ptr":
                self._unify(self._loc(res), self._content(self._loc(p[1], p, 1)))
            elif len(p) > 1 and p[0] == "ptr":
                self._int_reads.append((p[1], p, 1))
        elif op == "store":
            groups = operand_groups(toks)
            if len(groups) >= 2 and groups[0]:
                self._note_width(groups[0], groups[1])
            if len(groups) >= 2 and groups[0] and groups[0][0] == "ptr" and id(ins) in self._dead:
                pass                                 # nothing reads it back: it joins nothing
            elif len(groups) >= 2 and groups[0] and groups[0][0] == "ptr":
                v, p = groups[0], groups[1]
                self._unify(self._content(self._loc(p[1], p, 1)), self._loc(v[1], v, 1))
            elif len(groups) >= 2 and len(groups[1]) > 1 and groups[1][0] == "ptr":
                self._written.append(self._loc(groups[1][1], groups[1], 1))
        elif op == "ptrtoint" and toks and toks[0] == "ptr":
            self._moved.append((self._loc(toks[1], toks, 1), toks[1]))
        elif op == "icmp":
            groups = operand_groups(toks[1:])
            if len(groups) == 2 and groups[0] and groups[0][0] == "ptr":
                a = groups[0]
                self._unify(self._loc(a[1], a, 1), self._loc(groups[1][0], groups[1], 0))
        elif op == "call":
            callee = next((t for k, t in enumerate(toks[:-1]) if toks[k + 1] == "(" and t.startswith("@")), "")
            if callee.startswith(("@llvm.memcpy", "@llvm.memmove")):
                args = operand_groups(until_close(toks, toks.index(callee) + 1))
                # the pointer after its attributes (`ptr noundef nonnull align 16 dereferenceable(16) %a`):
                # a copy of pointers gives the destination's the source's content (read as `align`, it
                # joined nothing, and pointers copied from a constant table were read as pointers into
                # what the code stored there)
                dst, src = (self._loc(arg[_pointer_at(arg)], arg, _pointer_at(arg)) for arg in args[:2])
                self._copied.append((dst, src, ins))
            if callee and not callee.startswith(_NOT_ESCAPING) and "(" in toks[toks.index(callee):]:
                args = operand_groups(until_close(toks, toks.index(callee) + 1))
                length = _copy_length(callee, args)
                for arg in args:
                    if len(arg) > 1 and arg[0] == "ptr":     # memset/memcpy or a call: sees the bytes
                        k = _pointer_at(arg)
                        node = self._loc(arg[k], arg, k)
                        if not callee.startswith(("@llvm.memcpy", "@llvm.memmove", "@llvm.memset")):
                            self._written.append(node)
                        if length is None:
                            self._moved.append((node, arg[k]))
                        else:
                            self._copies.append((node, arg[k], length))

    def _join_copies(self) -> None:
        """A memcpy/memmove copies the pointers its source holds: the destination's content is the
        source's. Joined once every instruction is read, and only where one side holds pointers, so
        that a copy of integers gives neither a content (a class with one holds pointers: bytes_instead)."""
        changed = True
        while changed:
            changed = False
            for dst, src, ins in self._copied:
                a, b = self._find(dst), self._find(src)
                if id(ins) in self._plain:          # its source holds no pointer (local_bytes.py)
                    continue
                if (a in self._pointee or b in self._pointee) and \
                        not (a in self._pointee and b in self._pointee and self.same(self._pointee[a], self._pointee[b])):
                    self._current = ins
                    self._unify(self._content(a), self._content(b))
                    changed = True

    def _note_width(self, typed: list[str], pointer: list[str]) -> None:
        """Notes the bytes a load or store (value type ``typed[0]``, address ``pointer``) accesses: an
        ``i40`` over a run of bit-fields 5, not the 8 it would occupy (seed 100994)."""
        if not self.shapes or len(pointer) < 2 or pointer[0] != "ptr":
            return
        size = self._sizes.get(typed[0])
        if size is None:
            try:
                size = store_bytes(self.types.parse(typed, 0)[0])
            except (AssertionError, IndexError, KeyError, ValueError):
                return
            if typed[0] not in ("[", "{", "<"):       # a type of one token: i32, ptr, %struct.S
                self._sizes[typed[0]] = size
        self._widths.append((self._loc(pointer[1], pointer, 1), pointer[1], size))


def _pointer_at(arg: list[str]) -> int:
    """Where the pointer of call argument ``arg`` (`ptr`, attributes, the value) is: its last token, or
    the start of a constant getelementptr."""
    return arg.index("getelementptr") if "getelementptr" in arg else len(arg) - 1


def _copy_length(callee: str, args: list[list[str]]) -> int | None:
    """The constant length of a memcpy/memmove/memset call (its third argument); None for other
    calls and run-time lengths."""
    if not callee.startswith(("@llvm.memcpy", "@llvm.memmove", "@llvm.memset")) or len(args) < 3:
        return None
    tok = args[2][-1] if args[2] else ""
    return int(tok) if tok.isdigit() else None


__all__ = ["PointsTo"]
