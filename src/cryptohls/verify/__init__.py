"""``cryptohls verify`` (issue 22): is the compiled core's timing independent of its secrets?

Two independent answers: the compiler's diagnosis on its IR (``ir/taint.py``, with the C lines that
carry a dependence) and a proof on the generated Verilog — a self-composition miter (verify/miter.py)
checked by Yosys's SAT solver for a bounded number of cycles (verify/prove.py). The verdict is the
proof's; the diagnosis explains it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.hls import CompileOptions, compile_with_options
from cryptohls.verify.miter import miter_verilog, plan, port_list
from cryptohls.verify.prove import MiterResult, prove_miter

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


def bound(report: dict, transactions: int) -> tuple[int, str]:
    """Cycles to check: the reset, then ``transactions`` calls of the reported worst-case latency (and
    the cycle between two calls), or DEFAULT_CYCLES when the latency is not known."""
    latency = report.get("latency", {}).get("max")
    if latency is None:
        return DEFAULT_CYCLES, f"{DEFAULT_CYCLES} cycles (the latency is not a known number)"
    steps = 1 + transactions * (latency + 2)
    return steps, f"{steps} cycles: reset + {transactions} transactions of latency {latency}"


def verify(request: VerifyRequest) -> dict:
    if not request.secrets:
        raise UserError("nothing to verify: name the secret arguments with --secret",
                        hint="e.g. --secret key,in")
    started = time.monotonic()
    out = request.out_dir
    options = replace(request.options, secrets=request.secrets)
    result = compile_with_options(request.src, request.top, out / "hls", options)
    report = result.report
    ports = port_list(result.verilog_path.read_text(), request.top)
    connection = plan(ports, report["interface"], set(request.secrets))
    if not connection.compared:
        raise UserError(f"'{request.top}' has no control output to compare", file=str(request.src))
    work = out / "miter"
    work.mkdir(parents=True, exist_ok=True)
    miter = work / "cryptohls_miter.v"
    miter.write_text(miter_verilog(request.top, ports, connection))
    steps, why = (request.cycles, f"{request.cycles} cycles (--cycles)") if request.cycles else \
        bound(report, request.transactions)
    proof: MiterResult = prove_miter(sorted((out / "hls").glob("*.v")), miter, steps, work, request.timeout_s)
    verdict = {"proved": True, "counterexample": False}.get(proof.status)
    summary = {
        "top": request.top, "secrets": list(request.secrets),
        "equivalence": None,                      # C-to-RTL equivalence: not built yet (docs/verify.md)
        "secret_independent": verdict,
        "leaks": [{"file": k["file"], "line": k["line"], "col": k["col"], "why": k["why"]} for k in report["leaks"]],
        "miter": {"status": proof.status, "cycles": steps, "bound": why, "seconds": round(proof.seconds, 1),
                  "compared": [p.name for p in connection.compared],
                  **({"first_difference": proof.first_difference, "secrets": proof.secrets}
                     if proof.status == "counterexample" else {})},
        "seconds": round(time.monotonic() - started, 1),
    }
    (out / "verify.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def exit_status(summary: dict) -> int:
    """0: everything asked was proved; 1: a property is refuted; 3: undecided."""
    verdict = summary["secret_independent"]
    return 0 if verdict is True else (1 if verdict is False else 3)


__all__ = ["DEFAULT_CYCLES", "VerifyRequest", "bound", "exit_status", "verify"]
