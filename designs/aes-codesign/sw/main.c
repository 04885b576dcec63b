/* Firmware of the co-design system: AES-128 of FIPS-197 Appendix C.1 on PicoRV32, with the steps the
 * configuration moves to accelerators (build flags, designs/aes-codesign/codesign.py):
 *   -DAES_SUB_BYTES=hw_sub_bytes, -DAES_SHIFT_ROWS=hw_shift_rows, -DAES_MIX_COLUMNS=hw_mix_columns
 *   (aes.c's cipher calls the driver instead of the C function), -DCODESIGN_WHOLE_AES (the cipher
 *   runs on the aes128_cipher_hw accelerator). Key expansion is software in every configuration.
 * Reports RESULT0 = cycles of key expansion + cipher (the Table II figure), RESULT1 = cycles of the
 * cipher alone, RESULT2/3 = the first two ciphertext words; returns 1 if the ciphertext is the
 * published one, 2 if not (written to END by start.S).
 */
#include <stdint.h>
#include "aes.h"
#include "codesign.h"
#include "accel.h"
#include "vectors.h"   /* FIPS197_KEY, FIPS197_PT, FIPS197_CT (generated from aes-vectors.json) */

static const uint8_t key[16] = FIPS197_KEY;
static const uint8_t plaintext[16] = FIPS197_PT;
static const uint8_t expected[16] = FIPS197_CT;

static uint8_t round_keys[176] __attribute__((aligned(4)));
static uint8_t state[16] __attribute__((aligned(4)));

int main(void) {
  uint32_t t0, t1, t2;
  int i, ok = 1;
  for (i = 0; i < 16; i++) state[i] = plaintext[i];
  t0 = CODESIGN_CYCLE;
  aes128_key_expansion(key, round_keys);
  t1 = CODESIGN_CYCLE;
#ifdef CODESIGN_WHOLE_AES
  hw_aes128_cipher_hw(round_keys, state);
#else
  aes128_cipher(round_keys, state);
#endif
  t2 = CODESIGN_CYCLE;
  for (i = 0; i < 16; i++)
    if (state[i] != expected[i]) ok = 0;
  CODESIGN_RESULT(0) = t2 - t0;
  CODESIGN_RESULT(1) = t2 - t1;
  CODESIGN_RESULT(2) = (uint32_t)state[0] << 24 | (uint32_t)state[1] << 16 | (uint32_t)state[2] << 8 | state[3];
  CODESIGN_RESULT(3) = (uint32_t)state[4] << 24 | (uint32_t)state[5] << 16 | (uint32_t)state[6] << 8 | state[7];
  return ok ? 1 : 2;
}
