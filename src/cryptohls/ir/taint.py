"""Secret-dependent timing in the HLS IR (issue 22 item 2): which decisions of the hardware depend on
the arguments the user declared secret.

Taint starts at the secret arguments (their scalar ports, partitioned elements, memories and
streams) and flows through every operation, through memories (a store of a tainted value, or at a
tainted address, taints the memory; a load from it is tainted) and through control: a phi merging
the paths of a tainted branch is tainted, and so is a store made only on one of them. The analysis
is flow-insensitive for memories and runs to a fixed point.

A *leak* is a place where the hardware's timing or handshakes can follow a secret:

- ``branch`` / ``loop exit``: a conditional branch whose condition is tainted (an FSM transition, the
  exit of a loop or a pipelined loop);
- ``stream handshake``: a stream read or write whose predicate is tainted (a word moves or not);
- ``call``: a call of a sub-module whose latency varies, with tainted arguments.

Reported apart (``exposure``, not timing): a load or store on an argument's memory port at a tainted
address, which puts a secret-derived address on the core's ports. A lookup in a ROM, RAM or
registers indexed by a secret is no leak: those take the same cycles for every index.

This is the compiler's own diagnosis, made on the IR after the passes (the control flow the FSM is
built from). It is conservative: a tainted branch whose two paths happen to take equal cycles is
reported too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cryptohls.ir.analysis import natural_loops, reachable_order
from cryptohls.ir.nodes import Const, Function, Op

EXIT = "<exit>"


@dataclass(frozen=True)
class Step:
    """One link of the chain that carries a dependence: an operation and where it is in the source."""
    what: str        # "load a", "icmp ne", "phi i (paths of the branch at line 4)", "secret 'a'"
    line: int
    col: int


@dataclass(frozen=True)
class Leak:
    kind: str                 # branch | loop exit | stream handshake | call | port address
    line: int
    col: int
    secret: str               # the secret argument the chain starts at
    chain: tuple[Step, ...]   # from the secret to the decision

    @property
    def timing(self) -> bool:
        return self.kind != "port address"


_ELEMENTS = re.compile(r"^(\w+)\[(\d+)\.\.(\d+)\]$")


def parse_secret(spec: str) -> tuple[str, tuple[int, int] | None]:
    """``key`` -> ("key", None); ``in[1..16]`` -> ("in", (1, 16)): only elements 1 to 16 of the array
    argument ``in`` are secret (e.g. an operation byte in front of the key or the block)."""
    m = _ELEMENTS.match(spec)
    if m is None:
        return spec, None
    lo, hi = int(m.group(2)), int(m.group(3))
    return m.group(1), (min(lo, hi), max(lo, hi))


def secret_sources(fn: Function, secrets: set[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(param name -> secret, memory name -> secret): the IR's names for the secret arguments."""
    ranges: dict[str, list] = {}
    for spec in secrets:
        name, rng = parse_secret(spec)
        ranges.setdefault(name, []).append(rng)

    def secret_element(p) -> bool:
        """An element port of a partitioned array (``in_5`` of ``in``) is secret when a declared range of
        its array holds its index, or the whole array is declared."""
        return any(rng is None or rng[0] <= p.attrs.get("index", -1) <= rng[1]
                   for rng in ranges.get(p.attrs["array"], []))

    params = {p.name: p.attrs.get("array", p.name) for p in fn.params
              if p.name in ranges or ("array" in p.attrs and secret_element(p))}
    mems = {m.name: m.name for m in fn.memories if m.name in ranges and m.kind in ("arg", "stream")}
    return params, mems


def post_dominator_tree(fn: Function) -> dict[str, str]:
    """Immediate post-dominator of each block that reaches a return (``EXIT`` above the returns)."""
    succ = {b.name: b.successors() or ([EXIT] if b.ops and b.ops[-1].opcode == "ret" else []) for b in fn.blocks}
    preds: dict[str, list[str]] = {EXIT: []}
    for b in fn.blocks:
        preds.setdefault(b.name, [])
    for n, ss in succ.items():
        for s in ss:
            preds.setdefault(s, []).append(n)
    # blocks that reach the exit, in reverse post-order of the reversed graph
    order: list[str] = []
    seen = {EXIT}
    stack = [(EXIT, iter(preds[EXIT]))]
    while stack:
        node, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            order.append(node)
            stack.pop()
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(preds[nxt])))
    order.reverse()
    index = {n: i for i, n in enumerate(order)}
    ipdom: dict[str, str] = {EXIT: EXIT}

    def meet(a: str, b: str) -> str:
        while a != b:
            while index[a] > index[b]:
                a = ipdom[a]
            while index[b] > index[a]:
                b = ipdom[b]
        return a

    changed = True
    while changed:
        changed = False
        for n in order[1:]:
            done = [s for s in succ[n] if s in ipdom]
            if not done:
                continue
            new = done[0]
            for s in done[1:]:
                new = meet(new, s)
            if ipdom.get(n) != new:
                ipdom[n] = new
                changed = True
    return ipdom


