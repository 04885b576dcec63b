"""If-conversion: a triangle or diamond whose side blocks only compute values (no stores, port
writes or multi-cycle memory reads) is flattened into its head block; the join's phis become
selects. Turns ``if (r != 9) mix_columns(s);`` into one-cycle datapath logic.

A side block may also hold one access to a valid_ready stream (``if (n) out.write(x);``,
``if (more) w = in.read();``):
it moves into the head *predicated* — its last operand is the i1 condition under which it happens (a
store's third, a load's second); codegen/streams.py offers and waits for it only when that is 1 — so the
access costs no state of its own. A predicated read's word reaches the join through the phi's select.
Inside a loop that a PIPELINE pragma asks for, an axis stream access is predicated the same way (a
branch left in the loop would keep it from being pipelined at all: ``if (!start) out.write(x);`` in
a II=1 stream loop); elsewhere axis and ap_fifo accesses keep their branches (see _stream_access)."""

from __future__ import annotations

from cryptohls.ir.analysis import loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op
from cryptohls.passes.base import Pass
from cryptohls.passes.merge_blocks import merge_into, mergeable


def _stream_access(fn: Function, op: Op, pipelined: bool = False) -> bool:
    """A read or write of a valid_ready stream, or of an axis stream in a requested pipelined loop
    (``pipelined``). (Elsewhere ap_fifo/axis streams keep their branches for now: predicating them
    changes aes128-ctr-io's HLS pdi_processor, a parity design, so that waits for a parity re-run.)"""
    if op.opcode not in ("load", "store"):
        return False
    mem = fn.memory(op.attrs["mem"])
    modes = ("valid_ready", "axis") if pipelined else ("valid_ready",)
    return mem.kind == "stream" and mem.attrs.get("mode") in modes


def _pipelined_blocks(fn: Function) -> set[str]:
    """The blocks of the loops a PIPELINE pragma asks for (``fn.attrs["pipeline"]``, by loop key)."""
    requests = fn.attrs.get("pipeline", {})
    if not requests:
        return set()
    blocks: set[str] = set()
    for lp in natural_loops(fn):
        if any(loop_key(fn.block(latch).terminator) in requests for latch in lp.latches):
            blocks |= lp.blocks
    return blocks


def _speculatable(fn: Function, b: Block, pipelined: bool = False) -> bool:
    if sum(_stream_access(fn, op, pipelined) for op in b.ops) > 1:   # two transfers would need two states anyway
        return False
    for op in b.ops[:-1]:
        if op.opcode in ("store", "out", "phi", "udiv", "sdiv", "urem", "srem") and \
                not _stream_access(fn, op, pipelined):
            return False
        if op.opcode == "load" and not _stream_access(fn, op, pipelined) and \
                (fn.memory(op.attrs["mem"]).attrs.get("latency", 1) != 0 or
                 fn.memory(op.attrs["mem"]).kind == "stream"):   # a read pops a FIFO
            return False
    return b.terminator.opcode == "br" and not b.terminator.operands


class IfConversion(Pass):
    name = "if-convert"

    def _run(self, fn: Function) -> bool:
        changed = False
        progress = True
        while progress:
            progress = False
            preds = fn.predecessors()
            piped = _pipelined_blocks(fn)
            for head in fn.blocks:
                term = head.terminator
                if term.opcode != "br" or not term.operands:
                    continue
                t, f = term.attrs["targets"]
                pipelined = head.name in piped
                sides, join = self._shape(fn, preds, head, t, f, pipelined)
                if join is None:
                    continue
                self._convert(fn, head, sides, join, term, pipelined)
                progress = changed = True
                break
            if not progress:
                progress = self._merge_one(fn)
                changed |= progress
        return changed

    @staticmethod
    def _merge_one(fn: Function) -> bool:
        """Merge one block into its only predecessor (a converted if's join into its head): True if any."""
        preds = fn.predecessors()
        for a in fn.blocks:
            b = mergeable(fn, a, preds)
            if b is not None:
                merge_into(fn, a, b)
                return True
        return False

    def _shape(self, fn: Function, preds, head: Block, t: str, f: str, pipelined: bool = False):
        def side_ok(name: str) -> bool:
            b = fn.block(name)
            return name != head.name and preds[name] == [head.name] and _speculatable(fn, b, pipelined) and \
                len(b.successors()) == 1
        if side_ok(t) and fn.block(t).successors() == [f] and f != head.name:
            return {t: True}, f
        if side_ok(f) and fn.block(f).successors() == [t] and t != head.name:
            return {f: False}, t
        if side_ok(t) and side_ok(f) and fn.block(t).successors() == fn.block(f).successors() and \
                fn.block(t).successors()[0] != head.name and \
                not any(_stream_access(fn, op, pipelined) for op in fn.block(t).ops + fn.block(f).ops):
            return {t: True, f: False}, fn.block(t).successors()[0]
        return None, None

    @staticmethod
    def _predicate(fn: Function, head: Block, op: Op, cond, when: bool) -> None:
        """The moved stream access happens only when the branch went its way (and its own predicate held)."""
        pred = cond
        if not when:
            pred = fn.new_op("xor", 1, [cond, Const(1, 1)], {}, op.line, op.col)
            head.ops.insert(len(head.ops) - 1, pred)
            pred.block = head
        n = 2 if op.opcode == "store" else 1   # the access's own operands (address, value)
        if len(op.operands) > n:
            both = fn.new_op("and", 1, [op.operands[n], pred], {}, op.line, op.col)
            head.ops.insert(len(head.ops) - 1, both)
            both.block = head
            pred = both
        op.operands = [*op.operands[:n], pred]

    def _convert(self, fn: Function, head: Block, sides: dict[str, bool], join: str, term: Op,
                 pipelined: bool = False) -> None:
        cond = term.operands[0]
        head.ops.pop()   # old branch
        for name, when in sides.items():
            b = fn.block(name)
            for op in b.ops[:-1]:
                op.block = head
                head.ops.append(op)
                if _stream_access(fn, op, pipelined):
                    self._predicate(fn, head, op, cond, when)
        jb = fn.block(join)
        for phi in jb.phis():
            blocks = phi.attrs["blocks"]
            incoming = dict(zip(blocks, phi.operands))
            when_true = incoming.get(next((n for n, v in sides.items() if v), head.name))
            when_false = incoming.get(next((n for n, v in sides.items() if not v), head.name))
            if when_true is when_false or when_true == when_false:
                value = when_true
            else:
                sel = fn.new_op("select", phi.width, [cond, when_true, when_false], {"name": phi.attrs.get("name", "")},
                                phi.line, phi.col)
                if not sel.attrs["name"]:
                    del sel.attrs["name"]
                fn.append(head, sel)
                value = sel
            keep = [(b, v) for b, v in zip(blocks, phi.operands) if b not in sides and b != head.name]
            phi.attrs["blocks"] = [b for b, _ in keep] + [head.name]
            phi.operands = [v for _, v in keep] + [value]
        fn.append(head, fn.new_op("br", 0, [], {"targets": [join], **{k: v for k, v in term.attrs.items()
                                                                      if k != "targets"}}, term.line, term.col))
        fn.blocks = [b for b in fn.blocks if b.name not in sides]
