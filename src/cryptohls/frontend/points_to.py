"""Points-to analysis of one function's LLVM IR: which objects each pointer may point into.

Unification-based (Steensgaard's algorithm): every pointer value and every object belongs to a
*location class*; a pointer value's class is the class of the objects it may point into, and a
class that holds pointers has one *content* class they point into. Joining two pointers (phi,
select, comparison) or storing one where another was stored unifies their classes, and unifying
two classes unifies their contents. It runs in near-linear time and needs no iteration; the price
is that a class may be larger than the exact answer, which costs memory ports, not correctness.

Objects are named by their LLVM tokens: ``@g`` (a global variable), ``%x`` (an alloca) and ``%a``
(a pointer argument). The importer gives each class one storage: the object's own memory when the
class has one object, or one memory holding all of them (import_memory.py, "pools").
"""

from __future__ import annotations

from cryptohls.frontend.llparse import Instr, LLFunction, LLModule, tokenize
from cryptohls.frontend.lltypes import TypeTable

_NULLS = ("null", "undef", "poison", "zeroinitializer")
_UNKNOWN = "*"                                  # may_point: any object of the class
_SKIP = {"nuw", "nsw", "exact", "disjoint", "nneg", "inbounds", "volatile", "samesign", "nusw", "fast",
         "noundef", "zeroext", "signext", "inreg", "tail", "notail", "musttail", "nonnull", "immarg",
         "noalias", "nocapture", "readonly", "writeonly"}


class PointsTo:
    """``PointsTo(mod, fn).location(tok)``: the class a pointer value points into; ``objects(cls)``:
    the objects of a class in order of first appearance; ``content(cls)``: what its pointers point into."""

    def __init__(self, mod: LLModule, fn: LLFunction, types: TypeTable | None = None):
        self.mod, self.fn = mod, fn
        self.types = types or TypeTable(mod)
        self._parent: list[int] = []
        self._pointee: dict[int, int] = {}
        self._objects: dict[int, list[str]] = {}
        self._node: dict[str, int] = {}          # value or object token -> node
        self._order: dict[str, int] = {}         # object -> registration index
        self.phi_inputs: set[str] = set()       # pointer values a pointer phi takes
        self.geps: dict[str, list[str]] = {}     # getelementptr result -> its tokens
        self._may: dict[str, set[str]] | None = None   # may_point's sets, computed on first use
        for a in fn.args:
            if a.type == "ptr":
                self._object(a.name)
        for bb in fn.blocks:
            for ins in bb.instrs:
                self._instr(ins)

    # --- queries ---------------------------------------------------------------------------------
    def location(self, tok: str) -> int:
        """The class a pointer token ("%v", "@g") points into (a fresh empty class for null)."""
        return self._find(self._loc(tok))

    def objects(self, cls: int) -> list[str]:
        return sorted(self._objects.get(self._find(cls), []), key=self._order.__getitem__)

    def content(self, cls: int) -> int | None:
        r = self._find(cls)
        return self._find(self._pointee[r]) if r in self._pointee else None

    def class_of_object(self, obj: str) -> int:
        return self._find(self._object(obj))

    def same(self, a: int, b: int) -> bool:
        return self._find(a) == self._find(b)

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
                j = i + 1
                while toks[j] != "(":
                    j += 1
                inner = _until_close(toks, j)
                k = _next_ptr_value(inner, _skip_type(self.types, inner, 0))
                return of(inner, k)
            if tok.startswith("@"):
                return {tok} if tok in self.mod.globals else set()
            if tok in args:
                return {tok}
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
            return {res}
        if op == "getelementptr":
            return of(toks, _next_ptr_value(toks, _skip_type(self.types, toks, 0)))
        if op == "phi" and toks and toks[0] == "ptr":
            return set().union(*(of(value, 0) for value, _ in phi_incoming(toks[1:])))
        if op == "select":
            groups = _operand_groups(toks)
            if len(groups) == 3 and groups[1] and groups[1][0] == "ptr":
                return of(groups[1], 1) | of(groups[2], 1)
            return None
        if op == "load" and toks and toks[0] == "ptr":
            return {_UNKNOWN}
        return None

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
            if name.startswith("@"):
                self._global_initializer(name)
        return self._node[name]

    # --- the IR ----------------------------------------------------------------------------------
    def _loc(self, tok: str, toks: list[str] | None = None, i: int = 0) -> int:
        """The class of the pointer written at toks[i] (a token, or a constant getelementptr)."""
        if tok == "getelementptr" and toks is not None:
            return self._loc_constexpr(toks, i)
        if tok.startswith("@"):
            if tok in self.mod.globals:
                return self._object(tok)
            return self._new()                    # a function's address: refused by the importer
        if tok.startswith("%"):
            if tok not in self._node:
                self._node[tok] = self._new()
            return self._node[tok]
        return self._new()                        # null, undef, an integer constant

    def _loc_constexpr(self, toks: list[str], i: int) -> int:
        j = i + 1
        while toks[j] != "(":
            j += 1
        inner = _until_close(toks, j)
        k = _skip_type(self.types, inner, 0)
        k = _next_ptr_value(inner, k)
        return self._loc(inner[k], inner, k)

    def _global_initializer(self, name: str) -> None:
        g = self.mod.globals[name]
        if not g.init or "@" not in g.init:
            return
        toks = tokenize(g.init)
        for k, tok in enumerate(toks):
            if tok.startswith("@") and tok in self.mod.globals:
                self._unify(self._content(self._node[name]), self._object(tok))

    def _instr(self, ins: Instr) -> None:
        toks = [t for t in ins.tokens if t not in _SKIP]
        op, res = ins.opcode, ins.result
        if op == "alloca" and res:
            self._node[res] = self._object(res)
        elif op == "getelementptr" and res:
            self.geps[res] = ins.tokens
            k = _skip_type(self.types, toks, 0)
            k = _next_ptr_value(toks, k)
            self._unify(self._loc(res), self._loc(toks[k], toks, k))
        elif op == "phi" and res and toks and toks[0] == "ptr":
            for value, _ in phi_incoming(toks[1:]):
                self.phi_inputs.add(value[0])
                self._unify(self._loc(res), self._loc(value[0], value, 0))
        elif op == "select" and res:
            groups = _operand_groups(toks)
            if len(groups) == 3 and groups[1] and groups[1][0] == "ptr":
                for g in groups[1:]:
                    self._unify(self._loc(res), self._loc(g[1], g, 1))
        elif op == "load" and res and toks and toks[0] == "ptr":
            groups = _operand_groups(toks)
            p = groups[1]
            self._unify(self._loc(res), self._content(self._loc(p[1], p, 1)))
        elif op == "store":
            groups = _operand_groups(toks)
            if len(groups) >= 2 and groups[0] and groups[0][0] == "ptr":
                v, p = groups[0], groups[1]
                self._unify(self._content(self._loc(p[1], p, 1)), self._loc(v[1], v, 1))
        elif op == "icmp":
            groups = _operand_groups(toks[1:])
            if len(groups) == 2 and groups[0] and groups[0][0] == "ptr":
                a = groups[0]
                self._unify(self._loc(a[1], a, 1), self._loc(groups[1][0], groups[1], 0))
        elif op == "call":
            callee = next((t for k, t in enumerate(toks[:-1]) if toks[k + 1] == "(" and t.startswith("@")), "")
            if callee.startswith(("@llvm.memcpy", "@llvm.memmove")):
                args = _operand_groups(_until_close(toks, toks.index(callee) + 1))
                dst, src = args[0], args[1]
                self._unify(self._content(self._loc(dst[1], dst, 1)), self._content(self._loc(src[1], src, 1)))


