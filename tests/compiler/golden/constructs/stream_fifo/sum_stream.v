// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module sum_stream (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire ap_start,
  output wire ap_done,
  output wire ap_idle,
  output wire ap_ready,
  input wire [7:0] n,  // uint8_t
  input wire [31:0] in_dout,  // stream<unsigned int> *
  input wire in_empty_n,
  output reg in_read,
  output reg [31:0] out_din,  // stream<unsigned int> *
  output reg out_write,
  input wire out_full_n,
  output wire [31:0] ap_return  // uint32_t
);

  localparam [1:0] S_ENTRY_0 = 2'd0;
  localparam [1:0] S_FOR_BODY_0 = 2'd1;
  localparam [1:0] S_FOR_END_0 = 2'd2;

  reg [1:0] state_q;  // FSM state
  reg [1:0] state_d;
  reg [7:0] i_q;  // phi
  reg [7:0] i_d;
  reg [31:0] acc_q;  // phi
  reg [31:0] acc_d;
  reg [31:0] acc_1_q;  // phi
  reg [31:0] acc_1_d;
  wire icmp_ln8;
  wire [31:0] in_load;
  wire [31:0] add_ln9;
  wire [7:0] add_ln8;
  wire icmp_ln8_1;
  wire st_for_body_0;
  wire st_entry_0;
  wire st_for_end_0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign icmp_ln8 = (n == 8'd0);
  assign in_load = in_dout;
  assign add_ln9 = (acc_q + in_load);
  assign add_ln8 = (i_q + 8'd1);
  assign icmp_ln8_1 = (add_ln8 < n);
  assign st_for_body_0 = (((state_q == S_FOR_BODY_0) && in_empty_n) && out_full_n);
  assign st_entry_0 = ((state_q == S_ENTRY_0) && ap_start);
  always @* begin : phi_update
    i_d = i_q;
    if ((st_for_body_0 && icmp_ln8_1)) begin
      i_d = add_ln8;
    end
    if ((st_entry_0 && (!icmp_ln8))) begin
      i_d = 8'd0;
    end
    acc_d = acc_q;
    if ((st_for_body_0 && icmp_ln8_1)) begin
      acc_d = add_ln9;
    end
    if ((st_entry_0 && (!icmp_ln8))) begin
      acc_d = 32'd0;
    end
    acc_1_d = acc_1_q;
    if ((st_entry_0 && icmp_ln8)) begin
      acc_1_d = 32'd0;
    end
    if ((st_for_body_0 && (!icmp_ln8_1))) begin
      acc_1_d = add_ln9;
    end
  end

  always @* begin : in_stream
    in_read = 1'd0;
    if (st_for_body_0) begin
      in_read = 1'd1;
    end
  end

  always @* begin : out_stream
    out_write = 1'd0;
    out_din = 32'd0;
    if (st_for_body_0) begin
      out_write = 1'd1;
      out_din = add_ln9;
    end
  end

  assign st_for_end_0 = (state_q == S_FOR_END_0);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          if (icmp_ln8) begin
            state_d = S_FOR_END_0;
          end else begin
            state_d = S_FOR_BODY_0;
          end
        end
      end
      S_FOR_BODY_0: begin
        if (st_for_body_0) begin
          if (icmp_ln8_1) begin
            state_d = S_FOR_BODY_0;
          end else begin
            state_d = S_FOR_END_0;
          end
        end
      end
      S_FOR_END_0: begin
        state_d = S_ENTRY_0;
      end
      default: begin
      end
    endcase
  end

  assign ap_done = st_for_end_0;
  assign ap_ready = st_for_end_0;
  assign ap_idle = ((state_q == S_ENTRY_0) && (!ap_start));
  assign ap_return = acc_1_q;
  always @(posedge ap_clk) begin : reg_update
    if (ap_rst) begin
      state_q <= S_ENTRY_0;
    end else begin
      state_q <= state_d;
    end
    i_q <= i_d;
    acc_q <= acc_d;
    acc_1_q <= acc_1_d;
  end

  assign unused_bits = (&{1'd0, n, in_dout, in_empty_n, out_full_n});
endmodule

`default_nettype wire
