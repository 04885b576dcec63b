"""Token-level helpers for the LLVM IR text the frontend reads (tokens from llparse.tokenize):
brackets, top-level operand groups, phi incomings, getelementptr parts."""

from __future__ import annotations

from cryptohls.frontend.lltypes import TypeTable


def until_close(toks: list[str], j: int) -> list[str]:
    """The tokens inside the bracket opening at toks[j]."""
    depth, k = 0, j
    while True:
        if toks[k] in ("(", "[", "{", "<"):
            depth += 1
        elif toks[k] in (")", "]", "}", ">"):
            depth -= 1
            if depth == 0:
                return toks[j + 1:k]
        k += 1


def skip_type(types: TypeTable, toks: list[str], k: int) -> int:
    """Index just after the type at toks[k] and the comma that follows it."""
    _, k = types.parse(toks, k)
    return k + 1 if k < len(toks) and toks[k] == "," else k


def next_ptr_value(toks: list[str], k: int) -> int:
    """Index of the value after the next 'ptr' type token from k."""
    while toks[k] != "ptr":
        k += 1
    return k + 1


def operand_groups(toks: list[str]) -> list[list[str]]:
    """Split at top-level commas: 'ptr %a, ptr %b' -> [['ptr', '%a'], ['ptr', '%b']]."""
    groups: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        if t in ("(", "[", "{", "<"):
            depth += 1
        elif t in (")", "]", "}", ">"):
            depth -= 1
        if t == "," and depth == 0:
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


def phi_incoming(toks: list[str]) -> list[tuple[list[str], str]]:
    """'[ v , %bb ] , [ ... ]' -> [(value tokens, block token), ...] (a value may be a constant expression)."""
    out = []
    for group in operand_groups(toks):
        if not group or group[0] != "[":
            continue
        inner = operand_groups(group[1:-1])
        out.append(([t for g in inner[:-1] for t in g], inner[-1][0]))
    return out


GEP_FLAGS = frozenset({"inbounds", "nuw", "nusw", "inrange"})


def gep_parts(toks: list[str]) -> tuple[str, str, list[str]]:
    """(source type, base value, index values) of a getelementptr's tokens:
    'inbounds [2 x %struct.s_t] , ptr %s , i64 0 , i64 %i' -> ('[ 2 x %struct.s_t ]', '%s', ['0', '%i'])."""
    groups = operand_groups([t for t in toks if t not in GEP_FLAGS])
    return " ".join(groups[0]), groups[1][-1], [g[-1] for g in groups[2:]]
