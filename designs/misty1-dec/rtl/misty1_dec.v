// misty1_dec: basic iterative MISTY1 decryption (RFC 2994), one round pair per cycle.
// The encryption rounds backwards, two FO/FLINV rounds per clock, 4 cycles for the 8 rounds;
// the inverse of the final FL layer is part of the first cycle. The key is sampled with each
// block and expanded (the same EK as encryption, 8 FI functions) in the accepting cycle.
// Latency 5, interval 4: block i+1 is accepted in the cycle of the last round pair of block i.
// Timing table and ports: designs/misty1-dec/docs.md.
`default_nettype none

module misty1_dec (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [63:0]  in_data_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [63:0]  out_data_o
);

  localparam [2:0] PAIR_IDLE = 3'd0;    // no block in the state register
  localparam [2:0] PAIR_LAST = 3'd4;

  reg  [63:0]  state_q, state_d;        // D0 || D1 before decryption pair pair_q
  reg  [255:0] ek_q, ek_d;              // expanded key EK[0..15] of the block inside
  reg  [2:0]   pair_q, pair_d;          // round pair computed in this cycle (1..4); 0 = idle
  reg  [63:0]  out_q, out_d;
  reg          out_valid_q, out_valid_d;

  wire [255:0] ek_in;
  wire [1:0]   pair_index;
  wire [63:0]  pair_out;
  wire         out_free;
  wire         last_go;
  wire         accept;

  misty1_key_schedule u_key_schedule (.key_i(key_i), .ek_o(ek_in));

  assign pair_index = ~(pair_q[1:0] - 2'd1);  // pair_q 1..4 -> p 3..0
  misty1_dec_pair u_pair (
    .state_i(state_q), .ek_i(ek_q), .pair_i(pair_index), .first_i(pair_q == 3'd1),
    .state_o(pair_out)
  );

  // The last pair may only finish into a free output register; a new block enters in that cycle.
  assign out_free = ~out_valid_q | out_ready_i;
  assign last_go = (pair_q == PAIR_LAST) & out_free;
  assign in_ready_o = (pair_q == PAIR_IDLE) | last_go;
  assign accept = in_valid_i & in_ready_o;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;

  always @* begin : next_state
    state_d = state_q;
    ek_d = ek_q;
    pair_d = pair_q;
    out_d = out_q;
    out_valid_d = out_valid_q & ~out_ready_i;
    if (pair_q != PAIR_IDLE && pair_q != PAIR_LAST) begin
      state_d = pair_out;
      pair_d = pair_q + 3'd1;
    end
    if (last_go) begin
      out_d = pair_out;
      out_valid_d = 1'b1;
      pair_d = PAIR_IDLE;
    end
    if (accept) begin
      state_d = {in_data_i[31:0], in_data_i[63:32]};  // ciphertext D1 || D0 -> D0 || D1
      ek_d = ek_in;
      pair_d = 3'd1;
    end
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      pair_q <= PAIR_IDLE;
      out_valid_q <= 1'b0;
    end else begin
      pair_q <= pair_d;
      out_valid_q <= out_valid_d;
    end
    state_q <= state_d;
    ek_q <= ek_d;
    out_q <= out_d;
  end

endmodule

`default_nettype wire
