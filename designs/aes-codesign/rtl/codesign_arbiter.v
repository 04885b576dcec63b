// codesign_arbiter: shares the one port of codesign_ram between the CPU and the accelerators.
//
// Policy: the accelerators have absolute priority. Their ap_memory ports have a fixed read latency
// of one cycle and no stall input, so an accelerator request (acc_req_i) is served in the cycle it
// is made, every time. At most one accelerator runs at a time (codesign_mmio starts them one after
// the other), so the accelerator side never conflicts with itself. The CPU (PicoRV32 native
// interface) is granted the RAM in any cycle without an accelerator request; its answer
// (cpu_ready_o, the read data on the RAM's output) comes in the next cycle. An uncontended CPU access
// therefore takes 2 cycles (request, ready), and every cycle in which a running accelerator uses the
// memory delays a waiting CPU access by one cycle. The CPU is never starved for longer than an
// accelerator's run, and runs concurrently with it whenever the accelerator computes on-chip.
`default_nettype none

module codesign_arbiter #(
  parameter integer WORDS_LOG2 = 12
) (
  input  wire                  clk_i,
  input  wire                  rst_i,
  // CPU side: cpu_req_i is high while the CPU's RAM access waits for its grant
  input  wire                  cpu_req_i,
  input  wire [WORDS_LOG2-1:0] cpu_addr_i,   // word address
  input  wire [31:0]           cpu_wdata_i,
  input  wire [3:0]            cpu_wstrb_i,
  output wire                  cpu_ready_o,
  // accelerator side (the merged request of the running accelerator's ports)
  input  wire                  acc_req_i,
  input  wire [WORDS_LOG2-1:0] acc_addr_i,   // word address
  input  wire [31:0]           acc_wdata_i,
  input  wire [3:0]            acc_wstrb_i,
  // the RAM port
  output reg                   ram_en_o,
  output reg  [WORDS_LOG2-1:0] ram_addr_o,
  output reg  [31:0]           ram_wdata_o,
  output reg  [3:0]            ram_wstrb_o,
  // cycles in which a CPU request waited because an accelerator had the memory
  output wire [31:0]           cpu_wait_o
);

  reg        ack_q;
  reg        ack_d;
  reg [31:0] wait_q;
  reg [31:0] wait_d;

  always @* begin
    ram_en_o    = 1'b0;
    ram_addr_o  = cpu_addr_i;
    ram_wdata_o = cpu_wdata_i;
    ram_wstrb_o = 4'b0000;
    ack_d       = 1'b0;
    wait_d      = wait_q;
    if (acc_req_i) begin
      ram_en_o    = 1'b1;
      ram_addr_o  = acc_addr_i;
      ram_wdata_o = acc_wdata_i;
      ram_wstrb_o = acc_wstrb_i;
      if (cpu_req_i && !ack_q) begin
        wait_d = wait_q + 32'd1;
      end
    end else if (cpu_req_i && !ack_q) begin
      ram_en_o    = 1'b1;
      ram_wstrb_o = cpu_wstrb_i;
      ack_d       = 1'b1;
    end
  end

  assign cpu_ready_o = ack_q;
  assign cpu_wait_o  = wait_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      ack_q  <= 1'b0;
      wait_q <= 32'd0;
    end else begin
      ack_q  <= ack_d;
      wait_q <= wait_d;
    end
  end

endmodule
