"""C library calls in synthesised code (issue 20 item 2): stdio output and the program's end.

- stdio output (``printf``, ``fprintf``, ``puts``, ``putchar``, ...) has no hardware meaning: as in
  Vitis HLS, each call site is dropped from the -O0 IR with one warning; C simulation keeps it. A call
  whose result is used reads as 0. The format strings then have no user left, so opt's globaldce
  removes them and they never become memories.
- ``exit(code)`` / ``abort()`` (and a failed ``assert``) end the whole program. In ``main`` as the top
  (a whole program) they end the call: ``ap_done`` with the code on ``ap_return`` — in C,
  ``exit(c)`` anywhere in main's call tree is main returning ``c``; ``abort()`` ends with 134, the
  status a process killed by SIGABRT reports. The importer does this (frontend/import_calls.py);
  anywhere else they are a located error.
"""

from __future__ import annotations

from dataclasses import dataclass

STDIO_OUTPUT = frozenset({"printf", "fprintf", "vprintf", "vfprintf", "dprintf", "puts", "fputs", "putchar",
                          "putc", "fputc", "putchar_unlocked", "fputc_unlocked", "putc_unlocked", "fflush",
                          "perror", "fwrite"})
PROGRAM_EXIT = frozenset({"exit", "_Exit", "quick_exit", "abort", "__assert_fail"})
IGNORED = "ignored in hardware (kept in csim)"   # the end of each dropped call's warning
ABORT_STATUS = 134   # 128 + SIGABRT: what a shell (and `cryptohls csim`) reports for an aborted process


@dataclass(frozen=True)
class DroppedCall:
    """One stdio call site removed from the hardware."""
    function: str
    file: str
    line: int
    text: str          # the instruction's line in the -O0 IR (stripped)
    result: str | None
    result_type: str

    def warning(self) -> str:
        return f"{self.file}:{self.line}: {self.function}() {IGNORED}"


def is_stdio_output(name: str) -> bool:
    return name in STDIO_OUTPUT


def is_program_exit(name: str) -> bool:
    return name in PROGRAM_EXIT


def exit_status(name: str, args: list) -> object | None:
    """The status a program-ending call gives: exit's argument, or ABORT_STATUS (None: use the argument)."""
    return None if name in ("exit", "_Exit", "quick_exit") and args else ABORT_STATUS


def drop_calls(ll_text: str, calls: list[DroppedCall]) -> str:
    """The -O0 IR without the dropped call sites; a used result becomes the constant 0."""
    lines = ll_text.split("\n")
    todo = {c.text: c for c in calls}
    out = []
    for line in lines:
        call = todo.get(line.strip()) if line.startswith("  ") else None
        if call is None:
            out.append(line)
        elif call.result:
            out.append(f"  {call.result} = add {call.result_type} 0, 0")
    return "\n".join(out)


def result_type(tokens: list[str]) -> str:
    """The return type of a call instruction's tokens (``call i32 (ptr, ...) @printf(...)`` → i32)."""
    k = 0
    skip = {"tail", "notail", "musttail", "fastcc", "ccc", "noundef", "zeroext", "signext", "inreg"}
    while k < len(tokens) and tokens[k] in skip:
        k += 1
    return tokens[k] if k < len(tokens) else "i32"
