"""Register binding: for every IR value, whether it is a wire only, a wire with a register of its own,
or kept in a shared (phi) register — decided from IR + Schedule + handshake, before any Verilog.

* a value is a wire in the state where it becomes available; read in a later state it needs a
  register (``<name>_q``, loaded in that state);
* a phi has a register loaded on its CFG edges; phis of one C variable that never live at the same
  time share one (phi webs, bind/phi_webs.py);
* a value that only feeds a phi and is held to its block's end is loaded into that phi's register
  (``phi``); a loop result used after the loop is read from the loop phi's register, loaded on the exit
  edge too (``loop_phi``, e.g. the AES state after the last round);
* inputs are held for the whole call unless ap_ready comes early (then they are registered like any
  value); values of a pipelined loop get copy chains on demand in codegen (``pipeline``).

Register names are hints here (the source names, ``add_ln12``); codegen legalises them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from cryptohls.bind.handshake import Handshake
from cryptohls.bind.phi_webs import phi_webs, values_into_webs
from cryptohls.ir.analysis import dominators, natural_loops
from cryptohls.ir.nodes import Function, Op
from cryptohls.schedule.schedule import Schedule, op_latency

# storage of a value (op with a result, phis apart)
WIRE = "wire"            # used only in the state it becomes available (or a held input)
REGISTER = "register"    # a register of its own
PHI = "phi"              # loaded into its phi's (web's) register
LOOP_PHI = "loop_phi"    # read from the loop phi's register after the loop
PIPELINE = "pipeline"    # a value of a pipelined loop: copy chains (codegen/pipeline.py)


def pipelined_blocks(sched: Schedule) -> set[str]:
    """Pipelined loops whose iterations overlap (depth > II); the others are plain FSM loops."""
    return {name for name, info in sched.pipelined.items() if info["depth"] > info["ii"]}


def value_hint(op: Op) -> str:
    """The source-derived name of a value's wire or register."""
    if op.opcode == "phi":
        return op.attrs.get("name") or f"phi_ln{op.line}"
    if op.opcode == "load":
        return f"{op.attrs['mem']}_load"
    if op.opcode == "param":
        return f"{op.attrs['param']}_b{op.attrs.get('lo', 0)}"
    if op.opcode == "can_transfer":
        return f"{op.attrs['mem']}_can"
    return f"{op.opcode}_ln{op.line}" if op.line else f"{op.opcode}_v{op.id}"


@dataclass(frozen=True)
class RegisterPlan:
    storage: Mapping[int, str]       # value id -> WIRE / REGISTER / PHI / LOOP_PHI / PIPELINE
    on_port: frozenset[int]          # values that are a whole input port (no wire of their own)
    phi_web: Mapping[int, int]       # phi id -> the phi whose register it uses (itself if it has one)
    kept_in: Mapping[int, int]       # value id -> phi id, for PHI and LOOP_PHI values
    coalesced: Mapping[int, int]     # loop result id -> loop phi id (loaded on the exit edge as well)
    hints: Mapping[int, str]         # value or phi id -> name hint

    def register_phis(self) -> list[int]:
        """Phis with a register of their own, in program order."""
        return [p for p, rep in self.phi_web.items() if p == rep]

    def to_json(self) -> dict:
        return {"phi_registers": {self.hints[rep]: [self.hints[p] for p, r in self.phi_web.items() if r == rep]
                                  for rep in self.register_phis()},
                "values": {str(i): {"name": self.hints[i], "storage": s} | ({"port": True} if i in self.on_port else {}) |
                           ({"phi": self.hints[self.kept_in[i]]} if i in self.kept_in else {})
                           for i, s in self.storage.items()}}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)


