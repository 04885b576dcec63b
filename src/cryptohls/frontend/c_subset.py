"""The C subset, checked on the -O0 IR before anything is rewritten: the top function exists, and its
call tree has no floats, recursion through calls that stay, function pointers, inline assembly,
integer-to-pointer casts, unknown builtins or dynamic allocation; variable-length arrays are checked after
opt (check_vla). Each refusal is one located error (file:line of the construct)."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.interface import STREAM_CHECK
from cryptohls.frontend.library_calls import DroppedCall, is_program_exit, is_stdio_output, result_type
from cryptohls.frontend.llparse import LLFunction, LLModule
from cryptohls.frontend.print_only import print_only_code

ALLOC_FUNCTIONS = {"malloc", "calloc", "realloc", "free", "_Znwm", "_Znam", "_ZdlPv", "_ZdaPv", "_ZdlPvm",
                   "_ZdaPvm", "aligned_alloc", "posix_memalign"}
FLOAT_RE = re.compile(r"\b(float|double|half|x86_fp80|fp128|bfloat)\b")
STRING_RE = re.compile(r'c"(?:[^"\\]|\\.)*"')
FLOAT_OPS = {"fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp", "fptoui", "fptosi", "uitofp", "sitofp",
             "fpext", "fptrunc"}


def find_top(mod: LLModule, dbg: DebugInfo, top: str, src: Path) -> LLFunction:
    for fn in mod.functions.values():
        if fn.is_declaration:
            continue
        if fn.name.strip('@"') == top or dbg.subprogram_name(fn.dbg) == top:
            return fn
    names = sorted({dbg.subprogram_name(f.dbg) or f.name.strip("@") for f in mod.functions.values()
                    if not f.is_declaration})
    close = difflib.get_close_matches(top, names, n=1)
    raise UserError(f"top function '{top}' not found", file=str(src), line=1, col=1,
                    hint=f"did you mean '{close[0]}'?" if close else
                    ("defined functions: " + ", ".join(names) if names else "the file defines no function"))


def located_error(dbg: DebugInfo, ref: str | None, src: Path, message: str, hint: str | None = None) -> UserError:
    loc = dbg.loc(ref)
    if loc:
        return UserError(message, file=loc.file, line=loc.line, col=loc.col, hint=hint)
    return UserError(message, file=str(src), hint=hint)


SUPPORTED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
                        "llvm.memcpy.", "llvm.memset.", "llvm.memmove.", "llvm.fshl.", "llvm.fshr.", "llvm.umin.",
                        "llvm.umax.", "llvm.smin.", "llvm.smax.", "llvm.abs.", "llvm.bswap.", "llvm.bitreverse.",
                        "llvm.ctpop.", "llvm.expect.", "llvm.sideeffect", "llvm.ctlz.", "llvm.cttz.",
                        "llvm.uadd.sat.", "llvm.usub.sat.", "llvm.sadd.sat.", "llvm.ssub.sat.",
                        "llvm.stacksave", "llvm.stackrestore")   # a VLA's scope: see check_vla


def _source_word(dbg: DebugInfo, ref: str | None) -> str | None:
    """The identifier at an instruction's source location (e.g. the builtin's name)."""
    loc = dbg.loc(ref)
    if not loc:
        return None
    try:
        line = Path(loc.file).read_text(errors="replace").splitlines()[loc.line - 1]
    except (OSError, IndexError):
        return None
    m = re.match(r"[A-Za-z_]\w*", line[max(0, loc.col - 1):])
    return m.group(0) if m else None


def _first_located(dbg: DebugInfo, instrs) -> object:
    located = [i for i in instrs if dbg.loc(i.dbg)]
    return located[0] if located else instrs[0]


def check_supported(mod: LLModule, dbg: DebugInfo, top: LLFunction, src: Path,
                    dropped: list[DroppedCall] | None = None
                    ) -> tuple[list[LLFunction], tuple | None, UserError | None]:
    """Reject floats, recursion, indirect calls, a function pointer used as a value, inline assembly,
    integer-to-pointer casts, unknown intrinsics and dynamic allocation (VLAs: check_vla, after opt);
    returns the functions reachable from the top, the first call that closes a cycle in the call
    graph (or None) and the error for floating point in code that only computes what is printed (or
    None): raised after opt if any of it is left (frontend/print_only.py). stdio output calls are
    collected in ``dropped`` (removed from the hardware)."""
    recursion: tuple | None = None
    printed_floats: UserError | None = None
    print_only = print_only_code(mod)
    dropped = [] if dropped is None else dropped
    top_name = dbg.subprogram_name(top.dbg) or top.name.strip('@"')
    reachable: list[LLFunction] = []
    # globals that hold one function's address (`static void *(*const burn)(...) = memset;`): a call
    # through one is made direct before (const_calls.py); a load left is the pointer used as data
    # (a load whose value is called is refused at the call, below)
    function_pointers = {g for g, gv in mod.globals.items() if gv.type == "ptr" and gv.init in mod.functions}
    stack: list[tuple[LLFunction, list[str]]] = [(top, [top.name])]
    visited: set[str] = set()
    while stack:
        fn, path = stack.pop()
        if fn.name in visited:
            continue
        visited.add(fn.name)
        reachable.append(fn)
        instrs = [ins for bb in fn.blocks for ins in bb.instrs]
        called = {t for ins in instrs if ins.opcode == "call" for k, t in enumerate(ins.tokens[:-1])
                  if t.startswith("%") and ins.tokens[k + 1] == "("}
        floats = [ins for ins in instrs if ins.opcode in FLOAT_OPS or FLOAT_RE.search(" ".join(ins.tokens))]
        printed = [ins for ins in floats if print_only.covers(fn.name, ins)]
        if len(printed) < len(floats):
            raise _float_error(dbg, [ins for ins in floats if not print_only.covers(fn.name, ins)], src)
        if printed and printed_floats is None:
            printed_floats = _float_error(dbg, printed, src)
        for ins in instrs:
            if ins.opcode == "inttoptr":
                raise located_error(dbg, ins.dbg, src, "integer to pointer cast is not supported",
                           "pointers must point into arrays or arguments")
            if ins.opcode == "load" and function_pointers and ins.result not in called:
                held = next((t for k, t in enumerate(ins.tokens[1:], 1)
                             if t in function_pointers and ins.tokens[k - 1] == "ptr"), None)
                if held is not None:
                    raise located_error(dbg, ins.dbg, src, f"the function pointer '{held.strip('@')}' used as a "
                                        "value (compared, stored or passed on) is not supported",
                                        "call the function directly")
            if ins.opcode not in ("call", "invoke", "callbr"):
                continue
            if "asm" in ins.tokens:
                raise located_error(dbg, ins.dbg, src, "inline assembly is not supported", "write the operation in C")
            callee = callee_of(ins.tokens)
            if callee is None:
                raise located_error(dbg, ins.dbg, src, "call through a function pointer is not supported",
                           "call the function directly")
            bare = callee.strip('@"')
            if bare.startswith("llvm."):
                if bare.startswith(SUPPORTED_INTRINSICS):
                    continue
                word = _source_word(dbg, ins.dbg) or bare
                raise located_error(dbg, ins.dbg, src, f"unsupported builtin '{word}' ({bare})",
                           "write the operation with integer arithmetic")
            if bare in ALLOC_FUNCTIONS:
                raise located_error(dbg, ins.dbg, src, f"dynamic memory allocation ('{_pretty(dbg, bare)}') is not "
                                              "supported", "use a fixed-size array")
            if bare == STREAM_CHECK:
                continue   # empty()/full() of hls_stream.h: an operation of the importer
            target = mod.functions.get(callee)
            if target is None or target.is_declaration:
                library_call(dbg, ins, bare, top_name, src, dropped)
                continue
            if callee in path:
                # a cycle in the call graph: fine if inlining + folding removes it (checked after opt)
                if recursion is None:
                    recursion = (dbg.loc(ins.dbg), _pretty(dbg, bare, target))
                continue
            stack.append((target, path + [callee]))
    return reachable, recursion, printed_floats


def _float_error(dbg: DebugInfo, floats: list, src: Path) -> UserError:
    ins = _first_located(dbg, floats)
    if any("x86_fp80" in " ".join(i.tokens) for i in floats):
        return located_error(dbg, ins.dbg, src, "long double (floating-point) is not supported",
                             "use integer or fixed-point types (ap_uint/ap_int)")
    return located_error(dbg, ins.dbg, src, "floating-point arithmetic is not supported",
                         "use integer or fixed-point types (ap_uint/ap_int)")


def floats_left(mod: LLModule, top: str) -> bool:
    """Whether the (optimised) module still holds floating point in what the top reaches: an
    instruction of the top or a function it calls, or the type or initializer (string literals aside)
    of a global they name."""
    todo, seen, named = [top], set(), set()
    while todo:
        fn = mod.functions.get(todo.pop())
        if fn is None or fn.name in seen:
            continue
        seen.add(fn.name)
        for bb in fn.blocks:
            for ins in bb.instrs:
                if ins.opcode in FLOAT_OPS or FLOAT_RE.search(" ".join(ins.tokens)):
                    return True
                named.update(t for t in ins.tokens if t.startswith("@"))
        todo.extend(t for t in named if t in mod.functions and t not in seen)
    return any(FLOAT_RE.search(gv.type) or FLOAT_RE.search(STRING_RE.sub("", gv.init))
               for name, gv in mod.globals.items() if name in named)


def library_call(dbg: DebugInfo, ins, bare: str, top_name: str, src: Path, dropped: list[DroppedCall]) -> None:
    """A call to a function without a body: stdio output is dropped (one warning per call site), a
    program's end is kept for the importer when the top is main; anything else is a located error."""
    name = _pretty(dbg, bare)
    if is_stdio_output(bare):
        loc = dbg.loc(ins.dbg)
        dropped.append(DroppedCall(bare, loc.file if loc else str(src), loc.line if loc else 0, ins.text,
                                   ins.result, result_type(ins.tokens)))
        return
    if is_program_exit(bare):
        if top_name == "main":
            return   # frontend/import_calls.py: the call ends (ap_done) with the status on ap_return
        if bare == "__assert_fail":
            what, hint = "assert() that can fail", "-D NDEBUG leaves assertions out, as in a release build"
        else:
            what, hint = f"call to '{name}'", "report the error through an output or the return value"
        raise located_error(dbg, ins.dbg, src, f"{what} in the call tree of top '{top_name}': ending the program "
                                      "has no meaning for a hardware block",
                   f"{hint}; or make the whole program the design with --top main, where exit/abort end the "
                   "call with the status on ap_return")
    raise located_error(dbg, ins.dbg, src, f"call to undefined function '{name}': its body is not in the source",
               "only functions defined in the source (or its headers) can be synthesized: define it there, "
               "or call it from the testbench instead")


