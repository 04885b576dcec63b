"""Work on the -O0 IR before optimisation: reject unsupported C, attach pragmas to functions and
loops by source position, and rewrite loop metadata / inline attributes so that opt unrolls exactly
the loops the user asked for and inlines every call."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend import node_split
from cryptohls.frontend.dbginfo import CLoc, DebugInfo
from cryptohls.frontend.interface import STREAM_CHECK
from cryptohls.frontend.library_calls import DroppedCall, drop_calls, is_program_exit, is_stdio_output, result_type
from cryptohls.frontend.llparse import LLFunction, LLModule, meta_fields, parse_module
from cryptohls.frontend.node_split import SplitReport
from cryptohls.frontend.pragmas import Pragma

ALLOC_FUNCTIONS = {"malloc", "calloc", "realloc", "free", "_Znwm", "_Znam", "_ZdlPv", "_ZdaPv", "_ZdlPvm",
                   "_ZdaPvm", "aligned_alloc", "posix_memalign"}
FLOAT_RE = re.compile(r"\b(float|double|half|x86_fp80|fp128|bfloat)\b")
FLOAT_OPS = {"fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp", "fptoui", "fptosi", "uitofp", "sitofp",
             "fpext", "fptrunc"}


@dataclass
class LoopInfo:
    start: CLoc
    end: CLoc
    function: str
    pragmas: list[Pragma] = field(default_factory=list)
    name: str = ""
    key: str = ""            # str(line), or "LINE:COL" / "FILE:LINE:COL" when loops share the line
    c_function: str = ""     # the C/C++ name of ``function`` (``aesKey::addRoundKey``): the report's loop rows

    def encloses(self, line: int, col: int) -> bool:
        return (self.start.line, self.start.col) <= (line, col) <= (self.end.line, self.end.col)


@dataclass
class Prepared:
    top_ll: str                       # LLVM name of the top function, e.g. "@top"
    ll_text: str                      # rewritten -O0 IR
    function_pragmas: dict[str, list[Pragma]]
    loops: dict[str, LoopInfo]        # loop key (LoopInfo.key, ir.analysis.loop_key) -> loop
    variable_pragmas: list[Pragma]    # ARRAY_PARTITION/RESHAPE/BIND_STORAGE/RESOURCE/INTERFACE/...
    warnings: list[str]
    recursion: tuple | None = None    # (CLoc, name) of a recursive call seen at -O0
    loop_at: dict[tuple[str, int, int], LoopInfo] = field(default_factory=dict)   # (real file, line, col)
    functions: list[str] = field(default_factory=list)   # C names of the functions reachable from the top
    kept_calls: dict[str, str] = field(default_factory=dict)   # INLINE off: LLVM name -> C name (sub-modules)
    dataflow: bool = False            # DATAFLOW on the top: its calls are processes, its local streams FIFOs


def find_top(mod: LLModule, dbg: DebugInfo, top: str, src: Path) -> LLFunction:
    for fn in mod.functions.values():
        if fn.is_declaration:
            continue
        if fn.name.strip('@"') == top or dbg.subprogram_name(fn.dbg) == top:
            return fn
    names = sorted({dbg.subprogram_name(f.dbg) or f.name.strip("@") for f in mod.functions.values()
                    if not f.is_declaration})
    import difflib
    close = difflib.get_close_matches(top, names, n=1)
    raise UserError(f"top function '{top}' not found", file=str(src), line=1, col=1,
                    hint=f"did you mean '{close[0]}'?" if close else
                    ("defined functions: " + ", ".join(names) if names else "the file defines no function"))



def _err(dbg: DebugInfo, ref: str | None, src: Path, message: str, hint: str | None = None) -> UserError:
    loc = dbg.loc(ref)
    if loc:
        return UserError(message, file=loc.file, line=loc.line, col=loc.col, hint=hint)
    return UserError(message, file=str(src), hint=hint)


SUPPORTED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
                        "llvm.memcpy.", "llvm.memset.", "llvm.memmove.", "llvm.fshl.", "llvm.fshr.", "llvm.umin.",
                        "llvm.umax.", "llvm.smin.", "llvm.smax.", "llvm.abs.", "llvm.bswap.", "llvm.bitreverse.",
                        "llvm.ctpop.", "llvm.expect.", "llvm.sideeffect", "llvm.ctlz.", "llvm.cttz.",
                        "llvm.uadd.sat.", "llvm.usub.sat.", "llvm.sadd.sat.", "llvm.ssub.sat.")


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
                    dropped: list[DroppedCall] | None = None) -> tuple[list[LLFunction], tuple | None]:
    """Reject floats, recursion, indirect calls, inline assembly, integer-to-pointer casts, VLAs,
    unknown intrinsics and dynamic allocation; returns the functions reachable from the top and the
    first call that closes a cycle in the call graph (or None). stdio output calls are collected in
    ``dropped`` (removed from the hardware)."""
    recursion: tuple | None = None
    dropped = [] if dropped is None else dropped
    top_name = dbg.subprogram_name(top.dbg) or top.name.strip('@"')
    reachable: list[LLFunction] = []
    stack: list[tuple[LLFunction, list[str]]] = [(top, [top.name])]
    visited: set[str] = set()
    while stack:
        fn, path = stack.pop()
        if fn.name in visited:
            continue
        visited.add(fn.name)
        reachable.append(fn)
        instrs = [ins for bb in fn.blocks for ins in bb.instrs]
        floats = [ins for ins in instrs if ins.opcode in FLOAT_OPS or FLOAT_RE.search(" ".join(ins.tokens))]
        if floats:
            ins = _first_located(dbg, floats)
            what = "long double" if any("x86_fp80" in " ".join(i.tokens) for i in floats) else "floating-point"
            raise _err(dbg, ins.dbg, src, f"{what} arithmetic is not supported" if what != "long double" else
                       "long double (floating-point) is not supported",
                       "use integer or fixed-point types (ap_uint/ap_int)")
        for ins in instrs:
            if ins.opcode == "inttoptr":
                raise _err(dbg, ins.dbg, src, "integer to pointer cast is not supported",
                           "pointers must point into arrays or arguments")
            if ins.opcode == "alloca" and "," in ins.tokens and not _constant_alloca(ins.tokens):
                raise _err(dbg, ins.dbg, src, "variable-length array is not supported",
                           "give the array a size known at compile time")
            if ins.opcode not in ("call", "invoke", "callbr"):
                continue
            if "asm" in ins.tokens:
                raise _err(dbg, ins.dbg, src, "inline assembly is not supported", "write the operation in C")
            callee = _callee(ins.tokens)
            if callee is None:
                raise _err(dbg, ins.dbg, src, "call through a function pointer is not supported",
                           "call the function directly")
            bare = callee.strip('@"')
            if bare.startswith("llvm.stacksave") or bare.startswith("llvm.stackrestore"):
                raise _err(dbg, ins.dbg, src, "variable-length array is not supported",
                           "give the array a size known at compile time")
            if bare.startswith("llvm."):
                if bare.startswith(SUPPORTED_INTRINSICS):
                    continue
                word = _source_word(dbg, ins.dbg) or bare
                raise _err(dbg, ins.dbg, src, f"unsupported builtin '{word}' ({bare})",
                           "write the operation with integer arithmetic")
            if bare in ALLOC_FUNCTIONS:
                raise _err(dbg, ins.dbg, src, f"dynamic memory allocation ('{_pretty(dbg, bare)}') is not "
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
    return reachable, recursion


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
        raise _err(dbg, ins.dbg, src, f"{what} in the call tree of top '{top_name}': ending the program "
                                      "has no meaning for a hardware block",
                   f"{hint}; or make the whole program the design with --top main, where exit/abort end the "
                   "call with the status on ap_return")
    raise _err(dbg, ins.dbg, src, f"call to undefined function '{name}': its body is not in the source",
               "only functions defined in the source (or its headers) can be synthesized: define it there, "
               "or call it from the testbench instead")


def _constant_alloca(tokens: list[str]) -> bool:
    """'alloca T, i64 4' has a constant count; 'alloca T, i64 %n' does not ('align N' is fine)."""
    k = tokens.index(",")
    rest = tokens[k + 1:]
    if rest and rest[0].startswith("align"):
        return True
    return len(rest) < 2 or not rest[1].startswith("%")


def make_reducible(ll_text: str, dbg: DebugInfo, fns: list[LLFunction],
                   src: Path) -> tuple[str, list[SplitReport]]:
    """Irreducible control flow (a `goto` into a loop) made reducible by node splitting
    (frontend/node_split.py); a jump whose loop would need too many copies is refused at the jump."""
    reports = []
    for fn in fns:
        try:
            ll_text, report = node_split.make_reducible(ll_text, fn.name)
        except node_split.SplitTooLarge as e:
            raise _err(dbg, _located(dbg, e.where), src,
                       f"jump into the middle of a loop: making it reducible would copy {e.copied} "
                       f"instructions (the limit is {e.budget})",
                       "restructure the loop so that it is entered only through its header") from None
        except node_split.SplitUnsupported as e:
            raise _err(dbg, _located(dbg, e.where), src,
                       f"jump into the middle of a loop that cannot be copied: {e.reason}",
                       "restructure the loop so that it is entered only through its header") from None
        if report is not None:
            reports.append(report)
    return ll_text, reports


def _located(dbg: DebugInfo, refs: list[str]) -> str | None:
    return next((r for r in refs if dbg.loc(r)), None)


def _pretty(dbg: DebugInfo, bare: str, fn: LLFunction | None = None) -> str:
    if fn is not None:
        return dbg.subprogram_name(fn.dbg) or bare
    return {"_Znwm": "new", "_Znam": "new[]", "_ZdlPv": "delete", "_ZdaPv": "delete[]"}.get(bare, bare)


def _callee(tokens: list[str]) -> str | None:
    """The callee of a call: the first @name or %name directly followed by '('."""
    for i, t in enumerate(tokens[:-1]):
        if tokens[i + 1] == "(" and (t.startswith("@") or t.startswith("%")):
            return t if t.startswith("@") else None
    return None


def real_path(path: str) -> str:
    """The resolved path: files are compared, and loops identified, by it."""
    try:
        return str(Path(path).resolve())
    except OSError:
        return path


_real = real_path


def function_ranges(mod: LLModule, dbg: DebugInfo, fns: list[LLFunction]) -> dict[str, tuple[str, int, int]]:
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


def _loop_label(lines: list[str], line: int) -> str | None:
    """The C label of the loop at ``line``: on its own line (``L: for``) or alone on the line
    before it (``L:`` then ``for``, as clang-format writes it)."""
    if line > len(lines):
        return None
    same = re.match(r"^\s*([A-Za-z_]\w*)\s*:(?!:)", lines[line - 1])
    if same:
        return same.group(1)
    before = line - 2
    while before >= 0 and not lines[before].strip():
        before -= 1
    alone = re.match(r"^\s*([A-Za-z_]\w*)\s*:\s*$", lines[before]) if before >= 0 else None
    return alone.group(1) if alone and alone.group(1) not in ("public", "private", "protected", "default") else None


def prepare(ll_text: str, mod: LLModule, top: str, src: Path, pragmas: list[Pragma],
            user_file: Callable[[str], bool] | None = None) -> Prepared:
    """``user_file(path)``: whether a function defined in that file is the user's (the source or a
    header of theirs, not a system header nor the compiler's include/): only those become DATAFLOW
    processes. Without it, the source alone."""
    dbg = DebugInfo(mod)
    top_fn = find_top(mod, dbg, top, src)
    dropped: list[DroppedCall] = []
    fns, recursion = check_supported(mod, dbg, top_fn, src, dropped)
    split_warnings: list[str] = []
    ll_text, splits = make_reducible(ll_text, dbg, fns, src)
    for rep in splits:
        loc = dbg.loc(_located(dbg, rep.where))
        where = f"{loc.file}:{loc.line}: " if loc else f"{src}: "
        split_warnings.append(where + f"a jump into a loop: {rep.copied} instructions copied so "
                              "that the loop has one entry (node splitting)")
    if splits:   # read again: the copies are blocks (and loops) of their own
        mod = parse_module(ll_text)
        dbg = DebugInfo(mod)
        top_fn = mod.functions[top_fn.name]
        fns = [mod.functions[f.name] for f in fns]
        dropped = []   # the copies hold stdio call sites of their own
        check_supported(mod, dbg, top_fn, src, dropped)
    ranges = function_ranges(mod, dbg, fns)
    src_real = _real(str(src))
    # pragmas may sit in the source or in its local headers: everything is matched by (file, line)
    user_files = {src_real} | {_real(p.file) for p in pragmas}

    def same_file(a: str) -> bool:
        return _real(a) == src_real
    is_user = user_file or same_file
    # DATAFLOW on the top, or on a function the top reaches through calls that only forward (Vitis
    # accepts a region below the top): that function's calls become the processes
    region = dataflow_region(top_fn, fns, pragmas, ranges, is_user)

    # loops: the !llvm.loop node of each loop's latch branch carries its start/end location; a loop is
    # identified by (file, line, column), so two loops starting on one line stay two loops
    by_pos: dict[tuple[str, int, int], LoopInfo] = {}
    md_by_pos: dict[tuple[str, int, int], list[str]] = {}
    for fn in fns:
        for bb in fn.blocks:
            for ins in bb.instrs:
                if ins.loop_md:
                    rng = dbg.loop_range(ins.loop_md)
                    if rng and _real(rng[0].file) in user_files:
                        pos = (_real(rng[0].file), rng[0].line, rng[0].col)
                        by_pos.setdefault(pos, LoopInfo(rng[0], rng[1], fn.name, c_function=_c_name(dbg, fn)))
                        md_by_pos.setdefault(pos, []).append(ins.loop_md)
    file_lines: dict[str, list[str]] = {}
    counters: dict[str, int] = {}   # per function, as Vitis numbers its unlabeled loops
    for pos in sorted(by_pos, key=lambda k: (k[0] != src_real, k)):
        lines = file_lines.setdefault(pos[0], Path(pos[0]).read_text(errors="replace").splitlines())
        line = pos[1]
        label = _loop_label(lines, line)
        if label:
            by_pos[pos].name = label
        else:
            fn_name = by_pos[pos].function
            counters[fn_name] = counters.get(fn_name, 0) + 1
            by_pos[pos].name = f"VITIS_LOOP_{line}_{counters[fn_name]}"
    same_line: dict[int, int] = {}
    same_place: dict[tuple[int, int], int] = {}
    for pos in by_pos:
        same_line[pos[1]] = same_line.get(pos[1], 0) + 1
        same_place[pos[1:]] = same_place.get(pos[1:], 0) + 1
    for pos, lp in by_pos.items():
        lp.key = str(pos[1]) if same_line[pos[1]] == 1 else \
            f"{pos[1]}:{pos[2]}" if same_place[pos[1:]] == 1 else f"{Path(pos[0]).name}:{pos[1]}:{pos[2]}"

    function_pragmas: dict[str, list[Pragma]] = {}
    variable_pragmas: list[Pragma] = []
    warnings: list[str] = split_warnings + list(dict.fromkeys(call.warning() for call in dropped))
    for p in pragmas:
        owner = None
        p_file = _real(p.file)
        for name, (file, first, last) in ranges.items():
            if _real(file) == p_file and first <= p.line <= last:
                if owner is None or first > ranges[owner][1]:
                    owner = name
        if owner is None:
            if p.in_braces:
                continue   # in a body clang did not emit (a helper nothing calls): Vitis ignores it too
            raise p.error(f"pragma HLS {p.kind} is not inside a function", "place it in the function body")
        if p.kind in ("UNROLL", "LOOP_TRIPCOUNT", "PIPELINE", "LOOP_FLATTEN", "LOOP_MERGE"):
            inner = None
            for pos, lp in by_pos.items():
                if lp.function == owner and pos[0] == p_file and lp.encloses(p.line, p.col):
                    if inner is None or (lp.start.line, lp.start.col) > (by_pos[inner].start.line,
                                                                         by_pos[inner].start.col):
                        inner = pos
            if inner is None:
                if p.kind == "PIPELINE":
                    warnings.append(f"{p.file}:{p.line}: PIPELINE on a function is ignored (no pipelining yet)")
                    continue
                raise p.error(f"pragma HLS {p.kind} is not inside a loop body",
                              "put it on the first line inside the loop's braces, as in Vitis HLS")
            named = [f"{k}={v}" for k, v in p.options.items() if p.kind == "LOOP_TRIPCOUNT" and isinstance(v, str)]
            if named and src.suffix == ".c":   # C has no template parameters: a name here is a mistake
                k, v = named[0].split("=")
                raise p.error(f"LOOP_TRIPCOUNT {k} must be an integer (got '{v}')", f"write {k}=N with N an integer >= 0")
            if named:   # C++: a template parameter; the trip count only feeds the report, so nothing else is lost
                warnings.append(f"{p.file}:{p.line}: LOOP_TRIPCOUNT {' '.join(named)} ignored: not an integer "
                                f"(a template parameter or a constant is not resolved; write the number)")
            by_pos[inner].pragmas.append(p)
        elif p.kind in ("INLINE", "EXPRESSION_BALANCE"):
            function_pragmas.setdefault(owner, []).append(p)
            if p.flag("off") and owner == top_fn.name:
                warnings.append(f"{p.file}:{p.line}: INLINE off on the top function has no effect")
        elif p.kind == "DATAFLOW" and region is not None and owner == region.name:
            function_pragmas.setdefault(top_fn.name, []).append(p)   # the region's calls become processes
        elif p.kind == "DATAFLOW":
            warnings.append(f"{p.file}:{p.line}: pragma HLS DATAFLOW ignored: only the top function, or a "
                            f"function the top only forwards its arguments to, can be a DATAFLOW region; its "
                            f"calls run one after another")
        elif p.kind in ("LATENCY", "DEPENDENCE", "STABLE", "ALLOCATION",
                        "BIND_OP", "LOOP_MERGE"):
            warnings.append(f"{p.file}:{p.line}: pragma HLS {p.kind} ignored")
        else:
            p.function = owner
            cls = dbg.fields(mod.functions[owner].dbg).get("scope") if owner in mod.functions else None
            if cls and dbg.node_kind(cls) == "DICompositeType":
                p.method_of = dbg.fields(cls).get("identifier", '""').strip('"')
            _check_variable(p, dbg, mod, owner)
            variable_pragmas.append(p)

    auto_unrolled = _inside_pipelined(by_pos, fns, dbg)
    new_text = _rewrite_loop_metadata(drop_calls(ll_text, dropped), by_pos, md_by_pos, auto_unrolled)
    # the rest of the compiler keys loops by LoopInfo.key (unique: the start line when no other loop
    # starts on that line, in any user file)
    loops: dict[str, LoopInfo] = {by_pos[pos].key: by_pos[pos]
                                  for pos in sorted(by_pos, key=lambda k: (k[0] != src_real, k))}
    new_text = re.sub(r"^(attributes #\d+ = \{.*?)\bnoinline\b", r"\1alwaysinline", new_text, flags=re.M)
    kept = {}
    for f in fns:
        off = next((p for p in function_pragmas.get(f.name, []) if p.kind == "INLINE" and p.flag("off")), None)
        if f.name == top_fn.name or off is None:
            continue
        c_name = dbg.subprogram_name(f.dbg) or f.name.strip('@"')
        if _scalar_signature(f):
            kept[f.name] = module_name(c_name, kept.values())
        else:   # as Vitis would give the same results inlined: a directive on structure, not on function
            warnings.append(f"{off.file}:{off.line}: INLINE off on '{c_name}' ignored: it takes a pointer, "
                            "reference or array argument, or returns an aggregate (a sub-module takes scalar "
                            "arguments and returns an integer); it is inlined")
    dataflow = any(p.kind == "DATAFLOW" for p in function_pragmas.get(top_fn.name, []))
    if dataflow:   # every user function the region calls directly is a process
        for f in _user_callees(region, fns, ranges, is_user):
            kept[f.name] = module_name(dbg.subprogram_name(f.dbg) or f.name.strip('@"'), kept.values())
    new_text = _keep_noinline(new_text, kept)
    for owner, owned in function_pragmas.items():   # balancing is decided per generated module
        for p in owned:
            if p.kind == "EXPRESSION_BALANCE" and owner != top_fn.name and owner not in kept:
                warnings.append(f"{p.file}:{p.line}: pragma HLS EXPRESSION_BALANCE ignored: the function is "
                                f"inlined (it applies to the top, DATAFLOW processes and INLINE off functions)")
    names = [dbg.subprogram_name(f.dbg) or f.name.strip('@"') for f in fns]
    return Prepared(top_fn.name, new_text, function_pragmas, loops, variable_pragmas, warnings, recursion,
                    dict(by_pos), names, kept, dataflow)


def module_name(c_name: str, taken) -> str:
    """A Verilog module name for a sub-module or process: its C name, with what a Verilog identifier
    cannot hold (``split<90>``, ``ns::f``) replaced by '_', made unique among ``taken``."""
    base = re.sub(r"[^A-Za-z0-9_]+", "_", c_name).strip("_") or "process"
    name, k = base, 1
    while name in set(taken):
        k += 1
        name = f"{base}_{k}"
    return name


def _user_callees(fn: LLFunction, fns: list[LLFunction], ranges: dict, is_user: Callable[[str], bool]
                  ) -> list[LLFunction]:
    """The user functions ``fn`` calls directly, in call order (each once)."""
    by_name = {f.name: f for f in fns}
    out: list[LLFunction] = []
    for bb in fn.blocks:
        for ins in bb.instrs:
            f = by_name.get((_callee(ins.tokens) if ins.opcode == "call" else None) or "")
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
        return any(p.kind == "DATAFLOW" and _real(p.file) == _real(file) and first <= p.line <= last
                   for p in pragmas)
    fn, seen = top_fn, set()
    while fn.name not in seen:
        seen.add(fn.name)
        if has_dataflow(fn):
            return fn
        callees = _user_callees(fn, fns, ranges, is_user)
        calls = sum(1 for bb in fn.blocks for ins in bb.instrs
                    if ins.opcode == "call" and any(_callee(ins.tokens) == c.name for c in callees))
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



def _inside_pipelined(by_pos: dict, fns: list[LLFunction], dbg: DebugInfo) -> set:
    """Loops Vitis unrolls fully because they sit inside a PIPELINEd loop (UG1399: pipelining a loop
    unrolls every loop nested in it): loops of the same function inside its source range, and every
    loop of the functions called from that range (transitively; such a helper's loops are unrolled at
    all its call sites, since it is inlined). An explicit UNROLL pragma on the inner loop wins."""
    by_name = {f.name: f for f in fns}

    def callees(f: LLFunction, lines: tuple[str, int, int] | None) -> set[str]:
        out = set()
        for bb in f.blocks:
            for ins in bb.instrs:
                callee = _callee(ins.tokens) if ins.opcode == "call" else None
                if callee not in by_name:
                    continue
                if lines is not None:
                    loc = dbg.loc(ins.dbg)
                    if loc is None or _real(loc.file) != lines[0] or not lines[1] <= loc.line <= lines[2]:
                        continue
                out.add(callee)
        return out
    found: set = set()
    for pos, lp in by_pos.items():
        if not any(p.kind == "PIPELINE" and not p.flag("off") for p in lp.pragmas):
            continue
        span = (pos[0], lp.start.line, lp.end.line)
        for other, inner in by_pos.items():
            if other != pos and inner.function == lp.function and other[0] == pos[0] and \
                    lp.encloses(inner.start.line, inner.start.col) and lp.encloses(inner.end.line, inner.end.col) and \
                    (inner.start.line, inner.start.col) > (lp.start.line, lp.start.col):
                found.add(other)
        work = list(callees(by_name[lp.function], span)) if lp.function in by_name else []
        helpers: set[str] = set()
        while work:
            name = work.pop()
            if name in helpers:
                continue
            helpers.add(name)
            work += callees(by_name[name], None)
        found |= {other for other, inner in by_pos.items() if inner.function in helpers}
    return found


def _rewrite_loop_metadata(text: str, loops: dict, loop_md_of: dict, auto_unrolled: set = frozenset()) -> str:
    nums = [int(m) for m in re.findall(r"^!(\d+) = ", text, flags=re.M)]
    next_id = max(nums, default=0) + 1
    extra: list[str] = []
    node_props: dict[str, str] = {}
    for line, lp in loops.items():
        unroll = [p for p in lp.pragmas if p.kind == "UNROLL" and not p.flag("off")]
        if unroll:
            count = unroll[-1].int_option("factor")   # validated (an integer >= 1) by frontend/pragmas.py
            if count is not None:
                prop = f'!{{!"llvm.loop.unroll.count", i32 {count}}}'
            else:
                prop = '!{!"llvm.loop.unroll.full"}'
        elif line in auto_unrolled and not any(p.kind == "UNROLL" for p in lp.pragmas):
            prop = '!{!"llvm.loop.unroll.full"}'   # nested in a PIPELINEd loop (Vitis unrolls it)
        else:
            prop = '!{!"llvm.loop.unroll.disable"}'
        extra.append(f"!{next_id} = {prop}")
        for md in loop_md_of[line]:
            node_props[md] = f"!{next_id}"
        next_id += 1

    def patch(m: re.Match) -> str:
        ref, body = m.group(1), m.group(2)
        if ref in node_props:
            return f"{ref} = distinct !{{{body}, {node_props[ref]}}}"
        return m.group(0)
    text = re.sub(r"^(!\d+) = distinct !\{(.*)\}$", patch, text, flags=re.M)
    return text + "\n" + "\n".join(extra) + "\n"


def _variables_in_scope(dbg: DebugInfo, mod: LLModule, fn_name: str) -> dict[str, str | None]:
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


def _c_name(dbg: DebugInfo, fn: LLFunction) -> str:
    """A function's C name, a method's with its class (``aesKey::addRoundKey``)."""
    name = dbg.subprogram_name(fn.dbg) or fn.name.strip('@"')
    scope = dbg.fields(fn.dbg).get("scope")
    if scope and dbg.node_kind(scope) == "DICompositeType":
        cls = dbg.fields(scope).get("name", '""').strip('"')
        if cls:
            name = f"{cls}::{name}"
    return name


def _check_variable(p: Pragma, dbg: DebugInfo, mod: LLModule, owner: str) -> None:
    key = "port" if p.kind == "INTERFACE" else "variable"
    var = p.get(key)
    if var in (None, True):
        if p.kind in ("ARRAY_PARTITION", "ARRAY_RESHAPE", "BIND_STORAGE", "RESOURCE") or \
                (p.kind == "INTERFACE" and key == "port"):
            raise p.error(f"pragma HLS {p.kind} needs {key}=NAME")
        return
    if p.kind == "INTERFACE" and var == "return":
        return
    variables = _variables_in_scope(dbg, mod, owner)
    obj, _, member = str(var).partition(".")
    if member and obj in variables:   # `variable=b0.M`: a member of a local object, as Vitis accepts
        members = dbg.member_names(variables[obj]).values()
        if member.replace(".", "_") not in members:   # nested members are joined with _ (dbginfo.py)
            import difflib
            close = difflib.get_close_matches(member, sorted(members), n=1)
            raise p.error(f"'{obj}' has no data member '{member}' (pragma HLS {p.kind})",
                          f"did you mean '{obj}.{close[0]}'?" if close else
                          f"the data members of '{obj}': " + ", ".join(sorted(members)[:12]) if members else
                          f"'{obj}' is not a struct or class object: name the variable alone")
        return
    if var not in variables:
        import difflib
        close = difflib.get_close_matches(str(var), sorted(variables), n=1)
        raise p.error(f"unknown variable '{var}' in pragma HLS {p.kind}",
                      f"did you mean '{close[0]}'?" if close else "name a parameter or a variable of this function")
