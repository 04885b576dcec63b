"""FSM + datapath generation: HLS IR + Schedule → Verilog AST (ap_ctrl_hs block protocol, C4 ports).

* one state per (block, cycle); binary state register ``state_q``; the first state of the entry block
  is the idle state and only advances (and only has effects) while ``ap_start`` is high;
* every op with a result becomes a named wire (``add_ln12``); values used in a later state get a
  register ``<name>_q`` loaded in the state where they become available; phis are registers loaded on
  the CFG edge;
* memories: ap_memory ports (address/ce/we/d, data back one cycle later), synchronous block RAM/ROM
  (the only other clocked block, as memories must be), LUT ROMs as case functions (one copy per read),
  register files as one flat vector.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cryptohls.bind import Plans, bind
from cryptohls.bind.fsm import Branch, Fire, Goto, Restart, Transition
from cryptohls.bind.registers import LOOP_PHI, PHI, REGISTER
from cryptohls.codegen import calls, module_ports, pipeline, predicates, streams
from cryptohls.codegen.builder import HelperCaches
from cryptohls.codegen import vast as V
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.nodes import Const, Function, Memory, Op, Operand
from cryptohls.schedule.schedule import Schedule, op_latency

# IR opcode -> Verilog operator (unsigned operands). A module constant so that the test of
# `cryptohls verify` can plant a miscompile here (tests/verify/test_equivalence.py).
BINARY_OPERATORS = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^", "shl": "<<",
                    "lshr": ">>", "udiv": "/", "urem": "%"}


class RTLBuilder:
    """Builds one module; implements codegen/builder.py's ModuleBuilder for the helper modules."""
    def __init__(self, fn: Function, sched: Schedule, header: list[str], callees: Mapping[str, Function],
                 plans: Plans):
        self.fn, self.sched, self.plans = fn, sched, plans
        self.callees = callees                # INLINE off: the called sub-modules by C name (their ports)
        self.caches = HelperCaches()          # the helper modules' per-module lookups
        self.mod = V.Module(fn.name, header)
        self.namer = V.Namer({"ap_clk", "ap_rst", "ap_start", "ap_done", "ap_idle", "ap_ready", "ap_return",
                              "state_q", "state_d"})
        self.protocol = fn.attrs.get("block_protocol", "ap_ctrl_hs")
        self.wire: dict[int, str] = {}        # op id -> wire name (value in its available cycle)
        self.reg: dict[int, str] = {}         # op id -> register name (later cycles)
        self.state_sig: dict[tuple[str, int], str] = {}
        self.deferred_states: list[tuple[str, int]] = []
        self.deferred_gates: list[tuple[str, V.Expr, tuple[str, int]]] = []
        self.ports: dict[str, dict[str, str]] = {}   # param -> role -> port name
        self.ff: list[V.Stmt] = []
        self.resets: list[V.Stmt] = []
        self.ff_data: list[V.Stmt] = []          # loads of registers without reset (add_register)
        self.rom_funcs: dict[str, str] = {}      # memory -> case function of a LUT ROM
        self.regs_vec: dict[str, tuple[str, str]] = {}   # register-file memory -> (q, d) vectors
        self.ram_arrays: dict[str, str] = {}   # RAM memory -> its Verilog array
        self.regs_funcs: dict[str, str] = {}     # register-file memory -> read function
        self.reg_outputs: set[str] = set()       # output ports driven from always @* blocks
        self.registers: list[tuple[str, int]] = [("state_q", 0)]   # (name, bits); state width set later

    # --------------------------------------------------------------------------- helpers
    def st(self, block: str, cycle: int) -> V.Expr:
        """'in state (block, cycle)' — declared on first use so that no state signal is left unused."""
        key = (block, cycle)
        if key not in self.state_sig:
            sig = self.namer.fresh(f"st_{block}_{cycle}")
            self.declare("wire", sig, 1)
            self.state_sig[key] = sig
            if block in self.pipes:   # a pipelined loop: FSM state and stage valid bit
                self.mod.items.append(V.Assign(sig, pipeline.state_expr(self, self.pipes[block], cycle)))
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
            self.mod.items.append(V.Assign(sig, eq))
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
            self.mod.items.append(V.Assign(sig, eq))
        self.deferred_gates = []
        while self.deferred_states:
            key = self.deferred_states.pop(0)
            canon = self.sched.canonical(*key)
            self.mod.items.append(V.Assign(self.state_sig[key], V.and_(self.st(*canon),
                                                                       self.edge_cond(canon[0], key[0]))))

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

    def declare(self, kind: str, name: str, width: int, comment: str = "", depth: int = 0) -> str:
        self.mod.decls.append(V.Decl(kind, name, width, depth, comment))
        return name

    def add_register(self, name: str, width: int, comment: str = "", reset: int | None = 0,
                     d_is_wire: bool = False) -> tuple[str, str]:
        """A register ``<name>_q`` loaded from ``<name>_d`` every cycle. ``reset=None``: a data register
        that is always written before it is read (phis, values kept for a later state), so it gets no
        reset: a synchronous reset with priority over the load enable costs a LUT per bit on FPGAs
        whose flip-flops have one clock enable and one set/reset input (ecp5: +7 % LUTs on AES)."""
        base, k = name, 0
        while f"{base}_q" in self.namer.used or f"{base}_d" in self.namer.used:
            k += 1
            base = f"{name}_{k}"
        q = self.namer.fresh(f"{base}_q")
        d = self.namer.fresh(f"{base}_d")
        self.registers.append((q, width))
        self.declare("reg", q, width, comment)
        self.declare("wire" if d_is_wire else "reg", d, width)
        if reset is None:
            self.ff_data.append(V.NonBlocking(q, V.Ref(d)))
        else:
            self.ff.append(V.NonBlocking(q, V.Ref(d)))
            self.resets.append(V.NonBlocking(q, V.Lit(width, reset)))
        return q, d

    # --------------------------------------------------------------------------- build
    def _plan_handshake(self) -> None:
        """Early ap_ready and call overlap, as bind/handshake.py decided."""
        hs = self.plans.handshake
        self.early_ready, self.ready_state, self.overlap = hs.early_ready, hs.ready_state, hs.overlap

    def build(self) -> V.Module:
        self._assign_memory_ports()
        module_ports.add_ports(self)
        self._states()
        self.pipes = pipeline.setup(self)
        self._plan_handshake()
        self._name_values()
        self._datapath()
        calls.emit(self)
        self._registers()
        self._memories()
        self._outputs()
        self._control()
        self._fused_states()
        self._sequential()
        return self.mod

    def _states(self) -> None:
        """One localparam per FsmPlan state, in its order (binary encoding)."""
        self.state_list: list[tuple[str, int]] = list(self.plans.fsm.states)
        self.sw = max(1, (len(self.state_list) - 1).bit_length())
        self.state_param: dict[tuple[str, int], str] = {}
        for k, (b, c) in enumerate(self.state_list):
            name = self.namer.fresh(f"S_{b.upper()}_{c}")
            self.state_param[(b, c)] = name
            self.mod.params.append((name, self.sw, k))
        self.declare("reg", "state_q", self.sw, "FSM state")
        self.registers[0] = ("state_q", self.sw)
        self.declare("reg", "state_d", self.sw)

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
            q, d = self.add_register(plan.hints[pid], op.width, "phi" + (f", line {op.line}" if op.line else ""),
                                     reset=None)
            self.reg[pid] = q
            self.phi_d[pid] = d
        for member, rep in plan.phi_web.items():   # phis sharing their web's register
            self.reg[member], self.phi_d[member] = self.reg[rep], self.phi_d[rep]
        for vid, storage in plan.storage.items():
            op = ops[vid]
            if vid in plan.on_port:
                self.wire[vid] = self.ports[op.attrs["param"]]["in"]   # the whole port: no wire of its own
            else:
                self.wire[vid] = self.namer.fresh(plan.hints[vid])
                self.declare("wire", self.wire[vid], op.width)
            if storage in (LOOP_PHI, PHI):   # read the loop phi's register after exit / loaded into it
                self.reg[vid] = self.reg[plan.kept_in[vid]]
            elif storage == REGISTER:
                q, d = self.add_register(self.wire[vid], op.width, reset=None, d_is_wire=True)
                self.reg[vid] = q
                self.mod.items.append(V.Assign(d, V.Cond(self.st(op.block.name, self.avail(op)), V.Ref(self.wire[vid]),
                                                         V.Ref(q))))

    # --------------------------------------------------------------------------- datapath
    def _datapath(self) -> None:
        for b in self.fn.blocks:
            for op in b.ops:
                if op.width == 0 or op.opcode == "phi":
                    continue
                expr = self._expr(op)
                if expr is not None and not (isinstance(expr, V.Ref) and expr.name == self.wire[op.id]):
                    self.mod.items.append(V.Assign(self.wire[op.id], expr))

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
            return self._load_expr(mem, op, ops[0])
        if oc == "can_transfer":
            return streams.can_transfer(self, self.fn.memory(op.attrs["mem"]))
        raise AssertionError(f"no Verilog for {oc}")

    def _selectable(self, op: Op, value: V.Expr) -> V.Expr:
        """``op``'s operand ``value`` as something whose bits Verilog can select: a signal or a
        constant; any other expression (a pipelined loop's bypass ``st ? wire : reg``,
        codegen/pipeline.py) gets a wire of its own."""
        if isinstance(value, (V.Ref, V.Lit)):
            return value
        name = self.declare("wire", self.namer.fresh(f"{self.wire[op.id]}_src"), op.operands[0].width)
        self.mod.items.append(V.Assign(name, value))
        return V.Ref(name)

    def _bits(self, op: Op, value: V.Expr, hi: int, lo: int) -> V.Expr:
        """Bits hi..lo of ``op``'s operand ``value`` (a constant's are computed here)."""
        value = self._selectable(op, value)
        if isinstance(value, V.Lit):
            return V.Lit(hi - lo + 1, (value.value >> lo) & ((1 << (hi - lo + 1)) - 1))
        return V.Slice(value.name, hi, lo)

    # --------------------------------------------------------------------------- memories
    def _assign_memory_ports(self) -> None:
        """Ports as bind/memories.py assigned them (the k-th access of a memory within one state: port k)."""
        self.mem_sigs: dict[str, dict[str, str]] = {}
        self.mem_port = self.plans.memory_ports.port

    def _memories(self) -> None:
        by_memory: dict[str, list[Op]] = {}   # one walk over the ops, not one per memory
        for op in self.fn.all_ops():
            if op.opcode in ("load", "store"):
                by_memory.setdefault(op.attrs["mem"], []).append(op)
        for mem in self.fn.memories:
            accesses = by_memory.get(mem.name, [])
            if mem.kind == "arg":
                self._port_memory(mem, accesses, self.ports[mem.name])
            elif mem.kind == "regs":
                self._regs_memory(mem, accesses)
            elif mem.kind == "rom" and mem.attrs.get("impl") == "lut":
                pass  # functions emitted in _load_expr
            elif mem.kind == "stream":
                streams.drive(self, mem, accesses)
            else:
                self._block_memory(mem, accesses)

    def _load_expr(self, mem: Memory, op: Op, addr: V.Expr) -> V.Expr:
        if mem.kind == "stream":
            return V.Ref(self.ports[mem.name]["data"])
        if mem.kind == "arg":
            return V.Ref(self.ports[mem.name]["q"])
        if mem.kind == "rom" and mem.attrs.get("impl") == "lut":
            return V.Call(self._rom_function(mem), [addr])
        if mem.kind == "regs":
            return V.Call(self._regs_read_function(mem), [V.Ref(self._regs_vector(mem)[0]), addr])
        return V.Ref(self._block_memory_signals(mem)[f"q{self.mem_port[op.id]}"])

    def _rom_function(self, mem: Memory) -> str:
        if mem.name not in self.rom_funcs:
            name = self.namer.fresh(f"{mem.name}_rom")
            self.rom_funcs[mem.name] = name
            items = [(V.Lit(mem.addr_width, a), [V.Blocking(name, V.Lit(mem.width, v))])
                     for a, v in enumerate(mem.init or [])]
            self.mod.items.insert(0, V.Function(name, mem.width, [("addr", mem.addr_width)],
                                                [V.Case(V.Ref("addr"), items, [V.Blocking(name, V.Lit(mem.width, 0))])]))
        return self.rom_funcs[mem.name]

    def _regs_vector(self, mem: Memory) -> tuple[str, str]:
        if mem.name not in self.regs_vec:
            init = 0
            for k, v in enumerate(mem.init or []):
                init |= v << (k * mem.width)
            self.regs_vec[mem.name] = self.add_register(mem.name, mem.width * mem.depth,
                                                        f"array {mem.name}[{mem.depth}], registers", init)
        return self.regs_vec[mem.name]

    def _regs_read_function(self, mem: Memory) -> str:
        if mem.name not in self.regs_funcs:
            name = self.namer.fresh(f"{mem.name}_read")
            self.regs_funcs[mem.name] = name
            items = [(V.Lit(mem.addr_width, a), [V.Blocking(name, V.Slice("vec", a * mem.width + mem.width - 1,
                                                                          a * mem.width))]) for a in range(mem.depth)]
            self.mod.items.insert(0, V.Function(name, mem.width, [("vec", mem.width * mem.depth),
                                                                  ("addr", mem.addr_width)],
                                                [V.Case(V.Ref("addr"), items, [V.Blocking(name, V.Lit(mem.width, 0))])]))
        return self.regs_funcs[mem.name]

    def _regs_memory(self, mem: Memory, accesses: list[Op]) -> None:
        q, d = self._regs_vector(mem)
        body: list[V.Stmt] = [V.Blocking(d, V.Ref(q))]
        for op in accesses:
            if op.opcode != "store":
                continue
            c = self.sched.cycle[op.id]
            addr = self.operand(op.operands[0], op.block.name, c)
            data = self.operand(op.operands[1], op.block.name, c)
            items = [(V.Lit(mem.addr_width, a), [V.Blocking(V.Slice(d, a * mem.width + mem.width - 1, a * mem.width,
                                                                    compact=False), data)]) for a in range(mem.depth)]
            if isinstance(op.operands[0], Const):
                a = op.operands[0].value
                body.append(V.If(self._access_state(op, c), [items[a][1][0]] if a < mem.depth else []))
            else:
                body.append(V.If(self._access_state(op, c), [V.Case(addr, items, [])]))
        self.mod.items.append(V.AlwaysComb(f"{mem.name}_write", body))

    def _port_memory(self, mem: Memory, accesses: list[Op], roles: dict[str, str]) -> None:
        body: list[V.Stmt] = [V.Blocking(roles["address"], V.Lit(mem.addr_width, 0)),
                              V.Blocking(roles["ce"], V.Lit(1, 0))]
        if "we" in roles:
            body += [V.Blocking(roles["we"], V.Lit(1, 0)), V.Blocking(roles["d"], V.Lit(mem.width, 0))]
        for port in ("address", "ce", "we", "d"):
            if port in roles:
                self.mark_reg_output(roles[port])
        for op in accesses:
            c = self.sched.cycle[op.id]
            stmts: list[V.Stmt] = [V.Blocking(roles["address"], self.operand(op.operands[0], op.block.name, c)),
                                   V.Blocking(roles["ce"], V.Lit(1, 1))]
            if op.opcode == "store":
                stmts += [V.Blocking(roles["we"], V.Lit(1, 1)),
                          V.Blocking(roles["d"], self.operand(op.operands[1], op.block.name, c))]
            body.append(V.If(self._access_state(op, c), stmts))
        self.mod.items.append(V.AlwaysComb(f"{mem.name}_port", body))

    def _access_state(self, op: Op, c: int) -> V.Expr:
        """When a load/store drives its memory: in its state, and only when its guard (a steered
        pointer's "this memory" bit, frontend/import_steer.py) is 1."""
        here = self.st(op.block.name, c)
        if len(op.operands) == (1 if op.opcode == "load" else 2):
            return here
        return V.Bin("&&", here, self.operand(op.operands[-1], op.block.name, c))

    def _ports_used(self, mem: Memory) -> int:
        return self.plans.memory_ports.ports[mem.name]

    def _block_memory_signals(self, mem: Memory) -> dict[str, str]:
        if mem.name not in self.mem_sigs:
            sigs: dict[str, str] = {}
            roles = (("address", mem.addr_width), ("ce", 1), ("q", mem.width))
            if mem.kind != "rom":
                roles += (("we", 1), ("d", mem.width))
            for p in range(self._ports_used(mem)):
                for role, width in roles:
                    sigs[f"{role}{p}"] = self.namer.fresh(f"{mem.name}_{role}{p}")
                    self.declare("reg", sigs[f"{role}{p}"], width)
            self.mem_sigs[mem.name] = sigs
        return self.mem_sigs[mem.name]

    def _block_memory(self, mem: Memory, accesses: list[Op]) -> None:
        sigs = self._block_memory_signals(mem)
        ports = self._ports_used(mem)
        body: list[V.Stmt] = []
        for p in range(ports):
            body += [V.Blocking(sigs[f"address{p}"], V.Lit(mem.addr_width, 0)), V.Blocking(sigs[f"ce{p}"], V.Lit(1, 0))]
            if mem.kind != "rom":
                body += [V.Blocking(sigs[f"we{p}"], V.Lit(1, 0)), V.Blocking(sigs[f"d{p}"], V.Lit(mem.width, 0))]
        for op in accesses:
            c = self.sched.cycle[op.id]
            p = self.mem_port[op.id]
            stmts: list[V.Stmt] = [V.Blocking(sigs[f"address{p}"], self.operand(op.operands[0], op.block.name, c)),
                                   V.Blocking(sigs[f"ce{p}"], V.Lit(1, 1))]
            if op.opcode == "store":
                stmts += [V.Blocking(sigs[f"we{p}"], V.Lit(1, 1)),
                          V.Blocking(sigs[f"d{p}"], self.operand(op.operands[1], op.block.name, c))]
            body.append(V.If(self._access_state(op, c), stmts))
        self.mod.items.append(V.AlwaysComb(f"{mem.name}_ports", body))
        array = self.namer.fresh(f"{mem.name}_mem")
        self.ram_arrays[mem.name] = array
        self.declare("reg", array, mem.width, f"{mem.kind} {mem.name}[{mem.depth}]", depth=mem.depth)
        if mem.init is not None:
            self.mod.items.append(V.Initial(f"initial contents of {mem.name}",
                                            [V.Blocking(V.Index(array, a), V.Lit(mem.width, v))
                                             for a, v in enumerate(mem.init)]))
        ff: list[V.Stmt] = []
        for p in range(ports):
            then: list[V.Stmt] = []
            if mem.kind != "rom":
                then.append(V.If(V.Ref(sigs[f"we{p}"]), [V.NonBlocking(V.Index(array, V.Ref(sigs[f"address{p}"])),
                                                                       V.Ref(sigs[f"d{p}"]))]))
            then.append(V.NonBlocking(sigs[f"q{p}"], V.Index(array, V.Ref(sigs[f"address{p}"]))))
            ff.append(V.If(V.Ref(sigs[f"ce{p}"]), then))
        self.mod.items.append(V.AlwaysFF(f"{mem.name}_memory", ff))

    def mark_reg_output(self, name: str) -> None:
        self.reg_outputs.add(name)

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
            self.mod.items.append(V.AlwaysComb("phi_update", body))

    def _outputs(self) -> None:
        writes: dict[str, list[Op]] = {}
        for op in self.fn.all_ops():
            if op.opcode == "out":
                writes.setdefault(op.attrs["param"], []).append(op)
        for p in self.fn.params:
            roles = self.ports[p.name]
            if "out" not in roles:
                continue
            self.mark_reg_output(roles["out"])
            self.mark_reg_output(roles["out_vld"])
            ops = writes.get(p.name, [])
            states = {(op.block.name, self.sched.cycle[op.id]) for op in ops}
            covered = sum(op.operands[0].width for op in ops)
            if len(states) == 1 and covered == p.width and len(ops) == len({op.attrs.get("lo", 0) for op in ops}):
                # every bit written in one state: drive the value itself (valid while ap_vld is high)
                (block, cyc), = states
                body = [V.Blocking(roles["out_vld"], V.Lit(1, 0)), V.If(self.st(block, cyc), [V.Blocking(roles["out_vld"],
                                                                                               V.Lit(1, 1))])]
                for op in ops:
                    lo, w = op.attrs.get("lo", 0), op.operands[0].width
                    lhs: V.Target = roles["out"] if lo == 0 and w == p.width else V.Slice(roles["out"], lo + w - 1, lo, compact=False)
                    body.append(V.Blocking(lhs, self.operand(op.operands[0], block, cyc)))
                self.mod.items.append(V.AlwaysComb(f"{p.name}_out", body))
                continue
            q, d = self.add_register(roles["out"] + "_hold", p.width, f"last value written to {p.name}")
            body: list[V.Stmt] = [V.Blocking(roles["out"], V.Ref(q)), V.Blocking(roles["out_vld"], V.Lit(1, 0))]
            for op in ops:
                c = self.sched.cycle[op.id]
                lo = op.attrs.get("lo", 0)
                w = op.operands[0].width
                lhs = roles["out"] if lo == 0 and w == p.width else V.Slice(roles["out"], lo + w - 1, lo, compact=False)
                body.append(V.If(self.st(op.block.name, c), [V.Blocking(lhs, self.operand(op.operands[0], op.block.name, c)),
                                                               V.Blocking(roles["out_vld"], V.Lit(1, 1))]))
            body.append(V.Blocking(d, V.Ref(roles["out"])))
            self.mod.items.append(V.AlwaysComb(f"{p.name}_out", body))

    def _control(self) -> None:
        items: list[tuple[V.Expr, list[V.Stmt]]] = []
        first = self.state_list[0]
        done_terms: list[V.Expr] = []
        ret_values: list[tuple[V.Expr, V.Expr]] = []
        fsm = self.plans.fsm
        for b in self.fn.blocks:
            n = fsm.block_states[b.name]
            for c in range(n):
                nxt = self.transition(fsm.transitions[(b.name, c)])
                if c == n - 1 and b.terminator.opcode == "ret":
                    term = b.terminator
                    if self.protocol == "ap_ctrl_hs":   # ap_ctrl_none has no ap_done to drive
                        done_terms.append(self.st(b.name, c))
                    if term.operands:
                        ret_values.append((self.st(b.name, c), self.operand(term.operands[0], b.name, c)))
                if self.sched.canonical(b.name, c) != (b.name, c):
                    continue   # a fused exit state: its exiting state's transition does its step
                if (b.name, c) == first or (b.name, c) in fsm.waits:
                    nxt = [V.If(self.st(b.name, c), nxt)]
                items.append((V.Ref(self.state_param[(b.name, c)]), nxt))
        self.mod.items.append(V.AlwaysComb("next_state", [V.Blocking("state_d", V.Ref("state_q")),
                                                          V.Case(V.Ref("state_q"), items, [])]))
        for name, lp in self.pipes.items():
            entries = [V.Bin("&&", self.st(p, self.sched.states(p) - 1), self.edge_cond(p, name))
                       if len(self.fn.block(p).terminator.attrs.get("targets", [])) == 2
                       else self.st(p, self.sched.states(p) - 1)
                       for p in self.fn.predecessors()[name] if p != name]
            pipeline.valid_logic(self, lp, V.any_of(entries))
        done = V.any_of(done_terms)
        if self.protocol == "ap_ctrl_hs":
            self.mod.items.append(V.Assign("ap_done", done))
            self.mod.items.append(V.Assign("ap_ready", self.st(*self.ready_state) if self.early_ready else done))
            idle = V.Bin("&&", V.Bin("==", V.Ref("state_q"), V.Ref(self.state_param[first])), V.Un("!", V.Ref("ap_start")))
            self.mod.items.append(V.Assign("ap_idle", idle))
        ret = self.fn.attrs.get("return")
        if ret:
            if len(ret_values) == 1:
                expr: V.Expr = ret_values[0][1]
            else:
                expr = V.Lit(ret["width"], 0)
                for cond, val in reversed(ret_values):
                    expr = V.Cond(cond, val, expr)
            self.mod.items.append(V.Assign("ap_return", expr))

    def transition(self, t: Transition) -> list[V.Stmt]:
        """The next-state statements of an FsmPlan transition (bind/fsm.py)."""
        if isinstance(t, Goto):
            return [V.Blocking("state_d", V.Ref(self.state_param[t.state]))]
        if isinstance(t, Branch):
            term = self.fn.block(t.state[0]).terminator
            return [V.If(self.operand(term.operands[0], *t.state), self.transition(t.then), self.transition(t.other))]
        if isinstance(t, Fire):   # the loop head's first state too, if it can fire now
            return [V.If(streams.partners(self, t.state), self.transition(t.then), self.transition(t.other))]
        if isinstance(t, Restart):   # start the next call right away when ap_start is high
            return [V.If(V.Ref("ap_start"), self.transition(t.then), self.transition(t.idle))]
        leave = t.leave
        return pipeline.transition(self, self.pipes[t.block], t.cycle,
                                   (lambda: self.transition(leave)) if leave is not None else None)

    def _sequential(self) -> None:
        self.ff.insert(0, V.NonBlocking("state_q", V.Ref("state_d")))
        self.resets.insert(0, V.NonBlocking("state_q", V.Ref(self.state_param[self.state_list[0]])))
        self.mod.items.append(V.AlwaysFF("reg_update", [V.If(V.Ref("ap_rst"), self.resets, self.ff)] + self.ff_data))
        # outputs driven from always @* blocks are declared as reg ports
        regs = self.reg_outputs
        for p in self.mod.ports:
            p.reg = p.name in regs
        self.reg_output_names = regs
        sinks = [V.Ref(p.name) for p in self.mod.ports if p.direction == "input" and
                 p.name not in ("ap_clk", "ap_rst", "ap_start")]
        sinks += [V.Ref(self.wire[op.id]) for op in self._partly_used()]
        sinks += [V.Ref(name) for name in self.caches.sinks]   # field words of valid_ready streams
        sinks += [V.Ref(self.wire[op.id]) for op in self.fn.all_ops()   # discarded stream reads (`s.read();`)
                  if op.opcode == "load" and op.id in self.wire and not self.users[op.id]]
        if sinks:
            sink = V.Concat([V.Lit(1, 0)] + sinks)
            self.mod.decls.append(V.Decl("wire", "unused_bits", 1, 0, "sinks input bits and value bits the "
                                         "datapath does not need (e.g. high bits of a wide port)", "UNUSEDSIGNAL"))
            self.mod.items.append(V.Assign("unused_bits", V.Un("&", sink)))

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


def build_module(fn: Function, sched: Schedule, header: list[str],
                 callees: Mapping[str, Function] | None = None, plans: Plans | None = None) -> tuple[V.Module, RTLInfo]:
    """The Verilog module and what the report needs to know about it; ``callees``: the sub-modules
    (INLINE off) that ``fn`` calls, by C name; ``plans``: bind(fn, sched), computed here if not given."""
    b = RTLBuilder(fn, sched, header, callees or {}, plans or bind(fn, sched))
    mod = b.build()
    signals = {**{name: q for name, (q, _) in b.regs_vec.items()}, **b.ram_arrays}
    return mod, RTLInfo(b.registers, b.early_ready, b.overlap, signals, module_ports.module_signature(b))