class _Binder:
    def __init__(self, fn: Function, sched: Schedule, handshake: Handshake):
        self.fn, self.sched, self.handshake = fn, sched, handshake
        self.pipes = pipelined_blocks(sched)
        self.users = fn.users()

    def avail(self, op: Op) -> int:
        return self.sched.cycle[op.id] + op_latency(self.fn, op)

    def same_state(self, a: tuple[str, int], b: tuple[str, int]) -> bool:
        return self.sched.canonical(*a) == self.sched.canonical(*b)

    def last(self, block: str) -> tuple[str, int]:
        return block, self.sched.states(block) - 1

    def coalesce_loop_outputs(self) -> dict[int, Op]:
        """Values computed in a loop latch that feed the header phi and are also used after the loop:
        loading the phi's register on the exit edge too lets the exit code read the phi register, so
        the value needs no register of its own."""
        fn, sched = self.fn, self.sched
        dom = dominators(fn)
        preds = fn.predecessors()
        loops = {lp.header: lp for lp in natural_loops(fn)}
        result: dict[int, Op] = {}
        for header, lp in loops.items():
            for p in fn.block(header).phis():
                if any(u.block.name not in lp.blocks for u in self.users[p.id]):
                    continue
                for v, latch in zip(p.operands, p.attrs["blocks"]):
                    if not isinstance(v, Op) or v.block.name != latch or v.opcode in ("phi", "param") or \
                            v.id in result or self.avail(v) != sched.states(latch) - 1:
                        continue
                    succ = fn.block(latch).successors()
                    exits = [x for x in succ if x != header]
                    if len(succ) != 2 or len(exits) != 1 or preds[exits[0]] != [latch] or \
                            exits[0] in sched.fused or latch in self.pipes:   # a fused exit reads the value in its own cycle
                        continue
                    others = [u for u in self.users[v.id] if u is not p]
                    if others and all(u.block.name in dom and exits[0] in dom[u.block.name] and u.opcode != "phi"
                                      for u in others):
                        result[v.id] = p
        return result

    def phis_outside_webs(self, coalesced: dict[int, Op]) -> set[int]:
        """Phis that keep a register of their own: those of pipelined loops (read by iteration copies
        after the FSM moved on) and those that loop outputs are coalesced into (loaded on an exit
        edge as well)."""
        out = {p.id for p in coalesced.values()}
        for op in self.fn.all_ops():
            if op.opcode == "phi" and (op.block.name in self.pipes or any(b in self.pipes for b in op.attrs["blocks"])
                                       or any(u.block.name in self.pipes for u in self.users.get(op.id, []))):
                out.add(op.id)
        return out

    def needs_register(self, op: Op) -> bool:
        """Read in a state after the one where it becomes available (or on a later edge into a phi)."""
        here = (op.block.name, self.avail(op))
        for u in self.users.get(op.id, []):
            if u.opcode == "phi":
                if any(v is op and not self.same_state(self.last(pb), here)
                       for v, pb in zip(u.operands, u.attrs["blocks"])):
                    return True
            elif not self.same_state((u.block.name, self.sched.cycle[u.id]), here):
                return True
        return False

    def plan(self) -> RegisterPlan:
        fn = self.fn
        coalesced = self.coalesce_loop_outputs()
        webs = phi_webs(fn, self.phis_outside_webs(coalesced))

        def held_to_block_end(v: Op) -> bool:   # available before its block's last state
            b = v.block.name
            return b not in self.pipes and v.id not in coalesced and \
                not self.same_state(self.last(b), (b, self.avail(v)))

        kept = values_into_webs(fn, webs, held_to_block_end)
        phi_web: dict[int, int] = {}
        hints: dict[int, str] = {}
        for op in fn.all_ops():
            if op.opcode == "phi":
                phi_web[op.id] = webs.get(op.id, op.id)
                hints[op.id] = value_hint(op)
        storage: dict[int, str] = {}
        kept_in: dict[int, int] = {}
        on_port: set[int] = set()
        for op in fn.all_ops():
            if op.width == 0 or op.opcode == "phi":
                continue
            hints[op.id] = value_hint(op)
            if op.opcode == "param":
                p = fn.param(op.attrs["param"])
                if op.attrs.get("lo", 0) == 0 and op.width == p.width:
                    on_port.add(op.id)
            storage[op.id] = WIRE
            if op.block.name in self.pipes:
                storage[op.id] = PIPELINE
                continue
            if op.opcode == "param" and not self.handshake.early_ready or not self.needs_register(op):
                continue   # held inputs; values used where they become available
            if op.id in coalesced:
                storage[op.id], kept_in[op.id] = LOOP_PHI, coalesced[op.id].id
            elif op.id in kept:
                storage[op.id], kept_in[op.id] = PHI, kept[op.id]
            else:
                storage[op.id] = REGISTER
        return RegisterPlan(storage, frozenset(on_port), phi_web, kept_in, {v: p.id for v, p in coalesced.items()}, hints)


def plan_registers(fn: Function, sched: Schedule, handshake: Handshake) -> RegisterPlan:
    return _Binder(fn, sched, handshake).plan()
