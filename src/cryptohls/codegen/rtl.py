"""FSM + datapath lowering: HLS IR + Schedule + Plans → Block (codegen/block.py), which
codegen/emit.py turns into the Verilog AST (ap_ctrl_hs block protocol, C4 ports).

* one state per (block, cycle); binary state register ``state_q``; the first state of the entry block
  is the idle state and only advances (and only has effects) while ``ap_start`` is high;
* every op with a result becomes a named wire (``add_ln12``); values used in a later state get a
  register ``<name>_q`` loaded in the state where they become available; phis are registers loaded on
  the CFG edge;
* the helpers add the rest to the block: ports (module_ports.py), memories (memories.py), next state,
  handshake and scalar outputs (control.py), pipelined loops (pipeline.py), streams (streams.py),
  sub-module instances (calls.py), counter predicates (predicates.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cryptohls.bind import Plans, bind
from cryptohls.bind.registers import LOOP_PHI, PHI, REGISTER
from cryptohls.codegen import calls, control, memories, module_ports, pipeline, predicates, streams
from cryptohls.codegen.block import Block, Register
from cryptohls.codegen.builder import HelperCaches
from cryptohls.codegen.emit import to_verilog
from cryptohls.codegen import vast as V
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.nodes import Const, Function, Op, Operand
from cryptohls.schedule.schedule import Schedule, op_latency

# IR opcode -> Verilog operator (unsigned operands). A module constant so that the test of
# `cryptohls verify` can plant a miscompile here (tests/verify/test_equivalence.py).
BINARY_OPERATORS = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^", "shl": "<<",
                    "lshr": ">>", "udiv": "/", "urem": "%"}


class RTLBuilder:
    """Lowers one module into its block; implements codegen/builder.py's ModuleBuilder for the helpers."""
    def __init__(self, fn: Function, sched: Schedule, header: list[str], callees: Mapping[str, Function],
                 plans: Plans):
        self.fn, self.sched, self.plans = fn, sched, plans
        self.callees = callees                # INLINE off: the called sub-modules by C name (their ports)
        self.caches = HelperCaches()          # the helper modules' per-module lookups
        self.block = Block(fn.name, header, {"ap_clk", "ap_rst", "ap_start", "ap_done", "ap_idle", "ap_ready",
                                             "ap_return", "state_q", "state_d"})
        self.protocol = fn.attrs.get("block_protocol", "ap_ctrl_hs")
        self.wire: dict[int, str] = {}        # op id -> wire name (value in its available cycle)
        self.reg: dict[int, str] = {}         # op id -> register name (later cycles)
        self.state_sig: dict[tuple[str, int], str] = {}
        self.deferred_states: list[tuple[str, int]] = []
        self.deferred_gates: list[tuple[str, V.Expr, tuple[str, int]]] = []
        self.ports: dict[str, dict[str, str]] = {}   # param -> role -> port name

    # --------------------------------------------------------------------------- helpers
    def st(self, block: str, cycle: int) -> V.Expr:
        """'in state (block, cycle)' — declared on first use so that no state signal is left unused."""
        key = (block, cycle)
        if key not in self.state_sig:
            sig = self.block.wire(f"st_{block}_{cycle}", 1)
            self.state_sig[key] = sig
            if block in self.pipes:   # a pipelined loop: FSM state and stage valid bit
                self.block.assign(sig, pipeline.state_expr(self, self.pipes[block], cycle))
                return V.Ref(sig)
            if self.sched.canonical(*key) != key:   # its expression reads the branch condition: built last
                self.deferred_states.append(key)
                return V.Ref(sig)
            eq = self._in_state(key)
            if key == self.state_list[0] and self.overlap:   # the next call may start in a return state
                for rb in self.fn.blocks:
                    if rb.terminator.opcode == "ret":
                        eq = V.Bin("||", eq, self._in_state((rb.name, self.sched.states(rb.name) - 1)))
            if key == self.state_list[0]:
                start = V.Ref("ap_start") if self.protocol == "ap_ctrl_hs" else V.Lit(1, 1)
                eq = V.Bin("&&", eq, start)
            eq = streams.gate(self, key, eq)   # a state with stream accesses stalls until all can fire
            if streams.exit_streams(self, key):   # leaving the loop also needs the fused exit's streams
                self.deferred_gates.append((sig, eq, key))
                return V.Ref(sig)
            if key[1] == 0 and key[0] in self.sched.overlapped:   # also done on the inner loop's exit edge
                eq = V.Bin("||", eq, V.and_(self.st(self.sched.overlapped[key[0]], 0), streams.partners(self, key)))
            self.block.assign(sig, eq)
            self.state_sig[key] = sig
        return V.Ref(self.state_sig[key])

    def _in_state(self, key: tuple[str, int]) -> V.Expr:
        """'the FSM executes (block, cycle)', ungated: a fused exit state is its exiting block's last
        state while the loop condition says exit."""
        if self.sched.canonical(*key) == key:
            return V.Bin("==", V.Ref("state_q"), V.Ref(self.state_param[key]))
        return self.st(*key)

    def _fused_states(self) -> None:
        """Signals of fused exit states (after every value has its wire and register)."""
        for sig, eq, key in self.deferred_gates:   # exiting states: the fused exit's streams fire too
            exit_block = streams.exit_streams(self, key)
            leave = self.edge_cond(key[0], exit_block)
            eq = V.and_(eq, V.Bin("||", V.negate(leave), streams.partners(self, (exit_block, 0))))
            self.block.assign(sig, eq)
        self.deferred_gates = []
        while self.deferred_states:
            key = self.deferred_states.pop(0)
            canon = self.sched.canonical(*key)
            self.block.assign(self.state_sig[key], V.and_(self.st(*canon), self.edge_cond(canon[0], key[0])))

    def edge_cond(self, src: str, dst: str) -> V.Expr:
        """The branch condition of the CFG edge src → dst, evaluated in src's last state."""
        term = self.fn.block(src).terminator
        if not term.operands:
            return V.Lit(1, 1)
        c = self.operand(term.operands[0], src, self.sched.states(src) - 1)
        return c if term.attrs["targets"][0] == dst else V.negate(c)

    def same_state(self, a: tuple[str, int], b: tuple[str, int]) -> bool:
        return self.sched.canonical(*a) == self.sched.canonical(*b)

    def avail(self, op: Op) -> int:
        return self.sched.cycle[op.id] + op_latency(self.fn, op)

    def operand(self, v: Operand, block: str, cycle: int) -> V.Expr:
        """The expression for value ``v`` as seen in state (block, cycle)."""
        if isinstance(v, Const):
            return V.Lit(v.width, v.value)
        if v.opcode == "param" and not self.early_ready:
            if self.protocol == "ap_ctrl_none" and block in self.pipes and cycle > 0:
                # a free-running core's call never ends, so nobody holds its inputs for it: an
                # iteration of a pipelined loop samples them at its cycle 0 and carries them along
                return pipeline.sampled_input(self, self.pipes[block], v, cycle)
            return V.Ref(self.wire[v.id])   # inputs are held for the whole call
        if v.block.name in self.pipes:
            return pipeline.operand(self, self.pipes[v.block.name], v, block, cycle)
        if v.opcode == "phi":
            return V.Ref(self.reg[v.id])
        if self.same_state((v.block.name, self.avail(v)), (block, cycle)):
            return V.Ref(self.wire[v.id])
        return V.Ref(self.reg[v.id])

    # --------------------------------------------------------------------------- build
    def _plan_handshake(self) -> None:
        """Early ap_ready and call overlap, as bind/handshake.py decided."""
        hs = self.plans.handshake
        self.early_ready, self.ready_state, self.overlap = hs.early_ready, hs.ready_state, hs.overlap

    def build(self) -> Block:
        module_ports.add_ports(self)
        self._states()
        self.pipes = pipeline.setup(self)
        self._plan_handshake()
        self._name_values()
        self._datapath()
        calls.emit(self)
        self._registers()
        memories.build(self)
        control.outputs(self)
        control.control(self)
        self._fused_states()
        self.block.sinks = self._sinks()
        return self.block

    def _states(self) -> None:
        """One localparam per FsmPlan state, in its order (binary encoding)."""
        self.state_list: list[tuple[str, int]] = list(self.plans.fsm.states)
        self.sw = max(1, (len(self.state_list) - 1).bit_length())
        self.state_param: dict[tuple[str, int], str] = {}
        for k, (b, c) in enumerate(self.state_list):
            self.state_param[(b, c)] = self.block.state(self.block.fresh(f"S_{b.upper()}_{c}"), self.sw, k)
        # the first register: its load and reset come first in the register update
        self.block.add_register(Register("state_q", "state_d", self.sw, "FSM state",
                                         V.Ref(self.state_param[self.state_list[0]])))

    def _name_values(self) -> None:
        """Wires and registers as the RegisterPlan (bind/registers.py) says; names legalised here."""
        plan = self.plans.registers
        self.users = self.fn.users()
        self.coalesced = plan.coalesced
        self.value_in_phi = {v: p for v, p in plan.kept_in.items() if plan.storage[v] == PHI}
        self.phi_d: dict[int, str] = {}
        ops = {op.id: op for op in self.fn.all_ops()}
        for pid in plan.register_phis():
            op = ops[pid]
            r = self.block.register(plan.hints[pid], op.width, "phi" + (f", line {op.line}" if op.line else ""),
                                    reset=None)
            self.reg[pid] = r.q
            self.phi_d[pid] = r.d
        for member, rep in plan.phi_web.items():   # phis sharing their web's register
            self.reg[member], self.phi_d[member] = self.reg[rep], self.phi_d[rep]
        for vid, storage in plan.storage.items():
            op = ops[vid]
            if vid in plan.on_port:
                self.wire[vid] = self.ports[op.attrs["param"]]["in"]   # the whole port: no wire of its own
            else:
                self.wire[vid] = self.block.wire(plan.hints[vid], op.width)
            if storage in (LOOP_PHI, PHI):   # read the loop phi's register after exit / loaded into it
                self.reg[vid] = self.reg[plan.kept_in[vid]]
            elif storage == REGISTER:
                r = self.block.register(self.wire[vid], op.width, reset=None)
                self.reg[vid] = r.q
                self.block.load(r, self.st(op.block.name, self.avail(op)), V.Ref(self.wire[vid]))

    # --------------------------------------------------------------------------- datapath
    def _datapath(self) -> None:
        for b in self.fn.blocks:
            for op in b.ops:
                if op.width == 0 or op.opcode == "phi":
                    continue
                expr = self._expr(op)
                if expr is not None and not (isinstance(expr, V.Ref) and expr.name == self.wire[op.id]):
                    self.block.assign(self.wire[op.id], expr)

    def _expr(self, op: Op) -> V.Expr | None:
        if op.opcode == "call":   # INLINE off: the instance's result register (codegen/calls.py)
            return calls.result(self, op)
        c = self.avail(op) if op.opcode != "load" else self.sched.cycle[op.id]
        b = op.block.name
        ops = [self.operand(v, b, c) for v in op.operands]
        oc, w = op.opcode, op.width
        if oc in BINARY_OPERATORS:
            return V.Bin(BINARY_OPERATORS[oc], ops[0], ops[1])
        if oc in ("sdiv", "srem"):
            return V.Unsigned(V.Bin("/" if oc == "sdiv" else "%", V.Signed(ops[0]), V.Signed(ops[1])))
        if oc == "ashr":
            return V.Unsigned(V.Bin(">>>", V.Signed(ops[0]), ops[1]))
        if oc == "icmp":   # of a loop counter: from a flip-flop loaded with the compare of its next value
            return predicates.precomputed(self, op) or predicates.compare(op.attrs["pred"], ops[0], ops[1])
        if oc == "select":
            return V.Cond(ops[0], ops[1], ops[2])
        if oc == "zext":
            return V.Concat([V.Lit(w - op.operands[0].width, 0), ops[0]])
        if oc == "sext":
            iw = op.operands[0].width
            src = self._selectable(op, ops[0])
            sign = src if iw == 1 else self._bits(op, src, iw - 1, iw - 1)
            return V.Concat([V.Repeat(w - iw, sign), src])
        if oc == "trunc":
            return self._bits(op, ops[0], w - 1, 0)
        if oc == "slice":
            lo = op.attrs["lo"]
            return self._bits(op, ops[0], lo + w - 1, lo)
        if oc == "concat":
            return V.Concat(ops)
        if oc == "param":
            p = self.fn.param(op.attrs["param"])
            port = self.ports[p.name]["in"]
            lo = op.attrs.get("lo", 0)
            if lo == 0 and w == p.width:
                return V.Ref(port)
            return V.Slice(port, lo + w - 1, lo)
        if oc == "load":
            mem = self.fn.memory(op.attrs["mem"])
            return memories.load_expr(self, mem, op, ops[0])
        if oc == "can_transfer":
            return streams.can_transfer(self, self.fn.memory(op.attrs["mem"]))
        raise AssertionError(f"no Verilog for {oc}")

    def _selectable(self, op: Op, value: V.Expr) -> V.Expr:
        """``op``'s operand ``value`` as something whose bits Verilog can select: a signal or a
        constant; any other expression (a pipelined loop's bypass ``st ? wire : reg``,
        codegen/pipeline.py) gets a wire of its own."""
        if isinstance(value, (V.Ref, V.Lit)):
            return value
        name = self.block.wire(f"{self.wire[op.id]}_src", op.operands[0].width)
        self.block.assign(name, value)
        return V.Ref(name)

    def _bits(self, op: Op, value: V.Expr, hi: int, lo: int) -> V.Expr:
        """Bits hi..lo of ``op``'s operand ``value`` (a constant's are computed here)."""
        value = self._selectable(op, value)
        if isinstance(value, V.Lit):
            return V.Lit(hi - lo + 1, (value.value >> lo) & ((1 << (hi - lo + 1)) - 1))
        return V.Slice(value.name, hi, lo)

    # --------------------------------------------------------------------------- registers, outputs, control
    def _registers(self) -> None:
        body: list[V.Stmt] = []
        held: set[str] = set()
        for op in self.fn.all_ops():
            if op.opcode != "phi":
                continue
            d = self.phi_d[op.id]
            if d not in held:   # a web's register holds unless one of its phis' edges loads it
                body.append(V.Blocking(d, V.Ref(self.reg[op.id])))
                held.add(d)
            kept = {v.id: v for v in op.operands if isinstance(v, Op) and self.value_in_phi.get(v.id) == op.id}
            for v in kept.values():   # values kept in this register: loaded where they become available
                body.append(V.If(self.st(v.block.name, self.avail(v)), [V.Blocking(d, V.Ref(self.wire[v.id]))]))
            for v, pred in zip(op.operands, op.attrs["blocks"]):
                if isinstance(v, Op) and (v.opcode == "phi" or v.id in kept) and self.reg[v.id] == self.reg[op.id]:
                    continue   # same web, or a value loaded above: the register already holds it
                if pred in self.pipes:   # back edge of a pipelined loop
                    body += pipeline.phi_loads(self, self.pipes[pred], op, v, d)
                    continue
                last = self.sched.states(pred) - 1
                term = self.fn.block(pred).terminator
                cond = self.st(pred, last)
                if term.operands:
                    c = self.operand(term.operands[0], pred, last)
                    targets = term.attrs["targets"]
                    if targets[0] == op.block.name and targets[1] != op.block.name:
                        cond = V.Bin("&&", cond, c)
                    elif targets[1] == op.block.name and targets[0] != op.block.name:
                        cond = V.Bin("&&", cond, V.Un("!", c))
                body.append(V.If(cond, [V.Blocking(d, self.operand(v, pred, last))]))
                if isinstance(v, Op) and self.coalesced.get(v.id) == op.id:
                    exit_cond = V.Bin("&&", self.st(pred, last), V.Un("!", cond.b)) if isinstance(cond, V.Bin) \
                        else self.st(pred, last)
                    body.append(V.If(exit_cond, [V.Blocking(d, V.Ref(self.wire[v.id]))]))
        if body:
            self.block.process("phi_update", body)

    def _sinks(self) -> list[V.Expr]:
        """Bits nobody reads: inputs but clock, reset and start, values read in part, the padding of
        struct streams' words, discarded stream reads (``s.read();``)."""
        sinks: list[V.Expr] = [V.Ref(p.name) for p in self.block.ports if p.direction == "input" and
                               p.name not in ("ap_clk", "ap_rst", "ap_start")]
        sinks += [V.Ref(self.wire[op.id]) for op in self._partly_used()]
        sinks += [V.Ref(name) for name in self.caches.sinks]
        sinks += [V.Ref(self.wire[op.id]) for op in self.fn.all_ops()
                  if op.opcode == "load" and op.id in self.wire and not self.users[op.id]]
        return sinks

    def _partly_used(self) -> list[Op]:
        """Values whose users (all truncs/slices) read only some of their bits."""
        out = []
        for op, users in ((op, self.users[op.id]) for op in self.fn.all_ops() if op.id in self.wire):
            if not users or any(u.opcode not in ("trunc", "slice") for u in users):
                continue
            mask = 0
            for u in users:
                lo = u.attrs.get("lo", 0) if u.opcode == "slice" else 0
                mask |= ((1 << u.width) - 1) << lo
            if mask != (1 << op.width) - 1:
                out.append(op)
        return out


