"""LLVM types: parsing from tokens, data layout (x86-64 sizes) and constant initializers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cryptohls.frontend.llparse import LLModule, tokenize


@dataclass(frozen=True)
class LLType:
    kind: str                        # int, ptr, arr, struct, vec, void, float, label, named
    bits: int = 0                    # int width
    count: int = 0                   # arr/vec length
    elems: tuple["LLType", ...] = ()  # arr/vec: (elem,), struct: fields


VOID = LLType("void")
PTR = LLType("ptr")


def int_type(bits: int) -> LLType:
    return LLType("int", bits)


class TypeTable:
    def __init__(self, mod: LLModule):
        self.mod = mod
        self._named: dict[str, LLType] = {}

    def parse(self, toks: list[str], i: int) -> tuple[LLType, int]:
        t = toks[i]
        if t == "[" or t == "<" and toks[i + 1] != "{":
            close = "]" if t == "[" else ">"
            n = int(toks[i + 1])
            assert toks[i + 2] == "x", toks[i:i + 4]
            elem, j = self.parse(toks, i + 3)
            assert toks[j] == close
            return LLType("arr" if t == "[" else "vec", count=n, elems=(elem,)), j + 1
        if t == "{" or t == "<":
            packed = t == "<"
            j = i + 2 if packed else i + 1
            fields = []
            while toks[j] != "}":
                f, j = self.parse(toks, j)
                fields.append(f)
                if toks[j] == ",":
                    j += 1
            j += 1
            if packed:
                j += 1
            return LLType("struct", elems=tuple(fields), count=1 if packed else 0), j
        if t[0] == "i" and t[1:].isdigit():
            return int_type(int(t[1:])), i + 1
        if t == "ptr":
            return PTR, i + 1
        if t == "void":
            return VOID, i + 1
        if t == "label":
            return LLType("label"), i + 1
        if t in ("half", "float", "double", "fp128", "x86_fp80", "bfloat"):
            return LLType("float"), i + 1
        if t.startswith("%"):
            return self.named(t), i + 1
        raise ValueError(f"cannot parse type at {toks[i:i + 5]}")

    def named(self, name: str) -> LLType:
        if name not in self._named:
            if name not in self.mod.types:   # never guess a layout: a wrong size is wrong code
                raise ValueError(f"the LLVM type {name} is used but not defined")
            body = self.mod.types[name]
            if body.strip() == "opaque":
                self._named[name] = LLType("struct")
            else:
                self._named[name] = self.parse(tokenize(body), 0)[0]
        return self._named[name]

    def from_text(self, text: str) -> LLType:
        return self.parse(tokenize(text), 0)[0]


def int_alloc_bytes(bits: int) -> int:
    b = max(1, (bits + 7) // 8)
    p = 1
    while p < b and p < 16:
        p *= 2
    return p if b <= 16 else (b + 15) // 16 * 16


def align_of(t: LLType) -> int:
    if t.kind == "int":
        return min(int_alloc_bytes(t.bits), 16)
    if t.kind == "ptr":
        return 8
    if t.kind in ("arr", "vec"):
        return align_of(t.elems[0])
    if t.kind == "struct":
        return 1 if t.count == 1 else max((align_of(f) for f in t.elems), default=1)
    return 1


def size_of(t: LLType) -> int:
    if t.kind == "int":
        return int_alloc_bytes(t.bits)
    if t.kind == "ptr":
        return 8
    if t.kind in ("arr", "vec"):
        return t.count * size_of(t.elems[0])
    if t.kind == "struct":
        off = 0
        for f in t.elems:
            a = 1 if t.count == 1 else align_of(f)
            off = (off + a - 1) // a * a + size_of(f)
        a = align_of(t)
        return (off + a - 1) // a * a
    return 0


def store_bytes(t: LLType) -> int:
    """The bytes a load or store of ``t`` touches: an ``i40`` reads 5 (its store size), though it
    occupies 8 in memory (``size_of``, its alloc size); clang reads a run of bit-fields so."""
    return max(1, (t.bits + 7) // 8) if t.kind == "int" else size_of(t)


def field_offset(t: LLType, index: int) -> int:
    off = 0
    for k, f in enumerate(t.elems):
        a = 1 if t.count == 1 else align_of(f)
        off = (off + a - 1) // a * a
        if k == index:
            return off
        off += size_of(f)
    raise IndexError(index)


def leaves(t: LLType) -> list[LLType]:
    """Scalar leaves of an aggregate in memory order."""
    if t.kind in ("arr", "vec"):
        return leaves(t.elems[0]) * t.count
    if t.kind == "struct":
        out: list[LLType] = []
        for f in t.elems:
            out += leaves(f)
        return out
    return [t]


def uniform_leaf(t: LLType) -> LLType | None:
    """The one scalar type all leaves share (None for mixed aggregates), with no padding."""
    ls = leaves(t)
    if not ls or any(x != ls[0] for x in ls) or ls[0].kind != "int":
        return None
    if size_of(ls[0]) * len(ls) != size_of(t):
        return None
    return ls[0]


def null_as_zero(toks: list[str] | None, i: int) -> tuple[int, int]:
    """parse_constant's ``pointer`` for storage whose pointer leaves are read only as integers
    (import_memory.py ``holds_no_pointer``): null is C's all-zero bytes. An address would make a
    pointer the storage holds, which points-to would have seen: never met."""
    if toks is not None:
        raise AssertionError(f"an address {toks[i]} in storage of integers")
    return 0, i + 1


def parse_constant(table: TypeTable, toks: list[str], i: int, t: LLType,
                   pointer: Callable[[list[str] | None, int], tuple[int, int]] | None = None
                   ) -> tuple[list[int], int]:
    """Leaf values of an initializer starting at toks[i] for type t.

    ``pointer(toks, i) -> (value, next index)`` gives the value of a pointer leaf (an address, or
    the null pointer when toks is None); without it an address is a ValueError."""
    tok = toks[i]
    if t.kind == "ptr" and pointer is not None:
        return [pointer(None if tok in ("zeroinitializer", "undef", "poison", "null") else toks, i)[0]], \
            _after_value(toks, i)
    if tok in ("zeroinitializer", "undef", "poison", "null"):
        return _zero_leaves(t, pointer), i + 1
    if tok.startswith('c"'):
        return list(_decode_cstring(tok)), i + 1
    if tok == "true":
        return [1], i + 1
    if tok == "false":
        return [0], i + 1
    if tok[0] == "-" or tok[0].isdigit():
        return [int(tok) & ((1 << t.bits) - 1)], i + 1
    if tok in ("[", "{", "<"):
        packed = tok == "<" and toks[i + 1] == "{"
        close = {"[": "]", "{": "}", "<": ">"}[tok]
        j = i + (2 if packed else 1)
        if packed:
            close = "}"
        values: list[int] = []
        while toks[j] != close:
            et, j = table.parse(toks, j)
            vals, j = parse_constant(table, toks, j, et, pointer)
            values += vals
            if toks[j] == ",":
                j += 1
        j += 1
        if packed:
            j += 1
        return values, j
    raise ValueError(f"unsupported constant {toks[i:i + 4]}")


def _zero_leaves(t: LLType, pointer) -> list[int]:
    """The leaves of a zero initializer: 0, or the null pointer's value for pointer leaves."""
    if pointer is None:
        return [0] * len(leaves(t))
    null = pointer(None, 0)[0]
    return [null if leaf.kind == "ptr" else 0 for leaf in leaves(t)]


