"""FSM and value registers of a pipelined loop (schedule/modulo.py): the loop body runs as II states
K_0..K_{II-1}; the iteration cycles are split into S = ceil(D/II) stages of II cycles, each with a
valid bit. An op scheduled at iteration cycle c runs in K_{c mod II} while stage c div II is valid.

* entering the loop sets stage 0 valid; at K_{II-1} every stage moves on (valid bits shift) and stage
  0 stays valid only if its iteration's exit condition says continue (the condition is ready by
  cycle II-1: a modulo-schedule constraint), so the prologue and epilogue need no states of their own;
* the loop is left in K_{(D-1) mod II} when the last stage is the only valid one (its iteration ends
  there), clearing the valid bits: N iterations take (N-1)·II + D cycles; an endless loop (``while (1)``
  of a free-running core: one target) is never left;
* a value computed at cycle a and used at cycle u > a goes through a chain of registers r_0, r_1, …
  loaded at a, a+II, … (each copy belongs to one iteration for II cycles); a header phi is a register
  loaded with the next iteration's value at the cycle that value is ready (≤ II-1) and copied like a
  value defined at cycle 0. Code after the loop reads the last copy (the last iteration's value).
  In a free-running (ap_ctrl_none) core a scalar input used after cycle 0 is copied the same way from
  its port at cycle 0: no call ends, so no caller holds it stable (``sampled_input``).
* stream accesses stall the whole pipeline (Vitis semantics): ``<loop>_stall`` is high when a valid
  stage's access in the current state cannot transfer (a predicated access, passes/if_convert.py: only
  when its predicate holds); then no stage moves, no state changes and no
  register, memory or stream is written (every effect is gated by ``st``, which includes ``!stall``).
  An axis handshake output is offered when the rest of the state can go, without its own partner.
* ``#pragma HLS PIPELINE II=1 style=flp`` (flushable pipeline, Vitis): the stream reads of iteration
  cycle 0 do not stall the pipeline; stage 0 runs only when they can transfer (``<loop>_go0``), and
  otherwise stage 1 gets a bubble while the later stages move on, so the iterations inside drain
  when the input runs dry (a free-running ``while (1)`` core would otherwise hold its last words).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cryptohls.codegen import streams
from cryptohls.codegen import vast as V
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.nodes import Op


@dataclass
class PipelinedLoop:
    block: str
    ii: int
    depth: int
    valid: list[str] = field(default_factory=list)      # stage valid registers (q names)
    valid_d: list[str] = field(default_factory=list)
    chains: dict[int, list[str]] = field(default_factory=dict)   # op id -> copies r_0, r_1, ...
    stream_ops: list[Op] = field(default_factory=list)   # blocking stream accesses of the body
    stall: str = ""                                      # wire: a valid stage's access cannot transfer
    flush: bool = False                                  # style=flp (II=1): stage 0 waits for its reads alone
    head_reads: list[Op] = field(default_factory=list)   # flp: the stream reads of iteration cycle 0
    go0: str = ""                                        # flp wire: stage 0 is valid and its reads can transfer

    @property
    def stages(self) -> int:
        return -(-self.depth // self.ii)

    def at(self, rtl: ModuleBuilder, cycle: int) -> V.Expr:
        """Iteration cycle ``cycle`` is due now: its FSM state and its stage valid (stall or not)."""
        in_state = V.Bin("==", V.Ref("state_q"), V.Ref(rtl.state_param[(self.block, cycle % self.ii)]))
        return V.Bin("&&", in_state, V.Ref(self.valid[cycle // self.ii]))

    def runs(self, rtl: ModuleBuilder, cycle: int) -> V.Expr:
        """As ``at``; in a flushable pipeline stage 0 runs only when its reads can transfer."""
        if self.flush and cycle // self.ii == 0:
            in_state = V.Bin("==", V.Ref("state_q"), V.Ref(rtl.state_param[(self.block, cycle % self.ii)]))
            return V.Bin("&&", in_state, V.Ref(self.go0))
        return self.at(rtl, cycle)

    def active(self, rtl: ModuleBuilder, op: Op) -> V.Expr:
        """The access of ``op`` is due now."""
        return self.at(rtl, rtl.sched.cycle[op.id])


def setup(rtl: ModuleBuilder) -> dict[str, PipelinedLoop]:
    loops: dict[str, PipelinedLoop] = {}
    for name, info in rtl.sched.pipelined.items():
        if info["depth"] <= info["ii"]:
            continue   # iterations do not overlap: the plain FSM loop (one state per cycle) is the same
        lp = PipelinedLoop(name, info["ii"], info["depth"], flush=bool(info.get("flush")))
        for s in range(lp.stages):
            r = rtl.block.register(f"{name}_stage{s}_valid", 1, f"pipeline stage {s} of {info['name']} holds "
                                   f"an iteration")
            lp.valid.append(r.q)
            lp.valid_d.append(r.d)
        lp.stream_ops = [op for op in rtl.fn.block(name).ops if op.opcode in ("load", "store") and
                         rtl.fn.memory(op.attrs["mem"]).kind == "stream"]
        if lp.flush:   # flp: a missing input word leaves a bubble in stage 1 instead of stalling every stage
            lp.head_reads = [op for op in lp.stream_ops if op.opcode == "load" and rtl.sched.cycle[op.id] == 0]
            lp.go0 = rtl.block.wire(f"{name}_go0", 1, f"flushable pipeline: stage 0 of {info['name']} holds an "
                                    "iteration whose reads can transfer")
            rtl.block.assign(lp.go0, V.all_of([V.Ref(lp.valid[0])] + [streams.partner(rtl, op) for op in lp.head_reads]))
        if lp.stream_ops:
            lp.stall = rtl.block.wire(f"{name}_stall", 1,
                                      f"a stream access of {info['name']} cannot transfer: the pipeline holds")
            waits = []
            for op in lp.stream_ops:
                if op in lp.head_reads:
                    continue
                wait = V.Bin("&&", lp.active(rtl, op), V.negate(streams.can_transfer(rtl, rtl.fn.memory(op.attrs["mem"]))))
                pred = streams.predicate(rtl, op)   # a predicated access (passes/if_convert.py) waits only when it happens
                waits.append(wait if pred is None else V.Bin("&&", wait, pred))
            rtl.block.assign(lp.stall, V.any_of(waits) if waits else V.Lit(1, 0))
        loops[name] = lp
    return loops


def _go(lp: PipelinedLoop, cond: V.Expr) -> V.Expr:
    """``cond`` and the pipeline is not stalled."""
    return V.Bin("&&", cond, V.Un("!", V.Ref(lp.stall))) if lp.stall else cond


def state_expr(rtl: ModuleBuilder, lp: PipelinedLoop, cycle: int) -> V.Expr:
    """Iteration cycle ``cycle`` runs now: its FSM state, its stage is valid (flp stage 0: and its
    reads can transfer), no stall."""
    return _go(lp, lp.runs(rtl, cycle))


def _def_cycle(rtl: ModuleBuilder, op: Op) -> int:
    return 0 if op.opcode == "phi" else rtl.avail(op)


def _base(rtl: ModuleBuilder, op: Op) -> V.Expr:
    """The value at its definition cycle: a phi's register, or the memory data of the previous
    iteration when that arrives in this very cycle (bypass, see schedule/modulo.py)."""
    if op.opcode != "phi":
        return V.Ref(rtl.wire[op.id])
    lp = rtl.pipes[op.block.name]
    for v, pred in zip(op.operands, op.attrs["blocks"]):
        if pred == lp.block and isinstance(v, Op) and v.block.name == lp.block and v.opcode != "phi" and \
                rtl.avail(v) == lp.ii:
            return V.Cond(rtl.st(lp.block, lp.ii), V.Ref(rtl.wire[v.id]), V.Ref(rtl.reg[op.id]))
    return V.Ref(rtl.reg[op.id])


def _copy_index(lp: PipelinedLoop, a: int, u: int) -> int:
    return -(-(u - a) // lp.ii) - 1


def operand(rtl: ModuleBuilder, lp: PipelinedLoop, v: Op, block: str, cycle: int) -> V.Expr:
    """Value ``v`` of the pipelined loop as seen at iteration cycle ``cycle`` (or after the loop)."""
    a = _def_cycle(rtl, v)
    u = cycle if block == lp.block else _exit_cycle(lp, a)
    if u <= a:
        return _base(rtl, v)
    return V.Ref(_chain(rtl, lp, v, _copy_index(lp, a, u))[-1])


def _exit_cycle(lp: PipelinedLoop, a: int) -> int:
    """The use cycle that stands for 'after the loop': just past the last copy loaded in the iteration."""
    last = (lp.depth - 1 - a) // lp.ii          # copies r_0..r_last are loaded while the iteration lives
    return a + last * lp.ii + 1


def _chain(rtl: ModuleBuilder, lp: PipelinedLoop, v: Op, upto: int) -> list[str]:
    """Copies r_0..r_upto of a value (the chain grows as uses ask for later copies)."""
    copies = lp.chains.setdefault(v.id, [])
    a = _def_cycle(rtl, v)
    name = rtl.reg[v.id] if v.opcode == "phi" else rtl.wire[v.id]
    while len(copies) <= upto:
        j = len(copies)
        src: V.Expr = V.Ref(copies[-1]) if copies else _base(rtl, v)
        r = rtl.block.register(f"{name}_s{j}", v.width, f"pipeline copy {j} of {name}", reset=None)
        rtl.block.load(r, rtl.st(lp.block, a + j * lp.ii), src)
        copies.append(r.q)
    return copies[:upto + 1]


def sampled_input(rtl: ModuleBuilder, lp: PipelinedLoop, param: Op, cycle: int) -> V.Expr:
    """Scalar input ``param`` of a free-running (ap_ctrl_none) core as seen at iteration cycle
    ``cycle`` > 0 of the pipelined loop: the port's value at the iteration's cycle 0, carried in copies
    r_0, r_1, … loaded at cycles 0, II, … (as a value defined at cycle 0). Reading the port at a later
    cycle would mix inputs of different iterations: the key of the next message in the last block of
    the previous one (designs/aes128-ctr-pipe/hls)."""
    copies = lp.chains.setdefault(param.id, [])
    upto = _copy_index(lp, 0, cycle)
    name = rtl.wire[param.id]
    while len(copies) <= upto:
        j = len(copies)
        src: V.Expr = V.Ref(copies[-1]) if copies else V.Ref(name)
        r = rtl.block.register(f"{name}_s{j}", param.width, f"pipeline copy {j} of input {name}", reset=None)
        rtl.block.load(r, rtl.st(lp.block, j * lp.ii), src)
        copies.append(r.q)
    return V.Ref(copies[upto])


def phi_loads(rtl: ModuleBuilder, lp: PipelinedLoop, phi: Op, v, d: str) -> list[V.Stmt]:
    """Back-edge load of a header phi: the next iteration's value, in the cycle it is ready."""
    a = rtl.avail(v) if isinstance(v, Op) and v.block.name == lp.block and v.opcode != "phi" else 0
    return [V.If(rtl.st(lp.block, a), [V.Blocking(d, rtl.operand(v, lp.block, a))])]


