"""Which structs a pointer covers whole, not one field at a time, read on the -O0 IR (prepare.py).

The importer gives a struct of mixed fields one memory per field, and keeps a pointer that moves at
run time inside the array field it starts in (import_memory.py ``_member_element``): C bounds pointer
arithmetic from `s.a` by `a`. But `(uint8_t *)&s` may cover every byte of `s`, and in the optimised
IR `&s` and `&s.a` are the same address, so `((uint8_t *)&s)[i]` for i past `a` went into `a`.
At -O0 clang still shows the difference: a field's address is `getelementptr %struct.T, ptr %s,
i32 0, i32 k`; a view of the whole struct indexes the struct's own address as integers
(`getelementptr i8, ptr %s, i64 %i`, or rows `[4 x i8]`: any type but a struct or an array of
them), maybe after it is kept in a local variable (volatile or not), passed to a helper's parameter
(what every caller passes; for a struct passed by value, the callee's own copy), returned by a
helper (what it returns), or read back from memory (then it may be any pointer stored anywhere but
into a plain local variable, or any struct global a global's initializer names). The address of a struct inside the object (a field, an element of an
array of structs) counts as the object's: a view of it covers bytes of the object. Every struct
whose own address reaches such a getelementptr is listed, keyed by its C declaration (an inlined
copy of a local keeps its debug variable), with the place of the first view; the importer holds it
as bytes when a pointer moves inside it at run time, or refuses it. A struct seen only through a
parameter of the top function is not followed here (the interface refuses a pointer to a struct
anyway). Objects with no C declaration (a compound literal) share one key, TEMPORARY: when one of them is
viewed whole, every one a pointer moves inside at run time is held as bytes."""

from __future__ import annotations

import re

from cryptohls.frontend.dbginfo import CLoc, DebugInfo, real_path
from cryptohls.frontend.llparse import Instr, LLFunction, LLModule, split_top_level, tokenize
from cryptohls.frontend.lltokens import gep_parts
from cryptohls.frontend.lltypes import LLType, TypeTable, size_of

_GLOBAL_NAME = re.compile(r'@(?:"[^"]*"|[-\w.$]+)')   # a global's name in an initializer (llparse's form)
_Root = tuple[str, str]          # (function, alloca) of a local object, ("", "@g") of a global
TEMPORARY = ("temporary",)       # the key of every object without a C declaration (a compound literal):
#                                  one viewed whole makes them all held as bytes, where a pointer moves


def whole_views(mod: LLModule, fns: list[LLFunction], dbg: DebugInfo, types: TypeTable) -> dict[tuple, CLoc]:
    """object_key of every struct whose own address is indexed as integers -> where it first is."""
    roots = _Roots(mod, fns, types)
    while True:                      # again until the answers on cycles (a variable fed by itself) hold
        found: dict[tuple, CLoc] = {}
        for fn in fns:
            for ins in (i for b in fn.blocks for i in b.instrs if i.opcode == "getelementptr"):
                source, base, indices = gep_parts(ins.tokens)
                loc = dbg.loc(ins.dbg)
                span = roots.view_span(source, indices)
                if loc is None or span is None:
                    continue
                for root in roots.of(fn, base):
                    if span and span <= roots.first_field_bytes(root):   # inside the field at the address
                        continue
                    key = _root_key(roots.fns, dbg, root)
                    found.setdefault(TEMPORARY if key is None else key, loc)
        if not roots.next_round():
            return found


def object_key(dbg: DebugInfo, obj: str, declares: dict[str, str]) -> tuple | None:
    """The C declaration of object ``obj`` (a global ``@g``, or an alloca that ``declares`` gives a
    debug variable): the same in the -O0 and the optimised IR."""
    if obj.startswith("@"):
        return ("global", obj)
    var = declares.get(obj)
    f = dbg.fields(var) if var else {}
    loc = dbg.variable_loc(var) if var else None
    return None if loc is None else ("local", real_path(loc.file), loc.line, f.get("name", '""').strip('"'))


def _root_key(fns: dict[str, LLFunction], dbg: DebugInfo, root: _Root) -> tuple | None:
    fn, obj = root
    return object_key(dbg, obj, fns[fn].declares if fn else {})


