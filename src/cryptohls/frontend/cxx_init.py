"""C++ objects constructed at run time: the constructors of namespace-scope objects run on the top's first call.

A C++ object whose constructor is not a constant expression (``aesCipher cipher;`` at namespace scope,
with a constructor that expands an all-zero key) is built by start-up code: clang lists an initialiser
function in ``@llvm.global_ctors``, and the C runtime calls it before ``main``. Hardware has no start-up
code, so without this module the object would start as zeros and csim and cosim would differ.

Here the top calls the initialisers itself, once: a one-byte register ``global_ctors_done`` (reset to 0)
guards a call of each initialiser, in priority order, before the first statement of the top. This is how
C++ already builds a function's ``static`` objects (``static aesCipher cipher;`` in the top): on the first
pass, under a guard variable (clang with ``-fno-threadsafe-statics``, frontend/driver.py: no threads in
hardware, so a plain guard byte instead of ``__cxa_guard_acquire``). Before the top's first call nothing
can observe the objects, so the hardware behaves as the program: the first call costs the constructors'
cycles, and every later call one test of the guard.

Two things start-up code does have no hardware meaning and are left out: building ``std::ios_base::Init``
(``#include <iostream>`` declares one such object; it readies ``std::cout`` for the test bench's prints,
which synthesis drops anyway) and registering destructors to run at program exit (``__cxa_atexit``:
hardware never exits).

Only the -O0 LLVM text is rewritten, before prepare.py; a module without ``@llvm.global_ctors`` is left
byte for byte as it was.
"""

from __future__ import annotations

import re

from cryptohls.errors import UserError

GUARD = "global_ctors_done"

_CTORS_RE = re.compile(r"^@llvm\.global_ctors = appending global \[\d+ x \{[^}]*\}\] \[(.*)\]\s*\n", re.M)
# start-up calls without effect in hardware (see above); a used result (atexit's status) reads as 0
_START_UP_ONLY_RE = re.compile(r"^  (?:(%[\w.\"-]+) = )?call (void|i32) @(?:_ZNSt8ios_base4InitC1Ev|__cxa_atexit)\(.*$",
                               re.M)
_ENTRY_RE = re.compile(r"\{\s*i32\s+(\d+),\s*ptr\s+(@[\w.$\"-]+|@\"[^\"]+\"),\s*ptr\s+[^}]*\}")


def call_global_ctors_first(text: str, top_ll: str, src: str) -> str:
    """``text`` with the initialisers of ``@llvm.global_ctors`` called at the start of ``top_ll``'s
    first call (the list itself removed); unchanged when there is no such list."""
    m = _CTORS_RE.search(text)
    if m is None:
        return text
    entries = [(int(e.group(1)), e.group(2)) for e in _ENTRY_RE.finditer(m.group(1))]
    ctors = [name for _, name in sorted(entries, key=lambda e: e[0])]   # stable: source order per priority
    text = text[:m.start()] + text[m.end():]
    text = _START_UP_ONLY_RE.sub(lambda c: f"  {c.group(1)} = add i32 0, 0" if c.group(1) else "", text)
    head = re.search(rf"^define [^\n]*{re.escape(top_ll)}\(.*\{{\n", text, re.M)
    if head is None:
        raise UserError(f"internal: the top {top_ll} has no body", file=src)
    end = text.index("\n}\n", head.end())
    body = text[head.end():end].split("\n")
    if not body or not body[0].endswith(":"):
        raise UserError(f"internal: the top {top_ll} does not start with a block label", file=src)
    dbg = next((d.group(0) for line in body for d in [re.search(r"!dbg !\d+", line)] if d and
                not line.lstrip().startswith("#dbg")), None)
    if dbg is None:
        raise UserError("the constructors of namespace-scope objects need a top with a statement", file=src)
    # the allocas stay in the first block (sroa promotes only those), which tests the guard; the
    # block after the initialisers keeps the entry's label, so phis naming it stay right
    k = 1
    while k < len(body) and re.match(r"\s*%[\w.\"-]+ = alloca\b", body[k]):
        k += 1
    entry = body[0]
    body[0] = f"{GUARD}.test:"
    guard = [f"  %{GUARD}.value = load i8, ptr @{GUARD}, align 1, {dbg}",
             f"  %{GUARD}.first = icmp eq i8 %{GUARD}.value, 0, {dbg}",
             f"  br i1 %{GUARD}.first, label %{GUARD}.init, label %{entry[:-1]}, {dbg}",
             f"{GUARD}.init:"]
    guard += [f"  call void {ctor}(), {dbg}" for ctor in ctors]
    guard += [f"  store i8 1, ptr @{GUARD}, align 1, {dbg}", f"  br label %{entry[:-1]}, {dbg}", entry]
    body[k:k] = guard
    text = text[:head.end()] + "\n".join(body) + text[end:]
    first_define = re.search(r"^define ", text, re.M)
    at = first_define.start() if first_define else len(text)
    return text[:at] + f"@{GUARD} = internal global i8 0, align 1\n\n" + text[at:]
