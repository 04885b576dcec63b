`default_nettype none
// acorn128v2_steps — up to 32 consecutive ACORN-128 v2 steps in one combinational block.
// Reference: src/cryptohls/golden/acorn128v2.py (`steps`, pinned by the 1089 KATs).
//
// State: s_i[292:0], bit i = S_i (six LFSRs of 61, 46, 47, 39, 37, 59 bits and a 4-bit register).
// One step: six LFSR feedbacks, a keystream bit ks = S12 ^ S154 ^ maj(S235, S61, S193), a feedback bit
// f = S0 ^ ~S107 ^ maj(S244, S23, S160) ^ ch(S230, S111, S66) ^ (ca & S196) ^ (cb & ks), then a shift
// with S292 = f ^ m. No tap is written within 32 steps before another tap reads it, so 32 steps are
// one layer of 32-bit lanes read from s_i (lane p, bit t = S_{p+t} as step t sees it); only S289's
// lane runs into the new feedback bits (the tail below).
//
// count_i selects 8, 16, 24 or 32 steps (a partial last word of AD or PT/CT has 1..3 bytes): step t
// depends on steps < t only, so a shorter run is the first bits of the same lanes, committed with a
// shorter shift (four constant shifts and a 4-way multiplexer, no barrel shifter).

module acorn128v2_steps (
    input  wire [292:0] s_i,
    input  wire [31:0]  m_i,       // bit t: message bit of step t
    input  wire         ca_i,
    input  wire         cb_i,
    input  wire [1:0]   count_i,   // steps: 8 * (count_i + 1)
    output wire [292:0] s_o,
    output wire [31:0]  ks_o       // bit t: keystream bit of step t (bits >= the count are unused)
);
    wire [31:0] t0 = s_i[31:0],     t12 = s_i[43:12],   t23 = s_i[54:23];
    wire [31:0] t61 = s_i[92:61],   t66 = s_i[97:66],   t107 = s_i[138:107], t111 = s_i[142:111];
    wire [31:0] t154 = s_i[185:154], t160 = s_i[191:160], t193 = s_i[224:193], t196 = s_i[227:196];
    wire [31:0] t230 = s_i[261:230], t235 = s_i[266:235], t244 = s_i[275:244];

    // the LFSR feedbacks (lanes 230, 193, 154, 107, 61 as the steps leave them)
    wire [31:0] n230 = t230 ^ t196 ^ t193;
    wire [31:0] n193 = t193 ^ t160 ^ t154;
    wire [31:0] n154 = t154 ^ t111 ^ t107;
    wire [31:0] n107 = t107 ^ t66 ^ t61;
    wire [31:0] n61  = t61 ^ t23 ^ t0;

    wire [31:0] ks  = t12 ^ n154 ^ ((t235 & n61) ^ (t235 & n193) ^ (n61 & n193));
    wire [31:0] maj = (t244 & t23) ^ (t244 & t160) ^ (t23 & t160);
    wire [31:0] ch  = (n230 & t111) ^ (~n230 & t66);
    wire [31:0] f   = t0 ^ ~n107 ^ maj ^ ch ^ ({32{ca_i}} & t196) ^ ({32{cb_i}} & ks);
    wire [31:0] fed = f ^ m_i;
    wire [31:0] fb289 = t235 ^ t230;   // S289's own feedback, lane 289

    assign ks_o = ks;

    // The state after C steps: the updated lanes written back, S289.. then the fed bits on top, all
    // shifted down by C.
    wire [292:0] after [0:3];
    genvar g;
    generate
        for (g = 0; g < 4; g = g + 1) begin : g_count
            localparam integer C = 8 * (g + 1);
            // S_C .. S_288 with the lanes written back (S_0 .. S_{C-1} are shifted out)
            wire [288 - C:0] kept = {s_i[288:230 + C], n230[C - 1:0], s_i[229:193 + C], n193[C - 1:0],
                                     s_i[192:154 + C], n154[C - 1:0], s_i[153:107 + C], n107[C - 1:0],
                                     s_i[106:61 + C], n61[C - 1:0], s_i[60:C]};
            wire [C + 3:0] tail = {fed[C - 1:0], s_i[292:289]} ^ {4'd0, fb289[C - 1:0]};
            assign after[g] = {tail, kept};
        end
    endgenerate

    assign s_o = after[count_i];
endmodule

`default_nettype wire
