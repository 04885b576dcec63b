"""Writes hls/misty1_tables.h (the table initialisers of the four S-box styles) and checks the Type 3
equations.

* ``MISTY1_S7_INIT``, ``MISTY1_S9_INIT``: S7 and S9 (RFC 2994 section 2.3), Types 1 and 2;
* ``MISTY1_S7A_INIT``, ``MISTY1_S9A_INIT``: seed 003's expanded tables (Type 4, its section IV-A 4),
  7 -> 16 and 9 -> 16 bits: S7A(x) = S7(x) ^ (S7(x) << 9), S9A(x) = S9(x) ^ (x & 0x7f) ^ ((x & 0x7f) << 9).

The tables come from cryptohls.golden.misty1 (checked against RFC 2994 Appendix A,
tests/golden/test_misty1.py). ``PAPER_S7`` and ``PAPER_S9`` are seed 003's Tables I and II (the
Boolean equations of S7 and S9 from Matsui, FSE 1997; x_0 and y_0 the least significant bits) as
printed, except that the paper labels the last three rows of Table II all "y_6": they are y_6, y_7,
y_8. ``--check`` compares them with the algebraic normal form of the tables (what hls/misty1_type3.cpp
spells out) and exits 1 on any difference; ``--c`` prints them as the C of misty1_type3.cpp.
Run from anywhere: ``python designs/misty1-sbox/gen_tables.py [--check] [--c]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cryptohls.golden.misty1 import S7, S9

HERE = Path(__file__).resolve().parent

PAPER_S7 = [
    "x0 + x1x3 + x0x3x4 + x1x5 + x0x2x5 + x4x5 + x0x1x6 + x2x6 + x0x5x6 + x3x5x6 + 1",
    "x0x2 + x0x4 + x3x4 + x1x5 + x2x4x5 + x6 + x0x6 + x3x6 + x2x3x6 + x1x4x6 + x0x5x6 + 1",
    "x1x2 + x0x2x3 + x4 + x1x4 + x0x1x4 + x0x5 + x0x4x5 + x3x4x5 + x1x6 + x3x6 + x0x3x6 + x4x6 + x2x4x6",
    "x0 + x1 + x0x1x2 + x0x3 + x2x4 + x1x4x5 + x2x6 + x1x3x6 + x0x4x6 + x5x6 + 1",
    "x2x3 + x0x4 + x1x3x4 + x5 + x2x5 + x1x2x5 + x0x3x5 + x1x6 + x1x5x6 + x4x5x6 + 1",
    "x0 + x1 + x2 + x0x1x2 + x0x3 + x1x2x3 + x1x4 + x0x2x4 + x0x5 + x0x1x5 + x3x5 + x0x6 + x2x5x6",
    "x0x1 + x3 + x0x3 + x2x3x4 + x0x5 + x2x5 + x3x5 + x1x3x5 + x1x6 + x1x2x6 + x0x3x6 + x4x6 + x2x5x6",
]

PAPER_S9 = [
    "x0x4 + x0x5 + x1x5 + x1x6 + x2x6 + x2x7 + x3x7 + x3x8 + x4x8 + 1",
    "x0x2 + x3 + x1x3 + x2x3 + x3x4 + x4x5 + x0x6 + x2x6 + x7 + x0x8 + x3x8 + x5x8 + 1",
    "x0x1 + x1x3 + x4 + x0x4 + x2x4 + x3x4 + x4x5 + x0x6 + x5x6 + x1x7 + x3x7 + x8",
    "x0 + x1x2 + x2x4 + x5 + x1x5 + x3x5 + x4x5 + x5x6 + x1x7 + x6x7 + x2x8 + x4x8",
    "x1 + x0x3 + x2x3 + x0x5 + x3x5 + x6 + x2x6 + x4x6 + x5x6 + x6x7 + x2x8 + x7x8",
    "x2 + x0x3 + x1x4 + x3x4 + x1x6 + x4x6 + x7 + x3x7 + x5x7 + x6x7 + x0x8 + x7x8",
    "x0x1 + x3 + x1x4 + x2x5 + x4x5 + x2x7 + x5x7 + x8 + x0x8 + x4x8 + x6x8 + x7x8 + 1",
    "x1 + x0x1 + x1x2 + x2x3 + x0x4 + x5 + x1x6 + x3x6 + x0x7 + x4x7 + x6x7 + x1x8 + 1",
    "x0 + x0x1 + x1x2 + x4 + x0x5 + x2x5 + x3x6 + x5x6 + x0x7 + x0x8 + x3x8 + x6x8 + 1",
]


def s7a(x: int) -> int:
    return S7[x] ^ (S7[x] << 9)


def s9a(x: int) -> int:
    return S9[x] ^ (x & 0x7F) ^ ((x & 0x7F) << 9)


def monomials(equation: str) -> frozenset[frozenset[int]]:
    """'x0x3x4 + x1 + 1' -> {{0, 3, 4}, {1}, {}} (the constant 1 is the empty monomial)."""
    terms = set()
    for term in equation.split("+"):
        term = term.strip()
        mono = frozenset() if term == "1" else frozenset(int(v) for v in term.split("x")[1:])
        if mono in terms:
            raise ValueError(f"monomial {term} twice in {equation!r}")
        terms.add(mono)
    return frozenset(terms)


def anf(table: tuple[int, ...], bits: int, out_bit: int) -> frozenset[frozenset[int]]:
    """The algebraic normal form of output bit `out_bit` (Moebius transform of its truth table)."""
    coeff = [table[x] >> out_bit & 1 for x in range(1 << bits)]
    for i in range(bits):
        for x in range(1 << bits):
            if x >> i & 1:
                coeff[x] ^= coeff[x ^ (1 << i)]
    return frozenset(frozenset(i for i in range(bits) if m >> i & 1) for m in range(1 << bits) if coeff[m])


def check() -> list[str]:
    """Differences between the paper's equations and the tables (empty: they agree)."""
    problems = []
    for name, table, bits, paper in (("S7", S7, 7, PAPER_S7), ("S9", S9, 9, PAPER_S9)):
        for bit, equation in enumerate(paper):
            if monomials(equation) != anf(table, bits, bit):
                problems.append(f"{name} y{bit}: paper {equation!r} differs from the table")
    return problems


