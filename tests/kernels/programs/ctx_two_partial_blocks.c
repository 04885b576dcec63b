/* CLOC's encryption then decryption, reduced (SUPERCOP's aes128n12t8clocv2 with 17 bytes of PT and 31
 * of AD): two context structs that each point into themselves (`sched = &ks`), a last partial block
 * copied at a run-time length out of the first one's array field `es` into a global, and a whole block
 * copied from that global into the second one's `es`. A copy of a run-time length was taken to read
 * its whole source object, pointers included, so the global seemed to hold the first context's
 * pointers and the second context's copy joined the two: "'%c2' holds a pointer to itself" (branch
 * ptrmix30 before frontend/local_bytes.py bounded such a copy by its array field, member_copies.py). */
#include <stdint.h>
#include <string.h>

typedef struct { uint32_t rk[4]; } sched_t;
typedef struct { uint8_t es[16]; sched_t ks; sched_t *sched; } ctx_t;

uint8_t buf[32];
volatile int len = 21;
uint32_t result;

static void init(ctx_t *c, uint32_t k) {
  c->sched = &c->ks;
  for (int i = 0; i < 4; i++) c->sched->rk[i] = k * (i + 3) ^ 0x9E3779B9u;
}

static void step(ctx_t *c) {
  for (int i = 0; i < 16; i++) c->es[i] = (uint8_t)((c->es[i] ^ (c->sched->rk[i % 4] >> i)) * 3 + 1);
}

static void encrypt(int n) {
  ctx_t c1;
  init(&c1, 7);
  uint8_t *es = c1.es;
  for (int i = 0; i < 16; i++) es[i] = (uint8_t)i;
  step(&c1);
  memcpy(buf, es, 16);
  step(&c1);
  memcpy(buf + 16, es, n - 16);          /* the last partial block: a run-time length */
}

static uint32_t decrypt(void) {
  ctx_t c2;
  init(&c2, 11);
  uint8_t *es = c2.es;
  memcpy(es, buf, 16);                   /* a whole block from what the encryption wrote */
  step(&c2);
  uint32_t x = 0;
  for (int i = 0; i < 16; i++) x = x * 31 + es[i];
  return x;
}

int main(void) {
  encrypt(len);
  result = decrypt();
  return 0;
}
