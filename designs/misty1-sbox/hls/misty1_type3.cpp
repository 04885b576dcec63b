/* MISTY1 encryption, S-box Type 3 (seed 003): no tables, S7 and S9 computed from their Boolean
 * equations (seed 003 Tables I and II, from Matsui's MISTY paper; x_0, y_0 the least significant
 * bits). S7 is of degree 3, S9 of degree 2 (each output bit a sum of products of two inputs).
 * `python designs/misty1-sbox/gen_tables.py --check` checks the equations against the RFC 2994
 * tables; the testbench checks this file's S-boxes through 1002 encryptions. */
#include "misty1_sbox_core.h"

static inline ap_uint<7> misty1_s7(int lane, ap_uint<7> x) {
#pragma HLS INLINE
  (void)lane;  /* the same logic for every look-up */
  bool x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6];
  ap_uint<7> y;
  y[0] = x0 ^ (x1 & x3) ^ (x1 & x5) ^ (x2 & x6) ^ (x4 & x5) ^ (x0 & x1 & x6) ^ (x0 & x2 & x5) ^ (x0 & x3 & x4) ^ (x0 & x5 & x6) ^ (x3 & x5 & x6) ^ 1;
  y[1] = x6 ^ (x0 & x2) ^ (x0 & x4) ^ (x0 & x6) ^ (x1 & x5) ^ (x3 & x4) ^ (x3 & x6) ^ (x0 & x5 & x6) ^ (x1 & x4 & x6) ^ (x2 & x3 & x6) ^ (x2 & x4 & x5) ^ 1;
  y[2] = x4 ^ (x0 & x5) ^ (x1 & x2) ^ (x1 & x4) ^ (x1 & x6) ^ (x3 & x6) ^ (x4 & x6) ^ (x0 & x1 & x4) ^ (x0 & x2 & x3) ^ (x0 & x3 & x6) ^ (x0 & x4 & x5) ^ (x2 & x4 & x6) ^ (x3 & x4 & x5);
  y[3] = x0 ^ x1 ^ (x0 & x3) ^ (x2 & x4) ^ (x2 & x6) ^ (x5 & x6) ^ (x0 & x1 & x2) ^ (x0 & x4 & x6) ^ (x1 & x3 & x6) ^ (x1 & x4 & x5) ^ 1;
  y[4] = x5 ^ (x0 & x4) ^ (x1 & x6) ^ (x2 & x3) ^ (x2 & x5) ^ (x0 & x3 & x5) ^ (x1 & x2 & x5) ^ (x1 & x3 & x4) ^ (x1 & x5 & x6) ^ (x4 & x5 & x6) ^ 1;
  y[5] = x0 ^ x1 ^ x2 ^ (x0 & x3) ^ (x0 & x5) ^ (x0 & x6) ^ (x1 & x4) ^ (x3 & x5) ^ (x0 & x1 & x2) ^ (x0 & x1 & x5) ^ (x0 & x2 & x4) ^ (x1 & x2 & x3) ^ (x2 & x5 & x6);
  y[6] = x3 ^ (x0 & x1) ^ (x0 & x3) ^ (x0 & x5) ^ (x1 & x6) ^ (x2 & x5) ^ (x3 & x5) ^ (x4 & x6) ^ (x0 & x3 & x6) ^ (x1 & x2 & x6) ^ (x1 & x3 & x5) ^ (x2 & x3 & x4) ^ (x2 & x5 & x6);
  return y;
}

static inline ap_uint<9> misty1_s9(int lane, ap_uint<9> x) {
#pragma HLS INLINE
  (void)lane;
  bool x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7], x8 = x[8];
  ap_uint<9> y;
  y[0] = (x0 & x4) ^ (x0 & x5) ^ (x1 & x5) ^ (x1 & x6) ^ (x2 & x6) ^ (x2 & x7) ^ (x3 & x7) ^ (x3 & x8) ^ (x4 & x8) ^ 1;
  y[1] = x3 ^ x7 ^ (x0 & x2) ^ (x0 & x6) ^ (x0 & x8) ^ (x1 & x3) ^ (x2 & x3) ^ (x2 & x6) ^ (x3 & x4) ^ (x3 & x8) ^ (x4 & x5) ^ (x5 & x8) ^ 1;
  y[2] = x4 ^ x8 ^ (x0 & x1) ^ (x0 & x4) ^ (x0 & x6) ^ (x1 & x3) ^ (x1 & x7) ^ (x2 & x4) ^ (x3 & x4) ^ (x3 & x7) ^ (x4 & x5) ^ (x5 & x6);
  y[3] = x0 ^ x5 ^ (x1 & x2) ^ (x1 & x5) ^ (x1 & x7) ^ (x2 & x4) ^ (x2 & x8) ^ (x3 & x5) ^ (x4 & x5) ^ (x4 & x8) ^ (x5 & x6) ^ (x6 & x7);
  y[4] = x1 ^ x6 ^ (x0 & x3) ^ (x0 & x5) ^ (x2 & x3) ^ (x2 & x6) ^ (x2 & x8) ^ (x3 & x5) ^ (x4 & x6) ^ (x5 & x6) ^ (x6 & x7) ^ (x7 & x8);
  y[5] = x2 ^ x7 ^ (x0 & x3) ^ (x0 & x8) ^ (x1 & x4) ^ (x1 & x6) ^ (x3 & x4) ^ (x3 & x7) ^ (x4 & x6) ^ (x5 & x7) ^ (x6 & x7) ^ (x7 & x8);
  y[6] = x3 ^ x8 ^ (x0 & x1) ^ (x0 & x8) ^ (x1 & x4) ^ (x2 & x5) ^ (x2 & x7) ^ (x4 & x5) ^ (x4 & x8) ^ (x5 & x7) ^ (x6 & x8) ^ (x7 & x8) ^ 1;
  y[7] = x1 ^ x5 ^ (x0 & x1) ^ (x0 & x4) ^ (x0 & x7) ^ (x1 & x2) ^ (x1 & x6) ^ (x1 & x8) ^ (x2 & x3) ^ (x3 & x6) ^ (x4 & x7) ^ (x6 & x7) ^ 1;
  y[8] = x0 ^ x4 ^ (x0 & x1) ^ (x0 & x5) ^ (x0 & x7) ^ (x0 & x8) ^ (x1 & x2) ^ (x2 & x5) ^ (x3 & x6) ^ (x3 & x8) ^ (x5 & x6) ^ (x6 & x8) ^ 1;
  return y;
}

#include "misty1_sbox_top.h"
