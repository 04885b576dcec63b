"""Code that only computes what the program prints (in the -O0 IR).

stdio output is dropped from the hardware (library_calls.py), so a value computed only to be printed
is dead there: CHStone's softfloat programs print each result through `ullong_to_double(result)`, a
union that reinterprets the 64 bits as a `double`. Such code may use types the hardware cannot have
(floating point): c_subset.py lets it through the -O0 check, and the frontend refuses after opt only if
any of it is still there (frontend/__init__.py), at the -O0 location it would have named before.

A value is print-only when every use of it is a dropped stdio call or another print-only value (the
call itself runs: its side effects stay in the hardware; only the check waits for opt); a function is
print-only when every call of it is print-only or inside a print-only function.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptohls.frontend.library_calls import is_stdio_output
from cryptohls.frontend.llparse import Instr, LLModule


@dataclass(frozen=True)
class PrintOnly:
    instructions: frozenset[int]   # id() of the print-only instructions (and of the dropped calls)
    functions: frozenset[str]      # LLVM names of the print-only functions

    def covers(self, fn_name: str, ins: Instr) -> bool:
        return fn_name in self.functions or id(ins) in self.instructions


def _callee(ins: Instr) -> str | None:
    if ins.opcode != "call":
        return None
    for i, t in enumerate(ins.tokens[:-1]):
        if ins.tokens[i + 1] == "(" and t.startswith("@"):
            return t
    return None


def print_only_code(mod: LLModule) -> PrintOnly:
    only: set[int] = set()
    sites: dict[str, list[tuple[str, int]]] = {}   # callee -> (caller, id of the call)
    for fn in mod.functions.values():
        if fn.is_declaration:
            continue
        instrs = [ins for bb in fn.blocks for ins in bb.instrs]
        users: dict[str, list[Instr]] = {}
        for ins in instrs:
            for t in set(ins.tokens):
                if t.startswith("%") and t != ins.result:
                    users.setdefault(t, []).append(ins)
        for ins in instrs:
            callee = _callee(ins)
            if callee is None:
                continue
            target = mod.functions.get(callee)
            if (target is None or target.is_declaration) and is_stdio_output(callee.strip('@"')):
                only.add(id(ins))
            sites.setdefault(callee, []).append((fn.name, id(ins)))
        changed = True
        while changed:
            changed = False
            for ins in instrs:
                if id(ins) in only or ins.result is None:
                    continue
                uses = users.get(ins.result, [])
                if uses and all(id(u) in only for u in uses):
                    only.add(id(ins))
                    changed = True
    functions: set[str] = set()
    changed = True
    while changed:
        changed = False
        for callee, calls in sites.items():
            if callee not in functions and callee in mod.functions and \
                    all(i in only or caller in functions for caller, i in calls):
                functions.add(callee)
                changed = True
    return PrintOnly(frozenset(only), frozenset(functions))
