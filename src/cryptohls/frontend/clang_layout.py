"""The C array type behind clang's layout of an array constant.

clang writes the initializer of an array whose last 8 or more elements are zero as a packed struct
of the rest and a zero tail (CodeGen, ``EmitArrayConstant``), and the global takes the type of that
constant: ``static const uint8_t t[16] = {4, 3, 2, 2, 1, 1, 1, 1}`` is ``@t = constant
<{ [8 x i8], [8 x i8] }>``, 32 words ``{1, 2, 3}`` are ``<{ i32, i32, i32, [29 x i32] }>``, and an
array whose elements got such layouts of different shapes is a packed struct of its elements
(``<{ <{ [8 x i8], [8 x i8] }>, [16 x i8], … }>`` for the rows of a 2-D table).

Every access still indexes the C array (``getelementptr [16 x i8], ptr @t, i64 0, i64 %i``), so the
fields of such a struct are no C members, and nothing keeps an index inside one of them: read as a
struct, the table was split into one memory per "member" (frontend/struct_split.py) and ``t[i]``
for i >= 8 read the first half (issue 32 item 1). ``declared_type`` gives the array the layout
stands for. It has the same bytes and the same leaves in the same order, so the initializer, whose
aggregates name their own types, still reads against it (lltypes.parse_constant).
"""

from __future__ import annotations

import re

# the tokens of an LLVM type (llparse.py reads the module with this module's help, hence its own)
_TYPE_TOKEN = re.compile(r'%"[^"]*"|%[-\w.$]+|[\w.$]+|[\[\]{}<>,]')
# a type as a tree: ("arr" | "vec", count, elem), ("struct", packed, fields) or ("leaf", token)
Node = tuple


def declared_type(text: str, named: dict[str, str] | None = None) -> str:
    """``text`` (an LLVM type) with every clang array-constant layout inside it made the array it
    stands for; any other type unchanged. ``named``: the module's named types (``%struct.P`` ->
    its body), so that an element written as ``%struct.P`` and one written as its body are one type."""
    toks = _TYPE_TOKEN.findall(text)
    if "<" not in toks:                 # no packed struct: nothing to undo (the common case)
        return text
    node, _ = _parse(toks, 0)
    return _render(_Layouts(named or {}).array_of_layout(node))


def _parse(toks: list[str], i: int) -> tuple[Node, int]:
    t = toks[i]
    if t == "[" or t == "<" and toks[i + 1] != "{":
        elem, j = _parse(toks, i + 3)   # "[" N "x" elem "]"
        return ("arr" if t == "[" else "vec", int(toks[i + 1]), elem), j + 1
    if t in ("{", "<"):
        packed = t == "<"
        j = i + 2 if packed else i + 1
        fields = []
        while toks[j] != "}":
            f, j = _parse(toks, j)
            fields.append(f)
            if toks[j] == ",":
                j += 1
        return ("struct", packed, tuple(fields)), j + (2 if packed else 1)
    return ("leaf", t), i + 1


def _render(node: Node) -> str:
    kind, a, b = node if len(node) == 3 else (*node, None)
    if kind == "arr":
        return f"[{a} x {_render(b)}]"
    if kind == "vec":
        return f"<{a} x {_render(b)}>"
    if kind == "struct":
        body = ", ".join(_render(f) for f in b)
        return f"<{{ {body} }}>" if a else f"{{ {body} }}"
    return a


class _Layouts:
    def __init__(self, named: dict[str, str]):
        self.named = named

    def array_of_layout(self, node: Node) -> Node:
        """Inner layouts first, then this one: a packed struct whose fields are all elements of one
        type, or arrays of them at any depth, is the (1-D) array of all those elements; the C array
        may have had more dimensions, with the same bytes in the same order."""
        kind = node[0]
        if kind in ("arr", "vec"):
            return (kind, node[1], self.array_of_layout(node[2]))
        if kind != "struct":
            return node
        fields = tuple(self.array_of_layout(f) for f in node[2])
        if not node[1] or len(fields) < 2:  # clang writes array layouts packed; a plain struct is C's
            return ("struct", node[1], fields)
        runs = [_run(f) for f in fields]
        element = self.key(runs[0][1])
        if all(self.key(e) == element for _, e in runs):
            return ("arr", sum(n for n, _ in runs), runs[-1][1])
        return ("struct", True, fields)

    def key(self, node: Node) -> Node:
        """``node`` with named types replaced by their bodies: equal keys, equal layouts."""
        if node[0] == "leaf":
            body = self.named.get(node[1])
            if body is None or body.strip() == "opaque":
                return node
            return self.key(self.array_of_layout(_parse(_TYPE_TOKEN.findall(body), 0)[0]))
        if node[0] == "struct":
            return ("struct", node[1], tuple(self.key(f) for f in node[2]))
        if node[0] in ("arr", "vec"):
            return (node[0], node[1], self.key(node[2]))
        return node


def _run(node: Node) -> tuple[int, Node]:
    """(count, element) of a run of elements that are no arrays: ``[2 x [16 x i8]]`` is 32 ``i8``."""
    count = 1
    while node[0] == "arr":
        count *= node[1]
        node = node[2]
    return count, node


__all__ = ["declared_type"]