def control_regions(fn: Function) -> dict[str, set[str]]:
    """For each block ending in a conditional branch: the blocks whose execution it decides (reached
    from its successors before its immediate post-dominator; every reachable block if it has none)."""
    ipdom = post_dominator_tree(fn)
    succ = {b.name: b.successors() for b in fn.blocks}
    regions: dict[str, set[str]] = {}
    for b in fn.blocks:
        if not (b.ops and b.ops[-1].opcode == "br" and b.ops[-1].operands):
            continue
        stop = ipdom.get(b.name)
        region: set[str] = set()
        work = [s for s in succ[b.name] if s != stop]
        while work:
            n = work.pop()
            if n in region:
                continue
            region.add(n)
            work += [s for s in succ[n] if s != stop and s not in region]
        regions[b.name] = region
    return regions


class _Taint:
    """The fixed point: why each tainted op and memory is tainted (to rebuild the chain)."""

    def __init__(self, fn: Function, secrets: set[str]):
        self.fn = fn
        self.params, secret_mems = secret_sources(fn, secrets)
        self.mem_why: dict[str, tuple] = {m: ("secret", s) for m, s in secret_mems.items()}
        # an argument memory secret in some elements only: a load at a constant address outside them is
        # public (as long as the core never stores into that memory)
        stored = {op.attrs.get("mem") for op in fn.all_ops() if op.opcode == "store"}
        self.mem_range = {name: rng for name, rng in (parse_secret(s) for s in secrets)
                          if rng is not None and name in secret_mems and name not in stored}
        self.why: dict[int, tuple] = {}
        self.regions = control_regions(fn)
        self.preds = fn.predecessors()
        self.branch_of = {b.name: b.ops[-1] for b in fn.blocks if b.ops and b.ops[-1].opcode == "br"}
        self.loops = natural_loops(fn)
        self._run()

    def tainted(self, v) -> bool:
        return isinstance(v, Op) and v.id in self.why

    def tainted_branches(self) -> list[Op]:
        return [br for br in self.branch_of.values() if br.operands and self.tainted(br.operands[0])]

    def _deciding_branch(self, block: str) -> Op | None:
        """A tainted branch that decides whether ``block`` runs."""
        for br in self.tainted_branches():
            if block in self.regions.get(br.block.name, set()):
                return br
        return None

    def _phi_branch(self, phi: Op) -> Op | None:
        """A tainted branch that decides which incoming edge the phi takes."""
        here = phi.block.name
        for br in self.tainted_branches():
            a = br.block.name
            if self._exits_loop_of(here, br):
                continue
            region = self.regions.get(a, set())
            if any(p == a or p in region for p in phi.attrs.get("blocks", self.preds[here])):
                return br
        return None

    def _exits_loop_of(self, header: str, br: Op) -> bool:
        """``br`` leaves the loop headed by ``header``: whenever the header runs again, it came back
        along the latch, so the exit decision never chooses the header phis' incoming value (the
        values after the loop, which it does choose, are phis outside the loop)."""
        for lp in self.loops:
            if lp.header == header and br.block.name in lp.blocks and \
                    any(t not in lp.blocks for t in br.attrs["targets"]):
                return True
        return False

    def _reason(self, op: Op) -> tuple | None:
        if op.opcode == "param":
            name = op.attrs.get("param")
            return ("secret", self.params[name]) if name in self.params else None
        if op.opcode == "load" and op.attrs.get("mem") in self.mem_why and not self._public_element(op):
            return ("mem", op.attrs["mem"])
        for v in op.operands:
            if self.tainted(v):
                return ("op", v)
        if op.opcode == "phi":
            br = self._phi_branch(op)
            if br is not None:
                return ("control", br)
        return None

    def _public_element(self, load: Op) -> bool:
        rng = self.mem_range.get(load.attrs.get("mem"))
        address = load.operands[0] if load.operands else None
        return rng is not None and isinstance(address, Const) and not rng[0] <= address.value <= rng[1]

    def _run(self) -> None:
        order = [self.fn.block(n) for n in reachable_order(self.fn)]
        changed = True
        while changed:
            changed = False
            for block in order:
                for op in block.ops:
                    if op.opcode == "store":
                        changed |= self._store(op)
                        continue
                    if op.id in self.why or op.opcode in ("br", "ret", "out"):
                        continue
                    reason = self._reason(op)
                    if reason is not None:
                        self.why[op.id] = reason
                        changed = True

    def _store(self, op: Op) -> bool:
        mem = op.attrs.get("mem")
        if mem in self.mem_why:
            return False
        if any(self.tainted(v) for v in op.operands):
            self.mem_why[mem] = ("store", op)
            return True
        br = self._deciding_branch(op.block.name)
        if br is not None:
            self.mem_why[mem] = ("control-store", op, br)
            return True
        return False

    # --- the chain from a secret to a decision -----------------------------------------------------
    def chain(self, start: Op) -> tuple[str, list[Step]]:
        steps: list[Step] = []
        seen: set[int] = set()
        secret = "?"
        v: Op | None = start
        while v is not None and v.id not in seen:
            seen.add(v.id)
            steps.append(Step(_describe(v), v.source_line, v.col))
            kind, *rest = self.why.get(v.id, ("end",))
            if kind == "secret":
                secret = rest[0]
                break
            if kind == "op":
                v = rest[0]
            elif kind == "control":
                br = rest[0]
                steps.append(Step(f"branch at line {br.source_line}", br.source_line, br.col))
                v = br.operands[0]
            elif kind == "mem":
                secret, v = self._memory_chain(rest[0], steps, seen)
                if v is None:
                    break
            else:
                break
        steps.reverse()
        return secret, steps

    def _memory_chain(self, mem: str, steps: list[Step], seen: set[int]) -> tuple[str, Op | None]:
        """Follow a tainted memory to the store (or branch) that tainted it."""
        why = self.mem_why[mem]
        if why[0] == "secret":
            return why[1], None
        store = why[1]
        if store.id in seen:
            return "?", None
        seen.add(store.id)
        steps.append(Step(f"store {mem}", store.source_line, store.col))
        if why[0] == "control-store":
            br = why[2]
            steps.append(Step(f"branch at line {br.source_line}", br.source_line, br.col))
            return "?", br.operands[0]
        return "?", next(v for v in store.operands if self.tainted(v))