def _until_close(toks: list[str], j: int) -> list[str]:
    """The tokens inside the bracket opening at toks[j]."""
    depth, k = 0, j
    while True:
        if toks[k] in ("(", "[", "{", "<"):
            depth += 1
        elif toks[k] in (")", "]", "}", ">"):
            depth -= 1
            if depth == 0:
                return toks[j + 1:k]
        k += 1


def _skip_type(types: TypeTable, toks: list[str], k: int) -> int:
    """Index just after the type at toks[k] and the comma that follows it."""
    _, k = types.parse(toks, k)
    return k + 1 if k < len(toks) and toks[k] == "," else k


def _next_ptr_value(toks: list[str], k: int) -> int:
    """Index of the value after the next 'ptr' type token from k."""
    while toks[k] != "ptr":
        k += 1
    return k + 1


def _operand_groups(toks: list[str]) -> list[list[str]]:
    """Split at top-level commas: 'ptr %a, ptr %b' -> [['ptr', '%a'], ['ptr', '%b']]."""
    groups: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        if t in ("(", "[", "{", "<"):
            depth += 1
        elif t in (")", "]", "}", ">"):
            depth -= 1
        if t == "," and depth == 0:
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


def phi_incoming(toks: list[str]) -> list[tuple[list[str], str]]:
    """'[ v , %bb ] , [ ... ]' -> [(value tokens, block token), ...] (a value may be a constant expression)."""
    out = []
    for group in _operand_groups(toks):
        if not group or group[0] != "[":
            continue
        inner = _operand_groups(group[1:-1])
        out.append(([t for g in inner[:-1] for t in g], inner[-1][0]))
    return out


__all__ = ["PointsTo", "phi_incoming"]