def _after_value(toks: list[str], i: int) -> int:
    """Index after the value at toks[i] (a token, or a constant expression with its parentheses)."""
    if i + 1 < len(toks) and toks[i + 1] not in (",", "]", "}", ">"):
        j = i + 1
        while toks[j] != "(":
            j += 1
        depth = 0
        while True:
            depth += {"(": 1, ")": -1}.get(toks[j], 0)
            if depth == 0:
                return j + 1
            j += 1
    return i + 1


def _decode_cstring(tok: str) -> bytes:
    body = tok[2:-1]
    out = bytearray()
    k = 0
    while k < len(body):
        if body[k] == "\\":
            if body[k + 1] == "\\":
                out.append(92)
                k += 2
            else:
                out.append(int(body[k + 1:k + 3], 16))
                k += 3
        else:
            out.append(ord(body[k]))
            k += 1
    return bytes(out)


def leaf_offsets(t: LLType, base: int = 0) -> list[tuple[int, LLType]]:
    """(byte offset, scalar type) of every leaf of ``t`` in memory order."""
    if t.kind in ("arr", "vec"):
        step = size_of(t.elems[0])
        out: list[tuple[int, LLType]] = []
        for k in range(t.count):
            out += leaf_offsets(t.elems[0], base + k * step)
        return out
    if t.kind == "struct":
        out = []
        for k, f in enumerate(t.elems):
            out += leaf_offsets(f, base + field_offset(t, k))
        return out
    return [(base, t)]


def record_type(t: LLType) -> tuple[LLType, int]:
    """An array of records (or one record): the record type and the count."""
    count = 1
    while t.kind == "arr" and t.elems[0].kind in ("arr", "struct") and uniform_leaf(t.elems[0]) is None:
        count *= t.count
        t = t.elems[0]
    return t, count


def record_members(t: LLType, base: int = 0) -> list[tuple[int, LLType, int]]:
    """(byte offset, scalar type, element count) of a record's members: an array of scalars is one
    member, a nested struct contributes its own members, an array of structs one member per leaf."""
    if t.kind == "struct":
        out: list[tuple[int, LLType, int]] = []
        for k, f in enumerate(t.elems):
            out += record_members(f, base + field_offset(t, k))
        return out
    if t.kind in ("arr", "vec"):
        ls = leaves(t)
        if ls and all(x == ls[0] for x in ls) and ls[0].kind in ("int", "ptr") and size_of(ls[0]) * len(ls) == size_of(t):
            return [(base, ls[0], len(ls))]
        return [(off, lt, 1) for off, lt in leaf_offsets(t, base)]
    return [(base, t, 1)]
