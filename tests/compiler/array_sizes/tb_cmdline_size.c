#include <stdint.h>
#include <stdio.h>

uint32_t cmdline_size(const uint32_t a[N]);

int main(void) {
  uint32_t a[N];
  for (int i = 0; i < N; i++) a[i] = 3u * (uint32_t)i + 1u;
  uint32_t got = cmdline_size(a);
  printf("sum %u\n", got);
  return got == 22u ? 0 : 1;
}
