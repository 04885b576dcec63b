/* Shared C testbench of aes_v0.c, aes_v1.c and aes_v2.c (csim and cosim run it unchanged).
 *
 * Checks FIPS-197 Appendix C.1 and Appendix B, then every `KEY PT CT` line (hex) of a vector file:
 * argv[1], else $AES_VECTORS, else vectors.txt beside this file (made by gen_vectors.py from the
 * project's golden model). Returns 0 only when every vector matches and at least 1000 were read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void aes128_encrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]);

#define MIN_FILE_VECTORS 1000

static int parse_hex16(const char *text, uint8_t bytes[16]) {
  if (strlen(text) != 32) return 0;
  for (int i = 0; i < 16; i++) {
    unsigned value;
    if (sscanf(text + 2 * i, "%2x", &value) != 1) return 0;
    bytes[i] = (uint8_t)value;
  }
  return 1;
}

static void print_hex(const char *label, const uint8_t bytes[16]) {
  fprintf(stderr, "  %s ", label);
  for (int i = 0; i < 16; i++) fprintf(stderr, "%02x", bytes[i]);
  fprintf(stderr, "\n");
}

/* 1 when aes128_encrypt(key, pt) == ct; prints the vector otherwise. */
static int check(const char *name, const uint8_t key[16], const uint8_t pt[16], const uint8_t ct[16]) {
  uint8_t out[16];
  memset(out, 0xee, sizeof out);
  aes128_encrypt(key, pt, out);
  if (memcmp(out, ct, 16) == 0) return 1;
  fprintf(stderr, "MISMATCH %s\n", name);
  print_hex("key     ", key);
  print_hex("pt      ", pt);
  print_hex("expected", ct);
  print_hex("got     ", out);
  return 0;
}

static int check_hex(const char *name, const char *key, const char *pt, const char *ct) {
  uint8_t k[16], p[16], c[16];
  if (!parse_hex16(key, k) || !parse_hex16(pt, p) || !parse_hex16(ct, c)) return 0;
  return check(name, k, p, c);
}

static const char *default_vector_path(char *buffer, size_t size) {
  const char *here = __FILE__;
  const char *slash = strrchr(here, '/');
  size_t dir_len = slash ? (size_t)(slash - here + 1) : 0;
  snprintf(buffer, size, "%.*svectors.txt", (int)dir_len, here);
  return buffer;
}

int main(int argc, char **argv) {
  int failures = 0;
  /* FIPS-197 Appendix C.1 (AES-128) and Appendix B (cipher example). */
  failures += !check_hex("FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f",
                         "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a");
  failures += !check_hex("FIPS-197 B", "2b7e151628aed2a6abf7158809cf4f3c",
                         "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32");

  char buffer[4096];
  const char *path = argc > 1 ? argv[1] : getenv("AES_VECTORS");
  if (!path || !*path) path = default_vector_path(buffer, sizeof buffer);
  FILE *file = fopen(path, "r");
  if (!file) {
    fprintf(stderr, "cannot open vector file %s\n", path);
    return 1;
  }
  char key[80], pt[80], ct[80];
  int count = 0;
  while (fscanf(file, "%79s %79s %79s", key, pt, ct) == 3) {
    char name[64];
    snprintf(name, sizeof name, "%s line %d", path, count + 1);
    uint8_t k[16], p[16], c[16];
    if (!parse_hex16(key, k) || !parse_hex16(pt, p) || !parse_hex16(ct, c)) {
      fprintf(stderr, "malformed line %d in %s\n", count + 1, path);
      fclose(file);
      return 1;
    }
    failures += !check(name, k, p, c);
    count++;
  }
  fclose(file);
  if (count < MIN_FILE_VECTORS) {
    fprintf(stderr, "only %d vectors in %s (need %d)\n", count, path, MIN_FILE_VECTORS);
    return 1;
  }
  if (failures) {
    fprintf(stderr, "FAIL: %d of %d vectors\n", failures, count + 2);
    return 1;
  }
  printf("PASS: %d vectors\n", count + 2);
  return 0;
}