def check_vla(dbg: DebugInfo, fn: LLFunction, src: Path) -> None:
    """A variable-length array (`uint8_t A[s * rate];`, `int n = 40; uint8_t S[n];`, also `alloca(n)`)
    is checked after opt, not at -O0: one whose size is a constant once the calls are inlined (a whole
    program with fixed inputs, a size held in a local variable) is an ordinary array by then, its
    stacksave/stackrestore without meaning (the importer skips them). A size still unknown there is
    refused where the array is declared."""
    for bb in fn.blocks:
        for ins in bb.instrs:
            if ins.opcode == "alloca" and "," in ins.tokens and not _constant_alloca(ins.tokens):
                raise located_error(dbg, ins.dbg, src, "variable-length array is not supported",
                                    "give the array a size known at compile time")


def _constant_alloca(tokens: list[str]) -> bool:
    """'alloca T, i64 4' has a constant count; 'alloca T, i64 %n' does not ('align N' is fine)."""
    k = tokens.index(",")
    rest = tokens[k + 1:]
    if rest and rest[0].startswith("align"):
        return True
    return len(rest) < 2 or not rest[1].startswith("%")


def located_ref(dbg: DebugInfo, refs: list[str]) -> str | None:
    """The first of ``refs`` (debug locations) that names a source position."""
    return next((r for r in refs if dbg.loc(r)), None)


def _pretty(dbg: DebugInfo, bare: str, fn: LLFunction | None = None) -> str:
    if fn is not None:
        return dbg.subprogram_name(fn.dbg) or bare
    return {"_Znwm": "new", "_Znam": "new[]", "_ZdlPv": "delete", "_ZdaPv": "delete[]"}.get(bare, bare)


def callee_of(tokens: list[str]) -> str | None:
    """The callee of a call: the first @name or %name directly followed by '('."""
    for i, t in enumerate(tokens[:-1]):
        if tokens[i + 1] == "(" and (t.startswith("@") or t.startswith("%")):
            return t if t.startswith("@") else None
    return None


__all__ = ["callee_of", "check_supported", "find_top", "floats_left", "located_error", "located_ref"]
