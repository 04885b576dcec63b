"""The block netlist (codegen/block.py) and its emission (codegen/emit.py), on a block built by hand:
what is Verilog and not netlist — reg/wire from the drivers, the register update block, load enables,
memory processes — is decided at emission."""

from __future__ import annotations

from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Block, Memory
from cryptohls.codegen.emit import to_verilog


def _block() -> Block:
    b = Block("demo", ["header"], {"ap_clk", "ap_rst"})
    b.port("ap_clk", "input", 1)
    b.port("ap_rst", "input", 1)
    b.port("x", "input", 8)
    b.port("y", "output", 8)
    b.port("y_vld", "output", 1)
    go = b.wire("go", 1)
    count = b.register("count", 4, "a counter", reset=3)
    data = b.register("data", 8, "kept value", reset=None)
    addr, q = b.wire("t_address0", 2), b.wire("t_q0", 8)
    b.assign(go, V.Bin("==", V.Ref(count.q), V.Lit(4, 0)))
    b.assign(count.d, V.Bin("+", V.Ref(count.q), V.Lit(4, 1)))
    b.load(data, V.Ref(go), V.Ref("x"))
    b.process("t_ports", [V.Blocking(addr, V.Slice(count.q, 1, 0)), V.Blocking("y_vld", V.Ref(go))])
    b.memory(Memory("t", b.fresh("t_mem"), "rom", 8, 4, [1, 2, 3, 4], [{"address": addr, "ce": go, "q": q}]))
    b.assign("y", V.Bin("^", V.Ref(q), V.Ref(data.q)))
    b.sinks = [V.Ref("x")]
    return b


def test_emission_decides_reg_and_wire_from_the_drivers():
    text = to_verilog(_block()).text()
    assert "output reg y_vld" in text and "output wire [7:0] y," in text     # a process drives y_vld
    assert "reg [1:0] t_address0;" in text and "reg [7:0] t_q0;" in text   # process / memory outputs
    assert "wire go;" in text and "wire [3:0] count_d;" in text and "wire [7:0] data_d;" in text
    assert "reg [7:0] t_mem [0:3];  // rom t[4]" in text


def test_registers_update_in_one_block_reset_ones_first():
    text = to_verilog(_block()).text()
    assert "assign data_d = (go ? x : data_q);" in text   # the load enable
    update = text[text.index("always @(posedge ap_clk) begin : reg_update"):]
    assert update.splitlines()[1:7] == ["    if (ap_rst) begin", "      count_q <= 4'd3;", "    end else begin",
                                        "      count_q <= count_d;", "    end", "    data_q <= data_d;"]
    assert "initial begin" in text and "always @(posedge ap_clk) begin : t_memory" in text
    assert "assign unused_bits = (&{1'd0, x});" in text


def test_block_text_names_what_each_piece_drives_and_reads():
    assert _block().text().splitlines() == [
        "block demo",
        "  port input ap_clk [1]", "  port input ap_rst [1]", "  port input x [8]", "  port output y [8]",
        "  port output y_vld [1]",
        "  signal go [1]",
        "  register count_q [4] <= count_d, reset 3",
        "  register data_q [8] <= data_d, no reset",
        "  signal t_address0 [2]", "  signal t_q0 [8]",
        "  memory t_mem rom [8] x 4, 1 port(s), initialised",
        "  assign go <- count_q",
        "  assign count_d <- count_q",
        "  load data_q when go <- x",
        "  process t_ports -> t_address0, y_vld <- count_q, go",
        "  memory process t_mem",
        "  assign y <- t_q0, data_q",
        "  sink x",
    ]


def test_register_names_skip_taken_ones():
    b = Block("m", [], {"r_q"})
    assert (b.register("r", 1).q, b.register("r", 1).q) == ("r_1_q", "r_2_q")
