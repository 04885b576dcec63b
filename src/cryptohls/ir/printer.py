"""Canonical text form of the HLS IR (parsed back by :mod:`cryptohls.ir.parser`).

    function top {"clock_ns":10}
      param x {"direction":"in","width":32,...}
      memory sbox {"kind":"rom","width":8,"depth":256,...} init [99,124,...]
      block entry
        %3:i32 = add %1, 5:i32 {"name":"sum"} @12:7
        %4:i32 = xor %3, %1 @40:12 call@13
        %5 = br {"targets":["exit"]} @13:3
    }

``@LINE:COL`` is the op's source position; ``call@N`` (only when set) the line of the user's call for
code inlined from a header (``Op.call_line``); ``next %N`` on the function line (only when it is not
one past the largest id) the next free op id. Print → parse → print is the identity and the parsed
structure equals the printed one (tests/compiler/test_ir_roundtrip.py).
Attributes are canonical JSON (sorted keys), so the text is reproducible byte for byte.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii

from cryptohls.ir.nodes import Const, Function, Op, Operand


# One encoder for every op (json.dumps with options builds a JSONEncoder per call), and the most common
# attributes, one string (a name, a memory), quoted directly as the encoder quotes them: half of printing
# a large Csmith program's IR, which a compile writes twice. The text is the same.
_ENCODE_ATTRS = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode
_QUOTE = encode_basestring_ascii


def _attrs(attrs: dict) -> str:
    if len(attrs) == 1:
        (key, value), = attrs.items()
        if type(key) is str and type(value) is str:
            return "{" + _QUOTE(key) + ":" + _QUOTE(value) + "}"
    return _ENCODE_ATTRS(attrs)


def format_operand(v: Operand) -> str:
    if isinstance(v, Const):
        return f"{v.value}:i{v.width}"
    return f"%{v.id}"


def format_op(op: Op) -> str:
    # an op without a result keeps its id too (schedules and dumps refer to ops by id)
    text = f"%{op.id}:i{op.width} = {op.opcode}" if op.width else f"%{op.id} = {op.opcode}"
    if op.operands:
        text += " " + ", ".join(format_operand(v) for v in op.operands)
    if op.attrs:
        text += " " + _attrs(op.attrs)
    text += f" @{op.line}:{op.col}"
    if op.call_line:   # inlined from a header: the line of the user's call (Op.source_line)
        text += f" call@{op.call_line}"
    return text


def print_function(fn: Function) -> str:
    head = f"function {fn.name} {_attrs(fn.attrs)}"
    if fn.next_id != max((op.id for op in fn.all_ops()), default=0) + 1:
        head += f" next %{fn.next_id}"   # ids of deleted ops are not reused
    lines = [head]
    for p in fn.params:
        lines.append(f"  param {p.name} {_attrs({'direction': p.direction, 'width': p.width, **p.attrs})}")
    for m in fn.memories:
        head = f"  memory {m.name} {_attrs({'kind': m.kind, 'width': m.width, 'depth': m.depth, **m.attrs})}"
        if m.init is not None:
            head += " init " + json.dumps(m.init, separators=(",", ":"))
        lines.append(head)
    for b in fn.blocks:
        lines.append(f"  block {b.name}")
        for op in b.ops:
            lines.append("    " + format_op(op))
    lines.append("}")
    return "\n".join(lines) + "\n"
