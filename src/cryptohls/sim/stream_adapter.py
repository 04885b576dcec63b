"""Verilog port adapters: a compiled free-running stream core under the port names of the RTL benches.

An HLS stream core (``ap_ctrl_none``, contract C4 appendix) has Vitis port names — ``ap_clk``,
``ap_rst``, ``in_TDATA``/``in_TVALID``/``in_TREADY`` (or ap_fifo ``in_dout``/``in_empty_n``/``in_read``)
… — while the testbenches of ``cryptohls sim`` drive the hand-written RTL names (C2: ``clk_i``,
``in_data_i``, …; DESIGN.md §6: ``pdi_data``, …). The adapter generated here is wires only (no
register, no logic except the CTR start multiplexer and the do_last bit slice), so the HLS core is
measured by the very testbench and the very cycle count as the RTL core. Port names come from the
"interface" object of report.json (role -> port); port widths from the core's Verilog header, which
is what the simulator sees.

Shapes (``ADAPTER_SHAPES``):

- ``block``: one input stream (128 bits), one output stream (128), one ``ap_none`` key (128) ->
  ``key_i``, ``in_valid_i``/``in_ready_o``/``in_data_i``, ``out_valid_o``/``out_ready_i``/``out_data_o``.
- ``block64``: as ``block`` with 64-bit streams (a 64-bit block cipher such as MISTY1), key 128 bits.
- ``ctr``: as ``block`` but the input stream is 129 bits, bit 128 = 1 for a start word
  (``{1, iv_i, ctr_i}``) and 0 for a message block (``{0, in_data_i}``); the RTL's start handshake
  ``start_valid_i``/``start_ready_o`` shares the stream and has priority over a block in the same
  cycle, as in rtl/aes128_ctr.v.
- ``lwc``: input streams ``pdi``, ``sdi`` (32 bits), one output stream (33 bits: ``do_last`` is bit 32)
  -> ``pdi_data``/``pdi_valid``/``pdi_ready``, ``sdi_*``, ``do_data``/``do_last``/``do_valid``/``do_ready``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cryptohls.errors import UserError

ADAPTER_SHAPES = ("block", "block64", "ctr", "lwc")
_PORT = re.compile(r"^\s*(input|output)\s+(?:wire|reg)?\s*(?:\[(\d+)\s*:\s*0\])?\s*(\w+)", re.M)


@dataclass(frozen=True)
class Stream:
    """One stream argument: its core ports and data width."""
    name: str
    data: str
    valid: str
    ready: str
    width: int


@dataclass(frozen=True)
class CorePorts:
    top: str
    clock: str
    reset: str
    inputs: tuple[Stream, ...]      # in argument order
    outputs: tuple[Stream, ...]
    scalars: tuple[tuple[str, int], ...]   # ap_none inputs: (port, width)


def header_ports(verilog: str, top: str) -> dict[str, tuple[str, int]]:
    """port -> (direction, width) from the header of module ``top``."""
    match = re.search(rf"\bmodule\s+{re.escape(top)}\s*(?:#\s*\(.*?\))?\s*\((.*?)\);", verilog, re.S)
    if match is None:
        raise UserError(f"the compiled Verilog has no module {top}")
    return {name: (direction, int(msb) + 1 if msb else 1)
            for direction, msb, name in _PORT.findall(match.group(1))}


def core_ports(verilog: str, interface: dict, top: str) -> CorePorts:
    """The stream core's ports from report.json's "interface" object and its Verilog header."""
    if interface.get("block_protocol") != "ap_ctrl_none":
        raise UserError(f"{top}: a stream adapter needs a free-running core (ap_ctrl_none), not "
                        f"{interface.get('block_protocol')!r}")
    header = header_ports(verilog, top)

    def width(port: str) -> int:
        if port not in header:
            raise UserError(f"{top}: port {port} of report.json is not in the module header")
        return header[port][1]

    inputs, outputs, scalars = [], [], []
    for arg in interface.get("args", []):
        ports = arg.get("ports", {})
        if {"data", "valid", "ready"} <= ports.keys():
            stream = Stream(arg["name"], ports["data"], ports["valid"], ports["ready"], width(ports["data"]))
            (inputs if arg["direction"] == "in" else outputs).append(stream)
        elif arg.get("mode") == "ap_none" and arg.get("direction") == "in" and "in" in ports:
            scalars.append((ports["in"], width(ports["in"])))
        else:
            raise UserError(f"{top}: argument {arg['name']} ({arg.get('mode')}, {arg.get('direction')}) "
                            f"has no place in a stream adapter")
    for port in ("ap_clk", "ap_rst"):
        if port not in header:
            raise UserError(f"{top}: the compiled core has no {port} port")
    return CorePorts(top, "ap_clk", "ap_rst", tuple(inputs), tuple(outputs), tuple(scalars))


def _expect(core: CorePorts, shape: str, inputs: list[int], outputs: list[int], scalars: list[int]) -> None:
    got = ([s.width for s in core.inputs], [s.width for s in core.outputs], [w for _, w in core.scalars])
    if got != (inputs, outputs, scalars):
        raise UserError(f"{core.top}: ports do not fit the {shape} adapter: input streams {got[0]}, output "
                        f"streams {got[1]}, ap_none inputs {got[2]} bits; expected {inputs}, {outputs}, "
                        f"{scalars}")


def _instance(core: CorePorts, connections: dict[str, str]) -> str:
    pins = {core.clock: "clk_i", core.reset: "rst_i", **connections}
    body = ",\n".join(f"    .{port}({net})" for port, net in pins.items())
    return f"  {core.top} u_core (\n{body}\n  );\n"


def _module(name: str, core: CorePorts, ports: list[str], body: str, shape: str) -> str:
    lines = ",\n".join(f"  {p}" for p in ports)
    return (f"// {name}: contract port names around the compiled stream core {core.top} ({shape} shape).\n"
            f"// Generated by cryptohls.sim.stream_adapter; wires only, so the core is measured as it is.\n"
            f"`default_nettype none\n\nmodule {name} (\n{lines}\n);\n\n{body}\nendmodule\n\n"
            f"`default_nettype wire\n")


def adapter_name(top: str, shape: str) -> str:
    return f"{top}_{'lwc' if shape == 'lwc' else 'c2'}_ports"


def _block(core: CorePorts, name: str) -> str:
    _expect(core, "block", [128], [128], [128])
    (src,), (dst,), ((key, _),) = core.inputs, core.outputs, core.scalars
    ports = ["input  wire         clk_i", "input  wire         rst_i", "input  wire [127:0] key_i",
             "input  wire         in_valid_i", "output wire         in_ready_o",
             "input  wire [127:0] in_data_i", "output wire         out_valid_o",
             "input  wire         out_ready_i", "output wire [127:0] out_data_o"]
    body = _instance(core, {key: "key_i", src.data: "in_data_i", src.valid: "in_valid_i",
                            src.ready: "in_ready_o", dst.data: "out_data_o", dst.valid: "out_valid_o",
                            dst.ready: "out_ready_i"})
    return _module(name, core, ports, body, "block")


def _block64(core: CorePorts, name: str) -> str:
    _expect(core, "block64", [64], [64], [128])
    (src,), (dst,), ((key, _),) = core.inputs, core.outputs, core.scalars
    ports = ["input  wire         clk_i", "input  wire         rst_i", "input  wire [127:0] key_i",
             "input  wire         in_valid_i", "output wire         in_ready_o",
             "input  wire [63:0]  in_data_i", "output wire         out_valid_o",
             "input  wire         out_ready_i", "output wire [63:0]  out_data_o"]
    body = _instance(core, {key: "key_i", src.data: "in_data_i", src.valid: "in_valid_i",
                            src.ready: "in_ready_o", dst.data: "out_data_o", dst.valid: "out_valid_o",
                            dst.ready: "out_ready_i"})
    return _module(name, core, ports, body, "block64")


def _ctr(core: CorePorts, name: str) -> str:
    _expect(core, "ctr", [129], [128], [128])
    (src,), (dst,), ((key, _),) = core.inputs, core.outputs, core.scalars
    ports = ["input  wire         clk_i", "input  wire         rst_i", "input  wire [127:0] key_i",
             "input  wire         start_valid_i", "output wire         start_ready_o",
             "input  wire [95:0]  iv_i", "input  wire [31:0]  ctr_i",
             "input  wire         in_valid_i", "output wire         in_ready_o",
             "input  wire [127:0] in_data_i", "output wire         out_valid_o",
             "input  wire         out_ready_i", "output wire [127:0] out_data_o"]
    body = ("  // One 129-bit stream carries starts (bit 128 = 1: IV || counter) and blocks in order;\n"
            "  // a start has priority over a block in the same cycle (rtl/aes128_ctr.v).\n"
            "  wire         word_valid = start_valid_i | in_valid_i;\n"
            "  wire [128:0] word = start_valid_i ? {1'b1, iv_i, ctr_i} : {1'b0, in_data_i};\n"
            "  wire         word_ready;\n\n"
            "  assign start_ready_o = word_ready;\n"
            "  assign in_ready_o = word_ready & ~start_valid_i;\n\n"
            + _instance(core, {key: "key_i", src.data: "word", src.valid: "word_valid",
                               src.ready: "word_ready", dst.data: "out_data_o", dst.valid: "out_valid_o",
                               dst.ready: "out_ready_i"}))
    return _module(name, core, ports, body, "ctr")


def _lwc(core: CorePorts, name: str) -> str:
    _expect(core, "lwc", [32, 32], [33], [])
    by_name = {s.name: s for s in core.inputs}
    if set(by_name) != {"pdi", "sdi"}:
        raise UserError(f"{core.top}: the lwc adapter needs input streams named pdi and sdi, not "
                        f"{', '.join(sorted(by_name))}")
    pdi, sdi, (dout,) = by_name["pdi"], by_name["sdi"], core.outputs
    ports = ["input  wire        clk_i", "input  wire        rst_i",
             "input  wire [31:0] pdi_data", "input  wire        pdi_valid", "output wire        pdi_ready",
             "input  wire [31:0] sdi_data", "input  wire        sdi_valid", "output wire        sdi_ready",
             "output wire [31:0] do_data", "output wire        do_last", "output wire        do_valid",
             "input  wire        do_ready"]
    body = ("  wire [32:0] do_word;   // bit 32 = do_last\n\n"
            "  assign do_data = do_word[31:0];\n"
            "  assign do_last = do_word[32];\n\n"
            + _instance(core, {pdi.data: "pdi_data", pdi.valid: "pdi_valid", pdi.ready: "pdi_ready",
                               sdi.data: "sdi_data", sdi.valid: "sdi_valid", sdi.ready: "sdi_ready",
                               dout.data: "do_word", dout.valid: "do_valid", dout.ready: "do_ready"}))
    return _module(name, core, ports, body, "lwc")


_BUILDERS = {"block": _block, "block64": _block64, "ctr": _ctr, "lwc": _lwc}


def write_adapter(core_verilog: Path, interface: dict, top: str, shape: str, out_dir: Path) -> tuple[Path, str]:
    """Write the ``shape`` adapter of the compiled core ``top``; returns (file, module name)."""
    if shape not in _BUILDERS:
        raise ValueError(f"unknown adapter shape {shape!r}")
    core = core_ports(Path(core_verilog).read_text(), interface, top)
    name = adapter_name(top, shape)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{name}.v"
    path.write_text(_BUILDERS[shape](core, name))
    return path, name
