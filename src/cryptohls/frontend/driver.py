"""Runs clang-19 and opt-19: C/C++ → LLVM IR at -O0 (with debug info), then the fixed HLS pipeline."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.const_calls import direct_calls
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.libc_bodies import supply_bodies
from cryptohls.frontend.link_calls import match_calls
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.signature import Preprocessed, clang_error

CLANG = "clang-19"
OPT = "opt-19"
LLVM_LINK = "llvm-link-19"
O0_FLAGS = ["-O0", "-Xclang", "-disable-O0-optnone", "-g", "-fno-discard-value-names", "-w", "-fno-exceptions",
            "-emit-llvm", "-S"]
# the compiler's own headers (ap_int.h, hls_stream.h, ...), package data of cryptohls (so a pip install
# has them): on every compile's include path, last
REPO_INCLUDE = Path(__file__).resolve().parents[1] / "include"

# Fixed pipeline: inline everything, promote memory to registers, clean up, rotate loops and unroll the
# loops whose metadata asks for it (pragma). No vectorization. The loop table gives every other loop of
# the user's files `llvm.loop.unroll.disable`; a loop without loop metadata (a `goto` loop, a loop of an
# #included file without pragmas) is still partially unrolled by loop-unroll<O2>'s cost model (x86's
# partial threshold; -unroll-threshold=0 stops only full unrolling). Branch unroll27 stops that; not
# merged: tests/perf's AES programs, whose aes_common.h loops it keeps rolled, take 299 cycles more a call.
OPT_PIPELINE = ",".join([
    # each function's own allocas promoted before the first inlining (as LLVM's CGSCC pipeline
    # simplifies callees before inlining them): otherwise every ap_uint/ap_bit_ref helper lands in its
    # caller unsimplified and the first SROA faces one function with ~140,000 allocas (aes_type3: opt
    # 11.2 -> 4.4 s CPU; docs/benchmarks.md)
    "function(sroa)",
    # inlining is repeated after simplification: calls in mutually recursive helpers (e.g. a shift by
    # a signed amount that calls the opposite shift) vanish once constant arguments fold
    "always-inline",
    "function(sroa,early-cse,instcombine,simplifycfg)",
    "always-inline",
    "function(sroa,early-cse,instcombine,simplifycfg)",
    "always-inline",
    "function(sroa,early-cse,instcombine,simplifycfg,memcpyopt,sroa,instcombine,"
    "loop-simplify,lcssa,loop-rotate,loop-unroll-full,loop-unroll<O2>,"
    "sroa,instcombine,gvn,memcpyopt,sroa,instcombine,simplifycfg,adce,instcombine,simplifycfg)",
    "globaldce",
])
# opt-19 checks that each instcombine run reaches a fixpoint and aborts otherwise ("did not reach a
# fixpoint"); large modules (DATAFLOW processes) can need a second run, which the pipeline has anyway
OPT_PIPELINE = OPT_PIPELINE.replace("instcombine", "instcombine<no-verify-fixpoint>")
OPT_FLAGS = ["-pragma-unroll-threshold=1000000", "-pragma-unroll-full-max-iterations=100000",
             "-unroll-threshold=0"]


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise UserError(f"'{name}' not found on PATH", hint="install clang-19 and llvm-19 (apt)")
    return path


def language_flags(src: Path, include_dirs: tuple = (), defines: tuple = ()) -> list[str]:
    """The language, -I and -D flags of the compile (also used to preprocess: frontend/signature.py)."""
    cmd = ["-std=c++17", "-fno-rtti", "-fno-threadsafe-statics"] if src.suffix in (".cpp", ".cc", ".cxx", ".C") else ["-std=gnu11"]
    cmd += [f"-I{d}" for d in include_dirs]
    cmd += [f"-D{d}" for d in defines]
    return cmd


def preprocess(src: Path, include_dirs: tuple = (), defines: tuple = (), more_sources: Sequence[Path] = ()) -> Preprocessed:
    """The translation unit after the preprocessor, with the compile's flags; with ``more_sources``, all
    of them merged (a header's lines once)."""
    units = [Preprocessed.run(_tool(CLANG), ["-Wno-unknown-pragmas", *language_flags(unit, include_dirs, defines)],
                              unit) for unit in [src, *more_sources]]
    return units[0] if not more_sources else Preprocessed.merged(units)


def clang_o0(src: Path, out_ll: Path, include_dirs: tuple = (), defines: tuple = (),
             more_sources: Sequence[Path] = (), warnings: list[str] | None = None) -> str:
    """Compile ``src`` to unoptimised LLVM IR (optnone disabled so opt may transform it); with
    ``more_sources``, each translation unit on its own and the modules linked into one (llvm-link: a
    static function of each file stays its own, renamed where two files use one name, as a native link
    keeps them apart; a call whose types differ from the definition's: link_calls.py, its warnings into
    ``warnings``).
    Without warnings (-w): nobody reads them (only an error is reported, and the errors stay), and clang
    spent a third of this step printing them with their source lines (a Csmith program: 61 warnings,
    0.084 -> 0.057 s of CPU); the IR is the same."""
    sources = [src, *more_sources]
    units = [_clang_unit(unit, out_ll if not more_sources else out_ll.with_suffix(f".{k}.ll"), include_dirs, defines)
             for k, unit in enumerate(sources)]
    if more_sources:
        _link_units(units, out_ll, sources)
        linked = out_ll.read_text()
        matched = match_calls(linked, warnings if warnings is not None else [])
        if matched != linked:
            out_ll.write_text(matched)
    text = out_ll.read_text()
    # calls through a constant function pointer made direct (const_calls.py); library functions called
    # without a body (memcmp; memset through such a pointer) get the compiler's own (libc_bodies.py)
    linked = supply_bodies(direct_calls(text), out_ll.parent, _tool(CLANG), _tool(LLVM_LINK),
                           [*O0_FLAGS, "-std=gnu11"])
    if linked != text:
        out_ll.write_text(linked)
    return linked


def _clang_unit(src: Path, out_ll: Path, include_dirs: tuple, defines: tuple) -> Path:
    cmd = [_tool(CLANG), *O0_FLAGS, "-o", str(out_ll)]
    cmd += language_flags(src, include_dirs, defines)
    cmd.append(str(src))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise clang_error(proc.stderr, src)
    return out_ll


_MULTIPLY_DEFINED_RE = re.compile(r"Linking globals named '([^']+)': symbol multiply defined")


def _link_units(units: list[Path], out_ll: Path, sources: Sequence[Path]) -> None:
    """One module of several translation units' IR; a name two files define is the user's error, as a
    native link would report it, located at the second definition when it is a function."""
    proc = subprocess.run([_tool(LLVM_LINK), "-S", "-o", str(out_ll), *map(str, units)],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        return
    twice = _MULTIPLY_DEFINED_RE.search(proc.stderr)
    if twice is None:
        raise UserError(f"the source files do not link: {proc.stderr.strip()[:300]}", file=str(sources[0]))
    symbol, where, name = twice.group(1), None, twice.group(1)
    definitions = 0
    for unit in units:
        mod = parse_module(unit.read_text())
        fn = mod.functions.get(f"@{symbol}")
        if fn is not None and not fn.is_declaration and fn.dbg:
            dbg = DebugInfo(mod)
            name, definitions = dbg.subprogram_name(fn.dbg) or symbol, definitions + 1
            if definitions == 2:
                where = dbg.variable_loc(fn.dbg)
    raise UserError(f"'{name}' is defined in more than one of the source files",
                    file=where.file if where else str(sources[0]), line=where.line if where else None,
                    col=where.col if where else None,
                    hint="make all but one definition static, or a declaration (extern)")


# opt's address space is limited to this share of the machine's memory (or $CRYPTOHLS_OPT_MEMORY_GIB):
# a program that inlines and unrolls into more (TACLe's test3: 23 GiB and still growing) then fails on
# its own, with a message, instead of the kernel's OOM killer choosing among the machine's processes
OPT_MEMORY_SHARE = 0.75
OPT_MEMORY_ENV = "CRYPTOHLS_OPT_MEMORY_GIB"
# how opt says it hit the limit (LLVM's handler, C++'s, the loader's); killed by a signal is the same
_OUT_OF_MEMORY = ("out of memory", "bad_alloc", "failed to map segment", "Cannot allocate memory")


def _opt_memory_limit() -> int:
    """Bytes of address space opt may use."""
    given = os.environ.get(OPT_MEMORY_ENV)
    if given:
        try:
            return int(float(given) * 2**30)
        except ValueError:
            raise UserError(f"{OPT_MEMORY_ENV} must be a number of GiB (got '{given}')") from None
    return int(OPT_MEMORY_SHARE * os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))


def run_opt(in_ll: Path, out_ll: Path, src: Path | None = None) -> str:
    """opt's fixed pipeline on ``in_ll``; ``src`` names the program in its messages."""
    limit = _opt_memory_limit()
    cmd = [_tool(OPT), "-S", f"-passes={OPT_PIPELINE}", *OPT_FLAGS, str(in_ll), "-o", str(out_ll)]
    # the limit set by the shell that execs opt (not preexec_fn: compiles also run in threads)
    proc = subprocess.run(["/bin/sh", "-c", 'ulimit -v "$0" && exec "$@"', str(limit // 1024), *cmd],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        if proc.returncode < 0 or any(sign in proc.stderr for sign in _OUT_OF_MEMORY):
            raise UserError(f"opt-19 ran out of memory ({limit / 2**30:.2f} GiB) optimising the program, inlined into "
                            f"its top: it holds more code than this machine can optimise at once",
                            file=str(src or in_ll),
                            hint=f"INLINE off on large functions keeps each a module of its own; {OPT_MEMORY_ENV} "
                                 f"sets the limit")
        raise UserError(f"opt failed: {proc.stderr.strip()[:300]}", file=str(in_ll))
    return out_ll.read_text()
