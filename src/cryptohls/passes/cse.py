"""Common subexpression elimination within a block (pure ops with equal opcode, operands, attrs).

Duplicate port reads (one ``param`` per C access of a partitioned array) collapse here."""

from __future__ import annotations

import json

from cryptohls.ir.nodes import Const, Function
from cryptohls.passes.base import Pass

PURE_EXCLUDED = ("load", "store", "out", "br", "ret", "phi", "can_transfer")


class CommonSubexpressionElimination(Pass):
    name = "cse"

    def _run(self, fn: Function) -> bool:
        changed = False
        replaced: dict[int, object] = {}
        for b in fn.blocks:
            seen: dict[tuple, object] = {}
            kept = []
            for op in b.ops:
                if replaced:
                    _replace_operands(op, replaced)
                if op.opcode in PURE_EXCLUDED:
                    kept.append(op)
                    continue
                key = (op.opcode, op.width,
                       tuple(("c", v.width, v.value) if isinstance(v, Const) else ("v", v.id) for v in op.operands),
                       _attrs_key(op.attrs))
                if key in seen:
                    replaced[op.id] = seen[key]
                    changed = True
                    continue
                seen[key] = op
                kept.append(op)
            b.ops = kept
        if changed:
            for op in fn.all_ops():
                _replace_operands(op, replaced)
        return changed


def _replace_operands(op, replaced: dict[int, object]) -> None:
    """The replaced operands of ``op`` by what replaces them; a new list only for an op that has one
    (a new list for every op, each time, was most of this pass)."""
    operands = op.operands
    for v in operands:
        if not isinstance(v, Const) and v.id in replaced:
            op.operands = [replaced.get(v.id, v) if not isinstance(v, Const) else v for v in operands]
            return


def _attrs_key(attrs: dict) -> str:
    """The attributes that make two ops different, as text (most ops have none: no JSON then)."""
    if not attrs or (len(attrs) == 1 and "name" in attrs):
        return "{}"
    return json.dumps({k: v for k, v in attrs.items() if k != "name"}, sort_keys=True)
