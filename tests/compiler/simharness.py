"""A small Icarus Verilog harness for generated HLS modules (the compiler's own check; the project's
cosim lives in cryptohls.sim). Drives one ap_ctrl_hs call from report.json's "interface" object and
returns outputs, memory contents and the measured latency (ap_start cycle → ap_done cycle)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def run_call(verilog: Path, report: dict, inputs: dict[str, int], memories: dict[str, list[int]] | None = None,
             work: Path | None = None, calls: int = 1) -> dict:
    iface = report["interface"]
    top = report["top"]
    work = work or verilog.parent
    memories = memories or {}
    decls, conns, drives, caps, prints, memlogic = [], [], [], [], [], []
    conns += [".ap_clk(ap_clk)", ".ap_rst(ap_rst)"]
    hs = iface["block_protocol"] == "ap_ctrl_hs"
    if hs:
        conns += [".ap_start(ap_start)", ".ap_done(ap_done)", ".ap_idle(ap_idle)", ".ap_ready(ap_ready)"]
        decls += ["wire ap_done, ap_idle, ap_ready;"]
    for a in iface["args"]:
        w, n = a["width"], a["name"]
        ports = a["ports"]
        if a["mode"] == "ap_memory":
            aw = max(1, (a["depth"] - 1).bit_length())
            decls += [f"reg [{w - 1}:0] m_{n} [0:{a['depth'] - 1}];", f"wire [{aw - 1}:0] {n}_address0;",
                      f"wire {n}_ce0;", f"reg [{w - 1}:0] {n}_q0;"]
            conns += [f".{ports['address']}({n}_address0)", f".{ports['ce']}({n}_ce0)"]
            if "q" in ports:
                conns.append(f".{ports['q']}({n}_q0)")
            wr = ""
            if "we" in ports:
                decls += [f"wire {n}_we0;", f"wire [{w - 1}:0] {n}_d0;"]
                conns += [f".{ports['we']}({n}_we0)", f".{ports['d']}({n}_d0)"]
                wr = f"if ({n}_we0) m_{n}[{n}_address0] <= {n}_d0; "
            memlogic.append(f"always @(posedge ap_clk) if ({n}_ce0) begin {wr}{n}_q0 <= m_{n}[{n}_address0]; end")
            for k, v in enumerate(memories.get(n, [0] * a["depth"])):
                drives.append(f"m_{n}[{k}] = {w}'h{v:x};")
            prints.append(f'for (tb_k = 0; tb_k < {a["depth"]}; tb_k = tb_k + 1) $display("MEM {n} %0d %h", tb_k, m_{n}[tb_k]);')
            continue
        if a["mode"] == "partitioned":
            singles = [(e, e, f"{e}_ap_vld") for e in ports["elements"]]
        else:
            singles = [(n, ports.get("in") or ports.get("out"), ports.get("out_vld"))]
        width = w * a["depth"] if a["mode"] == "reshaped" else w
        for name, port, vld in singles:
            if a["direction"] == "in":
                decls.append(f"reg [{width - 1}:0] {name};")
                conns.append(f".{port}({name})")
                drives.append(f"{name} = {width}'h{inputs.get(name, 0) & ((1 << width) - 1):x};")
            else:
                decls += [f"wire [{width - 1}:0] {name};", f"wire {name}_vld;", f"reg [{width - 1}:0] {name}_cap;"]
                conns += [f".{port}({name})", f".{vld}({name}_vld)"]
                caps.append(f"always @(posedge ap_clk) if ({name}_vld) {name}_cap <= {name};")
                prints.append(f'$display("OUT {name} %h", {name}_cap);')
    if iface["return"]:
        rw = iface["return"]["width"]
        decls.append(f"wire [{rw - 1}:0] ap_return;")
        conns.append(".ap_return(ap_return)")
    ret_print = '$display("RET %h", ap_return);' if iface["return"] else ""
    tb = f"""`timescale 1ns/1ps
module tb;
  reg ap_clk = 0, ap_rst = 1, ap_start = 0;
  integer cyc = 0, start = 0, tb_k, tb_n;
  {' '.join(decls)}
  {top} dut ({', '.join(conns)});
  always #5 ap_clk = ~ap_clk;
  always @(posedge ap_clk) cyc = cyc + 1;
  {' '.join(caps)}
  {' '.join(memlogic)}
  initial begin
    {' '.join(drives)}
    repeat (2) @(posedge ap_clk);
    #1 ap_rst = 0;
    for (tb_n = 0; tb_n < {calls}; tb_n = tb_n + 1) begin
      @(negedge ap_clk); ap_start = 1; start = cyc; #1;
      while (!ap_done) begin
        // Vitis protocol: ap_start drops after the edge at which ap_ready was high
        if (ap_ready) begin @(posedge ap_clk); #1 ap_start = 0; end else begin @(posedge ap_clk); #1; end
        if (cyc - start > 100000) begin $display("TIMEOUT"); $finish; end
      end
      $display("LATENCY %0d", cyc - start);
      {ret_print}
      @(posedge ap_clk); #1 ap_start = 0;
    end
    @(posedge ap_clk); #1;
    {' '.join(prints)}
    $finish;
  end
endmodule
"""
    tb_path = work / "tb_harness.v"
    tb_path.write_text(tb)
    exe = work / "tb_harness.vvp"
    subprocess.run(["iverilog", "-g2005", "-o", str(exe), str(tb_path), str(verilog)], check=True,
                   capture_output=True, text=True)
    out = subprocess.run(["vvp", "-n", str(exe)], check=True, capture_output=True, text=True).stdout
    result: dict = {"latency": [], "ret": [], "out": {}, "mem": {}}
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "TIMEOUT":
            raise AssertionError("simulation timed out")
        if parts[0] == "LATENCY":
            result["latency"].append(int(parts[1]))
        elif parts[0] == "RET":
            result["ret"].append(int(parts[1], 16))
        elif parts[0] == "OUT":
            result["out"][parts[1]] = int(parts[2], 16)
        elif parts[0] == "MEM":
            result["mem"].setdefault(parts[1], []).append(int(parts[3], 16))
    return result


def lint(verilog: Path) -> str:
    """verilator --lint-only -Wall output ('' when clean)."""
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", str(verilog)], capture_output=True, text=True)
    return (proc.stdout + proc.stderr).strip() if proc.returncode else ""


def run_stream(verilog: Path, report: dict, inputs: list[dict[str, int]], work: Path | None = None) -> dict:
    """Back-to-back calls: ap_start stays high and the inputs change after every ap_ready, as a caller
    with data always available does. Returns the ap_done cycles and the outputs seen with ap_vld."""
    iface = report["interface"]
    work = work or verilog.parent
    decls, conns, caps, sets = [], [".ap_clk(ap_clk)", ".ap_rst(ap_rst)", ".ap_start(ap_start)", ".ap_done(ap_done)",
                                      ".ap_idle(ap_idle)", ".ap_ready(ap_ready)"], [], {}
    for a in iface["args"]:
        assert a["mode"] in ("ap_none", "ap_vld", "reshaped"), "streaming harness: scalar/reshaped ports only"
        width = a["width"] * (a["depth"] if a["mode"] == "reshaped" else 1)
        if a["direction"] == "in":
            decls.append(f"reg [{width - 1}:0] {a['name']};")
            conns.append(f".{a['ports']['in']}({a['name']})")
            for k, inp in enumerate(inputs):
                sets.setdefault(k, []).append(f"{a['name']} = {width}'h{inp.get(a['name'], 0) & ((1 << width) - 1):x};")
        else:
            decls += [f"wire [{width - 1}:0] {a['name']};", f"wire {a['name']}_vld;"]
            conns += [f".{a['ports']['out']}({a['name']})", f".{a['ports']['out_vld']}({a['name']}_vld)"]
            caps.append(f'always @(posedge ap_clk) if ({a["name"]}_vld) $display("VLD {a["name"]} %h", {a["name"]});')
    if iface["return"]:
        decls.append(f"wire [{iface['return']['width'] - 1}:0] ap_return;")
        conns.append(".ap_return(ap_return)")
        caps.append('always @(posedge ap_clk) if (ap_done) $display("RET %h", ap_return);')
    cases = " ".join(f"{k}: begin {' '.join(v)} end" for k, v in sets.items())
    tb = f"""`timescale 1ns/1ps
