/* A bit-stream reader as decoders write it: a global struct holding a pointer into a buffer and a
 * bit position, fields read MSB first by a helper that walks the pointer. */
#include <stdint.h>

typedef struct {
  const uint8_t *next;   /* the byte being read */
  uint32_t bit;          /* bits of *next already consumed */
} bit_reader_t;

static uint8_t stream[32];
static bit_reader_t reader;

static void reader_init(const uint8_t *buf) {
  reader.next = buf;
  reader.bit = 0;
}

static uint32_t read_bits(int n) {
  uint32_t v = 0;
  while (n--) {
    v = (v << 1) | ((*reader.next >> (7 - reader.bit)) & 1);
    if (++reader.bit == 8) {
      reader.bit = 0;
      reader.next++;
    }
  }
  return v;
}

/* fields: a 3-bit count k, then k fields of 5 bits each, then a 12-bit checksum field; sum them */
uint32_t bitreader(const uint8_t in[32], uint32_t widths_out[8]) {
  for (int i = 0; i < 32; i++) stream[i] = in[i];
  reader_init(stream);
  uint32_t k = read_bits(3);
  uint32_t sum = 0;
  for (uint32_t i = 0; i < k; i++) {
    uint32_t f = read_bits(5);
    widths_out[i] = f;
    sum += f;
  }
  return (sum << 12) | read_bits(12);
}
