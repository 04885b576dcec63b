"""``cryptohls verify`` (issue 22): does the compiled core compute what the C computes, and is its
timing independent of its secrets?

Equivalence: one call of the generated Verilog against the C as clang gave it to the compiler
(verify/equivalence.py: symbolic execution of the imported IR, Yosys's SMT model of the RTL unrolled
for the call, Z3).

Secret independence: two independent answers: the compiler's diagnosis on its IR (``ir/taint.py``,
with the C lines that carry a dependence) and a proof on the generated Verilog — a self-composition
miter (verify/miter.py) checked by Yosys's SAT solver for a bounded number of cycles
(verify/prove.py). The verdict is the proof's; the diagnosis explains it.

A secret may be one field of a stream (``bdi.bdi``, verify/secrets.py), and a hand-written core is
verified too (``rtl_sources``: no compile, no equivalence) when a boundary declares its streams
(lwc/boundary.py, the LWC CipherCore's).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.hls import CompileOptions, compile_with_options
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.parser import parse_function
from cryptohls.lwc.boundary import Stream
from cryptohls.verify.counterexample import counterexample_testbench
from cryptohls.verify.equivalence import EquivalenceResult, check as check_equivalence
from cryptohls.verify.miter import field_stream, miter_verilog, plan, ports_of
from cryptohls.verify.prove import MiterResult, prove_miter
from cryptohls.verify.relational import prove_miter_z3
from cryptohls.verify.replay import replay
from cryptohls.verify.rtl_core import module_ports
from cryptohls.verify.secrets import split_secrets

DEFAULT_CYCLES = 64        # when the core's latency is not one known number


@dataclass(frozen=True)
class VerifyRequest:
    src: Path
    top: str
    secrets: tuple[str, ...]
    out_dir: Path
    options: CompileOptions
    transactions: int = 2
    cycles: int | None = None      # overrides the bound computed from the latency
    timeout_s: int = 600
    equivalence: bool = True
    miter_solver: str = "z3"       # z3: functional unrolling (verify/relational.py); yosys: its sat
    replay: bool = True            # a miter counterexample is replayed in cosim (verify/replay.py)
    # a hand-written core: its Verilog files (then ``top`` is its module and nothing is compiled) and the
    # parameters of its instance
    rtl_sources: tuple[Path, ...] = ()
    parameters: dict = field(default_factory=dict)
    # the core's streams when a boundary declares them (lwc/boundary.py: the LWC CipherCore), else the
    # compiled core's interface
    streams: tuple[Stream, ...] | None = None


def bound(report: dict, transactions: int) -> tuple[int, str]:
    """Cycles to check: the reset, then ``transactions`` calls of the reported worst-case latency (and
    the cycle between two calls), or DEFAULT_CYCLES when the latency is not known."""
    latency = report.get("latency", {}).get("max")
    if latency is None:
        return DEFAULT_CYCLES, f"{DEFAULT_CYCLES} cycles (the latency is not a known number)"
    steps = 1 + transactions * (latency + 2)
    return steps, f"{steps} cycles: reset + {transactions} transactions of latency {latency}"


def call_cycles(report: dict, requested: int | None) -> tuple[int, str]:
    """Cycles one call is unrolled for: the reported worst-case latency and a margin, or DEFAULT_CYCLES."""
    if requested:
        return requested, f"{requested} cycles (--cycles)"
    latency = report.get("latency", {}).get("max")
    if latency is None:
        return DEFAULT_CYCLES, f"{DEFAULT_CYCLES} cycles (the latency is not a known number)"
    return latency + 2, f"{latency + 2} cycles: one call of latency {latency}"


def verify(request: VerifyRequest) -> dict:
    if not request.secrets and (not request.equivalence or request.rtl_sources):
        raise UserError("nothing to verify: name the secret arguments with --secret"
                        + ("" if request.rtl_sources else ", or drop --no-equivalence"), hint="e.g. --secret key,in")
    started = time.monotonic()
    out = request.out_dir
    summary: dict = {"top": request.top, "secrets": list(request.secrets), "equivalence": None,
                     "secret_independent": None, "leaks": []}
    if request.rtl_sources:
        summary.update(_secret_independence_of_rtl(request, out))
    else:
        summary.update(_verify_compiled(request, out))
    summary["seconds"] = round(time.monotonic() - started, 1)
    (out / "verify.json").write_text(json.dumps(summary, indent=2) + "\n")
    if "miter" in summary and not request.rtl_sources:   # both verdicts side by side in the compiled core's report.json
        report_path = out / "hls" / "report.json"
        report = json.loads(report_path.read_text())
        report["secret_independence_proof"] = {"secret_independent": summary["secret_independent"],
                                               **summary["miter"]}
        report_path.write_text(json.dumps(report, indent=2) + "\n")
    return summary


def _verify_compiled(request: VerifyRequest, out: Path) -> dict:
    """Compile the C (the compiler's diagnosis follows the whole secret arguments; a stream's field is
    the miter's alone), then the equivalence check and the miter."""
    whole, _ = split_secrets(request.secrets)
    options = replace(request.options, secrets=whole)
    result = compile_with_options(request.src, request.top, out / "hls", options)
    report = result.report
    verilog = sorted((out / "hls").glob("*.v"))
    summary: dict = {}
    if request.equivalence:
        cycles, why = call_cycles(report, request.cycles)
        import_ir = out / "hls" / "ir" / f"{request.top}.import.ir"
        if report.get("dataflow") or not import_ir.is_file():
            eq = EquivalenceResult("unknown", cycles, 0.0, "not modelled: a DATAFLOW top (check each process "
                                   "as a top of its own)")
        else:
            eq = check_equivalence(import_ir, verilog, request.top, ModuleSignature.from_json(report["signature"]),
                                   out / "equivalence", cycles, request.timeout_s,
                                   clock_reset=(options.clock_port, options.reset_port))
        summary["equivalence"] = eq.status
        summary["equivalence_check"] = {**eq.as_json(), "bound": why}
        if eq.status == "counterexample":
            tb = _write_counterexample(request, report, eq.inputs, out / "equivalence")
            if tb is not None:
                summary["equivalence_check"]["testbench"] = str(tb)
    if request.secrets:
        summary.update(_secret_independence(request, report, verilog, out))
    return summary


def _write_counterexample(request: VerifyRequest, report: dict, inputs: dict, work: Path) -> Path | None:
    """The counterexample as a C testbench for csim and cosim (None: an argument type it cannot write)."""
    fn = parse_function((request.out_dir / "hls" / "ir" / f"{request.top}.import.ir").read_text())
    cxx = request.src.suffix in (".cpp", ".cc", ".cxx")
    text = counterexample_testbench(request.top, report["interface"], (fn.attrs.get("return") or {}).get("c_type"), inputs, cxx)
    if text is None:
        return None
    path = work / ("counterexample_tb.cpp" if cxx else "counterexample_tb.c")
    path.write_text(text)
    return path


def _secret_independence(request: VerifyRequest, report: dict, verilog: list[Path],
                         out: Path) -> dict:
    signature = ModuleSignature.from_json(report["signature"])
    ports = ports_of(signature)
    connection = plan(ports, report["interface"], set(request.secrets),
                      (request.options.clock_port, request.options.reset_port),
                      streams=list(request.streams) if request.streams is not None else None, signature=signature)
    steps, why = (request.cycles, f"{request.cycles} cycles (--cycles)") if request.cycles else \
        bound(report, request.transactions)
    proof, why = _prove(request, ports, connection, verilog, out, steps, why)
    replayed = None
    if proof.status == "counterexample" and request.replay:
        import_ir = out / "hls" / "ir" / f"{request.top}.import.ir"     # none for a DATAFLOW top
        ret = (parse_function(import_ir.read_text()).attrs.get("return") or {}).get("c_type") \
            if import_ir.is_file() else None
        replayed = replay(request.src, request.top, out / "hls", report, connection,
                          {"secrets": proof.secrets, "public": proof.public}, ret, clock_ns=request.options.clock_ns,
                          include_dirs=request.options.include_dirs, defines=request.options.defines)
    result = _verdict(request, proof, connection, steps, why)
    result["leaks"] = [{"file": k["file"], "line": k["line"], "col": k["col"], "why": k["why"]}
                       for k in report.get("leaks", [])]
    if replayed is not None:
        result["miter"]["replay"] = replayed
    return result


def _secret_independence_of_rtl(request: VerifyRequest, out: Path) -> dict:
    """The miter of a hand-written core: its ports as Yosys elaborates them, the roles from its boundary."""
    for secret in split_secrets(request.secrets)[1]:      # a misspelt field: told before Yosys runs
        field_stream(secret, list(request.streams or ()))
    ports = module_ports(list(request.rtl_sources), request.top, request.parameters, out / "miter")
    connection = plan(ports, None, set(request.secrets), (request.options.clock_port, request.options.reset_port),
                      streams=list(request.streams) if request.streams is not None else [],
                      parameters=request.parameters)
    steps = request.cycles or DEFAULT_CYCLES
    why = f"{steps} cycles (--cycles)" if request.cycles else \
        f"{steps} cycles (a hand-written core has no latency report)"
    proof, why = _prove(request, ports, connection, list(request.rtl_sources), out, steps, why)
    return _verdict(request, proof, connection, steps, why)


def _prove(request: VerifyRequest, ports: list, connection, verilog: list[Path], out: Path, steps: int,
           why: str) -> tuple[MiterResult, str]:
    """The miter written and decided; ``why``: the bound, as proved."""
    if not connection.compared:
        raise UserError(f"'{request.top}' has no control output to compare", file=str(request.src))
    work = out / "miter"
    work.mkdir(parents=True, exist_ok=True)
    miter = work / "cryptohls_miter.v"
    miter.write_text(miter_verilog(request.top, ports, connection))
    if request.miter_solver == "yosys":
        proof: MiterResult = prove_miter(verilog, miter, steps, work, request.timeout_s)
    else:
        proof = prove_miter_z3(verilog, miter, steps, work, request.timeout_s)
    if proof.induction and proof.induction["proved"]:
        depth = proof.induction.get("depth", 1)
        kind = "induction" if depth == 1 else f"{depth}-induction"
        why = (f"every cycle ({kind}: {proof.induction['registers_equal']} register pairs of the two copies "
               "stay equal and imply equal control outputs)")
    return proof, why


def _verdict(request: VerifyRequest, proof: MiterResult, connection, steps: int, why: str) -> dict:
    return {
        "secret_independent": {"proved": True, "counterexample": False}.get(proof.status),
        "miter": {"status": proof.status, "solver": request.miter_solver, "cycles": steps, "bound": why,
                  "seconds": round(proof.seconds, 1),
                  "compared": connection.compared_names(),
                  **({"induction": proof.induction} if proof.induction else {}),
                  **({"found_by": proof.found_by} if proof.found_by else {}),
                  **({"first_difference": proof.first_difference, "secrets": proof.secrets, "public": proof.public}
                     if proof.status == "counterexample" else {})},
    }


def exit_status(summary: dict) -> int:
    """0: everything asked was proved; 1: a property is refuted; 3: undecided."""
    verdicts = []
    if "equivalence_check" in summary:
        verdicts.append({"proved": True, "counterexample": False}.get(summary["equivalence"]))
    if summary["secrets"]:
        verdicts.append(summary["secret_independent"])
    if False in verdicts:
        return 1
    return 0 if all(v is True for v in verdicts) else 3


__all__ = ["DEFAULT_CYCLES", "VerifyRequest", "bound", "call_cycles", "exit_status", "verify"]
