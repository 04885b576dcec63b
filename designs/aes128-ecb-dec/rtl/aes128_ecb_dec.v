// aes128_ecb_dec: basic iterative AES-128 decryption (inverse cipher, one round per cycle).
// A key load runs the forward key expansion once (10 cycles) and keeps the last round key;
// each block then walks the key schedule backwards on the fly from it. 16 inverse S-boxes for
// the state, 4 S-boxes shared by the forward expansion and the reverse schedule.
// Latency 11, interval 10. Timing table and ports: designs/aes128-ecb-dec/docs.md.
`default_nettype none

module aes128_ecb_dec (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o
);

  localparam [3:0] ROUND_IDLE = 4'd0;   // no block in the state register
  localparam [3:0] EXPAND_IDLE = 4'd0;  // no key expansion running
  localparam [3:0] EXPAND_LAST = 4'd10;

  reg  [127:0] last_key_q, last_key_d;  // round key 10 (during expansion: round key expand_q-1)
  reg  [3:0]   expand_q, expand_d;      // expansion step computed in this cycle; 0 = none
  reg          key_loaded_q, key_loaded_d;
  reg  [127:0] state_q, state_d;        // state before decryption round round
  reg  [127:0] key_q, key_d;            // round key 11-round
  reg  [127:0] out_q, out_d;
  // Power-up 0: Yosys's memory_dff leaves state_q before the S-box ROMs (aes-common/docs.md)
  initial state_q = 128'd0;

  wire         expanding;
  wire [3:0]   rcon_index;
  wire [7:0]   rcon;
  wire [31:0]  sub_in;
  wire [31:0]  sub_out;
  wire [31:0]  temp;
  wire [127:0] key_forward;             // next round key (expansion)
  wire [127:0] key_backward;            // previous round key (decryption rounds)
  wire [127:0] round_out;
  wire [3:0]   round;                   // decryption round computed in this cycle; 0 = idle
  wire         run;                     // rounds 1-9: the state register takes the round
  wire         last;                    // round 10
  wire         last_go;                 // round 10 into a free output register
  wire         accept;
  wire         in_enable;
  wire         key_accept;

  assign expanding = (expand_q != EXPAND_IDLE);

  // One SubWord serves both directions: w3 of the current key going forward, and
  // w3 of the previous key (= n3 ^ n2 of the current one) going backward.
  assign rcon_index = expanding ? expand_q : (4'd11 - round);
  assign sub_in = expanding ? last_key_q[31:0] : (key_q[31:0] ^ key_q[63:32]);
  aes_rcon u_rcon (.round_i(rcon_index), .rcon_o(rcon));
  aes_sub_word u_sub_word (.word_i(sub_in), .word_o(sub_out));
  assign temp = {sub_out[23:0], sub_out[31:24]} ^ {rcon, 24'h000000};

  assign key_forward[127:96] = last_key_q[127:96] ^ temp;
  assign key_forward[95:64] = last_key_q[95:64] ^ key_forward[127:96];
  assign key_forward[63:32] = last_key_q[63:32] ^ key_forward[95:64];
  assign key_forward[31:0] = last_key_q[31:0] ^ key_forward[63:32];

  assign key_backward[127:96] = key_q[127:96] ^ temp;
  assign key_backward[95:64] = key_q[95:64] ^ key_q[127:96];
  assign key_backward[63:32] = key_q[63:32] ^ key_q[95:64];
  assign key_backward[31:0] = key_q[31:0] ^ key_q[63:32];

  aes_dec_round u_round (
    .state_i(state_q), .round_key_i(key_backward), .final_i(last),
    .state_o(round_out)
  );

  // A key load waits until no block is inside; a pending key load holds off new blocks.
  // Round 10 may only finish into a free output register; a new block enters in that same cycle.
  assign in_enable = key_loaded_q & ~expanding & ~key_valid_i;
  aes_iter_ctrl #(.WIDTH(4), .LAST(4'd10)) u_ctrl (
    .clk_i(clk_i), .rst_i(rst_i), .in_enable_i(in_enable), .in_valid_i(in_valid_i),
    .in_ready_o(in_ready_o), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
    .step_o(round), .run_o(run), .last_o(last), .done_o(last_go), .accept_o(accept)
  );

  assign key_ready_o = ~expanding & (round == ROUND_IDLE);
  assign key_accept = key_valid_i & key_ready_o;
  assign out_data_o = out_q;

  always @* begin : next_key
    last_key_d = last_key_q;
    expand_d = expand_q;
    key_loaded_d = key_loaded_q;
    if (key_accept) begin
      last_key_d = key_i;
      expand_d = 4'd1;
      key_loaded_d = 1'b0;
    end else if (expanding) begin
      last_key_d = key_forward;
      if (expand_q == EXPAND_LAST) begin
        expand_d = EXPAND_IDLE;
        key_loaded_d = 1'b1;
      end else begin
        expand_d = expand_q + 4'd1;
      end
    end
  end

  always @* begin : next_state
    state_d = state_q;
    key_d = key_q;
    out_d = out_q;
    if (run) begin
      state_d = round_out;
      key_d = key_backward;
    end
    if (last_go) begin
      out_d = round_out;
    end
    if (accept) begin
      state_d = in_data_i ^ last_key_q;  // initial AddRoundKey (round key 10)
      key_d = last_key_q;
    end
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      expand_q <= EXPAND_IDLE;
      key_loaded_q <= 1'b0;
    end else begin
      expand_q <= expand_d;
      key_loaded_q <= key_loaded_d;
    end
    last_key_q <= last_key_d;
    state_q <= state_d;
    key_q <= key_d;
    out_q <= out_d;
  end

endmodule

`default_nettype wire
