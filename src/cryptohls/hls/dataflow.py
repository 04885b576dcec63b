"""DATAFLOW tops: compile the processes as sub-modules, then the structural top with its FIFOs."""

from __future__ import annotations

from pathlib import Path

from cryptohls.codegen import vast as V
from cryptohls.codegen.clock_reset import rename_signature
from cryptohls.codegen.dataflow import Instance, TopPort, build_dataflow_module, dataflow_signature, process_roles
from cryptohls.codegen.fifo import FIFO_MODULE, FIFO_VERILOG
from cryptohls.errors import UserError
from cryptohls.frontend.interface import interface_name, stream_element, stream_mode, stream_registered
from cryptohls.ir.ports import stream_of_struct, stream_ports
from cryptohls.hls.options import CompileOptions
from cryptohls.hls.report import interface_json
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.hls.submodules import compile_submodules, submodule_warnings
from cryptohls.hls.warning_files import name_files
from cryptohls.schedule.delay import DelayModel


def block_protocol(graph) -> str:
    """ap_ctrl_none (free-running processes) or ap_ctrl_hs (Vitis's default: each call starts every
    process once and ends when all have returned)."""
    for p in graph.directives.argument("return", ("INTERFACE",), graph.top_ll):
        return str(p.get("mode") or ("ap_ctrl_none" if p.get("ap_ctrl_none") is True else "ap_ctrl_hs"))
    return "ap_ctrl_hs"


def port_base(graph, cname: str) -> str:
    """The top port prefix of argument ``cname``: INTERFACE name= on the top, else the C name."""
    return interface_name(graph.directives, cname, graph.top_ll) or cname


def compile_dataflow(fe, options: CompileOptions, model: DelayModel, out_dir: Path, header: list[str],
                     src: Path) -> tuple[str, dict, dict]:
    """Writes the processes, cryptohls_fifo.v and the top; returns (top Verilog text, report additions,
    the compiled processes by C name)."""
    graph, top = fe.dataflow, fe.function.name
    protocol = block_protocol(graph)
    if protocol not in ("ap_ctrl_none", "ap_ctrl_hs"):
        raise UserError(f"DATAFLOW function '{top}': block protocol {protocol} is not supported", file=str(src),
                        hint="use ap_ctrl_hs (the default) or '#pragma HLS INTERFACE mode=ap_ctrl_none port=return'")
    by_name = {s.function.name: s.function for s in fe.submodules}
    cparams = {cp.name: cp for cp in fe.cparams}
    modes = {cp.name: stream_mode(cp, graph.directives) for cp in fe.cparams if stream_element(cp) is not None}
    for cp in fe.cparams:   # a port per field is built by the top's own import, which DATAFLOW skips
        if modes.get(cp.name) == "valid_ready" and stream_of_struct(cp.c_type):
            raise UserError(f"DATAFLOW: stream '{cp.name}' of a struct cannot be valid_ready yet",
                            file=str(src), line=cp.line,
                            hint="read it in a function that is not a DATAFLOW region, or use ap_fifo/axis "
                                 "(the struct then travels as one word)")
    seen: set[str] = set()
    for call in graph.processes:   # a top axis stream makes the process's port axis too (AXI timing rules)
        if call.c_name in seen:
            raise UserError(f"DATAFLOW: process '{call.c_name}' is called twice", file=str(src),
                            hint="one call per process function")
        seen.add(call.c_name)
        fn = by_name[call.c_name]
        for arg, b in call.args:
            if b.kind == "top" and b.name in modes and any(m.name == arg for m in fn.memories):
                mem = fn.memory(arg)
                mem.attrs["mode"] = modes[b.name]
                if mem.attrs.get("direction") == "out" and modes[b.name] == "axis" and \
                        stream_registered(cparams[b.name], graph.directives):   # INTERFACE ... register
                    mem.attrs["register"] = True
    processes, entries = compile_submodules(fe.submodules, options, model, out_dir, top, header)
    (out_dir / f"{FIFO_MODULE}.v").write_text(FIFO_VERILOG)
    ports: dict[str, TopPort] = {}
    for cp in fe.cparams:
        elem = stream_element(cp)
        if elem is None:
            cp.direction, cp.mode = "in", "ap_none"
            ports[cp.name] = TopPort(cp.name, "scalar", cp.ctype.width)
        else:
            ports[cp.name] = TopPort(cp.name, "stream", elem[1], modes[cp.name], base=port_base(graph, cp.name))
    channels: dict[str, tuple[int, int]] = {}
    ends: dict[str, dict[str, tuple[str, dict]]] = {}   # channel -> "in"/"out" -> (instance, roles)
    instances: list[Instance] = []
    for k, call in enumerate(graph.processes):
        fn = processes[call.c_name].function
        it = Instance(fn, f"{call.c_name}_u{k}")
        pieces: dict[str, list[tuple[int, str, int]]] = {}
        for arg, b in call.args:
            is_stream = any(m.name == arg and m.kind == "stream" for m in fn.memories)
            if is_stream:
                roles = process_roles(fn, arg)
                direction = fn.memory(arg).attrs.get("direction", "in")
                width = fn.memory(arg).width
                if b.kind == "top":
                    tp = ports[b.name]
                    tp.direction = direction
                    top_roles = stream_ports(tp.port_base, tp.mode, direction)
                    for role in ("data", "valid", "ready"):
                        it.conns[roles[role]] = V.Ref(top_roles[role])
                    cp = cparams[b.name]
                    cp.direction, cp.mode = direction, tp.mode
                elif b.kind == "channel":
                    end = ends.setdefault(b.name, {})
                    if direction in end:
                        raise UserError(f"DATAFLOW: stream '{b.name}' has two {'readers' if direction == 'in' else 'writers'}",
                                        file=str(src), hint="a channel connects one writer to one reader")
                    end[direction] = (it.inst, roles)
                    channels[b.name] = (width, graph.channels.get(b.name, 2))
                else:
                    raise UserError(f"DATAFLOW: stream argument '{arg}' of '{call.c_name}' is not a stream",
                                    file=str(src))
                continue
            port, lo = (arg.rsplit(".coerce", 1)[0], 64 * int(arg.rsplit(".coerce", 1)[1] or 0)) \
                if ".coerce" in arg else (arg, 0)
            pw = next((p.width for p in fn.params if p.name == port), None)
            if pw is None:
                continue   # the process does not use this argument
            w = min(64, pw - lo) if ".coerce" in arg else pw
            if b.kind == "top":
                tw = ports[b.name].width
                hi = min(b.lo + w, tw) - 1
                expr: V.Expr = V.Ref(b.name) if (b.lo == 0 and hi == tw - 1 and w == tw) else \
                    V.Slice(b.name, hi, b.lo, compact=False)
            else:
                expr = V.Lit(w, b.value & ((1 << w) - 1), "d")
            pieces.setdefault(port, []).append((lo, expr, w))
        for port, parts in pieces.items():
            parts.sort()
            it.conns[port] = parts[0][1] if len(parts) == 1 else V.Concat([e for _, e, _ in parts[::-1]])
        instances.append(it)
    wires: dict[str, dict[str, str]] = {}
    for ch in channels:
        end = ends[ch]
        if set(end) != {"in", "out"}:
            raise UserError(f"DATAFLOW: stream '{ch}' needs one writer and one reader", file=str(src))
        w = {p: f"{ch}_{p.rsplit('_', 1)[0]}" for p in ("din_i", "write_i", "full_n_o", "dout_o", "empty_n_o",
                                                         "read_i")}
        wires[ch] = w
        (winst, wroles), (rinst, rroles) = end["out"], end["in"]
        wi = next(i for i in instances if i.inst == winst)
        ri = next(i for i in instances if i.inst == rinst)
        wi.conns.update({wroles["data"]: V.Ref(w["din_i"]), wroles["valid"]: V.Ref(w["write_i"]),
                         wroles["ready"]: V.Ref(w["full_n_o"])})
        ri.conns.update({rroles["data"]: V.Ref(w["dout_o"]), rroles["valid"]: V.Ref(w["empty_n_o"]),
                         rroles["ready"]: V.Ref(w["read_i"])})
    module = build_dataflow_module(top, header, list(ports.values()), instances, channels, wires, protocol)
    signature = rename_signature(dataflow_signature(module, list(ports.values()), protocol), options.clock_port,
                                 options.reset_port)
    extra = {"signature": signature.to_json(),
             "dataflow": {"processes": [{"name": i.fn.name, "instance": i.inst} for i in instances],
                          "channels": [{"name": ch, "width": w, "depth": d} for ch, (w, d) in channels.items()]},
             "submodules": entries}
    return module.text(), extra, processes


