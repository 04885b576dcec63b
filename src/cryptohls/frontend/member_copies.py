"""Which memcpy/memmove/memset calls reach a struct only through one of its array fields, read on the
-O0 IR (prepare.py), for the copies of a length known only at run time (import_memops.py).

In the optimised IR the address of a struct's first field is the struct's own (`byte *es = cxt->es;`
in SUPERCOP's CLOC and SILC), so `memcpy(es, src, n)` looks like `memcpy(cxt, src, n)`, which may
cover every field. At -O0 clang still shows where the pointer comes from: the field's address
(`getelementptr %struct.T, ptr %p, i32 0, i32 k`), then pointer arithmetic on it, possibly kept in a
local variable whose address is never taken. C bounds a copy through such a pointer by the array
field (pointer arithmetic past the array's end is undefined), so the copy can index that field's
memory alone. Only a one-dimensional array of integers counts as such a field (the frontend keeps it
as one memory: a 2-D member may be split in rows, an array of structs in leaves); a pointer that
comes from a parameter, a global, a load from anywhere but such a local variable, or anything else,
does not count, and the copy stays refused."""

from __future__ import annotations

from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.llparse import Instr, LLFunction, split_top_level
from cryptohls.frontend.lltokens import gep_parts
from cryptohls.frontend.lltypes import TypeTable

_COPIES = ("@llvm.memcpy.", "@llvm.memmove.", "@llvm.memset.")


def member_copies(fns: list[LLFunction], dbg: DebugInfo, types: TypeTable) -> frozenset[tuple[str, int, int, int]]:
    """(real file, line, column, argument) of every copy whose pointer argument (0: destination,
    1: source) comes from one array field, and of no copy at the same place whose does not."""
    found: dict[tuple[str, int, int, int], bool] = {}
    for fn in fns:
        origin = _Origins(fn, types)
        for block in fn.blocks:
            for ins in block.instrs:
                callee = next((t for t in ins.tokens if t.startswith("@")), "") if ins.opcode == "call" else ""
                loc = dbg.loc(ins.dbg)
                if not callee.startswith(_COPIES) or loc is None:
                    continue
                args = _call_args(ins)
                for k in range(1 if callee.startswith("@llvm.memset.") else 2):
                    key = (real_path(loc.file), loc.line, loc.col, k)
                    found[key] = found.get(key, True) and origin.from_member(args[k])
    return frozenset(key for key, member in found.items() if member)


def through_member(copies: frozenset, dbg: DebugInfo, ins: Instr | None, arg: int) -> bool:
    """Is argument ``arg`` of copy ``ins`` (of the optimised IR: its place is the -O0 call's) one that
    ``copies`` (member_copies) lists?"""
    loc = dbg.loc(ins.dbg) if ins is not None else None
    return loc is not None and (real_path(loc.file), loc.line, loc.col, arg) in copies


def _call_args(ins: Instr) -> list[str]:
    """The value of each argument of a call: the last token of each (`ptr align 1 %x` → `%x`)."""
    text = ins.text[ins.text.index("(", ins.text.index("@llvm.mem")) + 1:ins.text.rindex(")")]
    return [group.split()[-1] for group in split_top_level(text)]


class _Origins:
    """Where the pointers of one -O0 function come from."""

    def __init__(self, fn: LLFunction, types: TypeTable):
        self.types = types
        self.defs = {ins.result: ins for block in fn.blocks for ins in block.instrs if ins.result}
        self.instrs = [ins for block in fn.blocks for ins in block.instrs]
        self.memo: dict[str, bool] = {}

    def from_member(self, value: str) -> bool:
        if value not in self.memo:
            self.memo[value] = False       # a cycle (a variable that stores its own value) proves nothing
            self.memo[value] = self._from_member(value)
        return self.memo[value]

    def _from_member(self, value: str) -> bool:
        ins = self.defs.get(value)
        if ins is None:
            return False                   # a parameter, a global, a constant
        if ins.opcode == "getelementptr":
            source, base, indices = gep_parts(ins.tokens)
            if source.startswith("%"):     # a field of a struct: `i32 0, i32 k`
                return self._int_array_field(source, indices)
            return self.from_member(base)  # arithmetic on (or an element of) what base points into
        if ins.opcode == "load":
            return self._local_variable(ins.tokens[ins.tokens.index(",") + 2])
        return False

    def _int_array_field(self, struct: str, indices: list[str]) -> bool:
        if len(indices) != 2 or indices[0] != "0" or not indices[1].isdigit():
            return False
        try:
            record = self.types.named(struct)
        except ValueError:
            return False
        if record.kind != "struct" or int(indices[1]) >= len(record.elems):
            return False
        field = record.elems[int(indices[1])]
        return field.kind == "arr" and field.elems[0].kind == "int"

    def _local_variable(self, slot: str) -> bool:
        """A pointer read from a local variable (an alloca) whose address is used by loads and as
        the place of stores only, and every value stored into which comes from an array field."""
        alloca = self.defs.get(slot)
        if alloca is None or alloca.opcode != "alloca" or alloca.tokens[0] != "ptr":
            return False
        for ins in self.instrs:
            if ins is alloca or slot not in ins.tokens:
                continue
            if ins.opcode == "load" and ins.tokens.count(slot) == 1 and \
                    ins.tokens[ins.tokens.index(",") + 2] == slot:
                continue
            if ins.opcode == "store" and ins.tokens.count(slot) == 1 and ins.tokens[0] == "ptr" and \
                    ins.tokens[ins.tokens.index(",") + 2] == slot and self.from_member(ins.tokens[1]):
                continue
            return False
        return True
