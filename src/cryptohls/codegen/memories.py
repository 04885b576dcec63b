"""Memories of a module in the block (codegen/block.py), by kind:

* ``arg``: ap_memory ports (address/ce/we/d driven from one process, data ``q`` back one cycle later);
* ``ram``/``rom`` (block RAM/ROM): a synchronous array with one set of port signals per port the
  memory needs (bind/memories.py: the k-th access of a memory within one state uses port k);
* ``rom`` with ``impl=lut``: a case function, one copy per read;
* ``regs`` (register file): one flat register vector, a read function, a write process;
* ``stream``: codegen/streams.py.
"""

from __future__ import annotations

from cryptohls.codegen import streams
from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Memory as BlockMemory
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.nodes import Const, Memory, Op


def build(b: ModuleBuilder) -> None:
    """Every memory's ports and processes (after the datapath named its values)."""
    by_memory: dict[str, list[Op]] = {}   # one walk over the ops, not one per memory
    for op in b.fn.all_ops():
        if op.opcode in ("load", "store"):
            by_memory.setdefault(op.attrs["mem"], []).append(op)
    for mem in b.fn.memories:
        accesses = by_memory.get(mem.name, [])
        if mem.kind == "arg":
            _port_memory(b, mem, accesses, b.ports[mem.name])
        elif mem.kind == "regs":
            _regs_memory(b, mem, accesses)
        elif mem.kind == "rom" and mem.attrs.get("impl") == "lut":
            pass  # functions made by load_expr
        elif mem.kind == "stream":
            streams.drive(b, mem, accesses)
        else:
            _block_memory(b, mem, accesses)


def load_expr(b: ModuleBuilder, mem: Memory, op: Op, addr: V.Expr) -> V.Expr:
    """The value a load of ``mem`` reads (address ``addr``)."""
    if mem.kind == "stream":
        return V.Ref(b.ports[mem.name]["data"])
    if mem.kind == "arg":
        return V.Ref(b.ports[mem.name]["q"])
    if mem.kind == "rom" and mem.attrs.get("impl") == "lut":
        return V.Call(_rom_function(b, mem), [addr])
    if mem.kind == "regs":
        return V.Call(_regs_read_function(b, mem), [V.Ref(regs_vector(b, mem).q), addr])
    return V.Ref(_block_memory_signals(b, mem)[b.plans.memory_ports.port[op.id]]["q"])


def _case_function(b: ModuleBuilder, name: str, mem: Memory, inputs: list[tuple[str, int]],
                   items: list[tuple[V.Expr, list[V.Stmt]]]) -> str:
    return b.block.function(V.Function(name, mem.width, inputs,
                                       [V.Case(V.Ref("addr"), items, [V.Blocking(name, V.Lit(mem.width, 0))])]))


def _rom_function(b: ModuleBuilder, mem: Memory) -> str:
    funcs = b.caches.rom_funcs
    if mem.name not in funcs:
        name = b.block.fresh(f"{mem.name}_rom")
        items = [(V.Lit(mem.addr_width, a), [V.Blocking(name, V.Lit(mem.width, v))])
                 for a, v in enumerate(mem.init or [])]
        funcs[mem.name] = _case_function(b, name, mem, [("addr", mem.addr_width)], items)
        b.block.rom_functions.add(funcs[mem.name])
    return funcs[mem.name]


def regs_vector(b: ModuleBuilder, mem: Memory):
    """The register holding register file ``mem`` as one vector (word k at bits k·width up)."""
    vectors = b.caches.regs_vec
    if mem.name not in vectors:
        init = 0
        for k, v in enumerate(mem.init or []):
            init |= v << (k * mem.width)
        vectors[mem.name] = b.block.register(mem.name, mem.width * mem.depth,
                                             f"array {mem.name}[{mem.depth}], registers", init)
    return vectors[mem.name]


def _word(vector: str, mem: Memory, a: int, compact: bool = True) -> V.Expr:
    """Word ``a`` of register file ``mem`` held in ``vector``; a file of one 1-bit word is a scalar
    register, which Verilog does not let one part-select."""
    if mem.width * mem.depth == 1:
        return V.Ref(vector)
    return V.Slice(vector, a * mem.width + mem.width - 1, a * mem.width, compact=compact)


