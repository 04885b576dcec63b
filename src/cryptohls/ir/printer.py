"""Canonical text form of the HLS IR (parsed back by :mod:`cryptohls.ir.parser`).

    function top {"clock_ns":10}
      param x {"direction":"in","width":32,...}
      memory sbox {"kind":"rom","width":8,"depth":256,...} init [99,124,...]
      block entry
        %3:i32 = add %1, 5:i32 {"name":"sum"} @12:7
        br {"targets":["exit"]} @13:3
    }

Attributes are canonical JSON (sorted keys), so the text is reproducible byte for byte.
"""

from __future__ import annotations

import json

from cryptohls.ir.nodes import Const, Function, Op, Operand


def _attrs(attrs: dict) -> str:
    return json.dumps(attrs, sort_keys=True, separators=(",", ":"))


def format_operand(v: Operand) -> str:
    if isinstance(v, Const):
        return f"{v.value}:i{v.width}"
    return f"%{v.id}"


def format_op(op: Op) -> str:
    text = f"%{op.id}:i{op.width} = {op.opcode}" if op.width else op.opcode
    if op.operands:
        text += " " + ", ".join(format_operand(v) for v in op.operands)
    if op.attrs:
        text += " " + _attrs(op.attrs)
    return text + f" @{op.line}:{op.col}"


def print_function(fn: Function) -> str:
    lines = [f"function {fn.name} {_attrs(fn.attrs)}"]
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
