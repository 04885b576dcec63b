#include <stdint.h>
/* No block-level handshake (ap_ctrl_none): cosim reads the result after the reported latency. */
uint32_t ctrl_none(uint16_t a, uint16_t b) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
  return ((uint32_t)a * b) ^ (uint32_t)(a + b);
}
