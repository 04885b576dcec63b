"""A generated module as a small netlist, between the plans and the Verilog AST.

Lowering (codegen/rtl.py and its helpers: memories, control, pipeline, streams, calls, predicates)
builds a ``Block``: ports, signals, registers (``q`` loaded from ``d`` on every clock edge, with a
reset value or none, and an optional load enable), synchronous memories with their access ports,
sub-module instances, and the logic between them: continuous assignments and combinational processes
whose expressions are vast.py expressions. Every name passes through the block's ``Namer``.

Emission (codegen/emit.py) turns it into a ``vast.Module``: what is Verilog and not netlist is decided
there — the ``reg``/``wire`` keyword of each signal and port (what drives it), the one clocked block
that updates the registers (with its synchronous reset), the ``unused_bits`` sink. ``text()`` prints
the block for goldens (tests/compiler/golden/constructs/*.block).

Declarations and logic keep the order in which lowering made them (the Verilog lists them so).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass

from cryptohls.codegen import vast as V


@dataclass
class Signal:
    """A named net: driven by one assignment or process, or by an instance's output."""
    name: str
    width: int
    comment: str = ""
    waiver: str = ""   # verilator lint rule waived on its declaration (the reason in comment)


@dataclass
class Register:
    """A register ``q`` loaded from its next value ``d`` every clock edge; ``reset``: its value under
    ap_rst (a number, or an expression such as the first state's localparam), None for a data register
    that is always written before it is read (phis, values kept for a later state): a synchronous reset
    with priority over the load enable costs a LUT per bit on FPGAs whose flip-flops have one clock
    enable and one set/reset input (ecp5: +7 % LUTs on AES)."""
    q: str
    d: str
    width: int
    comment: str = ""
    reset: int | V.Expr | None = 0


@dataclass
class Memory:
    """A synchronous block RAM/ROM array; port k has the signals address{k}, ce{k}, q{k} and, unless a
    ROM, we{k} and d{k} (a read's data ``q`` is back one cycle after ``ce``)."""
    source: str           # the IR memory
    array: str
    kind: str             # ram/rom
    width: int
    depth: int
    init: list[int] | None
    ports: list[dict[str, str]]

    def describe(self) -> str:
        return f"memory process {self.array}"


@dataclass
class Assign:
    lhs: V.Target
    rhs: V.Expr

    def describe(self) -> str:
        return f"assign {V.target_text(self.lhs)} <- {_names(reads(self.rhs))}"


@dataclass
class Load:
    """``reg`` takes ``value`` in a cycle where ``enable`` holds, else keeps its value."""
    reg: Register
    enable: V.Expr
    value: V.Expr

    def describe(self) -> str:
        return f"load {self.reg.q} when {_names(reads(self.enable))} <- {_names(reads(self.value))}"


@dataclass
class Process:
    """Combinational logic: blocking assignments, defaults first (``always @*``)."""
    name: str
    body: list[V.Stmt]

    def describe(self) -> str:
        return f"process {self.name} -> {_names(drives(self.body))} <- {_names(reads(self.body))}"


Declaration = Signal | Register | Memory
Logic = Assign | Load | Process | Memory | V.Instance


