"""Symbolic execution of one call of an HLS IR function (issue 22 item 4): the reference side of the
C-to-RTL equivalence check.

The function is the IR as the frontend imported it from clang (``ir/<top>.import.ir``), before any of
the compiler's passes, so the check covers the passes, the scheduler and codegen. Values are Python
ints while they are known and Z3 bit-vectors once they depend on an input; loops whose trip count is
known run to completion (they are "unrolled symbolically"), and a branch on an input forks the path.
Paths are merged with if-then-else at the end.

C's undefined behaviour is the contract, as in translation validation: a division by zero, a memory
access outside its array, or a signed division overflow on a path makes that path's inputs outside
the claim (they are collected in ``assumptions``, each an implication from the path condition).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from cryptohls.ir.nodes import Block, Const, Function, Op

Value = "int | z3.BitVecRef"


class Unsupported(Exception):
    """The function uses something the executor does not model (streams, sub-module calls)."""

    def __init__(self, what: str, op: Op | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.line = op.source_line if op is not None else 0


class TooBig(Exception):
    """A limit was reached (paths or executed operations): the answer is 'unknown'."""


@dataclass(frozen=True)
class Limits:
    max_paths: int = 256
    max_ops: int = 5_000_000          # operations executed over all paths
    branch_check_ms: int = 2_000      # solver time to decide whether a side of a branch is reachable
    max_seconds: float = 600.0        # the whole execution


@dataclass
class Outcome:
    """What one call produces: the return value, each out parameter (written flag, value) and the
    final contents of every memory the call may write, as functions of the inputs."""
    ret: object | None
    outs: dict[str, tuple[object, object]]
    memories: dict[str, list]
    assumptions: list = field(default_factory=list)   # inputs for which the C has defined behaviour
    paths: int = 1


@dataclass
class _State:
    block: Block
    prev: str | None
    env: dict[int, object]
    memories: dict[str, list]
    outs: dict[str, tuple[object, object]]
    cond: object                      # z3 Bool: the inputs that take this path
    ret: object | None = None


def _mask(width: int) -> int:
    return (1 << width) - 1


def _signed(v: int, width: int) -> int:
    return v - (1 << width) if v >> (width - 1) & 1 else v


def bv(v, width: int) -> z3.BitVecRef:
    return z3.BitVecVal(v, width) if isinstance(v, int) else v


def is_known(v) -> bool:
    return isinstance(v, int)


def as_bool(v) -> z3.BoolRef:
    return z3.BoolVal(bool(v)) if isinstance(v, int) else v == 1


def ite(c, a, b, width: int):
    if isinstance(c, int):
        return a if c else b
    if isinstance(a, int) and isinstance(b, int) and a == b:
        return a
    return z3.If(c == 1, bv(a, width), bv(b, width))


def return_width(fn: Function) -> int:
    """The width of the return value: the C signature's, else (IR written by hand, a pass test's) the
    returned operand's; paths merged at another width were truncated (a sum of 21 returned as 1)."""
    if fn.attrs.get("return"):
        return fn.attrs["return"]["width"]
    return next((op.operands[0].width for op in fn.all_ops() if op.opcode == "ret" and op.operands), 1)


def _fold(v):
    """Keep a symbolic value small: Z3's simplifier turns constant subterms back into numerals."""
    if isinstance(v, int):
        return v
    s = z3.simplify(v)
    return s.as_long() if z3.is_bv_value(s) else s


