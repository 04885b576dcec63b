/* A stream core's read predicate, reduced: bools of a one-hot state combined with `|` and `&`, which
 * C computes in int (passes/narrow_bools.py makes them 1-bit logic and the compare against zero a bit). */
#include <stdbool.h>

unsigned bool_or_select(unsigned char st, bool key_there, unsigned a, unsigned b) {
  bool s_idle = st & 1, s_ad = st & 4, s_msg = st & 8, s_tag = st & 64;
  bool take = s_msg | (s_ad | s_tag | (s_idle & !key_there));
  return take ? a : b;
}
