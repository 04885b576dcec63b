"""The block-level handshake of a module: when ap_ready pulses and whether calls overlap.

Vitis semantics: ap_ready means the inputs have been read. If every input is read in the entry block
(and the module has no ap_memory array, stream or sub-module call), ap_ready pulses in the entry state
that reads the last input, and input values needed later are registered (early ready). If that is the
first state and it has no memory access or port write, the state of the return also starts the next
call when ap_start is high (overlap): back-to-back calls take latency cycles, not latency + 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptohls.ir.nodes import Function
from cryptohls.schedule.schedule import Schedule

State = tuple[str, int]   # (block, cycle)


@dataclass(frozen=True)
class Handshake:
    protocol: str                  # "ap_ctrl_hs" or "ap_ctrl_none"
    early_ready: bool = False      # ap_ready pulses in ready_state, before ap_done
    ready_state: State | None = None
    overlap: bool = False          # a return state also starts the next call

    def to_json(self) -> dict:
        return {"protocol": self.protocol, "early_ready": self.early_ready,
                "ready_state": list(self.ready_state) if self.ready_state else None, "overlap": self.overlap}


def plan_handshake(fn: Function, sched: Schedule) -> Handshake:
    protocol = fn.attrs.get("block_protocol", "ap_ctrl_hs")
    if protocol != "ap_ctrl_hs" or any(m.kind in ("arg", "stream") for m in fn.memories) or \
            any(op.opcode == "call" for op in fn.all_ops()):   # streams, sub-modules: plain handshake
        return Handshake(protocol)
    entry = fn.blocks[0]
    reads = [op for op in fn.all_ops() if op.opcode == "param"]
    if any(op.block is not entry for op in reads):
        return Handshake(protocol)
    ready_state = (entry.name, max((sched.cycle[op.id] for op in reads), default=0))
    first_ops = [op for op in entry.ops if sched.cycle[op.id] == 0]
    overlap = ready_state[1] == 0 and entry.terminator.opcode != "ret" and \
        not any(op.opcode in ("load", "store", "out") for op in first_ops)
    return Handshake(protocol, True, ready_state, overlap)
