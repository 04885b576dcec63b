"""The FSM of a module as data: its states, the transition out of each, and which states wait.

One state per (block, cycle) of the schedule (a pipelined loop with overlapping iterations: II
states), except empty blocks (``Schedule.skipped``) and fused exit states (``Schedule.fused``: done
in their exiting block's last state, on the exit edge). A transition is a small tree:

* ``Goto(state)``: the next state;
* ``Branch(state, then, other)``: on the block terminator's condition, read in ``state``;
* ``Fire(state, then, other)``: an overlapped loop head (``Schedule.overlapped``) — its first state is
  done on the inner loop's exit edge when its stream accesses can fire, else the FSM waits there;
* ``Restart(then, idle)``: a return state that also starts the next call when ap_start is high
  (``Handshake.overlap``);
* ``PipelineStep(block, cycle, leave)``: a state of a pipelined loop; ``leave`` is taken when its last
  iteration ends (codegen/pipeline.py builds the stage logic).

Entering a fused exit does the exit's first transition directly; entering an empty block goes straight
on to its successor. Codegen maps these trees to the next-state case statement.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from cryptohls.bind.handshake import Handshake
from cryptohls.bind.registers import pipelined_blocks
from cryptohls.ir.nodes import Function
from cryptohls.schedule.schedule import Schedule

State = tuple[str, int]   # (block, cycle)


@dataclass(frozen=True)
class Goto:
    state: State


@dataclass(frozen=True)
class Branch:
    state: State              # the block's last state, where its branch condition is read
    then: "Transition"
    other: "Transition"


@dataclass(frozen=True)
class Fire:
    state: State              # the overlapped loop head's first state
    then: "Transition"
    other: Goto


@dataclass(frozen=True)
class Restart:
    then: "Transition"
    idle: Goto


@dataclass(frozen=True)
class PipelineStep:
    block: str
    cycle: int
    leave: "Transition | None"   # out of the loop, when the last iteration ends in this state


Transition = Goto | Branch | Fire | Restart | PipelineStep


def transition_json(t: Transition | None) -> object:
    if t is None:
        return None
    if isinstance(t, Goto):
        return {"goto": list(t.state)}
    if isinstance(t, Branch):
        return {"branch": list(t.state), "then": transition_json(t.then), "else": transition_json(t.other)}
    if isinstance(t, Fire):
        return {"fire": list(t.state), "then": transition_json(t.then), "else": transition_json(t.other)}
    if isinstance(t, Restart):
        return {"restart": transition_json(t.then), "idle": transition_json(t.idle)}
    return {"pipeline": [t.block, t.cycle], "leave": transition_json(t.leave)}


@dataclass(frozen=True)
class FsmPlan:
    states: tuple[State, ...]                # in encoding order; the first is the idle state
    block_states: Mapping[str, int]          # block -> FSM states (0 for an empty block)
    transitions: Mapping[State, Transition]  # every (block, cycle), fused exit states included
    returns: tuple[State, ...]               # states that finish the call (ap_done)
    waits: frozenset[State]                  # states that may stall: stream handshakes, sub-module calls
    exit_waits: Mapping[State, str]          # exiting state -> its fused exit block, whose first state
                                             # accesses streams: leaving waits for those too
    fused: Mapping[str, str]                 # from the schedule, for the dump
    skipped: frozenset[str]
    overlapped: Mapping[str, str]

    def to_json(self) -> dict:
        return {"states": [list(s) for s in self.states],
                "transitions": {f"{b}:{c}": transition_json(t) for (b, c), t in self.transitions.items()},
                "returns": [list(s) for s in self.returns],
                "waits": sorted(f"{b}:{c}" for b, c in self.waits),
                "exit_waits": {f"{b}:{c}": e for (b, c), e in self.exit_waits.items()},
                "fused": dict(self.fused), "skipped": sorted(self.skipped), "overlapped": dict(self.overlapped)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)


class _Planner:
    def __init__(self, fn: Function, sched: Schedule, handshake: Handshake):
        self.fn, self.sched, self.handshake = fn, sched, handshake
        self.pipes = pipelined_blocks(sched)

    def nstates(self, block: str) -> int:
        """FSM states of a block: a pipelined loop has II states, not one per iteration cycle."""
        if block in self.sched.skipped:
            return 0
        info = self.sched.pipelined.get(block)
        return info["ii"] if info else self.sched.states(block)

    def states(self) -> list[State]:
        return [(b.name, c) for b in self.fn.blocks for c in range(self.nstates(b.name))
                if self.sched.canonical(b.name, c) == (b.name, c)]   # fused exit states are not states

    def transition(self, block: str, cycle: int) -> Transition:
        """Where state (block, cycle) goes next, without the idle gating."""
        if block in self.pipes:
            info = self.sched.pipelined[block]
            leave = None
            exits = [x for x in self.fn.block(block).terminator.attrs["targets"] if x != block]
            if cycle == (info["depth"] - 1) % info["ii"] and exits:   # none: an endless loop (while (1))
                exit_block = exits[0]
                leave = self.enter(block, exit_block)
            return PipelineStep(block, cycle, leave)
        if cycle < self.sched.states(block) - 1:
            return Goto((block, cycle + 1))
        term = self.fn.block(block).terminator
        if term.opcode == "ret":
            idle = Goto(self.first)
            return Restart(self.transition(*self.first), idle) if self.handshake.overlap else idle
        targets = term.attrs["targets"]
        if len(targets) == 1:
            return self.enter(block, targets[0])
        return Branch((block, cycle), self.enter(block, targets[0]), self.enter(block, targets[1]))

    def enter(self, src: str, dst: str) -> Transition:
        """src's last state branches to dst: a fused exit's state 0 is done on the edge."""
        if dst in self.sched.skipped:   # an empty block without a state: straight on to its target
            return self.enter(src, self.fn.block(dst).successors()[0])
        if self.sched.fused.get(dst) == src:
            return self.transition(dst, 0)
        if self.sched.overlapped.get(dst) == src:   # the loop head's first state too, if it can fire now
            return Fire((dst, 0), self.transition(dst, 0), Goto((dst, 0)))
        return Goto((dst, 0))

    def exit_waits(self) -> dict[State, str]:
        """Exiting states whose fused exit accesses streams in its first state (the first such exit)."""
        streams = {m.name for m in self.fn.memories if m.kind == "stream"}
        stream_states = {(op.block.name, self.sched.cycle[op.id]) for op in self.fn.all_ops()
                         if op.opcode in ("load", "store") and op.attrs["mem"] in streams}
        found: dict[State, str] = {}
        for e, latch in self.sched.fused.items():
            if (e, 0) in stream_states:
                found.setdefault((latch, self.sched.states(latch) - 1), e)
        return found

    def waits(self, exit_waits: Mapping[State, str]) -> frozenset[State]:
        """States that may have to wait: stream accesses, sub-module calls, or a fused exit with stream
        accesses on their exit edge. A pipelined loop's stall logic is its own."""
        streams = {m.name for m in self.fn.memories if m.kind == "stream"}
        busy: set[State] = set(exit_waits)
        for op in self.fn.all_ops():
            if op.opcode == "call" or op.opcode in ("load", "store") and op.attrs["mem"] in streams:
                busy.add((op.block.name, self.sched.cycle[op.id]))
        return frozenset(s for s in busy if s[0] not in self.pipes)

    def plan(self) -> FsmPlan:
        states = self.states()
        self.first = states[0]
        transitions: dict[State, Transition] = {}
        returns: list[State] = []
        block_states: dict[str, int] = {}
        for b in self.fn.blocks:
            n = block_states[b.name] = self.nstates(b.name)
            for c in range(n):
                transitions[(b.name, c)] = self.transition(b.name, c)
                if c == n - 1 and b.terminator.opcode == "ret":
                    returns.append((b.name, c))
        exit_waits = self.exit_waits()
        return FsmPlan(tuple(states), block_states, transitions, tuple(returns),
                       self.waits(exit_waits) & frozenset(states), exit_waits,
                       dict(self.sched.fused), frozenset(self.sched.skipped), dict(self.sched.overlapped))


def plan_fsm(fn: Function, sched: Schedule, handshake: Handshake) -> FsmPlan:
    return _Planner(fn, sched, handshake).plan()
