// cosim runtime of cryptohls (package data: src/cryptohls/sim/runtime/cosim_runtime.cpp).
//
// The part of a cosim build that is the same for every design: call statistics, the clock, reset,
// back-to-back calls, the cycle limit and the errors. It is compiled once per compiler and flags
// (sim/cosim.py runtime_objects) and linked with each design's generated port table
// (sim/cosim_shim.py port_table_source), which owns the Verilated model and provides the chls_model_*
// hooks and chls_set/chls_get by port number. The wrapper (sim/cosim_shim.py wrapper_source) calls
// the extern "C" functions below. CHLS_CYCLE_LIMIT_STATUS comes from the compile flags
// (cosim_shim.CYCLE_LIMIT_STATUS).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <vector>

extern "C" {
// the generated port table (one per design)
extern const char* const chls_top_name;
extern const long chls_max_cycles;
extern const int chls_max_words;   // the widest port, in 32-bit words
void chls_model_open(void);        // create the model (and its trace) with clock 0, reset 1, ap_start 0
void chls_model_release_reset(void);
void chls_model_eval(void);
void chls_model_dump(void);        // the trace at the current time (nothing without a waveform)
void chls_model_half_period(void); // advance the time by half a clock period
void chls_model_clock(int level);
void chls_model_close(void);       // final(), close the trace
void chls_set(int port, const uint32_t* w);
void chls_get(int port, uint32_t* w);
}

static bool g_open = false;
static long g_calls = 0, g_min = 0, g_max = 0;
static double g_sum = 0;
// Back-to-back mode: ap_start held high across calls; a resumed call's cycles are the spacing
// of ap_done pulses, kept apart from the other calls' latencies.
static int g_b2b = -1, g_pending = 0, g_resumed = 0;
static long g_b2b_calls = 0, g_spacing_min = 0, g_spacing_max = 0;

static void chls_write_stats() {
  const char* path = getenv("CRYPTOHLS_COSIM_STATS");
  if (path) {
    FILE* f = fopen(path, "w");
    if (f) {
      fprintf(f, "{\"calls\": %ld, \"min\": %ld, \"max\": %ld, \"mean\": %.6f", g_calls, g_min, g_max,
              g_calls ? g_sum / g_calls : 0.0);
      if (g_b2b > 0)
        fprintf(f, ", \"back_to_back_calls\": %ld, \"done_spacing_min\": %ld, \"done_spacing_max\": %ld",
                g_b2b_calls, g_spacing_min, g_spacing_max);
      fprintf(f, "}\n");
      fclose(f);
    }
  }
  if (g_open) chls_model_close();
}

extern "C" {

void chls_eval(void) {
  chls_model_eval();
}

void chls_tick(void) {
  chls_model_eval();
  chls_model_dump();
  chls_model_half_period();
  chls_model_clock(1);
  chls_model_eval();
  chls_model_dump();
  chls_model_half_period();
  chls_model_clock(0);
  chls_model_eval();
}

void chls_set_u64(int port, uint64_t value) {
  uint32_t w[2] = {(uint32_t)value, (uint32_t)(value >> 32)};
  chls_set(port, w);
}

uint64_t chls_get_u64(int port) {
  static std::vector<uint32_t> w(chls_max_words < 2 ? 2 : chls_max_words);
  w[0] = w[1] = 0;
  chls_get(port, w.data());
  return (uint64_t)w[0] | ((uint64_t)w[1] << 32);
}

void chls_begin_call(void) {
  if (!g_open) {
    chls_model_open();
    g_open = true;
    atexit(chls_write_stats);
    chls_tick();
    chls_tick();
    chls_model_release_reset();
  }
}

void chls_end_call(long cycles) {
  if (g_resumed) {
    if (g_b2b_calls == 0 || cycles < g_spacing_min) g_spacing_min = cycles;
    if (g_b2b_calls == 0 || cycles > g_spacing_max) g_spacing_max = cycles;
    g_b2b_calls++;
    return;
  }
  if (g_calls == 0 || cycles < g_min) g_min = cycles;
  if (g_calls == 0 || cycles > g_max) g_max = cycles;
  g_sum += cycles;
  g_calls++;
}

void chls_check_cycles(long cycles) {
  if (cycles > chls_max_cycles) {
    fprintf(stderr, "cosim: %s did not assert ap_done within %ld cycles\n", chls_top_name, chls_max_cycles);
    exit(CHLS_CYCLE_LIMIT_STATUS);
  }
}

int chls_back_to_back(void) {
  if (g_b2b < 0) {
    const char* mode = getenv("CRYPTOHLS_COSIM_BACK_TO_BACK");
    g_b2b = (mode && *mode && *mode != '0') ? 1 : 0;
  }
  return g_b2b;
}

int chls_resume(void) {
  g_resumed = g_pending;
  g_pending = 0;
  return g_resumed;
}

void chls_suspend(void) {
  g_pending = 1;
}

void chls_overrun(void) {
  fprintf(stderr, "cosim: %s raised ap_ready again before ap_done; back-to-back calls from a C testbench "
                  "cannot supply the next inputs before the call returns\n", chls_top_name);
  exit(126);
}

void chls_fail(const char* array, uint64_t address) {
  fprintf(stderr, "cosim: %s accessed %s[%llu], outside the array\n", chls_top_name, array,
          (unsigned long long)address);
  exit(125);
}

}  // extern "C"