def c_equations(name: str, bits: int, paper: list[str]) -> str:
    """The equations as C on bits x0..x{bits-1} (the text of misty1_type3.cpp)."""
    lines = []
    for bit, equation in enumerate(paper):
        terms = []
        for mono in sorted(monomials(equation), key=lambda m: (len(m) == 0, len(m), sorted(m))):
            terms.append("1" if not mono else " & ".join(f"x{i}" for i in sorted(mono)))
        terms = [t if " & " not in t else f"({t})" for t in terms]
        lines.append(f"  y[{bit}] = " + " ^ ".join(terms) + ";")
    return f"/* {name} */\n" + "\n".join(lines)


def initialiser(name: str, values: list[int], per_line: int) -> str:
    rows = [", ".join(f"{v:5d}" for v in values[i:i + per_line]) for i in range(0, len(values), per_line)]
    return f"#define {name} {{ \\\n" + "".join(f"    {row}, \\\n" for row in rows) + "}\n"


def header() -> str:
    parts = [
        "/* misty1_tables.h: initialisers of S7, S9 (Types 1, 2) and of seed 003's expanded tables S7A, S9A\n"
        " * (Type 4): S7A(x) = S7(x) ^ (S7(x) << 9), S9A(x) = S9(x) ^ (x & 0x7f) ^ ((x & 0x7f) << 9).\n"
        " * Generated by designs/misty1-sbox/gen_tables.py from RFC 2994 section 2.3; do not edit. */\n"
        "#ifndef MISTY1_TABLES_H\n#define MISTY1_TABLES_H\n",
        initialiser("MISTY1_S7_INIT", list(S7), 16),
        initialiser("MISTY1_S9_INIT", list(S9), 16),
        initialiser("MISTY1_S7A_INIT", [s7a(x) for x in range(128)], 12),
        initialiser("MISTY1_S9A_INIT", [s9a(x) for x in range(512)], 12),
        "#endif /* MISTY1_TABLES_H */\n",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    if "--check" in argv:
        problems = check()
        for line in problems:
            print(line, file=sys.stderr)
        print("seed 003 Tables I and II agree with S7 and S9" if not problems else f"{len(problems)} differences")
        return 1 if problems else 0
    if "--c" in argv:
        print(c_equations("S7", 7, PAPER_S7))
        print(c_equations("S9", 9, PAPER_S9))
        return 0
    (HERE / "hls" / "misty1_tables.h").write_text(header())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
