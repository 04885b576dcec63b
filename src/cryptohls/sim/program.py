"""Whole programs as tops (issue 20 item 3): `--top main` (or any top without arguments that works on
globals) in csim and cosim with no separate testbench.

The program's result is its *final state*: the top's return value (main's is the exit status, also when
`exit(code)` or `abort()` ends it) and every global the hardware writes. Both runs write that state to
`$CRYPTOHLS_PROGRAM_STATE` as text lines, which `compare_states` compares:

    return 0x0
    global state+0[3] 0x1b

- The native run links the source with a generated harness that ``#include``s it (main renamed to
  ``cryptohls_program_main``) and reads each global from C memory at exit (``on_exit``, and a SIGABRT
  handler for abort), at the offsets the compiler's report gives (hls/report.py "program").
- The RTL run is the usual cosim wrapper (main itself is then the Verilated top's wrapper); at the end
  of the call the runtime reads each global's register file or RAM from the Verilated model (verilated
  with ``--public-flat-rw``: the RTL gains no ports) — ``state_source`` below.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from cryptohls.errors import UserError
from cryptohls.frontend.library_calls import ABORT_STATUS
from cryptohls.frontend.signature import Signature
from cryptohls.sim.csim import external_data, is_cxx, symbol_names
from cryptohls.sim.verilator_names import verilator_name

STATE_ENV = "CRYPTOHLS_PROGRAM_STATE"
PROGRAM_MAIN = "cryptohls_program_main"
MISMATCH_STATUS = 1   # cosim's exit status when the RTL's final state differs from the native run's


@dataclass(frozen=True)
class ProgramGlobal:
    """One memory of a global, as hls/report.py "program" describes it."""
    name: str       # the C global
    offset: int     # bytes from the global's start to element 0 of this memory (a struct field)
    stride: int     # bytes between elements
    nbytes: int     # bytes of one element in C
    width: int      # bits of one element in the RTL
    depth: int
    kind: str       # "regs" (one flat vector) or "ram" (an array)
    signal: str     # the Verilog signal holding it

    @property
    def label(self) -> str:
        return f"{self.name}+{self.offset}"

    @classmethod
    def from_report(cls, entry: dict) -> "ProgramGlobal":
        return cls(entry["name"], int(entry["offset"]), int(entry["stride"]), int(entry["bytes"]),
                   int(entry["width"]), int(entry["depth"]), entry["kind"], entry["signal"])


@dataclass(frozen=True)
class StateNames:
    """Of a program in several files, the globals its native harness can read: those the top's file
    names (its own, static ones too, and those it uses from other files), and, of C, the other files'
    external variables, reached by their linker names (``aliased``). Another file's static variable is
    out of reach, so it is not part of the compared state."""
    named: frozenset[str]
    aliased: frozenset[str]

    @classmethod
    def of(cls, top_file: Path, top_object: Path, other_objects: Sequence[Path]) -> "StateNames":
        named = frozenset(symbol_names(top_object))
        if is_cxx(top_file):   # C++ linker names are mangled: the top's file's own names only
            return cls(named, frozenset())
        return cls(named, frozenset(set().union(*map(external_data, other_objects)) - named))


def program_globals(report: dict, names: StateNames | None = None) -> list[ProgramGlobal]:
    """The globals of the final state (of a program in several files, those ``names`` reach)."""
    return [g for g in map(ProgramGlobal.from_report, report.get("program", {}).get("globals", []))
            if names is None or g.name in names.named or g.name in names.aliased]


def check_program_top(sig: Signature, src: Path) -> None:
    """A whole program's top takes no arguments and returns void or an integer of at most 64 bits."""
    if sig.params:
        line, col = _definition(src, sig.name)
        raise UserError(f"top '{sig.name}' takes arguments, so it needs a testbench to call it",
                        file=src, line=line, col=col,
                        hint="give one with --tb TB; without --tb the top must be a whole program: "
                             "`int main(void)` or a function without parameters that works on globals")


