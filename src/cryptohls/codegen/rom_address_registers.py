"""The registers whose bits reach a LUT ROM's address by wiring alone: they get a power-up value.

A LUT ROM is read through a ``case`` function (codegen/memories.py), which Yosys turns into a ROM
(proc_rom). Its memory_dff then takes a register that drives the ROM's address directly as the read
port's address register, and memory_map puts that register behind the ROM: whatever computes the
register's next value (its load multiplexer, a previous cipher round) lands in front of the ROM's LUT
tree, and the register is duplicated when something else reads it too (AEGIS-128L's HLS core on ecp5,
128 S-boxes on its state: 36,695 LUT4 and 3,190 FFs before, 24,319 and 2,166 with power-up values;
designs/aegis128l/docs.md, "Area"). memory_dff leaves an address register with a fully
defined initial value alone, so these registers get one: their reset value, or 0 for a data register
(always written before it is read, so the value is never seen).

Wiring is what Yosys reduces to the register's own bits before memory_dff runs: a reference, a
part select, a shift by a constant, an and with a constant mask, a concatenation of those.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache

from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Assign, Block, Load, Process, Register

_SHIFTS = (">>", "<<", ">>>")


def rom_address_registers(block: Block, rom_functions: set[str]) -> list[Register]:
    """The block's registers (in declaration order) read by a call of one of ``rom_functions`` (the
    LUT ROMs' case functions) through wiring alone."""
    if not rom_functions:
        return []
    wires = {item.lhs: item.rhs for item in block.logic if isinstance(item, Assign) and isinstance(item.lhs, str)}
    registers = {r.q: r for r in block.registers}
    found: set[str] = set()
    seen: set[str] = set()

    def follow(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        if name in registers:
            found.add(name)
        elif name in wires:
            for source in _wired_from(wires[name]):
                follow(source)

    for item in block.logic:
        if isinstance(item, (Assign, Load, Process)):
            for call in _calls(item):
                if call.func in rom_functions:
                    for arg in call.args:
                        for source in _wired_from(arg):
                            follow(source)
    return [r for r in block.registers if r.q in found]


def power_up_values(registers: list[Register]) -> V.Initial | None:
    """An ``initial`` block giving each register its reset value (0 when it has none)."""
    if not registers:
        return None
    body = [V.Blocking(r.q, r.reset if isinstance(r.reset, V.Expr) else V.Lit(r.width, r.reset or 0))
            for r in registers]
    return V.Initial("power-up values of the registers at LUT ROM addresses (codegen/rom_address_registers.py)",
                     body)


def _wired_from(expr: V.Expr) -> list[str]:
    """The signals ``expr`` is wiring of (empty when it is logic, or constants only)."""
    if isinstance(expr, V.Ref):
        return [expr.name]
    if isinstance(expr, V.Slice):
        return [expr.name]
    if isinstance(expr, V.Concat):
        parts = [_wired_from(p) for p in expr.parts if not isinstance(p, V.Lit)]
        return [] if any(not p for p in parts) else [n for p in parts for n in p]
    if isinstance(expr, V.Bin):
        if expr.op in _SHIFTS and isinstance(expr.b, V.Lit):
            return _wired_from(expr.a)
        if expr.op == "&" and isinstance(expr.b, V.Lit):
            return _wired_from(expr.a)
        if expr.op == "&" and isinstance(expr.a, V.Lit):
            return _wired_from(expr.b)
    if isinstance(expr, V.Unsigned):
        return _wired_from(expr.a)
    return []


def _calls(node: object) -> list[V.Call]:
    """Every function call in a piece of logic (expressions and statements, nested), in no particular
    order (the registers found do not depend on it). A walk with a stack of its own: a recursive call per
    node was most of this module's cost in a large Csmith compile (65,000 calls)."""
    out: list[V.Call] = []
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        n = pop()
        kind = type(n)
        if kind in _LEAVES:
            continue
        if isinstance(n, list | tuple):
            extend(n)
            continue
        if isinstance(n, V.Call):
            out.append(n)
        for name in _child_fields(kind):
            push(getattr(n, name))
    return out


_LEAVES = frozenset((str, int, bool, float, type(None)))   # no call inside


@cache
def _child_fields(kind: type) -> tuple[str, ...]:
    """The fields ``_calls`` walks into on a node of this type: a dataclass's (not a Register's), in
    order; none for anything else. Asked once per type (dataclasses.fields on every node was most of
    this module's cost in a Csmith compile)."""
    if not is_dataclass(kind) or issubclass(kind, Register):
        return ()
    return tuple(f.name for f in fields(kind))

