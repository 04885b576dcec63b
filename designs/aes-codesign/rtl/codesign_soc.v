// codesign_soc: the HW/SW co-design system of seed 004 (designs/aes-codesign/docs.md).
//   codesign_cpu      PicoRV32 (RV32IM, from the pythondata-cpu-picorv32 package, unmodified)
//   codesign_ram      on-chip main memory, 2**WORDS_LOG2 words at 0x0000_0000 (program + data)
//   codesign_arbiter  shares the RAM between the CPU and the accelerators (accelerators first)
//   codesign_mmio     cycle counter, end/result registers, accelerator start/busy/base registers
//   4 accelerators compiled by cryptohls from designs/aes-codesign/sw/aes.c: sub_bytes (0),
//   shift_rows (1), mix_columns (2), aes128_cipher_hw (3), each array argument through a
//   codesign_acc_port onto the arbiter.
// error_o (sticky) flags a CPU trap, a CPU access outside RAM and MMIO, an accelerator access
// outside RAM, or two accelerator ports requesting the memory in one cycle.
`default_nettype none

module codesign_soc #(
  parameter integer WORDS_LOG2 = 12,
  parameter         INIT_FILE  = ""
) (
  input  wire         clk_i,
  input  wire         rst_i,
  output wire         end_o,
  output wire [31:0]  end_code_o,
  output wire [127:0] result_o,
  output wire         error_o
);

  localparam integer N = 4;

  // ---- CPU (codesign_cpu: PicoRV32 with the system's parameters)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [N-1:0] unused_ap_idle;     // outputs of the accelerators this system does not use
  wire [N-1:0] unused_ap_ready;
  /* verilator lint_on UNUSEDSIGNAL */
  wire        mem_valid;
  wire        mem_ready;
  wire [31:0] mem_addr;
  wire [31:0] mem_wdata;
  wire [3:0]  mem_wstrb;
  wire [31:0] mem_rdata;
  wire        trap;

  codesign_cpu #(.WORDS_LOG2(WORDS_LOG2)) u_cpu (
    .clk_i(clk_i), .rst_i(rst_i), .trap_o(trap),
    .mem_valid_o(mem_valid), .mem_ready_i(mem_ready), .mem_addr_o(mem_addr), .mem_wdata_o(mem_wdata),
    .mem_wstrb_o(mem_wstrb), .mem_rdata_i(mem_rdata)
  );

  // ---- CPU address decode
  wire ram_sel;
  wire mmio_sel;
  wire ram_ready;
  wire mmio_ready;
  wire [31:0] ram_rdata;
  wire [31:0] mmio_rdata;
  wire [31:0] cpu_wait;
  reg         bad_ack_q;
  reg         bad_ack_d;
  reg         err_q;
  reg         err_d;

  assign ram_sel   = (mem_addr >> (WORDS_LOG2 + 2)) == 32'd0;
  assign mmio_sel  = mem_addr[31:12] == 20'h10000;
  assign mem_ready = ram_ready || mmio_ready || bad_ack_q;
  assign mem_rdata = mmio_ready ? mmio_rdata : ram_rdata;

  // ---- accelerators and their ports
  wire [N-1:0]    ap_start;
  wire [N-1:0]    ap_done;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [N*64-1:0] base;      // BASE1 of the one-argument accelerators is not used
  /* verilator lint_on UNUSEDSIGNAL */

  localparam integer P = 5;   // array ports: sub_bytes.state, shift_rows.state, mix_columns.state,
                              // aes128_cipher_hw.rk, aes128_cipher_hw.state
  wire [P-1:0]    port_req;
  wire [P*32-1:0] port_addr;
  wire [P*32-1:0] port_wdata;
  wire [P*4-1:0]  port_wstrb;

  wire [3:0] sb_address0;
  wire       sb_ce0;
  wire       sb_we0;
  wire [7:0] sb_d0;
  wire [7:0] sb_q0;
  wire [3:0] sr_address0;
  wire       sr_ce0;
  wire       sr_we0;
  wire [7:0] sr_d0;
  wire [7:0] sr_q0;
  wire [3:0] mc_address0;
  wire       mc_ce0;
  wire       mc_we0;
  wire [7:0] mc_d0;
  wire [7:0] mc_q0;
  wire [7:0] ae_rk_address0;
  wire       ae_rk_ce0;
  wire [7:0] ae_rk_q0;
  wire [3:0] ae_st_address0;
  wire       ae_st_ce0;
  wire       ae_st_we0;
  wire [7:0] ae_st_d0;
  wire [7:0] ae_st_q0;

  sub_bytes u_sub_bytes (
    .ap_clk(clk_i), .ap_rst(rst_i), .ap_start(ap_start[0]), .ap_done(ap_done[0]), .ap_idle(unused_ap_idle[0]),
    .ap_ready(unused_ap_ready[0]),
    .state_address0(sb_address0), .state_ce0(sb_ce0), .state_we0(sb_we0), .state_d0(sb_d0), .state_q0(sb_q0)
  );
  shift_rows u_shift_rows (
    .ap_clk(clk_i), .ap_rst(rst_i), .ap_start(ap_start[1]), .ap_done(ap_done[1]), .ap_idle(unused_ap_idle[1]),
    .ap_ready(unused_ap_ready[1]),
    .state_address0(sr_address0), .state_ce0(sr_ce0), .state_we0(sr_we0), .state_d0(sr_d0), .state_q0(sr_q0)
  );
  mix_columns u_mix_columns (
    .ap_clk(clk_i), .ap_rst(rst_i), .ap_start(ap_start[2]), .ap_done(ap_done[2]), .ap_idle(unused_ap_idle[2]),
    .ap_ready(unused_ap_ready[2]),
    .state_address0(mc_address0), .state_ce0(mc_ce0), .state_we0(mc_we0), .state_d0(mc_d0), .state_q0(mc_q0)
  );
  aes128_cipher_hw u_aes128_cipher_hw (
    .ap_clk(clk_i), .ap_rst(rst_i), .ap_start(ap_start[3]), .ap_done(ap_done[3]), .ap_idle(unused_ap_idle[3]),
    .ap_ready(unused_ap_ready[3]),
    .rk_address0(ae_rk_address0), .rk_ce0(ae_rk_ce0), .rk_q0(ae_rk_q0),
    .state_address0(ae_st_address0), .state_ce0(ae_st_ce0), .state_we0(ae_st_we0), .state_d0(ae_st_d0),
    .state_q0(ae_st_q0)
  );

  codesign_acc_port #(.AW(4), .DW(8)) u_port_sb (
    .clk_i(clk_i), .rst_i(rst_i), .base_i(base[0*64 +: 32]),
    .address0_i(sb_address0), .ce0_i(sb_ce0), .we0_i(sb_we0), .d0_i(sb_d0), .q0_o(sb_q0),
    .req_o(port_req[0]), .addr_o(port_addr[0*32 +: 32]), .wdata_o(port_wdata[0*32 +: 32]),
    .wstrb_o(port_wstrb[0*4 +: 4]), .rdata_i(ram_rdata)
  );
  codesign_acc_port #(.AW(4), .DW(8)) u_port_sr (
    .clk_i(clk_i), .rst_i(rst_i), .base_i(base[1*64 +: 32]),
    .address0_i(sr_address0), .ce0_i(sr_ce0), .we0_i(sr_we0), .d0_i(sr_d0), .q0_o(sr_q0),
    .req_o(port_req[1]), .addr_o(port_addr[1*32 +: 32]), .wdata_o(port_wdata[1*32 +: 32]),
    .wstrb_o(port_wstrb[1*4 +: 4]), .rdata_i(ram_rdata)
  );
  codesign_acc_port #(.AW(4), .DW(8)) u_port_mc (
    .clk_i(clk_i), .rst_i(rst_i), .base_i(base[2*64 +: 32]),
    .address0_i(mc_address0), .ce0_i(mc_ce0), .we0_i(mc_we0), .d0_i(mc_d0), .q0_o(mc_q0),
    .req_o(port_req[2]), .addr_o(port_addr[2*32 +: 32]), .wdata_o(port_wdata[2*32 +: 32]),
    .wstrb_o(port_wstrb[2*4 +: 4]), .rdata_i(ram_rdata)
  );
  codesign_acc_port #(.AW(8), .DW(8)) u_port_ae_rk (
    .clk_i(clk_i), .rst_i(rst_i), .base_i(base[3*64 +: 32]),
    .address0_i(ae_rk_address0), .ce0_i(ae_rk_ce0), .we0_i(1'b0), .d0_i(8'h00), .q0_o(ae_rk_q0),
    .req_o(port_req[3]), .addr_o(port_addr[3*32 +: 32]), .wdata_o(port_wdata[3*32 +: 32]),
    .wstrb_o(port_wstrb[3*4 +: 4]), .rdata_i(ram_rdata)
  );
  codesign_acc_port #(.AW(4), .DW(8)) u_port_ae_st (
    .clk_i(clk_i), .rst_i(rst_i), .base_i(base[3*64 + 32 +: 32]),
    .address0_i(ae_st_address0), .ce0_i(ae_st_ce0), .we0_i(ae_st_we0), .d0_i(ae_st_d0), .q0_o(ae_st_q0),
    .req_o(port_req[4]), .addr_o(port_addr[4*32 +: 32]), .wdata_o(port_wdata[4*32 +: 32]),
    .wstrb_o(port_wstrb[4*4 +: 4]), .rdata_i(ram_rdata)
  );

  // merge the ports (one accelerator runs at a time; two requests in one cycle are an error)
  reg        acc_req;
  reg [31:0] acc_addr;
  reg [31:0] acc_wdata;
  reg [3:0]  acc_wstrb;
  reg [2:0]  acc_count;

  always @* begin : merge
    integer p;
    acc_req   = 1'b0;
    acc_addr  = 32'h0000_0000;
    acc_wdata = 32'h0000_0000;
    acc_wstrb = 4'b0000;
    acc_count = 3'd0;
    for (p = 0; p < P; p = p + 1) begin
      if (port_req[p]) begin
        acc_req   = 1'b1;
        acc_addr  = acc_addr | port_addr[32*p +: 32];
        acc_wdata = acc_wdata | port_wdata[32*p +: 32];
        acc_wstrb = acc_wstrb | port_wstrb[4*p +: 4];
        acc_count = acc_count + 3'd1;
      end
    end
  end

  // ---- shared memory
  wire                  ram_en;
  wire [WORDS_LOG2-1:0] ram_addr;
  wire [31:0]           ram_wdata;
  wire [3:0]            ram_wstrb;

  codesign_arbiter #(.WORDS_LOG2(WORDS_LOG2)) u_arbiter (
    .clk_i(clk_i), .rst_i(rst_i),
    .cpu_req_i(mem_valid && ram_sel), .cpu_addr_i(mem_addr[WORDS_LOG2+1:2]), .cpu_wdata_i(mem_wdata),
    .cpu_wstrb_i(mem_wstrb), .cpu_ready_o(ram_ready),
    .acc_req_i(acc_req), .acc_addr_i(acc_addr[WORDS_LOG2+1:2]), .acc_wdata_i(acc_wdata), .acc_wstrb_i(acc_wstrb),
    .ram_en_o(ram_en), .ram_addr_o(ram_addr), .ram_wdata_o(ram_wdata), .ram_wstrb_o(ram_wstrb),
    .cpu_wait_o(cpu_wait)
  );

  codesign_ram #(.WORDS_LOG2(WORDS_LOG2), .INIT_FILE(INIT_FILE)) u_ram (
    .clk_i(clk_i), .en_i(ram_en), .wstrb_i(ram_wstrb), .addr_i(ram_addr), .wdata_i(ram_wdata),
    .rdata_o(ram_rdata)
  );

  codesign_mmio #(.N(N), .OW(2)) u_mmio (
    .clk_i(clk_i), .rst_i(rst_i),
    .req_i(mem_valid && mmio_sel), .addr_i(mem_addr[11:2]), .wdata_i(mem_wdata), .wstrb_i(mem_wstrb),
    .ready_o(mmio_ready), .rdata_o(mmio_rdata), .cpu_wait_i(cpu_wait),
    .end_o(end_o), .end_code_o(end_code_o), .result_o(result_o),
    .ap_start_o(ap_start), .ap_done_i(ap_done), .base_o(base)
  );

  // ---- errors
  always @* begin
    bad_ack_d = mem_valid && !ram_sel && !mmio_sel && !bad_ack_q;
    err_d     = err_q || trap || bad_ack_d || (acc_count > 3'd1) ||
                (acc_req && ((acc_addr >> (WORDS_LOG2 + 2)) != 32'd0));
  end

  assign error_o = err_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      bad_ack_q <= 1'b0;
      err_q     <= 1'b0;
    end else begin
      bad_ack_q <= bad_ack_d;
      err_q     <= err_d;
    end
  end

endmodule
