"""DATAFLOW top: a structural module — one instance per process (free-running: ap_start tied high),
one ``cryptohls_fifo`` per local stream, the top's stream ports wired straight to the process that
uses them (handshake roles data/valid/ready map one to one)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptohls.codegen import vast as V
from cryptohls.codegen.fifo import FIFO_MODULE, pointer_bits
from cryptohls.ir.ports import stream_ports
from cryptohls.ir.nodes import Function


@dataclass
class TopPort:
    name: str             # C parameter
    kind: str             # "stream" or "scalar"
    width: int
    mode: str = "ap_none"  # ap_fifo / axis for streams
    direction: str = "in"
    base: str = ""         # port name prefix (INTERFACE name=...); the C name when empty

    @property
    def port_base(self) -> str:
        return self.base or self.name


@dataclass
class Instance:
    fn: Function                        # the compiled process
    inst: str
    conns: dict[str, V.Expr] = field(default_factory=dict)   # callee port -> what drives / reads it


def process_roles(fn: Function, arg: str) -> dict[str, str]:
    mem = fn.memory(arg)
    return stream_ports(arg, mem.attrs.get("mode", "ap_fifo"), mem.attrs.get("direction", "in"))


def build_dataflow_module(name: str, header: list[str], ports: list[TopPort], instances: list[Instance],
                          channels: dict[str, tuple[int, int]], channel_wires: dict[str, dict[str, str]]
                          ) -> V.Module:
    """``channels``: local stream -> (width, depth); ``channel_wires``: local stream -> FIFO port -> wire."""
    mod = V.Module(name, header)
    mod.ports.append(V.Port("ap_clk", "input", 1))
    mod.ports.append(V.Port("ap_rst", "input", 1, "synchronous, active high"))
    for p in ports:
        if p.kind == "scalar":
            mod.ports.append(V.Port(p.name, "input", p.width))
            continue
        roles = stream_ports(p.port_base, p.mode, p.direction)
        is_in = p.direction == "in"
        mod.ports.append(V.Port(roles["data"], "input" if is_in else "output", p.width, f"stream {p.mode}"))
        mod.ports.append(V.Port(roles["valid"], "input" if is_in else "output", 1))
        mod.ports.append(V.Port(roles["ready"], "output" if is_in else "input", 1))
    for ch, wires in channel_wires.items():
        width, _ = channels[ch]
        for port, wire in wires.items():
            mod.decls.append(V.Decl("wire", wire, width if port in ("din_i", "dout_o") else 1,
                                    comment=f"channel {ch}" if port == "din_i" else ""))
    for it in instances:
        if it.fn.attrs.get("block_protocol", "ap_ctrl_hs") == "ap_ctrl_hs":
            for sig in ("ap_done", "ap_idle", "ap_ready"):
                wire = f"{it.inst}_{sig}"
                mod.decls.append(V.Decl("wire", wire, 1, 0, "free-running process: not needed",
                                        "UNUSEDSIGNAL"))
                it.conns[sig] = V.Ref(wire)
            it.conns["ap_start"] = V.Lit(1, 1, "b")
    for ch, (width, depth) in channels.items():
        w = channel_wires[ch]
        conns = [("clk_i", "ap_clk"), ("rst_i", "ap_rst")] + [(p, w[p]) for p in
                                                              ("din_i", "write_i", "full_n_o", "dout_o",
                                                               "empty_n_o", "read_i")]
        mod.items.append(V.Instance(FIFO_MODULE, f"{ch}_fifo", [(p, V.Ref(s)) for p, s in conns],
                                    [("WIDTH", width), ("DEPTH", depth), ("AW", pointer_bits(depth))]))
    for it in instances:
        conns = [("ap_clk", V.Ref("ap_clk")), ("ap_rst", V.Ref("ap_rst"))] + sorted(it.conns.items(), key=_port_order)
        mod.items.append(V.Instance(it.fn.name, it.inst, conns))
    return mod


def _port_order(item: tuple[str, V.Expr]) -> tuple[int, str]:
    ctrl = ("ap_start", "ap_done", "ap_idle", "ap_ready")
    return (ctrl.index(item[0]) if item[0] in ctrl else len(ctrl), item[0])
