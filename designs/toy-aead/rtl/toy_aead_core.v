`default_nettype none
// toy_aead_core — a deliberately trivial "AEAD" CipherCore for the LWC frame (NOT a cipher: no
// security at all). It exists to show and test what a new cipher needs (designs/lwc-frame/docs.md,
// "A new cipher"): this file, the golden model tests/toy_aead_model.py and a few lines of glue.
//
// Words are 32 bits, big-endian; K = k0..k3, N = n0 n1 (8-byte NPUB), i = index of a PT/CT word:
//   keystream  s_i = k[i mod 4] ^ n[i mod 2] ^ i
//   CT word    c_i = (p_i ^ s_i) masked to the word's valid bytes
//   tag        acc = K; acc[a mod 4] ^= AD word a; acc[i mod 4] ^= rotl1(c_i); tag_j = acc[j] ^ k[(j+1) mod 4]
// One bdi word every other cycle at most (bdi is taken only when the bdo register is empty).

module toy_aead_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"
    localparam [1:0] S_IN = 2'd0, S_TAGOUT = 2'd1, S_AUTH = 2'd2;

    reg  [1:0]   st_q;
    reg  [127:0] k_q, acc_q;
    reg  [63:0]  n_q;
    reg  [31:0]  i_q;                      // PT/CT word index
    reg  [1:0]   a_q, t_q;                 // AD word index mod 4, tag word index
    reg  [31:0]  bdo_q;
    reg          bdo_valid_q, bad_q, busy_q;   // busy: between a message's NPUB and its end
    reg  [3:0]   bdo_type_q, bdo_vb_q;

    function [31:0] word4(input [127:0] w, input [1:0] j);   // word j of four, word 0 in [127:96]
        case (j)
            2'd0: word4 = w[127:96];
            2'd1: word4 = w[95:64];
            2'd2: word4 = w[63:32];
            default: word4 = w[31:0];
        endcase
    endfunction

    function [127:0] xor4(input [127:0] w, input [1:0] j, input [31:0] v);   // word j ^= v
        case (j)
            2'd0: xor4 = w ^ {v, 96'd0};
            2'd1: xor4 = w ^ {32'd0, v, 64'd0};
            2'd2: xor4 = w ^ {64'd0, v, 32'd0};
            default: xor4 = w ^ {96'd0, v};
        endcase
    endfunction

    wire         take    = bdi_valid && bdi_ready;
    wire [31:0]  mask    = {{8{bdi_valid_bytes[3]}}, {8{bdi_valid_bytes[2]}}, {8{bdi_valid_bytes[1]}},
                            {8{bdi_valid_bytes[0]}}};
    wire [31:0]  stream  = word4(k_q, i_q[1:0]) ^ (i_q[0] ? n_q[31:0] : n_q[63:32]) ^ i_q;
    wire [31:0]  out     = (bdi ^ stream) & mask;
    wire [31:0]  ct      = decrypt_in ? bdi : out;
    wire [31:0]  tag_w   = word4(acc_q, t_q) ^ word4(k_q, t_q + 2'd1);
    wire         data    = bdi_type == T_PT || bdi_type == T_CT;
    wire         sized   = bdi_valid_bytes != 4'b0000;

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
            a_q <= 2'd0; t_q <= 2'd0; bdo_q <= 32'd0; bdo_valid_q <= 1'b0; bad_q <= 1'b0; busy_q <= 1'b0;
            bdo_type_q <= 4'd0; bdo_vb_q <= 4'd0;
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {k_q[95:0], key};
            case (st_q)
                S_IN: if (take) begin
                    if (bdi_type == T_NPUB) begin   // a message starts: acc = K
                        n_q <= {n_q[31:0], bdi}; acc_q <= k_q; a_q <= 2'd0; t_q <= 2'd0; bad_q <= 1'b0;
                        busy_q <= 1'b1;
                    end
                    if (bdi_type == T_AD && sized) begin
                        acc_q <= xor4(acc_q, a_q, bdi);
                        a_q <= a_q + 2'd1;
                    end
                    if (data && sized) begin
                        acc_q <= xor4(acc_q, i_q[1:0], {ct[30:0], ct[31]});
                        i_q <= i_q + 32'd1;
                        bdo_q <= out; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= decrypt_in ? T_PT : T_CT;
                    end
                    if (data && bdi_eot && !decrypt_in) st_q <= S_TAGOUT;
                    if (bdi_type == T_TAG) begin
                        bad_q <= bad_q | (bdi != tag_w);
                        t_q <= t_q + 2'd1;
                        if (bdi_eot) st_q <= S_AUTH;
                    end
                end
                S_TAGOUT: if (!bdo_valid_q) begin
                    bdo_q <= tag_w; bdo_valid_q <= 1'b1; bdo_vb_q <= 4'b1111; bdo_type_q <= T_TAG;
                    t_q <= t_q + 2'd1;
                    if (t_q == 2'd3) begin
                        st_q <= S_IN; i_q <= 32'd0; busy_q <= 1'b0;
                    end
                end
                default: if (msg_auth_ready) begin   // S_AUTH
                    st_q <= S_IN; i_q <= 32'd0; busy_q <= 1'b0;
                end
            endcase
        end
    end
endmodule

`default_nettype wire
