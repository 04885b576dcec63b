"""Block (codegen/block.py) → Verilog AST (codegen/vast.py).

What is Verilog rather than netlist is decided here:
* a signal or output port assigned in a process (``always``) is declared ``reg``, else ``wire``;
* every register is loaded in one clocked block ``reg_update``: the ones with a reset value under
  ``if (ap_rst)``, the data registers without reset after it (they need no reset logic);
* a load enable is the multiplexer ``d = enable ? value : q``;
* a memory is its array, its initial contents and a clocked block per port;
* a register whose bits reach a LUT ROM's address by wiring alone has a power-up value (an
  ``initial`` block; rom_address_registers.py says why);
* bits nobody reads (input ports, partly used values) are and-reduced into ``unused_bits``, whose
  declaration waives Verilator's UNUSEDSIGNAL.
"""

from __future__ import annotations

from dataclasses import replace

from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Assign, Block, Load, Memory, Process, Register, drives
from cryptohls.codegen.rom_address_registers import power_up_values, rom_address_registers


def to_verilog(block: Block) -> V.Module:
    mod = V.Module(block.name, block.header)
    in_process = {name for item in block.logic if isinstance(item, Process) for name in drives(item.body)}
    in_process |= {sigs["q"] for m in block.logic if isinstance(m, Memory) for sigs in m.ports}
    mod.ports = [replace(p, reg=p.name in in_process) for p in block.ports]
    mod.params = list(block.states)
    for d in block.declarations:
        if isinstance(d, Register):
            mod.decls.append(V.Decl("reg", d.q, d.width, 0, d.comment))
            mod.decls.append(V.Decl("reg" if d.d in in_process else "wire", d.d, d.width))
        elif isinstance(d, Memory):
            mod.decls.append(V.Decl("reg", d.array, d.width, d.depth, f"{d.kind} {d.source}[{d.depth}]"))
        else:
            mod.decls.append(V.Decl("reg" if d.name in in_process else "wire", d.name, d.width, 0, d.comment,
                                    d.waiver))
    mod.items = list(reversed(block.functions))   # each function was put in front of what was there
    for item in block.logic:
        if isinstance(item, Assign):
            mod.items.append(V.Assign(item.lhs, item.rhs))
        elif isinstance(item, Load):
            mod.items.append(V.Assign(item.reg.d, V.Cond(item.enable, item.value, V.Ref(item.reg.q))))
        elif isinstance(item, Process):
            mod.items.append(V.AlwaysComb(item.name, item.body))
        elif isinstance(item, Memory):
            mod.items += _memory(item)
        else:
            mod.items.append(item)
    power_up = power_up_values(rom_address_registers(block, block.rom_functions))
    if power_up is not None:
        mod.items.append(power_up)
    mod.items.append(_register_update(block.registers))
    if block.sinks:
        mod.decls.append(V.Decl("wire", "unused_bits", 1, 0, "sinks input bits and value bits the "
                                "datapath does not need (e.g. high bits of a wide port)", "UNUSEDSIGNAL"))
        mod.items.append(V.Assign("unused_bits", V.Un("&", V.Concat([V.Lit(1, 0)] + block.sinks))))
    return mod


def _register_update(registers: list[Register]) -> V.AlwaysFF:
    resets = [V.NonBlocking(r.q, r.reset if isinstance(r.reset, V.Expr) else V.Lit(r.width, r.reset))
              for r in registers if r.reset is not None]
    loads = [V.NonBlocking(r.q, V.Ref(r.d)) for r in registers if r.reset is not None]
    data = [V.NonBlocking(r.q, V.Ref(r.d)) for r in registers if r.reset is None]
    return V.AlwaysFF("reg_update", [V.If(V.Ref("ap_rst"), resets, loads)] + data)


def _memory(mem: Memory) -> list[object]:
    items: list[object] = []
    if mem.init is not None:
        items.append(V.Initial(f"initial contents of {mem.source}",
                               [V.Blocking(V.Index(mem.array, a), V.Lit(mem.width, v)) for a, v in enumerate(mem.init)]))
    ff: list[V.Stmt] = []
    for sigs in mem.ports:
        then: list[V.Stmt] = []
        if mem.kind != "rom":
            then.append(V.If(V.Ref(sigs["we"]), [V.NonBlocking(V.Index(mem.array, V.Ref(sigs["address"])),
                                                               V.Ref(sigs["d"]))]))
        then.append(V.NonBlocking(sigs["q"], V.Index(mem.array, V.Ref(sigs["address"]))))
        ff.append(V.If(V.Ref(sigs["ce"]), then))
    items.append(V.AlwaysFF(f"{mem.source}_memory", ff))
    return items


__all__ = ["to_verilog"]
