"""DATAFLOW top: a structural module — one instance per process, one ``cryptohls_fifo`` per local
stream, the top's stream ports wired straight to the process that uses them (handshake roles
data/valid/ready map one to one).

Block protocol: ap_ctrl_none — the processes are free-running (ap_start tied high, each restarts when
it returns); ap_ctrl_hs (Vitis's default) — a call starts every process once, concurrently, and ends
(ap_done = ap_ready) in the cycle the last of them returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptohls.codegen import vast as V
from cryptohls.codegen.fifo import FIFO_MODULE, pointer_bits
from cryptohls.codegen.module_ports import add_clock_reset_control, signature_of
from cryptohls.ir.module_signature import ModuleSignature
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


def dataflow_signature(mod: V.Module, ports: list[TopPort], protocol: str) -> ModuleSignature:
    """The DATAFLOW top's signature: its scalar inputs and stream ports by C parameter."""
    owners = {}
    for p in ports:
        roles = {"in": p.name} if p.kind == "scalar" else stream_ports(p.port_base, p.mode, p.direction)
        owners.update({port: (role, p.name, None, None) for role, port in roles.items()})
    return signature_of(mod, protocol, owners)


def build_dataflow_module(name: str, header: list[str], ports: list[TopPort], instances: list[Instance],
                          channels: dict[str, tuple[int, int]], channel_wires: dict[str, dict[str, str]],
                          protocol: str = "ap_ctrl_none") -> V.Module:
    """``channels``: local stream -> (width, depth); ``channel_wires``: local stream -> FIFO port -> wire."""
    mod = V.Module(name, header)
    add_clock_reset_control(mod, protocol)
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
    if protocol == "ap_ctrl_hs":
        _start_and_done(mod, instances)
    else:
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


def _start_and_done(mod: V.Module, instances: list[Instance]) -> None:
    """ap_ctrl_hs region: ``run_q`` is high from the cycle after ap_start until the call's end; process
    k's ap_start is held while ``run_q`` and it has not returned yet (``<inst>_finished_q``, set by its
    ap_done), so each process runs exactly once per call; the call ends when every process has returned."""
    mod.decls.append(V.Decl("reg", "run_q", 1, 0, "a call is in progress"))
    finished: list[V.Expr] = []
    for it in instances:
        done, fin = f"{it.inst}_ap_done", f"{it.inst}_finished_q"
        mod.decls.append(V.Decl("wire", done, 1))
        mod.decls.append(V.Decl("reg", fin, 1, 0, f"{it.inst} has returned in this call"))
        for sig in ("ap_idle", "ap_ready"):
            wire = f"{it.inst}_{sig}"
            mod.decls.append(V.Decl("wire", wire, 1, 0, "the process's ap_done ends its part of the call",
                                    "UNUSEDSIGNAL"))
            it.conns[sig] = V.Ref(wire)
        it.conns["ap_done"] = V.Ref(done)
        it.conns["ap_start"] = V.Bin("&&", V.Ref("run_q"), V.Un("!", V.Ref(fin)))
        finished.append(V.Bin("|", V.Ref(fin), V.Ref(done)))
    mod.decls.append(V.Decl("wire", "all_returned", 1, 0, "every process has returned (this cycle or before)"))
    mod.items.append(V.Assign("all_returned", V.Bin("&&", V.Ref("run_q"), V.all_of(finished))))
    mod.items.append(V.Assign("ap_done", V.Ref("all_returned")))
    mod.items.append(V.Assign("ap_ready", V.Ref("all_returned")))
    mod.items.append(V.Assign("ap_idle", V.Bin("&&", V.Un("!", V.Ref("run_q")), V.Un("!", V.Ref("ap_start")))))
    resets = [V.NonBlocking("run_q", V.Lit(1, 0))] + [V.NonBlocking(f"{it.inst}_finished_q", V.Lit(1, 0))
                                                      for it in instances]
    step = [V.If(V.Bin("&&", V.Ref("ap_start"), V.Un("!", V.Ref("run_q"))), [V.NonBlocking("run_q", V.Lit(1, 1))])]
    step += [V.If(V.Ref("run_q"), [V.NonBlocking(f"{it.inst}_finished_q", f) for it, f in zip(instances, finished)])]
    mod.items.append(V.AlwaysFF("call_control", [V.If(V.Bin("||", V.Ref("ap_rst"), V.Ref("all_returned")), resets,
                                                      step)]))


def _port_order(item: tuple[str, V.Expr]) -> tuple[int, str]:
    ctrl = ("ap_start", "ap_done", "ap_idle", "ap_ready")
    return (ctrl.index(item[0]) if item[0] in ctrl else len(ctrl), item[0])
