"""Bounded C-to-RTL equivalence of one call (issue 22 item 4): translation validation of the passes,
the scheduler and codegen.

Reference: the IR as the frontend imported it from clang (``ir/<top>.import.ir``), executed
symbolically (verify/symbolic.py). Implementation: the generated Verilog in a harness that resets the
core, starts one call with the same inputs (scalar ports and the contents of every ``ap_memory``
argument), serves its memories and records what it outputs; Yosys turns the harness into an SMT-LIB
transition system (``write_smt2``), which is unrolled for the cycles the call may take. Z3 then looks
for inputs (within C's defined behaviour) for which the call finishes and any output differs: the
return value, each pointer output (written or not, and its value) and the final contents of every
array argument the C writes.

Answers: ``proved`` (no such input, and every call finishes within the bound), ``counterexample``
(the inputs), ``unknown`` (the solver's time limit, the executor's limits, or calls that may run
longer than the bound) with the reason.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass, field
from pathlib import Path

import z3

from cryptohls.errors import UserError
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.nodes import Function, Param
from cryptohls.ir.parser import parse_function
from cryptohls.verify.miter import Port, ports_of
from cryptohls.verify.symbolic import Limits, TooBig, Unsupported, bv, execute
from cryptohls.verify.unroll import Model, Unrolling, yosys_stbv_model

HARNESS = "cryptohls_eq"


@dataclass
class EquivalenceResult:
    status: str                                   # proved | counterexample | unknown
    cycles: int                                   # the bound: cycles unrolled after the reset
    seconds: float
    reason: str = ""                              # why unknown / what differs
    inputs: dict[str, object] = field(default_factory=dict)   # the counterexample: arg -> int or [ints]
    differences: list[str] = field(default_factory=list)
    paths: int = 0
    smt: Path | None = None

    def as_json(self) -> dict:
        out: dict = {"status": self.status, "cycles": self.cycles, "seconds": round(self.seconds, 1),
                     "paths": self.paths}
        if self.reason:
            out["reason"] = self.reason
        if self.status == "counterexample":
            out["inputs"] = self.inputs
            out["differences"] = self.differences
        return out


# ------------------------------------------------------------------------------------------ ports
@dataclass(frozen=True)
class _ParamPorts:
    param: Param
    input: str | None
    output: str | None
    valid: str | None


def _param_ports(p: Param, signature: ModuleSignature) -> _ParamPorts:
    """The ports of an imported parameter (a partitioned element's: its array's element), as codegen
    named them; a role the direction implies but the module lacks is named so that ``need`` reports it."""
    roles = signature.roles(p.attrs.get("array", p.name), p.attrs.get("index"))
    missing = f"{p.name} ({{}})"
    inp = roles.get("in", missing.format("input")) if p.direction in ("in", "inout") else None
    out = roles.get("out", missing.format("output")) if p.direction in ("out", "inout") else None
    return _ParamPorts(p, inp, out, roles.get("out_vld", missing.format("output valid")) if out else None)


def _range(width: int) -> str:
    return f"[{width - 1}:0] " if width > 1 else ""


def harness_verilog(fn: Function, top: str, signature: ModuleSignature,
                    clock_reset: tuple[str, str] = ("ap_clk", "ap_rst")) -> str:
    """One call of ``top``: started once after the reset; its memories served with read latency 1;
    every pointer output captured when its ``_ap_vld`` is high. ``signature``: the compiled top's
    (report.json), which names every port."""
    by_name = {p.name: p for p in ports_of(signature)}
    protocol = fn.attrs.get("block_protocol", "ap_ctrl_hs")
    if protocol not in ("ap_ctrl_hs", "ap_ctrl_chain"):
        raise Unsupported(f"the block protocol {protocol} (no ap_start/ap_done to frame one call)")

    def need(name: str) -> Port:
        if name not in by_name:
            raise Unsupported(f"the port '{name}' the interface implies is not on module '{top}'")
        return by_name[name]

    decl = ["  input wire clk,", "  input wire rst,", "  input wire start,"]
    body = ["  reg started_q;", "  wire core_start = start && !started_q;", "  wire ap_ready_w;",
            "  always @(posedge clk) started_q <= rst ? 1'b0 : (started_q || (core_start && ap_ready_w));"]
    conns = [f".{clock_reset[0]}(clk)", f".{clock_reset[1]}(rst)", ".ap_start(core_start)", ".ap_ready(ap_ready_w)", ".ap_done(done)",
             ".ap_idle()"]
    if protocol == "ap_ctrl_chain":
        conns.append(".ap_continue(1'b1)")
    outs = ["  output wire done"]
    ret = fn.attrs.get("return")
    if ret:
        outs.append(f"  output wire {_range(ret['width'])}ret")
        conns.append(".ap_return(ret)")
        need("ap_return")
    for p in fn.params:
        pp = _param_ports(p, signature)
        if pp.input:
            need(pp.input)
            decl.append(f"  input wire {_range(p.width)}in_{p.name},")
            conns.append(f".{pp.input}(in_{p.name})")
        if pp.output:
            need(pp.output), need(pp.valid)
            outs += [f"  output wire seen_{p.name}", f"  output wire {_range(p.width)}val_{p.name}"]
            body += [f"  wire {_range(p.width)}{p.name}_port;", f"  wire {p.name}_vld;",
                     f"  reg seen_{p.name}_q;", f"  reg {_range(p.width)}val_{p.name}_q;",
                     "  always @(posedge clk)",
                     f"    if (rst) begin seen_{p.name}_q <= 1'b0; val_{p.name}_q <= {p.width}'d0; end",
                     f"    else if ({p.name}_vld) begin seen_{p.name}_q <= 1'b1; val_{p.name}_q <= {p.name}_port; end",
                     f"  assign seen_{p.name} = seen_{p.name}_q || {p.name}_vld;",
                     f"  assign val_{p.name} = {p.name}_vld ? {p.name}_port : val_{p.name}_q;"]
            conns += [f".{pp.output}({p.name}_port)", f".{pp.valid}({p.name}_vld)"]
    for m in fn.memories:
        if m.kind == "stream":
            raise Unsupported(f"the stream '{m.name}'")
        if m.kind != "arg":
            continue
        roles = signature.roles(m.name)
        bits = m.width * m.depth
        decl.append(f"  input wire [{bits - 1}:0] init_{m.name},")
        aw = need(roles.get("address", f"{m.name} (address)")).width
        body += [f"  reg [{m.width - 1}:0] {m.name}_mem [0:{m.depth - 1}];", f"  reg [{m.width - 1}:0] {m.name}_q;",
                 f"  wire [{aw - 1}:0] {m.name}_address;", f"  wire {m.name}_ce;"]
        conns += [f".{roles['address']}({m.name}_address)", f".{roles['ce']}({m.name}_ce)"]
        if "q" in roles and roles["q"] in by_name:
            conns.append(f".{roles['q']}({m.name}_q)")
        write = bool(m.attrs.get("write"))
        if write:
            need(roles.get("we", f"{m.name} (we)")), need(roles.get("d", f"{m.name} (d)"))
            body += [f"  wire {m.name}_we;", f"  wire [{m.width - 1}:0] {m.name}_d;"]
            conns += [f".{roles['we']}({m.name}_we)", f".{roles['d']}({m.name}_d)"]
        body += ["  always @(posedge clk) begin",
                 f"    if (rst) begin : load_{m.name}", "      integer i;",
                 f"      for (i = 0; i < {m.depth}; i = i + 1) {m.name}_mem[i] <= init_{m.name}[{m.width}*i +: {m.width}];",
                 "    end else begin"]
        if write:
            body.append(f"      if ({m.name}_ce && {m.name}_we) {m.name}_mem[{m.name}_address] <= {m.name}_d;")
        body += [f"      if ({m.name}_ce) {m.name}_q <= {m.name}_mem[{m.name}_address];", "    end", "  end"]
        if write:
            outs.append(f"  output wire [{bits - 1}:0] fin_{m.name}")
            body.append(f"  genvar {m.name}_k;")
            body.append(f"  generate for ({m.name}_k = 0; {m.name}_k < {m.depth}; {m.name}_k = {m.name}_k + 1) "
                        f"begin : fin_{m.name}_g")
            body.append(f"    assign fin_{m.name}[{m.width}*{m.name}_k +: {m.width}] = {m.name}_mem[{m.name}_k];")
            body.append("  end endgenerate")
    body.append(f"  {top} dut (\n    " + ",\n    ".join(conns) + "\n  );")
    return ("// cryptohls verify: equivalence harness, one call (generated; src/cryptohls/verify/equivalence.py)\n"
            f"module {HARNESS} (\n" + "\n".join(decl) + "\n" + ",\n".join(outs) + "\n);\n" + "\n".join(body) +
            "\nendmodule\n")


# ------------------------------------------------------------------------------------------ SMT
def check(import_ir: Path, verilog_files: list[Path], top: str, signature: ModuleSignature, work: Path, cycles: int,
          timeout_s: int, limits: Limits | None = None,
          clock_reset: tuple[str, str] = ("ap_clk", "ap_rst")) -> EquivalenceResult:
    """``check_here`` in a child process that is stopped after twice the time limit and a minute: Z3's
    simplifier, which builds the unrolled terms, has no time limit of its own."""
    started = time.monotonic()
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)

    def child() -> None:
        try:
            send.send(("ok", check_here(import_ir, verilog_files, top, signature, work, cycles, timeout_s, limits,
                                             clock_reset)))
        except UserError as e:
            send.send(("error", e))

    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    wall = 2 * timeout_s + 60
    got = receive.recv() if receive.poll(wall) else None
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if got is None:
        return EquivalenceResult("unknown", cycles, time.monotonic() - started,
                                 f"not decided within {wall} s (building the unrolled model or solving)")
    kind, value = got
    if kind == "error":
        raise value
    return value


def check_here(import_ir: Path, verilog_files: list[Path], top: str, signature: ModuleSignature, work: Path,
               cycles: int, timeout_s: int, limits: Limits | None = None,
               clock_reset: tuple[str, str] = ("ap_clk", "ap_rst")) -> EquivalenceResult:
    """Is one call of the compiled ``top`` equal to the imported IR's for every input?"""
    started = time.monotonic()
    work = work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    limits = limits or Limits(max_seconds=float(timeout_s))

    def unknown(reason: str, paths: int = 0) -> EquivalenceResult:
        return EquivalenceResult("unknown", cycles, time.monotonic() - started, reason, paths=paths)

    fn = parse_function(import_ir.read_text())
    try:
        harness = work / "equivalence_harness.v"
        harness.write_text(harness_verilog(fn, top, signature, clock_reset))
        params = {p.name: z3.BitVec(f"in_{p.name}", p.width) for p in fn.params if p.direction in ("in", "inout")}
        inits = {m.name: z3.BitVec(f"init_{m.name}", m.width * m.depth) for m in fn.memories if m.kind == "arg"}
        words = {name: [z3.Extract(fn.memory(name).width * (i + 1) - 1, fn.memory(name).width * i, v)
                        for i in range(fn.memory(name).depth)] for name, v in inits.items()}
        ref = execute(fn, params, words, limits)
    except Unsupported as e:
        return unknown(f"not modelled: {e.what}" + (f" (line {e.line})" if e.line else ""))
    except TooBig as e:
        return unknown(f"the C is too large to execute symbolically: {e}")

    model = Model(yosys_stbv_model(verilog_files, harness, HARNESS, work, "rtl", "yosys.log", "the harness",
                                   timeout_s), HARNESS)
    held: dict[str, z3.BitVecRef] = {f"in_{name}": v for name, v in params.items()}
    held.update({f"init_{name}": v for name, v in inits.items()})
    one, zero = z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)
    run = Unrolling(model, lambda k: {"clk": zero, "rst": one if k == 0 else zero, "start": zero if k == 0 else one,
                                       **held})
    last = cycles + 1

    def at_first_done(port: str, offset: int = 0) -> z3.BitVecRef:
        value = run.output(port, last)
        for k in range(cycles, 0, -1):
            value = z3.If(run.output("done", k) == 1, run.output(port, k + offset), value)
        return z3.simplify(value)

    finished = z3.simplify(z3.Or(*[run.output("done", k) == 1 for k in range(1, cycles + 1)]))
    pairs: list[tuple[str, z3.ExprRef, object, int]] = []     # what, RTL value, reference value, width
    ret = fn.attrs.get("return")
    if ret:
        pairs.append(("the return value", at_first_done("ret"), ref.ret, ret["width"]))
    for p in fn.params:
        if p.direction not in ("out", "inout"):
            continue
        seen, val = at_first_done(f"seen_{p.name}"), at_first_done(f"val_{p.name}")
        written, value = ref.outs.get(p.name, (0, 0))
        pairs.append((f"whether '{p.name}' is written", seen, written, 1))
        pairs.append((f"the value written to '{p.name}'", val, z3.If(bv(written, 1) == 1, bv(value, p.width), val),
                      p.width))
    for m in fn.memories:
        if m.kind != "arg" or not m.attrs.get("write"):
            continue
        fin = at_first_done(f"fin_{m.name}", offset=1)
        for i, word in enumerate(ref.memories[m.name]):
            pairs.append((f"{m.name}[{i}] after the call", z3.Extract(m.width * (i + 1) - 1, m.width * i, fin), word,
                          m.width))
    differ = [(what, z3.simplify(rtl != bv(r, w))) for what, rtl, r, w in pairs]
    solver = z3.SolverFor("QF_BV")
    solver.set("timeout", max(1, int(timeout_s * 1000)))
    solver.add(*ref.assumptions)
    solver.push()
    solver.add(finished, z3.Or(*[d for _, d in differ]) if differ else z3.BoolVal(False))
    (work / "equivalence.smt2").write_text(solver.to_smt2())
    verdict = solver.check()
    if verdict == z3.sat:
        model_ = solver.model()
        inputs = _inputs(model_, fn, params, inits)
        what = [w for w, d in differ if z3.is_true(model_.eval(d, model_completion=True))]
        return EquivalenceResult("counterexample", cycles, time.monotonic() - started, "; ".join(what[:4]), inputs,
                                 what, ref.paths, work / "equivalence.smt2")
    if verdict == z3.unknown:
        return unknown(f"the solver gave up ({solver.reason_unknown()}) within {timeout_s} s", ref.paths)
    solver.pop()
    solver.add(z3.Not(finished))
    late = solver.check()
    if late != z3.unsat:
        return unknown(f"equal whenever the call ends within {cycles} cycles, but some inputs may take longer "
                       "(give --cycles)" if late == z3.sat else
                       f"equal whenever the call ends within {cycles} cycles; whether every call does was not "
                       f"decided within {timeout_s} s", ref.paths)
    return EquivalenceResult("proved", cycles, time.monotonic() - started, paths=ref.paths,
                             smt=work / "equivalence.smt2")


def _inputs(model: z3.ModelRef, fn: Function, params: dict, inits: dict) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, v in params.items():
        out[name] = model.eval(v, model_completion=True).as_long()
    for name, v in inits.items():
        m = fn.memory(name)
        flat = model.eval(v, model_completion=True).as_long()
        out[name] = [(flat >> (m.width * i)) & ((1 << m.width) - 1) for i in range(m.depth)]
    return out


__all__ = ["EquivalenceResult", "check", "harness_verilog"]
