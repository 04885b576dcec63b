/* aes_divide4.cpp: seed 001's DIVIDE = 4 (Table II): the classes of aes.cpp unchanged, the key schedule
 * split over 4 RAMs by ARRAY_PARTITION variable=key_schedule type=cyclic factor=4 and the loops over a
 * round key unrolled by 4 (the directives under AES_KS_CYCLIC in aes.cpp). The source of design.toml's
 * hls-divide4 variant; the same as compiling aes.cpp with -D AES_KS_CYCLIC=4. */
#define AES_KS_CYCLIC 4
#include "aes.cpp"
