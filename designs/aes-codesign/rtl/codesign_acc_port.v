// codesign_acc_port: adapter from one ap_memory array port of an HLS accelerator (element i of the
// C array at address0 = i; DW-bit elements; read data on q0 one cycle after ce0) to the system's
// byte-addressed 32-bit main-memory bus. The C array starts at byte address base_i (the pointer the
// software wrote into the accelerator's BASE register); element i is at base_i + i*(DW/8).
// Writes drive only the element's byte lanes; a read returns the element from the lanes it was
// read from (lane_q remembers them for the one-cycle read latency). DW is 8, 16 or 32; elements
// must be naturally aligned (the C compiler aligns arrays of their type).
`default_nettype none

module codesign_acc_port #(
  parameter integer AW = 4,
  parameter integer DW = 8
) (
  input  wire          clk_i,
  input  wire          rst_i,
  input  wire [31:0]   base_i,
  // the accelerator's ap_memory port
  input  wire [AW-1:0] address0_i,
  input  wire          ce0_i,
  input  wire          we0_i,
  input  wire [DW-1:0] d0_i,
  output reg  [DW-1:0] q0_o,
  // request onto the shared bus (served in the same cycle, see codesign_arbiter)
  output wire          req_o,
  output wire [31:0]   addr_o,
  output reg  [31:0]   wdata_o,
  output reg  [3:0]    wstrb_o,
  input  wire [31:0]   rdata_i
);

  reg  [1:0]  lane_q;
  reg  [1:0]  lane_d;
  wire [31:0] byte_addr;

  assign byte_addr = base_i + ({{(32-AW){1'b0}}, address0_i} * (DW / 8));
  assign req_o     = ce0_i;
  assign addr_o    = byte_addr;

  always @* begin
    lane_d = lane_q;
    if (ce0_i) begin
      lane_d = byte_addr[1:0];
    end
  end

  generate
    if (DW == 8) begin : g_byte
      always @* begin
        wdata_o = {4{d0_i}};
        wstrb_o = (ce0_i && we0_i) ? (4'b0001 << byte_addr[1:0]) : 4'b0000;
        q0_o    = rdata_i[8*lane_q +: 8];
      end
    end else if (DW == 16) begin : g_half
      always @* begin
        wdata_o = {2{d0_i}};
        wstrb_o = (ce0_i && we0_i) ? (byte_addr[1] ? 4'b1100 : 4'b0011) : 4'b0000;
        q0_o    = rdata_i[16*lane_q[1] +: 16];
      end
    end else begin : g_word
      always @* begin
        wdata_o = d0_i;
        wstrb_o = (ce0_i && we0_i) ? 4'b1111 : 4'b0000;
        q0_o    = rdata_i;
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (rst_i) begin
      lane_q <= 2'd0;
    end else begin
      lane_q <= lane_d;
    end
  end

endmodule
