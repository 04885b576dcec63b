"""Fusion of two consecutive loops with constant trip counts (loop fusion with a remainder, as
LLVM's LoopFuse and GCC's -ftree-loop-distribution's inverse do for equal trip counts; here the
longer loop's extra trips become a remainder loop).

``A: for i in 0..NA-1 { a(i) }  [X]  B: for j in 0..NB-1 { b(j) }`` becomes
``X; F: for k in 0..min-1 { a(k); b(k) }  R: the rest of the longer loop``, so the two bodies share
their cycles (SHA-1: the message schedule ``W[t] = ROL(W[t-3]^W[t-8]^W[t-14]^W[t-16], 1)``, t =
16..79, runs inside the four round loops, which read W[t] of a word written 16 iterations before).

Conditions (the pass refuses when any does not hold):
- A and B are loops of one block (after if-conversion), entered from one block, with no HLS
  directive, and A leaves straight into B's header or into a block X that only jumps to B;
- their trip counts are constants (evaluated from the phis' constant entry values, at most
  ``MAX_TRIPS``), and neither loop nor X has a port, stream, interface-memory or call effect; X has
  no phi and no store, and reads no memory A writes (X now runs before A);
- nothing of B (nor X) uses a value A computes: B must not start from A's results;
- memory: fusion runs B's trip j before A's trips i > j. For every memory one of the two writes,
  the address of every access of both loops is evaluated for every trip (only counters and
  constants: any address that depends on other values refuses), and no address B touches in trip j
  may be one A touches in a trip i >= j (i > j would be reordered; i = j is legal but would make B's
  part of a fused trip wait for A's, so nothing is gained);
- profit: the port-bound cycles per trip of the fused body (``_port_cycles``) are below the two
  bodies' sum, by more than ``REMAINDER_COST`` over the fused trips when a remainder loop is made;
  a remainder is never fused again with the loop it was split from (the ``fused`` keys on the latch),
  nor are two loops with a key in common (copies of one loop inlined twice).

The fused loop keeps both loops' phis; B's counter becomes A's counter plus a constant when both
step alike (so passes/load_window.py sees B's read ``W[t - 16]`` as part of A's window). The
remainder loop starts from the fused loop's values (constants where the evaluation knows them, so
its trip count stays a constant). Uses after the loops read the remainder's values for the longer
loop and the fused loop's for the shorter one.
"""

from __future__ import annotations

from cryptohls.ir.analysis import const_step, loop_key, natural_loops
from cryptohls.ir.nodes import Block, Const, Function, Op, Operand
from cryptohls.passes.base import Pass
from cryptohls.passes.const_fold import fold
from cryptohls.passes.full_unroll import entry_constants, next_trip_constants

MAX_TRIPS = 1024   # per loop: the memory check evaluates every trip's addresses
REMAINDER_COST = 2   # cycles: entering and leaving one more loop
_EFFECTS = ("out", "param", "call", "can_transfer", "ret")
_KINDS = ("ram", "rom", "regs")   # internal memories: the order of their accesses is not observable


def _loop_block(fn: Function, name: str, directed: set[str]) -> Block | None:
    """The block ``name`` when it is a loop of one block the pass may fuse, else None."""
    b = fn.block(name)
    term = b.terminator
    if term.opcode != "br" or len(term.attrs.get("targets", [])) != 2 or name not in term.attrs["targets"]:
        return None
    if term.attrs["targets"][0] == term.attrs["targets"][1] or loop_key(term) in directed:
        return None
    for op in b.ops:
        if op.opcode in _EFFECTS or (op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind not in _KINDS):
            return None
    return b


