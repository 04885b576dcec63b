/* aes_decrypt against FIPS-197 Appendices B and C.1 and SP 800-38A F.1.1; one call per vector. */
#include "../kernels/tb_check.h"
#include "aes_vectors.h"
void aes_decrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]);
int main(void) {
  for (int v = 0; v < AES_NVEC; v++) {
    uint8_t out[16];
    aes_decrypt(AES_VEC_KEY[v], AES_VEC_CT[v], out);
    for (int i = 0; i < 16; i++) tb_check("pt", 16 * v + i, out[i], AES_VEC_PT[v][i]);
  }
  return tb_finish("aes_decrypt");
}
