// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module mac_top (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire ap_start,
  output wire ap_done,
  output wire ap_idle,
  output wire ap_ready,
  input wire [15:0] x,  // uint16_t
  input wire [15:0] y,  // uint16_t
  input wire [7:0] n,  // uint8_t
  output wire [31:0] ap_return  // uint32_t
);

  localparam [2:0] S_ENTRY_0 = 3'd0;
  localparam [2:0] S_FOR_BODY_0 = 3'd1;
  localparam [2:0] S_FOR_BODY_1 = 3'd2;
  localparam [2:0] S_FOR_BODY_2 = 3'd3;
  localparam [2:0] S_FOR_END_0 = 3'd4;

  reg [2:0] state_q;  // FSM state
  reg [2:0] state_d;
  reg [7:0] i_q;  // phi
  reg [7:0] i_d;
  reg [31:0] acc_q;  // phi
  reg [31:0] acc_d;
  reg [31:0] acc_1_q;  // phi
  reg [31:0] acc_1_d;
  wire icmp_ln13;
  wire [15:0] zext_ln13;
  wire [15:0] add_ln14;
  wire [31:0] call_ln14;
  wire [15:0] trunc_ln15;
  wire [15:0] xor_ln15;
  wire [31:0] call_ln15;
  wire [7:0] add_ln13;
  wire icmp_ln13_1;
  wire mac_u0_ap_start;
  wire mac_u0_ap_done;
  wire mac_u0_ap_ready;
  /* verilator lint_off UNUSEDSIGNAL */
  wire mac_u0_ap_idle;  // not needed by the caller
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] mac_u0_ap_return;
  reg [31:0] mac_u0_ret_q;  // call result, loaded at ap_done
  wire [31:0] mac_u0_ret_d;
  reg mac_u0_done_q;  // ap_done seen, state still waiting
  wire mac_u0_done_d;
  reg mac_u0_started_q;  // ap_ready seen
  wire mac_u0_started_d;
  wire mac_u1_ap_start;
  wire mac_u1_ap_done;
  wire mac_u1_ap_ready;
  /* verilator lint_off UNUSEDSIGNAL */
  wire mac_u1_ap_idle;  // not needed by the caller
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] mac_u1_ap_return;
  reg [31:0] mac_u1_ret_q;  // call result, loaded at ap_done
  wire [31:0] mac_u1_ret_d;
  reg mac_u1_done_q;  // ap_done seen, state still waiting
  wire mac_u1_done_d;
  reg mac_u1_started_q;  // ap_ready seen
  wire mac_u1_started_d;
  wire st_for_body_0;
  wire st_for_body_1;
  wire st_for_body_2;
  wire st_entry_0;
  wire st_for_end_0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign icmp_ln13 = (n == 8'd0);
  assign zext_ln13 = {8'd0, i_q};
  assign add_ln14 = (zext_ln13 + x);
  assign call_ln14 = mac_u0_ret_q;
  assign trunc_ln15 = call_ln14[15:0];
  assign xor_ln15 = (trunc_ln15 ^ x);
  assign call_ln15 = mac_u1_ret_q;
  assign add_ln13 = (i_q + 8'd1);
  assign icmp_ln13_1 = (add_ln13 < n);
  assign st_for_body_0 = ((state_q == S_FOR_BODY_0) && (mac_u0_ap_done || mac_u0_done_q));
  assign mac_u0_ap_start = ((state_q == S_FOR_BODY_0) && (!(mac_u0_started_q || mac_u0_done_q)));
  assign mac_u0_started_d = (st_for_body_0 ? 1'd0 : (mac_u0_started_q || (mac_u0_ap_start && mac_u0_ap_ready)));
  assign mac_u0_done_d = (st_for_body_0 ? 1'd0 : (mac_u0_done_q || ((state_q == S_FOR_BODY_0) && mac_u0_ap_done)));
  assign mac_u0_ret_d = (((state_q == S_FOR_BODY_0) && mac_u0_ap_done) ? mac_u0_ap_return : mac_u0_ret_q);
  mac mac_u0 (
    .ap_clk(ap_clk),
    .ap_rst(ap_rst),
    .ap_start(mac_u0_ap_start),
    .ap_done(mac_u0_ap_done),
    .ap_idle(mac_u0_ap_idle),
    .ap_ready(mac_u0_ap_ready),
    .acc(acc_q),
    .a(add_ln14),
    .b(y),
    .ap_return(mac_u0_ap_return)
  );
  assign st_for_body_1 = ((state_q == S_FOR_BODY_1) && (mac_u1_ap_done || mac_u1_done_q));
  assign mac_u1_ap_start = ((state_q == S_FOR_BODY_1) && (!(mac_u1_started_q || mac_u1_done_q)));
  assign mac_u1_started_d = (st_for_body_1 ? 1'd0 : (mac_u1_started_q || (mac_u1_ap_start && mac_u1_ap_ready)));
  assign mac_u1_done_d = (st_for_body_1 ? 1'd0 : (mac_u1_done_q || ((state_q == S_FOR_BODY_1) && mac_u1_ap_done)));
  assign mac_u1_ret_d = (((state_q == S_FOR_BODY_1) && mac_u1_ap_done) ? mac_u1_ap_return : mac_u1_ret_q);
  mac mac_u1 (
    .ap_clk(ap_clk),
    .ap_rst(ap_rst),
    .ap_start(mac_u1_ap_start),
    .ap_done(mac_u1_ap_done),
    .ap_idle(mac_u1_ap_idle),
    .ap_ready(mac_u1_ap_ready),
    .acc(call_ln14),
    .a(y),
    .b(xor_ln15),
    .ap_return(mac_u1_ap_return)
  );
  assign st_for_body_2 = (state_q == S_FOR_BODY_2);
  assign st_entry_0 = ((state_q == S_ENTRY_0) && ap_start);
  always @* begin : phi_update
    i_d = i_q;
    if ((st_for_body_2 && icmp_ln13_1)) begin
      i_d = add_ln13;
    end
    if ((st_entry_0 && (!icmp_ln13))) begin
      i_d = 8'd0;
    end
    acc_d = acc_q;
    if ((st_for_body_2 && icmp_ln13_1)) begin
      acc_d = call_ln15;
    end
    if ((st_entry_0 && (!icmp_ln13))) begin
      acc_d = 32'd0;
    end
    acc_1_d = acc_1_q;
    if ((st_entry_0 && icmp_ln13)) begin
      acc_1_d = 32'd0;
    end
    if ((st_for_body_2 && (!icmp_ln13_1))) begin
      acc_1_d = call_ln15;
    end
  end

  assign st_for_end_0 = (state_q == S_FOR_END_0);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          if (icmp_ln13) begin
            state_d = S_FOR_END_0;
          end else begin
            state_d = S_FOR_BODY_0;
          end
        end
      end
      S_FOR_BODY_0: begin
        if (st_for_body_0) begin
          state_d = S_FOR_BODY_1;
        end
      end
      S_FOR_BODY_1: begin
        if (st_for_body_1) begin
          state_d = S_FOR_BODY_2;
        end
      end
      S_FOR_BODY_2: begin
        if (icmp_ln13_1) begin
          state_d = S_FOR_BODY_0;
        end else begin
          state_d = S_FOR_END_0;
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
      mac_u0_done_q <= 1'd0;
      mac_u0_started_q <= 1'd0;
      mac_u1_done_q <= 1'd0;
      mac_u1_started_q <= 1'd0;
    end else begin
      state_q <= state_d;
      mac_u0_done_q <= mac_u0_done_d;
      mac_u0_started_q <= mac_u0_started_d;
      mac_u1_done_q <= mac_u1_done_d;
      mac_u1_started_q <= mac_u1_started_d;
    end
    i_q <= i_d;
    acc_q <= acc_d;
    acc_1_q <= acc_1_d;
    mac_u0_ret_q <= mac_u0_ret_d;
    mac_u1_ret_q <= mac_u1_ret_d;
  end

  assign unused_bits = (&{1'd0, x, y, n});
endmodule

`default_nettype wire
