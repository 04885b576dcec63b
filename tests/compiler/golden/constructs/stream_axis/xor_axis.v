// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module xor_axis (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire [127:0] k,  // ap_uint<128>
  input wire [127:0] in_TDATA,  // stream<ap_uint<128> > *
  input wire in_TVALID,
  output reg in_TREADY,
  output reg [127:0] out_TDATA,  // stream<ap_uint<128> > *
  output reg out_TVALID,
  input wire out_TREADY
);

  localparam [0:0] S_ENTRY_0 = 1'd0;

  reg state_q;  // FSM state
  reg state_d;
  wire [63:0] k_b0;
  wire [63:0] k_b64;
  wire [127:0] in_load;
  wire [127:0] zext_ln364;
  wire [127:0] shl_ln364;
  wire [127:0] zext_ln364_1;
  wire [127:0] or_ln364;
  wire [127:0] xor_ln364;
  wire st_entry_0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign k_b0 = k[63:0];
  assign k_b64 = k[127:64];
  assign in_load = in_TDATA;
  assign zext_ln364 = {64'd0, k_b64};
  assign shl_ln364 = (zext_ln364 << 128'd64);
  assign zext_ln364_1 = {64'd0, k_b0};
  assign or_ln364 = (shl_ln364 | zext_ln364_1);
  assign xor_ln364 = (in_load ^ or_ln364);
  always @* begin : in_stream
    in_TREADY = 1'd0;
    if (((state_q == S_ENTRY_0) && out_TREADY)) begin
      in_TREADY = 1'd1;
    end
  end

  always @* begin : out_stream
    out_TVALID = 1'd0;
    out_TDATA = 128'd0;
    if (((state_q == S_ENTRY_0) && in_TVALID)) begin
      out_TVALID = 1'd1;
      out_TDATA = xor_ln364;
    end
  end

  assign st_entry_0 = ((((state_q == S_ENTRY_0) && 1'd1) && in_TVALID) && out_TREADY);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          state_d = S_ENTRY_0;
        end
      end
      default: begin
      end
    endcase
  end

  always @(posedge ap_clk) begin : reg_update
    if (ap_rst) begin
      state_q <= S_ENTRY_0;
    end else begin
      state_q <= state_d;
    end
  end

  assign unused_bits = (&{1'd0, k, in_TDATA, in_TVALID, out_TREADY});
endmodule

`default_nettype wire