module tb;
  reg ap_clk = 0, ap_rst = 1, ap_start = 0, ready_now = 0;
  wire ap_done, ap_idle, ap_ready;
  integer cyc = 0, k = 0, ndone = 0;
  {' '.join(decls)}
  {report["top"]} dut ({', '.join(conns)});
  always #5 ap_clk = ~ap_clk;
  always @(posedge ap_clk) cyc = cyc + 1;
  {' '.join(caps)}
  task load_inputs; begin case (k) {cases} default: ap_start = 0; endcase end endtask
  initial begin
    repeat (2) @(posedge ap_clk);
    #1 ap_rst = 0;
    @(negedge ap_clk); k = 0; load_inputs; ap_start = 1;
    while (ndone < {len(inputs)}) begin
      #1 ready_now = ap_ready;
      if (ap_done) begin $display("DONE %0d", cyc); ndone = ndone + 1; end
      @(posedge ap_clk); #1;
      if (ready_now) begin k = k + 1; load_inputs; end
      if (cyc > 100000) begin $display("TIMEOUT"); $finish; end
      @(negedge ap_clk);
    end
    $finish;
  end
endmodule
"""
    tb_path = work / "tb_stream.v"
    tb_path.write_text(tb)
    exe = work / "tb_stream.vvp"
    subprocess.run(["iverilog", "-g2005", "-o", str(exe), str(tb_path), str(verilog)], check=True,
                   capture_output=True, text=True)
    out = subprocess.run(["vvp", "-n", str(exe)], check=True, capture_output=True, text=True).stdout
    result: dict = {"done": [], "vld": {}, "ret": []}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] == "TIMEOUT":
            raise AssertionError("simulation timed out")
        if parts and parts[0] == "DONE":
            result["done"].append(int(parts[1]))
        elif parts and parts[0] == "VLD":
            result["vld"].setdefault(parts[1], []).append(int(parts[2], 16))
        elif parts and parts[0] == "RET":
            result["ret"].append(int(parts[1], 16))
    return result


__all__ = ["run_call", "run_stream", "lint"]
