// aes128_enc_sbox1: AES-128 encryption core, S-box Type 1 of seed 003: ONE S-box table with two
// synchronous read ports (aes_sbox_rom2p) serves all 20 look-ups of a round (16 state bytes, 4 bytes
// of the key word w3). A round takes 11 cycles: in step 0..9 two look-ups are addressed, their bytes
// arrive one cycle later; in step 10 the last two arrive and the round (ShiftRows, MixColumns,
// AddRoundKey, key step) is computed into the registers. Ports and handshake as
// designs/aes128-ecb-enc/rtl (docs.md there); latency 111, interval 110 (the next block is
// accepted in the last cycle of round 10, as in that core).
`default_nettype none

module aes128_enc_sbox1 (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o
);

  localparam [3:0] ROUND_IDLE = 4'd0;
  localparam [3:0] ROUND_LAST = 4'd10;
  localparam [3:0] STEP_LAST = 4'd10;

  reg  [127:0] state_q, state_d;        // state before round round_q
  reg  [127:0] key_q, key_d;            // round key round_q-1
  reg  [3:0]   round_q, round_d;        // round in progress; 0 = idle
  reg  [3:0]   step_q, step_d;          // cycle within the round
  reg  [143:0] sub_q, sub_d;            // substituted bytes 0..17 of {state, w3}
  reg  [127:0] out_q, out_d;
  reg          out_valid_q, out_valid_d;

  wire [159:0] lookups = {state_q, key_q[31:0]};   // byte j at [159 - 8j -: 8]
  // bytes first, first + 1 are addressed in this step; step 10 keeps 18, 19 so that s0/s1 hold while
  // round 10 waits for the output register
  wire [4:0]   first = (step_q >= 4'd9) ? 5'd18 : {step_q, 1'b0};
  wire [7:0]   s0;
  wire [7:0]   s1;
  wire [159:0] subbed = {sub_q, s0, s1};           // complete in step 10
  wire [7:0]   rcon;
  wire [31:0]  temp;
  wire [127:0] round_key;
  wire [127:0] round_out;
  wire         round_done = (round_q != ROUND_IDLE) & (step_q == STEP_LAST);
  wire         out_free = ~out_valid_q | out_ready_i;
  wire         last_go = round_done & (round_q == ROUND_LAST) & out_free;
  wire         accept;

  aes_sbox_rom2p u_sbox (
    .clk_i(clk_i), .a0_i(lookups[159 - 8*first -: 8]), .a1_i(lookups[151 - 8*first -: 8]),
    .s0_o(s0), .s1_o(s1)
  );
  aes_rcon u_rcon (.round_i(round_q), .rcon_o(rcon));

  // Key step (FIPS-197 5.2) with SubWord(w3) from the shared table: bytes 16..19 of subbed.
  assign temp = {subbed[23:0], subbed[31:24]} ^ {rcon, 24'h000000};
  assign round_key[127:96] = key_q[127:96] ^ temp;
  assign round_key[95:64] = key_q[95:64] ^ round_key[127:96];
  assign round_key[63:32] = key_q[63:32] ^ round_key[95:64];
  assign round_key[31:0] = key_q[31:0] ^ round_key[63:32];

  aes_shift_mix u_round (
    .subbed_i(subbed[159:32]), .round_key_i(round_key), .final_i(round_q == ROUND_LAST), .state_o(round_out)
  );

  assign in_ready_o = (round_q == ROUND_IDLE) | last_go;
  assign accept = in_valid_i & in_ready_o;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;

  always @* begin : next_state
    state_d = state_q;
    key_d = key_q;
    round_d = round_q;
    step_d = step_q;
    sub_d = sub_q;
    out_d = out_q;
    out_valid_d = out_valid_q & ~out_ready_i;
    if (round_q != ROUND_IDLE && step_q != STEP_LAST) begin
      step_d = step_q + 4'd1;
      if (step_q != 4'd0)                            // the pair addressed in step_q - 1 arrived
        sub_d = {sub_q[127:0], s0, s1};
    end
    if (round_done && round_q != ROUND_LAST) begin
      state_d = round_out;
      key_d = round_key;
      round_d = round_q + 4'd1;
      step_d = 4'd0;
    end
    if (last_go) begin
      out_d = round_out;
      out_valid_d = 1'b1;
      round_d = ROUND_IDLE;
      step_d = 4'd0;
    end
    if (accept) begin
      state_d = in_data_i ^ key_i;       // initial AddRoundKey (round key 0)
      key_d = key_i;
      round_d = 4'd1;
      step_d = 4'd0;
    end
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      round_q <= ROUND_IDLE;
      step_q <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      round_q <= round_d;
      step_q <= step_d;
      out_valid_q <= out_valid_d;
    end
    state_q <= state_d;
    key_q <= key_d;
    sub_q <= sub_d;
    out_q <= out_d;
  end

endmodule

`default_nettype wire
