"""Pragmas attached by source position (file, line): each to the function whose line range holds it,
loop pragmas to the innermost loop that encloses them (Vitis style: inside the loop body), and variable
directives checked to name something in scope. Directives with no effect here are warnings; a pragma
outside any function, or a loop pragma outside any loop, is a located error."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.llparse import LLFunction, LLModule, meta_fields
from cryptohls.frontend.loop_table import LoopInfo, LoopPos
from cryptohls.frontend.pragmas import Pragma

LOOP_KINDS = ("UNROLL", "LOOP_TRIPCOUNT", "PIPELINE", "LOOP_FLATTEN", "LOOP_MERGE")
IGNORED_KINDS = ("LATENCY", "DEPENDENCE", "STABLE", "ALLOCATION", "BIND_OP", "LOOP_MERGE")


@dataclass
class Attached:
    """Where the pragmas went (loop pragmas are on their ``LoopInfo``)."""
    function_pragmas: dict[str, list[Pragma]] = field(default_factory=dict)   # LLVM name -> INLINE, ...
    variable_pragmas: list[Pragma] = field(default_factory=list)   # ARRAY_PARTITION/RESHAPE/BIND_STORAGE/...
    warnings: list[str] = field(default_factory=list)


def function_ranges(mod: LLModule, dbg: DebugInfo, fns: list[LLFunction]) -> dict[str, tuple[str, int, int]]:
    """LLVM name -> (file, first line, last line) of each function's body, from its instructions' locations."""
    out = {}
    for fn in fns:
        sp = dbg.fields(fn.dbg)
        if "line" not in sp:
            continue
        first = int(sp["line"])
        last = first
        for bb in fn.blocks:
            for ins in bb.instrs:
                loc = dbg.loc(ins.dbg)
                if loc and loc.line > last:
                    last = loc.line
        out[fn.name] = (dbg.file_of_scope(fn.dbg), first, last)
    return out


def attach_pragmas(pragmas: list[Pragma], mod: LLModule, dbg: DebugInfo, ranges: dict[str, tuple[str, int, int]],
                   loops: dict[LoopPos, LoopInfo], top: str, region: str | None, src: Path) -> Attached:
    """``top``: the top's LLVM name; ``region``: the function that holds the DATAFLOW region (or None)."""
    out = Attached()
    for p in pragmas:
        owner = _owner(p, ranges)
        if owner is None:
            if p.in_braces:
                continue   # in a body clang did not emit (a helper nothing calls): Vitis ignores it too
            raise p.error(f"pragma HLS {p.kind} is not inside a function", "place it in the function body")
        if p.kind in LOOP_KINDS:
            _attach_to_loop(p, owner, loops, src, out.warnings)
        elif p.kind in ("INLINE", "EXPRESSION_BALANCE"):
            out.function_pragmas.setdefault(owner, []).append(p)
            if p.flag("off") and owner == top:
                out.warnings.append(f"{p.file}:{p.line}: INLINE off on the top function has no effect")
        elif p.kind == "DATAFLOW" and owner == region:
            out.function_pragmas.setdefault(top, []).append(p)   # the region's calls become processes
        elif p.kind == "DATAFLOW":
            out.warnings.append(f"{p.file}:{p.line}: pragma HLS DATAFLOW ignored: only the top function, or a "
                                f"function the top only forwards its arguments to, can be a DATAFLOW region; its "
                                f"calls run one after another")
        elif p.kind in IGNORED_KINDS:
            out.warnings.append(f"{p.file}:{p.line}: pragma HLS {p.kind} ignored")
        else:
            p.function = owner
            cls = dbg.fields(mod.functions[owner].dbg).get("scope") if owner in mod.functions else None
            if cls and dbg.node_kind(cls) == "DICompositeType":
                p.method_of = dbg.fields(cls).get("identifier", '""').strip('"')
            check_variable(p, dbg, mod, owner)
            out.variable_pragmas.append(p)
    return out


def _owner(p: Pragma, ranges: dict[str, tuple[str, int, int]]) -> str | None:
    """The innermost function (the latest first line) whose body holds the pragma's line."""
    owner = None
    p_file = real_path(p.file)
    for name, (file, first, last) in ranges.items():
        if real_path(file) == p_file and first <= p.line <= last:
            if owner is None or first > ranges[owner][1]:
                owner = name
    return owner


