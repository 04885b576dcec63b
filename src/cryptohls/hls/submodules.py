"""INLINE off (and DATAFLOW processes): compiles each kept function to a Verilog module of its own
(``<name>.v``, ap_ctrl_hs) with ``compile_function()``, callees before their callers, so a caller's
instances can be wired from the callee's ports."""

from __future__ import annotations

from pathlib import Path

from cryptohls.hls.compile_function import CompiledFunction, called, compile_function, submodule_header
from cryptohls.hls.options import CompileOptions
from cryptohls.schedule.delay import DelayModel


def submodule_warnings(entries: list[dict]) -> list[str]:
    """The sub-modules' schedule warnings (each prefixed with its function), for the top's report."""
    return [w for e in entries for w in e.get("warnings", [])]


def report_entry(sub: CompiledFunction) -> dict:
    """The sub-module's entry in the top's report.json (``"submodules"``)."""
    name, sched = sub.name, sub.schedule
    entry = {"name": name, "file": sub.verilog_path.name, "latency": {"min": sub.latency[0], "max": sub.latency[1]}}
    if sched.pipelined:
        entry["pipelined"] = [{"name": info["name"], "line": info["line"], "ii": info["ii"],
                               "depth": info["depth"]} for info in sched.pipelined.values()]
    if sched.warnings:
        entry["warnings"] = [f"{name}: {w}" for w in sched.warnings]
    return entry


def compile_submodules(subs: list, options: CompileOptions, model: DelayModel, out_dir: Path,
                       top: str, header: list[str]) -> tuple[dict[str, CompiledFunction], list[dict]]:
    """Builds every sub-module (``subs``: the frontend's results, callees first); returns (the compiled
    modules by C name, report entries). ``header``: the top's Verilog header."""
    done: dict[str, CompiledFunction] = {}
    entries: list[dict] = []
    pending = {s.function.name: s.function for s in subs}
    while pending:
        ready = [f for f in pending.values() if called(f) <= set(done)]
        if not ready:
            raise AssertionError("INLINE off functions call each other in a cycle")   # recursion is rejected
        for fn in ready:
            del pending[fn.name]
            sub = compile_function(fn, options.with_dump_subdir(fn.name), model, out_dir,
                                   submodule_header(fn.name, top, header), done)
            entries.append(report_entry(sub))
            done[fn.name] = sub
    return done, entries


__all__ = ["compile_submodules", "report_entry", "submodule_warnings"]
