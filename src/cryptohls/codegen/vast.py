"""A small Verilog-2005 AST: expressions, statements, a module, and a printer.

Generated code goes through these nodes (never through ad-hoc string pasting of whole statements),
and every name passes through :class:`Namer`, which legalises and uniquifies it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KEYWORDS = set("""always and assign automatic begin buf bufif0 bufif1 case casex casez cell cmos config deassign
default defparam design disable edge else end endcase endconfig endfunction endgenerate endmodule endprimitive
endspecify endtable endtask event for force forever fork function generate genvar highz0 highz1 if ifnone
incdir include initial inout input instance integer join large liblist library localparam macromodule medium
module nand negedge nmos nor noshowcancelled not notif0 notif1 or output parameter pmos posedge primitive pull0
pull1 pulldown pullup pulsestyle_onevent pulsestyle_ondetect rcmos real realtime reg release repeat rnmos rpmos
rtran rtranif0 rtranif1 scalared showcancelled signed small specify specparam strong0 strong1 supply0 supply1
table task time tran tranif0 tranif1 tri tri0 tri1 triand trior trireg unsigned use uwire vectored wait wand
weak0 weak1 while wire wor xnor xor logic bit byte int""".split())


_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9_]")   # compiled once: fresh() runs for every signal of a module


class Namer:
    def __init__(self, reserved: set[str] | None = None):
        self.used: set[str] = set(reserved or ())
        # base -> the last suffix handed out: names are never released, so every smaller suffix is
        # still taken and the search resumes there (a design with thousands of `t_<k>` was quadratic)
        self._last_suffix: dict[str, int] = {}

    def reserve(self, name: str) -> str:
        self.used.add(name)
        return name

    def fresh(self, hint: str) -> str:
        base = _NOT_IN_NAMES.sub("_", hint) or "v"
        if base[0].isdigit():
            base = "v" + base
        if base in KEYWORDS:
            base += "_v"
        name, k = base, 0
        if name in self.used:
            k = self._last_suffix.get(base, 0) + 1
            name = f"{base}_{k}"
            while name in self.used:
                k += 1
                name = f"{base}_{k}"
            self._last_suffix[base] = k
        self.used.add(name)
        return name


# ------------------------------------------------------------------------------------ expressions
class Expr:
    def v(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass
class Ref(Expr):
    name: str

    def v(self) -> str:
        return self.name


@dataclass
class Lit(Expr):
    width: int
    value: int
    radix: str = ""   # "": decimal, hex from 2**32 on; "d": always decimal; "b": binary (a tie-off, 1'b1)

    def v(self) -> str:
        if self.radix == "b":
            return f"{self.width}'b{self.value:0{self.width}b}"
        if self.radix == "d":
            return f"{self.width}'d{self.value}"
        return f"{self.width}'d{self.value}" if self.value < 1 << 32 else f"{self.width}'h{self.value:x}"


@dataclass
class Bin(Expr):
    op: str
    a: Expr
    b: Expr

    def v(self) -> str:
        return f"({self.a.v()} {self.op} {self.b.v()})"


@dataclass
class Un(Expr):
    op: str
    a: Expr

    def v(self) -> str:
        return f"({self.op}{self.a.v()})"


@dataclass
class Signed(Expr):
    a: Expr

    def v(self) -> str:
        return f"$signed({self.a.v()})"


@dataclass
class Unsigned(Expr):
    a: Expr

    def v(self) -> str:
        return f"$unsigned({self.a.v()})"


@dataclass
class Cond(Expr):
    c: Expr
    a: Expr
    b: Expr

    def v(self) -> str:
        return f"({self.c.v()} ? {self.a.v()} : {self.b.v()})"


@dataclass
class Concat(Expr):
    parts: list[Expr]

    def v(self) -> str:
        return "{" + ", ".join(p.v() for p in self.parts) + "}"


@dataclass
class Repeat(Expr):
    count: int
    a: Expr

    def v(self) -> str:
        return f"{{{self.count}{{{self.a.v()}}}}}"


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")


def _identifier(name: str, node: str) -> None:
    """Verilog-2005 selects bits of a named signal only: ``(c ? a : b)[15]`` is a syntax error
    (issue 32 item 2), so a select of anything else must name it with a wire first."""
    if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name):
        raise AssertionError(f"{node} of {name!r}, which is no signal name: give it a wire first")


@dataclass
class Slice(Expr):
    """Bits ``hi..lo`` of the signal ``name`` (an identifier, never an expression's text)."""
    name: str
    hi: int
    lo: int
    compact: bool = True   # one bit as name[i]; False keeps name[i:i] (a part of a port written in pieces)

    def __post_init__(self) -> None:
        _identifier(self.name, "part-select")

    def v(self) -> str:
        return f"{self.name}[{self.hi}]" if self.compact and self.hi == self.lo else f"{self.name}[{self.hi}:{self.lo}]"


@dataclass
class Index(Expr):
    """One word of a memory array, or one bit: ``name[index]`` (a constant index is written as a number)."""
    name: str
    index: Expr | int

    def __post_init__(self) -> None:
        _identifier(self.name, "index")

    def v(self) -> str:
        return f"{self.name}[{self.index if isinstance(self.index, int) else self.index.v()}]"


@dataclass
class Call(Expr):
    func: str
    args: list[Expr]

    def v(self) -> str:
        return f"{self.func}(" + ", ".join(a.v() for a in self.args) + ")"


def any_of(terms: list[Expr]) -> Expr:
    if not terms:
        return Lit(1, 0)
    out = terms[0]
    for t in terms[1:]:
        out = Bin("|", out, t)
    return out


def all_of(terms: list[Expr]) -> Expr:
    if not terms:
        return Lit(1, 1)
    out = terms[0]
    for t in terms[1:]:
        out = Bin("&&", out, t)
    return out


def negate(a: Expr) -> Expr:
    """!a, without a double negation."""
    return a.a if isinstance(a, Un) and a.op == "!" else Un("!", a)


def and_(a: Expr, b: Expr) -> Expr:
    """a && b, leaving out a literal true."""
    if isinstance(b, Lit) and b.value == 1 and b.width == 1:
        return a
    if isinstance(a, Lit) and a.value == 1 and a.width == 1:
        return b
    return Bin("&&", a, b)


# ------------------------------------------------------------------------------------ statements
Target = str | Expr   # what an assignment writes: a name, or an expression (Index, Slice, Concat)


def target_text(lhs: Target) -> str:
    return lhs if isinstance(lhs, str) else lhs.v()


class Stmt:
    def lines(self, ind: str) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass
class Blocking(Stmt):
    lhs: Target
    rhs: Expr

    def lines(self, ind: str) -> list[str]:
        return [f"{ind}{target_text(self.lhs)} = {self.rhs.v()};"]


@dataclass
class NonBlocking(Stmt):
    lhs: Target
    rhs: Expr

    def lines(self, ind: str) -> list[str]:
        return [f"{ind}{target_text(self.lhs)} <= {self.rhs.v()};"]


@dataclass
class If(Stmt):
    cond: Expr
    then: list[Stmt]
    other: list[Stmt] = field(default_factory=list)

    def lines(self, ind: str) -> list[str]:
        out = [f"{ind}if ({self.cond.v()}) begin"]
        for s in self.then:
            out += s.lines(ind + "  ")
        if self.other:
            out.append(f"{ind}end else begin")
            for s in self.other:
                out += s.lines(ind + "  ")
        out.append(f"{ind}end")
        return out


@dataclass
class Case(Stmt):
    subject: Expr
    items: list[tuple[Expr, list[Stmt]]]
    default: list[Stmt]

    def lines(self, ind: str) -> list[str]:
        out = [f"{ind}case ({self.subject.v()})"]
        for label, body in self.items:
            out.append(f"{ind}  {label.v()}: begin")
            for s in body:
                out += s.lines(ind + "    ")
            out.append(f"{ind}  end")
        out.append(f"{ind}  default: begin")
        for s in self.default:
            out += s.lines(ind + "    ")
        out.append(f"{ind}  end")
        out.append(f"{ind}endcase")
        return out


# ------------------------------------------------------------------------------------ module items
@dataclass
class Port:
    name: str
    direction: str   # input/output
    width: int
    comment: str = ""
    reg: bool = False


@dataclass
class Decl:
    kind: str        # wire/reg
    name: str
    width: int
    depth: int = 0   # memories
    comment: str = ""
    waiver: str = ""  # verilator lint rule waived on exactly this line, with the reason in comment


@dataclass
class Assign:
    lhs: Target
    rhs: Expr


@dataclass
class AlwaysComb:
    name: str
    body: list[Stmt]


@dataclass
class AlwaysFF:
    name: str
    body: list[Stmt]
    clock: str = "ap_clk"


@dataclass
class Function:
    name: str
    width: int
    inputs: list[tuple[str, int]]
    body: list[Stmt]


@dataclass
class Initial:
    """Initial contents (of a block RAM/ROM array), under a comment line."""
    comment: str
    body: list[Stmt]


@dataclass
class Instance:
    """A module instance with named connections; ``params`` become ``#(.NAME(value), ...)``."""
    module: str
    name: str
    connections: list[tuple[str, Expr]]
    params: list[tuple[str, int]] = field(default_factory=list)

    def lines(self, ind: str) -> list[str]:
        params = ""
        if self.params:
            params = "#(" + ", ".join(f".{n}({v})" for n, v in self.params) + ") "
        out = [f"{ind}{self.module} {params}{self.name} ("]
        last = len(self.connections) - 1
        out += [f"{ind}  .{port}({sig.v()}){',' if k < last else ''}" for k, (port, sig) in enumerate(self.connections)]
        out.append(f"{ind});")
        return out


@dataclass
class Raw:
    """A comment or a lint waiver line (never logic)."""
    text: str


@dataclass
class Module:
    name: str
    header: list[str]
    ports: list[Port] = field(default_factory=list)
    params: list[tuple[str, int, int]] = field(default_factory=list)   # localparams (name, width, value)
    decls: list[Decl] = field(default_factory=list)
    items: list[object] = field(default_factory=list)

    def text(self) -> str:
        out = [f"// {h}" if h else "//" for h in self.header]
        out += ["`timescale 1ns / 1ps", "`default_nettype none", "", f"module {self.name} ("]
        for k, p in enumerate(self.ports):
            rng = f" [{p.width - 1}:0]" if p.width > 1 else ""
            sep = "," if k < len(self.ports) - 1 else ""
            comment = f"  // {p.comment}" if p.comment else ""
            out.append(f"  {p.direction} {'reg' if p.reg else 'wire'}{rng} {p.name}{sep}{comment}")
        out.append(");")
        out.append("")
        for name, width, value in self.params:
            out.append(f"  localparam [{width - 1}:0] {name} = {width}'d{value};")
        if self.params:
            out.append("")
        for d in self.decls:
            rng = f" [{d.width - 1}:0]" if d.width > 1 else ""
            mem = f" [0:{d.depth - 1}]" if d.depth else ""
            comment = f"  // {d.comment}" if d.comment else ""
            if d.waiver:
                out.append(f"  /* verilator lint_off {d.waiver} */")
            out.append(f"  {d.kind}{rng} {d.name}{mem};{comment}")
            if d.waiver:
                out.append(f"  /* verilator lint_on {d.waiver} */")
        out.append("")
        for it in self.items:
            if isinstance(it, Raw):
                out.append(f"  {it.text}")
            elif isinstance(it, Assign):
                out.append(f"  assign {target_text(it.lhs)} = {it.rhs.v()};")
            elif isinstance(it, Instance):
                out += it.lines("  ")
            elif isinstance(it, Initial):
                out.append(f"  // {it.comment}")
                out.append("  initial begin")
                for st in it.body:
                    out += st.lines("    ")
                out.append("  end")
            elif isinstance(it, Function):
                rng = f" [{it.width - 1}:0]" if it.width > 1 else ""
                out.append(f"  function{rng} {it.name};")
                for n, w in it.inputs:
                    out.append(f"    input{f' [{w - 1}:0]' if w > 1 else ''} {n};")
                out.append("    begin")
                for s in it.body:
                    out += s.lines("      ")
                out.append("    end")
                out.append("  endfunction")
                out.append("")
            elif isinstance(it, AlwaysComb):
                out.append(f"  always @* begin : {it.name}")
                for s in it.body:
                    out += s.lines("    ")
                out.append("  end")
                out.append("")
            elif isinstance(it, AlwaysFF):
                out.append(f"  always @(posedge {it.clock}) begin : {it.name}")
                for s in it.body:
                    out += s.lines("    ")
                out.append("  end")
                out.append("")
        out.append("endmodule")
        out.append("")
        out.append("`default_nettype wire")
        return "\n".join(out) + "\n"
