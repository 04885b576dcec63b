"""How many low bits of each integer value of an LLVM function are known to be zero.

The importer needs it where opt addresses an array through bytes: a pointer walk over `int`s,
`for (p = buf + 1; p < buf + 64; p++) *p = 0;`, becomes `getelementptr i8, ptr %row, i64 %off` with
`%off` stepping 4, 8, ... 252 (CHStone's jpeg, huffman.c). Its byte offset is a whole number of
elements because its two low bits are always zero: the access is the element `%off >> 2`.

The usual rules over the SSA values, phis solved optimistically to a fixpoint (their values are only
lowered): a constant's own count, `add`/`sub`/`or`/`xor`/`select`/phi the least of their operands',
`and` the most, `mul` the sum, `shl` by a constant adds it, a shift right by a constant takes it away,
casts keep it (a `trunc` at most its width); anything else (loads, calls, arguments) 0.
"""

from __future__ import annotations

from cryptohls.frontend.llparse import LLFunction

MAX = 64
_FLAGS = {"nuw", "nsw", "exact", "disjoint", "nneg", "samesign"}


def _const_tz(tok: str) -> int | None:
    if tok in ("true", "false"):
        return MAX if tok == "false" else 0
    try:
        v = int(tok)
    except ValueError:
        return None
    if v == 0:
        return MAX
    return (v & -v).bit_length() - 1


def _values(tokens: list[str]) -> list[str]:
    """The operand tokens of a plain instruction: the word after each type, flags and types skipped."""
    toks = [t for t in tokens if t not in _FLAGS]
    return [t for t in toks if t.startswith("%") or _const_tz(t) is not None]


def trailing_zeros(fn: LLFunction) -> dict[str, int]:
    """Value name -> its known trailing zero bits (values with none left out)."""
    instrs = [ins for bb in fn.blocks for ins in bb.instrs if ins.result]
    # optimistic: every value starts at MAX and only goes down to what its rule allows, so a loop's
    # phi keeps the count its entry value and its step share (the greatest fixpoint of the rules)
    tz: dict[str, int] = {ins.result: MAX for ins in instrs}

    def of(tok: str) -> int:
        c = _const_tz(tok)
        return c if c is not None else tz.get(tok, 0)

    changed = True
    while changed:   # every value only goes down: it ends
        changed = False
        for ins in instrs:
            new = min(_rule(ins, of) or 0, tz[ins.result])
            if tz[ins.result] != new:
                tz[ins.result] = new
                changed = True
    return {k: v for k, v in tz.items() if v}


def _rule(ins, of) -> int | None:
    op, toks = ins.opcode, ins.tokens
    if op == "phi":
        incoming = [toks[k + 1] for k, t in enumerate(toks[:-1]) if t == "["]
        return min((of(t) for t in incoming), default=0)
    vals = _values(toks)
    if op in ("add", "sub", "or", "xor") and len(vals) == 2:
        return min(of(vals[0]), of(vals[1]))
    if op == "and" and len(vals) == 2:
        return max(of(vals[0]), of(vals[1]))
    if op == "mul" and len(vals) == 2:
        return min(MAX, of(vals[0]) + of(vals[1]))
    if op == "shl" and len(vals) == 2 and _const_tz(vals[1]) is not None:
        return min(MAX, of(vals[0]) + int(vals[1]))
    if op in ("lshr", "ashr") and len(vals) == 2 and _const_tz(vals[1]) is not None:
        return max(0, of(vals[0]) - int(vals[1]))
    if op in ("zext", "sext") and vals:
        return of(vals[0])
    if op == "trunc" and vals and "to" in toks:
        width = toks[toks.index("to") + 1]
        return min(of(vals[0]), int(width[1:])) if width.startswith("i") and width[1:].isdigit() else 0
    if op == "select" and len(vals) == 3:
        return min(of(vals[1]), of(vals[2]))
    return None
