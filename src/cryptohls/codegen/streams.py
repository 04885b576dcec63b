"""hls::stream arguments in the generated FSM: ports, stall conditions and handshake outputs.

A stream argument is a one-word memory of kind ``stream`` (one access per state, read latency 0):
a ``load`` is a blocking read, a ``store`` a blocking write. A state that holds stream accesses
completes only in a cycle where every one of them can fire (input words present, output space free);
until then it stalls: it keeps its state and performs none of its effects (register loads, port
writes, memory accesses, other stream transfers). Port roles (C4 appendix): "data", "valid", "ready";
a word moves on a clock edge where valid and ready are both high.

* ap_fifo input ``x``: ``x_dout`` (data), ``x_empty_n`` (valid), ``x_read`` (ready = the state completes);
* ap_fifo output ``y``: ``y_din`` (data), ``y_write`` (valid = the state completes), ``y_full_n`` (ready);
* axis: ``x_TDATA``, ``x_TVALID``, ``x_TREADY``. An AXI handshake output must not wait for its own
  partner signal (TVALID may not depend on TREADY), so it is raised in the state when the *other*
  streams of that state can fire; the transfer (and the state) completes when its partner is high too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryptohls.codegen import calls
from cryptohls.codegen import vast as V
from cryptohls.frontend.interface import stream_ports
from cryptohls.ir.nodes import Memory, Op

if TYPE_CHECKING:
    from cryptohls.codegen.rtl import RTLBuilder


def add_ports(b: "RTLBuilder", mem: Memory) -> dict[str, str]:
    direction = mem.attrs.get("direction", "in")
    roles = {r: b.namer.reserve(n) for r, n in stream_ports(mem.name, mem.attrs.get("mode", "ap_fifo"),
                                                            direction).items()}
    is_in = direction == "in"
    b.mod.ports.append(V.Port(roles["data"], "input" if is_in else "output", mem.width, mem.attrs.get("c_type", "")))
    b.mod.ports.append(V.Port(roles["valid"], "input" if is_in else "output", 1))
    b.mod.ports.append(V.Port(roles["ready"], "output" if is_in else "input", 1))
    return roles


def stream_accesses(b: "RTLBuilder") -> dict[tuple[str, int], list[Op]]:
    """State -> its stream loads/stores (memoised on the builder)."""
    if not hasattr(b, "_stream_ops"):
        found: dict[tuple[str, int], list[Op]] = {}
        kinds = {m.name for m in b.fn.memories if m.kind == "stream"}
        for op in b.fn.all_ops():
            if op.opcode in ("load", "store") and op.attrs["mem"] in kinds:
                found.setdefault((op.block.name, b.sched.cycle[op.id]), []).append(op)
        b._stream_ops = found
    return b._stream_ops


def _partner(b: "RTLBuilder", op: Op) -> V.Expr:
    """The handshake input this access waits for: empty_n/TVALID of a read, full_n/TREADY of a write."""
    roles = b.ports[op.attrs["mem"]]
    return V.Ref(roles["valid"] if op.opcode == "load" else roles["ready"])


def gate(b: "RTLBuilder", key: tuple[str, int], eq: V.Expr) -> V.Expr:
    """'state active' ∧ every stream access of the state can fire ∧ every sub-module call has finished."""
    for op in stream_accesses(b).get(key, []):
        eq = V.Bin("&&", eq, _partner(b, op))
    for cond in calls.conditions(b, key):
        eq = V.Bin("&&", eq, cond)
    return eq


def stalls(b: "RTLBuilder", key: tuple[str, int]) -> bool:
    """The state may have to wait (stream handshakes or sub-module calls)."""
    return key in stream_accesses(b) or calls.stalls(b, key)


def drive(b: "RTLBuilder", mem: Memory, accesses: list[Op]) -> None:
    """The stream's handshake output (read/write strobe or TREADY/TVALID) and, for outputs, the data."""
    roles = b.ports[mem.name]
    axis = mem.attrs.get("mode") == "axis"
    strobe = roles["ready"] if mem.attrs.get("direction", "in") == "in" else roles["valid"]
    b._mark_reg_output(strobe)
    body: list[V.Stmt] = [V.Blocking(strobe, V.Lit(1, 0))]
    if any(op.opcode == "store" for op in accesses):
        b._mark_reg_output(roles["data"])
        body.append(V.Blocking(roles["data"], V.Lit(mem.width, 0)))
    for op in accesses:
        key = (op.block.name, b.sched.cycle[op.id])
        if axis:   # raised when the rest of the state can go; the partner completes the transfer
            cond = V.Bin("==", V.Ref("state_q"), V.Ref(b.state_param[key]))
            if key == b.state_list[0] and b.protocol == "ap_ctrl_hs":
                cond = V.Bin("&&", cond, V.Ref("ap_start"))
            for other in stream_accesses(b)[key]:
                if other is not op:
                    cond = V.Bin("&&", cond, _partner(b, other))
        else:
            cond = b.st(*key)
        stmts: list[V.Stmt] = [V.Blocking(strobe, V.Lit(1, 1))]
        if op.opcode == "store":
            stmts.append(V.Blocking(roles["data"], b.operand(op.operands[1], *key)))
        body.append(V.If(cond, stmts))
    b.mod.items.append(V.AlwaysComb(f"{mem.name}_stream", body))
