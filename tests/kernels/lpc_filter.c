/* A linear-predictor filter over an array of channel structs, as audio code writes it: a pointer
 * walks the channels (`ch++`), the samples are walked with `*x++`/`*y++`.
 * (A pointer walking an array member inside a struct is not supported yet: docs/hls-c-guide.md.) */
#include <stdint.h>

typedef struct {
  int16_t c0, c1, c2, c3;     /* predictor coefficients */
  int16_t h0, h1, h2, h3;     /* the last four samples, newest first */
  int32_t energy;
} channel_t;

static channel_t channels[2];

void lpc_filter(const int16_t coefs[8], const int16_t in[32], int32_t out[32], int32_t energy[2]) {
  channel_t *ch = channels;
  const int16_t *k = coefs;
  for (int c = 0; c < 2; c++, ch++) {
    ch->c0 = *k++;
    ch->c1 = *k++;
    ch->c2 = *k++;
    ch->c3 = *k++;
    ch->h0 = ch->h1 = ch->h2 = ch->h3 = 0;
    ch->energy = 0;
  }
  const int16_t *x = in;
  int32_t *y = out;
  for (int n = 0; n < 16; n++) {
    ch = channels;
    for (int c = 0; c < 2; c++, ch++) {
      int32_t pred = ch->c0 * ch->h0 + ch->c1 * ch->h1 + ch->c2 * ch->h2 + ch->c3 * ch->h3;
      int32_t e = (int32_t)*x - (pred >> 8);
      ch->h3 = ch->h2;
      ch->h2 = ch->h1;
      ch->h1 = ch->h0;
      ch->h0 = *x++;
      ch->energy += (e < 0 ? -e : e);
      *y++ = e;
    }
  }
  for (int c = 0; c < 2; c++) energy[c] = channels[c].energy;
}
