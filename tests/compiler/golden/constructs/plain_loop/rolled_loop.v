// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module rolled_loop (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire ap_start,
  output wire ap_done,
  output wire ap_idle,
  output wire ap_ready,
  input wire [31:0] n,  // uint32_t
  input wire [31:0] seed,  // uint32_t
  output wire [31:0] ap_return  // uint32_t
);

  localparam [1:0] S_ENTRY_0 = 2'd0;
  localparam [1:0] S_FOR_INC_0 = 2'd1;
  localparam [1:0] S_FOR_END_0 = 2'd2;

  reg [1:0] state_q;  // FSM state
  reg [1:0] state_d;
  reg [31:0] i_q;  // phi
  reg [31:0] i_d;
  reg [31:0] acc_q;  // phi
  reg [31:0] acc_d;
  reg [31:0] acc_1_q;  // phi
  reg [31:0] acc_1_d;
  reg [31:0] n_q;
  wire [31:0] n_d;
  wire st_entry_0;
  wire icmp_ln5;
  wire [31:0] shl_ln7;
  wire [31:0] lshr_ln7;
  wire [31:0] or_ln7;
  wire [31:0] add_ln7;
  wire [31:0] add_ln5;
  wire icmp_ln5_1;
  wire st_for_inc_0;
  wire st_for_end_0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign st_entry_0 = (((state_q == S_ENTRY_0) || (state_q == S_FOR_END_0)) && ap_start);
  assign n_d = (st_entry_0 ? n : n_q);
  assign icmp_ln5 = (n == 32'd0);
  assign shl_ln7 = (acc_q << 32'd1);
  assign lshr_ln7 = (acc_q >> 32'd31);
  assign or_ln7 = (shl_ln7 | lshr_ln7);
  assign add_ln7 = (or_ln7 + i_q);
  assign add_ln5 = (i_q + 32'd1);
  assign icmp_ln5_1 = (add_ln5 < n_q);
  assign st_for_inc_0 = (state_q == S_FOR_INC_0);
  always @* begin : phi_update
    i_d = i_q;
    if ((st_for_inc_0 && icmp_ln5_1)) begin
      i_d = add_ln5;
    end
    if ((st_entry_0 && (!icmp_ln5))) begin
      i_d = 32'd0;
    end
    acc_d = acc_q;
    if ((st_for_inc_0 && icmp_ln5_1)) begin
      acc_d = add_ln7;
    end
    if ((st_entry_0 && (!icmp_ln5))) begin
      acc_d = seed;
    end
    acc_1_d = acc_1_q;
    if ((st_entry_0 && icmp_ln5)) begin
      acc_1_d = seed;
    end
    if ((st_for_inc_0 && (!icmp_ln5_1))) begin
      acc_1_d = add_ln7;
    end
  end

  assign st_for_end_0 = (state_q == S_FOR_END_0);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          if (icmp_ln5) begin
            state_d = S_FOR_END_0;
          end else begin
            state_d = S_FOR_INC_0;
          end
        end
      end
      S_FOR_INC_0: begin
        if (icmp_ln5_1) begin
          state_d = S_FOR_INC_0;
        end else begin
          state_d = S_FOR_END_0;
        end
      end
      S_FOR_END_0: begin
        if (ap_start) begin
          if (icmp_ln5) begin
            state_d = S_FOR_END_0;
          end else begin
            state_d = S_FOR_INC_0;
          end
        end else begin
          state_d = S_ENTRY_0;
        end
      end
      default: begin
      end
    endcase
  end

  assign ap_done = st_for_end_0;
  assign ap_ready = st_entry_0;
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
    n_q <= n_d;
  end

  assign unused_bits = (&{1'd0, n, seed});
endmodule

`default_nettype wire
