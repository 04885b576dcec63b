"""Loop flattening: a perfect nest ``for i { for j { body } }`` whose inner loop is PIPELINEd becomes
one loop of N·M iterations, so the pipeline does not drain and refill at every outer iteration
(Vitis flattens such nests by default; ``#pragma HLS LOOP_FLATTEN off`` in either loop keeps them).

Handled shape (after if-conversion): the inner loop is one block F (a self-loop); the outer header H
holds only phis, pure ops and a jump to F; the outer latch X (F's exit, only F enters it) holds only
pure ops and the outer back branch, and neither multiplies or divides; both trip counts are constants
≥ 2. H's and X's ops move into F and run in every iteration (they are pure; their results matter only
where the original code used them):

* ``first`` (a new phi, 1 on entry): this iteration starts an inner run; each inner phi reads its
  value from H's edge then, and its own carried value otherwise (a select);
* each outer phi keeps its value while the inner loop continues and takes X's value when it ends;
  H's values are registers too, loaded from X's values when an inner run ends (so they are not in
  the chains of the inner recurrences);
* a new counter ``k`` runs 0 … N·M−1 and ends the loop (a constant trip count for scheduling and the
  report); the flattened loop keeps the inner loop's name and pragmas.
"""

from __future__ import annotations

from cryptohls.ir.analysis import constant_trip_count, loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op
from cryptohls.passes.base import Pass

_EFFECTS = ("load", "store", "out", "call", "can_transfer", "ret")
# the outer loop's own work joins every iteration of the flattened loop: multiplies and divisions
# there would lengthen its chains (and so its II) more than the saved drain cycles are worth
_SLOW = ("mul", "udiv", "sdiv", "urem", "srem")


def _cheap_and_pure(block: Block) -> bool:
    return all(op.opcode not in _EFFECTS + _SLOW for op in block.ops)


