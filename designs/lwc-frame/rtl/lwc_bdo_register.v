`default_nettype none
// lwc_bdo_register — the bdo output register of a hand-written CipherCore that computes its bdo
// words one at a time (aes128_gcm_core, ascon_aead128_core): the word, its valid flag, type, valid
// bytes and end_of_block, all registers (a core's handshake outputs are registers or continuous
// assignments: designs/lwc-frame/docs.md, "Shared units of the hand-written cores").
//
// `free_o`: the register may take a word this cycle (it holds none, or the frame takes the one it
// holds). `load_i` puts the word of `word_i` ... `end_of_block_i` on bdo from the next cycle on; the
// core loads only when `free_o`. Without a load, a held word stays until bdo_ready. These are the
// registers and next values the cores had inline: no cycle changes. A core connects it through
// lwc_bdo_register_wiring.vh.
module lwc_bdo_register #(
    parameter integer CCW = 32   // bdo bits
) (
    input  wire               clk_i,
    input  wire               rst_i,
    // the core's word
    input  wire               load_i,
    input  wire [CCW-1:0]     word_i,
    input  wire [3:0]         type_i,
    input  wire [CCW/8-1:0]   valid_bytes_i,
    input  wire               end_of_block_i,
    output wire               free_o,
    // bdo (the CipherCore's ports)
    output wire [CCW-1:0]     bdo,
    output wire               bdo_valid,
    input  wire               bdo_ready,
    output wire [3:0]         bdo_type,
    output wire [CCW/8-1:0]   bdo_valid_bytes,
    output wire               end_of_block
);
    reg [CCW-1:0]   bdo_q;
    reg             bdo_valid_q;
    reg [3:0]       bdo_type_q;
    reg [CCW/8-1:0] bdo_vb_q;
    reg             eob_q;

    assign bdo             = bdo_q;
    assign bdo_valid       = bdo_valid_q;
    assign bdo_type        = bdo_type_q;
    assign bdo_valid_bytes = bdo_vb_q;
    assign end_of_block    = eob_q;
    assign free_o          = !bdo_valid_q || bdo_ready;

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            bdo_q       <= {CCW{1'b0}};
            bdo_valid_q <= 1'b0;
            bdo_type_q  <= 4'b0000;
            bdo_vb_q    <= {(CCW/8){1'b0}};
            eob_q       <= 1'b0;
        end else if (load_i) begin
            bdo_q       <= word_i;
            bdo_valid_q <= 1'b1;
            bdo_type_q  <= type_i;
            bdo_vb_q    <= valid_bytes_i;
            eob_q       <= end_of_block_i;
        end else begin
            bdo_valid_q <= bdo_valid_q && !bdo_ready;
        end
    end
endmodule

`default_nettype wire
