"""Loop counter narrowing: an induction variable of a loop with a constant trip count (``for (int r =
0; r < 10; r++)``) needs only the bits of the largest value it takes, not its C width. The phi and its
step become that wide (4 bits for 0..10), the exit test compares at that width, and other users read a
zero-extension. A 32-bit counter drives a 32-bit adder and comparator into the FSM's enables; after
place and route that control path, not the datapath, limited the AES core's clock (docs/compiler.md).

Also: ``icmp (zext x), c`` with c representable in x's width compares x directly (what the narrowed
counters leave behind, e.g. ``r == 9``)."""

from __future__ import annotations

from cryptohls.ir.analysis import const_step, constant_trip_count, natural_loops
from cryptohls.ir.nodes import Const, Function, Op, UseIndex
from cryptohls.passes.base import Pass

_UNSIGNED = {"slt": "ult", "sle": "ule", "sgt": "ugt", "sge": "uge"}


class NarrowInductionVariables(Pass):
    name = "narrow-iv"

    def _run(self, fn: Function) -> bool:
        self._uses: UseIndex | None = None   # made at the first rewrite, told of every use a rewrite adds
        changed = False
        for lp in natural_loops(fn):
            trip = constant_trip_count(fn, lp)
            if trip is None:
                continue
            changed |= self._narrow_loop(fn, lp, trip)
        changed |= self._narrow_compares(fn)
        return changed

    def _narrow_loop(self, fn: Function, lp, trip: int) -> bool:
        latch = fn.block(lp.latches[0])
        cmp = latch.terminator.operands[0]
        changed = False
        for phi in fn.block(lp.header).phis():
            blocks = phi.attrs["blocks"]
            if len(blocks) != 2 or latch.name not in blocks:
                continue
            init = phi.operands[1 - blocks.index(latch.name)]
            nxt = phi.operands[blocks.index(latch.name)]
            step = const_step(nxt, phi)
            if not (isinstance(init, Const) and step is not None and nxt.block is latch):
                continue
            values = [init.value + k * step for k in range(trip + 1)]   # phi: 0..trip-1, next: 1..trip
            if min(values) < 0 or max(values) >> phi.width:
                continue   # wraps at the C width: keep it
            width = max(1, max(values).bit_length())
            tests = cmp if isinstance(cmp, Op) and cmp.opcode == "icmp" and \
                any(v is phi or v is nxt for v in cmp.operands) else None
            if tests is not None:
                bound = next(v for v in tests.operands if isinstance(v, Const)) \
                    if any(isinstance(v, Const) for v in tests.operands) else None
                if bound is None:
                    continue
                b = bound.signed_value() if tests.attrs["pred"].startswith("s") else bound.value
                if b < 0:
                    continue
                width = max(width, b.bit_length(), 1)
            if width >= phi.width:
                continue
            self._rewrite(fn, phi, nxt, init, step, width, tests)
            changed = True
        return changed

    def _rewrite(self, fn: Function, phi: Op, nxt: Op, init: Const, step: int, width: int, tests: Op | None) -> None:
        old = phi.width
        # one index of uses for all the loops (a scan of the function per counter was most of this pass)
        if self._uses is None:
            self._uses = fn.use_index()
        users = {phi.id: self._uses.users(phi), nxt.id: self._uses.users(nxt)}
        outside = {id(u) for u in users[phi.id] + users[nxt.id]} - {id(phi), id(nxt)}
        if tests is not None:
            outside.discard(id(tests))
        phi.width = width
        phi.operands = [Const(width, init.value) if v is init else v for v in phi.operands]
        nxt.width = width
        nxt.operands = [phi, Const(width, abs(step))]   # it used phi before (const_step)
        nxt.opcode = "add" if step > 0 else "sub"
        if tests is not None:
            tests.operands = [Const(width, v.value) if isinstance(v, Const) else v for v in tests.operands]
            tests.attrs["pred"] = _UNSIGNED.get(tests.attrs["pred"], tests.attrs["pred"])
        wide: dict[int, Op] = {}
        for v in (phi, nxt):
            if not any(id(u) in outside for u in users.get(v.id, [])):
                continue
            z = fn.new_op("zext", old, [v], {"name": phi.attrs.get("name", "")} if phi.attrs.get("name") else {},
                          v.line, v.col)
            z.block = v.block
            ops = v.block.ops
            at = max(i for i, o in enumerate(ops) if o.opcode == "phi") + 1 if v is phi else ops.index(v) + 1
            ops.insert(at, z)
            self._uses.add_use(z, v)
            wide[v.id] = z
        for op in {id(u): u for u in users[phi.id] + users[nxt.id] if id(u) in outside}.values():
            op.operands = [wide[v.id] if isinstance(v, Op) and v.id in wide else v for v in op.operands]
            for z in wide.values():
                self._uses.add_use(op, z)

    @staticmethod
    def _narrow_compares(fn: Function) -> bool:
        changed = False
        for op in fn.all_ops():
            if op.opcode != "icmp" or len(op.operands) != 2:
                continue
            a, c = op.operands
            if not (isinstance(a, Op) and a.opcode == "zext" and isinstance(c, Const)):
                continue
            x = a.operands[0]
            pred = op.attrs["pred"]
            value = c.signed_value() if pred.startswith("s") else c.value
            if value < 0 or value >> x.width:
                continue
            op.operands = [x, Const(x.width, value)]
            op.attrs["pred"] = _UNSIGNED.get(pred, pred)
            changed = True
        return changed
