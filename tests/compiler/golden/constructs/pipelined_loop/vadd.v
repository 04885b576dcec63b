// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module vadd (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire ap_start,
  output wire ap_done,
  output wire ap_idle,
  output wire ap_ready,
  output reg [5:0] a_address0,  // uint32_t[64]
  output reg a_ce0,
  input wire [31:0] a_q0,
  output reg [5:0] b_address0,  // uint32_t[64]
  output reg b_ce0,
  input wire [31:0] b_q0,
  output reg [5:0] c_address0,  // uint32_t[64]
  output reg c_ce0,
  output reg c_we0,
  output reg [31:0] c_d0
);

  localparam [1:0] S_ENTRY_0 = 2'd0;
  localparam [1:0] S_FOR_BODY_0 = 2'd1;
  localparam [1:0] S_FOR_END_0 = 2'd2;

  reg [1:0] state_q;  // FSM state
  reg [1:0] state_d;
  reg for_body_stage0_valid_q;  // pipeline stage 0 of VITIS_LOOP_5_1 holds an iteration
  wire for_body_stage0_valid_d;
  reg for_body_stage1_valid_q;  // pipeline stage 1 of VITIS_LOOP_5_1 holds an iteration
  wire for_body_stage1_valid_d;
  reg [6:0] i_q;  // phi
  reg [6:0] i_d;
  wire [5:0] trunc_ln7;
  wire [31:0] a_load;
  wire [31:0] b_load;
  wire [31:0] add_ln7;
  wire [6:0] add_ln5;
  wire icmp_ln5;
  wire st_entry_0;
  wire st_for_body_0;
  reg [5:0] trunc_ln7_s0_q;  // pipeline copy 0 of trunc_ln7
  wire [5:0] trunc_ln7_s0_d;
  wire st_for_body_1;
  wire st_for_end_0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign trunc_ln7 = i_q[5:0];
  assign a_load = a_q0;
  assign b_load = b_q0;
  assign add_ln7 = (a_load + b_load);
  assign add_ln5 = (i_q + 7'd1);
  assign icmp_ln5 = (i_q < 7'd63);
  assign st_entry_0 = ((state_q == S_ENTRY_0) && ap_start);
  assign st_for_body_0 = ((state_q == S_FOR_BODY_0) && for_body_stage0_valid_q);
  always @* begin : phi_update
    i_d = i_q;
    if (st_entry_0) begin
      i_d = 7'd0;
    end
    if (st_for_body_0) begin
      i_d = add_ln5;
    end
  end

  always @* begin : a_port
    a_address0 = 6'd0;
    a_ce0 = 1'd0;
    if (st_for_body_0) begin
      a_address0 = trunc_ln7;
      a_ce0 = 1'd1;
    end
  end

  always @* begin : b_port
    b_address0 = 6'd0;
    b_ce0 = 1'd0;
    if (st_for_body_0) begin
      b_address0 = trunc_ln7;
      b_ce0 = 1'd1;
    end
  end

  assign trunc_ln7_s0_d = (st_for_body_0 ? trunc_ln7 : trunc_ln7_s0_q);
  assign st_for_body_1 = ((state_q == S_FOR_BODY_0) && for_body_stage1_valid_q);
  always @* begin : c_port
    c_address0 = 6'd0;
    c_ce0 = 1'd0;
    c_we0 = 1'd0;
    c_d0 = 32'd0;
    if (st_for_body_1) begin
      c_address0 = trunc_ln7_s0_q;
      c_ce0 = 1'd1;
      c_we0 = 1'd1;
      c_d0 = add_ln7;
    end
  end

  assign st_for_end_0 = (state_q == S_FOR_END_0);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          state_d = S_FOR_BODY_0;
        end
      end
      S_FOR_BODY_0: begin
        if ((((state_q == S_FOR_BODY_0) && for_body_stage1_valid_q) && (!for_body_stage0_valid_q))) begin
          state_d = S_FOR_END_0;
        end else begin
          state_d = S_FOR_BODY_0;
        end
      end
      S_FOR_END_0: begin
        state_d = S_ENTRY_0;
      end
      default: begin
      end
    endcase
  end

  assign for_body_stage0_valid_d = (st_entry_0 ? 1'd1 : ((((state_q == S_FOR_BODY_0) && for_body_stage1_valid_q) && (!for_body_stage0_valid_q)) ? 1'd0 : ((state_q == S_FOR_BODY_0) ? (for_body_stage0_valid_q && icmp_ln5) : for_body_stage0_valid_q)));
  assign for_body_stage1_valid_d = ((((state_q == S_FOR_BODY_0) && for_body_stage1_valid_q) && (!for_body_stage0_valid_q)) ? 1'd0 : ((state_q == S_FOR_BODY_0) ? for_body_stage0_valid_q : for_body_stage1_valid_q));
  assign ap_done = st_for_end_0;
  assign ap_ready = st_for_end_0;
  assign ap_idle = ((state_q == S_ENTRY_0) && (!ap_start));
  always @(posedge ap_clk) begin : reg_update
    if (ap_rst) begin
      state_q <= S_ENTRY_0;
      for_body_stage0_valid_q <= 1'd0;
      for_body_stage1_valid_q <= 1'd0;
    end else begin
      state_q <= state_d;
      for_body_stage0_valid_q <= for_body_stage0_valid_d;
      for_body_stage1_valid_q <= for_body_stage1_valid_d;
    end
    i_q <= i_d;
    trunc_ln7_s0_q <= trunc_ln7_s0_d;
  end

  assign unused_bits = (&{1'd0, a_q0, b_q0});
endmodule

`default_nettype wire