def _port_cycles(fn: Function, ops: list[Op]) -> int:
    """Cycles a trip of these ops needs at least for its memory ports (at least 1): the accesses of
    each memory with ports over its port count (arrays in registers have no port)."""
    count: dict[str, int] = {}
    for op in ops:
        if op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind != "regs":
            count[op.attrs["mem"]] = count.get(op.attrs["mem"], 0) + 1
    return max([1] + [-(-n // max(1, int(fn.memory(m).attrs.get("ports", 1)))) for m, n in count.items()])


def _keys(b: Block) -> set[str]:
    """The loop keys a loop block carries: its own and those of the loops fused into it."""
    return {loop_key(b.terminator), *b.terminator.attrs.get("fused", [])}


def _exit(b: Block) -> str:
    return next(t for t in b.terminator.attrs["targets"] if t != b.name)


def _simulate(b: Block, entry: str) -> tuple[int, list[list[tuple[str, int | None, bool]]], dict[int, Const]] | None:
    """Evaluates the self-loop ``b`` entered from ``entry``: (trips, per trip the accesses as (memory,
    address or None when not known, is a store), per trip the constant values the phis take for the
    next trip); None when the exit test is not a constant or it runs over MAX_TRIPS."""
    term = b.terminator
    env = entry_constants(b, entry)
    stay_when_true = term.attrs["targets"][0] == b.name
    trace: list[list[tuple[str, int | None, bool]]] = []
    history: list[dict[int, Const]] = []
    for _ in range(MAX_TRIPS):
        accesses = []
        for op in b.ops:
            if op.opcode == "phi" or op.is_terminator:
                continue
            if op.opcode in ("load", "store"):
                a = op.operands[0]
                a = env.get(a.id) if isinstance(a, Op) else a
                accesses.append((op.attrs["mem"], a.value if isinstance(a, Const) else None, op.opcode == "store"))
            args = [env.get(v.id) if isinstance(v, Op) else v for v in op.operands]
            if op.opcode not in ("load", "store") and all(isinstance(a, Const) for a in args):
                value = fold(Op(0, op.opcode, op.width, args, op.attrs))
                if isinstance(value, Const):
                    env[op.id] = value
                    continue
            env.pop(op.id, None)
        trace.append(accesses)
        nxt = next_trip_constants(b, env)
        history.append(nxt)
        cond = term.operands[0]
        c = env.get(cond.id) if isinstance(cond, Op) else cond
        if not isinstance(c, Const):
            return None
        if bool(c.value) != stay_when_true:
            return len(trace), trace, history
        env = dict(nxt)
    return None


def _independent(trace_a: list, trace_b: list) -> bool:
    """No access of B's trip j meets an access of A's trip i >= j on a memory one of them writes
    (i > j: fusion would reorder them; i = j: legal, but B's part of a fused trip would wait for A's,
    so the bodies would not share cycles)."""
    written = {m for trips in (trace_a, trace_b) for acc in trips for m, _, st in acc if st}
    for mem in written:
        # suffix[i]: (addresses A reads, addresses A writes, an unknown address) in trips >= i
        reads: set[int] = set()
        writes: set[int] = set()
        unknown = False
        suffix = [None] * (len(trace_a) + 1)
        suffix[len(trace_a)] = (frozenset(), frozenset(), False)
        for i in range(len(trace_a) - 1, -1, -1):
            for m, addr, st in trace_a[i]:
                if m != mem:
                    continue
                if addr is None:
                    unknown = True
                else:
                    (writes if st else reads).add(addr)
            suffix[i] = (frozenset(reads), frozenset(writes), unknown)
        for j, acc in enumerate(trace_b):
            if j >= len(trace_a):
                break
            r_after, w_after, u_after = suffix[j]
            for m, addr, st in acc:
                if m != mem:
                    continue
                if not r_after and not w_after and not u_after:
                    continue
                if addr is None or u_after or addr in w_after or (st and addr in r_after):
                    return False
    return True


class LoopFusion(Pass):
    name = "loop-fuse"

    def _run(self, fn: Function) -> bool:
        directed = {str(k) for k in fn.attrs.get("directive_loops", [])}
        changed = False
        for _ in range(64):   # each fusion may make the remainder fusable with the next loop
            if not self._fuse_one(fn, directed):
                break
            changed = True
        return changed

    def _fuse_one(self, fn: Function, directed: set[str]) -> bool:
        preds = fn.predecessors()
        for lp in natural_loops(fn):
            if lp.blocks != {lp.header}:
                continue
            a = _loop_block(fn, lp.header, directed)
            if a is None:
                continue
            a_entries = [p for p in preds[a.name] if p != a.name]
            if len(a_entries) != 1:
                continue
            x: Block | None = None
            nxt = fn.block(_exit(a))
            if not (nxt.terminator.opcode == "br" and nxt.name in nxt.terminator.attrs["targets"]):
                x = nxt   # a block between the loops
                if preds[x.name] != [a.name] or len(x.successors()) != 1 or x.phis():
                    continue
                nxt = fn.block(x.successors()[0])
            b = _loop_block(fn, nxt.name, directed) if nxt is not a and nxt is not x else None
            if b is None or sorted(preds[b.name]) != sorted({b.name, (x or a).name}):
                continue
            if _keys(b) & _keys(a):   # a remainder after the loop it was split from: no self-fusion
                continue
            if self._try(fn, a, a_entries[0], x, b):
                return True
        return False

    @staticmethod
    def _uses_a(a: Block, ops: list[Op]) -> bool:
        return any(v.block is a for op in ops for v in op.op_operands())

    def _try(self, fn: Function, a: Block, pa: str, x: Block | None, b: Block) -> bool:
        b_entry = (x or a).name
        b_phis = b.phis()
        # B (and X) must not start from A's results
        if self._uses_a(a, [op for op in b.ops if op.opcode != "phi"]) or any(
                isinstance(v, Op) and v.block is a for p in b_phis
                for v in [p.operands[p.attrs["blocks"].index(b_entry)]]):
            return False
        if x is not None:
            a_writes = {op.attrs["mem"] for op in a.ops if op.opcode == "store"}
            if self._uses_a(a, x.ops) or any(
                    op.opcode in _EFFECTS or op.opcode == "store" or op.opcode == "phi"
                    or (op.opcode == "load" and (op.attrs["mem"] in a_writes
                                                 or fn.memory(op.attrs["mem"]).kind not in _KINDS))
                    for op in x.ops[:-1]):
                return False
        sim_a = _simulate(a, pa)
        sim_b = _simulate(b, b_entry)
        if sim_a is None or sim_b is None:
            return False
        na, trace_a, hist_a = sim_a
        nb, trace_b, hist_b = sim_b
        if not _independent(trace_a, trace_b):
            return False
        # profitable only when the bodies share cycles: the port-bound cycles per trip of the fused
        # body must be fewer than the two bodies' together, by more than a remainder loop's entry
        saved = min(na, nb) * (_port_cycles(fn, a.ops) + _port_cycles(fn, b.ops) - _port_cycles(fn, a.ops + b.ops))
        if saved <= (0 if na == nb else REMAINDER_COST):
            return False
        self._fuse(fn, a, pa, x, b, b_entry, na, nb, hist_a, hist_b)
        return True

    @staticmethod
    def _fuse(fn: Function, a: Block, pa: str, x: Block | None, b: Block, b_entry: str, na: int, nb: int,
              hist_a: list[dict[int, Const]], hist_b: list[dict[int, Const]]) -> None:
        after = _exit(b)
        a_term, b_term = a.terminator, b.terminator
        a_phis, b_phis = a.phis(), b.phis()
        a_body = [op for op in a.ops if op.opcode != "phi" and not op.is_terminator]
        b_body = [op for op in b.ops if op.opcode != "phi" and not op.is_terminator]
        # X runs before the fused loop: pa -> X -> F
        front = pa
        if x is not None:
            pa_term = fn.block(pa).terminator
            pa_term.attrs["targets"] = [x.name if t == a.name else t for t in pa_term.attrs["targets"]]
            x.terminator.attrs["targets"] = [a.name]
            fn.blocks.remove(x)
            fn.blocks.insert(fn.blocks.index(a), x)
            for p in a_phis:
                p.attrs["blocks"] = [x.name if n == pa else n for n in p.attrs["blocks"]]
            front = x.name
        for p in b_phis:
            p.attrs["blocks"] = [front if n == b_entry else a.name if n == b.name else n for n in p.attrs["blocks"]]
            p.block = a
        for op in b_body:
            op.block = a
        # the remainder: the longer loop's trips after the fused ones
        longer = None if na == nb else ("a" if na > nb else "b")
        fused_trips = min(na, nb)
        cond_term = a_term if na <= nb else b_term
        stay_when_true = cond_term.attrs["targets"][0] == cond_term.block.name
        fused = sorted(_keys(a) | _keys(b))
        rest_name = None
        mapping: dict[int, Operand] = {}
        rest: Block | None = None
        if longer is not None:
            src_phis, src_body, src_term, hist = ((a_phis, a_body, a_term, hist_a) if longer == "a"
                                                  else (b_phis, b_body, b_term, hist_b))
            src_name = a.name if longer == "a" else b.name
            names = {blk.name for blk in fn.blocks}
            rest_name, k = f"{src_name}_rest", 1
            while rest_name in names:
                rest_name, k = f"{src_name}_rest{k}", k + 1
            rest = Block(rest_name)
            known = hist[fused_trips - 1]
            for p in src_phis:
                back = p.operands[p.attrs["blocks"].index(a.name if longer == "b" else src_name)]
                start = known.get(p.id, back)
                q = fn.new_op("phi", p.width, [start, None], {**p.attrs, "blocks": [a.name, rest_name]}, p.line, p.col)
                q.call_line = p.call_line
                q.block = rest
                mapping[p.id] = q
                rest.ops.append(q)
            for op in src_body:
                c = fn.new_op(op.opcode, op.width, [mapping.get(v.id, v) if isinstance(v, Op) else v
                                                    for v in op.operands], dict(op.attrs), op.line, op.col)
                c.call_line = op.call_line
                c.block = rest
                mapping[op.id] = c
                rest.ops.append(c)
            for p in src_phis:
                back = p.operands[p.attrs["blocks"].index(a.name if longer == "b" else src_name)]
                mapping[p.id].operands[1] = mapping.get(back.id, back) if isinstance(back, Op) else back
            t = fn.new_op("br", 0, [mapping.get(src_term.operands[0].id, src_term.operands[0])],
                          {**src_term.attrs, "fused": fused, "targets": [rest_name if n == src_name else after
                                                         for n in src_term.attrs["targets"]]},
                          src_term.line, src_term.col)
            t.block = rest
            rest.ops.append(t)
        # the fused block: A's phis, B's phis, A's body, B's body, the shorter loop's exit test
        exit_to = rest_name or after
        term = fn.new_op("br", 0, [cond_term.operands[0]],
                         {**cond_term.attrs, "targets": [a.name, exit_to] if stay_when_true else [exit_to, a.name],
                          "fused": fused}, cond_term.line, cond_term.col)
        term.block = a
        a.ops = a_phis + b_phis + a_body + b_body + [term]
        fn.blocks.remove(b)
        if rest is not None:
            fn.blocks.insert(fn.blocks.index(a) + 1, rest)
            own = {id(op) for op in a.ops} | {id(op) for op in rest.ops}
            for blk in fn.blocks:
                for op in blk.ops:
                    if id(op) not in own:
                        op.operands = [mapping.get(v.id, v) if isinstance(v, Op) else v for v in op.operands]
        for p in fn.block(after).phis():
            p.attrs["blocks"] = [(rest_name or a.name) if n == b.name else n for n in p.attrs["blocks"]]
        shared = LoopFusion._share_counter(fn, a, front, a_phis, b_phis)
        if shared is not None and na > nb:   # B's exit test, now on a derived value: test A's counter
            pa, start, step = shared
            last = Const(pa.width, start + (fused_trips - 1) * step)
            if all(Const(pa.width, start + k * step) != last for k in range(fused_trips - 1)):
                test = fn.new_op("icmp", 1, [pa, last], {"pred": "ne"}, term.line, term.col)
                test.block = a
                a.ops.insert(len(a.ops) - 1, test)
                term.operands = [test]
                term.attrs["targets"] = [a.name, exit_to]

    @staticmethod
    def _share_counter(fn: Function, f: Block, front: str, a_phis: list[Op],
                       b_phis: list[Op]) -> tuple[Op, int, int] | None:
        """B's counter as A's counter + a constant when both start at constants and step alike (the
        values agree modulo B's width, which is not wider than A's)."""
        def counter(p: Op) -> tuple[int, int] | None:
            start = p.operands[p.attrs["blocks"].index(front)]
            step = const_step(p.operands[p.attrs["blocks"].index(f.name)], p)
            return (start.value, step) if isinstance(start, Const) and step is not None else None
        for pb in b_phis:
            cb = counter(pb)
            if cb is None:
                continue
            for pa in a_phis:
                ca = counter(pa)
                if ca is None or ca[1] != cb[1] or pb.width > pa.width:
                    continue
                at = f.ops.index(b_phis[-1]) + 1 if b_phis else len(f.phis())
                value: Op = fn.new_op("add", pa.width, [pa, Const(pa.width, cb[0] - ca[0])], {}, pb.line, pb.col)
                new = [value]
                if pb.width < pa.width:
                    new.append(fn.new_op("trunc", pb.width, [value], {}, pb.line, pb.col))
                for op in new:
                    op.block = f
                f.ops[at:at] = new
                for blk in fn.blocks:
                    for op in blk.ops:
                        if op is not pb:
                            op.operands = [new[-1] if v is pb else v for v in op.operands]
                f.ops.remove(pb)
                return pa, ca[0], ca[1]
        return None
