"""Points-to helper: which bytes of a local object are read, and which may hold pointers.

SUPERCOP's CAESAR reference code of CLOC and SILC keeps a context struct that points into itself
(``cxt->pt_ekey = &cxt->ekey``, read back by every block cipher call) and also notes what its caller
passed (``cxt->userkey = userkey``, ``cxt->tag = tag``), fields no code reads again. A pointer walks
the key schedule inside the struct, so points-to keeps it whole (field_objects.py), and a whole
object has one content class for every pointer stored anywhere in it: `tag` shared a class with the
struct itself, and the importer refused the pool of a struct and an array. Copies of bytes in and
out of its byte arrays (``memcpy(state, ad, 16)``) then joined the contexts of encryption and
decryption, and every array copied through them.

This pass looks at the bytes of each *local* object (an alloca: nobody sees it after the function
returns) that is neither split into fields nor laid out as bytes:
- a store of a pointer is *dead* when it stores at a constant byte offset and no instruction may read
  those bytes back; it is not imported, and joins nothing;
- a memcpy/memmove copies no pointer when its source is a constant range of such an object that no
  pointer is ever written into (or a constant global whose initializer holds none); it joins nothing.

Where a pointer points is traced through getelementptrs, phis and selects (``anchors``). A pointer
that moves at run time keeps the constant offset it moves from, and reaches the run of non-pointer
leaves around it: the importer keeps each access to a whole struct inside the field its constant
offset names (an array member), and C forbids pointer arithmetic out of an array member. A pointer of
another origin (a load, a call) may point into any object whose address escaped (was stored, passed
to a call, or made an integer); through it,
- a load of a pointer or of bytes (``i8``, a vector, an aggregate), a copy, or any call may read the
  whole object; a load of a wider integer or of a float reads no pointer (C11 6.5p7: an object of
  pointer type is read only as itself or as characters);
- a store of a pointer, a copy of what may hold pointers, or a call may write pointers anywhere in it.
A copy whose source may hold pointers writes pointers where it copies to (a least fixpoint from the
stores). Points-to runs again without what this finds (points_to.py), on a finer partition; whether
a copy's source class holds pointers at all was asked of the previous round's partition, which only
left out joins found not to move pointers, so each round misses nothing.
"""

from __future__ import annotations

from cryptohls.frontend.field_objects import gep_displacement
from cryptohls.frontend.lltokens import next_ptr_value, operand_groups, phi_incoming, skip_type, until_close
from cryptohls.frontend.lltypes import LLType, leaf_offsets, leaves, size_of, store_bytes

_POINTER_BYTES = 8
_NOT_READING = ("@llvm.dbg.", "@llvm.lifetime.", "@llvm.assume", "@llvm.experimental.noalias", "@llvm.memset")
_COPIES = ("@llvm.memcpy", "@llvm.memmove")
_NULLS = ("null", "undef", "poison")
_SEEN = ("load", "store", "getelementptr", "phi", "select", "icmp", "call", "alloca")


def local_bytes(pt, skip: frozenset, kept: frozenset) -> tuple[frozenset[int], frozenset[int]]:
    """(the ``id`` of every dead store of a pointer, of every copy that copies no pointer) in ``pt.fn``
    (see the module's comment); ``pt`` is the points-to analysis of the previous round,
    ``skip`` the tokens it drops (flags), ``kept`` the objects laid out as bytes (never looked at)."""
    facts = _LocalBytes(pt, skip, kept)
    facts.scan()
    return facts.dead(), facts.pointer_free_copies()


