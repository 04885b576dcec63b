// codesign_mmio: the memory-mapped registers of the co-design system (offsets from 0x1000_0000):
//   0x000 CYCLE     R   cycles since reset (32 bits, wraps)
//   0x004 END       W   ends the run: end_o rises, end_code_o = the value written
//   0x008 CPUWAIT   R   cycles in which a CPU memory access waited for an accelerator (arbiter)
//   0x010..0x01C    RW  RESULT0..3: four words the software reports to the testbench (result_o)
//   0x100 + 0x10*k  accelerator k (k < N):
//         +0x0 CTRL  W: bit 0 = 1 starts it; R: bit 0 = busy (start pending or running)
//         +0x4 BASE0 RW byte address of the accelerator's first array argument
//         +0x8 BASE1 RW byte address of its second array argument
// Accelerators run one at a time: a start is queued (pending) and the lowest-numbered pending
// accelerator gets ap_start when none is running; ap_start stays high until its ap_done. This keeps
// the accelerator side of codesign_arbiter free of conflicts (a fixed-latency ap_memory port cannot
// wait). Accesses take 2 cycles (request, ready), as RAM accesses do.
`default_nettype none

module codesign_mmio #(
  parameter integer N  = 4,   // accelerators (1..16)
  parameter integer OW = 2    // bits of an accelerator index (N <= 2**OW)
) (
  input  wire            clk_i,
  input  wire            rst_i,
  input  wire            req_i,        // the CPU's access to this block waits for its answer
  input  wire [9:0]      addr_i,       // word offset in the 4 KiB block
  input  wire [31:0]     wdata_i,
  input  wire [3:0]      wstrb_i,
  output wire            ready_o,
  output wire [31:0]     rdata_o,
  input  wire [31:0]     cpu_wait_i,
  output wire            end_o,
  output wire [31:0]     end_code_o,
  output wire [127:0]    result_o,
  output reg  [N-1:0]    ap_start_o,
  input  wire [N-1:0]    ap_done_i,
  output wire [N*64-1:0] base_o
);

  reg            ack_q;
  reg            ack_d;
  reg  [31:0]    rdata_q;
  reg  [31:0]    rdata_d;
  reg  [31:0]    cycle_q;
  wire [31:0]    cycle_d;
  reg            end_q;
  reg            end_d;
  reg  [31:0]    end_code_q;
  reg  [31:0]    end_code_d;
  reg  [127:0]   result_q;
  reg  [127:0]   result_d;
  reg  [N*64-1:0] base_q;
  reg  [N*64-1:0] base_d;
  reg  [N-1:0]   pending_q;
  reg  [N-1:0]   pending_d;
  reg            running_q;
  reg            running_d;
  reg  [OW-1:0]  owner_q;
  reg  [OW-1:0]  owner_d;

  wire           access;
  wire           write;
  wire           acc_sel;
  wire [3:0]     acc_idx;
  wire [1:0]     acc_reg;

  assign cycle_d = cycle_q + 32'd1;
  assign access  = req_i && !ack_q;
  assign write   = access && (wstrb_i != 4'b0000);
  assign acc_sel = (addr_i[9:6] == 4'h1) && ({28'd0, addr_i[5:2]} < N);
  assign acc_idx = addr_i[5:2];
  assign acc_reg = addr_i[1:0];

  // register reads and writes
  always @* begin : regs
    integer k;
    k          = 0;          // loop variable: assigned on every path, or Yosys infers a latch for it
    ack_d      = access;
    rdata_d    = rdata_q;
    end_d      = end_q;
    end_code_d = end_code_q;
    result_d   = result_q;
    base_d     = base_q;
    if (access) begin
      rdata_d = 32'h0000_0000;
      case (addr_i)
        10'h000: rdata_d = cycle_q;
        10'h002: rdata_d = cpu_wait_i;
        10'h004: rdata_d = result_q[31:0];
        10'h005: rdata_d = result_q[63:32];
        10'h006: rdata_d = result_q[95:64];
        10'h007: rdata_d = result_q[127:96];
        default: rdata_d = 32'h0000_0000;
      endcase
      if (acc_sel) begin
        for (k = 0; k < N; k = k + 1) begin
          if (acc_idx == k[3:0]) begin
            case (acc_reg)
              2'd0:    rdata_d = {31'd0, pending_q[k] || (running_q && owner_q == k[OW-1:0])};
              2'd1:    rdata_d = base_q[64*k +: 32];
              2'd2:    rdata_d = base_q[64*k + 32 +: 32];
              default: rdata_d = 32'h0000_0000;
            endcase
          end
        end
      end
    end
    if (write) begin
      case (addr_i)
        10'h001: begin
          end_d      = 1'b1;
          end_code_d = wdata_i;
        end
        10'h004: result_d[31:0]   = wdata_i;
        10'h005: result_d[63:32]  = wdata_i;
        10'h006: result_d[95:64]  = wdata_i;
        10'h007: result_d[127:96] = wdata_i;
        default: ;
      endcase
      if (acc_sel) begin
        for (k = 0; k < N; k = k + 1) begin
          if (acc_idx == k[3:0]) begin
            case (acc_reg)
              2'd1:    base_d[64*k +: 32]      = wdata_i;
              2'd2:    base_d[64*k + 32 +: 32] = wdata_i;
              default: ;
            endcase
          end
        end
      end
    end
  end

  // one accelerator at a time: queue starts, run the lowest pending one, release it on ap_done
  always @* begin : sched
    integer k;
    k          = 0;
    pending_d  = pending_q;
    running_d  = running_q;
    owner_d    = owner_q;
    ap_start_o = {N{1'b0}};
    if (running_q) begin
      for (k = 0; k < N; k = k + 1) begin
        if (owner_q == k[OW-1:0]) begin
          ap_start_o[k] = 1'b1;
          if (ap_done_i[k]) begin
            running_d = 1'b0;
          end
        end
      end
    end else begin
      for (k = N - 1; k >= 0; k = k - 1) begin
        if (pending_q[k]) begin
          owner_d   = k[OW-1:0];
          running_d = 1'b1;
        end
      end
      if (running_d) begin
        for (k = 0; k < N; k = k + 1) begin
          if (owner_d == k[OW-1:0]) begin
            pending_d[k] = 1'b0;
          end
        end
      end
    end
    if (write && acc_sel && acc_reg == 2'd0 && wdata_i[0]) begin
      for (k = 0; k < N; k = k + 1) begin
        if (acc_idx == k[3:0]) begin
          pending_d[k] = 1'b1;
        end
      end
    end
  end

  assign ready_o    = ack_q;
  assign rdata_o    = rdata_q;
  assign end_o      = end_q;
  assign end_code_o = end_code_q;
  assign result_o   = result_q;
  assign base_o     = base_q;

  always @(posedge clk_i) begin
    if (rst_i) begin
      ack_q      <= 1'b0;
      rdata_q    <= 32'h0000_0000;
      cycle_q    <= 32'd0;
      end_q      <= 1'b0;
      end_code_q <= 32'd0;
      result_q   <= 128'd0;
      base_q     <= {(N*64){1'b0}};
      pending_q  <= {N{1'b0}};
      running_q  <= 1'b0;
      owner_q    <= {OW{1'b0}};
    end else begin
      ack_q      <= ack_d;
      rdata_q    <= rdata_d;
      cycle_q    <= cycle_d;
      end_q      <= end_d;
      end_code_q <= end_code_d;
      result_q   <= result_d;
      base_q     <= base_d;
      pending_q  <= pending_d;
      running_q  <= running_d;
      owner_q    <= owner_d;
    end
  end

endmodule
