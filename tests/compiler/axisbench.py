"""An Icarus testbench for free-running axis stream cores (ports in_TDATA/in_TVALID/in_TREADY,
out_TDATA/out_TVALID/out_TREADY, and a 128-bit key unless key is None): feeds words with random
gaps (TVALID held until accepted, as an AXI master must), takes results with random back-pressure
(TREADY), checks that a held out_TVALID and its TDATA stay stable until accepted, and records the
cycle of every transfer."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass
class AxisRun:
    outputs: list[int]
    in_cycles: list[int]     # cycle of each accepted input word
    out_cycles: list[int]    # cycle of each output transfer
    errors: list[str]


def run_axis(verilog: Path, top: str, work: Path, words: list[int], in_width: int, key: int | None, n_out: int,
             p_valid: int = 4, p_ready: int = 4, seed: int = 1, max_cycles: int = 20000,
             out_width: int = 128, keys: list[int] | None = None) -> AxisRun:
    """p_valid/p_ready: out of 4, how often a new word is offered / the output is ready (4 = always).
    ``keys``: one key per word, on the key port while that word is offered; while no word is offered
    the key port carries junk, so a core must use the key of a word's accept cycle."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "words.hex").write_text("".join(f"{w:x}\n" for w in words))
    (work / "keys.hex").write_text("".join(f"{k:x}\n" for k in (keys or [key or 0] * len(words))))
    n = len(words)
    tb = f"""`timescale 1ns/1ps
module tb;
  reg ap_clk = 1'b0, ap_rst = 1'b1;
  reg [{in_width - 1}:0] in_TDATA = 0;
  reg in_TVALID = 1'b0, out_TREADY = 1'b0, acc = 1'b0, held = 1'b0;
  wire in_TREADY, out_TVALID;
  wire [{out_width - 1}:0] out_TDATA;
  reg [{out_width - 1}:0] held_data = 0;
  reg [127:0] key = 128'h{key or 0:032x};
  reg [{in_width - 1}:0] words [0:{n - 1}];
  reg [127:0] keys [0:{n - 1}];
  reg [31:0] lfsr = 32'd{seed * 2654435761 % 2**32 | 1};
  integer i_in = 0, n_out = 0, cyc = 0, f;
  {top} dut (.ap_clk(ap_clk), .ap_rst(ap_rst), .in_TDATA(in_TDATA), .in_TVALID(in_TVALID),
    .in_TREADY(in_TREADY), .out_TDATA(out_TDATA), .out_TVALID(out_TVALID), .out_TREADY(out_TREADY){"" if key is None else ", .key(key)"});
  always #5 ap_clk = ~ap_clk;
  initial begin
    $readmemh("{work / 'words.hex'}", words);
    $readmemh("{work / 'keys.hex'}", keys);
    f = $fopen("{work / 'trace.txt'}", "w");
    repeat (3) @(posedge ap_clk);
    #1 ap_rst = 1'b0;
  end
  always @(posedge ap_clk) if (!ap_rst) begin
    acc <= in_TVALID && in_TREADY;
    if (in_TVALID && in_TREADY) begin
      $fwrite(f, "in %0d\\n", cyc);
      i_in = i_in + 1;
    end
    if (out_TVALID && out_TREADY) begin
      $fwrite(f, "out %0d %h\\n", cyc, out_TDATA);
      n_out = n_out + 1;
    end
    if (held && (!out_TVALID || out_TDATA !== held_data)) $fwrite(f, "error %0d out_TVALID/TDATA changed before TREADY\\n", cyc);
    held <= out_TVALID && !out_TREADY;
    held_data <= out_TDATA;
    cyc = cyc + 1;
    if (n_out == {n_out} || cyc > {max_cycles}) begin
      $fclose(f);
      $finish;
    end
  end
  always @(negedge ap_clk) if (!ap_rst) begin
    lfsr = {{lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]}};
    if (!(in_TVALID && !acc)) begin   // a word not yet accepted stays offered
      if (i_in < {n} && lfsr[1:0] < 2'd{p_valid % 4} || i_in < {n} && {int(p_valid >= 4)}) begin
        in_TVALID = 1'b1;
        in_TDATA = words[i_in];
        if ({int(keys is not None)}) key = keys[i_in];
      end else begin
        in_TVALID = 1'b0;
        if ({int(keys is not None)}) key = {{4{{lfsr}}}};
      end
    end
    acc = 1'b0;
    out_TREADY = ({int(p_ready >= 4)} || lfsr[5:4] < 2'd{p_ready % 4});
  end
endmodule
"""
    tb_path = work / "tb_axis.v"
    tb_path.write_text(tb)
    exe = work / "tb_axis.vvp"
    subprocess.run(["iverilog", "-g2005", "-o", str(exe), str(tb_path), str(verilog)], check=True,
                   capture_output=True, text=True)
    subprocess.run(["vvp", "-n", str(exe)], check=True, capture_output=True, text=True, cwd=work)
    run = AxisRun([], [], [], [])
    for line in (work / "trace.txt").read_text().splitlines():
        parts = line.split()
        if parts[0] == "in":
            run.in_cycles.append(int(parts[1]))
        elif parts[0] == "out":
            run.out_cycles.append(int(parts[1]))
            run.outputs.append(int(parts[2], 16))
        else:
            run.errors.append(line)
    return run
