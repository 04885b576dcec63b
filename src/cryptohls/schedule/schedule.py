"""The result of scheduling: a cycle per op (relative to its block's first state), a state count per
block. Kept apart from the IR; codegen reads IR + Schedule.

A ``Schedule`` is immutable (its tables are read-only views): each scheduling step (sdc.py, then
modulo.py, then fuse.py) returns a new one with ``dataclasses.replace``, so a schedule handed to
codegen or saved as JSON cannot change afterwards. ``from_json`` reads back what ``to_json`` writes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from cryptohls.ir.nodes import Function, Op
from cryptohls.schedule.delay import DelayModel, handshake_only, lut_packing


class ScheduleError(AssertionError):
    pass


def op_latency(fn: Function, op: Op) -> int:
    """Cycles until the result is usable (1 for synchronous memory reads, else 0)."""
    if op.opcode == "load":
        return int(fn.memory(op.attrs["mem"]).attrs.get("latency", 1))
    if op.opcode == "call":
        return 1   # INLINE off sub-module: its result is registered at the callee's ap_done
    return 0


def port_limit(fn: Function, mem_name: str) -> int:
    m = fn.memory(mem_name)
    if m.kind == "regs" or (m.kind == "rom" and m.attrs.get("impl") == "lut"):
        return 0  # unlimited
    return int(m.attrs.get("ports", 1))


def _frozen(table: Mapping) -> Mapping:
    """A read-only view of a copy of ``table`` (nested tables too)."""
    return MappingProxyType({k: _frozen(v) if isinstance(v, Mapping) else v for k, v in table.items()})


def _plain(table: Mapping) -> dict:
    return {k: _plain(v) if isinstance(v, Mapping) else v for k, v in table.items()}


@dataclass(frozen=True)
class Schedule:
    clock_ns: float
    cycle: Mapping[int, int] = field(default_factory=dict)          # op id -> cycle within its block
    block_cycles: Mapping[str, int] = field(default_factory=dict)   # block -> number of states
    warnings: tuple[str, ...] = ()
    fused: Mapping[str, str] = field(default_factory=dict)          # exit block -> exiting block (fuse.py)
    pipelined: Mapping[str, Mapping] = field(default_factory=dict)  # loop block -> {ii, depth, ...} (modulo.py)
    overlapped: Mapping[str, str] = field(default_factory=dict)     # loop head -> fused exit doing its state 0 (fuse.py)
    skipped: frozenset[str] = frozenset()                           # empty blocks without a state (fuse.py)

    def __post_init__(self):
        for name in ("cycle", "block_cycles", "fused", "pipelined", "overlapped"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        object.__setattr__(self, "warnings", tuple(self.warnings))
        object.__setattr__(self, "skipped", frozenset(self.skipped))

    def states(self, block: str) -> int:
        return self.block_cycles[block]

    def canonical(self, block: str, cycle: int) -> tuple[str, int]:
        """The FSM state that executes (block, cycle): a fused exit block's state 0 runs in the last
        state of its exiting block."""
        if cycle == 0 and block in self.fused:
            latch = self.fused[block]
            return latch, self.states(latch) - 1
        return block, cycle

    def fsm_states(self, block: str) -> int:
        """States of its own the block adds to the FSM (one less when its first state is fused)."""
        if block in self.skipped:
            return 0
        return self.states(block) - (1 if block in self.fused else 0)

    def to_json(self) -> str:
        return json.dumps({"clock_ns": self.clock_ns, "block_cycles": _plain(self.block_cycles),
                           "cycle": {str(k): v for k, v in sorted(self.cycle.items())},
                           "fused": _plain(self.fused), "overlapped": _plain(self.overlapped),
                           "skipped": sorted(self.skipped), "pipelined": _plain(self.pipelined),
                           "warnings": list(self.warnings)}, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Schedule":
        """The schedule ``to_json`` wrote (a saved ``ir/<name>.schedule.json``)."""
        data = json.loads(text)
        return cls(float(data["clock_ns"]), cycle={int(k): v for k, v in data["cycle"].items()},
                   block_cycles=data["block_cycles"], warnings=tuple(data["warnings"]), fused=data["fused"],
                   pipelined=data["pipelined"], overlapped=data["overlapped"], skipped=frozenset(data["skipped"]))

    def verify(self, fn: Function) -> None:
        """Dependencies, block bounds and memory port limits hold."""
        for b in fn.blocks:
            n = self.block_cycles[b.name]
            if b.terminator.id not in self.cycle or self.cycle[b.terminator.id] != n - 1:
                raise ScheduleError(f"block {b.name}: terminator not in the last state")
            per_port: dict[tuple[str, int], int] = {}
            for op in b.ops:
                c = self.cycle[op.id]
                if not 0 <= c < n:
                    raise ScheduleError(f"{op!r}: cycle {c} outside block {b.name} (0..{n - 1})")
                if c + op_latency(fn, op) > n - 1:
                    raise ScheduleError(f"{op!r}: result arrives after the block ends")
                if op.opcode != "phi":
                    for v in op.op_operands():
                        if v.block is b and v.opcode != "phi" and c < self.cycle[v.id] + op_latency(fn, v):
                            raise ScheduleError(f"{op!r} in cycle {c} uses %{v.id} before it is ready")
                if op.opcode in ("load", "store") and port_limit(fn, op.attrs["mem"]):
                    key = (op.attrs["mem"], c)
                    per_port[key] = per_port.get(key, 0) + 1
                    if per_port[key] > port_limit(fn, op.attrs["mem"]):
                        raise ScheduleError(f"memory {key[0]}: more than {port_limit(fn, key[0])} accesses "
                                            f"in cycle {c} of block {b.name}")

    def arrival_ns(self, fn: Function, model: DelayModel, blocks=None) -> dict[int, float]:
        """Combinational arrival time of every op's result within its cycle; of the ops of ``blocks``
        only, if given (a chain never leaves its block, so each block's times are its own)."""
        arrival: dict[int, float] = {}
        blocks = fn.blocks if blocks is None else blocks
        packed = lut_packing(blocks)
        for b in blocks:
            for op in b.ops:
                d = model.op_delay_ns(fn, op)
                arrival[op.id] = d
                if op.opcode != "phi":
                    for v in op.op_operands():
                        if v.block is b and v.opcode != "phi" and op_latency(fn, v) == 0 and \
                                self.cycle[v.id] == self.cycle[op.id] and not handshake_only(fn, op, v):
                            step = 0.0 if v.id in packed.get(op.id, ()) else d   # shares v's LUT
                            arrival[op.id] = max(arrival[op.id], arrival[v.id] + step)
        return arrival

    def verify_timing(self, fn: Function, model: DelayModel) -> list[str]:
        """Chains longer than the clock budget (only possible for single ops slower than the clock)."""
        budget = model.budget_ns(self.clock_ns)
        arrival = self.arrival_ns(fn, model)
        problems = []
        for op in fn.all_ops():
            if arrival[op.id] > budget + 1e-6:
                problems.append(f"line {op.source_line}: {op.opcode} path {arrival[op.id]:.1f} ns exceeds the "
                                f"{budget:.1f} ns budget of a {self.clock_ns} ns clock")
        return problems
