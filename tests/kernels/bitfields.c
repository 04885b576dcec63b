#include <stdint.h>
/* Bit-fields in a packed struct inside a global struct, read and written. Clang accesses them as
 * one integer over the bytes that hold them (an i24 over three i8 fields); the importer keeps each
 * field in its own memory, and once read only the first byte of such an access (a miscompile found
 * by Csmith, seed 63 of the subset profile). */
#pragma pack(push)
#pragma pack(1)
struct packed3 { unsigned a : 5; signed b : 16; unsigned c : 3; };
#pragma pack(pop)
struct outer { uint32_t w; unsigned f : 17; int8_t s; struct packed3 p; int64_t q; int16_t h; };

static struct outer g = {7u, 336, -15, {3, -166, 1}, -2, -1};

uint64_t bitfields(uint32_t x, uint32_t op) {
  switch (op & 3) {
  case 0: g.p.b = (int16_t)x; break;
  case 1: g.f = x; break;
  case 2: g.p.a = x; g.p.c = x >> 5; break;
  default: g.s = (int8_t)x; break;
  }
  return ((uint64_t)(uint32_t)g.p.b << 32) ^ ((uint64_t)g.f << 8) ^ g.p.a ^ ((uint64_t)g.p.c << 5)
         ^ (uint64_t)(int64_t)g.s ^ (uint64_t)g.q ^ g.w ^ (uint64_t)(uint16_t)g.h;
}