def _definition(src: Path, name: str) -> tuple[int, int]:
    """Where ``name(`` first appears at the start of a definition-like line (else the file's start)."""
    pattern = re.compile(rf"\b{re.escape(name)}\s*\(")
    for number, text in enumerate(src.read_text(errors="replace").splitlines(), 1):
        m = pattern.search(text)
        if m and not text.lstrip().startswith(("//", "*", "/*")) and not text.rstrip().endswith(";"):
            return number, m.start() + 1
    return 1, 1


# the state printer both runs share (package data, as the cosim runtime)
_HEX_C = f"#include {json.dumps(str(Path(__file__).with_name('runtime') / 'chls_hex.h'))}"


def _words(bits: int) -> int:
    return max(1, (bits + 31) // 32)


# C: getenv and on_exit declared here, not by <stdlib.h>, which brings glibc's <sys/types.h> and its
# u_int64_t, a name programs for other systems typedef themselves (SUPERCOP's pi-Cipher: `unsigned long
# long`); both declarations are glibc's own, so a program that includes <stdlib.h> agrees with them.
# C++ keeps the header (its declarations are noexcept there, which a plain redeclaration would contradict).
_STDLIB_DECLARATIONS = {False: ["char *getenv(const char *);", "int on_exit(void (*)(int, void *), void *);"],
                        True: ["#include <stdlib.h>"]}


def native_harness_source(src: Path, sig: Signature, globals_: list[ProgramGlobal], ret_width: int,
                          aliased: frozenset[str] = frozenset()) -> str:
    """C (or C++, matching the source) that runs the program natively and writes its final state.
    ``aliased``: variables of the program's other files that SRC does not name, declared here under a
    name of the harness's own bound to their linker name (SRC's headers may declare them with their type)."""
    is_main = sig.name == "main"
    reads = []
    for g in globals_:
        where = f"chls_ext_{g.name}" if g.name in aliased else g.name
        reads += [f"  for (int chls_i = 0; chls_i < {g.depth}; chls_i++) {{",
                  f"    chls_u32 chls_w[{_words(8 * g.nbytes)}] = {{0}};",
                  f"    memcpy(chls_w, (const char *)&{where} + {g.offset} + (size_t)chls_i * {g.stride}, {g.nbytes});",
                  f'    fprintf(chls_f, "global {g.label}[%d] ", chls_i);',
                  f"    chls_hex(chls_f, chls_w, {g.width});",
                  "  }"]
    if is_main:
        run = [f"  return {PROGRAM_MAIN}();"]
    elif sig.return_type.strip() == "void":
        run = [f"  {sig.name}();", "  return 0;"]
    else:
        run = [f"  chls_ret = (chls_u64)({sig.name}());", "  return 0;"]
    lines = [
        f"/* whole-program harness for {sig.name}: generated by cryptohls (src/cryptohls/sim/program.py). */",
        f"#define main {PROGRAM_MAIN}",   # another top: the source's own main, if any, is not called
        f"#include {json.dumps(str(src))}",
        "#undef main",
        "#include <signal.h>", "#include <stdio.h>", "#include <string.h>",   # not <stdint.h>: chls_hex.h
        *_STDLIB_DECLARATIONS[is_cxx(src)],
        _HEX_C,
        *(f'extern char chls_ext_{name} __asm__("{name}");' for name in sorted({g.name for g in globals_} & aliased)),
        "static chls_u64 chls_ret = 0;",
        "static void chls_write_state(int chls_status, void *chls_unused) {",
        "  (void)chls_unused;",
        f'  const char *chls_path = getenv("{STATE_ENV}");',
        "  if (!chls_path) return;",
        '  FILE *chls_f = fopen(chls_path, "w");',   # names the program's globals cannot shadow
        "  if (!chls_f) return;",
        *(["  chls_u32 chls_r[2] = {(chls_u32)chls_ret, (chls_u32)(chls_ret >> 32)};",
           *(["  chls_r[0] = (chls_u32)chls_status; chls_r[1] = 0;"] if is_main else []),
           '  fputs("return ", chls_f);', f"  chls_hex(chls_f, chls_r, {ret_width});"] if ret_width else
          ["  (void)chls_status; (void)chls_ret;"]),
        *reads,
        "  fclose(chls_f);",
        "}",
        "static void chls_on_abort(int sig) {",
        f"  chls_write_state({ABORT_STATUS}, 0);   /* 128 + SIGABRT, as the RTL run returns it */",
        "  signal(sig, SIG_DFL);",
        "  raise(sig);",
        "}",
        "int main(void) {",
        "  on_exit(chls_write_state, 0);",
        "  signal(SIGABRT, chls_on_abort);",
        *run,
        "}",
    ]
    return "\n".join(lines) + "\n"


def driver_source(sig: Signature) -> str:
    """The RTL run's main for a top other than main: call it once (the wrapper writes the state)."""
    return "\n".join([f"/* whole-program driver for {sig.name}: generated by cryptohls (src/cryptohls/sim/program.py). */",
                      "#include <stdint.h>",
                      f"{sig.return_type} {sig.name}(void);",
                      f"int main(void) {{ {sig.name}(); return 0; }}", ""])


def state_source(top: str, globals_: list[ProgramGlobal], ret_width: int) -> str:
    """C++ for the cosim runtime: ``chls_program_end``, called by the wrapper at the end of the call,
    writes the return value and each global read from the Verilated model's signals."""
    root = f"g_model->rootp->{verilator_name(top)}__DOT__"
    body = []
    for g in globals_:
        if g.kind == "regs":
            total = g.width * g.depth
            body += ["  {", f"    uint32_t v[{_words(total)}] = {{0}};", f"    chls_take({root}{verilator_name(g.signal)}, v, {total});",
                     f"    for (int i = 0; i < {g.depth}; i++) {{",
                     f"      uint32_t w[{_words(g.width)}] = {{0}};",
                     f"      for (int b = 0; b < {g.width}; b++) {{",
                     f"        const int at = i * {g.width} + b;",
                     "        if ((v[at / 32] >> (at % 32)) & 1u) w[b / 32] |= 1u << (b % 32);",
                     "      }",
                     f'      fprintf(f, "global {g.label}[%d] ", i);',
                     f"      chls_hex(f, w, {g.width});",
                     "    }", "  }"]
        else:
            body += [f"  for (int i = 0; i < {g.depth}; i++) {{",
                     f"    uint32_t w[{_words(g.width)}] = {{0}};",
                     f"    chls_take({root}{verilator_name(g.signal)}[i], w, {g.width});",
                     f'    fprintf(f, "global {g.label}[%d] ", i);',
                     f"    chls_hex(f, w, {g.width});",
                     "  }"]
    ret = ['  fputs("return ", f);', "  uint32_t r[2] = {(uint32_t)ret, (uint32_t)(ret >> 32)};",
           f"  chls_hex(f, r, {ret_width});"] if ret_width else ["  (void)ret;"]
    return "\n".join([
        f'#include "V{top}___024root.h"',
        _HEX_C,
        'extern "C" void chls_program_end(uint64_t ret) {',
        f'  const char *path = getenv("{STATE_ENV}");',
        "  if (!path) return;",
        '  FILE *f = fopen(path, "w");',
        "  if (!f) return;",
        *ret,
        *body,
        "  fclose(f);",
        "}", ""])


def read_state(path: Path) -> dict[str, str]:
    """A state file as {key: value}: "return" and "global NAME+OFFSET[i]"."""
    if not path.is_file():
        return {}
    state = {}
    for line in path.read_text().splitlines():
        key, _, value = line.rpartition(" ")
        if key:
            state[key] = value
    return state


def compare_states(native: dict[str, str], rtl: dict[str, str]) -> list[str]:
    """One line per difference between the native and the RTL final state."""
    out = []
    for key in sorted(set(native) | set(rtl)):
        a, b = native.get(key, "missing"), rtl.get(key, "missing")
        if a != b:
            out.append(f"{key}: native {a}, RTL {b}")
    return out
