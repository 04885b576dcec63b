// aes128_ctr_pipe: AES-128 in counter mode (SP 800-38A), fully pipelined: one block per clock.
// Counter block = IV (96 bits) || counter (32 bits, +1 mod 2^32 per block); output =
// E(key, counter block) XOR message block. Ports and start handshake as designs/aes128-ctr.
// Ten rounds, each followed by a register (rounds 1..9: pipeline stages 0..8, round 10: the output
// register, XOR message); round 1 runs in the accept cycle after the initial AddRoundKey. The key
// schedule is unrolled beside the rounds and pipelined with the data (stage k carries round key
// k+1; the next stage computes the next round key next to its round), so the key is sampled with
// every accepted block and may change between messages without draining the pipeline.
// Back-pressure: the pipeline holds as a whole (a global enable) in a cycle where a block in the
// last stage finds the output register full and not draining; bubbles elsewhere are not removed.
// This is the stalling pipeline with registered axis output that the `hls` variant compiles to.
// Data registers load only with a valid block, so out_data_o never shows a keystream.
// Latency 10, interval 1. Ports and timing: designs/aes128-ctr-pipe/docs.md.
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

  localparam integer STAGES = 9;      // stage k (0..8) holds the state after round k+1
  localparam integer W = 128;

  reg  [95:0]         iv_q, iv_d;
  reg  [31:0]         ctr_q, ctr_d;
  reg                 loaded_q, loaded_d;   // an IV/counter has been loaded since reset
  reg  [STAGES-1:0]   valid_q, valid_d;     // stage k holds a block
  reg  [STAGES*W-1:0] state_q, state_d;     // stage k: bits [W*k +: W]
  reg  [STAGES*W-1:0] rkey_q, rkey_d;       // round key k+1 of the block in stage k
  reg  [STAGES*W-1:0] msg_q, msg_d;         // message block of the block in stage k
  reg                 out_valid_q, out_valid_d;
  reg  [127:0]        out_q, out_d;
  // Power-up 0: Yosys's memory_dff leaves state_q and rkey_q before the S-box ROMs (aes-common/docs.md)
  initial begin
    state_q = {STAGES*W{1'b0}};
    rkey_q  = {STAGES*W{1'b0}};
  end

  // Round r (1..10) reads bits [W*(r-1) +: W] of round_in/key_in and writes the same bits of
  // round_out/key_out: round 1 takes the accepted block (IV || counter XOR key_i, key_i), round r > 1
  // the registers of stage r-2; rounds 1..9 load stage r-1, round 10 the output register.
  wire [10*W-1:0]     round_in;
  wire [10*W-1:0]     key_in;
  wire [10*W-1:0]     round_out;
  wire [10*W-1:0]     key_out;
  wire                advance;
  wire                start;
  wire                accept;

  // Back-pressure: only a block in the last stage that finds the output register full (and not
  // draining) stops the pipeline; then every stage holds (a bubble there lets the others move on).
  // A start has priority over a message block in the same cycle (the block then waits).
  assign advance = ~(valid_q[STAGES-1] & out_valid_q & ~out_ready_i);
  assign start_ready_o = advance;
  assign start = start_valid_i & advance;
  assign in_ready_o = loaded_q & ~start_valid_i & advance;
  assign accept = in_valid_i & in_ready_o;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;
  assign round_in = {state_q, {iv_q, ctr_q} ^ key_i};
  assign key_in = {rkey_q, key_i};

  genvar r;
  generate
    for (r = 1; r <= 10; r = r + 1) begin : g_round
      wire [7:0] rcon;
      aes_rcon u_rcon (.round_i(r[3:0]), .rcon_o(rcon));
      aes_key_step u_key_step (
        .key_i(key_in[W*(r-1) +: W]), .rcon_i(rcon), .key_o(key_out[W*(r-1) +: W])
      );
      aes_enc_round u_round (
        .state_i(round_in[W*(r-1) +: W]), .round_key_i(key_out[W*(r-1) +: W]),
        .final_i(r == 10 ? 1'b1 : 1'b0), .state_o(round_out[W*(r-1) +: W])
      );
    end
  endgenerate

  always @* begin : next_counter
    iv_d = iv_q;
    ctr_d = ctr_q;
    loaded_d = loaded_q;
    if (start) begin
      iv_d = iv_i;
      ctr_d = ctr_i;
      loaded_d = 1'b1;
    end else if (accept) begin
      ctr_d = ctr_q + 32'd1;             // wraps modulo 2^32
    end
  end

  // Stage 0 takes round 1 of the accepted block (initial AddRoundKey on its counter block in the
  // same cycle); stage k takes round k+1 of stage k-1; the output register takes round 10 XOR the
  // message. Data registers load only with a block (a bubble leaves them as they are), so
  // out_data_o only ever shows results. All stages move together or not at all.
  always @* begin : next_pipeline
    integer i;
    valid_d = valid_q;
    state_d = state_q;
    rkey_d = rkey_q;
    msg_d = msg_q;
    out_valid_d = out_valid_q & ~out_ready_i;
    out_d = out_q;
    if (advance) begin
      valid_d = {valid_q[STAGES-2:0], accept};
      if (accept) begin
        state_d[W-1:0] = round_out[W-1:0];
        rkey_d[W-1:0] = key_out[W-1:0];
        msg_d[W-1:0] = in_data_i;
      end
      if (valid_q[STAGES-1]) begin
        out_valid_d = 1'b1;
        out_d = round_out[10*W-1 -: W] ^ msg_q[STAGES*W-1 -: W];
      end
    end
    // Outside `if (advance)` so that the loop variable is assigned on every path (no latch on it).
    for (i = 1; i < STAGES; i = i + 1) begin
      if (advance && valid_q[i-1]) begin
        state_d[W*i +: W] = round_out[W*i +: W];
        rkey_d[W*i +: W] = key_out[W*i +: W];
        msg_d[W*i +: W] = msg_q[W*(i-1) +: W];
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
