"""Which structs of one scalar type keep their array members apart (one memory per member), and which
of their 2-D members are also split into one memory per row.

A struct whose fields all have one integer type (Blowfish's key, ``{ uint32_t P[18]; uint32_t S[4][256]; }``)
is laid out like one array, and as one memory its members would share that memory's two ports. Each
array member gets a memory of its own when the struct is the only object of its points-to class and
no pointer into it is stored in memory or turned into an integer. Pointer arithmetic stays inside
the array member it starts in (C11 6.5.6: a pointer moves only within one array), so
``const uint32_t *p = key->P; *p++`` and ``p[i]`` are accesses to P alone. A program the split
cannot express (a pointer chosen between two members, bytes of a word member) is imported again
with the struct as one memory, as before (frontend/__init__.py).

A 2-D member is split further into one memory per row (``S[0]`` … ``S[3]``): plainly when no index
known only at run time selects its row (neither ``k.S[i][j]`` nor a row pointer ``rows[i][j]``), and
as a steered member (the row is the tag, import_steer.py) when some accesses name their row and others
select it at run time, for rows of a power-of-two length.
"""

from __future__ import annotations

from cryptohls.frontend.llparse import LLFunction
from cryptohls.frontend.lltypes import LLType, TypeTable, field_offset, record_members, uniform_leaf
from cryptohls.frontend.points_to import PointsTo

_FLAGS = {"inbounds", "nuw", "nusw"}


def member_plan(fn: LLFunction, points_to: PointsTo, types: TypeTable, obj: str, t: LLType) -> dict[int, str] | None:
    """None when the object stays one memory; else its 2-D members split into rows, by byte offset:
    "rows" (no run-time row index: one memory per row) or "steer" (rows selected at run time too,
    rows of a power-of-two length: one memory per row and a steered pointer, import_steer.py)."""
    if t.kind != "struct" or uniform_leaf(t) is None or _packed(t):
        return None
    members = record_members(t)
    if len(members) < 2 or all(n == 1 for _, _, n in members):
        return None
    cls = points_to.class_of_object(obj)
    if points_to.objects(cls) != [obj]:
        return None
    indexed: list[LLType] = []          # the array types indexed at run time
    sources: list[LLType] = []          # the source types of its getelementptrs
    for bb in fn.blocks:
        for ins in bb.instrs:
            if not _stays_inside(ins, points_to, types, cls, indexed, sources):
                return None
    plan = {}
    for k, f in enumerate(t.elems):
        if not (f.kind == "arr" and f.elems[0].kind == "arr" and f.elems[0].elems[0].kind == "int"):
            continue
        row = f.elems[0]
        if f not in indexed and not any(x.kind == "rows" for x in indexed):
            plan[field_offset(t, k)] = "rows"
        elif row in sources and row.count & (row.count - 1) == 0:   # some accesses name their row
            plan[field_offset(t, k)] = "steer"
    return plan


def _packed(t: LLType) -> bool:
    """A packed struct anywhere in ``t``. The split needs C's member boundaries, and a packed struct
    may be clang's layout of an array constant that frontend/clang_layout.py could not undo (its
    "members" are runs of one array's elements); a packed C struct stays one memory too."""
    if t.kind == "struct":
        return t.count == 1 or any(_packed(f) for f in t.elems)
    return t.kind in ("arr", "vec") and _packed(t.elems[0])


def _stays_inside(ins, points_to: PointsTo, types: TypeTable, cls: int, indexed: list[LLType],
                  sources: list[LLType]) -> bool:
    """False when this instruction keeps a pointer of class ``cls`` in memory or as an integer; notes the
    arrays its getelementptrs index at run time."""
    res, toks = ins.result, [x for x in ins.tokens if x not in _FLAGS]
    ours = bool(res) and points_to.same(points_to.location(res), cls)
    if ins.opcode == "load" and ours and toks[:1] == ["ptr"]:
        return False
    if ins.opcode in ("store", "ptrtoint") and toks[:1] == ["ptr"] and toks[1].startswith(("%", "@")) and \
            points_to.same(points_to.location(toks[1]), cls):   # the pointer itself stored or made an integer
        return False
    if ins.opcode == "getelementptr" and ours:
        sources.append(_note_indices(toks, types, indexed))
    return True


def _note_indices(toks: list[str], types: TypeTable, indexed: list[LLType]) -> LLType:
    """Notes in ``indexed`` the array types a getelementptr indexes at run time (a row pointer moved at
    run time as the type "rows"); returns its source type."""
    cur, i = types.parse(toks, 0)
    source = cur
    i += 1                                  # the comma after the source type
    _, i = types.parse(toks, i)             # 'ptr'
    depth = 0
    while i < len(toks) and (depth or toks[i] != ","):   # the base value (maybe a constant expression)
        depth += {"(": 1, ")": -1}.get(toks[i], 0)
        i += 1
    position = 0
    while i < len(toks) and toks[i] == ",":
        _, i = types.parse(toks, i + 1)
        tok = toks[i]
        i += 1
        constant = tok[0] == "-" or tok[0].isdigit()
        if position == 0:
            if not constant and cur.kind in ("arr", "vec"):   # a row pointer moved at run time
                indexed.append(LLType("rows"))
        elif cur.kind in ("arr", "vec"):
            if not constant:
                indexed.append(cur)
            cur = cur.elems[0]
        elif cur.kind == "struct":
            cur = cur.elems[int(tok)]
        position += 1
    return source


def split_rows(rec: LLType, members: list[tuple[int, LLType, int]], plan: dict[int, str]
               ) -> list[tuple[int, LLType, int, int]]:
    """``record_members(rec)`` as (offset, scalar type, elements, rows): a 2-D member the plan splits
    with its row count (each row one memory), every other member with 1."""
    out = []
    for off, lt, n in members:
        if off not in plan:
            out.append((off, lt, n, 1))
            continue
        k = next(k for k in range(len(rec.elems)) if field_offset(rec, k) == off)
        out.append((off, lt, n, rec.elems[k].count))
    return out


__all__ = ["member_plan", "split_rows"]
