"""INLINE off: compiles each kept function to a Verilog module of its own (``<name>.v``, ap_ctrl_hs),
callees before their callers, so a caller's instances can be wired from the callee's ports."""

from __future__ import annotations

from pathlib import Path

from cryptohls.codegen.rtl import build_module
from cryptohls.hls.latency import function_latency
from cryptohls.ir.nodes import Function
from cryptohls.ir.printer import print_function
from cryptohls.passes.pipeline import run_pipeline
from cryptohls.schedule.modulo import apply_loop_pragmas
from cryptohls.schedule.sdc import schedule_function


def called(fn: Function) -> set[str]:
    return {op.attrs["callee"] for op in fn.all_ops() if op.opcode == "call"}


def submodule_warnings(entries: list[dict]) -> list[str]:
    """The sub-modules' schedule warnings (each prefixed with its function), for the top's report."""
    return [w for e in entries for w in e.get("warnings", [])]


def compile_submodules(subs: list, model, clock_ns: float, out_dir: Path, header: list[str],
                       skip_passes: tuple[str, ...] = (), loops: dict | None = None
                       ) -> tuple[dict[str, Function], list[dict]]:
    """Builds every sub-module; returns (callee functions by name, report entries). ``loops``: the
    frontend's loop table, whose PIPELINE and LOOP_FLATTEN pragmas apply inside sub-modules too."""
    done: dict[str, Function] = {}
    entries: list[dict] = []
    pending = {s.function.name: s.function for s in subs}
    work = out_dir / "ir"
    while pending:
        ready = [f for f in pending.values() if called(f) <= set(done)]
        if not ready:
            raise AssertionError("INLINE off functions call each other in a cycle")   # recursion is rejected
        for fn in ready:
            del pending[fn.name]
            apply_loop_pragmas(fn, loops or {})
            run_pipeline(fn, skip=tuple(skip_passes))
            (work / f"{fn.name}.ir").write_text(print_function(fn))
            sched = schedule_function(fn, model, clock_ns)
            fn.callees = {n: done[n] for n in called(fn)}
            module, _ = build_module(fn, sched, [f"{fn.name}.v — sub-module (INLINE off) of {header[0]}"]
                                     + header[1:])
            (out_dir / f"{fn.name}.v").write_text(module.text())
            latency, _ = function_latency(fn, sched)
            entry = {"name": fn.name, "file": f"{fn.name}.v", "latency": {"min": latency[0], "max": latency[1]}}
            if sched.pipelined:
                entry["pipelined"] = [{"name": info["name"], "line": info["line"], "ii": info["ii"],
                                       "depth": info["depth"]} for info in sched.pipelined.values()]
            if sched.warnings:
                entry["warnings"] = [f"{fn.name}: {w}" for w in sched.warnings]
            entries.append(entry)
            done[fn.name] = fn
    return done, entries
