/* A context struct that holds its own key schedule and pointers to what the caller passed, as
 * SUPERCOP's CAESAR reference code of CLOC and SILC keeps one (`cxt->pt_ekey = &cxt->ekey`,
 * `cxt->tag = tag`): a pointer walks the schedule inside the struct (so points-to keeps the struct
 * whole), a helper is called with a pointer into the struct's array field and with one into the
 * local array `tag`, and the struct's pointer fields `key`, `out` and `tag` are written and never read
 * back. Before branch ptrmix30 every pointer stored in the struct was taken to point where any other
 * did: `tag` shared a class with the struct itself, and the compile was refused ("one pointer may
 * point into struct 'c' or into array 'tag'"). A store of a pointer that no load can read back is
 * now dead and joins nothing; `sched` is read back and keeps its class. The state `ts`, indexed at
 * run time (its own memory), is also read and written as words, as CLOC applies its f1/f2 to `(u32 *)
 * state`: those accesses were refused ("access into the middle of a field of 'c'"). */
#include <stdint.h>
#include <string.h>

typedef struct {
  uint32_t rk[12];
  int rounds;
} sched_t;

typedef struct {
  uint8_t es[16];
  uint8_t ts[16];
  sched_t ks;
  sched_t *sched;        /* points into the struct itself: read back */
  const uint8_t *key;    /* bookkeeping: written, never read */
  uint8_t *out;
  uint8_t *tag;
  int tlen;
} ctx_t;

static void expand(const uint8_t *k, sched_t *s) {
  uint32_t *rk = s->rk;                  /* walks through the struct */
  for (int i = 0; i < 4; i++)
    rk[i] = (uint32_t)k[2 * i] | (uint32_t)k[2 * i + 1] << 8;
  for (int r = 0; r < 2; r++) {
    rk[4] = rk[0] ^ (rk[3] << 3 | rk[3] >> 29) ^ (uint32_t)(r + 1);
    rk[5] = rk[1] ^ rk[4];
    rk[6] = rk[2] ^ rk[5];
    rk[7] = rk[3] ^ rk[6];
    rk += 4;
  }
  s->rounds = 3;
}

static void mix(uint8_t *x, const uint8_t *y, int n) {   /* into the struct, and into `tag` */
  for (int i = 0; i < n; i++)
    x[i] = (uint8_t)((x[i] ^ y[i]) + i);
}

static void encrypt(uint8_t b[16], const sched_t *s) {
  for (int r = 0; r < s->rounds; r++)
    for (int i = 0; i < 16; i++)
      b[i] = (uint8_t)((b[i] ^ (uint8_t)(s->rk[4 * r + i / 4] >> 8 * (i % 4))) * 5 + 1);
}

static void init(ctx_t *c, const uint8_t *key) {
  c->key = key;
  c->sched = &c->ks;
  expand(key, c->sched);
}

uint32_t ctx_ptr_fields(const uint8_t key[16], const uint8_t in[16], uint8_t out[16], int n) {
  ctx_t c;
  uint8_t tag[16];
  init(&c, key);
  memcpy(c.es, in, 16);
  memset(c.ts, 0x5A, 16);
  c.out = out;
  c.tag = tag;
  c.tlen = 16;
  mix(c.es, key, 16);
  encrypt(c.es, c.sched);
  mix(c.ts, c.es, n);
  uint32_t *wd = (uint32_t *)c.ts;      /* the byte array read and written as words */
  wd[1] ^= wd[3] + wd[0];
  memcpy(tag, c.ts, 16);
  mix(tag, in, 16);
  encrypt(tag, c.sched);
  memcpy(out, c.es, 16);
  uint32_t x = 0;
  for (int i = 0; i < c.tlen; i++)
    x = x * 31 + tag[i];
  return x;
}
