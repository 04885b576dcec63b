// aes128_ecb_enc_x2: AES-128 encryption, two rounds per cycle (the round and key-update logic
// unrolled twice: 32 S-boxes for the state, 8 for the key schedule). Latency 6, interval 5:
// the initial AddRoundKey of block i+1 happens in the same cycle as rounds 9-10 of block i.
// Control: the shared aes_iter_ctrl (designs/aes-common/docs.md).
// Timing table and ports: designs/aes128-ecb-enc-x2/docs.md.
`default_nettype none

module aes128_ecb_enc_x2 (
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

  reg  [127:0] state_q, state_d;        // state before round 2*step-1
  reg  [127:0] key_q, key_d;            // round key 2*step-2
  // Power-up values (0; neither register has a reset): without one, Yosys's memory_dff takes
  // state_q and key_q as the address registers of the first round's 20 S-box ROMs and memory_map
  // moves them behind the ROMs (designs/aes-common/docs.md, "Power-up values on S-box address
  // registers"). Initial blocks, as Verilator's PROCASSINIT asks.
  initial state_q = 128'd0;
  initial key_q = 128'd0;
  reg  [127:0] out_q, out_d;

  wire [2:0]   step;                    // double round computed in this cycle; 0 = idle
  wire         run;
  wire         last;

  wire [3:0]   round_a;                 // first round of the pair: 2*step-1
  wire [3:0]   round_b;                 // second round of the pair: 2*step
  wire [7:0]   rcon_a;
  wire [7:0]   rcon_b;
  wire [127:0] key_a;
  wire [127:0] key_b;
  wire [127:0] state_a;
  wire [127:0] state_b;
  wire         last_go;
  wire         accept;

  aes_iter_ctrl #(.WIDTH(3), .LAST(3'd5)) u_ctrl (
    .clk_i(clk_i), .rst_i(rst_i), .in_enable_i(1'b1), .in_valid_i(in_valid_i),
    .in_ready_o(in_ready_o), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
    .step_o(step), .run_o(run), .last_o(last), .done_o(last_go), .accept_o(accept)
  );

  assign round_a = {step, 1'b0} - 4'd1;
  assign round_b = {step, 1'b0};

  aes_rcon u_rcon_a (.round_i(round_a), .rcon_o(rcon_a));
  aes_rcon u_rcon_b (.round_i(round_b), .rcon_o(rcon_b));
  aes_key_step u_key_step_a (.key_i(key_q), .rcon_i(rcon_a), .key_o(key_a));
  aes_key_step u_key_step_b (.key_i(key_a), .rcon_i(rcon_b), .key_o(key_b));
  aes_enc_round u_round_a (
    .state_i(state_q), .round_key_i(key_a), .final_i(1'b0), .state_o(state_a)
  );
  aes_enc_round u_round_b (
    .state_i(state_a), .round_key_i(key_b), .final_i(last), .state_o(state_b)
  );

  assign out_data_o = out_q;

  always @* begin : next_state
    state_d = state_q;
    key_d = key_q;
    out_d = out_q;
    if (run) begin
      state_d = state_b;
      key_d = key_b;
    end
    if (last_go) begin
      out_d = state_b;
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
