"""The Verilog AST prints instances, initial blocks and expression-valued assignment targets."""

from __future__ import annotations

from cryptohls.codegen import vast as V


def test_instance_with_parameters_and_expression_connections():
    inst = V.Instance("cryptohls_fifo", "c_fifo", [("clk_i", V.Ref("ap_clk")), ("din_i", V.Concat([V.Ref("a"), V.Lit(4, 3, "d")])),
                                                   ("write_i", V.Lit(1, 1, "b"))], [("WIDTH", 8), ("DEPTH", 2)])
    assert inst.lines("  ") == ["  cryptohls_fifo #(.WIDTH(8), .DEPTH(2)) c_fifo (",
                                "    .clk_i(ap_clk),",
                                "    .din_i({a, 4'd3}),",
                                "    .write_i(1'b1)",
                                "  );"]


def test_expression_targets():
    assert V.Blocking(V.Slice("out", 7, 7, compact=False), V.Ref("x")).lines("") == ["out[7:7] = x;"]
    assert V.Blocking(V.Slice("out", 7, 7), V.Ref("x")).lines("") == ["out[7] = x;"]
    assert V.NonBlocking(V.Index("mem", V.Ref("a")), V.Ref("d")).lines("") == ["mem[a] <= d;"]
    assert V.Blocking(V.Concat([V.Ref("hi"), V.Ref("lo")]), V.Ref("w")).lines("") == ["{hi, lo} = w;"]


def test_module_prints_instances_and_initial_blocks():
    m = V.Module("top", ["generated"])
    m.items.append(V.Assign(V.Slice("y", 3, 0, compact=False), V.Lit(4, 1)))
    m.items.append(V.Initial("initial contents of t", [V.Blocking(V.Index("t_mem", 0), V.Lit(8, 5))]))
    m.items.append(V.Instance("sub", "sub_u0", [("ap_clk", V.Ref("ap_clk"))]))
    text = m.text()
    assert "  assign y[3:0] = 4'd1;\n" in text
    assert "  // initial contents of t\n  initial begin\n    t_mem[0] = 8'd5;\n  end\n" in text
    assert "  sub sub_u0 (\n    .ap_clk(ap_clk)\n  );\n" in text


def test_literal_radix():
    assert V.Lit(40, 1 << 33).v() == "40'h200000000"
    assert V.Lit(40, 1 << 33, "d").v() == "40'd8589934592"


def test_selects_only_of_signal_names():
    """Verilog-2005 selects bits of a named signal only (issue 32 item 2: `(st ? a : b)[15]`)."""
    import pytest
    for bad in ["(st ? a : b)", "{a, b}", "8'd5", "a + b", ""]:
        with pytest.raises(AssertionError, match="no signal name"):
            V.Slice(bad, 1, 0)
        with pytest.raises(AssertionError, match="no signal name"):
            V.Index(bad, 0)
    assert V.Slice("sext_ln8_src", 15, 15).v() == "sext_ln8_src[15]"
