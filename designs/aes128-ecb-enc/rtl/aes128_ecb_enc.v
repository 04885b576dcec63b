// aes128_ecb_enc: basic iterative AES-128 encryption (one round per cycle, round keys on the fly).
// 16 S-boxes for the state, 4 for the key schedule. Latency 11, interval 10: the initial
// AddRoundKey of block i+1 happens in the same cycle as round 10 of block i.
// Control: the shared aes_iter_ctrl (designs/aes-common/docs.md).
// Timing table and ports: designs/aes128-ecb-enc/docs.md.
`default_nettype none

module aes128_ecb_enc (
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

  reg  [127:0] state_q, state_d;        // state before round `round`
  reg  [127:0] key_q, key_d;            // round key round-1
  // Power-up values (0; neither register has a reset): without one, Yosys's memory_dff takes
  // state_q and key_q as the address registers of the 20 S-box ROMs and memory_map moves them
  // behind the ROMs, so the load/round mux lands in front of every S-box (designs/aes-common/docs.md,
  // "Power-up values on S-box address registers"). Initial blocks, as Verilator's PROCASSINIT asks.
  initial state_q = 128'd0;
  initial key_q = 128'd0;
  reg  [127:0] out_q, out_d;

  wire [3:0]   round;                   // round computed in this cycle; 0 = idle
  wire         run;
  wire         last;
  wire         last_go;
  wire         accept;
  wire [7:0]   rcon;
  wire [127:0] round_key;
  wire [127:0] round_out;

  aes_iter_ctrl #(.WIDTH(4), .LAST(4'd10)) u_ctrl (
    .clk_i(clk_i), .rst_i(rst_i), .in_enable_i(1'b1), .in_valid_i(in_valid_i),
    .in_ready_o(in_ready_o), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
    .step_o(round), .run_o(run), .last_o(last), .done_o(last_go), .accept_o(accept)
  );

  aes_rcon u_rcon (.round_i(round), .rcon_o(rcon));
  aes_key_step u_key_step (.key_i(key_q), .rcon_i(rcon), .key_o(round_key));
  aes_enc_round u_round (
    .state_i(state_q), .round_key_i(round_key), .final_i(last), .state_o(round_out)
  );

  assign out_data_o = out_q;

  always @* begin : next_state
    state_d = state_q;
    key_d = key_q;
    out_d = out_q;
    if (run) begin
      state_d = round_out;
      key_d = round_key;
    end
    if (last_go) begin
      out_d = round_out;
    end
    if (accept) begin
      state_d = in_data_i ^ key_i;       // initial AddRoundKey (round key 0)
      key_d = key_i;
    end
  end

  always @(posedge clk_i) begin : reg_update
    state_q <= state_d;
    key_q <= key_d;
    out_q <= out_d;
  end

endmodule

`default_nettype wire
