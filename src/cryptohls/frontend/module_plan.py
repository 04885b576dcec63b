"""Which functions become modules of their own: INLINE off functions with a scalar signature
(sub-modules) and the processes of a DATAFLOW region; every other function is inlined. The -O0 text is
rewritten for opt accordingly (``noinline`` -> ``alwaysinline``, a kept function's own ``noinline``
attribute group)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cryptohls.frontend.c_subset import callee_of
from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.llparse import LLFunction
from cryptohls.frontend.pragmas import Pragma


@dataclass(frozen=True)
class ModulePlan:
    ll_text: str                # the -O0 text with the inline attributes rewritten
    kept_calls: dict[str, str]  # LLVM name -> Verilog module name of each sub-module or process
    dataflow: bool              # DATAFLOW on the top: its calls are processes, its local streams FIFOs


def plan_modules(ll_text: str, fns: list[LLFunction], top: str, region: LLFunction | None,
                 function_pragmas: dict[str, list[Pragma]], ranges: dict, is_user: Callable[[str], bool],
                 dbg: DebugInfo, warnings: list[str]) -> ModulePlan:
    """``top``: the top's LLVM name; ``region``: the function holding the DATAFLOW region (or None)."""
    new_text = re.sub(r"^(attributes #\d+ = \{.*?)\bnoinline\b", r"\1alwaysinline", ll_text, flags=re.M)
    kept = {}
    for f in fns:
        off = next((p for p in function_pragmas.get(f.name, []) if p.kind == "INLINE" and p.flag("off")), None)
        if f.name == top or off is None:
            continue
        c_name = dbg.subprogram_name(f.dbg) or f.name.strip('@"')
        if _scalar_signature(f):
            kept[f.name] = module_name(c_name, kept.values())
        else:   # as Vitis would give the same results inlined: a directive on structure, not on function
            warnings.append(f"{off.file}:{off.line}: INLINE off on '{c_name}' ignored: it takes a pointer, "
                            "reference or array argument, or returns an aggregate (a sub-module takes scalar "
                            "arguments and returns an integer); it is inlined")
    dataflow = any(p.kind == "DATAFLOW" for p in function_pragmas.get(top, []))
    if dataflow:   # every user function the region calls directly is a process
        for f in user_callees(region, fns, ranges, is_user):
            kept[f.name] = module_name(dbg.subprogram_name(f.dbg) or f.name.strip('@"'), kept.values())
    new_text = _keep_noinline(new_text, kept)
    for owner, owned in function_pragmas.items():   # balancing is decided per generated module
        for p in owned:
            if p.kind == "EXPRESSION_BALANCE" and owner != top and owner not in kept:
                warnings.append(f"{p.file}:{p.line}: pragma HLS EXPRESSION_BALANCE ignored: the function is "
                                f"inlined (it applies to the top, DATAFLOW processes and INLINE off functions)")
    return ModulePlan(new_text, kept, dataflow)


def module_name(c_name: str, taken) -> str:
    """A Verilog module name for a sub-module or process: its C name, with what a Verilog identifier
    cannot hold (``split<90>``, ``ns::f``) replaced by '_', made unique among ``taken``."""
    base = re.sub(r"[^A-Za-z0-9_]+", "_", c_name).strip("_") or "process"
    name, k = base, 1
    while name in set(taken):
        k += 1
        name = f"{base}_{k}"
    return name


def user_callees(fn: LLFunction, fns: list[LLFunction], ranges: dict, is_user: Callable[[str], bool]
                  ) -> list[LLFunction]:
    """The user functions ``fn`` calls directly, in call order (each once)."""
    by_name = {f.name: f for f in fns}
    out: list[LLFunction] = []
    for bb in fn.blocks:
        for ins in bb.instrs:
            f = by_name.get((callee_of(ins.tokens) if ins.opcode == "call" else None) or "")
            if f is not None and f is not fn and f not in out and is_user(ranges.get(f.name, ("", 0, 0))[0]):
                out.append(f)
    return out


def dataflow_region(top_fn: LLFunction, fns: list[LLFunction], pragmas: list[Pragma], ranges: dict,
                    is_user: Callable[[str], bool]) -> LLFunction | None:
    """The function whose body is the DATAFLOW region: the top if it holds the pragma, else the function
    with the pragma at the end of a chain of forwarders from the top (each a single block whose only
    user call is the next: `void top(a, b) { lib::f(b, a); }`; opt inlines them, so the top's body
    becomes the region's). None when no DATAFLOW applies that way."""
    def has_dataflow(f: LLFunction) -> bool:
        if f.name not in ranges:
            return False
        file, first, last = ranges[f.name]
        return any(p.kind == "DATAFLOW" and real_path(p.file) == real_path(file) and first <= p.line <= last
                   for p in pragmas)
    fn, seen = top_fn, set()
    while fn.name not in seen:
        seen.add(fn.name)
        if has_dataflow(fn):
            return fn
        callees = user_callees(fn, fns, ranges, is_user)
        calls = sum(1 for bb in fn.blocks for ins in bb.instrs
                    if ins.opcode == "call" and any(callee_of(ins.tokens) == c.name for c in callees))
        if len(fn.blocks) != 1 or len(callees) != 1 or calls != 1:
            return None
        fn = callees[0]
    return None


def _scalar_signature(fn: LLFunction) -> bool:
    """Integer arguments and an integer or no result: what a sub-module's ports carry (import_calls.py)."""
    integer = re.compile(r"i\d+")
    return all(integer.fullmatch(a.type) for a in fn.args) and \
        (fn.ret_type == "void" or bool(integer.fullmatch(fn.ret_type)))


def _keep_noinline(text: str, kept: dict[str, str]) -> str:
    """INLINE off: the function's definition gets an attribute group of its own with noinline (the shared
    groups were switched to alwaysinline), so opt leaves its calls in place and it becomes a sub-module."""
    if not kept:
        return text
    groups = dict(re.findall(r"^attributes (#\d+) = \{(.*)\}$", text, flags=re.M))
    next_id = max((int(g[1:]) for g in groups), default=0) + 1
    extra = []
    for name in kept:
        m = re.search(r"^define [^\n]*?" + re.escape(name) + r"\([^\n]*?\) [^\n]*?(#\d+)", text, flags=re.M)
        if not m or m.group(1) not in groups:
            continue
        new = f"#{next_id}"
        next_id += 1
        extra.append(f"attributes {new} = {{{groups[m.group(1)].replace('alwaysinline', 'noinline')}}}")
        line = m.group(0)
        text = text.replace(line, line[:m.start(1) - m.start(0)] + new + line[m.end(1) - m.start(0):], 1)
    return text + "\n" + "\n".join(extra) + "\n"


__all__ = ["ModulePlan", "dataflow_region", "module_name", "plan_modules", "user_callees"]
