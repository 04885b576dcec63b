/* Byte pointers walking arrays of words, as TACLe's lift does (`unsigned char *p = (unsigned char *)
 * &words[0]; ... ++p`): opt keeps the walk as a pointer phi whose incoming pointers point at different
 * bytes of one element. Refused before ("a pointer that points at different bytes of the elements of
 * 'words' depending on the path"); now such a phi holds a byte index into the array, and accesses
 * through it read and write their bytes of the element. */
#include <stdint.h>

uint32_t words[10];
uint64_t wide[4];
uint32_t sum, picked, distance, ends;

/* every byte xored, the loop counted by an integer */
static void mask_bytes(uint8_t mask) {
  unsigned char *p = (unsigned char *)&words[0];
  for (unsigned i = 0; i < sizeof(words); ++i, ++p)
    *p ^= (unsigned char)(mask + i);
}

/* read only, the loop ended by comparing the walking pointer with the end */
static uint32_t add_bytes(const uint64_t *w, int n) {
  const uint8_t *p = (const uint8_t *)w, *end = (const uint8_t *)(w + n);
  uint32_t s = 0;
  for (; p < end; p++)
    s = s * 3 + *p;
  return s;
}

/* a walk that starts inside an element and moves by 3 bytes; the distance walked as ptrtoint */
static uint32_t stride3(void) {
  uint8_t *p = (uint8_t *)wide + 1;
  uint32_t s = 0;
  while (p < (uint8_t *)wide + 30) {
    *p = (uint8_t)(*p + 7);
    s += *p;
    p += 3;
  }
  distance = (uint32_t)(p - (uint8_t *)wide);
  return s;
}

/* a byte pointer chosen by a condition among bytes of different elements */
static uint8_t choose(int c) {
  uint8_t *p = c ? (uint8_t *)words + 5 : (uint8_t *)words + 10;
  return *p;
}

int main(void) {
  for (int i = 0; i < 10; i++)
    words[i] = 0x01020304u * (uint32_t)(i + 1);
  for (int i = 0; i < 4; i++)
    wide[i] = 0x1122334455667788ull + (uint64_t)i * 0x0101010101010101ull;
  mask_bytes(0x5a);
  sum = add_bytes(wide, 4) ^ stride3();
  picked = (uint32_t)choose(words[0] & 1) << 8 | choose(!(words[0] & 1));
  ends = add_bytes((const uint64_t *)words, 5);
  return (int)(sum & 0x7f);
}
