/* A testbench that expects a wrong answer from add8(): csim and cosim must both exit nonzero. */
#include "../tb_check.h"
uint8_t add8(uint8_t a, uint8_t b);
int main(void) {
  tb_check("add8_wrong", 0, add8(1, 2), (uint8_t)(1 + 3 * 2 + 7 + 1));
  return tb_finish("add8_wrong");
}
