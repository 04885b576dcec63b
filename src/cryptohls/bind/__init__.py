"""Binding: what the hardware of one module is, decided from IR + Schedule before any Verilog.

``bind(fn, sched)`` returns the module's ``Plans``: the block handshake (bind/handshake.py), the
``FsmPlan`` (bind/fsm.py: states, transitions, fusions, which states wait) and the ``RegisterPlan``
(bind/registers.py: which values are wires, registers or kept in shared phi registers) and the
memory port of each access (bind/memories.py). Codegen maps the plans to the Verilog AST; ``Plans.to_json()`` is saved as
``ir/<name>.plans.json`` next to the schedule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from cryptohls.bind.fsm import FsmPlan, plan_fsm
from cryptohls.bind.handshake import Handshake, plan_handshake
from cryptohls.bind.memories import MemoryPorts, plan_memory_ports
from cryptohls.bind.registers import RegisterPlan, plan_registers
from cryptohls.ir.nodes import Function
from cryptohls.schedule.schedule import Schedule


@dataclass(frozen=True)
class Plans:
    handshake: Handshake
    fsm: FsmPlan
    registers: RegisterPlan
    memory_ports: MemoryPorts

    def to_json(self) -> str:
        return json.dumps({"handshake": self.handshake.to_json(), "fsm": self.fsm.to_json(),
                           "registers": self.registers.to_json(), "memory_ports": self.memory_ports.to_json()},
                          indent=1)


def bind(fn: Function, sched: Schedule) -> Plans:
    handshake = plan_handshake(fn, sched)
    return Plans(handshake, plan_fsm(fn, sched, handshake), plan_registers(fn, sched, handshake),
                 plan_memory_ports(fn, sched))


__all__ = ["FsmPlan", "Handshake", "MemoryPorts", "Plans", "RegisterPlan", "bind", "plan_fsm", "plan_handshake", "plan_registers"]
