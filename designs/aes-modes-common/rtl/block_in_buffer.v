// block_in_buffer: the input buffer of the block-mode CipherCores (OCB3, Deoxys-I): the bdi words of an
// AD or message segment assembled into one 128-bit block (first byte in [127:120], bytes past the
// segment's end zero), full when its fourth word or the segment's last word is in; the core takes it
// (take_i) when the block goes into its cipher. The twin of block_out_buffer: the registers and
// next-state logic the cores had inline, so their cycles are unchanged.
//
// put_i: a bdi word of size > 0 goes in (the core's handshake: bdi_valid, not full_o, an AD or message
// segment); ad_i says which. The word index is the buffer's own: 0 at every segment's start, since a
// segment's last word (bdi_eot) and a block's fourth word both bring it back to 0 (the frame sends only
// complete segments: lwc-frame/docs.md, "Flush"). set_i writes bdi unmasked at word set_idx_i and
// touches nothing else (OCB3 keeps the nonce there before its AD).
`default_nettype none

module block_in_buffer (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire         put_i,
  input  wire         ad_i,             // with put_i: a word of an AD segment (else of the message)
  input  wire         set_i,
  input  wire [1:0]   set_idx_i,
  input  wire [31:0]  bdi,
  input  wire [3:0]   bdi_valid_bytes,
  input  wire [2:0]   bdi_size,
  input  wire         bdi_eot,
  input  wire         take_i,           // the core takes the block (with full_o)
  output wire [127:0] block_o,
  output wire [4:0]   bytes_o,          // 1 ... 16
  output wire         full_o,
  output wire         ad_o,             // an AD block (else a message block)
  output wire         last_o            // the last block of its segment
);

  reg [1:0]   w_q;                      // word index in the block
  reg [127:0] ib_q;
  reg [4:0]   ib_bytes_q;
  reg         ib_full_q, ib_ad_q, ib_last_q;

  `include "lwc_core_functions.vh"
  wire [31:0] bdi_mask = word_mask(bdi_valid_bytes);
  wire [31:0] bdi_m    = bdi & bdi_mask;
  wire        blk_end  = bdi_eot || (w_q == 2'd3);     // a word of size > 0 closes its block

  assign block_o = ib_q;
  assign bytes_o = ib_bytes_q;
  assign full_o  = ib_full_q;
  assign ad_o    = ib_ad_q;
  assign last_o  = ib_last_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      w_q        <= 2'd0;
      ib_q       <= 128'd0;
      ib_bytes_q <= 5'd0;
      ib_full_q  <= 1'b0;
      ib_ad_q    <= 1'b0;
      ib_last_q  <= 1'b0;
    end else begin
      if (set_i) ib_q[127 - 32*set_idx_i -: 32] <= bdi;
      if (put_i) begin
        if (w_q == 2'd0) begin
          ib_q       <= {bdi_m, 96'd0};
          ib_bytes_q <= {2'b00, bdi_size};
        end else begin
          ib_q[127 - 32*w_q -: 32] <= bdi_m;
          ib_bytes_q <= ib_bytes_q + {2'b00, bdi_size};
        end
        w_q <= bdi_eot ? 2'd0 : w_q + 2'd1;
        if (blk_end) begin
          ib_full_q <= 1'b1;
          ib_ad_q   <= ad_i;
          ib_last_q <= bdi_eot;
        end
      end
      if (take_i) ib_full_q <= 1'b0;
    end
  end
endmodule

`default_nettype wire
