"""The FSM lowering as its helper modules see it.

codegen/rtl.py's ``RTLBuilder`` lowers a function into a ``Block`` (codegen/block.py) and calls the
helpers (calls.py, control.py, memories.py, pipeline.py, predicates.py, streams.py) with itself: they
add their ports, signals, registers and logic to ``block`` and ask the builder only how a value or a
state reads (``operand``, ``st``, ``edge_cond``). They are typed against ``ModuleBuilder`` here and
keep their own caches in ``HelperCaches``, so no helper imports rtl.py (no import circle) and nothing
is patched onto the builder at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from cryptohls.bind import Plans
from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Block, Register
from cryptohls.ir.nodes import Function, Op, Operand
from cryptohls.schedule.schedule import Schedule

State = tuple[str, int]   # (block, cycle)


@dataclass
class HelperCaches:
    """What the helpers compute once per module and look up later."""
    call_ops: dict[State, list[Op]] | None = None          # calls.py: call ops by state
    call_sigs: dict[int, dict[str, str]] = field(default_factory=dict)   # calls.py: instance signals by op id
    call_results: dict[int, Register] = field(default_factory=dict)   # calls.py: result register by op id
    stream_ops: dict[State, list[Op]] | None = None        # streams.py: stream accesses by state
    stream_room: dict[str, str] = field(default_factory=dict)   # streams.py: room signal by memory
    sinks: list[str] = field(default_factory=list)   # internal signals with bits nobody reads (unused_bits)
    stream_preds: dict[int, str] = field(default_factory=dict)   # streams.py: predicated write -> its wire
    predicates: dict[tuple[int, str, int], str] = field(default_factory=dict)   # predicates.py: (phi, pred, C) -> q
    mem_sigs: dict[str, list[dict[str, str]]] = field(default_factory=dict)   # memories.py: block RAM port signals
    ram_arrays: dict[str, str] = field(default_factory=dict)   # memories.py: block RAM/ROM -> its array
    rom_funcs: dict[str, str] = field(default_factory=dict)    # memories.py: LUT ROM -> its case function
    regs_vec: dict[str, Register] = field(default_factory=dict)   # memories.py: register file -> its vector
    regs_funcs: dict[str, str] = field(default_factory=dict)   # memories.py: register file -> read function


class ModuleBuilder(Protocol):
    fn: Function
    sched: Schedule
    block: Block                               # what the helpers add their hardware to
    protocol: str                              # "ap_ctrl_hs" or "ap_ctrl_none"
    callees: Mapping[str, Function]            # INLINE off: called sub-modules by C name
    ports: dict[str, dict[str, str]]           # param/memory -> role -> port name
    wire: dict[int, str]                       # op id -> wire name
    reg: dict[int, str]                        # op id -> register name
    phi_d: dict[int, str]                      # phi id -> next-value signal of its register
    state_param: dict[State, str]              # state -> localparam name
    state_list: list[State]
    pipes: dict[str, Any]                      # pipelined loop header -> pipeline.PipelinedLoop
    caches: HelperCaches
    plans: Plans                               # bind/: handshake, FSM and register plans

    def st(self, block: str, cycle: int) -> V.Expr: ...
    def operand(self, v: Operand, block: str, cycle: int) -> V.Expr: ...
    def avail(self, op: Op) -> int: ...
    def edge_cond(self, src: str, dst: str) -> V.Expr: ...


__all__ = ["HelperCaches", "ModuleBuilder", "State"]
