"""Full unrolling of small pure loops whose trip count is a constant once the IR is folded
(``while (b) { if (b & 1) p ^= a; a = xtime(a); b >>= 1; }`` inlined with a constant ``b``).

As an -O2 front end does (LLVM's full unroll: the trip count found by evaluating the exit test, the
unrolled size at most ``unroll-threshold-default`` = 150 instructions), restricted to what is always
faster in hardware: a loop of one block (after if-conversion) with no memory, port, stream or call
effects (reads and writes of an array in registers excepted: they have no port to wait for), entered
from one block, and carrying no HLS directive (the user's loops stay as written).
Such a loop costs a cycle per trip plus its entry and exit; unrolled, its trips chain as logic and the
scheduler packs them into as few cycles as the clock allows. Trips are counted by evaluating the
values the exit test depends on, starting from the header phis' constant entry values (at most 100
trips, LLVM's brute-force exit count limit); any unknown value means no constant trip count.
"""

from __future__ import annotations

from cryptohls.ir.analysis import loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass
from cryptohls.passes.const_fold import fold

MAX_UNROLLED_OPS = 150   # LLVM unroll-threshold-default (-O2)
MAX_TRIPS = 100          # LLVM ScalarEvolution MaxBruteForceIterations
_EFFECTS = ("load", "store", "out", "param", "call", "can_transfer", "ret")


def entry_constants(loop: Block, entry: str) -> dict[int, Const]:
    """The header phis of the self-loop ``loop`` whose value on entry from ``entry`` is a constant."""
    env: dict[int, Const] = {}
    for p in loop.phis():
        v = p.operands[p.attrs["blocks"].index(entry)]
        if isinstance(v, Const):
            env[p.id] = v
    return env


def next_trip_constants(loop: Block, env: dict[int, Const]) -> dict[int, Const]:
    """The header phis whose value for the next trip of ``loop`` is a constant under ``env``."""
    nxt: dict[int, Const] = {}
    for p in loop.phis():
        v = p.operands[p.attrs["blocks"].index(loop.name)]
        v = env.get(v.id) if isinstance(v, Op) else v
        if isinstance(v, Const):
            nxt[p.id] = v
    return nxt


def evaluated_trip_count(loop: Block, entry: str) -> int | None:
    """Trips of the self-loop ``loop`` entered from ``entry``, by evaluating its exit test from the
    phis' entry values; None when a value it needs is not a constant or it runs over MAX_TRIPS."""
    term = loop.terminator
    env = entry_constants(loop, entry)
    stay_when_true = term.attrs["targets"][0] == loop.name
    for trip in range(1, MAX_TRIPS + 1):
        for op in loop.ops:
            if op.opcode == "phi" or op.is_terminator:
                continue
            args = [env.get(v.id) if isinstance(v, Op) else v for v in op.operands]
            if all(isinstance(a, Const) for a in args):
                probe = Op(0, op.opcode, op.width, args, op.attrs)
                value = fold(probe)
                if isinstance(value, Const):
                    env[op.id] = value
                    continue
            env.pop(op.id, None)
        cond = term.operands[0]
        c = env.get(cond.id) if isinstance(cond, Op) else cond
        if not isinstance(c, Const):
            return None
        if bool(c.value) != stay_when_true:
            return trip
        env = next_trip_constants(loop, env)
    return None


def _unported(fn: Function, op: Op) -> bool:
    """A load or store of an array in registers (passes/memory_binding.py: any number of accesses per
    cycle), so unrolled trips are not held back by a port, and a copy costs a multiplexer or a write
    enable, not a memory. Reads of a ROM in logic are left rolled: each unrolled read would be a copy
    of the whole table (AES's S-box: 16 tables for one sub_bytes loop)."""
    return op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind == "regs"


class FullUnroll(Pass):
    name = "full-unroll"

    def _run(self, fn: Function) -> bool:
        directed = {str(k) for k in fn.attrs.get("directive_loops", [])}
        changed = False
        for lp in natural_loops(fn):
            b = fn.block(lp.header)
            term = b.terminator
            if lp.blocks != {b.name} or len(term.attrs.get("targets", [])) != 2 or not term.operands:
                continue
            if loop_key(term) in directed or any(op.opcode in _EFFECTS and not _unported(fn, op) for op in b.ops):
                continue
            entries = [p for p in fn.predecessors()[b.name] if p != b.name]
            if len(entries) != 1:
                continue
            trips = evaluated_trip_count(b, entries[0])
            body = [op for op in b.ops if op.opcode != "phi" and not op.is_terminator]
            if trips is None or trips * len(body) > MAX_UNROLLED_OPS:
                continue
            self._unroll(fn, b, entries[0], trips)
            changed = True
        return changed

    @staticmethod
    def _unroll(fn: Function, b: Block, entry: str, trips: int) -> None:
        """Replaces the self-loop ``b`` by ``trips`` copies of its body in one block that jumps to
        the exit; uses after the loop read the last trip's values."""
        term = b.terminator
        phis, body = b.phis(), [op for op in b.ops if op.opcode != "phi" and not op.is_terminator]
        value: dict[int, Operand] = {p.id: p.operands[p.attrs["blocks"].index(entry)] for p in phis}
        ops: list[Op] = []
        for trip in range(trips):
            if trip:
                carried = [p.operands[p.attrs["blocks"].index(b.name)] for p in phis]
                # every phi takes the previous trip's value at once (``e = d; d = c``)
                value.update({p.id: value.get(v.id, v) if isinstance(v, Op) else v for p, v in zip(phis, carried)})
            for op in body:
                copy = fn.new_op(op.opcode, op.width, [value.get(v.id, v) if isinstance(v, Op) else v
                                                       for v in op.operands], dict(op.attrs), op.line, op.col)
                folded = fold(copy)   # the trip's constants (b & 1 with b known) fold away here
                if folded is not None:
                    value[op.id] = folded
                    continue
                copy.call_line = op.call_line
                copy.block = b
                value[op.id] = copy
                ops.append(copy)
        exit_ = next(t for t in term.attrs["targets"] if t != b.name)
        jump = fn.new_op("br", 0, [], {"targets": [exit_]}, term.line, term.col)
        jump.block = b
        b.ops = ops + [jump]
        last = {op.id: value[op.id] for op in phis + body}
        for blk in fn.blocks:
            for op in blk.ops:
                op.operands = [last.get(v.id, v) if isinstance(v, Op) else v for v in op.operands]
