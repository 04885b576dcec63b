/* memcpy/memset/memmove whose length is known only at run time, as reference cipher code pads its last
   block (SUPERCOP's OTR `ozp`: memset(out, 0, 16); memcpy(out, in, len); AEGIS copies `mlen & 0x1f`
   bytes of a partial block; Ketje copies into its instance struct). Each was refused before
   ("'memcpy' with a length computed at run time is not supported"); the compiler now copies them with
   a byte loop of its own that runs no iteration for a length of 0. A struct is then held as bytes: the
   IR cannot tell `memcpy(&s, ...)`, which may cover every field, from `memcpy(s.first, ...)` (a first
   version copied all 20 bytes into the first field). The lengths come from a volatile, so no
   optimisation makes them constants. */
#include <stdint.h>
#include <string.h>

volatile unsigned lengths[6] = {0, 1, 5, 15, 16, 7};

uint8_t padded[6][16];          /* OTR's ozp: zeros, then len bytes, then 0x80 if there is room */
uint8_t tail[32];               /* AEGIS: a partial block copied out of a bigger buffer */
uint8_t moved[20];
struct ctx { uint8_t es[16]; uint8_t ts[16]; uint32_t n; } ctx;
volatile unsigned sel = 1;
uint8_t ka[8] = {1, 2, 3, 4, 5, 6, 7, 8}, kb[8] = {11, 12, 13, 14, 15, 16, 17, 18};
uint8_t picked[8];
uint32_t words[3];              /* bytes copied into 32-bit words from byte 3 on */
uint32_t digest;

static void ozp(unsigned length, const uint8_t *in, uint8_t *out) {
  memset(out, 0, 16);
  memcpy(out, in, length);
  if (length < 16)
    out[length] = 0x80;
}

int main(void) {
  uint8_t msg[40];
  for (int i = 0; i < 40; i++)
    msg[i] = (uint8_t)(i * 29 + 3);
  for (int k = 0; k < 6; k++)
    ozp(lengths[k], msg + k, padded[k]);
  for (int i = 0; i < 32; i++)
    tail[i] = 0xEE;
  unsigned long long mlen = 32 + lengths[5];
  memcpy(tail + 3, msg + 1, mlen & 0x1f);
  memset(tail + 20, 0x5A, lengths[2]);
  for (int i = 0; i < 20; i++)
    moved[i] = (uint8_t)i;
  memmove(moved + 2, msg + 30, lengths[4] - 6);
  for (int i = 0; i < 16; i++) {
    ctx.es[i] = (uint8_t)i;
    ctx.ts[i] = (uint8_t)(100 + i);
  }
  ctx.n = 0x01020304;
  memcpy(&ctx, msg + 3, lengths[4] + 4);           /* 20 bytes: all of es, the start of ts */
  memset(ctx.ts + 6, 0x33, lengths[5]);
  const uint8_t *from = sel ? kb : ka;             /* chosen at run time: ka and kb share one memory */
  memcpy(picked + 1, from + 1, lengths[5] - 1);
  memcpy((uint8_t *)words + 3, ka, lengths[5] + 1);
  for (int k = 0; k < 6; k++)
    for (int i = 0; i < 16; i++)
      digest = digest * 31 + padded[k][i];
  for (int i = 0; i < 32; i++)
    digest = digest * 31 + tail[i];
  for (int i = 0; i < 20; i++)
    digest = digest * 31 + moved[i];
  return 0;
}
