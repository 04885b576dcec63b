// aes128_ctr_pipe: AES-128 in counter mode (SP 800-38A), fully pipelined: one block per clock.
// Counter block = IV (96 bits) || counter (32 bits, +1 mod 2^32 per block); output =
// E(key, counter block) XOR message block. Ports and start handshake as designs/aes128-ctr.
// Ten registered round stages; the key schedule is unrolled beside them and pipelined with the
// data (stage k carries round key k, stage k+1 computes round key k+1 next to round k+1), so the
// key is sampled with every accepted block and may change between messages without a drain.
// Back-pressure: the whole pipeline, output register included, advances only when the output
// register is empty or drains in the same cycle (a global enable; a stall freezes every stage).
// Data registers load only with a valid block, so out_data_o never shows a keystream.
// Latency 11, interval 1. Ports and timing: designs/aes128-ctr-pipe/docs.md.
`default_nettype none

module aes128_ctr_pipe (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,          // sampled with every accepted block
  input  wire         start_valid_i,  // load iv_i / ctr_i for the next message
  output wire         start_ready_o,
  input  wire [95:0]  iv_i,
  input  wire [31:0]  ctr_i,
  input  wire         in_valid_i,     // message block (plaintext or ciphertext)
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  output wire         out_valid_o,    // message XOR keystream
  input  wire         out_ready_i,
  output wire [127:0] out_data_o
);

  localparam integer STAGES = 10;     // stage k (0..9) holds the state after round k
  localparam integer W = 128;

  reg  [95:0]         iv_q, iv_d;
  reg  [31:0]         ctr_q, ctr_d;
  reg                 loaded_q, loaded_d;   // an IV/counter has been loaded since reset
  reg  [STAGES-1:0]   valid_q, valid_d;     // stage k holds a block
  reg  [STAGES*W-1:0] state_q, state_d;     // stage k: bits [W*k +: W]
  reg  [STAGES*W-1:0] rkey_q, rkey_d;       // round key k of the block in stage k
  reg  [STAGES*W-1:0] msg_q, msg_d;         // message block of the block in stage k
  reg                 out_valid_q, out_valid_d;
  reg  [127:0]        out_q, out_d;

  wire [STAGES*W-1:0] round_state;          // bits [W*k +: W]: round k+1 of stage k's block
  wire [STAGES*W-1:0] round_key;            // bits [W*k +: W]: round key k+1
  wire                advance;
  wire                accept;

  // A start has priority over a message block in the same cycle (the block then waits).
  assign start_ready_o = 1'b1;
  assign advance = ~out_valid_q | out_ready_i;
  assign in_ready_o = loaded_q & ~start_valid_i & advance;
  assign accept = in_valid_i & in_ready_o;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;

  genvar k;
  generate
    for (k = 0; k < STAGES; k = k + 1) begin : g_stage
      wire [7:0] rcon;
      aes_rcon u_rcon (.round_i(k[3:0] + 4'd1), .rcon_o(rcon));
      aes_key_step u_key_step (
        .key_i(rkey_q[W*k +: W]), .rcon_i(rcon), .key_o(round_key[W*k +: W])
      );
      aes_enc_round u_round (
        .state_i(state_q[W*k +: W]), .round_key_i(round_key[W*k +: W]),
        .final_i(k == STAGES - 1 ? 1'b1 : 1'b0), .state_o(round_state[W*k +: W])
      );
    end
  endgenerate

  always @* begin : next_counter
    iv_d = iv_q;
    ctr_d = ctr_q;
    loaded_d = loaded_q;
    if (start_valid_i) begin
      iv_d = iv_i;
      ctr_d = ctr_i;
      loaded_d = 1'b1;
    end else if (accept) begin
      ctr_d = ctr_q + 32'd1;             // wraps modulo 2^32
    end
  end

  // Stage 0 takes the accepted block (initial AddRoundKey on its counter block); stage k+1 takes
  // round k+1 of stage k; the output register takes round 10 XOR the message. Data registers load
  // only with a block (a bubble leaves them as they are), so out_data_o only ever shows results.
  always @* begin : next_pipeline
    integer i;
    valid_d = valid_q;
    state_d = state_q;
    rkey_d = rkey_q;
    msg_d = msg_q;
    out_valid_d = out_valid_q;
    out_d = out_q;
    if (advance) begin
      valid_d = {valid_q[STAGES-2:0], accept};
      out_valid_d = valid_q[STAGES-1];
      if (accept) begin
        state_d[W-1:0] = {iv_q, ctr_q} ^ key_i;
        rkey_d[W-1:0] = key_i;
        msg_d[W-1:0] = in_data_i;
      end
      for (i = 1; i < STAGES; i = i + 1) begin
        if (valid_q[i-1]) begin
          state_d[W*i +: W] = round_state[W*(i-1) +: W];
          rkey_d[W*i +: W] = round_key[W*(i-1) +: W];
          msg_d[W*i +: W] = msg_q[W*(i-1) +: W];
        end
      end
      if (valid_q[STAGES-1]) begin
        out_d = round_state[STAGES*W-1 -: W] ^ msg_q[STAGES*W-1 -: W];
      end
    end
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      loaded_q <= 1'b0;
      valid_q <= {STAGES{1'b0}};
      out_valid_q <= 1'b0;
    end else begin
      loaded_q <= loaded_d;
      valid_q <= valid_d;
      out_valid_q <= out_valid_d;
    end
    iv_q <= iv_d;
    ctr_q <= ctr_d;
    state_q <= state_d;
    rkey_q <= rkey_d;
    msg_q <= msg_d;
    out_q <= out_d;
  end

endmodule

`default_nettype wire
