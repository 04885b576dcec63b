/* A struct member whose initializer ends in 8 or more zeros (issue 32 item 1): clang's constant for
   a is <{ [8 x i32], [8 x i32] }>, so the global is { <{ [8 x i32], [8 x i32] }>, [16 x i32] }; read
   as three members, a[i] for i >= 8 read a[i - 8]. Split at C's members (a and b), it is right. */
#include <stdint.h>

static struct { uint32_t a[16]; uint32_t b[16]; } k = {{1, 2, 3, 4, 5, 6, 7, 8},
                                                       {9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}};
uint32_t sum;

int main(void) {
  for (int i = 0; i < 16; i++) {
    k.a[i] += (uint32_t)i;
    sum = sum * 31 + k.a[i] + 2 * k.b[15 - i];
  }
  return 0;
}
