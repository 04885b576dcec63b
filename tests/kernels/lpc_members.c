/* A linear-predictor filter over an array of channel structs: pointers walk each channel's
 * coefficient and history arrays (`*k++ * *h++`), array members of a struct. */
#include <stdint.h>

typedef struct {
  int16_t coef[4];
  int16_t hist[4];
  int32_t energy;
} channel_t;

static channel_t channels[2];

void lpc_members(const int16_t coefs[8], const int16_t in[32], int32_t out[32], int32_t energy[2]) {
  channel_t *ch = channels;
  for (int c = 0; c < 2; c++, ch++) {
    int16_t *k = ch->coef;
    for (int i = 0; i < 4; i++) {
      *k++ = coefs[4 * c + i];
      ch->hist[i] = 0;
    }
    ch->energy = 0;
  }
  const int16_t *x = in;
  int32_t *y = out;
  for (int n = 0; n < 16; n++) {
    ch = channels;
    for (int c = 0; c < 2; c++, ch++) {
      const int16_t *k = ch->coef;
      int16_t *h = ch->hist;
      int32_t pred = 0;
      for (int i = 0; i < 4; i++) pred += (int32_t)*k++ * *h++;
      int32_t e = (int32_t)*x - (pred >> 8);
      for (int i = 3; i > 0; i--) ch->hist[i] = ch->hist[i - 1];
      ch->hist[0] = *x++;
      ch->energy += (e < 0 ? -e : e);
      *y++ = e;
    }
  }
  for (int c = 0; c < 2; c++) energy[c] = channels[c].energy;
}
