`default_nettype none
// toy_aead_wide_core — toy-aead (NOT a cipher; rtl/toy_aead_core.v, tests/toy_aead_model.py) as a
// CipherCore with a wide data bus: CCW bits of bdi / bdo per word (designs/lwc-frame/docs.md, "Bus
// width W"), CCW a multiple of 128. It is the example of a core whose CCW is not 32: the port names
// are the frame's, the widths follow CCW (the key bus stays 32 bits), and design.toml declares
// `ccw = CCW` with `core_params = {CCW = ...}`.
//
// The function is toy-aead's, computed for the CCW/32 32-bit lanes of a word at once: lane j of the
// word holding 32-bit words i0 .. i0 + CCW/32 - 1 is word i = i0 + j, so i mod 4 = j mod 4 and
// i mod 2 = j mod 2 (CCW/32 is a multiple of 4); lanes past the segment's end are zero (the frame
// zeroes them) and change neither the tag nor the output. The 16-byte tag is one bdo word whose first
// 16 byte lanes are valid. One bdi word every other cycle at most, as the 32-bit toy core.

module toy_aead_wide_core #(
    parameter integer CCW = 128
) (
`include "lwc_cipher_core_ports.vh"
);
    localparam integer LANES = CCW / 32;     // 32-bit words per bdi word
    localparam integer NB    = CCW / 8;      // byte lanes
    `include "lwc_segment_types.vh"
    localparam [1:0] S_IN = 2'd0, S_TAGOUT = 2'd1, S_AUTH = 2'd2;
    localparam [NB-1:0] TAG_LANES = ~({NB{1'b1}} >> 16);   // the first 16 byte lanes
    localparam [31:0] LANES_W = LANES;

    reg  [1:0]     st_q;
    reg  [127:0]   k_q, acc_q;
    reg  [63:0]    n_q;
    reg  [31:0]    i_q;                      // index of the first 32-bit PT/CT word of the next bdi word
    reg  [CCW-1:0] bdo_q;
    reg            bdo_valid_q, bad_q, busy_q;   // busy: between a message's NPUB and its end
    reg  [3:0]     bdo_type_q;
    reg  [NB-1:0]  bdo_vb_q;

    // the word's lanes at once: output, and the AD / ciphertext folded into the four tag words
    reg  [CCW-1:0] out;
    reg  [127:0]   ad_fold, ct_fold;
    reg  [31:0]    lane, mask, stream, result, ct;
    integer j, b;
    always @* begin : lanes
        out     = {CCW{1'b0}};
        ad_fold = 128'd0;
        ct_fold = 128'd0;
        for (j = 0; j < LANES; j = j + 1) begin
            lane = bdi[CCW - 1 - 32 * j -: 32];
            for (b = 0; b < 4; b = b + 1) begin
                mask[31 - 8 * b -: 8] = {8{bdi_valid_bytes[NB - 1 - 4 * j - b]}};
            end
            stream = k_q[127 - 32 * (j % 4) -: 32] ^ ((j % 2) != 0 ? n_q[31:0] : n_q[63:32]) ^ (i_q + j);
            result = (lane ^ stream) & mask;
            ct     = decrypt_in ? lane : result;
            out[CCW - 1 - 32 * j -: 32] = result;
            ad_fold[127 - 32 * (j % 4) -: 32] = ad_fold[127 - 32 * (j % 4) -: 32] ^ lane;
            ct_fold[127 - 32 * (j % 4) -: 32] = ct_fold[127 - 32 * (j % 4) -: 32] ^ {ct[30:0], ct[31]};
        end
    end

    wire         take  = bdi_valid && bdi_ready;
    wire [127:0] tag   = acc_q ^ {k_q[95:0], k_q[127:96]};   // tag word j = acc[j] ^ k[(j + 1) mod 4]
    wire         data  = bdi_type == T_PT || bdi_type == T_CT;
    wire         sized = bdi_valid_bytes != {NB{1'b0}};
    reg  [CCW-1:0] tag_word;
    always @* begin : tag_out
        tag_word = {CCW{1'b0}};
        tag_word[CCW-1 -: 128] = tag;
    end

    assign key_ready       = st_q == S_IN && !busy_q && !bdo_valid_q;   // between messages
    assign bdi_ready       = st_q == S_IN && !bdo_valid_q;
    assign bdo             = bdo_q;
    assign bdo_valid       = bdo_valid_q;
    assign bdo_type        = bdo_type_q;
    assign bdo_valid_bytes = bdo_vb_q;
    assign end_of_block    = bdo_valid_q;
    assign msg_auth_valid  = st_q == S_AUTH;
    assign msg_auth        = !bad_q;

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= S_IN; k_q <= 128'd0; acc_q <= 128'd0; n_q <= 64'd0; i_q <= 32'd0;
            bdo_q <= {CCW{1'b0}}; bdo_valid_q <= 1'b0; bad_q <= 1'b0; busy_q <= 1'b0;
            bdo_type_q <= 4'd0; bdo_vb_q <= {NB{1'b0}};
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {k_q[95:0], key};
            case (st_q)
                S_IN: if (take) begin
                    if (bdi_type == T_NPUB) begin   // a message starts: acc = K
                        n_q <= bdi[CCW-1 -: 64]; acc_q <= k_q; bad_q <= 1'b0; busy_q <= 1'b1;
                    end
                    if (bdi_type == T_AD && sized) acc_q <= acc_q ^ ad_fold;
                    if (data && sized) begin
                        acc_q <= acc_q ^ ct_fold;
                        i_q <= i_q + LANES_W;
                        bdo_q <= out; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= decrypt_in ? T_PT : T_CT;
                    end
                    if (data && bdi_eot && !decrypt_in) st_q <= S_TAGOUT;
                    if (bdi_type == T_TAG) begin   // the 16-byte tag is one word
                        bad_q <= bdi[CCW-1 -: 128] != tag;
                        st_q <= S_AUTH;
                    end
                end
                S_TAGOUT: if (!bdo_valid_q) begin
                    bdo_q <= tag_word; bdo_valid_q <= 1'b1; bdo_vb_q <= TAG_LANES; bdo_type_q <= T_TAG;
                    st_q <= S_IN; i_q <= 32'd0; busy_q <= 1'b0;
                end
                default: if (msg_auth_ready) begin   // S_AUTH
                    st_q <= S_IN; i_q <= 32'd0; busy_q <= 1'b0;
                end
            endcase
        end
    end
endmodule

`default_nettype wire
