"""The FSM's next state, the block handshake (ap_done/ap_ready/ap_idle, ap_return) and the scalar
output ports (``<p>_o`` with its ``_ap_vld``), in the block (codegen/block.py), from the FsmPlan
(bind/fsm.py)."""

from __future__ import annotations

from cryptohls.bind.fsm import Branch, Fire, Goto, Restart, Transition
from cryptohls.codegen import pipeline, streams
from cryptohls.codegen import vast as V
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.nodes import Op


def outputs(b: ModuleBuilder) -> None:
    writes: dict[str, list[Op]] = {}
    for op in b.fn.all_ops():
        if op.opcode == "out":
            writes.setdefault(op.attrs["param"], []).append(op)
    for p in b.fn.params:
        roles = b.ports[p.name]
        if "out" not in roles:
            continue
        ops = writes.get(p.name, [])
        states = {(op.block.name, b.sched.cycle[op.id]) for op in ops}
        covered = sum(op.operands[0].width for op in ops)
        if len(states) == 1 and covered == p.width and len(ops) == len({op.attrs.get("lo", 0) for op in ops}) \
                and not p.attrs.get("merge"):
            # every bit written in one state: drive the value itself (valid while ap_vld is high)
            (block, cyc), = states
            body = [V.Blocking(roles["out_vld"], V.Lit(1, 0)), V.If(b.st(block, cyc), [V.Blocking(roles["out_vld"],
                                                                                          V.Lit(1, 1))])]
            for op in ops:
                body.append(V.Blocking(_part(op, p.width, roles["out"]), b.operand(op.operands[0], block, cyc)))
            b.block.process(f"{p.name}_out", body)
            continue
        hold = b.block.register(roles["out"] + "_hold", p.width, f"last value written to {p.name}")
        start: V.Expr = V.Ref(hold.q)
        if p.attrs.get("merge"):   # written in part (frontend/import_interface.py): the rest is the caller's
            start = V.Cond(b.st(*b.state_list[0]), V.Ref(roles["in"]), V.Ref(hold.q))
        body = [V.Blocking(roles["out"], V.Ref(hold.q) if b.overlap else start),
                V.Blocking(roles["out_vld"], V.Lit(1, 0))]
        for op in ops:
            c = b.sched.cycle[op.id]
            body.append(V.If(b.st(op.block.name, c), [V.Blocking(_part(op, p.width, roles["out"]),
                                                                 b.operand(op.operands[0], op.block.name, c)),
                                                        V.Blocking(roles["out_vld"], V.Lit(1, 1))]))
        if p.attrs.get("merge") and b.overlap:
            # the first state writes no port (bind/handshake.py) and may be a return state that ends the last
            # call: that call's value goes out, the register takes the new call's input after it
            body.append(V.Blocking(hold.d, V.Cond(b.st(*b.state_list[0]), V.Ref(roles["in"]), V.Ref(roles["out"]))))
        else:
            body.append(V.Blocking(hold.d, V.Ref(roles["out"])))
        b.block.process(f"{p.name}_out", body)


def _part(op: Op, width: int, port: str) -> V.Target:
    """The bits of output ``port`` (``width`` wide) that ``out`` op writes."""
    lo, w = op.attrs.get("lo", 0), op.operands[0].width
    return port if lo == 0 and w == width else V.Slice(port, lo + w - 1, lo, compact=False)


def control(b: ModuleBuilder) -> None:
    """Next state, pipeline valid bits, ap_done/ap_ready/ap_idle and ap_return."""
    items: list[tuple[V.Expr, list[V.Stmt]]] = []
    first = b.state_list[0]
    done_terms: list[V.Expr] = []
    ret_values: list[tuple[V.Expr, V.Expr]] = []
    fsm = b.plans.fsm
    for blk in b.fn.blocks:
        n = fsm.block_states[blk.name]
        for c in range(n):
            nxt = transition(b, fsm.transitions[(blk.name, c)])
            if c == n - 1 and blk.terminator.opcode == "ret":
                term = blk.terminator
                if b.protocol == "ap_ctrl_hs":   # ap_ctrl_none has no ap_done to drive
                    done_terms.append(b.st(blk.name, c))
                if term.operands:
                    ret_values.append((b.st(blk.name, c), b.operand(term.operands[0], blk.name, c)))
            if b.sched.canonical(blk.name, c) != (blk.name, c):
                continue   # a fused exit state: its exiting state's transition does its step
            if (blk.name, c) == first or (blk.name, c) in fsm.waits:
                nxt = [V.If(b.st(blk.name, c), nxt)]
            items.append((V.Ref(b.state_param[(blk.name, c)]), nxt))
    b.block.process("next_state", [V.Blocking("state_d", V.Ref("state_q")), V.Case(V.Ref("state_q"), items, [])])
    for name, lp in b.pipes.items():
        entries = [V.Bin("&&", b.st(p, b.sched.states(p) - 1), b.edge_cond(p, name))
                   if len(b.fn.block(p).terminator.attrs.get("targets", [])) == 2
                   else b.st(p, b.sched.states(p) - 1)
                   for p in b.fn.predecessors()[name] if p != name]
        pipeline.valid_logic(b, lp, V.any_of(entries))
    done = V.any_of(done_terms)
    if b.protocol == "ap_ctrl_hs":
        b.block.assign("ap_done", done)
        hs = b.plans.handshake   # early ap_ready: when the inputs have been read (bind/handshake.py)
        b.block.assign("ap_ready", b.st(*hs.ready_state) if hs.early_ready else done)
        idle = V.Bin("&&", V.Bin("==", V.Ref("state_q"), V.Ref(b.state_param[first])), V.Un("!", V.Ref("ap_start")))
        b.block.assign("ap_idle", idle)
    ret = b.fn.attrs.get("return")
    if ret:
        if len(ret_values) == 1:
            expr: V.Expr = ret_values[0][1]
        else:
            expr = V.Lit(ret["width"], 0)
            for cond, val in reversed(ret_values):
                expr = V.Cond(cond, val, expr)
        b.block.assign("ap_return", expr)


def transition(b: ModuleBuilder, t: Transition) -> list[V.Stmt]:
    """The next-state statements of an FsmPlan transition (bind/fsm.py)."""
    if isinstance(t, Goto):
        return [V.Blocking("state_d", V.Ref(b.state_param[t.state]))]
    if isinstance(t, Branch):
        term = b.fn.block(t.state[0]).terminator
        return [V.If(b.operand(term.operands[0], *t.state), transition(b, t.then), transition(b, t.other))]
    if isinstance(t, Fire):   # the loop head's first state too, if it can fire now
        return [V.If(streams.partners(b, t.state), transition(b, t.then), transition(b, t.other))]
    if isinstance(t, Restart):   # start the next call right away when ap_start is high
        return [V.If(V.Ref("ap_start"), transition(b, t.then), transition(b, t.idle))]
    leave = t.leave
    return pipeline.transition(b, b.pipes[t.block], t.cycle,
                               (lambda: transition(b, leave)) if leave is not None else None)


__all__ = ["control", "outputs", "transition"]
