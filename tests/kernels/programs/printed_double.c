/* A whole program that prints each result as a double, the way CHStone's softfloat programs do
 * (`printf("%lf", ullong_to_double(result))`): the 64 bits reinterpreted through a union. stdio output
 * is dropped from the hardware, so the double is computed only for a call that is not there; the
 * -O0 check refused it as floating-point arithmetic all the same. The results stay integers. */
#include <stdio.h>
#include <stdint.h>

static double bits_to_double(uint64_t x) {
  union { double d; uint64_t u; } t;
  t.u = x;
  return t.d;
}

static uint64_t halve(uint64_t a) {   /* a positive double's exponent less one, its fraction kept */
  uint64_t exp = (a >> 52) & 0x7ff;
  return exp > 1 ? (a & ~(0x7ffull << 52)) | ((exp - 1) << 52) : a;
}

const uint64_t input[4] = {0x4000000000000000ull, 0x3ff8000000000000ull, 0x4059000000000000ull, 0x0020000000000000ull};
uint64_t output[4];

int main(void) {
  int wrong = 0;
  for (int i = 0; i < 4; i++) {
    output[i] = halve(input[i]);
    printf("%016llx -> %016llx (%f)\n", (unsigned long long)input[i], (unsigned long long)output[i],
           bits_to_double(output[i]));
    wrong += output[i] == input[i];
  }
  printf("%d\n", wrong);
  return wrong;
}
