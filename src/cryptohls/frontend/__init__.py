"""Frontend: C/C++ with ``#pragma HLS`` → HLS IR (clang-19 + opt-19 + our importer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend import driver
from cryptohls.frontend.c_subset import check_vla, find_top, floats_left
from cryptohls.frontend.cxx_init import call_global_ctors_first
from cryptohls.frontend.dataflow import DataflowGraph, dataflow_graph
from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.import_state import DirectiveError, ImportAgain, ImportHints
from cryptohls.frontend.importer import Importer
from cryptohls.frontend.interface import STREAM_CHECK, CParam, return_type, top_params
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.local_streams import check_local_streams
from cryptohls.frontend.loop_directives import attach_loop_directives, attach_tripcounts
from cryptohls.frontend.loop_table import LoopInfo
from cryptohls.frontend.pragmas import scan_translation_unit
from cryptohls.frontend.prepare import prepare
from cryptohls.internal_error import processing
from cryptohls.ir.nodes import Function


@dataclass
class FrontendResult:
    function: Function
    cparams: list[CParam]
    loops: dict[str, LoopInfo]   # by loop key (LoopInfo.key)
    warnings: list[str] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)
    submodules: list["FrontendResult"] = field(default_factory=list)   # INLINE off functions, callees first
    dataflow: DataflowGraph | None = None   # DATAFLOW top: processes (in submodules) and channels


def lower_to_ir(src: Path, top: str, work_dir: Path, include_dirs: tuple = (), defines: tuple = (),
                more_sources: tuple = ()) -> FrontendResult:
    """The top function of ``src`` (with ``more_sources``: of the program those translation units make
    together, as Vitis's add_files; messages without a location name ``src``) as HLS IR."""
    src, more_sources = Path(src), tuple(Path(s) for s in more_sources)
    for path in (src, *more_sources):
        if not path.is_file():
            raise UserError(f"source file '{path}' not found", file=str(path))
    work_dir.mkdir(parents=True, exist_ok=True)
    # __SYNTHESIS__ as in Vitis: hls_stream.h switches to its synthesizable form (one volatile word)
    defines = tuple(defines) + ("__SYNTHESIS__",)
    link_warnings: list[str] = []   # calls whose types differ from their definition's (frontend/link_calls.py)
    o0_text = driver.clang_o0(src, work_dir / f"{top}.O0.ll", include_dirs, defines, more_sources, link_warnings)
    pre = driver.preprocess(src, include_dirs, defines, more_sources)   # array sizes
    # directives in the sources and in every header they include (local or -I, not system headers);
    # one in a branch the preprocessor dropped (#if, #ifdef, -D) does not apply
    pragmas = scan_translation_unit(src, pre)
    o0 = parse_module(o0_text)
    if "@llvm.global_ctors" in o0_text:   # objects built by start-up code: built on the top's first call
        o0_text = call_global_ctors_first(o0_text, find_top(o0, DebugInfo(o0), top, src).name, str(src))
        (work_dir / f"{top}.O0.ll").write_text(o0_text)
        o0 = parse_module(o0_text)
    with processing(stage="the preparation of the LLVM IR (frontend/prepare.py)"):
        prep = prepare(o0_text, o0, top, src, pragmas, user_file=_user_files((src, *more_sources), pre),
                       more_sources=more_sources)
    (work_dir / f"{top}.prep.ll").write_text(prep.ll_text)
    opt_text = driver.run_opt(work_dir / f"{top}.prep.ll", work_dir / f"{top}.opt.ll", src)
    mod = parse_module(opt_text)
    if prep.top_ll not in mod.functions:
        raise UserError(f"top function '{top}' disappeared during optimisation", file=str(src))
    top_fn = mod.functions[prep.top_ll]
    if prep.printed_floats is not None and floats_left(mod, prep.top_ll):   # not only printed after all: still there
        raise prep.printed_floats
    dbg = DebugInfo(mod)
    _check_unrolled(mod, dbg, top_fn, prep)
    _check_recursion(top_fn, prep)
    for ll_name in [prep.top_ll, *prep.kept_calls]:   # the functions imported: no array of unknown size
        if ll_name in mod.functions and not mod.functions[ll_name].is_declaration:
            check_vla(dbg, mod.functions[ll_name], src)
    for ll_name in ([] if prep.dataflow else [prep.top_ll]) + list(prep.kept_calls):   # the FSM functions
        if ll_name in mod.functions and not mod.functions[ll_name].is_declaration:
            check_local_streams(mod.functions[ll_name], dbg, src)
    graph = None
    if prep.dataflow:   # the top is structure only: its parameters, processes and channels
        graph = dataflow_graph(top_fn, mod, prep.kept_calls, src, prep.directives)
        cparams = top_params(mod, dbg, top_fn, src, pre)
        fn = Function(top)
    else:
        fn, cparams = _import_function(mod, dbg, top_fn, src, prep, pre)
        attach_loop_directives(fn, prep.loops)   # every loop's: inlined functions' loops are the top's
    fn.name = top
    subs = []
    for ll_name, c_name in prep.kept_calls.items():   # INLINE off: each function is a module of its own
        if ll_name in mod.functions and not mod.functions[ll_name].is_declaration:
            sub_fn, sub_params = _import_function(mod, dbg, mod.functions[ll_name], src, prep, pre)
            sub_fn.name = c_name
            attach_loop_directives(sub_fn, prep.loops)
            subs.append(FrontendResult(sub_fn, sub_params, {}, []))
    attach_tripcounts(fn, prep.loops)
    import_warnings = fn.attrs.pop("warnings", []) + [w for s in subs for w in s.function.attrs.pop("warnings", [])]
    return FrontendResult(fn, cparams, prep.loops, link_warnings + prep.warnings + import_warnings, prep.functions,
                          subs, graph)


def _user_files(sources: tuple[Path, ...], pre) -> Callable[[str], bool]:
    """Whether a file is the user's: a source or a header one includes (local or through -I), not a
    system header nor one of the compiler's own (include/)."""
    reals, ours = {real_path(str(s)) for s in sources}, real_path(str(driver.REPO_INCLUDE))

    def user_file(path: str) -> bool:
        real = real_path(path)
        return real in reals or (real in pre.spelling and real not in pre.system_files and
                                 not real.startswith(ours + "/"))
    return user_file


def _import_function(mod, dbg: DebugInfo, ll_fn, src: Path, prep, pre) -> tuple[Function, list[CParam]]:
    cparams = top_params(mod, dbg, ll_fn, src, pre)
    hints, seen = ImportHints(), set()
    while True:   # again when the import learnt something earlier instructions needed (ImportAgain)
        importer = Importer(mod, ll_fn, cparams, return_type(dbg, ll_fn), src, prep.directives,
                            {pos: (lp.key, lp.name) for pos, lp in prep.loop_at.items()}, prep.kept_calls, hints,
                            prep.member_copies, prep.whole_views)
        try:
            with processing(stage=f"the import of '{ll_fn.name.strip('@')}'", locate=importer.current_location):
                fn = importer.run()
            break
        except ImportAgain as again:
            if again.hints in seen:
                raise UserError("internal: the import does not settle", file=str(src)) from None
            seen.add(again.hints)
            hints = again.hints
        except DirectiveError:
            raise
        except UserError:
            if not importer.split_structs:
                raise
            hints = replace(hints, whole_structs=True)   # as before struct_split.py: the struct one memory
    if any(p.kind == "EXPRESSION_BALANCE" and p.flag("off") for p in prep.function_pragmas.get(ll_fn.name, [])):
        fn.attrs["expression_balance"] = "off"   # passes/pipeline.py then skips `balance` for this module
    return fn, cparams


def _check_recursion(top_fn, prep) -> None:
    """A call left after inlining, when the call graph had a cycle, is recursion: report the cycle's call."""
    if prep.recursion is None:
        return
    for bb in top_fn.blocks:
        for ins in bb.instrs:
            # a stream check (hls_stream.h's empty()/full()) is an operation, not a call left over
            if ins.opcode == "call" and not any(t.startswith("@llvm.") or t in prep.kept_calls or
                                                t == f"@{STREAM_CHECK}" for t in ins.tokens):
                loc, name = prep.recursion
                raise UserError(f"recursion is not supported ('{name}' calls itself)", file=loc.file if loc else None,
                                line=loc.line if loc else None, col=loc.col if loc else None,
                                hint="rewrite the recursion as a loop")


def _check_unrolled(mod, dbg: DebugInfo, top_fn, prep) -> None:
    """A loop that still asks for full unrolling after opt had no provable trip count."""
    for bb in top_fn.blocks:
        for ins in bb.instrs:
            if not ins.loop_md:
                continue
            rng = dbg.loop_range(ins.loop_md)
            line = rng[0].line if rng else 0
            pos = (real_path(rng[0].file), line, rng[0].col) if rng else None
            pragma = next((p for p in prep.loop_at.get(pos, LoopInfo(None, None, "")).pragmas
                           if p.kind == "UNROLL" and not p.flag("off") and p.get("factor") is None), None)
            # a fully unrolled loop disappears; any remnant (or a kept unroll.full request) means it could not be
            if pragma is not None or "llvm.loop.unroll.full" in dbg.loop_properties(ins.loop_md):
                where = dict(file=pragma.file, line=pragma.line, col=pragma.col) if pragma else \
                    dict(file=rng[0].file if rng else "?", line=line, col=rng[0].col if rng else None)
                hint = "give the loop constant bounds, or use UNROLL factor=N" if pragma else \
                    "it is inside a PIPELINEd loop, which unrolls the loops nested in it (as Vitis HLS does): " \
                    "give it constant bounds, or pipeline this loop instead"
                raise UserError("cannot fully unroll this loop: its trip count is not a compile-time constant",
                                hint=hint, **where)


__all__ = ["FrontendResult", "lower_to_ir"]