class _LocalBytes:
    def __init__(self, pt, skip: frozenset, kept: frozenset):
        self.pt, self.skip = pt, skip
        fn = pt.fn
        self.types: dict[str, LLType] = {   # the candidates: allocas not split into fields nor laid out as bytes
            ins.result: pt.types.parse([t for t in ins.tokens if t not in skip], 0)[0]
            for bb in fn.blocks for ins in bb.instrs
            if ins.opcode == "alloca" and ins.result and ins.result not in pt.shapes and ins.result not in kept}
        self.defs = {ins.result: (ins.opcode, [t for t in ins.tokens if t not in skip]) for bb in fn.blocks
                     for ins in bb.instrs if ins.result and ins.opcode in ("getelementptr", "phi", "select")}
        self.whole: set[str] = set()                          # objects any of whose bytes may be read
        self.spans: dict[str, list[tuple[int, int]]] = {}     # object -> byte ranges read
        self.stores: list[tuple[int, str, int]] = []          # (id of the store, object, offset)
        self.held_whole: set[str] = set()                     # objects pointers may be written anywhere in
        self.held: dict[str, list[tuple[int, int]]] = {}      # object -> byte ranges pointers are written to
        # (id, source tokens, at, length, target tokens, at) of each memcpy/memmove; those that may copy pointers
        # (id, source tokens, at, length, target tokens, at, bounded: through one array field) of each
        # memcpy/memmove
        self.copies: list[tuple[int, list[str], int, int | None, list[str], int, bool]] = []
        self.carrying: set[int] = set()
        self._anchors: dict[str, frozenset | None] = {}
        self._reach: dict[tuple[str, int], tuple[int, int] | None] = {}
        self.args = {a.name for a in fn.args}
        self.locals = {ins.result for bb in fn.blocks for ins in bb.instrs if ins.opcode == "alloca" and ins.result}
        self.escaped: set[str] = set()        # objects a pointer into which may be held elsewhere than in SSA
        self.blind = False                    # a pointer of unknown origin reads bytes or pointers
        self.blind_write = False              # ... or writes pointers

    def scan(self) -> None:
        if not self.types:
            return
        for bb in self.pt.fn.blocks:
            for ins in bb.instrs:
                self._read(ins, [t for t in ins.tokens if t not in self.skip])
        if self.blind:
            self.whole |= self.escaped
        self._copied_pointers()

    def _copied_pointers(self) -> None:
        """Pointers get into an object's bytes by stores and by copies of bytes that hold some: the
        least fixpoint from the stores."""
        changed = True
        while changed:
            changed = False
            for key, source, i, length, target, j, bounded in self.copies:
                if key not in self.carrying and not self._pointer_free(source, i, length, bounded):
                    self.carrying.add(key)
                    self._write(target, j, length)
                    changed = True

    def dead(self) -> frozenset[int]:
        return frozenset(key for key, obj, off in self.stores
                         if obj not in self.whole and not _overlaps(self.spans.get(obj, ()), off, _POINTER_BYTES))

    def pointer_free_copies(self) -> frozenset[int]:
        return frozenset(c[0] for c in self.copies if c[0] not in self.carrying)

    def _pointer_free(self, toks: list[str], i: int, length: int | None, bounded: bool = False) -> bool:
        """Do the ``length`` bytes (None: unknown; inside one array field when ``bounded``) at the
        pointer toks[i] never hold a pointer? Its points-to class holds none, or its objects are
        constant globals whose initializers hold none, and local objects where no pointer is written
        in those bytes (for a bounded copy of a run-time length: in the run of non-pointer leaves
        around its start, ``reach``)."""
        cls = self.pt.address_class(toks, i)
        if self.pt.content(cls) is None:
            return True
        if not all(o in self.types or self._plain_constant(o) for o in self.pt.objects(cls)):
            return False
        found = self._pointer_anchors(toks, i)
        if found is None:
            return False
        for obj, off, moved in found:
            if bounded and (moved or length is None):
                span = self.reach(obj, off)
                if span is None or self._held(obj, span[0], span[1] - span[0]):
                    return False
            elif moved or length is None or self._held(obj, off, length):
                return False
        return True

    def _held(self, obj: str, off: int, nbytes: int) -> bool:
        """May a pointer be written in bytes [off, off + nbytes) of candidate ``obj``?"""
        return obj in self.held_whole or (self.blind_write and obj in self.escaped) or \
            _overlaps(self.held.get(obj, ()), off, nbytes)

    def _plain_constant(self, obj: str) -> bool:
        g = self.pt.mod.globals.get(obj)
        return g is not None and g.constant and "@" not in (g.init or "")

    # --- where a pointer points --------------------------------------------------------------------
    def anchors(self, tok: str) -> frozenset | None:
        """The (candidate object, constant byte offset, moved at run time?) a pointer may hold, through
        getelementptrs, phis and selects; None when it may come from elsewhere (a load, an argument).
        A pointer that moves at run time keeps the constant offset it moves from: the importer keeps
        its accesses in the struct's field there (a walk over an array member)."""
        if tok not in self._anchors:
            self._anchors[tok] = self._trace(tok, set(), set())
        return self._anchors[tok]

    def _trace(self, tok: str, open_: set[str], cycles: set[str]) -> frozenset | None:
        if tok in self._anchors:
            return self._anchors[tok]
        if tok in self.types:
            return frozenset({(tok, 0, False)})
        if not tok.startswith("%") or tok in self.args or tok in self.locals:
            return frozenset()                    # a global, a constant, the caller's object, another local
        if tok in open_:                          # round a loop: no new place, only movement
            cycles.add(tok)
            return frozenset()
        opcode, toks = self.defs.get(tok, ("", []))
        if opcode == "getelementptr":
            k = next_ptr_value(toks, skip_type(self.pt.types, toks, 0))
            moved = gep_displacement(self.pt.types, [t for t in toks if not t.startswith("inrange")])
            inner = self._trace(toks[k], open_, cycles)
            if inner is None or moved is None:
                return None
            return frozenset((obj, off + moved[0], was or bool(moved[1])) for obj, off, was in inner)
        if opcode == "phi" and toks[:1] == ["ptr"]:
            values = [value[0] for value, _ in phi_incoming(toks[1:])]
        elif opcode == "select":
            groups = operand_groups(toks)
            values = [g[1] for g in groups[1:3] if len(g) > 1 and g[0] == "ptr"]
            if len(values) != 2:
                return None
        else:
            return None
        open_.add(tok)
        found: set = set()
        for value in values:
            if value in _NULLS:
                continue
            inner = self._trace(value, open_, cycles)
            if inner is None:
                open_.discard(tok)
                return None
            found |= inner
        open_.discard(tok)
        if tok in cycles:
            found = {(obj, off, True) for obj, off, _ in found}
        return frozenset(found)

    def reach(self, obj: str, off: int) -> tuple[int, int] | None:
        """The bytes a pointer that moves at run time from byte ``off`` of ``obj`` may reach: the run
        of non-pointer leaves around it (an array member of scalars lies inside it); None (anywhere)
        when ``off`` is outside them, or an array member's elements hold pointers."""
        if (obj, off) not in self._reach:
            self._reach[obj, off] = self._run_around(obj, off)
        return self._reach[obj, off]

    def _run_around(self, obj: str, off: int) -> tuple[int, int] | None:
        t = self.types[obj]
        if _array_of_pointers(t) or not 0 <= off < size_of(t):
            return None
        lo, hi = 0, size_of(t)
        for at, leaf in leaf_offsets(t):
            if leaf.kind != "ptr":
                continue
            if at <= off < at + size_of(leaf):
                return None
            if at + size_of(leaf) <= off:
                lo = max(lo, at + size_of(leaf))
            elif at > off:
                hi = min(hi, at)
        return lo, hi

    # --- what reads -----------------------------------------------------------------------------
    def _read(self, ins, toks: list[str]) -> None:
        op = ins.opcode
        if op == "load" and toks:
            groups = operand_groups(toks)
            address = groups[1] if len(groups) > 1 else []
            if len(address) > 1 and address[0] == "ptr":
                self._access(address, 1, self._bytes(toks), _may_read_pointers(toks[0]))
        elif op == "store":
            groups = operand_groups(toks)
            if len(groups) >= 2 and groups[0][:1] == ["ptr"]:
                self._escape(groups[0], len(groups[0]) - 1)
                self._write(groups[1], len(groups[1]) - 1, _POINTER_BYTES)
            if len(groups) >= 2 and groups[0][:1] == ["ptr"] and len(groups[1]) == 2:
                found = self.anchors(groups[1][1])
                if found is not None and len(found) == 1 and not next(iter(found))[2]:
                    obj, off, _ = next(iter(found))
                    self.stores.append((id(ins), obj, off))
        elif op == "call":
            self._call(ins, toks)
        elif op not in _SEEN:                 # anything else a pointer reaches (ptrtoint) may read it
            for k in range(len(toks) - 1):
                if toks[k] == "ptr" and toks[k + 1].startswith("%"):
                    self._escape(toks, k + 1, read=True)

    def _call(self, ins, toks: list[str]) -> None:
        callee = next((t for k, t in enumerate(toks[:-1]) if toks[k + 1] == "(" and t.startswith("@")), "")
        if not callee or callee.startswith(_NOT_READING) or "(" not in toks[toks.index(callee):]:
            return
        args = operand_groups(until_close(toks, toks.index(callee) + 1))
        if callee.startswith(_COPIES) and len(args) > 2 and args[2]:
            target, source = args[0], args[1]
            length = int(args[2][-1]) if args[2][-1].isdigit() else None
            # a run-time length through one array field (member_copies.py) stays inside it: it reads
            # at most the run of non-pointer leaves around its start, as a pointer that moves does
            bounded = self.pt.member_copy(ins, 1)
            self._access(source, _pointer_at(source), length, True, bounded)
            self.copies.append((id(ins), source, _pointer_at(source), length, target, _pointer_at(target), bounded))
            return
        for arg in args:
            if len(arg) > 1 and arg[0] == "ptr":
                self._escape(arg, _pointer_at(arg), read=True)

    def _access(self, toks: list[str], i: int, nbytes: int | None, may_read_pointers: bool,
                bounded: bool = False) -> None:
        """A read of ``nbytes`` (None: unknown; inside one array field when ``bounded``) through the
        pointer at toks[i]."""
        found = self._pointer_anchors(toks, i)
        if found is None:                     # from memory or a call: into any escaped object
            self.blind |= may_read_pointers or nbytes is None
            return
        for obj, off, moved in found:
            if nbytes is None and not bounded:    # a copy of a run-time length: from `&obj` it may cover all
                self.whole.add(obj)
                continue
            span = self.reach(obj, off) if moved or nbytes is None else (off, off + max(nbytes, 1))
            if span is None:
                self.whole.add(obj)
            else:
                self.spans.setdefault(obj, []).append(span)

    def _escape(self, toks: list[str], i: int, read: bool = False) -> None:
        """The pointer at toks[i] leaves the SSA values traced here (stored, passed to a call, made an
        integer): what it points into is escaped, and read whole when ``read``."""
        found = self._pointer_anchors(toks, i)
        if found is None:                         # already of unknown origin: a reader of escaped objects
            self.blind |= read
            self.blind_write |= read
            return
        objs = {obj for obj, _, _ in found}
        self.escaped |= objs
        if read:                                  # a call: it may read and write anything in them
            self.whole |= objs
            self.held_whole |= objs

    def _write(self, toks: list[str], i: int, nbytes: int | None) -> None:
        """Pointers may be written to ``nbytes`` (None: unknown) at the pointer toks[i]."""
        found = self._pointer_anchors(toks, i)
        if found is None:
            self.blind_write = True
            return
        for obj, off, moved in found:
            span = None if nbytes is None else self.reach(obj, off) if moved else (off, off + max(nbytes, 1))
            if span is None:
                self.held_whole.add(obj)
            else:
                self.held.setdefault(obj, []).append(span)

    def _pointer_anchors(self, toks: list[str], i: int) -> frozenset | None:
        if toks[i] == "getelementptr":            # a constant expression: from a global
            return frozenset()
        return self.anchors(toks[i])

    def _bytes(self, toks: list[str]) -> int | None:
        try:
            return store_bytes(self.pt.types.parse(toks, 0)[0])
        except (AssertionError, IndexError, KeyError, ValueError):
            return None


def _overlaps(spans, off: int, nbytes: int) -> bool:
    return any(lo < off + nbytes and off < hi for lo, hi in spans)


def _array_of_pointers(t: LLType) -> bool:
    """Does ``t`` hold an array whose elements hold pointers?"""
    if t.kind in ("arr", "vec"):
        return any(leaf.kind == "ptr" for leaf in leaves(t.elems[0])) or _array_of_pointers(t.elems[0])
    return t.kind == "struct" and any(_array_of_pointers(f) for f in t.elems)


def _pointer_at(arg: list[str]) -> int:
    """Where the pointer of call argument ``arg`` (`ptr`, attributes, the value) is: its last token, or
    the start of a constant getelementptr."""
    return arg.index("getelementptr") if "getelementptr" in arg else len(arg) - 1


def _may_read_pointers(type_tok: str) -> bool:
    """Can a load of this type read an object of pointer type in C (6.5p7): a pointer, characters,
    or an aggregate or vector (which may hold either)? A wider integer or a float cannot."""
    return type_tok in ("ptr", "i8") or type_tok[:1] in ("[", "{", "<", "%")