def _regs_read_function(b: ModuleBuilder, mem: Memory) -> str:
    funcs = b.caches.regs_funcs
    if mem.name not in funcs:
        name = b.block.fresh(f"{mem.name}_read")
        items = [(V.Lit(mem.addr_width, a), [V.Blocking(name, _word("vec", mem, a))]) for a in range(mem.depth)]
        funcs[mem.name] = _case_function(b, name, mem, [("vec", mem.width * mem.depth), ("addr", mem.addr_width)],
                                         items)
    return funcs[mem.name]


def _regs_memory(b: ModuleBuilder, mem: Memory, accesses: list[Op]) -> None:
    vec = regs_vector(b, mem)
    body: list[V.Stmt] = [V.Blocking(vec.d, V.Ref(vec.q))]
    for op in accesses:
        if op.opcode != "store":
            continue
        c = b.sched.cycle[op.id]
        addr = b.operand(op.operands[0], op.block.name, c)
        data = b.operand(op.operands[1], op.block.name, c)
        items = [(V.Lit(mem.addr_width, a), [V.Blocking(_word(vec.d, mem, a, compact=False), data)])
                 for a in range(mem.depth)]
        if isinstance(op.operands[0], Const):
            a = op.operands[0].value
            body.append(V.If(access_state(b, op, c), [items[a][1][0]] if a < mem.depth else []))
        else:
            body.append(V.If(access_state(b, op, c), [V.Case(addr, items, [])]))
    b.block.process(f"{mem.name}_write", body)


def _idle(mem: Memory, sigs: dict[str, str]) -> list[V.Stmt]:
    """A port's defaults: no access."""
    body: list[V.Stmt] = [V.Blocking(sigs["address"], V.Lit(mem.addr_width, 0)), V.Blocking(sigs["ce"], V.Lit(1, 0))]
    if "we" in sigs:
        body += [V.Blocking(sigs["we"], V.Lit(1, 0)), V.Blocking(sigs["d"], V.Lit(mem.width, 0))]
    return body


def _access(b: ModuleBuilder, op: Op, sigs: dict[str, str]) -> V.If:
    """The load or store ``op`` on the port with signals ``sigs``, in its state."""
    c = b.sched.cycle[op.id]
    stmts: list[V.Stmt] = [V.Blocking(sigs["address"], b.operand(op.operands[0], op.block.name, c)),
                           V.Blocking(sigs["ce"], V.Lit(1, 1))]
    if op.opcode == "store":
        stmts += [V.Blocking(sigs["we"], V.Lit(1, 1)), V.Blocking(sigs["d"], b.operand(op.operands[1], op.block.name, c))]
    return V.If(access_state(b, op, c), stmts)


def _port_memory(b: ModuleBuilder, mem: Memory, accesses: list[Op], roles: dict[str, str]) -> None:
    b.block.process(f"{mem.name}_port", _idle(mem, roles) + [_access(b, op, roles) for op in accesses])


def access_state(b: ModuleBuilder, op: Op, c: int) -> V.Expr:
    """When a load/store drives its memory: in its state, and only when its guard (a steered
    pointer's "this memory" bit, frontend/import_steer.py) is 1."""
    here = b.st(op.block.name, c)
    if len(op.operands) == (1 if op.opcode == "load" else 2):
        return here
    return V.Bin("&&", here, b.operand(op.operands[-1], op.block.name, c))


def _block_memory_signals(b: ModuleBuilder, mem: Memory) -> list[dict[str, str]]:
    """Port k's signals by role (declared on first use)."""
    known = b.caches.mem_sigs
    if mem.name not in known:
        roles = (("address", mem.addr_width), ("ce", 1), ("q", mem.width))
        if mem.kind != "rom":
            roles += (("we", 1), ("d", mem.width))
        known[mem.name] = [{role: b.block.wire(f"{mem.name}_{role}{p}", width) for role, width in roles}
                           for p in range(b.plans.memory_ports.ports[mem.name])]
    return known[mem.name]


def _block_memory(b: ModuleBuilder, mem: Memory, accesses: list[Op]) -> None:
    ports = _block_memory_signals(b, mem)
    body = [stmt for sigs in ports for stmt in _idle(mem, sigs)]
    body += [_access(b, op, ports[b.plans.memory_ports.port[op.id]]) for op in accesses]
    b.block.process(f"{mem.name}_ports", body)
    array = b.block.fresh(f"{mem.name}_mem")
    b.caches.ram_arrays[mem.name] = array
    b.block.memory(BlockMemory(mem.name, array, mem.kind, mem.width, mem.depth, mem.init, ports))


__all__ = ["access_state", "build", "load_expr", "regs_vector"]
