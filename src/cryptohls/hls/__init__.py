"""The HLS compiler entry point (contract C4): ``compile_file(src, top, ...) -> CompileResult``.

frontend (clang → LLVM IR → HLS IR) → ``compile_function()`` per module (passes → SDC schedule →
FSM/datapath Verilog; hls/compile_function.py), sub-modules and DATAFLOW processes first → reports.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from cryptohls import __version__
from cryptohls.codegen.clock_reset import check_port_name, rename_clock_reset, rename_signature
from cryptohls.errors import UserError
from cryptohls.frontend import FrontendResult, driver, lower_to_ir
from cryptohls.hls.compile_function import compile_function, top_header
from cryptohls.hls.dataflow import block_protocol, compile_dataflow, dataflow_report, dataflow_text
from cryptohls.hls.options import DEFAULTS, CompileOptions
from cryptohls.hls.report import build_report, report_text
from cryptohls.hls.secrets import check_secret_names, dataflow_secret_section, secret_section, secret_text
from cryptohls.hls.submodules import compile_submodules, submodule_warnings
from cryptohls.hls.warning_files import name_files
from cryptohls.internal_error import processing
from cryptohls.schedule.delay import DelayModel, delay_model



@dataclass
class CompileResult:
    verilog_path: Path
    report: dict


def compile_file(src: Path, top: str, *, clock_ns: float = DEFAULTS.clock_ns, target: str = DEFAULTS.target,
                 out_dir: Path, include_dirs=(), defines=(), command: str | None = None,
                 skip_passes: tuple[str, ...] = (), dump_ir_dir: Path | None = None,
                 secrets: tuple[str, ...] = (), clock_port: str = DEFAULTS.clock_port,
                 reset_port: str = DEFAULTS.reset_port, more_sources=()) -> CompileResult:
    """Compile ``top`` in ``src`` (and ``more_sources``, the program's other translation units) to
    ``out_dir/<top>.v`` plus report.json and report.txt."""
    options = CompileOptions(clock_ns=clock_ns, target=target, include_dirs=tuple(str(d) for d in include_dirs),
                             defines=tuple(defines), more_sources=tuple(str(s) for s in more_sources), skip_passes=tuple(skip_passes), dump_ir_dir=dump_ir_dir,
                             command=command, secrets=tuple(secrets), clock_port=clock_port,
                             reset_port=reset_port)
    return compile_with_options(Path(src), top, Path(out_dir), options)


def compile_with_options(src: Path, top: str, out_dir: Path, options: CompileOptions) -> CompileResult:
    """``compile_file`` with the options as one object."""
    with processing(source=src):   # an internal compiler error is located in src at least
        return _compile_with_options(src, top, out_dir, options)


def _compile_with_options(src: Path, top: str, out_dir: Path, options: CompileOptions) -> CompileResult:
    out_dir.mkdir(parents=True, exist_ok=True)
    model = delay_model(options.target)
    if not options.clock_ns > 0:
        raise UserError(f"clock period must be positive (got {options.clock_ns})")
    check_port_name(options.clock_port, "clock port")   # before the long compile, not after
    check_port_name(options.reset_port, "reset port")
    includes = options.include_dirs + (str(driver.REPO_INCLUDE),)   # the package's own headers, last
    fe = lower_to_ir(src, top, out_dir / "ir", includes, options.defines, options.more_sources)
    check_secret_names(options.secrets, [cp.name for cp in fe.cparams], top)
    command = options.command_line(src, top, out_dir)
    options = replace(options, command=command)
    if fe.dataflow is not None:   # DATAFLOW top: structural module of processes and FIFOs (hls/dataflow.py)
        result = _compile_dataflow_top(fe, src, top, options, model, out_dir)
    else:
        result = _compile_fsm_top(fe, src, top, options, model, out_dir)
    text = result.verilog_path.read_text()
    renamed = rename_clock_reset(text, top, options.clock_port, options.reset_port)
    if renamed != text:
        result.verilog_path.write_text(renamed)
    return result


def _compile_fsm_top(fe: FrontendResult, src: Path, top: str, options: CompileOptions, model: DelayModel,
                     out_dir: Path) -> CompileResult:
    """A top with an FSM of its own; its INLINE-off sub-modules are compiled first (``<name>.v``)."""
    fn = fe.function
    header = top_header(top, options, options.command, fn.attrs.get("block_protocol"))
    subs, entries = compile_submodules(fe.submodules, options, model, out_dir, top, header)
    compiled = compile_function(fn, options, model, out_dir, header, subs)
    functions = [top] + sorted(set(fe.functions) - {top})
    report = build_report(fn, compiled.schedule, compiled.rtl, fe.cparams, compiled.latency, compiled.loops,
                          options.clock_ns, options.target, functions,
                          [*fe.warnings, *name_files([*compiled.schedule.warnings, *submodule_warnings(entries)],
                                                     src, fe.loops)],
                          rename_signature(compiled.rtl.signature, options.clock_port, options.reset_port))
    for row, lp in zip(report["loops"], compiled.loops):   # the function each (inlined) loop came from
        info = fe.loops.get(lp.key)
        if info is not None and info.c_function:
            row["function"] = info.c_function
    if entries:
        report["submodules"] = entries
    if options.secrets:
        report.update(secret_section(compiled, subs, options.secrets, src))
    (out_dir / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    text = report_text(report, __version__, options.command)
    if entries:   # INLINE off
        text += "\n== Sub-modules (INLINE off)\n" + "".join(
            f"    {e['name']} ({e['file']}): latency {e['latency']['min']}..{e['latency']['max']}\n" for e in entries)
    if options.secrets:
        text += secret_text(report)
    (out_dir / "report.txt").write_text(text)
    return CompileResult(compiled.verilog_path, report)


def _compile_dataflow_top(fe: FrontendResult, src: Path, top: str, options: CompileOptions, model: DelayModel,
                          out_dir: Path) -> CompileResult:
    header = top_header(top, options, options.command, block_protocol(fe.dataflow), kind="HLS compiler, DATAFLOW")
    text, extra, processes = compile_dataflow(fe, options, model, out_dir, header, src)
    verilog_path = out_dir / f"{top}.v"
    verilog_path.write_text(text)
    report = dataflow_report(fe, top, options.clock_ns, options.target, extra, src)
    if options.secrets:
        report.update(dataflow_secret_section(fe.dataflow, processes, options.secrets, src))
    (out_dir / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out_dir / "report.txt").write_text(dataflow_text(report) + (secret_text(report) if options.secrets else ""))
    return CompileResult(verilog_path, report)


__all__ = ["DEFAULTS", "CompileOptions", "CompileResult", "compile_file", "compile_with_options"]