def _describe(op: Op) -> str:
    if op.opcode in ("load", "store"):
        return f"{op.opcode} {op.attrs.get('mem')}"
    if op.opcode == "param":
        return f"port {op.attrs.get('param')}"
    if op.opcode == "icmp":
        return f"icmp {op.attrs.get('pred')}"
    if op.opcode == "phi" and op.attrs.get("name"):
        return f"phi {op.attrs['name']}"
    if op.opcode == "call":
        return f"call {op.attrs.get('callee')}"
    return op.opcode


def _loop_exit(fn: Function, br: Op, loops) -> bool:
    here = br.block.name
    for lp in loops:
        if here in lp.blocks and any((t in lp.blocks) != (br.attrs["targets"][0] in lp.blocks)
                                     for t in br.attrs["targets"][1:]):
            return True
    return False


def tainted_memories(fn: Function, secrets: set[str]) -> set[str]:
    """The memories of ``fn`` (its own, its argument memories and its streams) whose contents depend on
    ``secrets``: a DATAFLOW process's output stream in this set makes the channel it writes secret."""
    return set(_Taint(fn, set(secrets)).mem_why)


def find_leaks(fn: Function, secrets: set[str], variable_latency: frozenset[str] = frozenset()) -> list[Leak]:
    """The leaks of ``fn`` when the arguments ``secrets`` are secret. ``variable_latency``: the
    sub-modules (C names) whose latency is not one fixed number of cycles."""
    taint = _Taint(fn, set(secrets))
    loops = natural_loops(fn)
    leaks: list[Leak] = []

    def add(kind: str, at: Op, source: Op) -> None:
        secret, steps = taint.chain(source)
        leaks.append(Leak(kind, at.source_line, at.col, secret, tuple(steps)))

    for br in taint.tainted_branches():
        add("loop exit" if _loop_exit(fn, br, loops) else "branch", br, br.operands[0])
    for op in fn.all_ops():
        if op.opcode not in ("load", "store") or op.block is None:
            continue
        mem = fn.memory(op.attrs["mem"])
        plain = 1 if op.opcode == "load" else 2
        if mem.kind == "stream" and len(op.operands) > plain and taint.tainted(op.operands[-1]):
            add("stream handshake", op, op.operands[-1])
        elif mem.kind == "arg" and op.operands and taint.tainted(op.operands[0]):
            add("port address", op, op.operands[0])
    for op in fn.all_ops():
        if op.opcode == "call" and op.attrs.get("callee") in variable_latency:
            arg = next((v for v in op.operands if taint.tainted(v)), None)
            if arg is not None:
                add("call", op, arg)
    leaks.sort(key=lambda k: (k.line, k.col, k.kind))
    return leaks


__all__ = ["Leak", "Step", "control_regions", "find_leaks", "parse_secret", "post_dominator_tree", "secret_sources",
           "tainted_memories"]
