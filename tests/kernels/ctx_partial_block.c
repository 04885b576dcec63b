/* The last partial block of SUPERCOP's CAESAR reference code of CLOC and SILC, reduced: a context
 * struct that holds pointers (so it cannot be held as bytes) and whose array fields `es` and `ts`
 * take and give a block of a length known only at run time, `memcpy(es, ct + pc, lastblocklen)`.
 * `es` is the struct's first field: in the optimised IR its address is the struct's, and the copy
 * could have covered every field. Before branch ptrmix30 this was refused ("'memcpy' of a length
 * computed at run time over struct 'c' (held as one memory per field)"); the -O0 IR shows the
 * pointers come from the array fields (frontend/member_copies.py), and C bounds a copy through such
 * a pointer by its field: a byte loop over that field's memory. */
#include <stdint.h>
#include <string.h>

typedef struct {
  uint32_t rk[8];
} sched_t;

typedef struct {
  uint8_t es[16];
  uint8_t ts[16];
  sched_t ks;
  sched_t *sched;        /* points into the struct itself: read back */
  int tlen;
} ctx_t;

static void mix(uint8_t *x, const uint8_t *y, int n) {
  for (int i = 0; i < n; i++)
    x[i] = (uint8_t)((x[i] ^ y[i]) + i);
}

static void encrypt(uint8_t b[16], const sched_t *s) {
  for (int i = 0; i < 16; i++)
    b[i] = (uint8_t)((b[i] ^ (uint8_t)(s->rk[i / 2] >> 4 * (i % 2))) * 5 + 1);
}

uint32_t ctx_partial_block(const uint8_t key[16], const uint8_t in[32], uint8_t out[32], int n, int dec) {
  ctx_t c;
  ctx_t *cxt = &c;
  uint8_t *es = cxt->es;
  uint8_t *ts = cxt->ts;
  c.sched = &c.ks;
  for (int i = 0; i < 8; i++)
    c.sched->rk[i] = (uint32_t)key[2 * i] | (uint32_t)key[2 * i + 1] << 8;
  c.tlen = 16;
  memcpy(es, key, 16);
  memset(ts, 0x3C, 16);
  encrypt(es, c.sched);
  int pc = 16;                           /* one whole block first, then the partial one */
  mix(es, in, 16);
  memcpy(out, es, 16);
  encrypt(es, c.sched);
  if (dec) {
    memcpy(es, in + pc, n);              /* into the first field: its address is the struct's */
  } else {
    mix(es, in + pc, n);
    memcpy(out + pc, es, n);             /* out of it */
  }
  memcpy(ts + 3, es + 1, n > 13 ? 13 : n);   /* between fields, at offsets */
  mix(ts, es, n);
  encrypt(ts, c.sched);
  uint32_t x = 0;
  for (int i = 0; i < c.tlen; i++)
    x = x * 31 + ts[i] + 7u * es[i];
  return x;
}
