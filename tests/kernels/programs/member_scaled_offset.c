/* A key schedule in a struct's array member, ended by a pointer computed from a count known only at
 * run time, as TACLe's rijndael writes it (`kt = cx->e_key + 4 * (cx->Nrnd + 1) - cx->Nkey`): opt adds
 * the part `4 * rounds` elements as a byte offset, `getelementptr i8, %e_key, (rounds << 5)`. Refused
 * before ("access into 'ctx' that does not select a whole element"); the offset's five low zero bits
 * make it whole elements. */
#include <stdint.h>

struct schedule {
  uint64_t nkey, rounds;
  uint64_t key[64];
  uint8_t mode;
};

static volatile uint32_t key_words = 6;   /* volatile: the count stays a run-time value */
uint64_t key[64];
uint32_t steps, tail;

static void expand(struct schedule *s) {
  uint64_t *kf = s->key, *kt;
  s->nkey = key_words;
  s->rounds = s->nkey + 6;
  for (uint32_t i = 0; i < s->nkey; i++)
    s->key[i] = 0x0101010101010101ull * (i + 1);
  kt = kf + 4 * (s->rounds + 1) - s->nkey;
  do {                                    /* several whole key blocks a step, as rijndael's case 6 */
    for (uint32_t j = 0; j < 6; j++)
      kf[6 + j] = kf[j] ^ (kf[5 + j] << 1) ^ steps;
    kf += 6;
    steps++;
  } while (kf < kt);
}

int main(void) {
  struct schedule s;
  s.mode = 1;
  expand(&s);
  for (int i = 0; i < 64; i++)
    key[i] = i < 4 * (int)(s.rounds + 1) + 2 ? s.key[i] : 0;
  tail = (uint32_t)(s.key[4 * (s.rounds + 1) - 1] >> 7) ^ s.mode;
  return (int)(steps & 0x7f);
}
