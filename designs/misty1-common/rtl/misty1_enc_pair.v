// misty1_enc_pair: one pair of MISTY1 encryption rounds (RFC 2994 section 2.4), combinational.
// For pair p (rounds 2p and 2p+1, FO/FL numbers k = 2p, 2p+1):
//   D0 = FL(D0, 2p); D1 = FL(D1, 2p+1); D1 ^= FO(D0, 2p); D0 ^= FO(D1, 2p+1)
// and, with last_i (p = 3), the final FL layer and the output swap:
//   D0 = FL(D0, 8); D1 = FL(D1, 9); state_o = D1 || D0 (the ciphertext).
// Otherwise state_o = D0 || D1. The sub-keys are selected from EK by pair_i.
`default_nettype none

module misty1_enc_pair (
  input  wire [63:0]  state_i,     // D0 || D1
  input  wire [255:0] ek_i,        // EK[0..15], EK[0] in bits 255:240 (misty1_key_schedule)
  input  wire [1:0]   pair_i,      // p
  input  wire         last_i,      // p = 3: apply FL8/FL9 and swap the halves
  output wire [63:0]  state_o
);

  wire [15:0] ek [0:15];
  wire [15:0] fl_key [0:3][0:3];   // [p][FL(2p) and, FL(2p) or, FL(2p+1) and, FL(2p+1) or]
  wire [15:0] fo_key [0:3][0:13];  // [p][FO(2p) KO1..KO4, KI1..KI3, FO(2p+1) KO1..KO4, KI1..KI3]
  wire [31:0] d0_fl;
  wire [31:0] d1_fl;
  wire [31:0] fo_a;
  wire [31:0] fo_b;
  wire [31:0] d1_r;
  wire [31:0] d0_r;
  wire [31:0] d0_last;
  wire [31:0] d1_last;

  genvar i, p;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_ek
      assign ek[i] = ek_i[255 - 16 * i -: 16];
    end
    // Sub-key indices of RFC 2994 section 2.4 (FL) and 2.3 (FO number k = 2p, 2p+1).
    for (p = 0; p < 4; p = p + 1) begin : g_keys
      assign fl_key[p][0] = ek[p];
      assign fl_key[p][1] = ek[8 + (p + 6) % 8];
      assign fl_key[p][2] = ek[8 + (p + 2) % 8];
      assign fl_key[p][3] = ek[(p + 4) % 8];
      assign fo_key[p][0] = ek[(2 * p) % 8];
      assign fo_key[p][1] = ek[(2 * p + 2) % 8];
      assign fo_key[p][2] = ek[(2 * p + 7) % 8];
      assign fo_key[p][3] = ek[(2 * p + 4) % 8];
      assign fo_key[p][4] = ek[8 + (2 * p + 5) % 8];
      assign fo_key[p][5] = ek[8 + (2 * p + 1) % 8];
      assign fo_key[p][6] = ek[8 + (2 * p + 3) % 8];
      assign fo_key[p][7] = ek[(2 * p + 1) % 8];
      assign fo_key[p][8] = ek[(2 * p + 3) % 8];
      assign fo_key[p][9] = ek[(2 * p + 8) % 8];
      assign fo_key[p][10] = ek[(2 * p + 5) % 8];
      assign fo_key[p][11] = ek[8 + (2 * p + 6) % 8];
      assign fo_key[p][12] = ek[8 + (2 * p + 2) % 8];
      assign fo_key[p][13] = ek[8 + (2 * p + 4) % 8];
    end
  endgenerate

  misty1_fl u_fl_d0 (
    .in_i(state_i[63:32]), .and_key_i(fl_key[pair_i][0]), .or_key_i(fl_key[pair_i][1]),
    .out_o(d0_fl)
  );
  misty1_fl u_fl_d1 (
    .in_i(state_i[31:0]), .and_key_i(fl_key[pair_i][2]), .or_key_i(fl_key[pair_i][3]),
    .out_o(d1_fl)
  );
  misty1_fo u_fo_a (
    .in_i(d0_fl),
    .ko1_i(fo_key[pair_i][0]), .ko2_i(fo_key[pair_i][1]), .ko3_i(fo_key[pair_i][2]),
    .ko4_i(fo_key[pair_i][3]),
    .ki1_i(fo_key[pair_i][4]), .ki2_i(fo_key[pair_i][5]), .ki3_i(fo_key[pair_i][6]),
    .out_o(fo_a)
  );
  assign d1_r = d1_fl ^ fo_a;
  misty1_fo u_fo_b (
    .in_i(d1_r),
    .ko1_i(fo_key[pair_i][7]), .ko2_i(fo_key[pair_i][8]), .ko3_i(fo_key[pair_i][9]),
    .ko4_i(fo_key[pair_i][10]),
    .ki1_i(fo_key[pair_i][11]), .ki2_i(fo_key[pair_i][12]), .ki3_i(fo_key[pair_i][13]),
    .out_o(fo_b)
  );
  assign d0_r = d0_fl ^ fo_b;

  // Final layer: FL8 = (EK[4], EK'[2]), FL9 = (EK'[6], EK[0]).
  misty1_fl u_fl8 (.in_i(d0_r), .and_key_i(ek[4]), .or_key_i(ek[10]), .out_o(d0_last));
  misty1_fl u_fl9 (.in_i(d1_r), .and_key_i(ek[14]), .or_key_i(ek[0]), .out_o(d1_last));

  assign state_o = last_i ? {d1_last, d0_last} : {d0_r, d1_r};

endmodule

`default_nettype wire
