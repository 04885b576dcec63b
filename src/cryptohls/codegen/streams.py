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
* valid_ready: ``x``, ``x_valid``, ``x_ready`` with the axis timing; a struct element has one port per
  field instead of ``x`` (named as the field, its bits of the struct's word), and the handshake output
  is a continuous assignment (the LWC CipherCore rule, designs/lwc-frame/docs.md).
"""

from __future__ import annotations

from cryptohls.codegen import calls, stream_guard
from cryptohls.codegen import vast as V
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.ports import OFFER_MODES, stream_ports
from cryptohls.ir.nodes import Memory, Op



def add_ports(b: ModuleBuilder, mem: Memory) -> dict[str, str]:
    direction = mem.attrs.get("direction", "in")
    names = stream_ports(mem.attrs.get("port", mem.name), mem.attrs.get("mode", "ap_fifo"), direction)
    if mem.attrs.get("fields"):
        names.pop("data")
    roles = {r: b.block.reserve(n) for r, n in names.items()}
    is_in = direction == "in"
    if mem.attrs.get("fields"):
        roles["data"] = _field_ports(b, mem, is_in)
    else:
        b.block.port(roles["data"], "input" if is_in else "output", mem.width, mem.attrs.get("c_type", ""))
    b.block.port(roles["valid"], "input" if is_in else "output", 1)
    b.block.port(roles["ready"], "output" if is_in else "input", 1)
    return roles


def _field_ports(b: ModuleBuilder, mem: Memory, is_in: bool) -> str:
    """One port per struct field; the stream's word (the struct's bytes, as hls_stream.h moves it) is an
    internal signal: an input's is the fields at their offsets with zero padding, an output's fields
    are its slices. Padding bits are read by nobody, so the word joins unused_bits."""
    word = b.block.wire(f"{mem.name}_word", mem.width, f"{mem.name}: the struct's bytes")
    b.caches.sinks.append(word)
    parts: list[V.Expr] = []
    top = mem.width
    for name, lo, width in sorted(mem.attrs["fields"], key=lambda f: -f[1]):
        port = b.block.port(b.block.reserve(name), "input" if is_in else "output", width)
        if is_in:
            if top > lo + width:
                parts.append(V.Lit(top - lo - width, 0))
            parts.append(V.Ref(port))
        else:
            b.block.assign(port, V.Slice(word, lo + width - 1, lo))
        top = lo
    if is_in:
        if top > 0:
            parts.append(V.Lit(top, 0))
        b.block.assign(word, V.Concat(parts))
    return word


def stream_accesses(b: ModuleBuilder) -> dict[tuple[str, int], list[Op]]:
    """State -> its stream loads/stores (computed once per module)."""
    if b.caches.stream_ops is None:
        found: dict[tuple[str, int], list[Op]] = {}
        kinds = {m.name for m in b.fn.memories if m.kind == "stream"}
        for op in b.fn.all_ops():
            if op.opcode in ("load", "store") and op.attrs["mem"] in kinds:
                found.setdefault((op.block.name, b.sched.cycle[op.id]), []).append(op)
        b.caches.stream_ops = found
    return b.caches.stream_ops


def registered(mem: Memory) -> bool:
    """An axis output with the ``register`` option: TDATA/TVALID come from an output register."""
    return mem.attrs.get("mode") in OFFER_MODES and mem.attrs.get("direction") == "out" and \
        bool(mem.attrs.get("register"))


def _room(b: ModuleBuilder, mem: Memory) -> str:
    """'the output register can take a word': empty, or its word leaves in this cycle."""
    rooms = b.caches.stream_room
    if mem.name not in rooms:
        roles = b.ports[mem.name]
        name = b.block.wire(f"{mem.name}_room", 1, f"{mem.name} output register empty or being read")
        rooms[mem.name] = name
        b.block.assign(name, V.Bin("||", V.Un("!", V.Ref(roles["valid"])), V.Ref(roles["ready"])))
    return rooms[mem.name]


def can_transfer(b: ModuleBuilder, mem: Memory) -> V.Expr:
    """The handshake input a transfer waits for: empty_n/TVALID of an input, full_n/TREADY of an
    output (for a registered output: room in the output register). Also the value of ``empty()``
    and ``full()`` (negated): the ``can_transfer`` op."""
    if registered(mem):
        return V.Ref(_room(b, mem))
    roles = b.ports[mem.name]
    return V.Ref(roles["valid"] if mem.attrs.get("direction", "in") == "in" else roles["ready"])


def _pred_operand(op: Op):
    """The i1 predicate of a predicated stream access (passes/if_convert.py), else None."""
    n = 2 if op.opcode == "store" else 1
    return op.operands[n] if len(op.operands) > n else None


def predicate(b: ModuleBuilder, op: Op) -> V.Expr | None:
    """A predicated stream access's condition in its state, else None. A wire of its own: state
    conditions ask for it while the values are still being named; drive() assigns it."""
    if _pred_operand(op) is None:
        return None
    preds = b.caches.stream_preds
    if op.id not in preds:
        kind = "write" if op.opcode == "store" else "read"
        preds[op.id] = b.block.wire(f"{op.attrs['mem']}_{kind}_if", 1, f"the conditional {kind} happens in this state")
    return V.Ref(preds[op.id])


def _partner(b: ModuleBuilder, op: Op) -> V.Expr:
    """What the access waits for: its handshake input; a predicated write only when it happens; nothing
    when its predicate holds only with the handshake input (`if (!s.empty()) s.read()`, stream_guard.py)."""
    can = can_transfer(b, b.fn.memory(op.attrs["mem"]))
    pred = predicate(b, op)
    if pred is None:
        return can
    if stream_guard.guarded(b.sched, op, _pred_operand(op)):
        return V.Lit(1, 1)
    return V.Bin("||", V.Un("!", pred), can)


def partner(b: ModuleBuilder, op: Op) -> V.Expr:
    """The access of ``op`` can transfer (a predicated one: or does not happen)."""
    return _partner(b, op)


def partners(b: ModuleBuilder, key: tuple[str, int], skip: Op | None = None) -> V.Expr:
    """Every stream access of (block, cycle) ``key`` can fire (1 without accesses)."""
    terms = [_partner(b, op) for op in stream_accesses(b).get(key, []) if op is not skip]
    out: V.Expr = V.Lit(1, 1)
    for term in terms:
        out = V.and_(out, term)
    return out


def exit_streams(b: ModuleBuilder, key: tuple[str, int]) -> str | None:
    """The fused exit block whose first state, done on this (last) state's exit edge, accesses streams
    (the FsmPlan's ``exit_waits``)."""
    return b.plans.fsm.exit_waits.get(key)


def gate(b: ModuleBuilder, key: tuple[str, int], eq: V.Expr) -> V.Expr:
    """'state active' ∧ every stream access of the state can fire ∧ every sub-module call has finished."""
    for op in stream_accesses(b).get(key, []):
        eq = V.and_(eq, _partner(b, op))
    for cond in calls.conditions(b, key):
        eq = V.Bin("&&", eq, cond)
    return eq


def _axis_offer(b: ModuleBuilder, op: Op, key: tuple[str, int]) -> V.Expr:
    """When an axis access raises its TVALID/TREADY: the FSM executes ``key`` and every *other*
    access that must fire with it can (never waiting for its own partner, as AXI requires). A fused
    exit access offers in its exiting state when the loop condition says exit; a loop head's access
    also offers on the inner loop's exit edge when that edge can go (overlapped head)."""
    canon = b.sched.canonical(*key)
    cond: V.Expr = V.Bin("==", V.Ref("state_q"), V.Ref(b.state_param[canon]))
    if key == b.state_list[0] and b.protocol == "ap_ctrl_hs":
        cond = V.Bin("&&", cond, V.Ref("ap_start"))
    if canon != key:   # fused exit: the exiting state's own accesses must fire with it
        cond = V.and_(V.Bin("&&", cond, b.edge_cond(canon[0], key[0])), partners(b, canon))
    elif exit_streams(b, key) is not None:   # the exiting state: when leaving, the exit's accesses too
        e = exit_streams(b, key)
        cond = V.Bin("&&", cond, V.Bin("||", V.negate(b.edge_cond(key[0], e)), partners(b, (e, 0))))
    for other in stream_accesses(b)[key]:
        if other is not op:
            cond = V.and_(cond, _partner(b, other))
    if key[1] == 0 and key[0] in b.sched.overlapped:
        cond = V.Bin("||", cond, V.and_(b.st(b.sched.overlapped[key[0]], 0), partners(b, key, skip=op)))
    return cond


def _pipeline_offer(b: ModuleBuilder, op: Op) -> V.Expr:
    """An axis access in a stalling pipelined loop (codegen/pipeline.py) offers when it is due and
    every other access due in this state can transfer."""
    lp = b.pipes[op.block.name]
    c = b.sched.cycle[op.id]
    cond = lp.active(b, op)
    for other in lp.stream_ops:
        oc = b.sched.cycle[other.id]
        if other is not op and oc % lp.ii == c % lp.ii:
            cond = V.Bin("&&", cond, V.Bin("||", V.Un("!", V.Ref(lp.valid[oc // lp.ii])), _partner(b, other)))
    return cond


def _drive_registered(b: ModuleBuilder, mem: Memory, accesses: list[Op]) -> None:
    """Output register of a registered axis output: loaded when a write fires, emptied by TREADY."""
    roles = b.ports[mem.name]
    data = b.block.register(f"{mem.name}_data", mem.width, f"{mem.name} output register", reset=None)
    full = b.block.register(f"{mem.name}_full", 1, f"{mem.name} output register holds a word")
    body: list[V.Stmt] = [V.Blocking(data.d, V.Ref(data.q)),
                          V.Blocking(full.d, V.Bin("&&", V.Ref(full.q), V.Un("!", V.Ref(roles["ready"]))))]
    for op in accesses:
        key = (op.block.name, b.sched.cycle[op.id])
        pred = predicate(b, op)
        body.append(V.If(b.st(*key) if pred is None else V.Bin("&&", b.st(*key), pred),
                         [V.Blocking(data.d, b.operand(op.operands[1], *key)), V.Blocking(full.d, V.Lit(1, 1))]))
    b.block.process(f"{mem.name}_register", body)
    b.block.assign(roles["data"], V.Ref(data.q))
    b.block.assign(roles["valid"], V.Ref(full.q))
    if mem.attrs.get("fields"):
        b.caches.sinks.append(data.q)   # the padding bits of the struct's word


def drive(b: ModuleBuilder, mem: Memory, accesses: list[Op]) -> None:
    """The stream's handshake output (read/write strobe or TREADY/TVALID) and, for outputs, the data."""
    roles = b.ports[mem.name]
    for op in accesses:
        if predicate(b, op) is not None:
            b.block.assign(b.caches.stream_preds[op.id],
                           b.operand(_pred_operand(op), op.block.name, b.sched.cycle[op.id]))
    if registered(mem):
        _drive_registered(b, mem, accesses)
        return
    axis = mem.attrs.get("mode") in OFFER_MODES
    # valid_ready: the strobe is one continuous assignment (no default-then-override block)
    continuous = mem.attrs.get("mode") == "valid_ready"
    strobe = roles["ready"] if mem.attrs.get("direction", "in") == "in" else roles["valid"]
    body: list[V.Stmt] = [] if continuous else [V.Blocking(strobe, V.Lit(1, 0))]
    if any(op.opcode == "store" for op in accesses) and not continuous:
        body.append(V.Blocking(roles["data"], V.Lit(mem.width, 0)))
    offers: list[V.Expr] = []
    data: V.Expr = V.Lit(mem.width, 0)
    for op in accesses:
        key = (op.block.name, b.sched.cycle[op.id])
        if axis and op.block.name in b.pipes:
            cond = _pipeline_offer(b, op)
        elif axis:   # raised when the rest of the state can go; the partner completes the transfer
            cond = _axis_offer(b, op, key)
        else:
            cond = b.st(*key)
        if predicate(b, op) is not None:   # a predicated access transfers only when it happens
            cond = V.Bin("&&", cond, predicate(b, op))
        offers.append(cond)
        if continuous:
            if op.opcode == "store":   # the last matching write wins, as in the always block
                data = V.Cond(cond, b.operand(op.operands[1], *key), data)
            continue
        stmts: list[V.Stmt] = [V.Blocking(strobe, V.Lit(1, 1))]
        if op.opcode == "store":
            stmts.append(V.Blocking(roles["data"], b.operand(op.operands[1], *key)))
        body.append(V.If(cond, stmts))
    if continuous:
        b.block.assign(strobe, V.any_of(offers))
        if any(op.opcode == "store" for op in accesses):
            b.block.assign(roles["data"], data)
    else:
        b.block.process(f"{mem.name}_stream", body)