class LoopFlatten(Pass):
    name = "loop-flatten"

    def _run(self, fn: Function) -> bool:
        requests = fn.attrs.get("pipeline", {})
        if not requests:
            return False
        changed = False
        while (nest := self._perfect_nest(fn, requests)) is not None:
            self._flatten(fn, *nest)
            changed = True
        return changed

    def _perfect_nest(self, fn: Function, requests: dict):
        """(pre, H, F, X, E, outer trips, inner trips) of the first flattenable nest, or None."""
        keep = {str(line) for line in fn.attrs.get("flatten_off", [])}
        preds = fn.predecessors()
        for lp in natural_loops(fn):
            outer = lp.parent
            if lp.blocks != {lp.header} or outer is None or len(outer.latches) != 1:
                continue
            f = fn.block(lp.header)
            line = loop_key(f.terminator)
            h, x = fn.block(outer.header), fn.block(outer.latches[0])
            if line not in requests or line in keep or loop_key(x.terminator) in keep:
                continue
            if outer.blocks != {h.name, f.name, x.name} or h is x or sorted(preds[f.name]) != sorted([h.name, f.name]):
                continue
            if h.successors() != [f.name] or preds[x.name] != [f.name] or sorted(f.successors()) != sorted([f.name, x.name]):
                continue
            outside = [p for p in preds[h.name] if p != x.name]
            if len(outside) != 1 or len(x.successors()) != 2 or not (_cheap_and_pure(h) and _cheap_and_pure(x)):
                continue
            inner_trips, outer_trips = constant_trip_count(fn, lp), constant_trip_count(fn, outer)
            if not inner_trips or not outer_trips or inner_trips < 2 or outer_trips < 2:
                continue
            e = fn.block(next(t for t in x.successors() if t != h.name))
            return fn.block(outside[0]), h, f, x, e, outer_trips, inner_trips
        return None

    def _flatten(self, fn: Function, pre: Block, h: Block, f: Block, x: Block, e: Block,
                 outer_trips: int, inner_trips: int) -> None:
        term = f.terminator

        def new(opcode: str, width: int, operands: list, attrs: dict | None = None) -> Op:
            return fn.new_op(opcode, width, operands, attrs, term.line, term.col)

        replaced: dict[int, object] = {}   # id of a phi that goes away -> the value that takes its place
        cont = term.operands[0]            # the inner loop goes on
        late: list[Op] = []
        if term.attrs["targets"][0] != f.name:
            cont = new("xor", 1, [cont, Const(1, 1)])
            late.append(cont)
        first = new("phi", 1, [Const(1, 1), None], {"blocks": [pre.name, f.name], "name": "first"})
        phis = [first]
        for ph in h.phis():   # outer phis: hold during an inner run, take X's value at its end
            blocks = ph.attrs["blocks"]
            held = new("phi", ph.width, [ph.operands[blocks.index(pre.name)], None],
                       {**ph.attrs, "blocks": [pre.name, f.name]})
            late.append(new("select", ph.width, [cont, held, ph.operands[blocks.index(x.name)]]))
            held.operands[1] = late[-1]
            replaced[id(ph)] = held
            phis.append(held)
        starts: list[Op] = []
        for q in f.phis():    # inner phis: H's value when an inner run starts, their own otherwise
            blocks = q.attrs["blocks"]
            carried = new("phi", q.width, [Const(q.width, 0), q.operands[blocks.index(f.name)]],
                          {**q.attrs, "blocks": [pre.name, f.name]})
            starts.append(new("select", q.width, [first, q.operands[blocks.index(h.name)], carried],
                              {k: v for k, v in q.attrs.items() if k == "name"}))
            replaced[id(q)] = starts[-1]
            phis.append(carried)
        for q in x.phis():    # only F enters X: its phis are copies
            replaced[id(q)] = q.operands[0]
        total = outer_trips * inner_trips
        kw = max(1, (total - 1).bit_length())
        k = new("phi", kw, [Const(kw, 0), None], {"blocks": [pre.name, f.name], "name": "flat"})
        k_next = new("add", kw, [k, Const(kw, 1)])
        k.operands[1] = k_next
        stay = new("icmp", 1, [k, Const(kw, total - 1)], {"pred": "ult"})
        first.operands[1] = new("xor", 1, [cont, Const(1, 1)])
        h_ops, f_ops, x_ops = ([op for op in blk.ops[:-1] if op.opcode != "phi"] for blk in (h, f, x))
        f.ops = phis + [k] + h_ops + starts + f_ops + x_ops + late + \
            [first.operands[1], k_next, stay, new("br", 0, [stay], {**term.attrs, "targets": [f.name, e.name]})]

        def resolve(v):
            while isinstance(v, Op) and id(v) in replaced:
                v = replaced[id(v)]
            return v

        for op in f.ops:
            op.block = f
            op.operands = [resolve(v) for v in op.operands]
        for blk in fn.blocks:   # uses after the nest
            if blk not in (h, f, x):
                for op in blk.ops:
                    op.operands = [resolve(v) for v in op.operands]
        self._register_row_values(fn, pre, f, h_ops, [p for p in phis if p.operands[1] in late])
        pre.terminator.attrs["targets"] = [f.name if t == h.name else t for t in pre.terminator.attrs["targets"]]
        for phi in e.phis():
            phi.attrs["blocks"] = [f.name if b == x.name else b for b in phi.attrs["blocks"]]
        fn.blocks = [b for b in fn.blocks if b is not h and b is not x]
        fn.attrs.setdefault("flattened", {})[loop_key(term)] = {
            "outer": x.terminator.attrs.get("loop_name", x.name), "outer_line": x.terminator.attrs.get("loop_line"),
            "trips": [outer_trips, inner_trips]}

    @staticmethod
    def _register_row_values(fn: Function, pre: Block, f: Block, h_ops: list[Op], held: list[Op]) -> None:
        """H's values (one per outer iteration) come from registers, loaded with the next outer
        iteration's values: they stay out of the inner recurrences' chains (e.g. a row value that feeds
        an accumulator when a row starts would otherwise chain its multiply into the recurrence)."""
        if not h_ops:
            return

        def clone(block_ops: list[Op], mapping: dict[int, object]) -> dict[int, Op]:
            copies: dict[int, Op] = {}
            for op in h_ops:
                c = fn.new_op(op.opcode, op.width, [copies.get(id(v), mapping.get(id(v), v)) for v in op.operands],
                              dict(op.attrs), op.line, op.col)
                copies[id(op)] = c
                block_ops.append(c)
            return copies

        at_entry: list[Op] = []
        first_values = clone(at_entry, {id(p): p.operands[0] for p in held})
        for op in at_entry:
            op.block = pre
        pre.ops[-1:-1] = at_entry
        # computed from the values X gives the outer phis (not from the select that holds them), and
        # loaded only when the inner run ends: no chain from the inner loop's test into H's work
        # (the outer loop has an induction phi, so `held` is never empty; each is select(cont, held, b))
        next_values_ops: list[Op] = []
        next_values = clone(next_values_ops, {id(p): p.operands[1].operands[2] for p in held})
        cont = held[0].operands[1].operands[0]
        regs = {}
        for op in h_ops:
            regs[id(op)] = fn.new_op("phi", op.width, [first_values[id(op)], None],
                                     {"blocks": [pre.name, f.name], **{k: v for k, v in op.attrs.items() if k == "name"}},
                                     op.line, op.col)
            regs[id(op)].operands[1] = fn.new_op("select", op.width, [cont, regs[id(op)], next_values[id(op)]], {},
                                                 op.line, op.col)
            next_values_ops.append(regs[id(op)].operands[1])
        inside = {id(op) for op in h_ops} | {id(op) for op in next_values_ops}
        for blk in fn.blocks:
            for op in blk.ops:
                if id(op) not in inside:
                    op.operands = [regs.get(id(v), v) for v in op.operands]
        n_phis = len(f.phis())
        f.ops[n_phis:n_phis] = list(regs.values())
        f.ops[-4:-4] = next_values_ops   # before the exit test (first, k_next, stay, br)
        for op in f.ops:
            op.block = f

