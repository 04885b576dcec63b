"""Field objects: the scalar fields of a struct as separate objects of the points-to analysis.

``int *p = c ? &s.count : &g;`` makes ``p`` point into struct ``s`` or into int ``g``. As whole
objects, ``s`` and ``g`` would have to share one memory (a pool), which a struct of mixed fields and
an int cannot. As fields, ``p`` points into ``s.count`` (an int, the member object ``@s#8``) or into
``g``: the pool holds those two, and the other fields of ``s`` keep their own memories.

A record object (a struct, or an array of structs, whose fields are not all of one type; each
element of an array member is a field of its own) is *split* into one member object per scalar
field, named ``<object>#<byte offset in the record>``, when every pointer into it names one field:
the object's address is only moved by whole records and to the start of a field (``&s.count``,
``&a[i].count``, also in two steps: ``&a[i]``, then its field). The object's address taken bare is
a pointer to its first field. A pointer into a member object must then never move: C forbids
pointer arithmetic from one field to another (C11 6.5.6), and a pointer to the struct
(``struct S *q = &s; q->count``, read from memory or chosen at run time) is such a move.
points_to.py checks that after its analysis and keeps every object whose pointers do more (move,
reach a call or an integer, or access a pooled field at another width) whole, as before; so too
structs of one type whose pointers all name the same field (`cfg = f ? &a : &b; cfg->count++`
after opt): those stay one record pool, as before.
The importer keeps a field that shares its class with other objects in their pool and routes every
access and pointer into it there (import_memory.py ``field_pointer``); the struct's other fields
keep their own memories.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptohls.frontend.lltypes import LLType, TypeTable, field_offset, leaf_offsets, record_type, \
    size_of, uniform_leaf

SEPARATOR = "#"


@dataclass(frozen=True)
class RecordShape:
    """An object laid out as ``count`` records of ``stride`` bytes; ``fields``: offset -> scalar type."""
    stride: int
    count: int
    fields: dict[int, LLType]


def member_name(obj: str, offset: int) -> str:
    return f"{obj}{SEPARATOR}{offset}"


def split_member(name: str) -> tuple[str, int] | None:
    """(owner object, byte offset of the field in its record) of a member object, else None."""
    owner, sep, off = name.rpartition(SEPARATOR)
    return (owner, int(off)) if sep and off.isdigit() else None


def record_shape(t: LLType) -> RecordShape | None:
    """The shape of an object that can be split into fields: records of scalar fields of more
    than one type (a struct of one type is laid out as an array already). Each element of an array
    member is a field of its own: a pointer that moves inside the member keeps the object whole."""
    if uniform_leaf(t) is not None:
        return None
    rec, count = record_type(t)
    if rec.kind != "struct" or size_of(rec) == 0:
        return None
    fields = dict(leaf_offsets(rec))
    if any(lt.kind not in ("int", "ptr") for lt in fields.values()) or all(lt.kind == "ptr" for lt in fields.values()):
        return None
    return RecordShape(size_of(rec), count, fields)


def field_at(shape: RecordShape, constant: int, strides: list[int]) -> int | None:
    """The field a pointer ``constant`` bytes (plus run-time multiples of ``strides``) past the start
    of the object points to; None when it moves by part of a record or not to a field's start."""
    if any(s % shape.stride for s in strides):
        return None
    if not 0 <= constant < shape.stride * shape.count:
        return None
    offset = constant % shape.stride
    return offset if offset in shape.fields else None


def gep_displacement(types: TypeTable, toks: list[str]) -> tuple[int, list[int]] | None:
    """What a getelementptr (its tokens inside the instruction or the constant expression, flags
    removed) adds to its base: (constant bytes, strides of the indices known only at run time)."""
    try:
        cur, i = types.parse(toks, 0)
        i += 1                                   # the comma after the source type
        _, i = types.parse(toks, i)              # 'ptr'
        depth = 0
        while i < len(toks) and (depth or toks[i] != ","):   # the base (maybe a constant expression)
            depth += {"(": 1, ")": -1}.get(toks[i], 0)
            i += 1
        constant, strides, first = 0, [], True
        while i < len(toks) and toks[i] == ",":
            _, i = types.parse(toks, i + 1)
            tok = toks[i]
            i += 1
            known = tok[0] == "-" or tok[0].isdigit()
            if first:
                step, first = size_of(cur), False
            elif cur.kind in ("arr", "vec"):
                cur = cur.elems[0]
                step = size_of(cur)
            elif cur.kind == "struct" and known:
                constant += field_offset(cur, int(tok))
                cur = cur.elems[int(tok)]
                continue
            else:
                return None
            if known:
                constant += int(tok) * step
            else:
                strides.append(step)
        return constant, strides
    except (AssertionError, IndexError, KeyError, ValueError):
        return None


__all__ = ["RecordShape", "field_at", "gep_displacement", "member_name", "record_shape", "split_member"]
