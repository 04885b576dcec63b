// codesign_ram: the system's on-chip main memory (program + data), one port, 32-bit words with
// byte write strobes, synchronous read with read-first behaviour: the word at addr_i is on
// rdata_o one cycle after the cycle in which en_i is high (the fixed read latency of 1 that the
// accelerators' ap_memory ports expect). Loaded at time 0 from INIT_FILE ($readmemh, one 32-bit
// word per line), or from the file named by the +mem=FILE plusarg when INIT_FILE is empty.
`default_nettype none

module codesign_ram #(
  parameter integer WORDS_LOG2 = 12,
  parameter         INIT_FILE  = ""
) (
  input  wire                  clk_i,
  input  wire                  en_i,
  input  wire [3:0]            wstrb_i,
  input  wire [WORDS_LOG2-1:0] addr_i,
  input  wire [31:0]           wdata_i,
  output wire [31:0]           rdata_o
);

  reg [31:0] mem_q [0:(1 << WORDS_LOG2) - 1];
  reg [31:0] rdata_q;

  initial begin : load
    reg [1023:0] file;
    integer i;
    for (i = 0; i < (1 << WORDS_LOG2); i = i + 1) mem_q[i] = 32'h0000_0000;
    if (INIT_FILE != "") begin
      $readmemh(INIT_FILE, mem_q);
    end else if ($value$plusargs("mem=%s", file)) begin
      $readmemh(file, mem_q);
    end
  end

  always @(posedge clk_i) begin
    if (en_i) begin
      rdata_q <= mem_q[addr_i];
      if (wstrb_i[0]) mem_q[addr_i][7:0]   <= wdata_i[7:0];
      if (wstrb_i[1]) mem_q[addr_i][15:8]  <= wdata_i[15:8];
      if (wstrb_i[2]) mem_q[addr_i][23:16] <= wdata_i[23:16];
      if (wstrb_i[3]) mem_q[addr_i][31:24] <= wdata_i[31:24];
    end
  end

  assign rdata_o = rdata_q;

endmodule
