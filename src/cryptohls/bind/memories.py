"""Memory port binding: which port of its memory each load/store uses.

The scheduler keeps the accesses of a memory within one state at or below its port count; the k-th
access of a memory in a state (in program order) uses port k. In a pipelined loop the stages of
cycles c, c + II, c + 2 II, ... of an iteration run in the same clock (for different iterations), so
there "a state" is the cycle modulo II, the slots the modulo scheduler checked (schedule/modulo.py).
A memory's port count in hardware is the most ports any state uses (at least one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cryptohls.ir.nodes import Function
from cryptohls.schedule.schedule import Schedule


@dataclass(frozen=True)
class MemoryPorts:
    port: Mapping[int, int]       # load/store op id -> port index
    ports: Mapping[str, int]      # memory -> ports used (1 if it has no accesses)

    def to_json(self) -> dict:
        return {"ports": dict(self.ports), "access_port": {str(k): v for k, v in self.port.items()}}


def plan_memory_ports(fn: Function, sched: Schedule) -> MemoryPorts:
    port: dict[int, int] = {}
    used: dict[tuple[str, str, int], int] = {}
    ports = {m.name: 1 for m in fn.memories}
    for op in fn.all_ops():
        if op.opcode in ("load", "store"):
            cycle = sched.cycle[op.id]
            pipe = sched.pipelined.get(op.block.name)
            if pipe and pipe.get("ii"):
                cycle %= int(pipe["ii"])
            key = (op.attrs["mem"], op.block.name, cycle)
            port[op.id] = used.get(key, 0)
            used[key] = port[op.id] + 1
            ports[op.attrs["mem"]] = max(ports[op.attrs["mem"]], used[key])
    return MemoryPorts(port, ports)
