"""INLINE off: each ``call`` op becomes an instance of the callee's module (ap_ctrl_hs handshake).

Per call op (one instance per call site, no sharing):
* ``<inst>_ap_start`` is high while the FSM is in the call's state, until the callee raised ap_ready
  (Vitis: the caller holds ap_start until ap_ready) or ap_done;
* the state stalls until the callee's ap_done (a done seen while the state waits for something else,
  e.g. a stream, is remembered in ``<inst>_done_q``);
* the result is registered at ap_done in ``<inst>_ret_q``: the call op's value is available one cycle
  after its state (``op_latency`` 1), so a call costs latency + 1 cycles.
Arguments are the operands as seen in the call's state; they are stable during the stall because
registers only load when a state completes.
"""

from __future__ import annotations

from cryptohls.codegen import vast as V
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.nodes import Op



def _call_states(b: ModuleBuilder) -> dict[tuple[str, int], list[Op]]:
    if b.caches.call_ops is None:
        found: dict[tuple[str, int], list[Op]] = {}
        for op in b.fn.all_ops():
            if op.opcode == "call":
                found.setdefault((op.block.name, b.sched.cycle[op.id]), []).append(op)
        b.caches.call_ops = found
    return b.caches.call_ops


def _sigs(b: ModuleBuilder, op: Op) -> dict[str, str]:
    """Signal names of the instance of ``op`` (created once)."""
    _call_states(b)
    if op.id not in b.caches.call_sigs:
        m = b.block
        inst = m.fresh(f"{op.attrs['callee']}_u{len(b.caches.call_sigs)}")
        sigs = {"inst": inst}
        for role in ("ap_start", "ap_done", "ap_ready"):
            sigs[role] = m.wire(f"{inst}_{role}", 1)
        sigs["ap_idle"] = m.wire(f"{inst}_ap_idle", 1, "not needed by the caller", "UNUSEDSIGNAL")
        sigs["ap_return"] = m.wire(f"{inst}_ap_return", op.width)
        result = m.register(f"{inst}_ret", op.width, "call result, loaded at ap_done", reset=None)
        b.caches.call_results[op.id] = result
        done = m.register(f"{inst}_done", 1, "ap_done seen, state still waiting")
        started = m.register(f"{inst}_started", 1, "ap_ready seen")
        sigs.update(ret_q=result.q, done_q=done.q, done_d=done.d, started_q=started.q, started_d=started.d)
        b.caches.call_sigs[op.id] = sigs
    return b.caches.call_sigs[op.id]


def result(b: ModuleBuilder, op: Op) -> V.Expr:
    return V.Ref(_sigs(b, op)["ret_q"])


def conditions(b: ModuleBuilder, key: tuple[str, int]) -> list[V.Expr]:
    """What the state ``key`` waits for: every call's ap_done (now or earlier)."""
    return [V.Bin("||", V.Ref(_sigs(b, op)["ap_done"]), V.Ref(_sigs(b, op)["done_q"]))
            for op in _call_states(b).get(key, [])]


def _in_state(b: ModuleBuilder, key: tuple[str, int]) -> V.Expr:
    cond: V.Expr = V.Bin("==", V.Ref("state_q"), V.Ref(b.state_param[key]))
    if key == b.state_list[0] and b.protocol == "ap_ctrl_hs":
        cond = V.Bin("&&", cond, V.Ref("ap_start"))
    return cond


def _argument(b: ModuleBuilder, op: Op, port: str, width: int, key: tuple[str, int]) -> V.Expr:
    """The callee port's value: the call's operands that map to it (coerced pieces), low bits first."""
    pieces = sorted(((lo, v) for v, (p, lo) in zip(op.operands, op.attrs["args"]) if p == port),
                    key=lambda t: t[0])
    if not pieces:
        return V.Lit(width, 0)
    parts = [b.operand(v, *key) for _, v in pieces]
    total = sum(v.width for _, v in pieces)
    expr: V.Expr = parts[0] if len(parts) == 1 else V.Concat(parts[::-1])
    if total > width:   # e.g. ap_uint<100> passed as two 64-bit pieces
        return V.Slice(_wire(b, expr, total), width - 1, 0)
    if total < width:
        return V.Concat([V.Lit(width - total, 0), expr])
    return expr


def _wire(b: ModuleBuilder, expr: V.Expr, width: int) -> str:
    name = b.block.wire("call_arg", width)
    b.block.assign(name, expr)
    return name


def emit(b: ModuleBuilder) -> None:
    """Instances, handshake registers and ap_start of every call op."""
    for key, ops in _call_states(b).items():
        st = b.st(*key)
        for op in ops:
            s = _sigs(b, op)
            callee = b.callees.get(op.attrs["callee"])
            if callee is None:
                raise AssertionError(f"no module for callee {op.attrs['callee']}")
            here = _in_state(b, key)
            b.block.assign(s["ap_start"], V.Bin("&&", here, V.Un("!", V.Bin(
                "||", V.Ref(s["started_q"]), V.Ref(s["done_q"])))))
            b.block.assign(s["started_d"], V.Cond(st, V.Lit(1, 0), V.Bin(
                "||", V.Ref(s["started_q"]), V.Bin("&&", V.Ref(s["ap_start"]), V.Ref(s["ap_ready"])))))
            finished = V.Bin("&&", here, V.Ref(s["ap_done"]))
            b.block.assign(s["done_d"], V.Cond(st, V.Lit(1, 0), V.Bin("||", V.Ref(s["done_q"]), finished)))
            b.block.load(b.caches.call_results[op.id], finished, V.Ref(s["ap_return"]))
            conns: list[tuple[str, V.Expr]] = [(port, V.Ref(sig)) for port, sig in (
                ("ap_clk", "ap_clk"), ("ap_rst", "ap_rst"), ("ap_start", s["ap_start"]), ("ap_done", s["ap_done"]),
                ("ap_idle", s["ap_idle"]), ("ap_ready", s["ap_ready"]))]
            for p in callee.params:
                conns.append((p.name, _argument(b, op, p.name, p.width, key)))
            conns.append(("ap_return", V.Ref(s["ap_return"])))
            b.block.instance(V.Instance(callee.name, s["inst"], conns))