def _continue(rtl: ModuleBuilder, lp: PipelinedLoop, cycle: int) -> V.Expr:
    term = rtl.fn.block(lp.block).terminator
    if not term.operands:   # an endless loop (while (1)): every iteration is followed by another
        return V.Lit(1, 1)
    c = rtl.operand(term.operands[0], lp.block, cycle)
    return c if term.attrs["targets"][0] == lp.block else V.Un("!", c)


def _exit_now(rtl: ModuleBuilder, lp: PipelinedLoop) -> V.Expr:
    """In K_{(D-1) mod II}: the last iteration ends in this cycle (never in an endless loop)."""
    if not rtl.fn.block(lp.block).terminator.operands:
        return V.Lit(1, 0)
    last = lp.depth - 1
    cond: V.Expr = V.Bin("&&", V.Bin("==", V.Ref("state_q"), V.Ref(rtl.state_param[(lp.block, last % lp.ii)])),
                         V.Ref(lp.valid[-1]))
    for q in lp.valid[:-1]:
        cond = V.Bin("&&", cond, V.Un("!", V.Ref(q)))
    if lp.stages == 1:
        cond = V.Bin("&&", cond, V.Un("!", _continue(rtl, lp, last)))
    return cond


def valid_logic(rtl: ModuleBuilder, lp: PipelinedLoop, entry: V.Expr) -> None:
    """Stage valid bits: set on loop entry, shifted at K_{II-1}, cleared on exit."""
    shift = _go(lp, V.Bin("==", V.Ref("state_q"), V.Ref(rtl.state_param[(lp.block, lp.ii - 1)])))
    exit_now = _go(lp, _exit_now(rtl, lp))
    for s, (q, d) in enumerate(zip(lp.valid, lp.valid_d)):
        moved: V.Expr = V.Bin("&&", V.Ref(q), _continue(rtl, lp, lp.ii - 1)) if s == 0 else V.Ref(lp.valid[s - 1])
        if lp.flush and s == 0:   # flp: an iteration whose reads did not transfer stays in stage 0
            moved = V.Cond(V.Ref(lp.go0), moved, V.Ref(q))
        elif lp.flush and s == 1:   # ... and stage 1 gets a bubble
            moved = V.Ref(lp.go0)
        nxt = V.Cond(exit_now, V.Lit(1, 0), V.Cond(shift, moved, V.Ref(q)))
        if s == 0:
            nxt = V.Cond(entry, V.Lit(1, 1), nxt)
        rtl.block.assign(d, nxt)


def transition(rtl: ModuleBuilder, lp: PipelinedLoop, t: int,
               leave: Callable[[], list[V.Stmt]] | None) -> list[V.Stmt]:
    """Next state of K_t: ``leave()`` (the FsmPlan's way out of the loop, in K_{(D-1) mod II}) when the
    last iteration ends, else the next K (held while the pipeline stalls)."""
    nxt: list[V.Stmt] = [V.Blocking("state_d", V.Ref(rtl.state_param[(lp.block, (t + 1) % lp.ii)]))]
    if leave is not None:
        nxt = [V.If(_exit_now(rtl, lp), leave(), nxt)]
    return [V.If(V.Un("!", V.Ref(lp.stall)), nxt)] if lp.stall else nxt