class Block:
    def __init__(self, name: str, header: list[str], reserved: set[str]):
        self.name, self.header = name, header
        self.namer = V.Namer(reserved)
        self.ports: list[V.Port] = []   # their ``reg`` flag is left to emission
        self.states: list[tuple[str, int, int]] = []   # FSM state encoding: (localparam, width, value)
        self.declarations: list[Declaration] = []
        self.logic: list[Logic] = []
        self.functions: list[V.Function] = []        # case functions of LUT ROMs and register files
        self.rom_functions: set[str] = set()         # those of LUT ROMs (rom_address_registers.py)
        self.registers: list[Register] = []
        self.sinks: list[V.Expr] = []                # bits nobody reads (unused_bits)

    # ------------------------------------------------------------------ names and declarations
    def reserve(self, name: str) -> str:
        return self.namer.reserve(name)

    def fresh(self, hint: str) -> str:
        return self.namer.fresh(hint)

    def port(self, name: str, direction: str, width: int, comment: str = "") -> str:
        self.ports.append(V.Port(name, direction, width, comment))
        return name

    def state(self, name: str, width: int, value: int) -> str:
        self.states.append((name, width, value))
        return name

    def signal(self, name: str, width: int, comment: str = "", waiver: str = "") -> str:
        """Declares ``name`` (already legalised: a port role, a fresh name)."""
        self.declarations.append(Signal(name, width, comment, waiver))
        return name

    def wire(self, hint: str, width: int, comment: str = "", waiver: str = "") -> str:
        """A signal with a fresh name from ``hint``."""
        return self.signal(self.fresh(hint), width, comment, waiver)

    def add_register(self, reg: Register) -> Register:
        self.registers.append(reg)
        self.declarations.append(reg)
        return reg

    def register(self, hint: str, width: int, comment: str = "", reset: int | V.Expr | None = 0) -> Register:
        """A register ``<hint>_q`` / ``<hint>_d`` (a numbered hint when either name is taken)."""
        base, k = hint, 0
        while f"{base}_q" in self.namer.used or f"{base}_d" in self.namer.used:
            k += 1
            base = f"{hint}_{k}"
        return self.add_register(Register(self.fresh(f"{base}_q"), self.fresh(f"{base}_d"), width, comment, reset))

    def memory(self, mem: Memory) -> Memory:
        """The array's declaration and its clocked process, after the logic made so far."""
        self.declarations.append(mem)
        self.logic.append(mem)
        return mem

    # ------------------------------------------------------------------ logic
    def assign(self, lhs: V.Target, rhs: V.Expr) -> None:
        self.logic.append(Assign(lhs, rhs))

    def load(self, reg: Register, enable: V.Expr, value: V.Expr) -> None:
        self.logic.append(Load(reg, enable, value))

    def process(self, name: str, body: list[V.Stmt]) -> None:
        self.logic.append(Process(name, body))

    def instance(self, inst: V.Instance) -> None:
        self.logic.append(inst)

    def function(self, fn: V.Function) -> str:
        self.functions.append(fn)
        return fn.name

    # ------------------------------------------------------------------ printable form
    def text(self) -> str:
        """One line per port, state, declaration and piece of logic; logic lines name what they
        drive and what they read (not the expressions: the Verilog golden has those)."""
        out = [f"block {self.name}"]
        out += [f"  port {p.direction} {p.name} [{p.width}]" for p in self.ports]
        out += [f"  state {n} = {v}" for n, _, v in self.states]
        for d in self.declarations:
            if isinstance(d, Register):
                reset = "no reset" if d.reset is None else \
                    f"reset {d.reset if isinstance(d.reset, int) else d.reset.v()}"
                out.append(f"  register {d.q} [{d.width}] <= {d.d}, {reset}")
            elif isinstance(d, Memory):
                out.append(f"  memory {d.array} {d.kind} [{d.width}] x {d.depth}, {len(d.ports)} port(s)"
                           f"{', initialised' if d.init is not None else ''}")
            else:
                out.append(f"  signal {d.name} [{d.width}]")
        out += [f"  function {f.name}" for f in self.functions]
        for item in self.logic:
            if isinstance(item, V.Instance):
                out.append(f"  instance {item.name} of {item.module} <- {_names(reads(item.connections))}")
            else:
                out.append(f"  {item.describe()}")
        if self.sinks:
            out.append(f"  sink {_names(reads(self.sinks))}")
        return "\n".join(out) + "\n"


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "-"


def target_name(lhs: V.Target) -> str:
    """The signal an assignment target writes (``x``, ``x[3:0]``, ``mem[a]``)."""
    return lhs if isinstance(lhs, str) else lhs.name


def drives(body: list[V.Stmt]) -> list[str]:
    """The signals the statements assign, in first-assignment order."""
    out: dict[str, None] = {}

    def walk(stmts: list[V.Stmt]) -> None:
        for s in stmts:
            if isinstance(s, (V.Blocking, V.NonBlocking)):
                out[target_name(s.lhs)] = None
            elif isinstance(s, V.If):
                walk(s.then)
                walk(s.other)
            elif isinstance(s, V.Case):
                for _, items in s.items:
                    walk(items)
                walk(s.default)
    walk(body)
    return list(out)


def reads(node: object) -> list[str]:
    """The signal names an expression (or statements: their right-hand sides, conditions and
    indices) reads, in first-use order, each once."""
    out: dict[str, None] = {}

    def walk(n: object) -> None:
        if isinstance(n, list | tuple):
            for x in n:
                walk(x)
        elif isinstance(n, V.Ref):
            out[n.name] = None
        elif isinstance(n, (V.Blocking, V.NonBlocking)):
            if not isinstance(n.lhs, str):
                walk(getattr(n.lhs, "index", None))
            walk(n.rhs)
        elif isinstance(n, (V.Slice, V.Index)):
            out[n.name] = None
            walk(getattr(n, "index", None))
        elif is_dataclass(n):
            for f in fields(n):
                walk(getattr(n, f.name))
    walk(node)
    return list(out)


__all__ = ["Assign", "Block", "Load", "Memory", "Process", "Register", "Signal", "drives", "reads",
           "target_name"]
