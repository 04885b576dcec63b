/* Issue 32 item 2: a pipelined loop reads the value its previous iteration loaded in the cycle the
   memory's data arrives (codegen/pipeline.py: st ? the load's data : the register), and sign-extends
   or truncates it. The Verilog selected bits of that expression, {16{(st ? q : r)[15]}} and
   (st ? q : r)[7:0], which Verilator rejects; the expression now gets a wire first. */
#include <stdint.h>

int16_t s[32];
int32_t sum;    /* the sign extension of each element */
uint8_t low;    /* its truncation */

int main(void) {
  for (int i = 0; i < 32; i++)
    s[i] = (int16_t)(i * 1237 - 19000);
  for (int i = 1; i < 32; i++)
    sum += s[i];
  for (int i = 1; i < 32; i++)
    low ^= (uint8_t)s[i];
  return 0;
}
