"""Expression balancing: a chain of the same associative operation (xor/and/or, and integer add
modulo 2^w), whose intermediate results are used only inside the chain, is rebuilt as a tree that
combines the two earliest-ready inputs first (Huffman on logic depth). ``a ^ b ^ c ^ d`` becomes
``(a ^ b) ^ (c ^ d)``: two levels of logic instead of three. For adds this is Vitis HLS's default
integer expression balancing: in SHA-1's round ``ROL(a,5) + f(b,c,d) + e + W[t] + K`` the late
operand f (logic) enters the tree last, and a chain of four carry chains becomes three
(``((ROL(a,5) + e) + (W[t] + K)) + f``), which lets a pipelined round start every cycle.

For xor the leaves may also be taken through shared xor nodes (duplicating a little logic), where
equal leaves cancel (x ^ x = 0): MixColumns' ``a ^ (a ^ b ^ c ^ d) ^ xtime(a ^ b)`` becomes
``b ^ c ^ d ^ xtime(a ^ b)``, one level less. This form is used only when its tree is shallower."""

from __future__ import annotations

import heapq
from collections import Counter

from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass

BALANCED = ("xor", "and", "or", "add")
_FREE = ("param", "phi", "load", "zext", "trunc", "slice", "concat", "sext", "can_transfer")
EXPAND_LIMIT = 16   # at most this many leaves when expanding shared xor nodes


def _wiring(op: Op) -> bool:
    """No logic level (as in the delay model): constant shifts, a bitwise op with a constant, a sign test."""
    if op.opcode in ("shl", "lshr", "ashr", "and", "or", "xor"):
        return any(isinstance(v, Const) for v in op.operands)
    if op.opcode == "icmp" and isinstance(op.operands[1], Const):
        c, pred = op.operands[1], op.attrs["pred"]
        return (pred in ("slt", "sge") and c.value == 0) or (pred in ("sgt", "sle") and c.value == (1 << c.width) - 1)
    return False


class ExpressionBalancing(Pass):
    name = "balance"

    def _run(self, fn: Function) -> bool:
        users = fn.users()
        changed = False
        for b in fn.blocks:
            depth: dict[int, int] = {}
            for op in list(b.ops):
                if op.opcode in BALANCED and not self._interior(op, users, b):
                    leaves = self._leaves(op, op.opcode, users, b)
                    if op.opcode == "xor":
                        leaves = self._cancelling_leaves(op, b, leaves, depth)
                    if len(leaves) >= 3 and self._rebuild(fn, b, op, leaves, depth):
                        changed = True
                depth[op.id] = self._depth(op, depth)
        return changed

    @staticmethod
    def _interior(op: Op, users: dict[int, list[Op]], b: Block) -> bool:
        """Used exactly once, by the same operation in the same block: part of a bigger chain."""
        us = users.get(op.id, [])
        return len(us) == 1 and us[0].opcode == op.opcode and us[0].block is b and us[0].width == op.width

    def _leaves(self, op: Op, kind: str, users: dict[int, list[Op]], b: Block) -> list[Operand]:
        out: list[Operand] = []
        for v in op.operands:
            if isinstance(v, Op) and v.opcode == kind and v.block is b and self._interior(v, users, b):
                out += self._leaves(v, kind, users, b)
            else:
                out.append(v)
        return out

    def _cancelling_leaves(self, root: Op, b: Block, leaves: list[Operand], depth: dict[int, int]) -> list[Operand]:
        """The xor leaves through shared xor nodes too, equal leaves cancelled in pairs, if that tree is
        shallower than the one over ``leaves``; else ``leaves``."""
        found: Counter = Counter()
        const = 0
        work = list(root.operands)
        nodes: dict[int, Op] = {}
        while work:
            v = work.pop()
            if isinstance(v, Const):
                const ^= v.value
            elif v.opcode == "xor" and v.block is b and v.width == root.width:
                work.extend(v.operands)
            else:
                found[v.id] += 1
                nodes[v.id] = v
            if len(found) + len(work) > EXPAND_LIMIT:
                return leaves
        expanded: list[Operand] = [nodes[i] for i, n in found.items() if n % 2]
        if const:
            expanded.append(Const(root.width, const))
        if len(expanded) < 2:
            return leaves   # the whole expression folds to a leaf or a constant: leave it to const-fold
        return expanded if self._huffman_depth(expanded, depth) < self._huffman_depth(leaves, depth) else leaves

    @staticmethod
    def _huffman_depth(leaves: list[Operand], depth: dict[int, int]) -> int:
        heap = [0 if isinstance(v, Const) else depth.get(v.id, 0) for v in leaves]
        heapq.heapify(heap)
        while len(heap) > 1:
            a, c = heapq.heappop(heap), heapq.heappop(heap)
            heapq.heappush(heap, max(a, c) + 1)
        return heap[0]

    @staticmethod
    def _depth(op: Op, depth: dict[int, int]) -> int:
        below = max((depth.get(v.id, 0) for v in op.op_operands()), default=0)
        return below if op.opcode in _FREE or _wiring(op) else below + 1

    def _rebuild(self, fn: Function, b: Block, root: Op, leaves: list[Operand], depth: dict[int, int]) -> bool:
        def d(v: Operand) -> int:
            return 0 if isinstance(v, Const) else depth.get(v.id, 0)
        old = self._tree_depth(root, b, depth)
        heap = [(d(v), k, v) for k, v in enumerate(leaves)]
        heapq.heapify(heap)
        counter = len(leaves)
        new_ops: list[Op] = []
        while len(heap) > 2:
            da, _, a = heapq.heappop(heap)
            db, _, bb = heapq.heappop(heap)
            node = fn.new_op(root.opcode, root.width, [a, bb], {}, root.line, root.col)
            new_ops.append(node)
            depth[node.id] = max(da, db) + 1
            heapq.heappush(heap, (depth[node.id], counter, node))
            counter += 1
        (da, _, a), (db, _, bb) = heap
        if max(da, db) + 1 >= old:
            return False   # already as shallow as it gets
        at = b.ops.index(root)
        for node in new_ops:
            node.block = b
        b.ops[at:at] = new_ops
        root.operands = [a, bb]
        return True

    def _tree_depth(self, op: Op, b: Block, depth: dict[int, int]) -> int:
        return max((depth.get(v.id, 0) if isinstance(v, Op) else 0) for v in op.operands) + 1 \
            if op.operands else 0