@dataclass
class RTLInfo:
    registers: list[tuple[str, int]]   # (name, bits), memories excluded
    early_ready: bool                  # ap_ready pulses when the inputs have been read, before ap_done
    overlap: bool                      # a return state also starts the next call (interval = latency)
    memory_signals: dict[str, str] = field(default_factory=dict)   # RAM / register file -> Verilog signal
    signature: ModuleSignature | None = None   # the ports by role and C parameter (report.json "signature")


def lower_module(fn: Function, sched: Schedule, header: list[str],
                 callees: Mapping[str, Function] | None = None, plans: Plans | None = None) -> tuple[Block, RTLInfo]:
    """The module as a block (codegen/block.py) and what the report needs to know about it;
    ``callees``: the sub-modules (INLINE off) that ``fn`` calls, by C name; ``plans``: bind(fn, sched),
    computed here if not given."""
    b = RTLBuilder(fn, sched, header, callees or {}, plans or bind(fn, sched))
    block = b.build()
    signals = {**{name: r.q for name, r in b.caches.regs_vec.items()}, **b.caches.ram_arrays}
    registers = [(r.q, r.width) for r in block.registers]
    return block, RTLInfo(registers, b.early_ready, b.overlap, signals, module_ports.module_signature(b))


def build_module(fn: Function, sched: Schedule, header: list[str],
                 callees: Mapping[str, Function] | None = None, plans: Plans | None = None) -> tuple[V.Module, RTLInfo]:
    """The Verilog module (the lowered block, emitted: codegen/emit.py) and its RTLInfo."""
    block, info = lower_module(fn, sched, header, callees, plans)
    return to_verilog(block), info