class Executor:
    def __init__(self, fn: Function, params: dict[str, z3.BitVecRef], arg_memories: dict[str, list],
                 limits: Limits = Limits()) -> None:
        self.fn = fn
        self.params = params
        self.arg_memories = arg_memories
        self.limits = limits
        self.ops_run = 0
        self.deadline = time.monotonic() + limits.max_seconds
        self.assumptions: list = []
        self.finished: list[_State] = []

    # ---------------------------------------------------------------------------------- driver
    def run(self) -> Outcome:
        for op in self.fn.all_ops():
            if op.opcode in ("call", "can_transfer"):
                raise Unsupported("a call of a sub-module (INLINE off)" if op.opcode == "call"
                                  else "a stream's empty()/full()", op)
        memories: dict[str, list] = {}
        for mem in self.fn.memories:
            if mem.kind == "stream":
                raise Unsupported(f"the stream '{mem.name}'")
            if mem.kind == "arg":
                memories[mem.name] = list(self.arg_memories[mem.name])
            else:
                init = list(mem.init or [])
                memories[mem.name] = init + [0] * (mem.depth - len(init))
        work = [_State(self.fn.blocks[0], None, {}, memories, {}, z3.BoolVal(True))]
        while work:
            state = work.pop()
            work.extend(self._run_path(state))
            if time.monotonic() > self.deadline:
                raise TooBig(f"the paths through the C were not all explored within {self.limits.max_seconds:g} s")
            if len(self.finished) + len(work) > self.limits.max_paths:
                raise TooBig(f"more than {self.limits.max_paths} paths through the C (its control depends on "
                             "the inputs)")
        return self._merge()

    def _merge(self) -> Outcome:
        done = self.finished
        if not done:
            raise TooBig("no path returns (every path has undefined behaviour)")
        last = done[-1]
        ret = last.ret
        outs = dict(last.outs)
        memories = {k: list(v) for k, v in last.memories.items()}
        ret_width = return_width(self.fn)
        for st in reversed(done[:-1]):
            c = st.cond
            if ret is not None:
                ret = z3.If(c, bv(st.ret, ret_width), bv(ret, ret_width))
            for name in set(outs) | set(st.outs):
                w = self.fn.param(name).width
                a_w, a_v = st.outs.get(name, (0, 0))
                b_w, b_v = outs.get(name, (0, 0))
                outs[name] = (z3.If(c, bv(a_w, 1), bv(b_w, 1)), z3.If(c, bv(a_v, w), bv(b_v, w)))
            for name, words in memories.items():
                w = self.fn.memory(name).width
                memories[name] = [a if (isinstance(a, int) and isinstance(b, int) and a == b) else
                                  z3.If(c, bv(a, w), bv(b, w)) for a, b in zip(st.memories[name], words)]
        return Outcome(ret, outs, memories, self.assumptions, len(done))

    def _run_path(self, st: _State) -> list[_State]:
        """Runs one path until it returns (recorded) or forks (the two states are returned)."""
        while True:
            block = st.block
            phis = [op for op in block.ops if op.opcode == "phi"]
            if phis:
                incoming = {op.id: self._phi(op, st) for op in phis}
                st.env.update(incoming)
            for op in block.ops:
                if op.opcode == "phi":
                    continue
                self.ops_run += 1
                if self.ops_run > self.limits.max_ops:
                    raise TooBig(f"more than {self.limits.max_ops:,} operations executed (long loops)")
                if self.ops_run % 10_000 == 0 and time.monotonic() > self.deadline:
                    raise TooBig(f"the C was not executed within {self.limits.max_seconds:g} s")
                if op.opcode == "ret":
                    if op.operands:
                        st.ret = self._val(op.operands[0], st)
                    self.finished.append(st)
                    return []
                if op.opcode == "br":
                    targets = op.attrs["targets"]
                    if not op.operands:
                        st.prev, st.block = block.name, self.fn.block(targets[0])
                        break
                    c = self._val(op.operands[0], st)
                    if isinstance(c, int):
                        st.prev, st.block = block.name, self.fn.block(targets[0 if c else 1])
                        break
                    return self._fork(st, c == 1, targets)
                if not self._step(op, st):
                    return []            # the path's inputs have undefined behaviour: dropped

    def _fork(self, st: _State, taken: z3.BoolRef, targets: list[str]) -> list[_State]:
        out = []
        for cond, target in ((taken, targets[0]), (z3.Not(taken), targets[1])):
            both = z3.And(st.cond, cond)
            if not self._reachable(both):
                continue
            out.append(_State(self.fn.block(target), st.block.name, dict(st.env),
                              {k: list(v) for k, v in st.memories.items()}, dict(st.outs), both))
        return out

    def _reachable(self, cond) -> bool:
        s = z3.Solver()
        s.set("timeout", self.limits.branch_check_ms)
        s.add(cond, *self.assumptions)
        return s.check() != z3.unsat

    def _undefined_unless(self, st: _State, ok) -> bool:
        """Records that the C is defined only if ``ok`` holds on this path; False if it never does."""
        if isinstance(ok, bool):
            return ok
        ok = z3.simplify(ok)
        if z3.is_false(ok):
            self.assumptions.append(z3.Not(st.cond))
            return False
        if not z3.is_true(ok):
            self.assumptions.append(z3.Implies(st.cond, ok))
        return True

    # ---------------------------------------------------------------------------------- values
    def _val(self, v, st: _State):
        if isinstance(v, Const):
            return v.value
        return st.env[v.id]

    def _phi(self, op: Op, st: _State):
        blocks = op.attrs["blocks"]
        if st.prev not in blocks:
            raise Unsupported(f"phi %{op.id} has no value for the edge from '{st.prev}'", op)
        return self._val(op.operands[blocks.index(st.prev)], st)

    def _step(self, op: Op, st: _State) -> bool:
        oc, w = op.opcode, op.width
        args = [self._val(v, st) for v in op.operands]
        widths = [v.width for v in op.operands]
        if oc == "param":
            p = self.params[op.attrs["param"]]
            lo = op.attrs.get("lo", 0)
            st.env[op.id] = z3.Extract(lo + w - 1, lo, p) if (lo or w != p.size()) else p
        elif oc == "out":
            name = op.attrs["param"]
            pw = self.fn.param(name).width
            value = args[0]
            lo = op.attrs.get("lo")
            if lo is not None:
                _, old = st.outs.get(name, (0, 0))
                vw = widths[0]
                keep = _mask(pw) ^ (_mask(vw) << lo)
                if isinstance(old, int) and isinstance(value, int):
                    value = (old & keep) | (value << lo)
                else:
                    value = _fold((bv(old, pw) & keep) | (z3.ZeroExt(pw - vw, bv(value, vw)) << lo))
            st.outs[name] = (1, value)
        elif oc == "load":
            return self._load(op, st, args[0], widths[0], *args[1:2])
        elif oc == "store":
            return self._store(op, st, args[0], args[1], widths[0], *args[2:3])
        else:
            result = self._compute(op, args, widths, st)
            if result is None:
                return False
            st.env[op.id] = result
        return True

    def _load(self, op: Op, st: _State, addr, aw: int, guard=1) -> bool:
        """A guarded access (a third operand: steered pointers, banks) happens only when its guard is 1."""
        mem = self.fn.memory(op.attrs["mem"])
        words = st.memories[mem.name]
        if isinstance(guard, int) and not guard:
            st.env[op.id] = 0             # not read: the value is never used
            return True
        if isinstance(addr, int):
            if addr >= mem.depth:
                return self._undefined_unless(st, z3.Not(as_bool(guard)) if not isinstance(guard, int) else False)
            st.env[op.id] = words[addr]
            return True
        if mem.depth < 1 << aw:
            ok = z3.ULT(addr, z3.BitVecVal(mem.depth, aw))
            if not self._undefined_unless(st, ok if isinstance(guard, int) else z3.Or(z3.Not(as_bool(guard)), ok)):
                return False
        value = bv(words[-1], mem.width)
        for i in range(len(words) - 2, -1, -1):
            value = z3.If(addr == i, bv(words[i], mem.width), value)
        st.env[op.id] = value
        return True

    def _store(self, op: Op, st: _State, addr, value, aw: int, guard=1) -> bool:
        mem = self.fn.memory(op.attrs["mem"])
        words = st.memories[mem.name]
        if isinstance(guard, int) and not guard:
            return True
        if isinstance(addr, int) and isinstance(guard, int):
            if addr >= mem.depth:
                return self._undefined_unless(st, False)
            words[addr] = value
            return True
        if isinstance(addr, int):
            if addr >= mem.depth:
                return self._undefined_unless(st, z3.Not(as_bool(guard)))
            words[addr] = z3.If(as_bool(guard), bv(value, mem.width), bv(words[addr], mem.width))
            return True
        if mem.depth < 1 << aw:
            ok = z3.ULT(addr, z3.BitVecVal(mem.depth, aw))
            if not self._undefined_unless(st, ok if isinstance(guard, int) else z3.Or(z3.Not(as_bool(guard)), ok)):
                return False
        enabled = as_bool(guard)
        for i in range(len(words)):
            words[i] = z3.If(z3.And(enabled, addr == i), bv(value, mem.width), bv(words[i], mem.width))
        return True

    def _compute(self, op: Op, a: list, widths: list[int], st: _State):
        oc, w = op.opcode, op.width
        if all(isinstance(x, int) for x in a):
            return self._concrete(op, a, widths, st)
        s = [bv(x, wd) for x, wd in zip(a, widths)]
        if oc == "add":
            return s[0] + s[1]
        if oc == "sub":
            return s[0] - s[1]
        if oc == "mul":
            return s[0] * s[1]
        if oc in ("and", "or", "xor"):
            return {"and": s[0] & s[1], "or": s[0] | s[1], "xor": s[0] ^ s[1]}[oc]
        if oc == "shl":
            return s[0] << s[1]
        if oc == "lshr":
            return z3.LShR(s[0], s[1])
        if oc == "ashr":
            return s[0] >> s[1]
        if oc in ("udiv", "urem", "sdiv", "srem"):
            ok = s[1] != 0
            if oc in ("sdiv", "srem"):
                ok = z3.And(ok, z3.Not(z3.And(s[0] == 1 << (w - 1), s[1] == _mask(w))))
            if not self._undefined_unless(st, ok):
                return None
            return {"udiv": z3.UDiv, "urem": z3.URem, "sdiv": lambda x, y: x / y, "srem": z3.SRem}[oc](s[0], s[1])
        if oc == "icmp":
            x, y = s
            c = {"eq": x == y, "ne": x != y, "ult": z3.ULT(x, y), "ule": z3.ULE(x, y), "ugt": z3.UGT(x, y),
                 "uge": z3.UGE(x, y), "slt": x < y, "sle": x <= y, "sgt": x > y, "sge": x >= y}[op.attrs["pred"]]
            return z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))
        if oc == "select":
            return ite(a[0], a[1], a[2], w)
        if oc == "zext":
            return z3.ZeroExt(w - widths[0], s[0])
        if oc == "sext":
            return z3.SignExt(w - widths[0], s[0])
        if oc == "trunc":
            return z3.Extract(w - 1, 0, s[0])
        if oc == "slice":
            lo = op.attrs["lo"]
            return z3.Extract(lo + w - 1, lo, s[0])
        if oc == "concat":
            return z3.Concat(*s) if len(s) > 1 else s[0]
        raise Unsupported(f"the operation '{oc}'", op)

    def _concrete(self, op: Op, a: list[int], widths: list[int], st: _State):
        oc, w = op.opcode, op.width
        m = _mask(w)
        if oc == "add":
            return (a[0] + a[1]) & m
        if oc == "sub":
            return (a[0] - a[1]) & m
        if oc == "mul":
            return (a[0] * a[1]) & m
        if oc == "and":
            return a[0] & a[1]
        if oc == "or":
            return a[0] | a[1]
        if oc == "xor":
            return a[0] ^ a[1]
        if oc == "shl":
            return (a[0] << a[1]) & m if a[1] < w else 0
        if oc == "lshr":
            return a[0] >> a[1] if a[1] < w else 0
        if oc == "ashr":
            return (_signed(a[0], w) >> min(a[1], w)) & m
        if oc in ("udiv", "urem"):
            if a[1] == 0:
                return self._undefined_unless(st, False) or None
            return a[0] // a[1] if oc == "udiv" else a[0] % a[1]
        if oc in ("sdiv", "srem"):
            x, y = _signed(a[0], w), _signed(a[1], w)
            if y == 0 or (x == -(1 << (w - 1)) and y == -1):
                return self._undefined_unless(st, False) or None
            q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
            return (q if oc == "sdiv" else x - q * y) & m
        if oc == "icmp":
            x, y = a
            wd = widths[0]
            sx, sy = _signed(x, wd), _signed(y, wd)
            return int({"eq": x == y, "ne": x != y, "ult": x < y, "ule": x <= y, "ugt": x > y, "uge": x >= y,
                        "slt": sx < sy, "sle": sx <= sy, "sgt": sx > sy, "sge": sx >= sy}[op.attrs["pred"]])
        if oc == "select":
            return a[1] if a[0] else a[2]
        if oc == "zext":
            return a[0]
        if oc == "sext":
            return _signed(a[0], widths[0]) & m
        if oc == "trunc":
            return a[0] & m
        if oc == "slice":
            return (a[0] >> op.attrs["lo"]) & m
        if oc == "concat":
            v = 0
            for x, wd in zip(a, widths):
                v = (v << wd) | x
            return v
        raise Unsupported(f"the operation '{oc}'", op)


def execute(fn: Function, params: dict[str, z3.BitVecRef], arg_memories: dict[str, list],
            limits: Limits = Limits()) -> Outcome:
    return Executor(fn, params, arg_memories, limits).run()


__all__ = ["Limits", "Outcome", "TooBig", "Unsupported", "as_bool", "bv", "execute", "is_known", "return_width"]
