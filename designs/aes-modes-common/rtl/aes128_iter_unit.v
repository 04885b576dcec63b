// aes128_iter_unit: basic iterative AES-128, one round per clock cycle, round keys on the fly, for
// the block-cipher modes (OCB3, AES-OTR). Forward: the block is loaded as block ^ K and the key
// schedule walks up from K; inverse (INVERSE = 1 and inv_i): loaded as block ^ K10 and the
// schedule walks down from K10 (aes_key_step_inv), so no schedule is stored. rk_o is the next
// round key: in the last forward round it is K10, which a mode keeps once per key for decryption.
//
// start_i loads a block into round 1 (allowed in any cycle, also the last round of the previous
// block: back-to-back blocks every 10 cycles). Round 10's result is out_o while last_o is high; it
// stays there (the unit holds) until take_i, so a consumer that is not ready stalls the unit.
`default_nettype none

module aes128_iter_unit #(
  parameter INVERSE = 1       // 0: encryption only (no inverse S-boxes are built)
) (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire         start_i,
  input  wire         inv_i,            // with start_i: run the inverse cipher (INVERSE = 1 only)
  input  wire [127:0] block_i,          // with start_i
  input  wire [127:0] key_i,            // with start_i: K (forward) or K10 (inverse)
  input  wire         take_i,           // the consumer takes out_o (with last_o)
  output wire         busy_o,
  output wire         last_o,
  output wire [127:0] out_o,
  output wire [127:0] rk_o
);

  localparam [3:0] LAST_ROUND = 4'd10;

  reg         busy_q;
  reg         inv_q;
  reg [3:0]   rnd_q;                    // round computed in this cycle (1 ... 10)
  reg [127:0] state_q;
  reg [127:0] rk_q;                     // round key rnd_q - 1 (forward) or 11 - rnd_q (inverse)
  // Power-up 0: Yosys's memory_dff leaves state_q and rk_q before the S-box ROMs (aes-common/docs.md)
  initial begin
    state_q = 128'd0;
    rk_q    = 128'd0;
  end

  wire         is_last = (rnd_q == LAST_ROUND);
  wire [7:0]   rcon;
  wire [127:0] rk_up;
  wire [127:0] enc_out;

  // forward: Rcon[rnd]; backward from round key 11 - rnd to 10 - rnd: Rcon[11 - rnd]
  aes_rcon      u_rcon  (.round_i(inv_q ? 4'd11 - rnd_q : rnd_q), .rcon_o(rcon));
  aes_key_step  u_kstep (.key_i(rk_q), .rcon_i(rcon), .key_o(rk_up));
  aes_enc_round u_enc   (.state_i(state_q), .round_key_i(rk_up), .final_i(is_last), .state_o(enc_out));

  generate
    if (INVERSE) begin : g_inverse
      wire [127:0] rk_down;
      wire [127:0] dec_out;
      aes_key_step_inv u_kstep_inv (.key_i(rk_q), .rcon_i(rcon), .key_o(rk_down));
      aes_dec_round    u_dec (.state_i(state_q), .round_key_i(rk_down), .final_i(is_last), .state_o(dec_out));
      assign out_o = inv_q ? dec_out : enc_out;
      assign rk_o  = inv_q ? rk_down : rk_up;
    end else begin : g_forward
      assign out_o = enc_out;
      assign rk_o  = rk_up;
    end
  endgenerate

  assign busy_o = busy_q;
  assign last_o = busy_q && is_last;

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      busy_q  <= 1'b0;
      inv_q   <= 1'b0;
      rnd_q   <= 4'd0;
      state_q <= 128'd0;
      rk_q    <= 128'd0;
    end else if (start_i) begin
      busy_q  <= 1'b1;
      inv_q   <= INVERSE && inv_i;
      rnd_q   <= 4'd1;
      state_q <= block_i ^ key_i;
      rk_q    <= key_i;
    end else if (busy_q && !is_last) begin
      rnd_q   <= rnd_q + 4'd1;
      state_q <= out_o;
      rk_q    <= rk_o;
    end else if (busy_q && take_i) begin
      busy_q  <= 1'b0;
    end
  end

endmodule

`default_nettype wire
