"""Parser for the canonical IR text printed by :mod:`cryptohls.ir.printer`."""

from __future__ import annotations

import json
import re

from cryptohls.ir.nodes import Block, Const, Function, Memory, Op, Param

_DECODER = json.JSONDecoder()
_OP_RE = re.compile(r"^(?:%(\d+)(?::i(\d+))? = )?([a-z_]+)(.*?)\s@(\d+):(\d+)(?: call@(\d+))?$")
_HEAD_RE = re.compile(r"^function (\S+) (\{.*\})(?: next %(\d+))?$")


class IRParseError(ValueError):
    pass


def _split_attrs(text: str) -> tuple[str, dict]:
    """Split 'operands {json}' into the operand text and the attribute dict."""
    brace = text.find("{")
    if brace < 0:
        return text, {}
    attrs, end = _DECODER.raw_decode(text[brace:])
    rest = text[brace + end:].strip()
    return text[:brace] + rest, attrs


def parse_function(text: str) -> Function:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if not lines or not lines[0].startswith("function "):
        raise IRParseError("expected 'function NAME {attrs}'")
    head = _HEAD_RE.match(lines[0].strip())
    if not head:
        raise IRParseError("expected 'function NAME {attrs}'")
    fn = Function(name=head.group(1), attrs=json.loads(head.group(2)))
    next_text = head.group(3)
    ops: dict[int, Op] = {}
    pending: list[tuple[Op, list[str], int]] = []
    block: Block | None = None
    for lineno, line in enumerate(lines[1:], start=2):
        s = line.strip()
        if s == "}":
            break
        if s.startswith("param "):
            pname, rest = s[6:].split(" ", 1)
            pattrs = json.loads(rest)
            fn.params.append(Param(pname, pattrs.pop("direction"), pattrs.pop("width"), pattrs))
        elif s.startswith("memory "):
            mname, rest = s[7:].split(" ", 1)
            init = None
            if " init " in rest:
                rest, init_text = rest.split(" init ", 1)
                init = json.loads(init_text)
            mattrs = json.loads(rest)
            fn.memories.append(Memory(mname, mattrs.pop("kind"), mattrs.pop("width"), mattrs.pop("depth"),
                                      mattrs, init))
        elif s.startswith("block "):
            block = Block(s[6:].strip())
            fn.blocks.append(block)
        else:
            m = _OP_RE.match(s)
            if not m or block is None:
                raise IRParseError(f"line {lineno}: cannot parse {s!r}")
            op_id = int(m.group(1)) if m.group(1) else None
            body, op_attrs = _split_attrs(m.group(4))
            operand_texts = [t.strip() for t in body.split(",") if t.strip()]
            op = Op(op_id if op_id is not None else 0, m.group(3), int(m.group(2) or 0), [], op_attrs,
                    int(m.group(5)), int(m.group(6)))
            op.call_line = int(m.group(7) or 0)
            if op_id is None:
                op.id = -1
            else:
                if op_id in ops:
                    raise IRParseError(f"line {lineno}: %{op_id} defined twice")
                ops[op_id] = op
            fn.append(block, op)
            pending.append((op, operand_texts, lineno))
    next_id = max(ops, default=0) + 1
    for op, texts, lineno in pending:
        if op.id == -1:
            op.id = next_id
            next_id += 1
        for t in texts:
            if t.startswith("%"):
                ref = int(t[1:])
                if ref not in ops:
                    raise IRParseError(f"line {lineno}: undefined value %{ref}")
                op.operands.append(ops[ref])
            else:
                value, width = t.split(":i")
                op.operands.append(Const(int(width), int(value)))
    fn.next_id = int(next_text) if next_text else next_id
    return fn
