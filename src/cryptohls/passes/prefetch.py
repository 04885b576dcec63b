"""Prefetch of loop reads whose address follows the loop counter: in a loop to be pipelined (PIPELINE,
or passes/auto_pipeline.py), a read ``x = M[f(i)]`` of an internal memory the loop does not write, with
``i`` an induction phi, is issued one iteration ahead: the entering block reads ``M[f(i0)]``, each
iteration reads ``M[f(i + step)]`` for the next one, and ``x`` becomes a phi of the two. The data of a
synchronous read then arrives with the iteration instead of one cycle into it, so a recurrence that
uses it (SHA-1's round: ``a' = ROL(a,5) + f + e + W[t] + K``) is not held to II=2 by the read.

The last iteration reads one element past the loop's range; the value is never used, and only internal
memories (RAM/ROM, never an argument port or a stream) are read that way.
"""

from __future__ import annotations

from cryptohls.ir.analysis import const_step, loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass
from cryptohls.passes.loop_edges import preheader

_PURE = ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "zext", "sext", "trunc", "slice",
         "concat", "select", "icmp")


def _address_slice(operands: list[Operand], b: Block, phi: Op) -> list[Op] | None:
    """The ops of ``b`` that compute a read's address (and guard, passes/array_partition.py) from ``phi``
    and constants (in block order), or None."""
    need: dict[int, Op] = {}
    work = list(operands)
    while work:
        v = work.pop()
        if isinstance(v, Const) or v is phi:
            continue
        if not isinstance(v, Op) or v.block is not b or v.opcode not in _PURE:
            return None
        if v.id not in need:
            need[v.id] = v
            work.extend(v.operands)
    return [op for op in b.ops if op.id in need]


def _induction(b: Block, entry: str) -> list[tuple[Op, Operand, Op]]:
    """(phi, entry value, next value) of the phis stepped by a constant add each iteration."""
    out = []
    for p in b.phis():
        nxt = p.operands[p.attrs["blocks"].index(b.name)]
        if const_step(nxt, p) is not None:
            out.append((p, p.operands[p.attrs["blocks"].index(entry)], nxt))
    return out


def _on_recurrence(b: Block, load: Op) -> bool:
    """Whether the read's value reaches, within ``b``, a value carried to the next iteration (a phi's
    operand on the back edge): only then does an early read shorten the iteration. A read that only
    feeds a store or an output gains nothing from being issued ahead, and its first read makes the
    entering block longer (AES add_round_key's ``*state++ ^= *rk++``: two cycles more per round)."""
    carried = {id(p.operands[p.attrs["blocks"].index(b.name)]) for p in b.phis()}
    seen = {id(load)}
    for op in b.ops[b.ops.index(load) + 1:]:
        if any(isinstance(v, Op) and id(v) in seen for v in op.operands):
            seen.add(id(op))
    return bool(seen & carried)


class Prefetch(Pass):
    name = "prefetch"

    def _run(self, fn: Function) -> bool:
        requests = fn.attrs.get("pipeline", {})
        if not requests:
            return False
        changed = False
        preds = fn.predecessors()
        for lp in natural_loops(fn):
            b = fn.block(lp.header)
            if lp.blocks != {b.name} or loop_key(b.terminator) not in requests:
                continue
            entries = [p for p in preds[b.name] if p != b.name]
            if len(entries) != 1:
                continue
            entry = fn.block(entries[0])
            stored = {op.attrs["mem"] for op in b.ops if op.opcode == "store"}
            for load in [op for op in b.ops if op.opcode == "load"]:
                mem = fn.memory(load.attrs["mem"])
                if mem.kind not in ("ram", "rom") or mem.attrs.get("latency", 1) < 1 or mem.name in stored or \
                        not _on_recurrence(b, load):
                    continue
                for phi, init, nxt in _induction(b, entry.name):
                    ops = _address_slice(load.operands, b, phi)
                    if ops is None:
                        continue
                    if entry.successors() != [b.name]:   # e.g. a loop that leaves straight into this one
                        entry = preheader(fn, entry, b)
                    self._prefetch(fn, b, entry, load, ops, phi, init, nxt)
                    changed = True
                    break
        return changed

    @staticmethod
    def _prefetch(fn: Function, b: Block, entry: Block, load: Op, ops: list[Op], phi: Op, init: Operand,
                  nxt: Op) -> None:
        def clone(into: Block, at: int, start: Operand) -> Op:
            """The address ops and the read, with the counter replaced by ``start``, inserted at ``at``."""
            mapping: dict[int, Operand] = {phi.id: start}
            made = []
            for op in ops + [load]:
                c = fn.new_op(op.opcode, op.width, [mapping.get(v.id, v) if isinstance(v, Op) else v
                                                    for v in op.operands], dict(op.attrs), op.line, op.col)
                c.call_line, c.block = op.call_line, into
                mapping[op.id] = c
                made.append(c)
            into.ops[at:at] = made
            return made[-1]

        first = clone(entry, len(entry.ops) - 1, init)
        # the next iteration's read: after the counter's next value, before the branch
        ahead = clone(b, len(b.ops) - 1, nxt)
        carried = fn.new_op("phi", load.width, [first, ahead], {"blocks": [entry.name, b.name],
                                                                 **({"name": load.attrs["name"]}
                                                                    if "name" in load.attrs else {})},
                            load.line, load.col)
        carried.block = b
        b.ops.insert(0, carried)
        fn.replace_all_uses(load, carried)
        b.ops.remove(load)
