/* Pointer walks over rows of int arrays, as CHStone's jpeg decoder writes them (`for (mptr = buf + 1;
 * mptr < buf + 64; mptr++) *mptr = 0;`, then clamping every element of a row through a walking
 * pointer). opt turns each walk into a byte offset from the row, `getelementptr i8, ptr %row, i64 %off`
 * with %off stepping by 4: a whole element every time, but the import saw a stride of one byte and
 * refused ("access to 'rows' is not aligned to its elements", "a pointer into 'idct' that moves by
 * part of an element"). Now an offset whose low bits are known to be zero counts as elements
 * (frontend/trailing_zeros.py). */
#define N 16

int rows[3][N];
int idct[4][N];
int total;

static void clear_after_first(int *buf) {
  int *p;
  for (p = buf + 1; p < buf + N; p++)
    *p = 0;
}

/* the end as a pointer of its own: the walk's comparison stays one of pointers */
static void bound(int *m, int *end, int hi) {
  int *p;
  for (p = m + 1; p < end; p++) {   /* the first element left as it is */
    if (*p < 0)
      *p = 0;
    else if (*p > hi)
      *p = hi;
  }
}

int main(void) {
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < N; i++)
      rows[r][i] = r * 100 + i;
    clear_after_first(rows[r]);
  }
  for (int r = 0; r < 4; r++) {
    for (int i = 0; i < N; i++)
      idct[r][i] = (i * 37 + r * 11) % 300 - 100;
    bound(idct[r], idct[r] + N - r, 150 + r);
  }
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < N; i++)
      total += idct[r][i] * (i + 1);
  return rows[2][0] == 200 && rows[2][1] == 0 ? 0 : 1;
}