def dataflow_report(fe, top: str, clock_ns: float, target: str, extra: dict, src: Path) -> dict:
    """report.json of a DATAFLOW top: no FSM of its own (latency and interval come from its processes)."""
    fe.function.attrs["block_protocol"] = block_protocol(fe.dataflow)
    interface = interface_json(fe.function, fe.cparams, ModuleSignature.from_json(extra["signature"]))
    return {"top": top, "target": target, "clock_ns": clock_ns, "latency": {"min": None, "max": None},
            "interval": None, "states": 0, "loops": [],
            "functions": [{"name": top, "latency": {"min": None, "max": None},
                           "inlined": sorted(set(fe.functions) - {top} - {s.function.name for s in fe.submodules})}],
            "resources": {"register_bits": 0, "operators": {}, "memories": []},
            "interface": interface,
            "warnings": list(fe.warnings) + name_files(submodule_warnings(extra["submodules"]), src, fe.loops),
            **extra}


def dataflow_text(report: dict) -> str:
    lines = [f"== cryptohls report: {report['top']} (DATAFLOW, {report['interface'].get('block_protocol')}) ==",
             f"target {report['target']}, clock {report['clock_ns']:g} ns", "", "processes:"]
    entries = {s["name"]: s for s in report["submodules"]}
    for proc in report["dataflow"]["processes"]:
        entry = entries.get(proc["name"], {})
        rng = entry.get("latency", {})
        free = report["interface"].get("block_protocol") == "ap_ctrl_none"
        if rng.get("max") in (-1, None):   # a loop on data: no bound (free-running, it never stops at all)
            what = "runs forever" if free else f"latency {rng.get('min')}..? (data-dependent)"
        else:
            what = f"latency {rng.get('min')}..{rng.get('max')}"
        what += "".join(f"; {p['name']} pipelined II={p['ii']} depth {p['depth']}" for p in entry.get("pipelined", []))
        lines.append(f"  {proc['instance']}: {proc['name']} ({what})")
    lines += ["", "channels:"]
    lines += [f"  {c['name']}: {c['width']} bits, depth {c['depth']}" for c in report["dataflow"]["channels"]]
    lines += ["", "warnings:"] + [f"  {w}" for w in report["warnings"]]
    return "\n".join(lines) + "\n"


__all__ = ["block_protocol", "compile_dataflow", "dataflow_report", "dataflow_text"]
