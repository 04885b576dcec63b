"""The importer's shared state and vocabulary: what every job of the import reads and writes.

frontend/importer.py's ``Importer`` is assembled from one mixin per job (import_interface.py,
import_memory.py, import_pointers.py, import_access.py, import_ops.py, import_calls.py), each a
subclass of ``ImportState``; the jobs call each other through ``self``. This module imports none of
them, so the files of the importer form no import circle.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import SourceLocation, UserError
from cryptohls.frontend.dbginfo import CLoc, DebugInfo
from cryptohls.frontend.directives import DirectiveTable
from cryptohls.frontend.field_objects import split_member
from cryptohls.frontend.interface import CParam
from cryptohls.frontend.llparse import Instr, LLFunction, LLModule
from cryptohls.frontend.lltypes import TypeTable
from cryptohls.frontend.member_copies import through_member
from cryptohls.frontend.points_to import PointsTo
from cryptohls.ir.nodes import Block, Function, Op, Operand, Param

# tokens of an LLVM instruction that carry no operand (flags and attributes)
FLAGS = {"nuw", "nsw", "exact", "disjoint", "nneg", "inbounds", "volatile", "samesign", "nusw", "fast",
         "noundef", "zeroext", "signext", "inreg", "tail", "notail", "musttail"}
BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr"}
SKIP_CALLS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
              "llvm.sideeffect", "llvm.pseudoprobe",
              "llvm.stacksave", "llvm.stackrestore")   # a VLA's scope, its size a constant (c_subset.check_vla)


class DirectiveError(UserError):
    """A directive the import cannot carry out: reported as it is, never retried another way (the
    import again with whole structs, frontend/__init__.py, would drop the directive silently)."""

    @classmethod
    def of(cls, pragma, message: str, hint: str | None = None) -> "DirectiveError":
        return cls(message, file=pragma.file, line=pragma.line, col=pragma.col, hint=hint)


def source_name(symbol: str) -> str:
    """The C++ name of a mangled static: ``_ZL8AES_SBOX`` (file static) → ``AES_SBOX``,
    ``_ZZ10aes128_ctr...E2iv`` (a function's static local) → ``iv``, ``_ZGVZ...E6cipher`` (its guard,
    with -fno-threadsafe-statics) → ``cipher_constructed``, ``_ZN6aesKey4sBoxE`` (a static data member)
    → ``sBox``; other symbols unchanged."""
    m = re.fullmatch(r"_ZL(\d+)(\w+)", symbol)
    if m and len(m.group(2)) == int(m.group(1)):
        return m.group(2)
    m = re.fullmatch(r"_ZZ.*E(\d+)(\w+?)(_\d+)?", symbol)
    if m and len(m.group(2)) == int(m.group(1)):
        return m.group(2)
    m = re.fullmatch(r"_ZGVZ.*E(\d+)(\w+?)(_\d+)?", symbol)   # the guard of a static local object
    if m and len(m.group(2)) == int(m.group(1)):
        return m.group(2) + "_constructed"
    if symbol.startswith("_ZN") and symbol.endswith("E"):   # a static data member: aesKey::sBox → sBox
        parts, i = [], 3
        while i < len(symbol) - 1:
            m = re.match(r"\d+", symbol[i:])
            if m is None:
                return symbol
            n = int(m.group(0))
            i += len(m.group(0))
            parts.append(symbol[i:i + n])
            i += n
        if i == len(symbol) - 1 and len(parts) >= 2 and all(re.fullmatch(r"[A-Za-z_]\w*", p) for p in parts):
            return parts[-1]
    return symbol


def block_name(tok: str) -> str:
    return legal(tok.strip('%"'))


def legal(name: str) -> str:
    out = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return out if out and not out[0].isdigit() else f"v{out}"


@dataclass
class Base:
    """An array or pointed-to object: where loads and stores through a pointer go."""
    name: str
    kind: str                      # mem, scalar, partitioned, reshaped
    elem_bits: int
    elem_bytes: int
    depth: int
    params: list[str] = field(default_factory=list)   # scalar/partitioned: param names; reshaped: [name]
    cparam: CParam | None = None
    fields: dict[int, "Base"] = field(default_factory=dict)   # array of records: one memory per field offset
    access_bytes: int = 0           # bytes of one element as C accesses it (0: elem_bytes)
    owner: str = ""                 # array of records: the object ("@g", "%x") it lays out
    member: tuple[int, int] | None = None   # an array member of records: (record bytes, elements per record)
    members: list["Base"] = field(default_factory=list)   # steer: the storages, member k at k << slot_bits
    slot_bits: int = 0
    pointers: bool = False          # its elements are pointers, held as indices (not their 64 bits)
    shadow: str = ""                # an argument in ports (scalar, partitioned, reshaped) read after it is
    #                                 written: the register memory of its values in the call (import_interface.py)

    def field_at(self, offset: int) -> tuple[int, "Base"] | None:
        """The field of a record holding byte ``offset`` of the record: (its first byte, its storage)."""
        if offset in self.fields:
            return offset, self.fields[offset]
        for start, f in self.fields.items():
            if f.member and start <= offset < start + f.member[1] * f.elem_bytes:
                return start, f
        return None

    @property
    def index_bits(self) -> int:
        """Width of a pointer into this object held as an element index: room for one past the end
        and for the null pointer (all ones)."""
        return self.depth.bit_length() + 1


NULL = Base("null", "null", 0, 1, 0)   # what the null pointer points to


@dataclass(frozen=True)
class ImportHints:
    """What an earlier import of the same function found out, for the next one."""
    member_arrays: frozenset[str] = frozenset()   # objects whose records keep array members whole
    stored_bytes: tuple[tuple[str, int], ...] = ()  # storage -> byte offset inside the element of
    #                                                 the pointers into it that memory holds
    whole_structs: bool = False   # keep structs of one scalar type one memory (struct_split.py did not fit)
    written_tables: frozenset[str] = frozenset()   # local memories a constant copy fills that code also
    #                                                writes: their copies are stores (import_memops.py)
    byte_objects: frozenset[str] = frozenset()   # objects held as bytes: an access cut one of their
    #                                              fields (import_memory.py bytes_instead)
    bytes_by_holder: frozenset[str] = frozenset()   # storages whose pointers in memory point to different
    #                                             fields: the byte is one per holder (import_held.py)
    holder_bytes: tuple[tuple[str, str, int], ...] = ()   # (storage, holder, byte) of those
    byte_phis: frozenset[str] = frozenset()   # pointer phis joining different bytes of word elements:
    #                                           they hold a byte index (import_pointers.py)

    def stored_byte(self, storage: str) -> int:
        return dict(self.stored_bytes).get(storage, 0)


class ImportAgain(Exception):
    """The import met something an earlier instruction was imported without knowing: import the
    function again with ``hints`` (an array member of records indexed at run time: keep the object's
    array members whole; pointers into the middle of elements stored in memory)."""

    def __init__(self, hints: ImportHints):
        super().__init__(hints)
        self.hints = hints


@dataclass
class Ptr:
    """A pointer as (the storage it points into, a byte offset = Σ index × bytes per unit + constant).
    A pointer chosen at run time (phi, select, load) has one term: its element index."""
    base: Base
    terms: list[tuple[Operand, int]]  # (index value, bytes per unit)
    offset: int                       # constant bytes
    member: int | None = None         # into a steered storage: the member known at compile time
    bits: Operand | None = None       # a pointer to nothing loaded from integer storage: its 64 bits
    #                                   (a union's integer member read through its pointer member)


class ImportState:
    """The function being built and the lookups every job shares; errors and op emission."""

    def __init__(self, mod: LLModule, top: LLFunction, cparams: list[CParam], ret_ctype, src: Path,
                 directives: DirectiveTable,
                 loop_names: dict[tuple[str, int, int], tuple[str, str]], kept_calls: dict[str, str] | None = None,
                 hints: ImportHints = ImportHints(), member_copies: frozenset = frozenset(),
                 whole_views: dict | None = None):
        self.mod, self.top, self.src = mod, top, src
        self.member_copies = member_copies   # copies through one array field (member_copies.py)
        self.whole_views = whole_views or {}   # structs a pointer covers whole -> where (struct_views.py)
        self.hints = hints
        self.member_arrays = hints.member_arrays   # objects whose records keep array members whole
        self.split_structs: list[str] = []          # structs given one memory per member (struct_split.py)
        self.kept_calls = kept_calls or {}   # INLINE off functions (LLVM name -> C name): calls become 'call' ops
        self.src_real = os.path.realpath(str(src))
        self.dbg = DebugInfo(mod)
        self.types = TypeTable(mod)
        self.points_to = PointsTo(mod, top, self.types, whole=hints.byte_objects,
                                  member_copy=lambda ins, arg: through_member(member_copies, self.dbg, ins, arg))
        self.storage: dict[int, tuple[Base, dict[str, int]]] = {}   # pool class -> (base, object -> first element)
        self._sizing: set[int] = set()   # classes whose index width is being worked out (cycle guard)
        self._read_initializers: set[tuple[str, str]] = set()   # (storage, holder) whose initial pointers
        #                                                          were read (import_held.py)
        self.cparams = cparams
        self.ret_ctype = ret_ctype
        self.directives = directives   # variable directives by object (frontend/directives.py)
        self.loop_names = loop_names
        self.fn = Function(top.name.strip('@"'))
        self.values: dict[str, object] = {}
        self.bases: dict[str, Base] = {}
        self.block: Block | None = None
        self.cur: Instr | None = None
        # (phi op, its type or ('ptr', storage, byte), incoming (value tokens, block), the phi instruction)
        self.pending_phis: list[tuple[Op, object, list[tuple[list[str], str]], Instr]] = []
        self.edge_rename: dict[tuple[str, str], str] = {}
        self.block_tail: dict[str, str] = {}   # LLVM block -> the block that ends it when a loop of the
        #                                      import's own split it (import_memops.py)
        self.ret_param: Param | None = None
        self._trailing_zeros: dict[str, int] | None = None   # of the LLVM function (import_pointers.py)
        self._index_zeros: dict[int, tuple[Operand, int]] = {}   # id(index) -> (index, its known zero bits)
        self.guard: Operand | None = None   # set while a steered access emits one member's load/store
        self.steer_objects: dict[str, list[frozenset[str]]] = {}   # steered storage -> objects per member
        self.local_memories: set[str] = set()   # memories of one local object (an alloca), no pool
        self.constant_copies: dict[str, dict[int, int]] = {}   # local memory -> element -> value copied
        #                                                         from a constant (import_memops.py)
        self.slot_arrays: set[str] = set()   # local byte arrays held as pointer slots (import_memory.py
        #                                       pointer_slots): only copies of whole pointers reach them

    def llvm_successors(self) -> dict[str, list[str]]:
        """The LLVM function's CFG: block name -> the labels its terminator branches to."""
        succ: dict[str, list[str]] = {}
        for bb in self.top.blocks:
            term = bb.instrs[-1]
            succ[bb.name] = [t for t in term.tokens if t.startswith("%") and
                             term.tokens[term.tokens.index(t) - 1] == "label"]
        return succ

    def warn(self, message: str) -> None:
        """A located warning at the instruction being imported, once per place and message: the
        function's ``warnings`` attribute (frontend/__init__.py passes them on to the report)."""
        err = self.error(message)
        text = f"{err.location}: warning: {message}" if err.location else f"warning: {message}"
        found = self.fn.attrs.setdefault("warnings", [])
        if text not in found:
            found.append(text)

    def error(self, message: str, hint: str | None = None, ins: Instr | None = None,
              at: CLoc | None = None) -> UserError:
        """A located error: at ``at`` if given (e.g. a declaration), else at instruction ``ins`` or the
        one being imported."""
        ins = ins or self.cur
        loc = at or (self.dbg.loc(ins.dbg) if ins else None)
        # a phi has no location, and an instruction opt merged from several lines has line 0: the
        # nearest located instruction's (TACLe's huff_dec was refused at "huff_dec.c:0:0")
        if ins and not at and (not loc or loc.line == 0):
            loc = self._nearby_location(ins) or loc
        if loc:
            return UserError(message, file=loc.file, line=loc.line, col=loc.col, hint=hint)
        return UserError(message, file=str(self.src), hint=hint)

    def declared_at(self, obj: str) -> CLoc | None:
        """Where the C variable behind object ``obj`` (a global ``@g``, an alloca ``%x``, or a field
        object of either) is declared, from its debug variable; None without one."""
        member = split_member(obj)
        if member:
            return self.declared_at(member[0])
        if obj.startswith("@"):
            g = self.mod.globals.get(obj)
            var = self.dbg.fields(g.dbg).get("var") if g else None
        else:
            var = self.top.declares.get(obj)
        return self.dbg.variable_loc(var) if var else None

    def current_location(self) -> SourceLocation | None:
        """The C construct of the instruction being imported (internal_error.py reports it)."""
        loc = (self.dbg.loc(self.cur.dbg) or self._nearby_location(self.cur)) if self.cur else None
        return SourceLocation(loc.file, loc.line, loc.col) if loc else None

    def _nearby_location(self, ins: Instr):
        for bb in self.top.blocks:
            k = next((i for i, x in enumerate(bb.instrs) if x is ins), None)
            if k is not None:
                for other in bb.instrs[k + 1:] + bb.instrs[:k][::-1]:
                    loc = self.dbg.loc(other.dbg) if other.dbg else None
                    if loc and loc.line:
                        return loc
        return None

    def emit(self, opcode: str, width: int, operands: list[Operand], attrs: dict | None = None) -> Op:
        if self.guard is not None and opcode in ("load", "store"):
            operands = [*operands, self.guard]
        loc = self.dbg.loc(self.cur.dbg) if self.cur else None
        op = self.fn.new_op(opcode, width, operands, attrs, loc.line if loc else 0, loc.col if loc else 0)
        if loc and not self.dbg.same_file(loc.file, self.src_real):   # inlined from a header: the call's line
            call = self.dbg.user_loc(self.cur.dbg, self.src_real)
            op.call_line = call.line if call else 0
        return self.fn.append(self.block, op)
