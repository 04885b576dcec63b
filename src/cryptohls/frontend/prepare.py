"""Work on the -O0 IR before optimisation, one step per module:

    c_subset.py      reject C outside the subset (located errors); the functions the top reaches
    reducible.py     node splitting of irreducible loops
    loop_table.py    find, name and key the loops; their unroll metadata for opt
    pragma_owner.py  attach each pragma to its function, loop or variable (checked to exist)
    module_plan.py   INLINE off sub-modules and DATAFLOW processes; every other call inlined
    directives.py    the variable directives as one table the importer asks (built here, once)

so that opt unrolls exactly the loops the user asked for and inlines every call."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.c_subset import check_supported, find_top
from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.directives import DirectiveTable
from cryptohls.frontend.library_calls import DroppedCall, drop_calls
from cryptohls.frontend.llparse import LLModule, parse_module
from cryptohls.frontend.lltypes import TypeTable
from cryptohls.frontend.loop_table import LoopInfo, find_loops, inside_pipelined, rewrite_loop_metadata, source_order
from cryptohls.frontend.member_copies import member_copies
from cryptohls.frontend.struct_views import whole_views
from cryptohls.frontend.module_plan import dataflow_region, plan_modules
from cryptohls.frontend.pragma_owner import attach_pragmas, function_ranges
from cryptohls.frontend.pragmas import Pragma
from cryptohls.frontend.reducible import make_reducible


@dataclass
class Prepared:
    top_ll: str                       # LLVM name of the top function, e.g. "@top"
    ll_text: str                      # rewritten -O0 IR
    function_pragmas: dict[str, list[Pragma]]
    loops: dict[str, LoopInfo]        # loop key (LoopInfo.key, ir.analysis.loop_key) -> loop
    directives: DirectiveTable        # ARRAY_PARTITION/RESHAPE/BIND_STORAGE/RESOURCE/INTERFACE/... by object
    warnings: list[str]
    recursion: tuple | None = None    # (CLoc, name) of a recursive call seen at -O0
    loop_at: dict[tuple[str, int, int], LoopInfo] = field(default_factory=dict)   # (real file, line, col)
    functions: list[str] = field(default_factory=list)   # C names of the functions reachable from the top
    kept_calls: dict[str, str] = field(default_factory=dict)   # INLINE off: LLVM name -> C name (sub-modules)
    dataflow: bool = False            # DATAFLOW on the top: its calls are processes, its local streams FIFOs
    member_copies: frozenset = frozenset()   # (real file, line, col, argument) of copies through an array
    #                                          field (member_copies.py)
    whole_views: dict = field(default_factory=dict)   # structs a pointer covers whole -> where (struct_views.py)
    printed_floats: UserError | None = None   # floating point only printed: raised if opt leaves any (print_only.py)


def prepare(ll_text: str, mod: LLModule, top: str, src: Path, pragmas: list[Pragma],
            user_file: Callable[[str], bool] | None = None, more_sources: tuple = ()) -> Prepared:
    """``user_file(path)``: whether a function defined in that file is the user's (the source or a
    header of theirs, not a system header nor the compiler's include/): only those become DATAFLOW
    processes. Without it, the source alone. ``more_sources``: the program's other translation units
    (their loops are the user's as the source's are)."""
    dbg = DebugInfo(mod)
    top_fn = find_top(mod, dbg, top, src)
    dropped: list[DroppedCall] = []
    fns, recursion, printed_floats = check_supported(mod, dbg, top_fn, src, dropped)
    ll_text, split_warnings = make_reducible(ll_text, dbg, fns, src)
    if split_warnings:   # read again: the copies are blocks (and loops) of their own
        mod = parse_module(ll_text)
        dbg = DebugInfo(mod)
        top_fn = mod.functions[top_fn.name]
        fns = [mod.functions[f.name] for f in fns]
        dropped = []   # the copies hold stdio call sites of their own
        check_supported(mod, dbg, top_fn, src, dropped)
    ranges = function_ranges(mod, dbg, fns)
    src_real = real_path(str(src))
    # pragmas may sit in the source or in its local headers: everything is matched by (file, line)
    user_files = {src_real} | {real_path(str(s)) for s in more_sources} | {real_path(p.file) for p in pragmas}
    is_user = user_file or (lambda path: real_path(path) == src_real)
    # DATAFLOW on the top, or on a function the top reaches through calls that only forward (Vitis
    # accepts a region below the top): that function's calls become the processes
    region = dataflow_region(top_fn, fns, pragmas, ranges, is_user)
    by_pos, md_by_pos = find_loops(fns, dbg, user_files, src_real)
    attached = attach_pragmas(pragmas, mod, dbg, ranges, by_pos, top_fn.name, region.name if region else None, src)
    warnings = split_warnings + list(dict.fromkeys(call.warning() for call in dropped)) + attached.warnings
    new_text = rewrite_loop_metadata(drop_calls(ll_text, dropped), by_pos, md_by_pos,
                                     inside_pipelined(by_pos, fns, dbg))
    # the rest of the compiler keys loops by LoopInfo.key (unique: the start line when no other loop
    # starts on that line, in any user file)
    loops = {by_pos[pos].key: by_pos[pos] for pos in source_order(by_pos, src_real)}
    plan = plan_modules(new_text, fns, top_fn.name, region, attached.function_pragmas, ranges, is_user, dbg,
                        warnings)
    names = [dbg.subprogram_name(f.dbg) or f.name.strip('@"') for f in fns]
    return Prepared(top_fn.name, plan.ll_text, attached.function_pragmas, loops,
                    DirectiveTable(attached.variable_pragmas), warnings, recursion, dict(by_pos), names,
                    plan.kept_calls, plan.dataflow, member_copies(fns, dbg, TypeTable(mod)),
                    whole_views(mod, fns, dbg, TypeTable(mod)), printed_floats)


__all__ = ["LoopInfo", "Prepared", "prepare"]
