// per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog
`timescale 1ns / 1ps
`default_nettype none

module state_ram (
  input wire ap_clk,
  input wire ap_rst,  // synchronous, active high
  input wire ap_start,
  output wire ap_done,
  output wire ap_idle,
  output wire ap_ready,
  input wire [7:0] a,  // uint8_t
  input wire [7:0] b,  // uint8_t
  input wire [31:0] v,  // uint32_t
  output wire [31:0] ap_return  // uint32_t
);

  localparam [3:0] S_ENTRY_0 = 4'd0;
  localparam [3:0] S_ENTRY_1 = 4'd1;
  localparam [3:0] S_ENTRY_2 = 4'd2;
  localparam [3:0] S_IF_THEN_0 = 4'd3;
  localparam [3:0] S_IF_THEN_1 = 4'd4;
  localparam [3:0] S_IF_ELSE_0 = 4'd5;
  localparam [3:0] S_IF_ELSE_1 = 4'd6;
  localparam [3:0] S_IF_END_0 = 4'd7;
  localparam [3:0] S_IF_END_1 = 4'd8;

  reg [3:0] state_q;  // FSM state
  reg [3:0] state_d;
  reg [63:0] idxprom_q;  // phi, line 10
  reg [63:0] idxprom_d;
  reg [63:0] idxprom_1_q;  // phi, line 10
  reg [63:0] idxprom_1_d;
  reg [7:0] b_q;
  wire [7:0] b_d;
  wire st_entry_0;
  reg [31:0] v_q;
  wire [31:0] v_d;
  wire [31:0] zext_ln7;
  reg [31:0] zext_ln7_q;
  wire [31:0] zext_ln7_d;
  wire [31:0] and_ln7;
  wire [3:0] trunc_ln7;
  wire [7:0] T_load;
  reg [7:0] T_load_q;
  wire [7:0] T_load_d;
  wire st_entry_1;
  wire [31:0] zext_ln7_1;
  wire [31:0] zext_ln7_2;
  reg [31:0] zext_ln7_2_q;
  wire [31:0] zext_ln7_2_d;
  wire [31:0] and_ln7_1;
  wire [3:0] trunc_ln7_1;
  wire [7:0] T_load_1;
  wire [31:0] zext_ln7_3;
  wire [31:0] add_ln7;
  wire [31:0] add_ln7_1;
  wire [31:0] and_ln7_2;
  wire [3:0] trunc_ln7_2;
  wire [7:0] T_load_2;
  wire [31:0] zext_ln7_4;
  wire [31:0] add_ln7_2;
  reg [31:0] add_ln7_2_q;
  wire [31:0] add_ln7_2_d;
  wire st_entry_2;
  wire [31:0] and_ln8;
  wire icmp_ln8;
  wire [31:0] and_ln8_1;
  reg [31:0] and_ln8_1_q;
  wire [31:0] and_ln8_1_d;
  wire st_if_then_0;
  wire [63:0] zext_ln8;
  wire [5:0] trunc_ln8;
  reg [5:0] trunc_ln8_q;
  wire [5:0] trunc_ln8_d;
  wire [31:0] state_load;
  wire [31:0] add_ln8;
  wire [31:0] and_ln10;
  wire [63:0] zext_ln10;
  wire [31:0] and_ln9;
  reg [31:0] and_ln9_q;
  wire [31:0] and_ln9_d;
  wire st_if_else_0;
  wire [63:0] zext_ln9;
  wire [5:0] trunc_ln9;
  reg [5:0] trunc_ln9_q;
  wire [5:0] trunc_ln9_d;
  wire [31:0] state_load_1;
  wire [31:0] xor_ln9;
  wire [31:0] and_ln10_1;
  wire [63:0] zext_ln10_1;
  wire [5:0] trunc_ln10;
  wire [31:0] state_load_2;
  wire [31:0] add_ln10;
  wire [5:0] trunc_ln10_1;
  wire [31:0] state_load_3;
  wire [31:0] add_ln10_1;
  reg [3:0] T_address0;
  reg T_ce0;
  reg [7:0] T_q0;
  reg [3:0] T_address1;
  reg T_ce1;
  reg [7:0] T_q1;
  reg [5:0] state_address0;
  reg state_ce0;
  reg [31:0] state_q0;
  reg state_we0;
  reg [31:0] state_d0;
  reg [5:0] state_address1;
  reg state_ce1;
  reg [31:0] state_q1;
  reg state_we1;
  reg [31:0] state_d1;
  wire st_if_else_1;
  wire st_if_then_1;
  reg [7:0] T_mem [0:15];  // rom T[16]
  wire st_if_end_0;
  reg [31:0] state_mem [0:63];  // ram state[64]
  wire st_if_end_1;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_bits;  // sinks input bits and value bits the datapath does not need (e.g. high bits of a wide port)
  /* verilator lint_on UNUSEDSIGNAL */

  assign st_entry_0 = ((state_q == S_ENTRY_0) && ap_start);
  assign b_d = (st_entry_0 ? b : b_q);
  assign v_d = (st_entry_0 ? v : v_q);
  assign zext_ln7_d = (st_entry_0 ? zext_ln7 : zext_ln7_q);
  assign st_entry_1 = (state_q == S_ENTRY_1);
  assign T_load_d = (st_entry_1 ? T_load : T_load_q);
  assign zext_ln7_2_d = (st_entry_1 ? zext_ln7_2 : zext_ln7_2_q);
  assign st_entry_2 = (state_q == S_ENTRY_2);
  assign add_ln7_2_d = (st_entry_2 ? add_ln7_2 : add_ln7_2_q);
  assign st_if_then_0 = (state_q == S_IF_THEN_0);
  assign and_ln8_1_d = (st_if_then_0 ? and_ln8_1 : and_ln8_1_q);
  assign trunc_ln8_d = (st_if_then_0 ? trunc_ln8 : trunc_ln8_q);
  assign st_if_else_0 = (state_q == S_IF_ELSE_0);
  assign and_ln9_d = (st_if_else_0 ? and_ln9 : and_ln9_q);
  assign trunc_ln9_d = (st_if_else_0 ? trunc_ln9 : trunc_ln9_q);
  assign zext_ln7 = {24'd0, a};
  assign and_ln7 = (zext_ln7 & 32'd15);
  assign trunc_ln7 = and_ln7[3:0];
  assign T_load = T_q0;
  assign zext_ln7_1 = {24'd0, T_load_q};
  assign zext_ln7_2 = {24'd0, b_q};
  assign and_ln7_1 = (zext_ln7_2 & 32'd15);
  assign trunc_ln7_1 = and_ln7_1[3:0];
  assign T_load_1 = T_q0;
  assign zext_ln7_3 = {24'd0, T_load_1};
  assign add_ln7 = (zext_ln7_1 + zext_ln7_3);
  assign add_ln7_1 = (zext_ln7_q + zext_ln7_2);
  assign and_ln7_2 = (add_ln7_1 & 32'd15);
  assign trunc_ln7_2 = and_ln7_2[3:0];
  assign T_load_2 = T_q1;
  assign zext_ln7_4 = {24'd0, T_load_2};
  assign add_ln7_2 = (add_ln7 + zext_ln7_4);
  assign and_ln8 = (v_q & 32'd1);
  assign icmp_ln8 = (and_ln8 == 32'd0);
  assign and_ln8_1 = (zext_ln7_q & 32'd63);
  assign zext_ln8 = {32'd0, and_ln8_1_q};
  assign trunc_ln8 = and_ln8_1[5:0];
  assign state_load = state_q0;
  assign add_ln8 = (state_load + v_q);
  assign and_ln10 = (zext_ln7_2_q & 32'd63);
  assign zext_ln10 = {32'd0, and_ln10};
  assign and_ln9 = (zext_ln7_2_q & 32'd63);
  assign zext_ln9 = {32'd0, and_ln9_q};
  assign trunc_ln9 = and_ln9[5:0];
  assign state_load_1 = state_q0;
  assign xor_ln9 = (state_load_1 ^ add_ln7_2_q);
  assign and_ln10_1 = (zext_ln7_q & 32'd63);
  assign zext_ln10_1 = {32'd0, and_ln10_1};
  assign trunc_ln10 = idxprom_1_q[5:0];
  assign state_load_2 = state_q0;
  assign add_ln10 = (add_ln7_2_q + state_load_2);
  assign trunc_ln10_1 = idxprom_q[5:0];
  assign state_load_3 = state_q1;
  assign add_ln10_1 = (add_ln10 + state_load_3);
  assign st_if_else_1 = (state_q == S_IF_ELSE_1);
  assign st_if_then_1 = (state_q == S_IF_THEN_1);
  always @* begin : phi_update
    idxprom_d = idxprom_q;
    if (st_if_else_1) begin
      idxprom_d = zext_ln9;
    end
    if (st_if_then_1) begin
      idxprom_d = zext_ln10;
    end
    idxprom_1_d = idxprom_1_q;
    if (st_if_else_1) begin
      idxprom_1_d = zext_ln10_1;
    end
    if (st_if_then_1) begin
      idxprom_1_d = zext_ln8;
    end
  end

  always @* begin : T_ports
    T_address0 = 4'd0;
    T_ce0 = 1'd0;
    T_address1 = 4'd0;
    T_ce1 = 1'd0;
    if (st_entry_0) begin
      T_address0 = trunc_ln7;
      T_ce0 = 1'd1;
    end
    if (st_entry_1) begin
      T_address0 = trunc_ln7_1;
      T_ce0 = 1'd1;
    end
    if (st_entry_1) begin
      T_address1 = trunc_ln7_2;
      T_ce1 = 1'd1;
    end
  end

  // initial contents of T
  initial begin
    T_mem[0] = 8'd3;
    T_mem[1] = 8'd1;
    T_mem[2] = 8'd4;
    T_mem[3] = 8'd1;
    T_mem[4] = 8'd5;
    T_mem[5] = 8'd9;
    T_mem[6] = 8'd2;
    T_mem[7] = 8'd6;
    T_mem[8] = 8'd5;
    T_mem[9] = 8'd3;
    T_mem[10] = 8'd5;
    T_mem[11] = 8'd8;
    T_mem[12] = 8'd9;
    T_mem[13] = 8'd7;
    T_mem[14] = 8'd9;
    T_mem[15] = 8'd3;
  end
  always @(posedge ap_clk) begin : T_memory
    if (T_ce0) begin
      T_q0 <= T_mem[T_address0];
    end
    if (T_ce1) begin
      T_q1 <= T_mem[T_address1];
    end
  end

  assign st_if_end_0 = (state_q == S_IF_END_0);
  always @* begin : state_ports
    state_address0 = 6'd0;
    state_ce0 = 1'd0;
    state_we0 = 1'd0;
    state_d0 = 32'd0;
    state_address1 = 6'd0;
    state_ce1 = 1'd0;
    state_we1 = 1'd0;
    state_d1 = 32'd0;
    if (st_if_then_0) begin
      state_address0 = trunc_ln8;
      state_ce0 = 1'd1;
    end
    if (st_if_then_1) begin
      state_address0 = trunc_ln8_q;
      state_ce0 = 1'd1;
      state_we0 = 1'd1;
      state_d0 = add_ln8;
    end
    if (st_if_else_0) begin
      state_address0 = trunc_ln9;
      state_ce0 = 1'd1;
    end
    if (st_if_else_1) begin
      state_address0 = trunc_ln9_q;
      state_ce0 = 1'd1;
      state_we0 = 1'd1;
      state_d0 = xor_ln9;
    end
    if (st_if_end_0) begin
      state_address0 = trunc_ln10;
      state_ce0 = 1'd1;
    end
    if (st_if_end_0) begin
      state_address1 = trunc_ln10_1;
      state_ce1 = 1'd1;
    end
  end

  // initial contents of state
  initial begin
    state_mem[0] = 32'd1;
    state_mem[1] = 32'd2;
    state_mem[2] = 32'd3;
    state_mem[3] = 32'd0;
    state_mem[4] = 32'd0;
    state_mem[5] = 32'd0;
    state_mem[6] = 32'd0;
    state_mem[7] = 32'd0;
    state_mem[8] = 32'd0;
    state_mem[9] = 32'd0;
    state_mem[10] = 32'd0;
    state_mem[11] = 32'd0;
    state_mem[12] = 32'd0;
    state_mem[13] = 32'd0;
    state_mem[14] = 32'd0;
    state_mem[15] = 32'd0;
    state_mem[16] = 32'd0;
    state_mem[17] = 32'd0;
    state_mem[18] = 32'd0;
    state_mem[19] = 32'd0;
    state_mem[20] = 32'd0;
    state_mem[21] = 32'd0;
    state_mem[22] = 32'd0;
    state_mem[23] = 32'd0;
    state_mem[24] = 32'd0;
    state_mem[25] = 32'd0;
    state_mem[26] = 32'd0;
    state_mem[27] = 32'd0;
    state_mem[28] = 32'd0;
    state_mem[29] = 32'd0;
    state_mem[30] = 32'd0;
    state_mem[31] = 32'd0;
    state_mem[32] = 32'd0;
    state_mem[33] = 32'd0;
    state_mem[34] = 32'd0;
    state_mem[35] = 32'd0;
    state_mem[36] = 32'd0;
    state_mem[37] = 32'd0;
    state_mem[38] = 32'd0;
    state_mem[39] = 32'd0;
    state_mem[40] = 32'd0;
    state_mem[41] = 32'd0;
    state_mem[42] = 32'd0;
    state_mem[43] = 32'd0;
    state_mem[44] = 32'd0;
    state_mem[45] = 32'd0;
    state_mem[46] = 32'd0;
    state_mem[47] = 32'd0;
    state_mem[48] = 32'd0;
    state_mem[49] = 32'd0;
    state_mem[50] = 32'd0;
    state_mem[51] = 32'd0;
    state_mem[52] = 32'd0;
    state_mem[53] = 32'd0;
    state_mem[54] = 32'd0;
    state_mem[55] = 32'd0;
    state_mem[56] = 32'd0;
    state_mem[57] = 32'd0;
    state_mem[58] = 32'd0;
    state_mem[59] = 32'd0;
    state_mem[60] = 32'd0;
    state_mem[61] = 32'd0;
    state_mem[62] = 32'd0;
    state_mem[63] = 32'd0;
  end
  always @(posedge ap_clk) begin : state_memory
    if (state_ce0) begin
      if (state_we0) begin
        state_mem[state_address0] <= state_d0;
      end
      state_q0 <= state_mem[state_address0];
    end
    if (state_ce1) begin
      if (state_we1) begin
        state_mem[state_address1] <= state_d1;
      end
      state_q1 <= state_mem[state_address1];
    end
  end

  assign st_if_end_1 = (state_q == S_IF_END_1);
  always @* begin : next_state
    state_d = state_q;
    case (state_q)
      S_ENTRY_0: begin
        if (st_entry_0) begin
          state_d = S_ENTRY_1;
        end
      end
      S_ENTRY_1: begin
        state_d = S_ENTRY_2;
      end
      S_ENTRY_2: begin
        if (icmp_ln8) begin
          state_d = S_IF_ELSE_0;
        end else begin
          state_d = S_IF_THEN_0;
        end
      end
      S_IF_THEN_0: begin
        state_d = S_IF_THEN_1;
      end
      S_IF_THEN_1: begin
        state_d = S_IF_END_0;
      end
      S_IF_ELSE_0: begin
        state_d = S_IF_ELSE_1;
      end
      S_IF_ELSE_1: begin
        state_d = S_IF_END_0;
      end
      S_IF_END_0: begin
        state_d = S_IF_END_1;
      end
      S_IF_END_1: begin
        state_d = S_ENTRY_0;
      end
      default: begin
      end
    endcase
  end

  assign ap_done = st_if_end_1;
  assign ap_ready = st_entry_0;
  assign ap_idle = ((state_q == S_ENTRY_0) && (!ap_start));
  assign ap_return = add_ln10_1;
  always @(posedge ap_clk) begin : reg_update
    if (ap_rst) begin
      state_q <= S_ENTRY_0;
    end else begin
      state_q <= state_d;
    end
    idxprom_q <= idxprom_d;
    idxprom_1_q <= idxprom_1_d;
    b_q <= b_d;
    v_q <= v_d;
    zext_ln7_q <= zext_ln7_d;
    T_load_q <= T_load_d;
    zext_ln7_2_q <= zext_ln7_2_d;
    add_ln7_2_q <= add_ln7_2_d;
    and_ln8_1_q <= and_ln8_1_d;
    trunc_ln8_q <= trunc_ln8_d;
    and_ln9_q <= and_ln9_d;
    trunc_ln9_q <= trunc_ln9_d;
  end

  assign unused_bits = (&{1'd0, a, b, v, and_ln7, and_ln7_1, and_ln7_2});
endmodule

`default_nettype wire
