/* Two dependent reads of one dual-port block ROM per iteration, pipelined at II=1: the first read
 * (stage 0) and the second (stage 1, its address is the first one's value) of successive iterations
 * happen in the same clock, so they must use different ports (bind/memories.py, modulo II). */
#include <stdint.h>

static const uint8_t T[256] = {
#define R(i) (uint8_t)((i) * 167 + 13), (uint8_t)((i) * 167 + 180), (uint8_t)((i) * 167 + 91), (uint8_t)((i) * 167 + 2)
  R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12), R(13), R(14), R(15),
  R(16), R(17), R(18), R(19), R(20), R(21), R(22), R(23), R(24), R(25), R(26), R(27), R(28), R(29), R(30), R(31),
  R(32), R(33), R(34), R(35), R(36), R(37), R(38), R(39), R(40), R(41), R(42), R(43), R(44), R(45), R(46), R(47),
  R(48), R(49), R(50), R(51), R(52), R(53), R(54), R(55), R(56), R(57), R(58), R(59), R(60), R(61), R(62), R(63),
#undef R
};

void rom_chain(const uint8_t x[32], uint8_t y[32]) {
#pragma HLS BIND_STORAGE variable=T type=rom_2p impl=bram
  for (int i = 0; i < 32; i++) {
#pragma HLS PIPELINE II=1
    y[i] = T[T[x[i]] ^ 0x5a];
  }
}
