#include "tb_check.h"
uint32_t memset_member_array(uint32_t i, uint32_t x);
static uint32_t model(uint32_t i, uint32_t x) {
    uint32_t v[8] = {0};
    v[i & 7] = x;
    v[(i >> 3) & 7] += 1;
    uint32_t sum = (uint8_t)x;
    for (int k = 0; k < 8; k++) sum = sum * 3 + v[k];
    return sum;
}
int main(void) {
    for (int n = 0; n < 24; n++) {   /* each call after the first would see the last call's values */
        uint32_t i = tb_rand32(), x = tb_rand32();
        tb_check("sum", n, memset_member_array(i, x), model(i, x));
    }
    return tb_finish("memset_member_array");
}
