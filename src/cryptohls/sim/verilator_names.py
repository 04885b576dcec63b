"""The C++ name Verilator gives a Verilog identifier: `__` is its own hierarchy separator, so each pair of
underscores in a name, left to right, becomes `___05F` (`__a_q` -> `___05Fa_q`, `a___b` -> `a___05F_b`).
The generated Verilog's names are C identifiers with suffixes (letters, digits, underscores), so this is
the whole rule needed to reach a port or a global's register in a Verilated model."""

from __future__ import annotations


def verilator_name(name: str) -> str:
    out, i = [], 0
    while i < len(name):
        if name.startswith("__", i):
            out.append("___05F")
            i += 2
        else:
            out.append(name[i])
            i += 1
    return "".join(out)
