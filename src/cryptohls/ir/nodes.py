"""HLS IR data structures: a function of basic blocks holding bit-precise operations.

Every value is an :class:`Op` with a bit width (0 for operations without a result); operands are other
ops or :class:`Const`. Every op keeps the C source position it came from (``line``/``col``), which
codegen uses for names (``add_ln33``) and diagnostics. Memories (array arguments, ROMs, RAMs) and
parameters (scalar ports) are declared on the function; ``load``/``store``/``param``/``out`` refer
to them by name in ``attrs``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Union

# opcode -> (min operands, max operands); None = any count
BINARY_OPS = ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr")
CAST_OPS = ("zext", "sext", "trunc")
ICMP_PREDICATES = ("eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge")
TERMINATORS = ("br", "ret")
VOID_OPS = ("store", "out", "br", "ret")
ALL_OPS = BINARY_OPS + CAST_OPS + ("icmp", "select", "concat", "slice", "phi", "load", "store",
                                   "param", "out", "br", "ret", "call",   # call: INLINE off sub-module
                                   "can_transfer")   # i1: a stream could move a word now (empty()/full())


@dataclass(frozen=True)
class Const:
    """An unsigned bit pattern of ``width`` bits."""
    width: int
    value: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.value & ((1 << self.width) - 1))

    def signed_value(self) -> int:
        return self.value - (1 << self.width) if self.value >> (self.width - 1) & 1 else self.value


@dataclass(eq=False)
class Op:
    id: int
    opcode: str
    width: int
    operands: list["Operand"] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)
    line: int = 0
    col: int = 0
    block: "Block | None" = field(default=None, repr=False)
    call_line: int = 0   # code inlined from another file (ap_int.h): the line of the user's call

    @property
    def source_line(self) -> int:
        """The line to show a user: in their source, also for code inlined from a header."""
        return self.call_line or self.line

    @property
    def is_terminator(self) -> bool:
        return self.opcode in TERMINATORS

    def op_operands(self) -> Iterator["Op"]:
        for v in self.operands:
            if isinstance(v, Op):
                yield v

    def __repr__(self) -> str:
        return f"%{self.id}:{self.opcode}"


Operand = Union[Op, Const]


@dataclass(eq=False)
class Block:
    name: str
    ops: list[Op] = field(default_factory=list)

    @property
    def terminator(self) -> Op:
        return self.ops[-1]

    def successors(self) -> list[str]:
        if not self.ops or self.ops[-1].opcode != "br":
            return []
        return list(self.ops[-1].attrs["targets"])

    def phis(self) -> list[Op]:
        return [op for op in self.ops if op.opcode == "phi"]


@dataclass
class Param:
    """A scalar port of the top function: a C scalar, a pointer-to-scalar, a partitioned array
    element, or a reshaped array (wide port). ``direction`` is in/out/inout."""
    name: str
    direction: str
    width: int
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Memory:
    """An array: ``kind`` is "arg" (ap_memory port), "rom", "ram" or "regs" (fully partitioned local)."""
    name: str
    kind: str
    width: int
    depth: int
    attrs: dict[str, Any] = field(default_factory=dict)
    init: list[int] | None = None

    @property
    def addr_width(self) -> int:
        return max(1, (self.depth - 1).bit_length())


@dataclass(eq=False)
class Function:
    name: str
    params: list[Param] = field(default_factory=list)
    memories: list[Memory] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)
    next_id: int = 1

    # -- construction helpers ------------------------------------------------------------------
    def new_op(self, opcode: str, width: int, operands: list[Operand] | None = None,
               attrs: dict[str, Any] | None = None, line: int = 0, col: int = 0) -> Op:
        op = Op(self.next_id, opcode, width, list(operands or []), dict(attrs or {}), line, col)
        self.next_id += 1
        return op

    def append(self, block: Block, op: Op) -> Op:
        op.block = block
        block.ops.append(op)
        return op

    # -- queries -------------------------------------------------------------------------------
    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(name)

    def memory(self, name: str) -> Memory:
        for m in self.memories:
            if m.name == name:
                return m
        raise KeyError(name)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def all_ops(self) -> Iterator[Op]:
        for b in self.blocks:
            yield from b.ops

    def predecessors(self) -> dict[str, list[str]]:
        preds: dict[str, list[str]] = {b.name: [] for b in self.blocks}
        for b in self.blocks:
            for s in b.successors():
                if b.name not in preds[s]:
                    preds[s].append(b.name)
        return preds

    # users() and users_of() walk every operand of the function: plain loops, not the generators
    # all_ops() and op_operands() (their frames were most of a Csmith compile's narrow-iv pass)
    def users(self) -> dict[int, list[Op]]:
        result: dict[int, list[Op]] = {op.id: [] for b in self.blocks for op in b.ops}
        for b in self.blocks:
            for op in b.ops:
                for v in op.operands:
                    if isinstance(v, Op):
                        result.setdefault(v.id, []).append(op)
        return result

    def users_of(self, values) -> dict[int, list[Op]]:
        """``users()`` for ``values`` only: one scan, without a list for every op of the function."""
        result: dict[int, list[Op]] = {v.id: [] for v in values}
        get = result.get
        for b in self.blocks:
            for op in b.ops:
                for v in op.operands:
                    if isinstance(v, Op):
                        found = get(v.id)
                        if found is not None:
                            found.append(op)
        return result

    def replace_all_uses(self, old: Op, new: Operand) -> None:
        for b in self.blocks:
            for op in b.ops:
                operands = op.operands
                for v in operands:
                    if v is old:   # only users get a new list (rebuilding every op's was the cost)
                        op.operands = [new if v is old else v for v in operands]
                        break

    def use_index(self) -> "UseIndex":
        return UseIndex(self)

    def renumber_parents(self) -> None:
        for b in self.blocks:
            for op in b.ops:
                op.block = b


class UseIndex:
    """Which ops may use a value, for a pass that replaces many values: ``replace`` does what
    ``Function.replace_all_uses`` does, touching only the users instead of every op of the function
    (a Csmith program's narrowing made 478 such scans of 17,000 ops). The pass tells it of every operand
    it sets itself (``add_use``); the index may hold ops that no longer use a value, never miss one."""

    def __init__(self, fn: Function):
        self._users: dict[int, list[Op]] = {}
        setdefault = self._users.setdefault
        for b in fn.blocks:   # plain loops, as users(): no generator frames per op
            for op in b.ops:
                for v in op.operands:
                    if isinstance(v, Op):
                        setdefault(v.id, []).append(op)

    def add_use(self, user: Op, value: Operand) -> None:
        if isinstance(value, Op):
            self._users.setdefault(value.id, []).append(user)

    def users(self, value: Op) -> list[Op]:
        """The ops that use ``value`` now, each once: those of the index that still do."""
        seen: set[int] = set()
        found = []
        for op in self._users.get(value.id, ()):
            if id(op) not in seen and any(v is value for v in op.operands):
                seen.add(id(op))
                found.append(op)
        return found

    def replace(self, old: Op, new: Operand) -> None:
        for op in self._users.pop(old.id, ()):
            operands = op.operands
            if any(v is old for v in operands):
                op.operands = [new if v is old else v for v in operands]
                self.add_use(op, new)