def _attach_to_loop(p: Pragma, owner: str, loops: dict[LoopPos, LoopInfo], src: Path, warnings: list[str]) -> None:
    p_file = real_path(p.file)
    inner = None
    for pos, lp in loops.items():
        if lp.function == owner and pos[0] == p_file and lp.encloses(p.line, p.col):
            if inner is None or (lp.start.line, lp.start.col) > (loops[inner].start.line, loops[inner].start.col):
                inner = pos
    if inner is None:
        if p.kind == "PIPELINE":
            warnings.append(f"{p.file}:{p.line}: PIPELINE on a function is ignored (no pipelining yet)")
            return
        raise p.error(f"pragma HLS {p.kind} is not inside a loop body",
                      "put it on the first line inside the loop's braces, as in Vitis HLS")
    named = [f"{k}={v}" for k, v in p.options.items() if p.kind == "LOOP_TRIPCOUNT" and isinstance(v, str)]
    if named and src.suffix == ".c":   # C has no template parameters: a name here is a mistake
        k, v = named[0].split("=")
        raise p.error(f"LOOP_TRIPCOUNT {k} must be an integer (got '{v}')", f"write {k}=N with N an integer >= 0")
    if named:   # C++: a template parameter; the trip count only feeds the report, so nothing else is lost
        warnings.append(f"{p.file}:{p.line}: LOOP_TRIPCOUNT {' '.join(named)} ignored: not an integer "
                        f"(a template parameter or a constant is not resolved; write the number)")
    loops[inner].pragmas.append(p)


def check_variable(p: Pragma, dbg: DebugInfo, mod: LLModule, owner: str) -> None:
    """The ``variable=``/``port=`` of a directive names a parameter, a local, a global or a data member
    (``obj.member``) seen from the function holding it: else a located error with the closest name."""
    key = "port" if p.kind == "INTERFACE" else "variable"
    var = p.get(key)
    if var in (None, True):
        if p.kind in ("ARRAY_PARTITION", "ARRAY_RESHAPE", "BIND_STORAGE", "RESOURCE") or \
                (p.kind == "INTERFACE" and key == "port"):
            raise p.error(f"pragma HLS {p.kind} needs {key}=NAME")
        return
    if p.kind == "INTERFACE" and var == "return":
        return
    variables = variables_in_scope(dbg, mod, owner)
    obj, _, member = str(var).partition(".")
    if member and obj in variables:   # `variable=b0.M`: a member of a local object, as Vitis accepts
        members = dbg.member_names(variables[obj]).values()
        if member.replace(".", "_") not in members:   # nested members are joined with _ (dbginfo.py)
            close = difflib.get_close_matches(member, sorted(members), n=1)
            raise p.error(f"'{obj}' has no data member '{member}' (pragma HLS {p.kind})",
                          f"did you mean '{obj}.{close[0]}'?" if close else
                          f"the data members of '{obj}': " + ", ".join(sorted(members)[:12]) if members else
                          f"'{obj}' is not a struct or class object: name the variable alone")
        return
    if var not in variables:
        close = difflib.get_close_matches(str(var), sorted(variables), n=1)
        raise p.error(f"unknown variable '{var}' in pragma HLS {p.kind}",
                      f"did you mean '{close[0]}'?" if close else "name a parameter or a variable of this function")


def variables_in_scope(dbg: DebugInfo, mod: LLModule, fn_name: str) -> dict[str, str | None]:
    """Name → DI type of the local variables and parameters of a function, of global variables and
    (a method) of the data members of its class (their type None)."""
    fn = mod.functions[fn_name]
    names: dict[str, str | None] = {}
    for text in mod.metadata.values():
        if text.startswith("!DIGlobalVariable(") or text.startswith("distinct !DIGlobalVariable("):
            fields = meta_fields(text)
            names[fields.get("name", '""').strip('"')] = fields.get("type")
    for ref, text in mod.metadata.items():
        if not text.startswith("!DILocalVariable("):
            continue
        f = dbg.fields(ref)
        scope = f.get("scope")
        for _ in range(50):
            if scope is None or scope == fn.dbg:
                break
            if dbg.node_kind(scope) == "DISubprogram":
                scope = None
                break
            scope = dbg.fields(scope).get("scope")
        if scope == fn.dbg:
            names[f.get("name", '""').strip('"')] = f.get("type")
    # a method: the data members of its class and of the classes it derives from (directives on
    # member arrays, import_memory.py)
    cls = dbg.fields(fn.dbg).get("scope")
    if cls and dbg.node_kind(cls) == "DICompositeType":
        for member in dbg.member_names(cls).values():
            names.setdefault(member, None)
    return names


__all__ = ["Attached", "attach_pragmas", "check_variable", "function_ranges", "variables_in_scope"]
