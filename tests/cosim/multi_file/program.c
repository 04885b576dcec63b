/* A whole program in two files (test_multi_file.py): main here, count() in counter.c. The final state
   cosim compares is what this file can name: out, rounds (static), and total (counter.c's, declared
   extern in counter.h); counter.c's static `last` is not visible here, so it is not compared. */
#include <stdint.h>
#include "counter.h"

uint32_t out[4];
static uint32_t rounds;

int main(void) {
  for (uint32_t i = 0; i < 4; i++) {
    out[i] = count(i * 0x11u + 3u);
    rounds++;
  }
  return (int)(out[3] & 0x7fu);
}
