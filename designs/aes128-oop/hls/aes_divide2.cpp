/* aes_divide2.cpp: seed 001's DIVIDE = 2 (Table II): the classes of aes.cpp unchanged, the key schedule
 * split over 2 RAMs by ARRAY_PARTITION variable=key_schedule type=cyclic factor=2 and the loops over a
 * round key unrolled by 2 (the directives under AES_KS_CYCLIC in aes.cpp). The source of design.toml's
 * hls-divide2 variant; the same as compiling aes.cpp with -D AES_KS_CYCLIC=2. */
#define AES_KS_CYCLIC 2
#include "aes.cpp"