def _operands(ins: Instr) -> list[str]:
    """The tokens of a load or store without `volatile` (`store volatile ptr %p, ptr %slot`)."""
    return [t for t in ins.tokens if t != "volatile"]


def _stored(ins: Instr) -> tuple[str, str] | None:
    """(value, place) of a store of a pointer, else None."""
    ops = _operands(ins)
    return (ops[1], ops[ops.index(",") + 2]) if ins.opcode == "store" and ops[0] == "ptr" else None


def _call_args(ins: Instr, callee: str) -> list[str]:
    """The value of each argument of a call of ``callee``."""
    start = ins.text.index(callee + "(") + len(callee) + 1
    return [group.split()[-1] for group in split_top_level(ins.text[start:ins.text.rindex(")")])]


class _Roots:
    """The struct objects (locals, globals) whose own address a pointer of the -O0 IR may hold, not
    counting a pointer to one of their fields."""

    def __init__(self, mod: LLModule, fns: list[LLFunction], types: TypeTable):
        self.mod, self.types = mod, types
        self.fns = {fn.name: fn for fn in fns}
        self.defs = {fn.name: {i.result: i for b in fn.blocks for i in b.instrs if i.result} for fn in fns}
        self.calls: dict[str, list[tuple[LLFunction, Instr]]] = {}
        for fn in fns:
            for ins in (i for b in fn.blocks for i in b.instrs if i.opcode == "call"):
                callee = next((t for t in ins.tokens if t.startswith("@")), None)
                if callee in self.fns:
                    self.calls.setdefault(callee, []).append((fn, ins))
        self.memo: dict[tuple[str, str], frozenset[_Root]] = {}
        self.done: set[tuple[str, str]] = set()
        self.changed = False
        self.plain: dict[tuple[str, str], bool] = {}
        self.uses: dict[str, list[Instr]] | None = None
        self.initialized: dict[str, frozenset[_Root]] = {}
        self.named: set[str] | None = None
        # _stored_anywhere's answer, found once a round (as `of`'s are): every load of a pointer from a
        # place that is not a plain variable asks for it, and asked anew each time it led from one such
        # load to the next, as deep as the program has them (TACLe's test3: Python's recursion limit)
        self.anywhere: frozenset[_Root] = frozenset()
        self.anywhere_done = False

    def next_round(self) -> bool:
        """Start another round when an answer grew in this one (a cycle read it too early)."""
        again, self.changed = self.changed, False
        self.done.clear()
        self.anywhere_done = False
        return again

    def of(self, fn: LLFunction, value: str) -> frozenset[_Root]:
        key = (fn.name, value)
        if key in self.done:
            return self.memo.get(key, frozenset())
        self.done.add(key)               # on a cycle: what the last round found
        found = self._of(fn, value)
        if found != self.memo.get(key, frozenset()):
            self.memo[key], self.changed = found, True
        return found

    def _of(self, fn: LLFunction, value: str) -> frozenset[_Root]:
        if value.startswith("@"):
            g = self.mod.globals.get(value)
            return frozenset({("", value)}) if g is not None and self._is_struct(g.type) else frozenset()
        params = [a.name for a in fn.args]
        if value in params and value in fn.declares:         # a struct passed by value (byval): the callee's own copy, declared
            return frozenset({(fn.name, value)})   # as its variable (another parameter's is its `.addr` slot)
        if value in params:              # what every caller passes
            k = params.index(value)
            return frozenset().union(*(self.of(caller, _call_args(ins, fn.name)[k])
                                       for caller, ins in self.calls.get(fn.name, [])))
        ins = self.defs[fn.name].get(value)
        if ins is None:
            return frozenset()
        if ins.opcode == "alloca":
            return frozenset({(fn.name, value)}) if self._is_struct(" ".join(ins.tokens)) else frozenset()
        if ins.opcode == "getelementptr":
            source, base, indices = gep_parts(ins.tokens)
            reached = self._reached(source, indices) if source.startswith("%") and len(indices) > 1 else None
            if reached is not None and not self._holds_struct(reached):
                return frozenset()       # an int, pointer or array-of-int field's address
            return self.of(fn, base)     # arithmetic, or a struct inside (a field, an element): a view of it
            #                              covers bytes of the object it is in
        if ins.opcode == "call":         # what the callee returns (`uint8_t *view(s_t *s)`)
            callee = next((t for t in ins.tokens if t.startswith("@")), None)
            returns = [r.tokens[1] for b in self.fns[callee].blocks for r in b.instrs
                       if r.opcode == "ret" and r.tokens[:1] == ["ptr"]] if callee in self.fns else []
            return frozenset().union(*(self.of(self.fns[callee], v) for v in returns))
        ops = _operands(ins)
        if ins.opcode == "load" and ops[0] == "ptr":
            return self._variable(fn, ops[ops.index(",") + 2])
        if ins.opcode in ("select", "phi"):
            values = [t for t in ins.tokens if t.startswith(("%", "@"))]
            return frozenset().union(*(self.of(fn, v) for v in values if v != ins.result))
        return frozenset()

    def _variable(self, fn: LLFunction, slot: str) -> frozenset[_Root]:
        """What a pointer loaded from ``slot`` may be: every pointer stored into it (and for a global,
        put there by its initializer), when it is a variable whose address is only loaded from and
        stored to; else any pointer stored anywhere (an array of pointers, a field, a variable whose
        address is taken)."""
        if self._plain_global(slot):
            return self._initialized(slot).union(*(self.of(f, s[0]) for f in self.fns.values()
                                                   for s in (_stored(i) for b in f.blocks for i in b.instrs)
                                                   if s is not None and s[1] == slot))
        if not self._plain_variable(fn, slot):
            return self._stored_anywhere()
        stores = (_stored(i) for b in fn.blocks for i in b.instrs)
        return frozenset().union(*(self.of(fn, s[0]) for s in stores if s is not None and s[1] == slot))

    def _plain_variable(self, fn: LLFunction, slot: str) -> bool:
        """An alloca whose address is only the place of loads and stores (never stored, passed, moved)."""
        key = (fn.name, slot)
        if key not in self.plain:
            alloca = self.defs[fn.name].get(slot)
            uses = [i for b in fn.blocks for i in b.instrs if i is not alloca and slot in i.tokens]
            self.plain[key] = alloca is not None and alloca.opcode == "alloca" and \
                all(i.opcode in ("load", "store") and i.tokens.count(slot) == 1 and
                    _operands(i)[_operands(i).index(",") + 2] == slot for i in uses)
        return self.plain[key]

    def _stored_anywhere(self) -> frozenset[_Root]:
        """Every pointer stored anywhere but into a plain variable, and every struct global that the
        initializer of a global other than a plain variable names. Asked again while it is being
        found (a stored pointer loaded from such a place): what the last round found, as `of` does."""
        if self.anywhere_done:
            return self.anywhere
        self.anywhere_done = True
        found = frozenset().union(
            *(self._initialized(g) for g in self.mod.globals if not self._plain_global(g)),
            *(self.of(fn, s[0]) for fn in self.fns.values() for s in (_stored(i) for b in fn.blocks for i in b.instrs)
              if s is not None and not self._plain_variable(fn, s[1]) and not self._plain_global(s[1])))
        if found != self.anywhere:
            self.anywhere, self.changed = found, True
        return found

    def _initialized(self, name: str) -> frozenset[_Root]:
        """The struct globals named in global ``name``'s initializer (`uint8_t *p = (uint8_t *)&s;`, a
        table of pointers, a struct with a pointer field, clang's constant copy of a local's initializer):
        a pointer read from it may be one of them with no store in the code. Any mention counts, also a
        field's address (`&s.a`): held as bytes, correct, maybe larger."""
        if name not in self.initialized:
            g = self.mod.globals.get(name)
            named = set(_GLOBAL_NAME.findall(g.init)) if g is not None else set()
            self.initialized[name] = frozenset(("", n) for n in named if n in self.mod.globals
                                               and self._is_struct(self.mod.globals[n].type))
        return self.initialized[name]

    def _plain_global(self, name: str) -> bool:
        """A global whose address is only the place of loads and stores in the code (never stored,
        passed, moved, or named in an initializer): what it holds comes from its initializer and the
        stores into it alone."""
        if not name.startswith("@") or name not in self.mod.globals:
            return False
        key = ("", name)
        if key not in self.plain:
            uses = self._global_uses().get(name, [])
            self.plain[key] = all(i.opcode in ("load", "store") and i.tokens.count(name) == 1 and
                                  _operands(i)[_operands(i).index(",") + 2] == name for i in uses) and \
                name not in self._named_in_initializers()
        return self.plain[key]

    def _named_in_initializers(self) -> set[str]:
        """Every global name that some global's initializer holds (its address is stored there)."""
        if self.named is None:
            self.named = {n for g in self.mod.globals.values() for n in _GLOBAL_NAME.findall(g.init)}
        return self.named

    def _global_uses(self) -> dict[str, list[Instr]]:
        """Global name -> the instructions that name it (one pass over the code, kept)."""
        if self.uses is None:
            self.uses = {}
            for fn in self.fns.values():
                for ins in (i for b in fn.blocks for i in b.instrs):
                    for name in {t for t in ins.tokens if t.startswith("@")}:
                        self.uses.setdefault(name, []).append(ins)
        return self.uses

    def _is_struct(self, type_text: str) -> bool:
        """A struct, or an array of them (`s_t s[2]`: a view may cross from one into the next)."""
        try:
            t, _ = self.types.parse(tokenize(type_text), 0)
        except (AssertionError, IndexError, KeyError, ValueError):
            return False
        return self._holds_struct(t)

    def view_span(self, source: str, indices: list[str]) -> int | None:
        """Does a getelementptr over ``source`` index as integers (pointers, floats) or move over rows
        of them (`((uint8_t *)&s)[i]`, `((uint8_t (*)[4])&s)[i][j]`)? None when not (a struct's field,
        an array of structs); else 0, or for an element of an array at the address (first index 0)
        the array's bytes: that is a view only where it covers more than the field at the address.
        clang folds the address of a global's first field into the global's (`getelementptr [16 x
        i32], ptr @k, i64 0, i64 %i` is `k.a[i]`); `u.raw[i]` of a union `{ uint8_t raw[36]; s_t s; }`
        and `(*(uint8_t (*)[36])&s)[i]` cover more than `s.a`."""
        try:
            t, _ = self.types.parse(tokenize(source), 0)
        except (AssertionError, IndexError, KeyError, ValueError):
            return 0
        if self._holds_struct(t):
            return None
        return size_of(t) if t.kind == "arr" and indices[:1] == ["0"] else 0

    def first_field_bytes(self, root: _Root) -> int:
        """The bytes of the innermost first field of a root object (through structs and arrays of
        structs), where a pointer to the object starts; 0 when its type is not known."""
        fn, obj = root
        if fn:
            ins = self.defs[fn].get(obj)
            text = " ".join(ins.tokens) if ins is not None and ins.opcode == "alloca" else None
        else:
            g = self.mod.globals.get(obj)
            text = g.type if g is not None else None
        if text is None:
            return 0
        try:
            t, _ = self.types.parse(tokenize(text), 0)
        except (AssertionError, IndexError, KeyError, ValueError):
            return 0
        while t.kind == "struct" and t.elems or t.kind == "arr" and self._holds_struct(t.elems[0]):
            t = t.elems[0]
        return size_of(t)

    @staticmethod
    def _holds_struct(t: LLType | None) -> bool:
        while t is not None and t.kind == "arr":
            t = t.elems[0]
        return t is not None and t.kind == "struct"

    def _reached(self, source: str, indices: list[str]) -> LLType | None:
        """The type a getelementptr over ``source`` addresses (None when not known)."""
        try:
            t, _ = self.types.parse(tokenize(source), 0)
            for index in indices[1:]:
                t = t.elems[int(index)] if t.kind == "struct" else t.elems[0]
        except (AssertionError, IndexError, KeyError, ValueError):
            return None
        return t
